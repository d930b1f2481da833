"""What a player of Anarchy may do on their turn: play a card, draw, or keep a drawn card and pass (ruling A3).

Each action has the notation players type and matches are recorded in; `AnarchyRules.parse_action` reads it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.anarchy.cards import Card


@dataclass(frozen=True)
class PlayCard:
    """Put a card from your hand on the play pile."""

    card: Card

    @property
    def notation(self) -> str:
        """Text such as "play 7C"."""
        return f"play {self.card.code}"


@dataclass(frozen=True)
class DrawCard:
    """Take the top card of the draw pile; when nothing is left to draw, pass the turn (ruling A4)."""

    @property
    def notation(self) -> str:
        """The text "draw"."""
        return "draw"


@dataclass(frozen=True)
class EndTurn:
    """Keep the playable card you just drew and end your turn (option draw_then_play, ruling A3)."""

    @property
    def notation(self) -> str:
        """The text "pass"."""
        return "pass"


AnarchyAction = PlayCard | DrawCard | EndTurn
