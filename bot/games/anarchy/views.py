"""What players of Anarchy may see: the public table, and one seat's view of it with its own hand.

`AnarchyRules.view` builds these from the state; the renderer draws them and the codec writes them as JSON.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Outcome, Seat
from bot.games.anarchy.actions import AnarchyAction
from bot.games.anarchy.cards import Card
from bot.games.anarchy.inference import HandGroups
from bot.games.anarchy.state import AnarchyOptions


@dataclass(frozen=True)
class AnarchyPublicView:
    """What everyone at the table may see."""

    options: AnarchyOptions
    trump_indicator: Card
    trump_rank: int
    trump_suit: str
    indicator_face_up: bool
    top_card: Card | None
    direction: str | None
    hand_sizes: tuple[int, ...]
    to_act: Seat | None
    deciding_on_drawn_card: bool
    draw_pile_size: int
    play_pile_size: int
    play_pile: tuple[Card, ...]
    """Bottom card first: every one of them was seen played since the pile last became the draw pile."""
    hand_groups: tuple[HandGroups, ...]
    """What the table saw of each hand: groups of cards, each a count and the cards none of them can be."""
    reshuffles_left: int
    finished: tuple[Seat, ...]
    outcome: Outcome | None


@dataclass(frozen=True)
class AnarchySeatView:
    """What one seat may see: the public view, its own hand and what it may do now."""

    public: AnarchyPublicView
    seat: Seat
    hand: tuple[Card, ...]
    drawn_card: Card | None
    legal_actions: tuple[AnarchyAction, ...]
