"""The three columns: combos (ruling K3) and clearing (ruling K4), worked out on one column at a time.

A column is a tuple of cards from the bottom up; its starter card is not stored, as it is never a resource.
These functions are pure: they return what is left of the column, what was taken off it, and who died.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.anokera.cards import DEATHS, RESOURCES, Card, death_between, resource_of

COLUMNS = 3


@dataclass(frozen=True)
class Clearing:
    """What a clearing did: the column left, the cards taken off it, and the deaths, each step's kind and count
    in order (a step that found nobody left to die is not listed)."""

    column: tuple[Card, ...]
    removed: tuple[Card, ...]
    steps: tuple[tuple[str, int], ...]
    citizens: int

    def tally(self) -> tuple[int, int, int]:
        """The deaths by kind, in the order of `cards.DEATHS`."""
        return tuple(sum(count for kind, count in self.steps if kind == death) for death in DEATHS)


def combo(column: tuple[Card, ...]) -> tuple[Card, ...] | None:
    """The top three cards, when they are one of each resource (ruling K3); else None."""
    top = column[-3:]
    if len(top) == 3 and {resource_of(card) for card in top} == set(RESOURCES):
        return top
    return None


def clear(column: tuple[Card, ...], citizens: int) -> Clearing:
    """Clear a column as a marked card on top of it does (ruling K4).

    While the column holds two or more resources: the run is the cards of the top card's resource lying on top
    (the top card included); that many citizens die, of the kind the top resource and the first different one
    below it bring; those two cards are removed and the run's other cards stay. If fewer citizens are left than
    would die, the rest die, and the clearing stops once the city is empty."""
    cards = list(column)
    removed: list[Card] = []
    steps: list[tuple[str, int]] = []
    while citizens and len({resource_of(card) for card in cards}) > 1:
        top = resource_of(cards[-1])
        below = len(cards) - 2
        while resource_of(cards[below]) == top:
            below -= 1
        run = len(cards) - 1 - below
        killed = min(run, citizens)
        citizens -= killed
        steps.append((death_between(top, resource_of(cards[below])), killed))
        removed.extend((cards[-1], cards[below]))
        del cards[-1]
        del cards[below]
    return Clearing(tuple(cards), tuple(removed), tuple(steps), citizens)
