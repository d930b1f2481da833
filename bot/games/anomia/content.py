"""Anomia's content: the category pool (ruling M1) and the symbols and deck shape (ruling M2), from data/anomia.

`parse_content` reads the text of categories.json and symbols.json, which the composition root loads once, into
frozen values; the rules and the renderer take them as a constructor argument and never touch files.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

CONTENT_FILES = ("categories.json", "symbols.json")
KINDS = ("person", "place", "thing", "brand", "title", "word")
PREDICATES = ("starts_with", "ends_with", "contains", "letter_count", "palindrome", "double_letter", "no_letter")
_PREDICATES_WITHOUT_ARG = ("palindrome", "double_letter")


@dataclass(frozen=True)
class Answer:
    """One accepted example answer and the other ways of writing it."""

    text: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Predicate:
    """A rule a one-word answer can satisfy instead of being listed (e.g. starts_with "q")."""

    name: str
    arg: str | int | None = None


@dataclass(frozen=True)
class Category:
    """What a card asks for, e.g. "A breakfast cereal", with its accepted answers."""

    id: str
    name: str
    kind: str
    answers: tuple[Answer, ...]
    predicate: Predicate | None = None

    def __hash__(self) -> int:
        # Ids are unique, and judging looks categories up by hash on every answer: hashing every answer and
        # alias each time cost more than the lookup saved.
        return hash(self.id)


@dataclass(frozen=True)
class Symbol:
    """One of the eight card symbols (ruling M2)."""

    id: str
    name: str
    glyph: str
    colour: str


@dataclass(frozen=True)
class DeckSpec:
    """The deck's shape: 92 category cards, per-symbol counts, and the wild cards' symbol pairs (ruling M2)."""

    category_cards: int
    symbol_counts: tuple[int, ...]
    wild_cards: int
    wild_pairs: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class AnomiaContent:
    """Everything Anomia reads from data/: the category pool, the symbols and the deck shape, with lookups."""

    categories: tuple[Category, ...]
    symbols: tuple[Symbol, ...]
    deck: DeckSpec
    _by_id: Mapping[str, Category] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {category.id: category for category in self.categories})

    def category(self, category_id: str) -> Category:
        """The category with this id. An id the pool does not hold (a stored match's category that has since
        left data/anomia) reads as a category named by its id, with no listed answers."""
        category = self._by_id.get(category_id)
        if category is None:
            return Category(category_id, category_id, "thing", ())
        return category

    def category_name(self, category_id: str) -> str:
        return self.category(category_id).name

    def symbol_id(self, index: int) -> str:
        """The id of a card's symbol; cards hold symbols as indexes into `symbols`."""
        return self.symbols[index].id


def parse_categories(data: Mapping[str, Any]) -> tuple[Category, ...]:
    """Categories from the JSON data of categories.json; ValueError names the first problem found."""
    categories = []
    seen: set[str] = set()
    for entry in data["categories"]:
        category_id = str(entry["id"])
        if category_id in seen:
            raise ValueError(f"Category id {category_id!r} is used twice")
        seen.add(category_id)
        if entry.get("kind") not in KINDS:
            raise ValueError(f"Category {category_id!r} has kind {entry.get('kind')!r}; expected one of {KINDS}")
        answers = tuple(
            Answer(str(answer["text"]), tuple(str(alias) for alias in answer.get("aliases", ())))
            for answer in entry.get("answers", ())
        )
        predicate = _parse_predicate(category_id, entry.get("predicate"))
        if not answers and predicate is None:
            raise ValueError(f"Category {category_id!r} has neither answers nor a predicate")
        categories.append(Category(category_id, str(entry["name"]), entry["kind"], answers, predicate))
    return tuple(categories)


def _parse_predicate(category_id: str, data: Mapping[str, Any] | None) -> Predicate | None:
    if data is None:
        return None
    name = data.get("name")
    if name not in PREDICATES:
        raise ValueError(f"Category {category_id!r} has an unknown predicate {name!r}")
    if name in _PREDICATES_WITHOUT_ARG:
        return Predicate(name)
    arg = data.get("arg")
    if name == "letter_count":
        if not isinstance(arg, int) or isinstance(arg, bool):
            raise ValueError(f"Category {category_id!r}: letter_count needs a whole number")
        return Predicate(name, arg)
    if not isinstance(arg, str) or not arg:
        raise ValueError(f"Category {category_id!r}: {name} needs some letters")
    return Predicate(name, arg)


def parse_symbols(data: Mapping[str, Any]) -> tuple[tuple[Symbol, ...], DeckSpec]:
    """Symbols and the deck shape from the JSON data of symbols.json (ruling M2)."""
    symbols = tuple(
        Symbol(str(entry["id"]), str(entry["name"]), str(entry["glyph"]), str(entry["colour"]))
        for entry in data["symbols"]
    )
    deck_data = data["deck"]
    deck = DeckSpec(
        category_cards=int(deck_data["category_cards"]),
        symbol_counts=tuple(int(count) for count in deck_data["symbol_counts"]),
        wild_cards=int(deck_data["wild_cards"]),
        wild_pairs=tuple((int(first), int(second)) for first, second in deck_data["wild_pairs"]),
    )
    if len(deck.symbol_counts) != len(symbols) or sum(deck.symbol_counts) != deck.category_cards:
        raise ValueError("symbols.json: symbol_counts must give one count per symbol, adding up to category_cards")
    if len(deck.wild_pairs) != deck.wild_cards:
        raise ValueError("symbols.json: wild_pairs must list one pair per wild card")
    for pair in deck.wild_pairs:
        if pair[0] == pair[1] or not all(0 <= index < len(symbols) for index in pair):
            raise ValueError(f"symbols.json: wild pair {list(pair)} must name two different symbols")
    return symbols, deck


def parse_content(files: Mapping[str, str]) -> AnomiaContent:
    """The content from the text of data/anomia's files, by name; ValueError names the first problem found."""
    categories = parse_categories(json.loads(files["categories.json"]))
    symbols, deck = parse_symbols(json.loads(files["symbols.json"]))
    if len(categories) < deck.category_cards:
        raise ValueError(f"{len(categories)} categories, fewer than the {deck.category_cards} a deck needs")
    return AnomiaContent(categories, symbols, deck)
