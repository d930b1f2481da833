"""A match of Anarchy as stored: the table options and the whole state, secrets included.

The codec writes these dataclasses as JSON by their type hints, so every type named in them is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Seat
from bot.engine.levels import NORMAL
from bot.games.anarchy.cards import Card
from bot.games.anarchy.events import AnarchyEnd
from bot.games.anarchy.inference import HandGroups


@dataclass(frozen=True)
class AnarchyOptions:
    """The table options chosen when the match was opened."""

    draw_then_play: bool = False
    voluntary_draw: bool = False
    play_on: bool = False
    computer_level: str = NORMAL


@dataclass(frozen=True)
class AnarchyState:
    """A whole match, secrets included. Only `AnarchyRules.view` may show it to players."""

    options: AnarchyOptions
    dealer: Seat
    trump_indicator: Card
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, kept sorted by `Card.sort_key`."""
    draw_pile: tuple[Card, ...]
    """Top card first. Until first drawn, the indicator lies face up at the bottom (ruling A1)."""
    play_pile: tuple[Card, ...]
    """Bottom card first; the last card is the top card."""
    direction: str | None
    turn: Seat
    drawn_card: Card | None
    """With draw_then_play: the playable card just drawn, which the seat to act may still play."""
    passes_in_a_row: int
    reshuffles: int
    finished: tuple[Seat, ...]
    """Seats that emptied their hands, in the order they did."""
    result: AnarchyEnd | None
    """Why the match ended, once it has."""
    placings: tuple[tuple[Seat, ...], ...]
    rng_state: int
    computer_seats: tuple[Seat, ...] = ()
    """The seats computer players hold (a match stored before they existed has none)."""
    hand_groups: tuple[HandGroups, ...] = ()
    """What the table saw of each hand (inference.py): groups of cards, each a count and the cards none of them
    can be. A match stored before they were kept has none, and starts keeping them at its next move."""

    @property
    def seat_count(self) -> int:
        """How many seats the match was dealt for."""
        return len(self.hands)

    @property
    def top_card(self) -> Card | None:
        """The card to follow, or None before the first play."""
        return self.play_pile[-1] if self.play_pile else None

    @property
    def indicator_face_up(self) -> bool:
        """Whether the trump indicator still lies face up under the draw pile (ruling A1)."""
        # Before the first reshuffle the indicator can only be at the bottom of the draw pile or out of it.
        return self.reshuffles == 0 and self.trump_indicator in self.draw_pile
