"""What players of Not Another Word may see: the public table, and one seat's view of it with its own hand.

`NotAnotherWordRules.view` builds these from the state; the renderer draws them and the codec writes them as JSON.
The words a seat could make are not shown: finding them is the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Outcome, Seat
from bot.games.not_another_word.cards import Card
from bot.games.not_another_word.state import NotAnotherWordOptions, TurnSeen


@dataclass(frozen=True)
class NotAnotherWordPublicView:
    """What everyone at the table may see."""

    options: NotAnotherWordOptions
    word: str
    heights: tuple[int, ...]
    """How many cards each letter's stack holds, left to right."""
    hand_sizes: tuple[int, ...]
    to_act: Seat | None
    draw_pile_size: int
    discard_pile_size: int
    final_turns_left: int | None
    outcome: Outcome | None
    turns_seen: tuple[TurnSeen, ...] = ()
    """Every word made and exchange so far, oldest first, as everyone at the table saw them."""


@dataclass(frozen=True)
class NotAnotherWordSeatView:
    """What one seat may see: the public view, its own hand, and how many cards it may exchange now (0: none)."""

    public: NotAnotherWordPublicView
    seat: Seat
    hand: tuple[Card, ...]
    exchange_limit: int
