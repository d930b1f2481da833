"""A match of Anokera as stored: the table options and the whole state, secret roles included.

The codec writes these dataclasses as JSON by their type hints, so every type named in them is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Seat
from bot.engine.levels import NORMAL
from bot.games.anokera.cards import Card
from bot.games.anokera.events import AnokeraEnd

ROW_SIZE = 5
CITIZENS_PER_PLAYER = 7


@dataclass(frozen=True)
class AnokeraOptions:
    """The table options chosen when the match was opened."""

    computer_players: int = 0
    computer_level: str = NORMAL


@dataclass(frozen=True)
class AnokeraState:
    """A whole match, secrets included. Only `AnokeraRules.view` may show it to players."""

    options: AnokeraOptions
    computer_seats: tuple[Seat, ...]
    roles: tuple[str, ...]
    """Each seat's secret role."""
    unused_roles: tuple[str, ...]
    """The role cards nobody was dealt: hidden even at the end."""
    citizens: int
    deaths: tuple[int, int, int]
    """Deaths by kind, in the order of `cards.DEATHS`."""
    row: tuple[Card, ...]
    deck: tuple[Card, ...]
    """Face up: its first card is the next to come, and everyone sees it."""
    removed: tuple[Card, ...]
    """Cards taken off the columns by combos and clearings, shuffled into a new deck once (ruling K5)."""
    reshuffled: bool
    columns: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    """Each column from the bottom up, above its starter card."""
    turn: Seat
    turns: int
    """How many turns have ended."""
    first_card: Card | None
    """The unmarked card placed this turn when a second may follow."""
    last_clearer: Seat | None
    """Who made the last clear that killed anyone (a tie-breaker, ruling K6)."""
    result: AnokeraEnd | None
    placings: tuple[tuple[Seat, ...], ...]
    scores: tuple[int, ...]
    rng_state: int
    arrivals: tuple[int, ...] = ()
    """Every card that came into the row, in order, the deal's five first (numbered as in `history`): all seen."""
    moves: tuple[int, ...] = ()
    """Every move made, one small number each (`history.packed`)."""

    @property
    def seat_count(self) -> int:
        return len(self.roles)
