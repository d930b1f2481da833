"""Anokera's resource cards (ruling K1): Force, Terror and Nature, twelve of each, two of each marked; and the
kind of death each pair of resources brings (ruling K4).

A card's id is its resource's letter and its number, two digits ("F07"); numbers 11 and 12 are the marked cards.
"""

from __future__ import annotations

from bot.engine import ParseError

FORCE, TERROR, NATURE = "F", "T", "N"
RESOURCES = (FORCE, TERROR, NATURE)
RESOURCE_NAMES = {FORCE: "Force", TERROR: "Terror", NATURE: "Nature"}
CARDS_PER_RESOURCE = 12
MARKED_NUMBERS = (11, 12)
VIOLENCE, FAMINE, DISASTER = "violence", "famine", "disaster"
DEATHS = (VIOLENCE, FAMINE, DISASTER)
"""The kinds of death, in the order the state's tally keeps them."""
DEATH_OF = {
    frozenset((FORCE, TERROR)): VIOLENCE,
    frozenset((FORCE, NATURE)): FAMINE,
    frozenset((TERROR, NATURE)): DISASTER,
}

Card = str
"""A card id such as "F07"."""


def full_deck() -> tuple[Card, ...]:
    """The 36 cards in a fixed order, before shuffling."""
    return tuple(f"{resource}{number:02d}" for resource in RESOURCES for number in range(1, CARDS_PER_RESOURCE + 1))


DECK = frozenset(full_deck())


def resource_of(card: Card) -> str:
    return card[0]


def is_marked(card: Card) -> bool:
    return int(card[1:]) in MARKED_NUMBERS


def death_between(first: str, second: str) -> str:
    """The kind of death two different resources bring."""
    return DEATH_OF[frozenset((first, second))]


def card_name(card: Card) -> str:
    """How players read a card: "Force", or "marked Force"."""
    return ("marked " if is_marked(card) else "") + RESOURCE_NAMES[resource_of(card)]


def read_card(text: str) -> Card:
    card = text.strip().upper()
    if card not in DECK:
        raise ParseError(f"{text!r} is not a resource card: write its id, like F07")
    return card
