"""Buttons, selects and boxes that survive restarts, and where a click on one goes.

Each control's custom_id names the match (and, where a click must not act on what its player no longer sees, a
pin of what it showed: bot/matches/pins.py), so a click needs nothing kept in memory: `route_click` reads it and
calls the table controller (`client.tables`) or the records (`client.records`), which load what they need from
storage. Messages carry the controls in a `Controls`, which discord.py does not keep.

discord.py's own DynamicItem routes by custom_id too, but first rebuilds the clicked message as a View and the
control from its custom_id: about a tenth of a millisecond a click, for nothing read here.
"""

from __future__ import annotations

import re

import discord

from bot.discord_ui.limits import BUTTON_LABEL, OPTION_LABEL, fit_text
from bot.matches.pins import PIN_PATTERN

CUSTOM_ID_PREFIX = "anth:"
"""Every custom_id of ours starts so (the templates below spell it out)."""
LOBBY_LABELS = {"join": "Join", "leave": "Leave", "start": "Start"}


class Controls(discord.ui.View):
    """The buttons and menus of one message. discord.py keeps every View a message is sent or edited with, to
    route its clicks (and gives an ephemeral reply's a 15-minute timer task, all of it alive until then): ours
    are routed by their custom_id alone, so this one is stopped at once and never kept."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()


def _options(choices: list[tuple[str, str]]) -> list[discord.SelectOption]:
    # Discord refuses a select without options.
    options = [discord.SelectOption(label=fit_text(label, OPTION_LABEL), value=value) for label, value in choices]
    return options or [discord.SelectOption(label="-", value="-")]


def _pinned_to(found: re.Match[str]) -> tuple[int, str]:
    """The match and the pin of what it showed that a control's custom_id names."""
    return int(found["match_id"]), found["pin"]


def _picked(interaction: discord.Interaction) -> list[str]:
    return (interaction.data or {}).get("values") or []


class LobbyButton(discord.ui.Button):
    """Join, Leave or Start on a lobby message."""

    template = re.compile(r"anth:lobby:(?P<match_id>\d+):(?P<verb>join|leave|start)")

    def __init__(self, match_id: int, verb: str) -> None:
        style = discord.ButtonStyle.success if verb == "start" else discord.ButtonStyle.secondary
        if verb == "join":
            style = discord.ButtonStyle.primary
        super().__init__(label=LOBBY_LABELS[verb], style=style, custom_id=f"anth:lobby:{match_id}:{verb}")

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        await interaction.client.tables.lobby_clicked(interaction, int(found["match_id"]), found["verb"])


