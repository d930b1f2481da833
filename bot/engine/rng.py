"""A small seeded random source whose whole state is one integer, so it can live inside a match state.

It is SplitMix64: fast, good enough for shuffling cards and rolling dice, and trivially serialisable. Games
create one from the stored state, draw from it, and store `state` back into the new match state.
"""

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1


class SeededRandom:
    """A deterministic random source; the same `state` always gives the same draws."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK64

    def next_u64(self) -> int:
        """Return the next 64-bit unsigned integer."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK64
        mixed = self.state
        mixed = ((mixed ^ (mixed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        mixed = ((mixed ^ (mixed >> 27)) * 0x94D049BB133111EB) & _MASK64
        return mixed ^ (mixed >> 31)

    def below(self, bound: int) -> int:
        """Return a uniform integer in [0, bound)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        # Rejection sampling keeps the draw uniform for bounds that do not divide 2**64.
        limit = (1 << 64) - ((1 << 64) % bound)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound

    def between(self, low: int, high: int) -> int:
        """Return a uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def pick(self, items: Sequence[T]) -> T:
        """Return one item, uniformly."""
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """Return a new list with the items in a uniformly random order (Fisher-Yates)."""
        result = list(items)
        for index in range(len(result) - 1, 0, -1):
            other = self.below(index + 1)
            result[index], result[other] = result[other], result[index]
        return result

    def sample(self, items: Sequence[T], count: int) -> list[T]:
        """Return `count` distinct items in random order."""
        return self.shuffled(items)[:count]
