"""Anarchy's rules: the seed's rules and worked examples, rulings A1-A8, the options, a golden playthrough."""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from bot.engine import IllegalAction, ParseError, canonical_json
from bot.games import GAMES, get_game
from bot.games.anarchy import (
    DOWN,
    RESHUFFLE_LIMIT,
    UP,
    AnarchyOptions,
    AnarchyPublicView,
    AnarchyRules,
    AnarchySeatView,
    AnarchyState,
    Card,
    DrawCard,
    EndTurn,
    PlayCard,
    full_deck,
)

RULES = AnarchyRules()
GOLDEN = Path(__file__).parent / "golden" / "anarchy_seed_7.txt"


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.parse(code) for code in codes.split())


def table(
    trump: str,
    hands: tuple[str, ...],
    play_pile: str = "",
    draw_pile: str | None = None,
    direction: str | None = None,
    turn: int = 0,
    **options: bool,
) -> AnarchyState:
    """A hand-built position. Without `draw_pile`, every other card is in it, the indicator last (A1)."""
    indicator = Card.parse(trump)
    held = [cards(hand) for hand in hands]
    pile = cards(play_pile)
    if draw_pile is None:
        used = {*pile, indicator, *(card for hand in held for card in hand)}
        draw = (*(card for card in full_deck() if card not in used), indicator)
    else:
        draw = cards(draw_pile)
    return AnarchyState(
        options=AnarchyOptions(**options),
        dealer=len(hands) - 1,
        trump_indicator=indicator,
        hands=tuple(tuple(sorted(hand, key=lambda card: card.sort_key)) for hand in held),
        draw_pile=draw,
        play_pile=pile,
        direction=direction,
        turn=turn,
        drawn_card=None,
        passes_in_a_row=0,
        reshuffles=0,
        finished=(),
        result=None,
        placings=(),
        rng_state=12345,
    )


def act(state: AnarchyState, *notations: str) -> AnarchyState:
    """Apply each action in turn for whoever is to act."""
    for notation in notations:
        state, _ = RULES.apply(state, state.turn, RULES.parse_action(notation))
    return state


def legal(state: AnarchyState) -> list[str]:
    return [action.notation for action in RULES.legal_actions(state, state.turn)]


def refusal(state: AnarchyState, notation: str, seat: int | None = None) -> str:
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, state.turn if seat is None else seat, RULES.parse_action(notation))
    return str(caught.value)


def all_cards(state: AnarchyState) -> list[Card]:
    return [*state.draw_pile, *state.play_pile, *(card for hand in state.hands for card in hand)]


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
    card = Card.parse(code)
    assert (card.rank, card.suit, card.code, card.label) == (rank, suit, code, label)
    assert Card.parse(code.lower()) == card


@pytest.mark.parametrize("code", ["", "1C", "11H", "7X", "ZZ", "TD", "10"])
def test_card_parse_rejects_non_cards(code):
    with pytest.raises(ParseError):
        Card.parse(code)


def test_every_action_notation_round_trips():
    actions = [*(PlayCard(card) for card in full_deck()), DrawCard(), EndTurn()]
    for action in actions:
        assert RULES.parse_action(action.notation) == action
    assert RULES.parse_action("  Play   qh ") == PlayCard(Card.parse("QH"))
    assert PlayCard(Card.parse("7C")).notation == "play 7C"


@pytest.mark.parametrize("text", ["", "play", "play 7C 8C", "draw 2", "fold", "play 1H", "put 7C"])
def test_parse_action_rejects_other_text(text):
    with pytest.raises(ParseError):
        RULES.parse_action(text)


# Setup, registry and options


@pytest.mark.parametrize("seat_count", range(2, 7))
def test_setup_deals_four_each_and_keeps_all_52_cards(seat_count):
    state = RULES.setup(seat_count, {}, seed=99)
    assert [len(hand) for hand in state.hands] == [4] * seat_count
    assert sorted(card.code for card in all_cards(state)) == sorted(card.code for card in full_deck())
    assert state.turn == (state.dealer + 1) % seat_count  # the player left of the dealer starts
    assert state.play_pile == () and state.direction is None


def test_ruling_a1_indicator_lies_face_up_at_the_bottom_of_the_draw_pile():
    state = RULES.setup(3, {}, seed=5)
    assert state.draw_pile[-1] == state.trump_indicator
    assert state.trump_indicator not in state.draw_pile[:-1]
    assert len(state.draw_pile) == 52 - 3 * 4
    assert RULES.view(state, None).indicator_face_up