class LeaveGameButton(discord.ui.Button):
    """The confirmation of /leave in a running game: a computer takes the clicker's seat for the rest of it."""

    template = re.compile(r"anth:leavegame:(?P<match_id>\d+)")

    def __init__(self, match_id: int) -> None:
        super().__init__(
            label="Leave the game", style=discord.ButtonStyle.danger, custom_id=f"anth:leavegame:{match_id}"
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        await interaction.client.tables.leave_game(interaction, int(found["match_id"]))


class TakeSeatButton(discord.ui.Button):
    """On a running game's board while a seat may be taken over: someone not playing takes it (or, of several,
    picks one in a `SeatSelect`)."""

    template = re.compile(r"anth:seat:(?P<match_id>\d+)")

    def __init__(self, match_id: int) -> None:
        super().__init__(label="Take a seat", style=discord.ButtonStyle.success, custom_id=f"anth:seat:{match_id}")

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        await interaction.client.tables.take_seat_requested(interaction, int(found["match_id"]))


class SeatSelect(discord.ui.Select):
    """The free seats of a running game, for whoever pressed Take a seat to pick one (option values: seats)."""

    template = re.compile(r"anth:seatpick:(?P<match_id>\d+)")

    def __init__(self, match_id: int, choices: list[tuple[str, str]]) -> None:
        super().__init__(
            custom_id=f"anth:seatpick:{match_id}", placeholder="Pick a seat to take over", options=_options(choices)
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        picked = next(iter(_picked(interaction)), "")
        await interaction.client.tables.seat_picked(interaction, int(found["match_id"]), picked)


class PlayAgainButton(discord.ui.Button):
    """On a finished board: open a new table with the same game and options, or sit at the one opened already."""

    template = re.compile(r"anth:again:(?P<match_id>\d+)")

    def __init__(self, match_id: int) -> None:
        super().__init__(label="Play again", style=discord.ButtonStyle.success, custom_id=f"anth:again:{match_id}")

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        await interaction.client.tables.play_again(interaction, int(found["match_id"]))


class HandButton(discord.ui.Button):
    """The private-panel button on a board ("My hand", "My role"): answers with the clicker's panel, ephemerally.

    Its label is the game's (`GameRenderer.panel_label`); a click needs only the match id."""

    template = re.compile(r"anth:hand:(?P<match_id>\d+)")

    def __init__(self, match_id: int, label: str = "") -> None:
        super().__init__(label=label or "Mine", style=discord.ButtonStyle.primary, custom_id=f"anth:hand:{match_id}")

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        await interaction.client.tables.hand_requested(interaction, int(found["match_id"]))


class ActionButton(discord.ui.Button):
    """A button that takes one game action (its notation is in the custom_id), pinned to what it showed."""

    template = re.compile(rf"anth:act:(?P<match_id>\d+):(?P<pin>{PIN_PATTERN}):(?P<action>[^:]{{1,60}})")

    def __init__(self, match_id: int, pin: str, action: str, label: str | None = None) -> None:
        super().__init__(
            label=fit_text(label or action, BUTTON_LABEL),
            style=discord.ButtonStyle.secondary,
            custom_id=f"anth:act:{match_id}:{pin}:{action}",
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        match_id, pin = _pinned_to(found)
        await interaction.client.tables.action_chosen(interaction, match_id, pin, found["action"])


class HintButton(discord.ui.Button):
    """Hint, on a private panel of a table with hints: answers with the move a computer would make, changing
    nothing; pinned to what the panel showed, so a hint is never for a position the player no longer has."""

    template = re.compile(rf"anth:hint:(?P<match_id>\d+):(?P<pin>{PIN_PATTERN})")

    def __init__(self, match_id: int, pin: str) -> None:
        super().__init__(
            label="Hint", emoji="💡", style=discord.ButtonStyle.secondary, custom_id=f"anth:hint:{match_id}:{pin}"
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        match_id, pin = _pinned_to(found)
        await interaction.client.practice.hint_requested(interaction, match_id, pin)


class ActionSelect(discord.ui.Select):
    """A select whose option values are game action notations, pinned to what it showed.

    Discord allows 25 options a select, so long lists are split into parts, each with its own custom_id.
    """

    template = re.compile(rf"anth:pick:(?P<match_id>\d+):(?P<pin>{PIN_PATTERN}):(?P<part>\d+)")

    def __init__(self, match_id: int, pin: str, part: int, choices: list[tuple[str, str]], placeholder: str):
        super().__init__(
            custom_id=f"anth:pick:{match_id}:{pin}:{part}",
            placeholder=placeholder or None,
            options=_options(choices),
            min_values=1,
            max_values=1,
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        action = next(iter(_picked(interaction)), "")
        match_id, pin = _pinned_to(found)
        await interaction.client.tables.action_chosen(interaction, match_id, pin, action)


class SeveralSelect(discord.ui.Select):
    """A select of several values picked at once (cards to exchange); the action is the verb and the values."""

    template = re.compile(rf"anth:several:(?P<match_id>\d+):(?P<pin>{PIN_PATTERN}):(?P<verb>[a-z_]{{1,20}})")

    def __init__(
        self, match_id: int, pin: str, verb: str, choices: list[tuple[str, str]], most: int, placeholder: str
    ) -> None:
        super().__init__(
            custom_id=f"anth:several:{match_id}:{pin}:{verb}",
            placeholder=placeholder or None,
            options=_options(choices),
            min_values=1,
            max_values=max(1, min(most, len(choices))),
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        action = " ".join((found["verb"], *_picked(interaction)))
        match_id, pin = _pinned_to(found)
        await interaction.client.tables.action_chosen(interaction, match_id, pin, action)


class EntryButton(discord.ui.Button):
    """A button that opens a box to type a move in (`EntryBox`), on a private panel, pinned to what it showed."""

    template = re.compile(rf"anth:entry:(?P<match_id>\d+):(?P<pin>{PIN_PATTERN}):(?P<verb>[a-z_]{{1,20}})")

    def __init__(self, match_id: int, pin: str, verb: str, label: str = "Type") -> None:
        super().__init__(
            label=fit_text(label, BUTTON_LABEL),
            style=discord.ButtonStyle.primary,
            custom_id=f"anth:entry:{match_id}:{pin}:{verb}",
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        match_id, pin = _pinned_to(found)
        await interaction.client.tables.entry_requested(interaction, match_id, pin, found["verb"])


ENTRY_TEXT_LIMIT = 100


class EntryBox(discord.ui.Modal):
    """The box an `EntryButton` opens. Its submission is routed by its custom_id like a click, never read by this
    object, so a box left open across a restart still works."""

    template = re.compile(rf"anth:typed:(?P<match_id>\d+):(?P<pin>{PIN_PATTERN}):(?P<verb>[a-z_]{{1,20}})")

    def __init__(self, match_id: int, pin: str, verb: str, title: str, field: str, placeholder: str) -> None:
        super().__init__(title=fit_text(title, BUTTON_LABEL), custom_id=f"anth:typed:{match_id}:{pin}:{verb}")
        self.add_item(
            discord.ui.TextInput(
                label=fit_text(field, BUTTON_LABEL),
                custom_id="text",
                placeholder=fit_text(placeholder, OPTION_LABEL) or None,
                max_length=ENTRY_TEXT_LIMIT,
            )
        )
        # A stopped modal is not kept by discord.py: its submission reaches only `route_click`.
        self.stop()

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        match_id, pin = _pinned_to(found)
        text = _typed_text(interaction.data)
        await interaction.client.tables.entry_submitted(interaction, match_id, pin, found["verb"], text)


def _typed_text(data: dict | None) -> str:
    """The text of a submitted box's one field, wherever Discord nests it."""
    for row in (data or {}).get("components", ()):
        for field in (row.get("component"), *row.get("components", ())):
            if field and field.get("custom_id") == "text":
                return str(field.get("value") or "")
    return ""


class OptionSelect(discord.ui.Select):
    """On a lobby: one menu of every table option's choices ("Judging: vote"), for the opener to change."""

    template = re.compile(r"anth:options:(?P<match_id>\d+)")

    def __init__(self, match_id: int, choices: list[tuple[str, str, str]]) -> None:
        options = [
            discord.SelectOption(
                label=fit_text(label, OPTION_LABEL),
                value=setting,
                description=fit_text(help_text, OPTION_LABEL) or None,
            )
            for label, setting, help_text in choices
        ] or [discord.SelectOption(label="-", value="-")]
        super().__init__(custom_id=f"anth:options:{match_id}", placeholder="Change an option (opener)", options=options)

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        chosen = next(iter(_picked(interaction)), "")
        await interaction.client.tables.option_chosen(interaction, int(found["match_id"]), chosen)


class RecordsButton(discord.ui.Button):
    """A page of what finished games left (/stats, /leaderboard, /record): turns the message it is on to page
    `page` (`mode` me: a private message, all: a posted one), or posts that page in the channel (`mode` post).
    `key` names what is shown: a player and game for stats ("<user id>.<game or all>"), a game, a table id."""

    template = re.compile(
        r"anth:rec:(?P<view>stats|leaders|record):(?P<key>[a-z0-9_.-]{1,40}):(?P<page>\d{1,6}):(?P<mode>me|all|post)"
    )

    def __init__(self, view: str, key: str, page: int, mode: str, label: str = "", *, disabled: bool = False) -> None:
        style = discord.ButtonStyle.primary if mode == "post" else discord.ButtonStyle.secondary
        super().__init__(
            label=label or "Show", style=style, disabled=disabled, custom_id=f"anth:rec:{view}:{key}:{page}:{mode}"
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        page = int(found["page"])
        await interaction.client.records.clicked(interaction, found["view"], found["key"], page, found["mode"])


class RulesTopicSelect(discord.ui.Select):
    """On a /rules message: the game's help topics (option values: topic keys); the one shown is marked."""

    template = re.compile(r"anth:rules:(?P<game>[a-z_]{1,30})")

    def __init__(self, game: str, choices: list[tuple[str, str]], shown: str) -> None:
        options = [discord.SelectOption(label=label, value=key, default=key == shown) for label, key in choices]
        super().__init__(custom_id=f"anth:rules:{game}", placeholder="Read a topic", options=options)

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        topic = next(iter(_picked(interaction)), "")
        await interaction.client.rules_help.turned_to(interaction, found["game"], topic, 0)


class RulesPageButton(discord.ui.Button):
    """On a /rules message showing a topic of several pages: turns the message to page `page` of it."""

    template = re.compile(r"anth:rulespage:(?P<game>[a-z_]{1,30}):(?P<topic>[a-z0-9-]{1,40}):(?P<page>\d{1,3})")

    def __init__(self, game: str, topic: str, page: int, label: str, *, disabled: bool = False) -> None:
        super().__init__(
            label=label,
            style=discord.ButtonStyle.secondary,
            disabled=disabled,
            custom_id=f"anth:rulespage:{game}:{topic}:{page}",
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        await interaction.client.rules_help.turned_to(interaction, found["game"], found["topic"], int(found["page"]))


REPLAY_STEPS = {"first": "⏮", "back": "◀", "next": "▶", "last": "⏭"}
"""The steps of a replay's buttons, by the word its custom_id carries (two of them may lead to one move: the
word keeps their custom_ids apart, as Discord wants)."""


class ReplayButton(discord.ui.Button):
    """A finished game's board as it was after move `move` (0: as dealt): opens a private replay there (`mode`
    open), turns the replay it is on there (me: a private replay, all: a posted one), or posts that move's board
    in the channel (post). `step` tells apart buttons that lead to the same move."""

    template = re.compile(
        r"anth:replay:(?P<match_id>\d{1,16}):(?P<move>\d{1,6}):(?P<mode>open|me|all|post)(?::(?P<step>[a-z]{1,5}))?"
    )

    def __init__(
        self, match_id: int, move: int, mode: str, label: str = "", *, step: str = "", disabled: bool = False
    ) -> None:
        style = discord.ButtonStyle.primary if mode in ("open", "post") else discord.ButtonStyle.secondary
        custom_id = f"anth:replay:{match_id}:{move}:{mode}" + (f":{step}" if step else "")
        super().__init__(label=label or REPLAY_STEPS[step], style=style, disabled=disabled, custom_id=custom_id)

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        move = int(found["move"])
        await interaction.client.records.replay_clicked(interaction, int(found["match_id"]), move, found["mode"])


class ReplaySelect(discord.ui.Select):
    """A replay's menu of places to jump to (a round, a stretch of moves): each option's value is a move."""

    template = re.compile(r"anth:replayto:(?P<match_id>\d{1,16}):(?P<mode>me|all)")

    def __init__(self, match_id: int, mode: str, choices: list[tuple[str, str]]) -> None:
        super().__init__(
            custom_id=f"anth:replayto:{match_id}:{mode}", placeholder="Jump to…", options=_options(choices)
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        move = next(iter(_picked(interaction)), "")
        await interaction.client.records.replay_clicked(
            interaction, int(found["match_id"]), int(move) if move.isdigit() else 0, found["mode"]
        )


LEAGUE_LABELS = {"join": "Join", "leave": "Leave", "computer": "Add a computer", "start": "Start"}


class LeagueButton(discord.ui.Button):
    """Join, Leave, Add a computer or Start on a league's board before it starts."""

    template = re.compile(r"anth:league:(?P<league_id>\d{1,19}):(?P<verb>join|leave|computer|start)")

    def __init__(self, league_id: int, verb: str) -> None:
        style = {"join": discord.ButtonStyle.primary, "start": discord.ButtonStyle.success}
        super().__init__(
            label=LEAGUE_LABELS[verb],
            style=style.get(verb, discord.ButtonStyle.secondary),
            custom_id=f"anth:league:{league_id}:{verb}",
        )

    @staticmethod
    async def clicked(interaction: discord.Interaction, found: re.Match[str]) -> None:
        await interaction.client.leagues.button_clicked(interaction, int(found["league_id"]), found["verb"])


ROUTES = {
    "league": LeagueButton,
    "lobby": LobbyButton,
    "leavegame": LeaveGameButton,
    "seat": TakeSeatButton,
    "seatpick": SeatSelect,
    "again": PlayAgainButton,
    "hand": HandButton,
    "act": ActionButton,
    "hint": HintButton,
    "pick": ActionSelect,
    "several": SeveralSelect,
    "entry": EntryButton,
    "typed": EntryBox,
    "options": OptionSelect,
    "rec": RecordsButton,
    "rules": RulesTopicSelect,
    "rulespage": RulesPageButton,
    "replay": ReplayButton,
    "replayto": ReplaySelect,
}
"""The second part of a custom_id ("anth:<kind>:…") -> the control it belongs to."""


async def route_click(interaction: discord.Interaction, custom_id: str) -> bool:
    """Hand a click (or a box's submission) on one of our controls to what it is for. False when the custom_id
    is not one this version of the bot makes."""
    control = ROUTES.get(custom_id.split(":", 2)[1] if custom_id.startswith(CUSTOM_ID_PREFIX) else "")
    found = control.template.fullmatch(custom_id) if control is not None else None
    if found is None:
        return False
    await control.clicked(interaction, found)
    return True
