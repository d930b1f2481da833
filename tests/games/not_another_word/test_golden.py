"""The golden playthrough: one whole match of Not Another Word written out move by move and compared with golden/.

Every seat plays the computer player's move (`computer_move`, which is deterministic), so the transcript changes
when the dealing, the judging, the end of the match or the computer's choices change. Rewrite it with
UPDATE_GOLDEN=1 after a deliberate change, and read the difference before committing it.
"""

from __future__ import annotations

from pathlib import Path

from golden import assert_matches_golden

from bot.engine import Seating
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.computers import computer_move
from bot.games.not_another_word.state import NotAnotherWordState

from .positions import RULES

GOLDEN = Path(__file__).parent / "golden" / "not_another_word_seed_7.txt"
MOVE_LIMIT = 500


def golden_transcript(seed: int = 7, seat_count: int = 3) -> str:
    state = RULES.setup(Seating(seat_count), {}, seed)
    lines = [
        f"Not Another Word golden playthrough: seed {seed}, {seat_count} seats, default options,",
        "every seat plays the computer player's move. Each line: what happened, then the word, its stacks'",
        "heights, the draw pile and each hand's letters.",
        f"Starting word {state.word.upper()}; seat {state.turn} starts.",
        f"  0. {'deal':<34} | {board(state)}",
    ]
    number = 0
    while not RULES.is_over(state):
        assert number < MOVE_LIMIT, "the match did not end"
        seat = state.turn
        action = computer_move(
            RULES.dictionaries[state.options.dictionary],
            RULES.content.blocklist,
            RULES.content.sizes,
            state.word,
            state.hands[seat],
            len(state.draw_pile),
        )
        state, events = RULES.apply(state, seat, action)
        number += 1
        lines.append(f"{number:3d}. seat {seat} {happened(events):<27} | {board(state)}")
        lines.extend(f"     seat {event.seat} passed (no word)" for event in events if event.kind == "turn_passed")
    outcome = RULES.outcome(state)
    lines.append(f"Outcome: {outcome.reason}; winners {list(outcome.winners)}; placings {list(outcome.placings)}")
    return "\n".join(lines) + "\n"


def happened(events) -> str:
    first = events[0]
    if first.kind == "word_made":
        data = first.data
        how = {
            "place": f"{data['letter']} on {data['on']}",
            "add": f"add {data['letter']}",
            "combine": f"{data['letter']} under {data['on']}",
        }[data["how"]]
        return f"{data['word'].upper():<5} ({how.upper()})"
    shown = letters_of(tuple(first.data["cards"])).upper()
    last = " LAST CARD" if any(event.kind == "last_card_drawn" for event in events) else ""
    return f"exchange {shown}{last}"


def board(state: NotAnotherWordState) -> str:
    heights = " ".join(str(len(stack)) for stack in state.stacks)
    hands = " | ".join(f"{seat}: {letters_of(hand) or '-'}" for seat, hand in enumerate(state.hands))
    return f"{state.word.upper():<5} [{heights:<9}] draw {len(state.draw_pile):>2} | {hands}"


def test_golden_playthrough_seed_7():
    assert_matches_golden(golden_transcript(), GOLDEN)