def test_ruling_a1_indicator_is_the_last_card_drawn():
    state = RULES.setup(3, {}, seed=7)
    while state.indicator_face_up:
        state, events = RULES.apply(state, state.turn, RULES.legal_actions(state, state.turn)[0])
    assert events[0].kind == "card_drawn"
    assert events[0].data == {"draw_pile": 0, "card": state.trump_indicator.code}
    assert state.reshuffles == 0


def test_setup_is_deterministic_per_seed_and_stores_the_rng_state():
    assert RULES.setup(4, {}, seed=1) == RULES.setup(4, {}, seed=1)
    assert RULES.setup(4, {}, seed=1) != RULES.setup(4, {}, seed=2)
    assert RULES.setup(4, {}, seed=1).rng_state != 1


@pytest.mark.parametrize("seat_count", [0, 1, 7])
def test_ruling_a8_two_to_six_players(seat_count):
    assert (RULES.min_players, RULES.max_players) == (2, 6)
    with pytest.raises(ValueError):
        RULES.setup(seat_count, {}, seed=1)


def test_options_default_to_their_first_choice_and_reach_the_state():
    assert {option.key: option.choices for option in RULES.options} == {
        "draw_then_play": (False, True),
        "voluntary_draw": (False, True),
        "play_on": (False, True),
    }
    assert RULES.setup(2, {}, seed=1).options == AnarchyOptions()
    chosen = {"draw_then_play": True, "voluntary_draw": True, "play_on": True}
    assert RULES.setup(2, chosen, seed=1).options == AnarchyOptions(**chosen)
    with pytest.raises(ValueError):
        RULES.setup(2, {"jokers": True}, seed=1)


def test_registry_finds_anarchy_and_names_known_games_otherwise():
    assert GAMES["anarchy"] is get_game("anarchy")
    assert isinstance(get_game("anarchy"), AnarchyRules)
    with pytest.raises(KeyError, match="known games: anarchy"):
        get_game("chess")


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
    assert (
        refusal(state, "play 7C") == "7♣ does not follow the 9♥: play a heart lower than 9, a 9, or a trump"
    )
    assert refusal(state, "play QH") == "You do not hold the Q♥"
    assert refusal(state, "draw") == "You hold a playable card, so you cannot draw"
    assert refusal(state, "pass") == "You may only pass after drawing a card you could play"
    assert refusal(state, "play QD", seat=1) == "It is not your turn"
    over = replace(state, result="out_of_cards", placings=((1,), (0,)))
    assert refusal(over, "play 2H") == "The game is over"
    assert RULES.legal_actions(over, 0) == () and RULES.actors(over) == frozenset()


def test_refusal_for_a_face_card_or_trump_suit_top_names_what_follows():
    face = table("4S", ("7C", "2D"), play_pile="QH", direction=UP)
    assert (
        refusal(face, "play 7C")
        == "7♣ does not follow the Q♥: play a heart higher than Queen, a Queen, or a trump"
    )
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


# Drawing (ruling A3) and its options


def test_ruling_a3_a_player_who_cannot_play_draws_one_card_and_the_turn_ends():
    state = table("4S", ("9D", "2D"), play_pile="9H", draw_pile="8H 2C 4S", direction=UP)
    assert legal(state) == ["play 9D"]
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="10H 3C 4S", direction=UP)
    assert legal(stuck) == ["draw"]
    after, events = RULES.apply(stuck, 0, DrawCard())
    assert after.hands[0] == cards("2C 10H") and after.turn == 1 and after.drawn_card is None
    assert [event.kind for event in events] == ["card_drawn", "card_received"]


def test_ruling_a3_drawn_card_is_private_to_the_drawer():
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="10H 3C 4S", direction=UP)
    _, (public, private) = RULES.apply(stuck, 0, DrawCard())
    assert public.visible_to is None and "10H" not in canonical_json(public.to_json())
    assert private.visible_to == (0,) and private.data == {"card": "10H"}
    assert not private.is_visible_to(1) and not private.is_visible_to(None)


def test_ruling_a3_option_draw_then_play_offers_the_drawn_card_or_pass():
    stuck = table(
        "4S", ("2C 3C", "2D"), play_pile="9H", draw_pile="10H 5C 4S", direction=UP, draw_then_play=True
    )
    drawn = act(stuck, "draw")
    assert drawn.turn == 0 and drawn.drawn_card == Card.parse("10H")
    assert legal(drawn) == ["play 10H", "pass"]
    assert refusal(drawn, "draw") == "You have already drawn the 10♥: play it or pass"
    played = act(drawn, "play 10H")
    assert played.top_card == Card.parse("10H") and played.turn == 1 and played.direction == UP
    kept = act(drawn, "pass")
    assert kept.turn == 1 and Card.parse("10H") in kept.hands[0] and kept.drawn_card is None


