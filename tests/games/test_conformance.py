"""The suite every registered game must pass, driven by Hypothesis: a new game in the catalogue gets it for free.

What is checked is in `conformance` (random legal play must end, states round-trip, no secret leaks, timers and
stand-ins act legally, replays are identical, every public event has a record line that tells no secret); the
soak script (scripts/soak.py) runs the same checks on fresh random seeds, where CI plays the same examples each
run. Matches that once broke a rule are replayed here too.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import GAMES, RULES

from bot.engine import GameRules

from .conformance import check_match, drawn_from, playable_options, recording_of


@st.composite
def matches(draw: st.DrawFn, rules: GameRules, seat_count: int) -> tuple[dict, int, list[int]]:
    """Options the game plays at this table size (those it refuses, as the host would, fall back to their
    defaults one by one), a seed, and the choices of the random players."""
    chosen = {option.key: draw(st.sampled_from(drawn_from(option))) for option in rules.options}
    options = playable_options(rules, seat_count, chosen)
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
    recording = recording_of(rules.key, GAMES[rules.key].renderer)
    check_match(rules, seat_count, *data.draw(matches(rules, seat_count)), recording)


@pytest.mark.parametrize("rules", list(RULES.values()), ids=list(RULES))
def test_declaration_is_complete(rules: GameRules) -> None:
    assert rules.key and rules.title
    assert 1 <= rules.min_players <= rules.max_players
    assert len({option.key for option in rules.options}) == len(rules.options)
    assert rules.resolve_options({}) == {option.key: option.default for option in rules.options}


FOUND = [
    pytest.param(
        "not_another_word", 4, {"dictionary": "common", "start_word": "uncommon"}, 25828,
        [34, 0, 0, 294, 342, 541, 0, 541], id="naw-stand-in-with-only-a-blocklisted-word",
    ),
]  # fmt: skip
"""Matches random play once found breaking a rule (game, seats, options, seed, choices), kept as they were found."""


@pytest.mark.parametrize(("game", "seat_count", "options", "seed", "choices"), FOUND)
def test_a_match_that_once_broke_a_rule_keeps_every_invariant(
    game: str, seat_count: int, options: dict, seed: int, choices: list[int]
) -> None:
    check_match(RULES[game], seat_count, options, seed, choices, recording_of(game, GAMES[game].renderer))
