"""Anomia's deck: building a match's cards from the content (rulings M1-M3), finding a card by its id, and what
an event says about a face-up card.
"""

from __future__ import annotations

from typing import Any

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