def test_ruling_a3_option_draw_then_play_only_the_drawn_card_may_be_played():
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="10H 2H", direction=UP, draw_then_play=True)
    drawn = act(stuck, "draw")
    assert refusal(replace(drawn, hands=(cards("2C 10H JH"), drawn.hands[1])), "play JH") == (
        "You drew the 10♥: play it or pass"
    )


def test_ruling_a3_option_draw_then_play_unplayable_draw_ends_the_turn():
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="3H 2H", direction=UP, draw_then_play=True)
    drawn = act(stuck, "draw")
    assert drawn.turn == 1 and drawn.drawn_card is None


def test_ruling_a3_option_voluntary_draw_lets_a_player_who_can_play_draw():
    state = table("4S", ("9D", "2D"), play_pile="9H", draw_pile="8H 2C", direction=UP, voluntary_draw=True)
    assert legal(state) == ["play 9D", "draw"]
    assert act(state, "draw").hands[0] == cards("9D 8H")


# Empty draw pile: reshuffle, pass and block (ruling A4)


def test_ruling_a4_reshuffle_keeps_top_card_and_direction():
    state = table("4S", ("2C", "3D"), play_pile="5H 6H 7H 8H", draw_pile="", direction=UP)
    after, events = RULES.apply(state, 0, DrawCard())
    assert after.play_pile == cards("8H") and after.direction == UP
    assert sorted(c.code for c in (*after.draw_pile, *after.hands[0])) == sorted(["2C", "5H", "6H", "7H"])
    assert len(after.draw_pile) == 2 and after.reshuffles == 1 and after.rng_state != state.rng_state
    assert events[0].kind == "pile_reshuffled" and events[0].data == {"cards": 3}
    assert RULES.apply(state, 0, DrawCard())[0] == after  # the stored rng makes it repeatable


def test_ruling_a4_nothing_to_shuffle_means_pass():
    state = table("4S", ("2C", "3D", "5D 6D"), play_pile="8H", draw_pile="", direction=UP)
    assert legal(state) == ["draw"]
    assert refusal(state, "pass") == "Nothing is left to draw: choose draw to pass your turn"
    after, events = RULES.apply(state, 0, DrawCard())
    assert [event.kind for event in events] == ["turn_passed"]
    assert after.turn == 1 and after.passes_in_a_row == 1 and after.hands == state.hands


def test_ruling_a4_every_player_passing_in_a_row_blocks_the_game_fewest_cards_win_ties_share():
    state = table("4S", ("2C", "3D", "5D 6D"), play_pile="8H", draw_pile="", direction=UP)
    state = act(state, "draw", "draw")
    assert RULES.outcome(state) is None
    state, events = RULES.apply(state, 2, DrawCard())
    outcome = RULES.outcome(state)
    assert outcome.reason == "blocked" and outcome.winners == (0, 1)
    assert outcome.placings == ((0, 1), (2,))
    assert events[-1].kind == "game_over" and RULES.actors(state) == frozenset()


def test_ruling_a4_a_draw_or_play_breaks_a_run_of_passes():
    state = table("4S", ("2C", "9H 3D"), play_pile="8H", draw_pile="", direction=UP)
    state = act(state, "draw")
    assert state.passes_in_a_row == 1
    state = act(state, "play 9H")
    assert state.passes_in_a_row == 0


def test_reshuffle_limit_then_an_empty_draw_pile_means_pass():
    # Not in the rulings: a limit on rebuilding the draw pile guarantees every match ends (see _can_draw).
    state = table("4S", ("2C", "3D"), play_pile="5H 8H", draw_pile="", direction=UP)
    state = replace(state, reshuffles=RESHUFFLE_LIMIT)
    _, events = RULES.apply(state, 0, DrawCard())
    assert [event.kind for event in events] == ["turn_passed"]
    assert RULES.view(state, None).reshuffles_left == 0


def test_voluntary_draw_never_lets_a_player_who_can_play_pass():
    state = table("4S", ("9D", "2D"), play_pile="9H", draw_pile="", direction=UP, voluntary_draw=True)
    assert legal(state) == ["play 9D"]
    assert refusal(state, "draw") == "Nothing is left to draw and you hold a playable card, so you must play"


