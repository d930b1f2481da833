"""Whole matches of Anokera, played at random or by the computers (a random mix of both): every match ends; the 36
cards are all somewhere at every step (row, deck, columns, removed pile), each once; citizens and deaths always add
up to seven a player; deaths only grow; and the end is scored as the role sheet says. Every action offered is one
`apply` accepts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Seating
from bot.games.anokera.cards import resource_of

from .positions import RULES, expected_score, holds_the_whole_deck

STEP_LIMIT = 200
"""Far above any match: every turn plays a card of the 36, and the removed cards come back once."""


def check(state, before) -> None:
    assert holds_the_whole_deck(state)
    assert state.citizens + sum(state.deaths) == 7 * state.seat_count and state.citizens >= 0
    assert all(now >= then for now, then in zip(state.deaths, before.deaths, strict=True))
    # The row is full between turns while the deck lasts; mid-turn and at the city's last breath it may be short.
    short_allowed = not state.deck or state.first_card is not None or state.result is not None
    assert len(state.row) == 5 or (len(state.row) < 5 and short_allowed)
    assert state.reshuffled or not before.reshuffled


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seat_count=st.integers(3, 5), computer_share=st.sampled_from((0.0, 0.5, 1.0)))
def test_random_and_computer_matches_end_with_every_card_and_citizen_accounted_for(seed, seat_count, computer_share):
    state = RULES.setup(Seating(seat_count, computers=tuple(range(seat_count))), {}, seed)
    chooser = random.Random(seed)
    check(state, state)
    for _ in range(STEP_LIMIT):
        if RULES.is_over(state):
            break
        actions = RULES.legal_actions(state, state.turn)
        assert actions, "the seat to act always has a card to play"
        if chooser.random() < computer_share:
            action = RULES.timers(state)[0].action_at(0)
            assert action in actions
        else:
            action = chooser.choice(actions)
        after, _ = RULES.apply(state, state.turn, action)
        check(after, state)
        state = after
    assert RULES.is_over(state), "the match did not end"
    outcome = RULES.outcome(state)
    assert sorted(seat for group in outcome.placings for seat in group) == list(range(seat_count))
    assert outcome.winners == outcome.placings[0]
    assert dict(outcome.scores) == {
        seat: expected_score(role, state.deaths, seat_count) for seat, role in enumerate(state.roles)
    }
    if outcome.reason == "city_empty":
        assert state.citizens == 0
    else:
        assert outcome.reason == "final_clearing" and state.citizens > 0
        assert state.reshuffled and not state.row and not state.deck
        assert all(len({resource_of(card) for card in column}) <= 1 for column in state.columns)
