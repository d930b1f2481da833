"""Anomia's content (bot/games/anomia/content.py): the shipped data/anomia checked file by file (rulings M1 and
M2: schema, counts, uniqueness and the deck shape), the content's lookups, and the catalogue serving the game
built from the shipped content."""

from __future__ import annotations

import json
import re
import unicodedata
from pathlib import Path

import pytest
from support import GAMES

from bot.engine import Seating
from bot.games.anomia.content import Category

from .positions import CONTENT

DATA = Path(__file__).resolve().parents[3] / "data" / "anomia"
KINDS = {"person", "place", "thing", "brand", "title", "word"}
STRING_ARG_PREDICATES = {"starts_with", "ends_with", "contains", "no_letter"}
NO_ARG_PREDICATES = {"palindrome", "double_letter"}
PREDICATES = STRING_ARG_PREDICATES | NO_ARG_PREDICATES | {"letter_count"}
MIN_ANSWERS = 20


def _load(name):
    return json.loads((DATA / name).read_text(encoding="utf-8"))


CATEGORIES = _load("categories.json")
SYMBOLS = _load("symbols.json")


def normalise(text):
    """Accents stripped, case folded, punctuation dropped, leading article dropped, trailing "s" dropped."""
    decomposed = unicodedata.normalize("NFKD", text)
    folded = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    kept = "".join(ch for ch in folded if ch.isalnum() or ch.isspace())
    words = kept.split()
    if len(words) > 1 and words[0] in ("a", "an", "the"):
        words = words[1:]
    joined = " ".join(words)
    return joined[:-1] if joined.endswith("s") else joined


def _categories():
    return CATEGORIES["categories"]


def _listed():
    return [c for c in _categories() if c["predicate"] is None]


def test_top_level_schema():
    assert CATEGORIES["version"] == 1
    assert isinstance(_categories(), list)
    for category in _categories():
        assert set(category) == {"id", "name", "kind", "answers", "predicate"}, category.get("id")
        assert isinstance(category["answers"], list)


def test_pool_size_and_kind_mix():
    categories = _categories()
    assert len(categories) >= 250
    counts = {kind: sum(1 for c in categories if c["kind"] == kind) for kind in KINDS}
    assert counts["person"] >= 35
    assert counts["place"] >= 40
    assert counts["thing"] >= 100
    assert counts["brand"] >= 30
    assert counts["title"] >= 25
    assert 15 <= counts["word"] <= 25


def test_kinds_are_valid():
    assert {c["kind"] for c in _categories()} <= KINDS


def test_ids_are_unique_kebab_case():
    ids = [c["id"] for c in _categories()]
    assert len(ids) == len(set(ids))
    for category_id in ids:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", category_id), category_id


def test_names_are_unique_and_short():
    names = [c["name"] for c in _categories()]
    assert len({name.casefold() for name in names}) == len(names)
    for name in names:
        assert name.strip() == name and 0 < len(name) <= 40, name


@pytest.mark.parametrize("category", _listed(), ids=lambda c: c["id"])
def test_listed_category_has_enough_well_formed_answers(category):
    answers = category["answers"]
    assert len(answers) >= MIN_ANSWERS
    for answer in answers:
        assert set(answer) == {"text", "aliases"}
        assert isinstance(answer["text"], str) and answer["text"].strip() == answer["text"] != ""
        assert isinstance(answer["aliases"], list)
        for alias in answer["aliases"]:
            assert isinstance(alias, str) and alias.strip() == alias != ""


@pytest.mark.parametrize("category", _listed(), ids=lambda c: c["id"])
def test_no_duplicate_answers_after_normalisation(category):
    seen = {}
    for answer in category["answers"]:
        for text in [answer["text"], *answer["aliases"]]:
            key = normalise(text)
            assert key, text
            assert key not in seen, f"{text!r} duplicates {seen.get(key)!r}"
            seen[key] = text


def test_word_categories_use_the_predicate_vocabulary():
    for category in _categories():
        predicate = category["predicate"]
        if category["kind"] != "word":
            assert predicate is None, category["id"]
            continue
        assert category["answers"] == [], category["id"]
        assert isinstance(predicate, dict) and predicate["name"] in PREDICATES, category["id"]
        name = predicate["name"]
        if name in NO_ARG_PREDICATES:
            assert set(predicate) == {"name"}, category["id"]
        elif name == "letter_count":
            arg = predicate["arg"]
            assert isinstance(arg, int) and not isinstance(arg, bool) and arg > 0, category["id"]
        else:
            arg = predicate["arg"]
            assert isinstance(arg, str) and re.fullmatch(r"[a-z]+", arg), category["id"]
            if name == "no_letter":
                assert len(arg) == 1, category["id"]


def test_word_predicates_are_not_repeated():
    predicates = [json.dumps(c["predicate"], sort_keys=True) for c in _categories() if c["predicate"] is not None]
    assert len(predicates) == len(set(predicates))


def test_symbols():
    symbols = SYMBOLS["symbols"]
    assert [s["id"] for s in symbols] == [f"s{i}" for i in range(8)]
    for symbol in symbols:
        assert set(symbol) == {"id", "name", "glyph", "colour"}
        assert symbol["name"].strip() and symbol["glyph"].strip()
        assert re.fullmatch(r"#[0-9a-fA-F]{6}", symbol["colour"]), symbol
        assert len(symbol["glyph"].replace("\ufe0f", "")) == 1, symbol
    assert len({s["glyph"] for s in symbols}) == 8
    assert len({s["name"].casefold() for s in symbols}) == 8
    assert len({s["colour"].lower() for s in symbols}) == 8


def test_deck_shape():
    deck = SYMBOLS["deck"]
    assert deck["category_cards"] == 92
    assert deck["symbol_counts"] == [12, 12, 12, 12, 11, 11, 11, 11]
    assert sum(deck["symbol_counts"]) == deck["category_cards"]
    assert deck["wild_cards"] == 8
    assert deck["wild_pairs"] == [[i, (i + 1) % 8] for i in range(8)]
    appearances = [sum(symbol in pair for pair in deck["wild_pairs"]) for symbol in range(8)]
    assert appearances == [2] * 8
    assert len(_categories()) >= deck["category_cards"]


def test_the_content_looks_up_categories_and_symbols():
    assert CONTENT.category("fruit").name == "A fruit" and CONTENT.category_name("colour") == "A colour"
    # An id the pool does not hold reads as a category named by its id, with no answers.
    assert CONTENT.category("gone") == Category("gone", "gone", "thing", ())
    assert CONTENT.symbol_id(3) == "s3"


def test_the_catalogue_serves_anomia_built_from_the_shipped_content():
    game = GAMES["anomia"]
    rules = game.rules
    assert rules.title == "Anomia" and len(rules.content.categories) >= 250  # ruling M1
    assert len(rules.content.categories) == len(_categories())
    state = rules.setup(Seating(4), {}, seed=1)
    assert len(state.deck) == 100
    assert game.renderer.symbols.keys() == {symbol.id for symbol in rules.content.symbols}
