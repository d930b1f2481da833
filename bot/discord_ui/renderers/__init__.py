"""How each game looks in Discord. A renderer turns a game's views (never its raw state) into embeds and
choices; the table controller builds the components from those choices, so every game gets the same
buttons, selects, versions and refusals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.engine import Event, Outcome, Seat
from bot.matches import Match, MatchStatus


@dataclass(frozen=True)
class Choice:
    """One action a player may pick: what the control says, and the action's notation."""

    label: str
    action: str


@dataclass(frozen=True)
class Menu:
    """A menu of actions to pick one from, with the placeholder it shows."""

    placeholder: str
    choices: Sequence[Choice]


@dataclass(frozen=True)
class TypedEntry:
    """A button that opens a box to type in; the action is `verb` followed by the text typed ("word pawn")."""

    verb: str
    label: str
    """The button's label and the box's title."""
    field: str
    placeholder: str = ""


@dataclass(frozen=True)
class SeveralPick:
    """A menu to pick one or more values from at once; the action is `verb` followed by the values picked
    ("exchange Q01 Z01"). Each choice's `action` is its value."""

    verb: str
    choices: Sequence[Choice]
    most: int
    placeholder: str


@dataclass(frozen=True)
class PrivatePanel:
    """What one player sees privately (DM or ephemeral): an embed, actions to pick from a select, buttons, and
    where the game needs them a box to type a move in and a menu to pick several values from."""

    embed: discord.Embed
    picks: Sequence[Choice] = ()
    buttons: Sequence[Choice] = ()
    pick_placeholder: str = "Choose an action"
    notes: Sequence[str] = field(default_factory=tuple)
    typed: TypedEntry | None = None
    several: SeveralPick | None = None
    menus: Sequence[Menu] = ()
    """More menus of actions, each with its own placeholder, after `picks`."""


@dataclass(frozen=True)
class Announcement:
    """Something to say in the table's channel after a change: a message (with a picture attached, named
    `picture_name`), or a reaction on a player's message."""

    content: str = ""
    react_to: int | None = None
    emoji: str = ""
    picture: bytes | None = None
    picture_name: str = ""


class GameRenderer:
    """The base every game's renderer extends; the defaults fit a turn-based game with private hands."""

    has_private_panel: bool = True
    """Whether players have something private (a hand): the board then offers `panel_label`, and DMs are sent."""
    panel_label: str = "My hand"
    """The board's button that shows a player their private panel."""
    panel_noun: str = "your hand"
    """What that panel holds, as a sentence names it ("Here is your hand")."""
    panel_noun_is_plural: bool = False
    """Whether `panel_noun` takes a plural verb ("Here are your letters")."""
    shows_picture: bool = False
    """Whether the board carries a picture (`board_picture`): the bot then needs the Attach Files permission."""
    typed_command: str = "/answer"
    """The slash command that stands in for typing a move in chat, in a game that takes typed moves."""
    names_chapters: bool = False
    """Whether the game names the parts of a game (`replay_chapter`), which a replay's menu jumps to; else the
    menu offers stretches of moves."""
    latest_lines: int = 4
    """How many of `describe`'s newest public lines the board shows under "Latest"."""

    def __init__(self, content: Any = None) -> None:
        """A game with content (bot/catalogue.py) builds its renderer with it; one that shows none ignores it."""

    @property
    def panel_here(self) -> str:
        """The sentence that hands a player their panel: "Here is your hand." or "Here are your letters."."""
        return f"Here {'are' if self.panel_noun_is_plural else 'is'} {self.panel_noun}."

    def board(self, match: Match, view: Any) -> discord.Embed:
        """The shared board: what everyone may see."""
        raise NotImplementedError

    @staticmethod
    def board_has_buttons(match: Match) -> bool:
        """Whether the board offers its buttons (its panel's among them): only while the game is played, so the
        board of a finished game (or a replay of it) tells nobody to press a button it does not have."""
        return match.status is MatchStatus.PLAYING

    def board_actions(self, match: Match, view: Any) -> Sequence[Choice]:
        """Actions offered as buttons on the board itself (pinned to what the board showed)."""
        return ()

    def board_picture(self, match: Match, view: Any) -> bytes | None:
        """A PNG the board shows under its embed (Anachronism's arena), or None."""
        return None

    def board_menus(self, match: Match, view: Any) -> Sequence[Menu]:
        """Menus of actions on the board itself, each at most 25 choices (pinned to what the board showed)."""
        return ()

    def game_picture(self, match: Match, views: Sequence[Any]) -> bytes | None:
        """An animated GIF of the whole game, from the public views after each move from the deal on, at most
        `limits.UPLOAD` bytes (Anachronism's arena, attached to the result line), or None."""
        return None

    def panel(self, match: Match, view: Any) -> PrivatePanel:
        """One seat's private panel, from that seat's view."""
        raise NotImplementedError

    def begins_a_game(self, event: Event) -> bool:
        """Whether the event ends one game of a match and so begins the next (or the match's end): the board's
        "Latest" lines start afresh from it."""
        return False

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        """Lines that tell `seat` (None: everyone) what these events were, in the order they happened. For
        everyone, each public event gets a line (but the end of the game, which the board and the record tell
        with the outcome), from the event alone: the board shows the newest under "Latest" and /record lists them
        all, so they never tell what an event hidden from the public held."""
        return []

    def replay_chapter(self, match: Match, events: Sequence[Event]) -> str | None:
        """The name of the part of the game these public events (one move's) begin ("Round 2"), for a replay's
        menu of places to jump to; None where they begin none. Asked only of a game that `names_chapters`."""
        return None

    def announcements(self, match: Match, events: Sequence[Event]) -> Sequence[Announcement]:
        """Messages and reactions for the channel after these events (a face-off called, an answer marked)."""
        return ()

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        """One or two sentences announcing how the game ended."""
        raise NotImplementedError

    def final_detail(self, match: Match, view: Any, outcome: Outcome, seat: Seat) -> str:
        """What the final standings say of a seat besides its place, from the finished public view ("0 cards
        left"); by default its score, in a game that scores."""
        score = outcome.scores.get(seat)
        return "" if score is None else f"{score} points"
