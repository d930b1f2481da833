"""The golden playthrough: one whole match of Anokera, four computer seats, written out action by action and
compared with golden/.

Every move is the action of the computer's timer (`RULES.timers(state)[0].action_at(0)`), so the transcript changes
when the deal, the columns' combos and clearings, the deck running out, the end, the computers' choices or the role
sheet's numbers (the computers weigh their own score) change. Rewrite it with UPDATE_GOLDEN=1 after a deliberate
change, and read the difference before committing it.
"""

from __future__ import annotations

from pathlib import Path

from golden import assert_matches_golden

from bot.engine import Seating
from bot.games.anokera.cards import DEATHS
from bot.games.anokera.state import AnokeraState

from .positions import RULES, letters

GOLDEN = Path(__file__).parent / "golden" / "anokera_seed_7.txt"
MOVE_LIMIT = 200


def golden_transcript(seed: int = 7, seat_count: int = 4) -> str:
    state = RULES.setup(Seating(seat_count, computers=tuple(range(seat_count))), {}, seed)
    lines = [
        f"Anokera golden playthrough: seed {seed}, {seat_count} seats, all computers (each move is the computer's",
        f"timer action). Each line: the move and what it did, then deaths ({'/'.join(DEATHS)}), citizens left,",
        "the columns bottom to top as resource letters (* marked), the row and the deck's size.",
        "Roles: "
        + ", ".join(f"{seat}: {role}" for seat, role in enumerate(state.roles))
        + f"; seat {state.turn} starts.",
        f"  0. {'deal':<30} | {board(state)}",
    ]
    number = 0
    while not RULES.is_over(state):
        assert number < MOVE_LIMIT, "the match did not end"
        seat = state.turn
        (timer,) = RULES.timers(state)
        action = timer.action_at(0)
        state, events = RULES.apply(state, seat, action)
        number += 1
        lines.append(f"{number:3d}. seat {seat} {action.notation:<16}{happened(events):<7} | {board(state)}")
    outcome = RULES.outcome(state)
    scores = ", ".join(f"{seat}: {score}" for seat, score in outcome.scores.items())
    lines.append(f"Outcome: {outcome.reason}; placings {[list(group) for group in outcome.placings]}; scores {scores}")
    return "\n".join(lines) + "\n"


def happened(events) -> str:
    """A short mark of what a move did beyond placing its card."""
    marks = {"combo": "combo", "cleared": "clear", "deck_reshuffled": "reshuf", "final_clearing": "final"}
    return " ".join(dict.fromkeys(marks[event.kind] for event in events if event.kind in marks))


def board(state: AnokeraState) -> str:
    deaths = "/".join(str(count) for count in state.deaths)
    columns = " | ".join(f"{letters(column) or '-':<8}" for column in state.columns)
    return f"{deaths:<8} {state.citizens:>2} | {columns} | row {letters(state.row) or '-':<9} deck {len(state.deck):>2}"


def test_golden_playthrough_seed_7():
    assert_matches_golden(golden_transcript(), GOLDEN)
