"""The golden playthrough: one whole match of Anomia written out move by move and compared with golden/."""

from __future__ import annotations

import random
from pathlib import Path

from golden import assert_matches_golden

from bot.engine import SYSTEM, Seating
from bot.engine.codec import encode
from bot.games.anomia.actions import CLOSE_CHALLENGE, SETTLE, Command
from bot.games.anomia.state import AnomiaState

from .positions import RULES

GOLDEN = Path(__file__).parent / "golden" / "anomia_seed_3.txt"


def golden_transcript(seed: int = 3, seat_count: int = 4) -> str:
    """One match with default options: a pending settle or challenge timer fires first, otherwise a random
    actor takes a random legal action (Python's random.Random(seed), stable across versions for choice)."""
    state = RULES.setup(Seating(seat_count), {}, seed)
    lines = [
        f"Anomia golden playthrough: seed {seed}, {seat_count} seats, default options, the test content.",
        "A pending settle fires first; otherwise a random actor (random.Random(seed)) takes a random legal action.",
        f"First flipper: seat {state.flipper}.",
    ]
    chooser = random.Random(seed)
    step = 0
    while not RULES.is_over(state):
        assert step < 3000
        clock = (Command(SETTLE), Command(CLOSE_CHALLENGE))
        timer = next((t for t in RULES.timers(state) if t.action in clock), None)
        if timer is not None:
            seat, notation = SYSTEM, timer.action.notation
        else:
            actors = sorted(RULES.actors(state))
            seat = chooser.choice(actors)
            notation = chooser.choice(RULES.legal_actions(state, seat)).notation
        state, events = RULES.apply(state, seat, RULES.parse_action(notation))
        step += 1
        who = "clock" if seat == SYSTEM else f"seat {seat}"
        lines.append(f"{step:3d}. {who} {notation}: {'; '.join(describe(event) for event in events)}")
        lines.append(f"     {board(state)}")
    outcome = RULES.outcome(state)
    lines.append(f"Outcome: {outcome.reason}; winners {list(outcome.winners)}; placings {list(outcome.placings)}")
    return "\n".join(lines) + "\n"


def describe(event) -> str:
    data = {key: value for key, value in event.data.items() if key not in ("category",)}
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return f"{event.kind}({details})" if details else event.kind


def board(state: AnomiaState) -> str:
    view = encode(RULES.view(state, None))
    tops = " | ".join(
        f"{seat}: {top['category_name']} {top['symbol']} [{size}]" if top else f"{seat}: -- [0]"
        for seat, (top, size) in enumerate(zip(view["tops"], view["play_pile_sizes"], strict=True))
    )
    wild = view["active_wild"][1] if view["active_wild"] else "-"
    return f"draw {view['draw_pile_sizes']} wild {wild} won {view['winning_pile_sizes']} | {tops}"


def test_golden_playthrough_seed_3():
    assert_matches_golden(golden_transcript(), GOLDEN)
