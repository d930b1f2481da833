"""`NotAnotherWordRules` (bot/games/not_another_word/rules.py): dealing (ruling N3), exchanges (N5), the last
card drawn and the final round (N6), the ways a match ends (out of cards, N7 and the `table_blocked` option),
what each seat may see, reading typed chat as a word, notation, and the computer's timer."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import ParseError, Seating, TypedMove
from bot.engine.codec import encode
from bot.games.not_another_word.actions import Exchange, MakeWord
from bot.games.not_another_word.cards import letter_of, letters_of
from bot.games.not_another_word.content import COMMON_WORD_SIZE, DICTIONARY_SIZES
from bot.games.not_another_word.views import NotAnotherWordPublicView, NotAnotherWordSeatView

from .positions import (
    DECK,
    RULES,
    act,
    exchange,
    hand_letters,
    holds_the_whole_deck,
    kinds,
    refusal,
    table,
    word_by,
)

# Dealing (ruling N3).


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seat_count=st.integers(2, 8),
    dictionary=st.sampled_from(tuple(DICTIONARY_SIZES)),
    start_word=st.sampled_from(("common", "uncommon")),
)
def test_the_deal_lays_a_followable_word_from_the_decks_own_cards_and_seven_cards_each(
    seed, seat_count, dictionary, start_word
):
    options = {"dictionary": dictionary, "start_word": start_word}
    state = RULES.setup(Seating(seat_count), options, seed)
    word = state.word
    assert 3 <= len(word) <= 5 and all(len(stack) == 1 for stack in state.stacks)
    assert word in RULES.dictionaries[dictionary] and word not in RULES.content.blocklist
    assert RULES.dictionaries[dictionary].has_successor(word)
    size = RULES.content.sizes[word]
    assert (
        size <= COMMON_WORD_SIZE if start_word == "common" else COMMON_WORD_SIZE < size <= DICTIONARY_SIZES[dictionary]
    )
    assert [len(hand) for hand in state.hands] == [7] * seat_count
    assert holds_the_whole_deck(state) and not state.discards
    assert len(state.draw_pile) == 100 - len(word) - 7 * seat_count
    assert 0 <= state.turn < seat_count and state.result is None and state.final_turns_left is None


def test_the_same_seed_deals_the_same_match_and_other_seeds_other_ones():
    first = RULES.setup(Seating(4), {}, seed=5)
    assert RULES.setup(Seating(4), {}, seed=5) == first
    others = {RULES.setup(Seating(4), {}, seed=seed).draw_pile for seed in range(6, 10)}
    assert first.draw_pile not in others and len(others) == 4


def test_options_their_defaults_and_the_player_counts():
    assert RULES.resolve_options({}) == {
        "dictionary": "common",
        "start_word": "common",
        "table_blocked": False,
        "computer_players": 0,
        "computer_level": "normal",
    }
    assert (RULES.min_players, RULES.max_players) == (2, 8)
    for seat_count in (1, 9):
        with pytest.raises(ValueError, match="2-8 players"):
            RULES.setup(Seating(seat_count), {}, seed=1)
    with pytest.raises(ValueError, match="Dictionary must be one of"):
        RULES.setup(Seating(2), {"dictionary": "huge"}, seed=1)


def test_computer_seats_are_the_ones_the_host_seats():
    state = RULES.setup(Seating(4, computers=(3, 2)), {"computer_players": 2}, seed=1)
    assert state.computer_seats == (2, 3)


# Exchanges (ruling N5).


def test_an_exchange_discards_the_cards_and_draws_as_many_from_the_top_of_the_pile():
    state = table("cat", ["jqzae", "kst"], draw="bdfgh")
    after, events = exchange(state, "jq")
    assert hand_letters(after, 0) == "abdez"  # the two top cards, the rest kept
    assert after.draw_pile == state.draw_pile[2:]
    assert after.discards == (*state.discards, "J01", "Q01")
    assert kinds(events) == ["cards_exchanged", "cards_drawn"]
    assert events[0].data == {"cards": ["J01", "Q01"], "draw_pile": 3} and events[0].visible_to is None
    assert events[1].data == {"cards": ["B01", "D01"]} and events[1].visible_to == (0,)  # only the drawer sees
    assert after.turn == 1 and after.word == "cat" and holds_the_whole_deck(after)


def test_an_exchange_is_refused_for_cards_not_held_or_more_than_the_pile_holds():
    state = table("cat", ["jqzae", "kst"], draw="bd")
    assert refusal(state, "exchange K01") == "You can only exchange cards you hold"
    assert refusal(state, "exchange J01 J01") == "You can only exchange cards you hold"
    assert refusal(state, "exchange J01 Q01 Z01") == "The draw pile holds only 2: exchange that many at most"
    assert refusal(state, "exchange J01", seat=1) == "It is not your turn"
    empty = table("cat", ["jqzae", "kst"], draw="", final_turns_left=2)
    assert refusal(empty, "exchange J01") == "The draw pile is empty, so there is nothing to exchange for"
    with pytest.raises(ParseError):
        RULES.parse_action("exchange")


def test_the_exchanges_offered_never_take_more_than_the_pile_holds():
    state = table("cat", ["jqzae", "kst"], draw="bd")
    exchanges = [action for action in RULES.legal_actions(state, 0) if isinstance(action, Exchange)]
    assert {len(action.cards) for action in exchanges} == {1, 2}
    assert len(exchanges) == 5 + 10  # every different choice of one or two of five different letters
    assert RULES.view(state, 0).exchange_limit == 2 and RULES.view(state, 1).exchange_limit == 0


# The last card drawn (ruling N6).


def test_after_the_last_card_is_drawn_each_player_has_one_more_turn_then_fewest_cards_win():
    state = table("cat", ["qbh", "rmo", "szxk"], draw="e")
    state, events = exchange(state, "q")
    assert kinds(events) == ["cards_exchanged", "cards_drawn", "last_card_drawn"]
    assert RULES.view(state, None).final_turns_left == 3
    state, _ = word_by(state, "cart")  # seat 1
    state, _ = word_by(state, "carts")  # seat 2
    assert state.turn == 0 and not RULES.is_over(state)  # the drawer has one more turn too
    state, events = word_by(state, "chart")
    assert kinds(events) == ["word_made", "game_over"]
    outcome = RULES.outcome(state)
    assert outcome.reason == "final_round"
    assert outcome.winners == (0, 1)  # two cards each: equal counts share the win
    assert outcome.placings == ((0, 1), (2,))
    assert events[-1].data["winners"] == [0, 1]


def test_a_player_with_no_word_in_the_final_round_is_passed():
    state = table("cat", ["wbh", "ajq", "sxk"], draw="e")  # seat 1 can make nothing from CAT
    state, events = exchange(state, "w")
    assert kinds(events) == ["cards_exchanged", "cards_drawn", "last_card_drawn", "turn_passed"]
    assert events[-1].seat == 1 and events[-1].data == {"reason": "no_move"}
    assert state.turn == 2


def test_a_final_round_where_nobody_has_a_word_ends_with_the_drawers_turn():
    state = table("cat", ["bj", "ac", "zaa"], draw="q")
    state, events = exchange(state, "b")  # draws the Q: nobody holds a letter that follows CAT
    assert kinds(events) == ["cards_exchanged", "cards_drawn", "last_card_drawn", *["turn_passed"] * 3, "game_over"]
    assert RULES.outcome(state).placings == ((0, 1), (2,))


def test_before_the_pile_runs_out_a_player_with_no_word_still_takes_a_turn_to_exchange():
    state = table("cat", ["hd", "kqz", "kx"])
    state, events = word_by(state, "hat")  # seat 1 can make nothing from HAT
    assert kinds(events) == ["word_made"] and state.turn == 1
    assert all(isinstance(action, Exchange) for action in RULES.legal_actions(state, 1))


# How a match ends.


def test_playing_the_last_card_wins_at_once():
    state = table("lawn", ["p", "rs", "xyz"])
    state, events = word_by(state, "pawn")
    assert kinds(events) == ["word_made", "game_over"]
    outcome = RULES.outcome(state)
    assert (outcome.reason, outcome.winners, outcome.placings) == ("out_of_cards", (0,), ((0,), (1,), (2,)))
    assert RULES.actors(state) == frozenset() and RULES.legal_actions(state, 1) == ()
    assert refusal(state, "word prawn", seat=1) == "The game is over"


def test_a_combine_never_empties_a_hand():
    state = table("lawn", ["p", "rs"])
    state, events = word_by(state, "law")
    assert kinds(events) == ["word_made"] and hand_letters(state, 0) == "p"


def test_the_table_blocked_option_lets_the_word_win_when_no_other_player_can_follow_it():
    blocked = dict(stacks="cat", hands=["hd", "kq", "zk"])
    state, events = word_by(table(**blocked, table_blocked=True), "hat")  # nobody else can follow HAT
    assert kinds(events) == ["word_made", "game_over"]
    outcome = RULES.outcome(state)
    assert (outcome.reason, outcome.winners, outcome.placings) == ("table_blocked", (0,), ((0,), (1, 2)))
    state, events = word_by(table(**blocked), "hat")  # the option is off by default
    assert kinds(events) == ["word_made"] and state.turn == 1
    state, events = word_by(table("cat", ["hd", "kq", "zs"], table_blocked=True), "hat")  # seat 2 can make HATS
    assert kinds(events) == ["word_made"] and state.turn == 1


def test_not_another_word_wins_when_nothing_but_the_word_before_can_follow():
    """Ruling N7. In the common dictionary LYNCH can become only LUNCH again (every move can be undone, see
    test_dictionary, so going straight back does not count): placing Y on the U of LUNCH wins at once."""
    common = RULES.dictionaries["common"]
    assert {word for _, word in common.successors("lynch")} == {"lunch"}
    state, events = word_by(table("lunch", ["yd", "rs", "xb"]), "lynch")
    assert kinds(events) == ["word_made", "game_over"]
    outcome = RULES.outcome(state)
    assert (outcome.reason, outcome.winners, outcome.placings) == ("not_another_word", (0,), ((0,), (1, 2)))


def test_a_word_nothing_at_all_can_follow_wins_too():
    """MACAW is a dead end: no letter placed, added or combined makes any word from it. Only a hand-built table
    leads to it (MZCAW is not a word)."""
    assert not RULES.dictionaries["common"].has_successor("macaw")
    state, events = word_by(table("mzcaw", ["ad", "rs", "xyb"]), "macaw")
    assert kinds(events) == ["word_made", "game_over"]
    assert RULES.outcome(state).reason == "not_another_word"


def test_a_word_with_another_word_after_it_plays_on():
    state, events = word_by(table("lunch", ["bd", "rs", "xy"]), "bunch")
    assert kinds(events) == ["word_made"] and state.turn == 1
    assert RULES.dictionaries["common"].has_another_word("bunch", "lunch")


# What each seat may see.


def test_the_public_view_shows_no_hand_and_a_seat_view_only_its_own():
    state = table(["lp", "a", "w", "n"], ["jqzae", "kst", "bdo"], discards="xy", turn=1)
    public = RULES.view(state, None)
    assert isinstance(public, NotAnotherWordPublicView)
    assert (public.word, public.heights, public.hand_sizes) == ("pawn", (2, 1, 1, 1), (5, 3, 3))
    assert (public.to_act, public.draw_pile_size, public.discard_pile_size) == (1, len(state.draw_pile), 2)
    assert not any(card in json.dumps(encode(public)) for card in DECK)  # the table shows letters, not card ids
    for seat in (None, 0, 1, 2):
        shown = json.dumps(encode(RULES.view(state, seat)))
        hidden = RULES.hidden_from(state, seat)
        assert not [card for card in hidden if card in shown]
        own = set() if seat is None else set(state.hands[seat])
        assert hidden == set(state.draw_pile) | {card for hand in state.hands for card in hand} - own
    seat_view = RULES.view(state, 2)
    assert isinstance(seat_view, NotAnotherWordSeatView)
    assert seat_view.hand == state.hands[2] and seat_view.seat == 2 and seat_view.public == public


# Typed chat, notation and timers.


def test_a_run_of_letters_from_the_player_to_act_is_their_word_and_anything_else_is_chat():
    state = table("lawn", ["pd", "rs"])
    assert RULES.read_typed(state, 0, "  Pawn ", 1) == TypedMove(MakeWord("pawn"))
    assert RULES.read_typed(state, 0, "XAWN", 1) == TypedMove(MakeWord("xawn"))  # refused later, with a reason
    for chat in ["pawn please", "pawn!", "p-awn", "pàwn", "", "12", "abcdefghijklmnop"]:
        assert RULES.read_typed(state, 0, chat, 1) is None, chat
    assert RULES.read_typed(state, None, "pawn", 1) is None  # the host gives None for anyone not to act


def test_notation_round_trips_for_every_legal_action():
    state = RULES.setup(Seating(3), {}, seed=2)
    actions = RULES.legal_actions(state, state.turn)
    assert any(isinstance(action, MakeWord) for action in actions)
    for action in actions:
        assert RULES.parse_action(action.notation) == action
    assert RULES.parse_action(" WORD Prawn ") == MakeWord("prawn")
    assert RULES.parse_action("exchange q01 z01") == Exchange(("Q01", "Z01"))
    for text in ["word", "pawn", "exchange E11", "play pawn"]:
        with pytest.raises(ParseError):
            RULES.parse_action(text)


def test_legal_words_are_listed_alphabetically_before_the_exchanges():
    state = table("lawn", ["pd", "rs"])
    actions = RULES.legal_actions(state, 0)
    words = [action.word for action in actions if isinstance(action, MakeWord)]
    assert words == sorted(words) and {"pawn", "dawn", "law", "awn"} <= set(words)
    assert all(isinstance(action, MakeWord) for action in actions[: len(words)])
    assert [action.cards for action in actions[len(words) :]] == [("D01",), ("P01",), ("D01", "P01")]
    assert RULES.legal_actions(state, 1) == ()


def test_a_computer_seat_to_act_has_one_timer_and_people_none():
    computer = table("lawn", ["pd", "rs"], turn=1, computers=(1,))
    (timer,) = RULES.timers(computer)
    assert timer.seat == 1 and timer.delay_seconds > 0
    after, _ = RULES.apply(computer, 1, timer.action_at(0))
    assert RULES.timers(after) == ()  # seat 0, a person, is to act
    assert RULES.timers(table("lawn", ["pd", "rs"], computers=(1,))) == ()
    finished, _ = word_by(table("lawn", ["p", "rs"], computers=(1,)), "pawn")
    assert RULES.timers(finished) == ()


def test_exchanged_cards_go_face_up_to_the_discards_and_no_card_is_lost():
    state = table("lawn", ["pdeo", "rsti", "bcgm"])
    state = act(state, "word pawn", "word prawn", "exchange B01 C01")
    assert holds_the_whole_deck(state)
    assert Counter(letter_of(card) for card in state.discards[-2:]) == Counter("bc")
    assert letters_of(tuple(stack[-1] for stack in state.stacks)) == state.word == "prawn"
