"""Anomia's deck: building a match's cards from the content (rulings M1-M3), finding a card by its id, what an
event says about a face-up card, and the deck's stored form: a short text per card, read back a card at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from bot.engine import SeededRandom
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.state import Card


def build_deck(content: AnomiaContent, seat_count: int, rng: SeededRandom) -> tuple[Card, ...]:
    """Sample the categories (M1), give them symbols by the deck's counts (M2), add the wilds on the 8-cycle
    (M2); with three seats remove two symbols and every card and wild that shows either (M3).

    Card ids are "c00".."c91" (two digits, so no id is part of another) and "w0".."w7"; ids are given after a
    shuffle, so an id says nothing about its card.
    """
    spec = content.deck
    if len(content.categories) < spec.category_cards:
        raise ValueError(f"Anomia needs {spec.category_cards} categories; the content has {len(content.categories)}")
    categories = rng.sample(content.categories, spec.category_cards)
    symbols = rng.shuffled([index for index, count in enumerate(spec.symbol_counts) for _ in range(count)])
    faces = list(zip(symbols, (category.id for category in categories), strict=True))
    removed: set[int] = set()
    if seat_count == 3:
        # Ruling M3. We remove two OPPOSITE symbols of the cycle (i and i+4): never both on one wild, so four
        # wilds go and four stay, and with counts 12,12,12,12,11,11,11,11 always one 12 and one 11 go (23 cards).
        first = rng.below(len(spec.symbol_counts))
        removed = {first, (first + len(spec.symbol_counts) // 2) % len(spec.symbol_counts)}
    faces = [face for face in faces if face[0] not in removed]
    width = len(str(spec.category_cards - 1))
    cards = [
        Card(f"c{index:0{width}d}", (symbol,), category_id)
        for index, (symbol, category_id) in enumerate(rng.shuffled(faces))
    ]
    wild_pairs = [pair for pair in spec.wild_pairs if not removed & set(pair)]
    cards += [Card(f"w{index}", tuple(pair)) for index, pair in enumerate(wild_pairs)]
    return tuple(cards)


def card_by_id(deck: tuple[Card, ...], card_id: str) -> Card:
    """The deck's card with this id. `build_deck` numbers the category cards c00, c01... in deck order and puts
    the few wilds after them, so an id says where its card lies: no search and no index to keep."""
    if card_id.startswith("c"):
        card = deck[int(card_id[1:])]
        if card.id == card_id:
            return card
    return next(card for card in reversed(deck) if card.id == card_id)


def card_data(content: AnomiaContent, card: Card) -> dict[str, Any]:
    """What an event says about a category card turned face up: its id, category and symbol."""
    category = content.category(card.category)
    return {
        "card": card.id,
        "category": category.id,
        "category_name": category.name,
        "symbol": content.symbol_id(card.symbols[0]),
    }


def card_text(card: Card) -> str:
    """A card as a stored deck keeps it: its id, its symbols and its category, if it has one ("c07 3 fruit",
    "w2 2-3")."""
    symbols = "-".join(str(symbol) for symbol in card.symbols)
    return f"{card.id} {symbols}" if card.category is None else f"{card.id} {symbols} {card.category}"


def card_from_text(text: str) -> Card:
    """The card that `card_text` wrote."""
    card_id, symbols, *category = text.split(" ", 2)
    return Card(card_id, tuple(int(symbol) for symbol in symbols.split("-")), category[0] if category else None)


class Deck(Sequence[Card]):
    """A match's cards as read back from their texts (`card_text`), each made when it is first read: an action
    reads a few of a deck's 73-100 cards, and making them all was most of what an action cost at a table whose
    state the host no longer kept decoded. It equals, and hashes as, the tuple of its cards, so a state holding
    it equals the state it was stored from. Two threads reading a card at once may each make it: equal cards."""

    __slots__ = ("_cards", "_texts")

    def __init__(self, texts: Sequence[str]) -> None:
        self._texts = texts
        self._cards: list[Card | None] = [None] * len(texts)

    def __len__(self) -> int:
        return len(self._texts)

    @overload
    def __getitem__(self, index: int) -> Card: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Card, ...]: ...

    def __getitem__(self, index: int | slice) -> Card | tuple[Card, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        card = self._cards[index]
        if card is None:
            card = self._cards[index] = card_from_text(self._texts[index])
        return card

    def __iter__(self) -> Iterator[Card]:
        return (self[index] for index in range(len(self._texts)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck | tuple):
            return NotImplemented
        return tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))
