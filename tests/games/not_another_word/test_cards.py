"""The deck of Not Another Word (bot/games/not_another_word/cards.py): exactly ruling N2's 100 letter cards, their
ids, reading an id as notation writes it, and whether the deck can spell a word at all."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from bot.engine import ParseError
from bot.games.not_another_word.cards import DECK, deck_holds, full_deck, letter_of, letters_of, read_card, sorted_hand

RULING_N2 = "A8 B3 C3 D4 E10 F2 G3 H3 I6 J1 K2 L5 M4 N5 O7 P3 Q1 R6 S7 T6 U4 V1 W2 X1 Y2 Z1"
RULES_HELP = Path(__file__).resolve().parents[3] / "docs" / "rules" / "not_another_word.md"


def ruling_counts() -> dict[str, int]:
    return {item[0].lower(): int(item[1:]) for item in RULING_N2.split()}


def test_the_deck_is_ruling_n2s_hundred_cards():
    deck = full_deck()
    assert len(deck) == 100 == len(set(deck)) == len(DECK)
    assert Counter(letter_of(card) for card in deck) == ruling_counts()


def test_each_card_id_is_its_letter_and_its_number_among_that_letters_cards():
    counts = ruling_counts()
    for card in full_deck():
        assert re.fullmatch(r"[A-Z]\d\d", card)
        assert 1 <= int(card[1:]) <= counts[letter_of(card)]
    assert "E10" in DECK and "E11" not in DECK and "Z01" in DECK and "Z02" not in DECK


def test_the_rules_help_lists_the_same_deck():
    assert f"The deck: {RULING_N2}." in RULES_HELP.read_text(encoding="utf-8")


def test_letters_read_lowercase_as_words_are_written():
    assert letter_of("Q01") == "q"
    assert letters_of(("P01", "R03", "A02", "W01", "N05")) == "prawn"
    assert sorted_hand(["Z01", "A02", "E10", "A01"]) == ("A01", "A02", "E10", "Z01")


@pytest.mark.parametrize("text", ["E07", "e07", " q01 "])
def test_a_card_id_is_read_in_any_case(text):
    assert read_card(text) == text.strip().upper()


@pytest.mark.parametrize("text", ["E11", "Z02", "E7", "EE", "", "7"])
def test_a_card_the_deck_does_not_have_is_not_read(text):
    with pytest.raises(ParseError, match="not a letter card"):
        read_card(text)


def test_deck_holds_words_only_within_each_letters_count():
    assert deck_holds("puppy")  # all three Ps
    assert deck_holds("kayak")  # both Ks
    assert not deck_holds("pzazz")  # one Z only
    assert not deck_holds("jujus")  # one J only
