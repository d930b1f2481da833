"""The golden playthrough: one whole match of Anarchy written out move by move and compared with golden/."""

from __future__ import annotations

from pathlib import Path

from golden import assert_matches_golden

from bot.engine import Seating
from bot.games.anarchy.cards import Card
from bot.games.anarchy.state import AnarchyState

from .positions import RULES

GOLDEN = Path(__file__).parent / "golden" / "anarchy_seed_7.txt"


def golden_transcript(seed: int = 7, seat_count: int = 3) -> str:
    """A readable record of one match where every seat takes its first legal action."""
    state = RULES.setup(Seating(seat_count), {}, seed)
    indicator = state.trump_indicator
    lines = [
        f"Anarchy golden playthrough: seed {seed}, {seat_count} seats, default options,",
        "every seat takes its first legal action. Each line: action, what happened, then the board.",
        f"Trump: {indicator.label} (rank and suit); dealer seat {state.dealer}; seat {state.turn} starts.",
        f"  0. {'deal':<29} | {board(state)}",
    ]
    number = 0
    while not RULES.is_over(state):
        seat = state.turn
        action = RULES.legal_actions(state, seat)[0]
        state, events = RULES.apply(state, seat, action)
        number += 1
        lines.append(f"{number:3d}. seat {seat} {happened(action, events):<22} | {board(state)}")
    outcome = RULES.outcome(state)
    lines.append(f"Outcome: {outcome.reason}; winners {list(outcome.winners)}; placings {list(outcome.placings)}")
    return "\n".join(lines) + "\n"


def happened(action, events) -> str:
    kinds = {event.kind: event for event in events}
    if "turn_passed" in kinds:
        return "passed"
    if "card_received" in kinds:
        drawn = Card.from_text(kinds["card_received"].data["card"]).label
        indicator = " (indicator)" if "card" in kinds["card_drawn"].data else ""
        return ("reshuffled, " if "pile_reshuffled" in kinds else "") + f"drew {drawn}{indicator}"
    return action.notation


def board(state: AnarchyState) -> str:
    top = state.top_card.label if state.top_card else "--"
    hands = " | ".join(
        f"{seat}: {' '.join(card.label for card in hand) or '(out)'}" for seat, hand in enumerate(state.hands)
    )
    return f"top {top:<3} {state.direction or '-':<4} draw {len(state.draw_pile):>2} | {hands}"


def test_golden_playthrough_seed_7():
    assert_matches_golden(golden_transcript(), GOLDEN)
