"""What players of Anokera may see: the public city, and one seat's view of it with its own role.

Roles stay secret until the end; then every player's role is shown with its score worked out, while the role cards
nobody was dealt stay hidden (only their number is shown). The deck shows only its next card.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Outcome, Seat
from bot.games.anokera.actions import AnokeraAction
from bot.games.anokera.cards import Card
from bot.games.anokera.content import ScoreLine


@dataclass(frozen=True)
class Reveal:
    """One player's role shown at the end, with its score line by line."""

    seat: Seat
    role: str
    lines: tuple[ScoreLine, ...]
    score: int


@dataclass(frozen=True)
class AnokeraPublicView:
    """What everyone at the table may see."""

    citizens: int
    deaths: tuple[int, int, int]
    row: tuple[Card, ...]
    next_card: Card | None
    deck_size: int
    reshuffled: bool
    columns: tuple[tuple[Card, ...], ...]
    to_act: Seat | None
    first_card: Card | None
    unused_roles: int
    reveals: tuple[Reveal, ...]
    """Empty until the game is over."""
    outcome: Outcome | None
    arrivals: tuple[int, ...] = ()
    """The cards in the order they came into the row, and every move made (see `history`)."""
    moves: tuple[int, ...] = ()


@dataclass(frozen=True)
class AnokeraSeatView:
    """What one seat may see: the public view and its own role."""

    public: AnokeraPublicView
    seat: Seat
    role: str
    legal_actions: tuple[AnokeraAction, ...]
