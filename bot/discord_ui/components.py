"""Buttons and selects that survive restarts.

Each is a discord.py DynamicItem: its custom_id names the match (and, where a click must not act on an old
board, the state version), and it is registered once with `add_dynamic_items`. Nothing is kept in a View:
every click loads the match from storage through the table controller (`client.tables`). Messages carry them
in a `Controls`, which discord.py does not keep either.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord_ui.limits import BUTTON_LABEL, OPTION_LABEL, fit_text

CUSTOM_ID_PREFIX = "anth:"
"""Every custom_id of ours starts so (the templates below spell it out)."""
LOBBY_LABELS = {"join": "Join", "leave": "Leave", "start": "Start"}


class Controls(discord.ui.View):
    """The buttons and menus of one message, all dynamic items. discord.py keeps every View a message is sent or
    edited with, to route its clicks (and gives an ephemeral reply's a 15-minute timer task, all of it alive until
    then): ours are routed by their custom_id alone, so this one is stopped at once and never kept."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"anth:lobby:(?P<match_id>\d+):(?P<verb>join|leave|start)"
):
    """Join, Leave or Start on a lobby message."""

    def __init__(self, match_id: int, verb: str) -> None:
        style = discord.ButtonStyle.success if verb == "start" else discord.ButtonStyle.secondary
        if verb == "join":
            style = discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(label=LOBBY_LABELS[verb], style=style, custom_id=f"anth:lobby:{match_id}:{verb}")
        )
        self.match_id = match_id
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["match_id"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.tables.lobby_clicked(interaction, self.match_id, self.verb)


class LeaveGameButton(discord.ui.DynamicItem[discord.ui.Button], template=r"anth:leavegame:(?P<match_id>\d+)"):
    """The confirmation of /leave in a running game: a computer takes the clicker's seat for the rest of it."""

    def __init__(self, match_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Leave the game", style=discord.ButtonStyle.danger, custom_id=f"anth:leavegame:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LeaveGameButton:
        return cls(int(match["match_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.tables.leave_game(interaction, self.match_id)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"anth:hand:(?P<match_id>\d+)"):
    """The private-panel button on a board ("My hand", "My role"): answers with the clicker's panel, ephemerally.

    Its label is the game's (`GameRenderer.panel_label`); a click needs only the match id."""

    def __init__(self, match_id: int, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or "Mine", style=discord.ButtonStyle.primary, custom_id=f"anth:hand:{match_id}"
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["match_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.tables.hand_requested(interaction, self.match_id)


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"anth:act:(?P<match_id>\d+):(?P<version>\d+):(?P<action>[^:]{1,60})",
):
    """A button that takes one game action (its notation is in the custom_id) on one board version."""

    def __init__(self, match_id: int, version: int, action: str, label: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label or action, BUTTON_LABEL),
                style=discord.ButtonStyle.secondary,
                custom_id=f"anth:act:{match_id}:{version}:{action}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionButton:
        return cls(int(match["match_id"]), int(match["version"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.tables.action_chosen(interaction, self.match_id, self.version, self.action)


class ActionSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"anth:pick:(?P<match_id>\d+):(?P<version>\d+):(?P<part>\d+)",
):
    """A select whose option values are game action notations, on one board version.

    Discord allows 25 options a select, so long lists are split into parts, each with its own custom_id.
    """

    def __init__(
        self,
        match_id: int,
        version: int,
        part: int = 0,
        choices: list[tuple[str, str]] | None = None,
        placeholder: str = "",
    ) -> None:
        options = [
            discord.SelectOption(label=fit_text(label, OPTION_LABEL), value=notation)
            for label, notation in choices or []
        ]
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"anth:pick:{match_id}:{version}:{part}",
            placeholder=placeholder or None,
            options=options or [discord.SelectOption(label="-", value="-")],
            min_values=1,
            max_values=1,
        )
        super().__init__(select)
        self.match_id = match_id
        self.version = version

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ActionSelect:
        return cls(int(match["match_id"]), int(match["version"]), int(match["part"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        action = values[0] if values else ""
        await interaction.client.tables.action_chosen(interaction, self.match_id, self.version, action)


class SeveralSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"anth:several:(?P<match_id>\d+):(?P<version>\d+):(?P<verb>[a-z_]{1,20})",
):
    """A select of several values picked at once (cards to exchange); the action is the verb and the values."""

    def __init__(
        self, match_id: int, version: int, verb: str, choices: list[tuple[str, str]] | None = None, most: int = 1,
        placeholder: str = "",
    ) -> None:  # fmt: skip
        options = [
            discord.SelectOption(label=fit_text(label, OPTION_LABEL), value=value) for label, value in choices or []
        ]
        select: discord.ui.Select = discord.ui.Select(
            custom_id=f"anth:several:{match_id}:{version}:{verb}",
            placeholder=placeholder or None,
            options=options or [discord.SelectOption(label="-", value="-")],
            min_values=1,
            max_values=max(1, min(most, len(options))),
        )
        super().__init__(select)
        self.match_id = match_id
        self.version = version
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> SeveralSelect:
        return cls(int(match["match_id"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        action = " ".join((self.verb, *values))
        await interaction.client.tables.action_chosen(interaction, self.match_id, self.version, action)


class EntryButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"anth:entry:(?P<match_id>\d+):(?P<version>\d+):(?P<verb>[a-z_]{1,20})",
):
    """A button that opens a box to type a move in (`EntryBox`), on one version of a private panel."""

    def __init__(self, match_id: int, version: int, verb: str, label: str = "Type") -> None:
        super().__init__(
            discord.ui.Button(
                label=fit_text(label, BUTTON_LABEL),
                style=discord.ButtonStyle.primary,
                custom_id=f"anth:entry:{match_id}:{version}:{verb}",
            )
        )
        self.match_id = match_id
        self.version = version
        self.verb = verb

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EntryButton:
        return cls(int(match["match_id"]), int(match["version"]), match["verb"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.tables.entry_requested(interaction, self.match_id, self.version, self.verb)


ENTRY_BOX = re.compile(r"anth:typed:(?P<match_id>\d+):(?P<version>\d+):(?P<verb>[a-z_]{1,20})")
ENTRY_TEXT_LIMIT = 100


class EntryBox(discord.ui.Modal):
    """The box an `EntryButton` opens. Its submission is read by its custom_id (`ENTRY_BOX`) in the table
    controller, never by this object, so a box left open across a restart still works."""

    def __init__(self, match_id: int, version: int, verb: str, title: str, field: str, placeholder: str) -> None:
        super().__init__(title=fit_text(title, BUTTON_LABEL), custom_id=f"anth:typed:{match_id}:{version}:{verb}")
        self.add_item(
            discord.ui.TextInput(
                label=fit_text(field, BUTTON_LABEL),
                custom_id="text",
                placeholder=fit_text(placeholder, OPTION_LABEL) or None,
                max_length=ENTRY_TEXT_LIMIT,
            )
        )
        # A stopped modal is not kept by discord.py: its submission reaches only the controller's listener.
        self.stop()


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"anth:options:(?P<match_id>\d+)"):
    """On a lobby: one menu of every table option's choices ("Judging: vote"), for the opener to change."""

    def __init__(self, match_id: int, choices: list[tuple[str, str, str]] | None = None) -> None:
        options = [
            discord.SelectOption(
                label=fit_text(label, OPTION_LABEL),
                value=setting,
                description=fit_text(help_text, OPTION_LABEL) or None,
            )
            for label, setting, help_text in choices or []
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=f"anth:options:{match_id}",
                placeholder="Change an option (opener)",
                options=options or [discord.SelectOption(label="-", value="-")],
            )
        )
        self.match_id = match_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionSelect:
        return cls(int(match["match_id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = (interaction.data or {}).get("values") or []
        await interaction.client.tables.option_chosen(interaction, self.match_id, values[0] if values else "")


class RecordsButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"anth:rec:(?P<view>stats|leaders|record):(?P<key>[a-z0-9_.-]{1,40}):(?P<page>\d{1,6}):(?P<mode>me|all|post)",
):
    """A page of what finished games left (/stats, /leaderboard, /record): turns the message it is on to page
    `page` (`mode` me: a private message, all: a posted one), or posts that page in the channel (`mode` post).
    `key` names what is shown: a player and game for stats ("<user id>.<game or all>"), a game, a table id."""

    def __init__(self, view: str, key: str, page: int, mode: str, label: str = "", *, disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if mode == "post" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or "Show", style=style, disabled=disabled, custom_id=f"anth:rec:{view}:{key}:{page}:{mode}"
            )
        )
        self.view_name, self.key, self.page, self.mode = view, key, page, mode

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RecordsButton:
        return cls(match["view"], match["key"], int(match["page"]), match["mode"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.client.records.clicked(interaction, self.view_name, self.key, self.page, self.mode)


DYNAMIC_ITEMS = (
    LobbyButton,
    LeaveGameButton,
    HandButton,
    ActionButton,
    ActionSelect,
    SeveralSelect,
    EntryButton,
    OptionSelect,
    RecordsButton,
)