# The end (ruling A8)


def test_ruling_a8_first_empty_hand_wins():
    state = table("4S", ("9D", "2D 3D"), play_pile="9H", direction=UP)
    state, events = RULES.apply(state, 0, PlayCard(Card.parse("9D")))
    outcome = RULES.outcome(state)
    assert outcome.winners == (0,) and outcome.reason == "out_of_cards" and outcome.placings == ((0,), (1,))
    assert [event.kind for event in events] == ["card_played", "player_finished", "game_over"]


def test_ruling_a8_option_play_on_skips_finished_seats_and_ends_with_one_holder():
    state = table(
        "4S", ("9D", "9C KC", "KS", "2H 5C"), play_pile="9H", draw_pile="7D 8D", direction=UP, play_on=True
    )
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


# Views and codec


def test_views_show_own_hand_and_hide_others():
    state = RULES.setup(3, {}, seed=11)
    public = RULES.view(state, None)
    assert isinstance(public, AnarchyPublicView)
    assert public.trump_indicator == state.trump_indicator and public.hand_sizes == (4, 4, 4)
    assert (public.trump_rank, public.trump_suit) == (state.trump_indicator.rank, state.trump_indicator.suit)
    for seat in range(3):
        seat_view = RULES.view(state, seat)
        assert isinstance(seat_view, AnarchySeatView) and seat_view.hand == state.hands[seat]
        text = json.dumps(seat_view.to_json(), ensure_ascii=False) + repr(seat_view)
        hidden = RULES.hidden_from(state, seat)
        assert len(hidden) == 52 - 4 - 1  # everything but the own hand and the face-up indicator
        assert not [token for token in hidden if token in text]
        assert state.trump_indicator.code in text


def test_seat_view_lists_legal_actions_only_for_the_seat_to_act():
    state = RULES.setup(2, {}, seed=3)
    assert RULES.view(state, state.turn).legal_actions == RULES.legal_actions(state, state.turn)
    assert RULES.view(state, 1 - state.turn).legal_actions == ()


def test_ruling_a1_trump_stays_shown_after_the_indicator_is_drawn():
    state = table("4S", ("2C", "3D"), play_pile="9H", draw_pile="4S", direction=UP)
    after, events = RULES.apply(state, 0, DrawCard())
    assert events[0].data == {"draw_pile": 0, "card": "4S"}  # everyone saw the face-up card taken
    view = RULES.view(after, 1)
    assert view.public.trump_indicator == Card.parse("4S") and not view.public.indicator_face_up


def test_codec_round_trips_through_json():
    state = RULES.setup(4, {"play_on": True}, seed=21)
    for _ in range(40):
        if RULES.is_over(state):
            break
        data = json.loads(json.dumps(RULES.encode_state(state)))
        assert RULES.decode_state(data) == state
        state = act(state, legal(state)[-1])


# A full game and the golden playthrough


@pytest.mark.parametrize("options", [{}, {"draw_then_play": True, "voluntary_draw": True, "play_on": True}])
def test_legal_actions_are_exactly_the_actions_apply_accepts(options):
    every_action = [*(PlayCard(card) for card in full_deck()), DrawCard(), EndTurn()]
    state = RULES.setup(3, options, seed=4)
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
    state = RULES.setup(5, options, seed=8)
    step = 0
    while not RULES.is_over(state):
        assert Counter(all_cards(state)) == Counter(full_deck())
        choices = legal(state)
        state = act(state, choices[step % len(choices)])
        step += 1
    assert Counter(all_cards(state)) == Counter(full_deck())


def golden_transcript(seed: int = 7, seat_count: int = 3) -> str:
    """A readable record of one match where every seat takes its first legal action."""
    state = RULES.setup(seat_count, {}, seed)
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
    lines.append(
        f"Outcome: {outcome.reason}; winners {list(outcome.winners)}; placings {list(outcome.placings)}"
    )
    return "\n".join(lines) + "\n"


def happened(action, events) -> str:
    kinds = {event.kind: event for event in events}
    if "turn_passed" in kinds:
        return "passed"
    if "card_received" in kinds:
        drawn = Card.parse(kinds["card_received"].data["card"]).label
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
    transcript = golden_transcript()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(transcript, encoding="utf-8")
    assert transcript == GOLDEN.read_text(encoding="utf-8"), (
        "rerun with UPDATE_GOLDEN=1 after a deliberate change"
    )
