"""Judging answers (bot/games/anomia/judging.py, ruling M7): normalisation, lists, plurals, aliases and
predicates."""

from __future__ import annotations

import pytest

from bot.games.anomia.content import Predicate
from bot.games.anomia.judging import answer_matches, normalise_answer, satisfies

from .positions import NAMED


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("  The Beatles!! ", "beatles"),
        ("São   Paulo", "sao paulo"),
        ("AN Apple", "apple"),
        ("the", "the"),
        ("Jay-Z", "jayz"),
        ("Crème Brûlée", "creme brulee"),
        ("a\tb", "b"),
    ],
)
def test_normalise_answer(text, normalised):
    assert normalise_answer(text) == normalised


@pytest.mark.parametrize(
    ("category", "text", "matches"),
    [
        ("fruit", "apples", True),
        ("fruit", "PEACHES", True),
        ("fruit", "an apple", True),
        ("fruit", "grape", False),
        ("animal", "horses", True),
        ("animal", "foxes", True),
        ("band", "beatles", True),
        ("band", "The Fab Four", True),
        ("city", "nyc", True),
        ("city", "new-york", True),
        ("city", "sao paulo", True),
        ("city", "paris", False),
        ("qword", "quilt", True),
        ("qword", "queen bee", False),  # predicates take one word
        ("qword", "apple", False),
        ("palin", "Level", True),
        ("palin", "levels", False),
        ("fruit", "", False),
        ("fruit", "!!!", False),
    ],
)
def test_answer_matches_lists_aliases_plurals_and_predicates(category, text, matches):
    assert answer_matches(next(c for c in NAMED if c.id == category), text) is matches


@pytest.mark.parametrize(
    ("predicate", "yes", "no"),
    [
        (Predicate("starts_with", "Qu"), "quick", "aqua"),
        (Predicate("ends_with", "y"), "jolly", "yak"),
        (Predicate("contains", "oo"), "balloon", "bolo"),
        (Predicate("letter_count", 5), "zebra", "zebras"),
        (Predicate("palindrome"), "kayak", "kayaks"),
        (Predicate("double_letter"), "coffee", "cofe"),
        (Predicate("no_letter", "e"), "piano", "piece"),
    ],
)
def test_predicates(predicate, yes, no):
    assert satisfies(predicate, yes)
    assert not satisfies(predicate, no)
    assert not satisfies(predicate, "two words")
