"""What a table's board message shows, for any state of its match: the lobby (who sits, the options, Join,
Leave and Start), the game (the game's own board, its "Latest" lines, whose turn clock runs out when, the board's
buttons and menus, the picture) and its end (the outcome and final standings, and Play again with the link to the
table it opened; a lobby Play again opened links back).

Built from a `Snapshot` the host returned; the "Latest" lines are what this process remembers of the last
changes, read back from the action log for changes it did not see.
"""

from __future__ import annotations

import io
from collections import deque
from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta

import discord

from bot.catalogue import Game
from bot.discord_ui.components import (
    ActionButton,
    ActionSelect,
    Controls,
    HandButton,
    LobbyButton,
    OptionSelect,
    PlayAgainButton,
    ReplayButton,
    TakeSeatButton,
)
from bot.discord_ui.limits import SELECT_OPTIONS, fit_message
from bot.discord_ui.my_games import board_link
from bot.discord_ui.options import option_choices, option_word
from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.settings_cache import SettingsCache
from bot.discord_ui.standings import final_standings, result_text
from bot.discord_ui.wording import mention
from bot.engine import Event
from bot.matches import Match, MatchHost, MatchStatus, Player, Snapshot
from bot.matches.practice import is_practice
from bot.matches.seat_taking import free_seats, table_options
from bot.players import clock_runs_out

FIELD_VALUE = 1024
"""The most characters Discord takes in an embed field's value."""
CHANGES_RECALLED = 12
"""Changes read back from the action log for a board's "Latest" lines when this process missed them."""
CHAT_UNREADABLE = (
    "I can't read messages in this server (my Message Content intent is off), "
    "so use `{command}` instead of typing in chat."
)
PICTURE_NAME = "board.png"
"""The file name of a board's picture, which its embed shows."""
STATUS_COLOURS = {
    MatchStatus.LOBBY: discord.Colour.blurple(),
    MatchStatus.PLAYING: discord.Colour.green(),
    MatchStatus.FINISHED: discord.Colour.gold(),
    MatchStatus.ABANDONED: discord.Colour.dark_grey(),
    MatchStatus.EXPIRED: discord.Colour.dark_grey(),
}


