"""How each game looks in Discord. A renderer turns a game's views (never its raw state) into embeds and
choices; the table controller builds the components from those choices, so every game gets the same
buttons, selects, versions and refusals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import discord

from bot.engine import Event, Outcome
from bot.matches import Match


@dataclass(frozen=True)
class Choice:
    """One action a player may pick: what the control says, and the action's notation."""

    label: str
    action: str


@dataclass(frozen=True)
class PrivatePanel:
    """What one player sees privately (DM or ephemeral): an embed, actions to pick from a select, and buttons."""

    embed: discord.Embed
    picks: Sequence[Choice] = ()
    buttons: Sequence[Choice] = ()
    pick_placeholder: str = "Choose an action"
    notes: Sequence[str] = field(default_factory=tuple)


class GameRenderer(Protocol):
    def board(self, match: Match, view: Any) -> discord.Embed:
        """The shared board: what everyone may see."""
        ...

    def panel(self, match: Match, view: Any) -> PrivatePanel:
        """One seat's private panel, from that seat's view."""
        ...

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        """Lines that tell `seat` (None: everyone) what these events were, in the order they happened."""
        ...

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        """One or two sentences announcing how the game ended."""
        ...
