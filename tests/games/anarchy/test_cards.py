"""Anarchy's cards (bot/games/anarchy/cards.py): codes and labels, and which card may follow which.

Trump and the first card (rulings A1, A2), following by rank and by suit, the readable refusals, the seed's
worked examples of direction (ruling A5), face cards (ruling A6) and Aces (ruling A7).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import ParseError
from bot.games.anarchy.cards import DOWN, UP, Card
from bot.games.anarchy.events import AnarchyEnd

from .positions import RULES, act, legal, refusal, table

# Cards and notation


@pytest.mark.parametrize(
    ("code", "rank", "suit", "label"),
    [
        ("7C", 7, "C", "7♣"),
        ("10D", 10, "D", "10♦"),
        ("QH", 12, "H", "Q♥"),
        ("AS", 1, "S", "A♠"),
        ("KC", 13, "C", "K♣"),
    ],
)
def test_card_codes_and_labels(code, rank, suit, label):
    card = Card.from_text(code)
    assert (card.rank, card.suit, card.code, card.label) == (rank, suit, code, label)
    assert Card.from_text(code.lower()) == card


@pytest.mark.parametrize("code", ["", "1C", "11H", "7X", "ZZ", "TD", "10"])
def test_card_parse_rejects_non_cards(code):
    with pytest.raises(ParseError):
        Card.from_text(code)


# What may be played


def test_ruling_a1_rank_and_suit_of_the_indicator_are_both_trump_and_always_playable():
    # Top 9♥ going down: the 4♣ (rank trump) and K♠ (suit trump) still go on (seed rule 2).
    state = table("4S", ("4C KS KD", "2D"), play_pile="9H", direction=DOWN)
    assert legal(state) == ["play 4C", "play KS"]


def test_ruling_a2_only_a_trump_may_start_the_play_pile():
    state = table("4S", ("9H 4D 2S", "2D"))
    assert legal(state) == ["play 4D", "play 2S"]
    assert refusal(state, "play 9H") == "The first card must be a trump"


def test_ruling_a2_a_player_without_a_trump_draws_to_start():
    state = table("4S", ("9H 3D", "2D"))
    assert legal(state) == ["draw"]
    after = act(state, "draw")
    assert len(after.hands[0]) == 3 and after.turn == 1


def test_same_rank_is_always_playable_and_same_suit_follows_the_direction():
    state = table("4S", ("9C 2H 8H 10H KD", "2D"), play_pile="9H", direction=DOWN)
    assert legal(state) == ["play 9C", "play 2H", "play 8H"]
    up = replace(state, direction=UP)
    assert legal(up) == ["play 9C", "play 10H"]
    unset = replace(state, direction=None)
    assert legal(unset) == ["play 9C", "play 2H", "play 8H", "play 10H"]


def test_illegal_action_reasons_are_readable():
    state = table("4S", ("7C 2H", "QD"), play_pile="9H", direction=DOWN)
    assert refusal(state, "play 7C") == "7♣ does not follow the 9♥: play a heart lower than 9, a 9, or a trump"
    assert refusal(state, "play QH") == "You do not hold the Q♥"
    assert refusal(state, "draw") == "You hold a playable card, so you cannot draw"
    assert refusal(state, "pass") == "You may only pass after drawing a card you could play"
    assert refusal(state, "play QD", seat=1) == "It is not your turn"
    over = replace(state, result=AnarchyEnd.OUT_OF_CARDS, placings=((1,), (0,)))
    assert refusal(over, "play 2H") == "The game is over"
    assert RULES.legal_actions(over, 0) == () and RULES.actors(over) == frozenset()


def test_refusal_for_a_face_card_or_trump_suit_top_names_what_follows():
    face = table("4S", ("7C", "2D"), play_pile="QH", direction=UP)
    assert refusal(face, "play 7C") == "7♣ does not follow the Q♥: play a heart higher than Queen, a Queen, or a trump"
    trump_top = table("4S", ("7C", "2D"), play_pile="8S")
    assert refusal(trump_top, "play 7C") == "7♣ does not follow the 8♠: play an 8 or a trump"


# Direction: the seed's worked examples, exactly as written (ruling A5)


def test_seed_example_a_ten_trump_ten_then_six_sets_direction_down():
    # ruling A5, seed example: "The 10, which is trump" (10♠ with spades trump), "the 10, which is not
    # trump" (10♥), then "the 6": down, and further hearts must be below 6 to follow by suit.
    state = table("4S", ("10S 6H 2D", "10H 5H 7H"))
    state = act(state, "play 10S")
    assert state.direction is None
    state = act(state, "play 10H")
    assert state.direction is None  # a change of suit decides nothing
    state = act(state, "play 6H")
    assert state.direction == DOWN
    assert legal(state) == ["play 5H"]
    assert refusal(state, "play 7H").startswith("7♥ does not follow the 6♥: play a heart lower than 6")


def test_seed_example_b_seven_seven_nine_five_with_fives_and_hearts_trump():
    # ruling A5, seed example: fives and hearts trump, plays 7-7-9-5, clubs after the first 7 (so the first
    # 7 is the 7♥, a trump). Up after the 9; the 5, legal only as a trump, turns it down.
    state = table("5H", ("7H 9C 4C 6C 3H 5D AC 8C KD", "7C 5C 3C 2S"))
    state = act(state, "play 7H", "play 7C")
    assert state.direction is None
    state = act(state, "play 9C")
    assert state.direction == UP
    assert legal(state) == ["play 5C"]  # the 3♣ is going the wrong way; the 5♣ goes on as a trump
    state = act(state, "play 5C")
    assert state.direction == DOWN
    # "the next play must be a club lower than the 5 or another trump" (and the A♣, by ruling A7).
    assert legal(state) == ["play AC", "play 4C", "play 5D", "play 3H"]
    assert refusal(state, "play 6C") == "6♣ does not follow the 5♣: play a club lower than 5 or a trump"


def test_ruling_a5_a_play_inside_a_non_trump_suit_sets_the_direction_either_way():
    assert act(table("4S", ("9C 3D", "2D"), play_pile="5C"), "play 9C").direction == UP
    assert act(table("4S", ("3C 3D", "2D"), play_pile="5C"), "play 3C").direction == DOWN
    # Every later play inside the suit decides again: a trump by rank turns "up" into "down".
    assert act(table("4S", ("4C 3D", "2D"), play_pile="9C", direction=UP), "play 4C").direction == DOWN


def test_ruling_a5_trump_suit_plays_never_set_direction():
    state = table("4S", ("9S 3D", "2S 3H"), play_pile="5S")
    state = act(state, "play 9S", "play 2S")
    assert state.direction is None
    kept = table("4S", ("9S 3D", "2S 3H"), play_pile="5S", direction=UP)
    assert act(kept, "play 9S", "play 2S").direction == UP


def test_ruling_a5_a_change_of_suit_keeps_the_direction():
    state = table("4S", ("9D", "2D"), play_pile="9H", direction=UP)
    assert act(state, "play 9D").direction == UP


# Face cards (ruling A6) and Aces (ruling A7)


def test_ruling_a6_face_card_reverses_an_existing_direction():
    state = table("4S", ("JH 3D", "2D"), play_pile="JC", direction=UP)
    assert act(state, "play JH").direction == DOWN  # change of suit: nothing set, then reversed


def test_ruling_a6_face_card_reverses_the_direction_it_has_just_set():
    state = table("4S", ("KH 3D", "2D"), play_pile="9H")
    assert act(state, "play KH").direction == DOWN  # A5 sets up (K above 9), A6 reverses it


def test_ruling_a6_face_card_without_a_direction_sets_none():
    state = table("4S", ("QD 3D", "2D"), play_pile="QH")
    assert act(state, "play QD").direction is None


def test_ruling_a7_ace_on_top_lets_any_card_of_its_suit_follow():
    state = table("4S", ("2H KH 9D", "2D"), play_pile="AH", direction=DOWN)
    assert legal(state) == ["play 2H", "play KH"]
    assert act(state, "play KH").direction == UP  # the Ace decides nothing; the King reverses down


def test_ruling_a7_ace_of_the_top_suit_is_always_legal_and_never_sets_direction():
    state = table("4S", ("AH 3D", "2D"), play_pile="9H", direction=UP)
    assert legal(state) == ["play AH"]
    assert act(state, "play AH").direction == UP
    unset = table("4S", ("AH 3D", "2D"), play_pile="9H")
    assert act(unset, "play AH").direction is None
