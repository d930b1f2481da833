"""Making a word in Not Another Word, through the rules as a player would (bot/games/not_another_word/judging.py,
ruling N4): the seed's three examples (place, add, combine with a rearrangement) and where their cards end up,
and every refusal a player can get, each with a reason that tells them what went wrong and changes nothing."""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.not_another_word.actions import MakeWord

from .positions import RULES, hand_letters, heights, kinds, refusal, stack_letters, table, word_by


def lawn_table(**options):
    """LAWN on the table; seat 0 holds a P, seat 1 an R, seat 2 nothing the examples need."""
    return table("lawn", ["pde", "ret", "sio"], **options)


def test_placing_p_on_the_l_turns_lawn_into_pawn():
    state, events = word_by(lawn_table(), "pawn")
    assert state.word == "pawn"
    assert stack_letters(state) == ("lp", "a", "w", "n")  # the P lies on top of the L's stack
    assert heights(state) == (2, 1, 1, 1)
    assert hand_letters(state, 0) == "de"
    assert kinds(events) == ["word_made"]
    assert events[0].data == {
        "word": "pawn",
        "previous": "lawn",
        "how": "place",
        "letter": "p",
        "on": "l",
        "card": "P01",
    }
    assert state.turn == 1 and state.last_word_by == 0


def test_adding_r_turns_pawn_into_prawn():
    state, _ = word_by(lawn_table(), "pawn")
    state, events = word_by(state, "prawn")
    assert state.word == "prawn"
    assert stack_letters(state) == ("lp", "r", "a", "w", "n")  # the new spot goes where the word needs it
    assert heights(state) == (2, 1, 1, 1, 1)
    assert hand_letters(state, 1) == "et"
    assert events[0].data["how"] == "add" and events[0].data["letter"] == "r"


def test_combining_the_w_and_n_stacks_and_rearranging_turns_prawn_into_warp():
    state, _ = word_by(lawn_table(), "pawn")
    state, _ = word_by(state, "prawn")
    state, events = word_by(state, "warp")
    assert state.word == "warp"
    assert stack_letters(state) == ("nw", "a", "r", "lp")  # the N stack lies buried under the W
    assert heights(state) == (2, 1, 1, 2)
    assert hand_letters(state, 2) == "ios"  # a combine plays no card
    assert events[0].data == {"word": "warp", "previous": "prawn", "how": "combine", "letter": "n", "on": "w"}
    assert "card" not in events[0].data


def test_each_word_made_tells_how_it_was_made_from_the_word_before_it():
    state, placed = word_by(lawn_table(), "pawn")
    state, added = word_by(state, "prawn")
    state, combined = word_by(state, "warp")
    made = [events[0] for events in (placed, added, combined)]
    assert [(event.seat, event.data["how"], event.data["previous"], event.data["word"]) for event in made] == [
        (0, "place", "lawn", "pawn"),
        (1, "add", "pawn", "prawn"),
        (2, "combine", "prawn", "warp"),
    ]


def test_a_card_goes_on_the_leftmost_stack_showing_the_covered_letter():
    state, _ = word_by(table("tot", ["hde", "x", "y"]), "hot")
    assert stack_letters(state) == ("th", "o", "t")


def test_rearranging_moves_whole_stacks_with_their_cards():
    state = table(["ms", "et", "o", "ap"], ["rd", "x", "y"])  # STOP, three of its stacks two cards high
    assert state.word == "stop"
    state, _ = word_by(state, "sport")
    assert stack_letters(state) == ("ms", "ap", "o", "r", "et")
    assert heights(state) == (2, 2, 1, 1, 2)


# Refusals: each says what a player needs to know, and leaves the position exactly as it was.

REFUSALS = [
    pytest.param("xawn", "XAWN is not a word in this table's dictionary (common)", id="not-a-word"),
    pytest.param("lawns", "You do not hold an S", id="card-not-held"),
    pytest.param("lamp", "From LAWN to LAMP changes 2 letters: a turn changes one letter at a time", id="two-letters"),
    pytest.param("plawns", "Words are 3 to 5 letters; PLAWNS has 6", id="too-long"),
    pytest.param("lawn", "LAWN is already the word. A letter cannot go on the same letter", id="same-letter"),
    pytest.param("l4wn", "A word is written with the letters A to Z only", id="not-letters"),
    pytest.param("law-n", "A word is written with the letters A to Z only", id="punctuation"),
]


@pytest.mark.parametrize(("typed", "reason"), REFUSALS)
def test_a_refused_word_says_why_and_changes_nothing(typed, reason):
    state = table("lawn", ["pxe", "ret", "sio"])
    before = RULES.encode_state(state)
    assert refusal(state, f"word {typed}") == reason
    assert RULES.encode_state(state) == before
    after, _ = word_by(state, "pawn")  # the same player may try again: a refusal costs no turn
    assert after.word == "pawn" and after.turn == 1


def test_a_letter_not_in_hand_is_refused_by_its_name():
    state = table("pawn", ["ste", "r", "x"])
    assert refusal(state, "word prawn") == "You do not hold an R"
    assert refusal(state, "word pain") == "You do not hold an I"


def test_a_word_only_rearranging_the_table_is_refused():
    state = table("stop", ["x", "y"])
    assert refusal(state, "word pots") == "POTS only rearranges STOP: place, add or combine a letter too"


def test_the_word_must_not_drop_below_three_letters():
    state = table("cat", ["x", "y"])
    assert refusal(state, "word at") == "Words are 3 to 5 letters; AT has 2"


def test_a_letter_may_not_be_placed_on_the_same_letter_even_rearranged():
    state = table("dog", ["do", "y"])
    assert "A letter cannot go on the same letter" in refusal(state, "word dog")
    assert "only rearranges" in refusal(state, "word god")


def test_the_dictionary_option_decides_what_is_a_word():
    assert refusal(table("lawn", ["bd", "x"]), "word bawn") == "BAWN is not a word in this table's dictionary (common)"
    state, _ = word_by(table("lawn", ["bd", "x"], dictionary="expert"), "bawn")
    assert state.word == "bawn"


def test_a_word_out_of_turn_is_refused():
    state = lawn_table()
    assert refusal(state, "word pawn", seat=1) == "It is not your turn"
    with pytest.raises(IllegalAction, match="not your turn"):
        RULES.apply(state, 2, MakeWord("pawn"))
