"""What a player of Anokera may do on their turn (ruling K2): play a card from the row onto a column, and after a
first unmarked card, a second one or end the turn.

A turn is one marked card, or one or two unmarked cards, placed one at a time. `PlayCard.then_another` says at the
first card that a second will follow, so a one-card turn is one action and no turn can pair a marked card.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.anokera.cards import Card


@dataclass(frozen=True)
class PlayCard:
    """Place a card from the row on a column (0-2); with `then_another`, an unmarked card a second will follow."""

    card: Card
    column: int
    then_another: bool = False

    @property
    def notation(self) -> str:
        """Text such as "play F03 2" (the column counted from 1), with " more" when a second card follows."""
        return f"play {self.card} {self.column + 1}" + (" more" if self.then_another else "")


@dataclass(frozen=True)
class EndTurn:
    """After one unmarked card, end the turn without a second."""

    @property
    def notation(self) -> str:
        return "end"


AnokeraAction = PlayCard | EndTurn
