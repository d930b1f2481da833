"""How each game looks in Discord. A renderer turns a game's views (never its raw state) into embeds and
choices; the table controller builds the components from those choices, so every game gets the same
buttons, selects, versions and refusals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

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


@dataclass(frozen=True)
class Announcement:
    """Something to say in the table's channel after a change: a message, or a reaction on a player's message."""

    content: str = ""
    react_to: int | None = None
    emoji: str = ""


@dataclass(frozen=True)
class TypedMove:
    """A chat message read as a game action; `for_game` actions are applied on the game's own behalf."""

    action: str
    for_game: bool = False


class GameRenderer:
    """The base every game's renderer extends; the defaults fit a turn-based game with private hands."""

    has_private_panel: bool = True
    """Whether players have something private (a hand): the board then offers "My hand", and DMs are sent."""
    takes_typed_moves: bool = False
    """Whether players move by typing in the channel (see `typed_move`)."""

    def board(self, match: Match, view: Any) -> discord.Embed:
        """The shared board: what everyone may see."""
        raise NotImplementedError

    def board_actions(self, match: Match, view: Any) -> Sequence[Choice]:
        """Actions offered as buttons on the board itself (pinned to the board's version)."""
        return ()

    def panel(self, match: Match, view: Any) -> PrivatePanel:
        """One seat's private panel, from that seat's view."""
        raise NotImplementedError

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        """Lines that tell `seat` (None: everyone) what these events were, in the order they happened."""
        return []

    def announcements(self, match: Match, events: Sequence[Event]) -> Sequence[Announcement]:
        """Messages and reactions for the channel after these events (a face-off called, an answer marked)."""
        return ()

    def typed_move(self, match: Match, view: Any, seat: int | None, message_id: int, text: str) -> TypedMove | None:
        """The move a chat message stands for in this game (None: it is just chat). `seat` is None for someone
        who may not act now (a spectator, or a player waiting)."""
        return None

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        """One or two sentences announcing how the game ended."""
        raise NotImplementedError
