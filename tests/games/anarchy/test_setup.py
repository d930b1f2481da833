"""Setting up a match of Anarchy: the deal and the face-up indicator (ruling A1), the player count (ruling A8),
the table options, and the catalogue building the rules.
"""

from __future__ import annotations

import pytest
import support

from bot.engine import Seating
from bot.games.anarchy.cards import full_deck
from bot.games.anarchy.rules import AnarchyRules
from bot.games.anarchy.state import AnarchyOptions

from .positions import RULES, all_cards


@pytest.mark.parametrize("seat_count", range(2, 7))
def test_setup_deals_four_each_and_keeps_all_52_cards(seat_count):
    state = RULES.setup(Seating(seat_count), {}, seed=99)
    assert [len(hand) for hand in state.hands] == [4] * seat_count
    assert sorted(card.code for card in all_cards(state)) == sorted(card.code for card in full_deck())
    assert state.turn == (state.dealer + 1) % seat_count  # the player left of the dealer starts
    assert state.play_pile == () and state.direction is None


def test_ruling_a1_indicator_lies_face_up_at_the_bottom_of_the_draw_pile():
    state = RULES.setup(Seating(3), {}, seed=5)
    assert state.draw_pile[-1] == state.trump_indicator
    assert state.trump_indicator not in state.draw_pile[:-1]
    assert len(state.draw_pile) == 52 - 3 * 4
    assert RULES.view(state, None).indicator_face_up


def test_ruling_a1_indicator_is_the_last_card_drawn():
    state = RULES.setup(Seating(3), {}, seed=7)
    while state.indicator_face_up:
        state, events = RULES.apply(state, state.turn, RULES.legal_actions(state, state.turn)[0])
    assert events[0].kind == "card_drawn"
    assert events[0].data == {"draw_pile": 0, "card": state.trump_indicator.code}
    assert state.reshuffles == 0


def test_setup_is_deterministic_per_seed_and_stores_the_rng_state():
    assert RULES.setup(Seating(4), {}, seed=1) == RULES.setup(Seating(4), {}, seed=1)
    assert RULES.setup(Seating(4), {}, seed=1) != RULES.setup(Seating(4), {}, seed=2)
    assert RULES.setup(Seating(4), {}, seed=1).rng_state != 1


@pytest.mark.parametrize("seat_count", [0, 1, 7])
def test_ruling_a8_two_to_six_players(seat_count):
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    seating = Seating(seat_count)
    with pytest.raises(ValueError):
        RULES.setup(seating, {}, seed=1)


def test_options_default_to_their_first_choice_and_reach_the_state():
    assert {option.key: option.choices for option in RULES.options} == {
        "computer_players": (0, 1, 2, 3, 4, 5),
        "computer_level": ("normal", "easy", "hard"),
        "draw_then_play": (False, True),
        "voluntary_draw": (False, True),
        "play_on": (False, True),
    }
    assert RULES.setup(Seating(2), {}, seed=1).options == AnarchyOptions()
    chosen = {"draw_then_play": True, "voluntary_draw": True, "play_on": True}
    assert RULES.setup(Seating(2), chosen, seed=1).options == AnarchyOptions(**chosen)
    with pytest.raises(ValueError):
        RULES.setup(Seating(2), {"jokers": True}, seed=1)


def test_catalogue_builds_anarchy_rules():
    assert isinstance(support.RULES["anarchy"], AnarchyRules)