def latest_text(lines: Sequence[str]) -> str:
    """The "Latest" field's value: the lines oldest first, as many of the newest as fit in a field."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        size += len(line) + 1
        if kept and size > FIELD_VALUE + 1:
            break
        kept.append(line)
    return "\n".join(reversed(kept))[:FIELD_VALUE]


class BoardMessages:
    """Builds board messages, and keeps each live match's "Latest" lines."""

    def __init__(self, host: MatchHost, games: Mapping[str, Game], settings: SettingsCache) -> None:
        self.host = host
        self.games = games
        self.settings = settings
        self.reads_chat = True
        """False when Discord withholds message text (no Message Content intent): typed moves need /answer."""
        self._recent: dict[int, deque[str]] = {}
        self._recent_through: dict[int, int] = {}
        """Match id -> the version up to which `_recent` holds every change's lines."""

    def renderer(self, match: Match) -> GameRenderer:
        return self.games[match.game].renderer

    def board_message(self, snapshot: Snapshot, *, editing: bool = False) -> dict:
        """The board's embed and components for any state of the match (lobby, playing, over), with the game's
        picture attached when it has one (`editing`: for an edit, which replaces the attachment)."""
        match = snapshot.match
        if match.status is MatchStatus.LOBBY or snapshot.public_view is None:
            return fit_message({"embed": self._lobby_embed(snapshot), "view": self._lobby_view(match)})
        renderer = self.renderer(match)
        rules = self.games[match.game].rules
        embed = renderer.board(match, snapshot.public_view)
        embed.colour = STATUS_COLOURS[match.status]
        recent = self._recent.get(match.id)
        if recent:
            embed.add_field(name="Latest", value=latest_text(recent), inline=False)
        clocks = self._clock_lines(snapshot) if match.status is MatchStatus.PLAYING else []
        if clocks:
            embed.add_field(name="Turn clock", value="\n".join(clocks)[:1024], inline=False)
        if rules.takes_typed_moves and not self.reads_chat and match.status is MatchStatus.PLAYING:
            embed.add_field(
                name="Typing moves", value=CHAT_UNREADABLE.format(command=renderer.typed_command), inline=False
            )
        if match.status is MatchStatus.FINISHED:
            embed.add_field(name="Game over", value=result_text(snapshot, renderer), inline=False)
            embed.add_field(name="Final standings", value=final_standings(snapshot, renderer), inline=False)
            if snapshot.linked is not None:
                embed.add_field(name="Played again", value=table_link(snapshot.linked), inline=False)
        elif match.status is MatchStatus.ABANDONED:
            embed.add_field(name="Abandoned", value="This game was abandoned.", inline=False)
        components = Controls()
        if match.status is MatchStatus.PLAYING:
            pin = snapshot.pin(None)
            for part, menu in enumerate(renderer.board_menus(match, snapshot.public_view)):
                choices = [(choice.label, choice.action) for choice in menu.choices[:SELECT_OPTIONS]]
                components.add_item(ActionSelect(match.id, pin, part, choices, menu.placeholder))
            for choice in renderer.board_actions(match, snapshot.public_view):
                components.add_item(ActionButton(match.id, pin, choice.action, choice.label))
            if renderer.has_private_panel:
                components.add_item(HandButton(match.id, renderer.panel_label))
            if free_seats(match):
                components.add_item(TakeSeatButton(match.id))
        elif match.status is MatchStatus.FINISHED:
            if not is_practice(match):  # another practice is a /practice away; Play again would seek others
                components.add_item(PlayAgainButton(match.id))
            components.add_item(ReplayButton(match.id, 0, "open", "Replay"))
        message = {"embed": embed, "view": components}
        picture = renderer.board_picture(match, snapshot.public_view)
        if picture is not None:
            embed.set_image(url=f"attachment://{PICTURE_NAME}")
            attached = discord.File(io.BytesIO(picture), filename=PICTURE_NAME)
            message["attachments" if editing else "file"] = [attached] if editing else attached
        return fit_message(message)

    def _clock_lines(self, snapshot: Snapshot) -> list[str]:
        """Whom the game waits for and when their turn clock runs out (a Discord timestamp, which every viewer
        sees in their own time), the seats a computer plays, who took over a seat, and the moves a computer made
        when clocks ran out."""
        match = snapshot.match
        lines = []
        for seat in sorted(snapshot.actors):
            player = match.at_seat(seat)
            due = self.clock_due(match, player)
            if due is not None:
                away = " (it stops in their away hours)" if self.settings.known(player.user_id).has_away_hours else ""
                lines.append(f"⏳ {mention(player)}: <t:{int(due.timestamp())}:R>{away}")
        for player in match.players:
            if player.left:
                lines.append(f"🤖 {player.name} left the game: a computer plays their seat for the rest of it.")
            elif player.computer_plays:
                lines.append(f"🤖 A computer plays for {player.name} until they make a move of their own.")
            elif player.stood_in:
                lines.append(
                    f"⏱️ {player.name}'s clock ran out, so a computer moved for them ({player.stood_in} in a row)."
                )
        for leaver in match.departed:
            lines.append(f"🪑 {mention(match.at_seat(leaver.seat))} took over {leaver.name}'s seat.")
        return lines

    def clock_due(self, match: Match, player: Player) -> datetime | None:
        """When the player's turn clock runs out, counted outside their away hours (None: no clock runs for
        them: the table has none, or a computer plays the seat)."""
        if player.is_computer or player.computer_plays or not match.clock_seconds:
            return None
        settings = self.settings.known(player.user_id)
        return clock_runs_out(settings, match.updated_at, timedelta(seconds=match.clock_seconds))

    def _lobby_embed(self, snapshot: Snapshot) -> discord.Embed:
        match = snapshot.match
        rules = self.games[match.game].rules
        titles = {
            MatchStatus.LOBBY: f"{rules.title}: a table is open",
            MatchStatus.ABANDONED: f"{rules.title}: table closed",
            MatchStatus.EXPIRED: f"{rules.title}: table expired",
        }
        embed = discord.Embed(title=titles.get(match.status, rules.title), colour=STATUS_COLOURS[match.status])
        everyone = self.host.everyone_at(match)
        seated = "\n".join(
            f"{player.seat + 1}. {mention(player)}" + (" (opener)" if player.user_id == match.opener_id else "")
            for player in everyone
        )
        embed.add_field(name=f"Players ({len(everyone)}/{rules.max_players})", value=seated or "nobody", inline=False)
        changed = [
            f"{option.label}: {option_word(match.options[option.key])}"
            for option in table_options(rules)
            if match.options.get(option.key, option.default) != option.default
        ]
        embed.add_field(name="Options", value="\n".join(changed) or "standard rules", inline=False)
        if match.status is MatchStatus.LOBBY:
            embed.description = (
                f"Press **Join** to take a seat. The opener presses **Start** when "
                f"{rules.min_players}-{rules.max_players} players are seated. `/rules` explains the game."
            )
            if snapshot.linked is not None:
                embed.add_field(name="Playing again", value=f"This table follows {table_link(snapshot.linked)}.")
        elif match.status is MatchStatus.EXPIRED:
            embed.description = "Nobody started this table for a day, so it closed. Open a new one with /play."
        else:
            embed.description = "This table was closed before the game began."
        return embed

    def _lobby_view(self, match: Match) -> Controls:
        view = Controls()
        if match.status is MatchStatus.LOBBY:
            for verb in ("join", "leave", "start"):
                view.add_item(LobbyButton(match.id, verb))
            choices = option_choices(self.games[match.game].rules, match.options)
            if choices:
                view.add_item(OptionSelect(match.id, choices))
        return view

    def remember(self, match: Match, events: Sequence[Event]) -> None:
        """Keep the last few public lines, shown on the board under "Latest". Lines of changes this process did
        not make (another process's, or from before a restart) are read from the action log at the next board
        edit (`recall_recent`), which also puts right lines remembered twice while some were missing."""
        if self._recent_through.get(match.id, 0) >= match.version:
            return  # remembered already, when a click's answer was to show the board
        renderer = self.renderer(match)
        _add_latest(self._recent.setdefault(match.id, deque(maxlen=renderer.latest_lines)), renderer, match, events)
        if self._recent_through.get(match.id) == match.version - 1:
            self._recent_through[match.id] = match.version

    async def recall_recent(self, match: Match) -> None:
        """Read the "Latest" lines of the changes this process has not seen from the action log."""
        if self._recent_through.get(match.id, 0) >= match.version or match.status is MatchStatus.LOBBY:
            return
        renderer = self.renderer(match)
        recent = deque(maxlen=renderer.latest_lines)
        for version, events in await self.host.changes_after(match, max(match.version - CHANGES_RECALLED, 0)):
            _add_latest(recent, renderer, match.seated_at(version), events)
        self._recent[match.id] = recent
        self._recent_through[match.id] = match.version

    def forget(self, match_id: int) -> None:
        """The match is over and its board shows so: its "Latest" lines are needed no more."""
        self._recent.pop(match_id, None)
        self._recent_through.pop(match_id, None)


def _add_latest(recent: deque[str], renderer: GameRenderer, match: Match, events: Sequence[Event]) -> None:
    """Add the public lines of a change's events to the board's "Latest" lines. A change that begins a new game of
    a match (`GameRenderer.begins_a_game`) starts them afresh from it: the last game's rolls are no news in it."""
    beginning = max((index for index, event in enumerate(events) if renderer.begins_a_game(event)), default=None)
    if beginning is not None:
        recent.clear()
        events = events[beginning:]
    recent.extend(renderer.describe(match, events, None))


def table_link(match: Match) -> str:
    """A table named by its number (the one /record takes), linked to its board."""
    return f"[table #{match.id}]({board_link(match)})"
