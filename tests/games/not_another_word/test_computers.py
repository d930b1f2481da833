"""Computer players of Not Another Word (bot/games/not_another_word/computers.py), as the host runs them: the
action of the timer of a computer seat to act. Its move is legal, never a blocklisted word, goes out when it can,
sheds a card rather than combining, and exchanges its hardest letters when it has no word."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Seating
from bot.games.not_another_word.actions import Exchange, MakeWord, Pass
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.computers import computer_move
from bot.games.not_another_word.dictionary import COMBINE

from .positions import RULES, kinds, refusal, table, word_by


def computer_action(state):
    """What the computer seat to act does when its timer falls due."""
    (timer,) = RULES.timers(state)
    assert timer.seat == state.turn
    return timer.action_at(0)


def test_a_computer_plays_its_last_card_to_win():
    state = table("lawn", ["rs", "p"], turn=1, computers=(1,))
    action = computer_action(state)
    assert isinstance(action, MakeWord)
    after, events = RULES.apply(state, 1, action)
    assert kinds(events) == ["word_made", "game_over"] and RULES.outcome(after).winners == (1,)


def test_a_computer_sheds_a_card_rather_than_combining():
    state = table("lawn", ["rs", "pq"], turn=1, computers=(1,))  # LAW and AWN would keep both its cards
    action = computer_action(state)
    assert action == MakeWord("pawn")


def test_a_computer_without_a_word_exchanges_its_hardest_letters():
    state = table("cat", ["rs", "jqza"], turn=1, computers=(1,))
    assert computer_action(state) == Exchange(("J01", "Q01", "Z01"))
    short = table("cat", ["rs", "jqza"], draw="bd", turn=1, computers=(1,))
    assert computer_action(short) == Exchange(("J01", "Q01"))  # no more than the pile holds
    plain = table("cat", ["rs", "aac"], turn=1, computers=(1,))
    assert computer_action(plain) == Exchange(("C02",))  # no hard letter: its least useful card


def test_a_computer_never_plays_a_blocklisted_word():
    state = table("age", ["rs", "fq"], turn=1, computers=(1,))  # the only word its cards make is blocklisted
    assert "fag" in RULES.content.blocklist
    assert [action.word for action in RULES.legal_actions(state, 1) if isinstance(action, MakeWord)] == ["fag"]
    assert isinstance(computer_action(state), Exchange)


def test_a_computer_whose_only_word_is_blocklisted_passes_in_the_final_round():
    state = table("ace", ["gb", "fq", "ei"], draw="", computers=(1,), final_turns_left=3)
    state, events = word_by(state, "age")  # seat 1, a computer, could only make FAG, and the pile is empty
    assert state.turn == 2
    assert [(event.kind, event.seat) for event in events][-1] == ("turn_passed", 1)


def test_a_computer_standing_in_for_a_seat_whose_only_word_is_blocklisted_passes():
    # Found by random play (seed 25828, see test_conformance): at turn 34 the word is HAG, the seat to act holds
    # only F, the draw pile is empty, and FAG is its one word; the stand-in for its player found no move at all.
    state = table(["kpdh", "rasclbcoa", "usg"], ["aeortw", "lrx", "f", "ehoqwy"], draw="", turn=2, final_turns_left=3)
    assert state.word == "hag" and "fag" in RULES.content.blocklist
    assert RULES.legal_actions(state, 2) == (MakeWord("fag"), Pass())
    assert RULES.stand_in(state, 2, 0) == Pass()
    after, events = RULES.apply(state, 2, Pass())
    assert [(str(event.kind), event.seat) for event in events] == [("turn_passed", 2)]
    assert (after.turn, after.final_turns_left, after.hands) == (3, 2, state.hands)


def test_a_seat_may_pass_only_when_its_only_words_are_blocklisted_and_the_pile_is_empty():
    assert refusal(table("hag", ["f", "e"], draw="q"), "pass") == "You can still exchange cards, so you cannot pass"
    assert refusal(table("hag", ["fs", "e"], draw=""), "pass") == "You have a word to make, so you cannot pass"
    assert Pass() not in RULES.legal_actions(table("hag", ["fs", "e"], draw=""), 0)


@st.composite
def positions(draw: st.DrawFn):
    """A computer to act, a few random turns into a dealt match."""
    seed = draw(st.integers(0, 2**32))
    options = {"dictionary": draw(st.sampled_from(("common", "expert")))}
    seat_count = draw(st.integers(2, 4))
    state = RULES.setup(Seating(seat_count, computers=tuple(range(seat_count))), options, seed)
    chooser = random.Random(seed)
    for _ in range(draw(st.integers(0, 12))):
        if RULES.is_over(state):
            break
        state, _ = RULES.apply(state, state.turn, chooser.choice(RULES.legal_actions(state, state.turn)))
    return state


@settings(max_examples=40, deadline=None)
@given(positions())
def test_a_computers_move_is_legal_and_sheds_a_card_when_it_can(state):
    if RULES.is_over(state):
        return
    action = computer_action(state)
    RULES.apply(state, state.turn, action)  # raises if the move is not legal
    dictionary = RULES.dictionaries[state.options.dictionary]
    hand = state.hands[state.turn]
    playable = [
        (move, word)
        for move, word in dictionary.successors(state.word, letters_of(hand))
        if word not in RULES.content.blocklist
    ]
    if not playable:
        assert isinstance(action, Exchange if state.draw_pile else Pass)
        return
    assert isinstance(action, MakeWord) and action.word not in RULES.content.blocklist
    if any(move.kind != COMBINE for move, _ in playable):
        assert any(move.kind != COMBINE for move, word in playable if word == action.word)
    assert action == computer_move(
        dictionary, RULES.content.blocklist, RULES.content.sizes, state.word, hand, len(state.draw_pile)
    )
