"""Whole matches of Anarchy: the legal actions are exactly those `apply` accepts, and no card is lost or made."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import IllegalAction, Seating
from bot.games.anarchy.actions import DrawCard, EndTurn, PlayCard
from bot.games.anarchy.cards import full_deck

from .positions import RULES, act, all_cards, legal


@pytest.mark.parametrize("options", [{}, {"draw_then_play": True, "voluntary_draw": True, "play_on": True}])
def test_legal_actions_are_exactly_the_actions_apply_accepts(options):
    every_action = [*(PlayCard(card) for card in full_deck()), DrawCard(), EndTurn()]
    state = RULES.setup(Seating(3), options, seed=4)
    step = 0
    while not RULES.is_over(state):
        allowed = RULES.legal_actions(state, state.turn)
        for action in every_action:
            try:
                RULES.apply(state, state.turn, action)
            except IllegalAction:
                assert action not in allowed
            else:
                assert action in allowed
        state, _ = RULES.apply(state, state.turn, allowed[step % len(allowed)])
        step += 1


def test_cards_are_conserved_through_a_whole_game_with_every_option():
    options = {"draw_then_play": True, "voluntary_draw": True, "play_on": True}
    state = RULES.setup(Seating(5), options, seed=8)
    step = 0
    while not RULES.is_over(state):
        assert Counter(all_cards(state)) == Counter(full_deck())
        choices = legal(state)
        state = act(state, choices[step % len(choices)])
        step += 1
    assert Counter(all_cards(state)) == Counter(full_deck())
