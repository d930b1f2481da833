"""How a match of Anarchy ends and who places where: the first empty hand, or playing on for places (ruling A8)."""

from __future__ import annotations

from dataclasses import replace

from bot.games.anarchy.actions import PlayCard
from bot.games.anarchy.cards import UP, Card

from .positions import RULES, act, table


def test_ruling_a8_first_empty_hand_wins():
    state = table("4S", ("9D", "2D 3D"), play_pile="9H", direction=UP)
    state, events = RULES.apply(state, 0, PlayCard(Card.from_text("9D")))
    outcome = RULES.outcome(state)
    assert outcome.winners == (0,) and outcome.reason == "out_of_cards" and outcome.placings == ((0,), (1,))
    assert [event.kind for event in events] == ["card_played", "player_finished", "game_over"]


def test_ruling_a8_option_play_on_skips_finished_seats_and_ends_with_one_holder():
    state = table("4S", ("9D", "9C KC", "KS", "2H 5C"), play_pile="9H", draw_pile="7D 8D", direction=UP, play_on=True)
    state = act(state, "play 9D")
    assert RULES.outcome(state) is None and state.finished == (0,) and state.turn == 1
    state = act(state, "play 9C", "play KS")
    assert state.finished == (0, 2) and state.turn == 3
    state = act(state, "draw", "play KC")
    outcome = RULES.outcome(state)
    assert outcome.reason == "placings_complete"
    assert outcome.winners == (0,) and outcome.placings == ((0,), (2,), (1,), (3,))


def test_ruling_a8_play_on_blocked_game_ranks_finished_seats_first():
    state = table("4S", ("2C", "3D", "5D 6D"), play_pile="8H", draw_pile="", direction=UP, play_on=True)
    state = replace(state, hands=((), *state.hands[1:]), finished=(0,), turn=1)
    state = act(state, "draw", "draw")
    assert RULES.outcome(state).placings == ((0,), (1,), (2,))
    assert RULES.outcome(state).winners == (0,)
