"""The deck of Not Another Word: 100 letter cards (ruling N2), each with an id of its own.

A card's id is its letter in capitals and its number among the cards of that letter, two digits ("E07"): cards
of one letter play alike, but ids let a seat's view be checked for cards it must not see, and are never a
substring of one another.
"""

from __future__ import annotations

from collections import Counter

from bot.engine import ParseError

LETTER_COUNTS = {
    "a": 8, "b": 3, "c": 3, "d": 4, "e": 10, "f": 2, "g": 3, "h": 3, "i": 6, "j": 1, "k": 2, "l": 5, "m": 4,
    "n": 5, "o": 7, "p": 3, "q": 1, "r": 6, "s": 7, "t": 6, "u": 4, "v": 1, "w": 2, "x": 1, "y": 2, "z": 1,
}  # fmt: skip
"""How many cards of each letter the deck holds (ruling N2)."""

Card = str
"""A card id such as "E07"."""


def full_deck() -> tuple[Card, ...]:
    """The 100 cards in a fixed order, before shuffling."""
    return tuple(
        f"{letter.upper()}{number:02d}" for letter, count in LETTER_COUNTS.items() for number in range(1, count + 1)
    )


DECK = frozenset(full_deck())


def letter_of(card: Card) -> str:
    """The card's letter, lowercase as words are written."""
    return card[0].lower()


def letters_of(cards: tuple[Card, ...]) -> str:
    """The letters of these cards, in their order."""
    return "".join(card[0] for card in cards).lower()


def read_card(text: str) -> Card:
    """A card id as notation writes it (any case)."""
    card = text.strip().upper()
    if card not in DECK:
        raise ParseError(f"{text!r} is not a letter card: write its id, like E07")
    return card


def sorted_hand(cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
    """A hand in alphabetical order, which is also the order of its ids."""
    return tuple(sorted(cards))


def deck_holds(word: str) -> bool:
    """Whether the deck has enough cards of each letter to spell `word`."""
    return all(LETTER_COUNTS[letter] >= count for letter, count in Counter(word).items())
