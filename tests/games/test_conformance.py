"""The suite every registered game must pass, driven by Hypothesis: a new game in the catalogue gets it for free.

Random legal play must end; `apply` must never change its input; the codec must round-trip through real
JSON at every step; no view or visible event may hold a token the game says is hidden from that seat; every
event and end reason is one the game declares; and the same seed and choices must give byte-identical states.
The game's clock plays too: at any step one of its pending timers may run out instead of a player moving, as
the host would fire it, and its action must be legal.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import RULES

from bot.engine import COMPUTER_PLAYERS_OPTION, SYSTEM, Event, GameRules, IllegalAction, Seating, canonical_json
from bot.engine.codec import encode

MAX_ACTIONS = 3000
"""Far above any Anarchy match (its reshuffle limit bounds it); a game that needs more has a bug."""
ARRIVAL_STEP = 1 << 32
"""Arrival keys for timed actions, a second apart in Discord's snowflake terms."""


def serialised(value: Any) -> str:
    """What a renderer could print from a view or event: every field of it, as the codec writes it."""
    return json.dumps(encode(value), ensure_ascii=False)


def leaked(tokens: frozenset[str], text: str) -> list[str]:
    return sorted(token for token in tokens if token in text)


def encoded(rules: GameRules, state: Any) -> str:
    return canonical_json(rules.encode_state(state))


def check_position(rules: GameRules, state: Any, text: str, seat_count: int, events: Sequence[Event] = ()) -> None:
    """Check a reachable position, its JSON `text`, and the events that led to it."""
    assert rules.decode_state(json.loads(text)) == state
    actors = rules.actors(state)
    assert actors <= set(range(seat_count))
    assert rules.is_over(state) == (not actors)
    for seat in range(seat_count):
        actions = rules.legal_actions(state, seat)
        assert bool(actions) == (seat in actors)
        for action in actions:
            assert rules.parse_action(action.notation) == action
    # Viewers kept from the same secrets are checked together: one scan of their texts instead of one each.
    texts_by_hidden: dict[frozenset[str], list[str]] = {}
    for viewer in [None, *range(seat_count)]:
        shown = [rules.view(state, viewer), *(event for event in events if event.is_visible_to(viewer))]
        text = f"seat {viewer}: " + "\n".join(serialised(item) for item in shown)
        texts_by_hidden.setdefault(rules.hidden_from(state, viewer), []).append(text)
    for hidden, texts in texts_by_hidden.items():
        text = "\n".join(texts)
        assert not leaked(hidden, text), f"a seat is shown a secret: {text}"


def seating(seat_count: int, options: dict) -> Seating:
    """Seats as the host fills them: the opener first, computer players last, at least one person."""
    computers = min(options.get(COMPUTER_PLAYERS_OPTION, 0), seat_count - 1)
    return Seating(seat_count, opener=0, computers=tuple(range(seat_count - computers, seat_count)))


def play(
    rules: GameRules, seat_count: int, options: dict, seed: int, choices: list[int], check: bool = True
) -> tuple[list[str], tuple[int, Any]]:
    """Play one match to its end, checking every invariant unless `check` is off.

    Returns the encoded state after each action, and the last action with its seat.
    """
    state = rules.setup(seating(seat_count, options), rules.resolve_options(options), seed)
    history = [encoded(rules, state)]
    if check:
        check_position(rules, state, history[-1], seat_count)
    fallback = random.Random(seed)  # chooses once Hypothesis's list of choices runs out
    last_move: tuple[int, Any] | None = None
    for step in range(MAX_ACTIONS):
        actors = sorted(rules.actors(state))
        if not actors:
            assert last_move is not None, "a match must not be over before it starts"
            return history, last_move
        timers = rules.timers(state)
        choice = choices[step] if step < len(choices) else fallback.randrange(1 << 16)
        movers = [*actors, SYSTEM] if timers else actors
        if movers[choice % len(movers)] == SYSTEM:
            timer = timers[choice % len(timers)]
            seat, action = timer.seat, timer.action_at((step + 1) * ARRIVAL_STEP)
        else:
            seat = movers[choice % len(movers)]
            actions = rules.legal_actions(state, seat)
            action = actions[choice % len(actions)]
        previous = state
        state, events = rules.apply(previous, seat, action)
        last_move = (seat, action)
        history.append(encoded(rules, state))
        if not check:
            continue
        assert encoded(rules, previous) == history[-2], "apply changed its input"
        assert all(isinstance(event.kind, rules.event_kinds) for event in events), events
        for outsider in set(range(seat_count)) - set(actors) - {seat}:
            with pytest.raises(IllegalAction):
                rules.apply(previous, outsider, action)
        check_position(rules, state, history[-1], seat_count, events)
    pytest.fail(f"{rules.key} did not end within {MAX_ACTIONS} actions")


@st.composite
def matches(draw: st.DrawFn, rules: GameRules) -> tuple[dict, int, list[int]]:
    options = {option.key: draw(st.sampled_from(option.choices)) for option in rules.options}
    seed = draw(st.integers(0, (1 << 64) - 1))
    choices = draw(st.lists(st.integers(0, (1 << 16) - 1), max_size=150))
    return options, seed, choices


TABLES = [
    pytest.param(rules, seat_count, id=f"{key}-{seat_count}")
    for key, rules in RULES.items()
    for seat_count in range(rules.min_players, rules.max_players + 1)
]
"""Every game at every table size, each its own test: all sizes are played, and the runs spread over cores."""


@pytest.mark.parametrize(("rules", "seat_count"), TABLES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_keeps_every_invariant(rules: GameRules, seat_count: int, data: st.DataObject) -> None:
    options, seed, choices = data.draw(matches(rules))
    history, (seat, action) = play(rules, seat_count, options, seed, choices)
    final = rules.decode_state(json.loads(history[-1]))
    assert isinstance(rules.outcome(final).reason, rules.end_reasons)
    with pytest.raises(IllegalAction):
        rules.apply(final, seat, action)  # the host checks game over too, but the rules must be safe
    replay, _ = play(rules, seat_count, options, seed, choices, check=False)
    assert replay == history, "the same seed and choices gave a different match"


@pytest.mark.parametrize("rules", list(RULES.values()), ids=list(RULES))
def test_declaration_is_complete(rules: GameRules) -> None:
    assert rules.key and rules.title
    assert 1 <= rules.min_players <= rules.max_players
    assert len({option.key for option in rules.options}) == len(rules.options)
    assert rules.resolve_options({}) == {option.key: option.default for option in rules.options}
