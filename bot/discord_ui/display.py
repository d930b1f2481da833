"""Everything the bot shows in Discord for a table: the board message, private panels, DMs and notices.

What a change must show is delivered at least once, in order, until Discord accepts it, even across a crash.
The match record says how far each kind of showing got, and whatever is behind is caught up at start-up and
retried with back-off (`RETRY_DELAYS`) while the bot runs:

- the board: `board_version` is the version its message shows. Edits are coalesced: at most one is in flight
  per board, edits of one board are at least `board_edit_interval` seconds apart (Discord allows about five
  message edits per channel in five seconds), and each shows the latest state, so a missed edit needs no replay.
  A click on the board may show its change through its own answer, but only while no edit of that board is on
  its way (`claim_board`), so the board never goes back to an older version than it showed.
- the turn notice: the change that begins someone's turn stores `turn_notice_version` with itself;
  `turn_told_version` follows once every DM went out. A retry sends the panel of the match as it is by then.
- channel announcements (a face-off called, a win, the result): the lines of each change are derived from the
  events the action log stores with it, so the log is the outbox. `announced_version` is the version up to
  which every change's lines were said; one worker per match says them in version order, noting the version
  after each change that said something (quiet changes are noted with the next board edit). A line sent just
  before a crash, whose note was lost, is sent again with the same nonce, which Discord uses to return the
  message it already has rather than post a second one: never twice.

DMs are a convenience: when Discord refuses one because the player's DMs are closed, the game goes on and the
channel tells that player to use the board's button for their private panel ("My hand") instead.

Everything here draws from a `Snapshot` the host returned, so a change is decoded once, not once per message.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
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
)
from bot.discord_ui.limits import CONTENT, SELECT_OPTIONS, fit_message, fit_text
from bot.discord_ui.options import option_choices, option_word
from bot.discord_ui.panels import PrivatePanels
from bot.discord_ui.renderers import Announcement, GameRenderer
from bot.discord_ui.standings import final_standings
from bot.discord_ui.wording import mention, pinging
from bot.engine import Event
from bot.matches import DeadlineFired, DeadlineKind, Match, MatchHost, MatchStatus, Player, Snapshot
from bot.players import DM, MENTION, QUIET, PlayerSettings, clock_runs_out

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
TOO_MANY_LATE_EDITS = 30046
"""Discord's answer to one edit too many of a message over an hour old."""
BOARD_FRESH_FOR = timedelta(hours=1)
MESSAGES_OVER_BOARD = 20
RECENT_LINES = 4
CHANGES_RECALLED = 12
"""Changes read back from the action log for a board's "Latest" lines when this process missed them."""
BOARD_EDIT_INTERVAL_SECONDS = 1.0
COMMAND_REPLIES_KEPT = 500
CLOSED_DMS_KEPT = 500
"""Players whose closed DMs this process told their table about, the newest first: by the time as many more
were told, every DM sent to them before the closure was stored has had its answer."""
RETRY_DELAYS = (2.0, 5.0, 15.0, 60.0)
"""Seconds before trying a refused board edit, DM or announcement again: soon at first, then once a minute for as
long as it takes."""
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


class TableDisplay:
    """Renders matches and sends them to Discord; see the module docstring."""

    def __init__(self, client: discord.Client, host: MatchHost, games: Mapping[str, Game]) -> None:
        self.client = client
        self.host = host
        self.games = games
        self.board_edit_interval = BOARD_EDIT_INTERVAL_SECONDS
        self.retry_delays = RETRY_DELAYS
        self.panels = PrivatePanels(games)
        self.reads_chat = True
        """False when Discord withholds message text (no Message Content intent): typed moves need /answer."""
        self._board_edit_pending: dict[int, bool] = {}
        self._last_board_edit: dict[int, float] = {}
        self._board_editing: set[int] = set()
        """Matches whose board edit is under way (from loading the match to Discord's answer)."""
        self._board_answers: dict[int, asyncio.Event] = {}
        """Match id -> set once the click answering with the board under way has its answer (`claim_board`)."""
        self._clicks_waiting: set[int] = set()
        """Matches with a click on the board whose change waits for the next edit, which goes at once."""
        self._recent: dict[int, deque[str]] = {}
        self._recent_through: dict[int, int] = {}
        """Match id -> the version up to which `_recent` holds every change's lines."""
        self._dm_channel_ids: dict[int, int] = {}
        self._dm_channels_opening: dict[int, asyncio.Task[int]] = {}
        """User id -> the call under way that opens their DM channel, which every DM to them meanwhile awaits."""
        self._closed_dms_told: dict[tuple[int, int], None] = {}
        """(match id, user id) of players told in the table's channel that their DMs are closed (`CLOSED_DMS_KEPT`)."""
        self._said: dict[int, int] = {}
        """Match id -> the version up to which every change's announcements were said."""
        self._to_say: dict[int, dict[int, tuple[Snapshot, tuple[Event, ...]]]] = {}
        """Match id -> changes not said yet, by version, with the snapshot and events they came with."""
        self._say_through: dict[int, Snapshot] = {}
        """Match id -> the newest snapshot of a match whose announcements are being said."""
        self._command_replies: dict[int, asyncio.Future[int | None]] = {}
        """Arrival of a move typed with /answer -> the id of the bot's reply to it, once Discord has returned it."""
        self._settings: dict[int, PlayerSettings] = {}
        """User id -> their /settings: how to tell them it is their turn, and when their clock stops."""
        self._under_board: dict[int, int] = {}
        """Channel id -> messages posted in it since its board was (as far as this process saw)."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = asyncio.Event()

    # -- building messages ---------------------------------------------------------------------------------

    def renderer(self, match: Match) -> GameRenderer:
        return self.games[match.game].renderer

    def board_message(self, snapshot: Snapshot, *, editing: bool = False) -> dict:
        """The board's embed and components for any state of the match (lobby, playing, over), with the game's
        picture attached when it has one (`editing`: for an edit, which replaces the attachment)."""
        match = snapshot.match
        if match.status is MatchStatus.LOBBY or snapshot.public_view is None:
            return fit_message({"embed": self._lobby_embed(match), "view": self._lobby_view(match)})
        renderer = self.renderer(match)
        rules = self.games[match.game].rules
        embed = renderer.board(match, snapshot.public_view)
        embed.colour = STATUS_COLOURS[match.status]
        recent = self._recent.get(match.id)
        if recent:
            embed.add_field(name="Latest", value="\n".join(recent)[:1024], inline=False)
        clocks = self._clock_lines(snapshot) if match.status is MatchStatus.PLAYING else []
        if clocks:
            embed.add_field(name="Turn clock", value="\n".join(clocks)[:1024], inline=False)
        if rules.takes_typed_moves and not self.reads_chat and match.status is MatchStatus.PLAYING:
            embed.add_field(
                name="Typing moves", value=CHAT_UNREADABLE.format(command=renderer.typed_command), inline=False
            )
        if snapshot.outcome is not None:
            embed.add_field(name="Game over", value=renderer.outcome_text(match, snapshot.outcome), inline=False)
        elif match.status is MatchStatus.ABANDONED:
            embed.add_field(name="Abandoned", value="This game was abandoned.", inline=False)
        elif match.status is MatchStatus.FINISHED:
            embed.add_field(name="Game over", value=forfeit_text(match), inline=False)
        if match.status is MatchStatus.FINISHED:
            embed.add_field(name="Final standings", value=final_standings(snapshot, renderer), inline=False)
        components = Controls()
        if match.status is MatchStatus.PLAYING:
            for part, menu in enumerate(renderer.board_menus(match, snapshot.public_view)):
                choices = [(choice.label, choice.action) for choice in menu.choices[:SELECT_OPTIONS]]
                components.add_item(ActionSelect(match.id, match.version, part, choices, menu.placeholder))
            for choice in renderer.board_actions(match, snapshot.public_view):
                components.add_item(ActionButton(match.id, match.version, choice.action, choice.label))
            if renderer.has_private_panel:
                components.add_item(HandButton(match.id, renderer.panel_label))
        message = {"embed": embed, "view": components}
        picture = renderer.board_picture(match, snapshot.public_view)
        if picture is not None:
            embed.set_image(url=f"attachment://{PICTURE_NAME}")
            attached = discord.File(io.BytesIO(picture), filename=PICTURE_NAME)
            message["attachments" if editing else "file"] = [attached] if editing else attached
        return fit_message(message)

    def _clock_lines(self, snapshot: Snapshot) -> list[str]:
        """Whom the game waits for and when their turn clock runs out (a Discord timestamp, which every viewer
        sees in their own time), the seats a computer plays, and the moves it made when clocks ran out."""
        match = snapshot.match
        lines = []
        for seat in sorted(snapshot.actors):
            player = match.at_seat(seat)
            due = self.clock_due(match, player)
            if due is not None:
                lines.append(f"⏳ {mention(player)}: <t:{int(due.timestamp())}:R> (it stops in their away hours)")
        for player in match.players:
            if player.computer_plays:
                lines.append(f"🤖 A computer plays for {player.name} until they make a move of their own.")
            elif player.stood_in:
                lines.append(
                    f"⏱️ {player.name}'s clock ran out, so a computer moved for them ({player.stood_in} in a row)."
                )
        return lines

    def clock_due(self, match: Match, player: Player) -> datetime | None:
        """When the player's turn clock runs out, counted outside their away hours (None: no clock runs for
        them: the table has none, or a computer plays the seat)."""
        if player.is_computer or player.computer_plays or not match.clock_seconds:
            return None
        settings = self._settings.get(player.user_id, PlayerSettings())
        return clock_runs_out(settings, match.updated_at, timedelta(seconds=match.clock_seconds))

    async def _settings_of(self, user_id: int, *, fresh: bool = False) -> PlayerSettings:
        """A player's /settings: as last read, or read from storage when not known yet or `fresh` is asked for
        (a turn begins or a reminder is due: they may have changed them through another bot process)."""
        if fresh or user_id not in self._settings:
            self._settings[user_id] = await self.host.player_settings(user_id)
        return self._settings[user_id]

    def settings_changed(self, user_id: int, settings: PlayerSettings) -> None:
        """A player changed their /settings: boards show their clocks from now on by them."""
        self._settings[user_id] = settings

    async def _learn_settings(self, snapshot: Snapshot, turn_started_for: Iterable[int]) -> None:
        """Read afresh the settings of the players whose turn just began (how to tell them, and their clocks),
        and once those of the others a clock waits for. A board drawn before showed their clock by what was known
        then, so it is drawn again if that changed."""
        match = snapshot.match
        unknown = {seat for seat in snapshot.actors if match.at_seat(seat).user_id not in self._settings}
        changed = False
        for seat in set(turn_started_for) | (unknown if match.clock_seconds else set()):
            player = match.at_seat(seat)
            if player.is_computer:
                continue
            known = _away_hours(self._settings.get(player.user_id, PlayerSettings()))
            changed = _away_hours(await self._settings_of(player.user_id, fresh=True)) != known or changed
        if changed and match.clock_seconds:
            self.refresh_board(match.id)

    async def _turn_began(self, snapshot: Snapshot, turn_started_for: Sequence[int]) -> None:
        """Learn the waiting players' settings, then tell those whose turn began, the way they chose."""
        await self._learn_settings(snapshot, turn_started_for)
        if turn_started_for:
            await self._tell(snapshot, self._your_turn(snapshot, turn_started_for), turn=True)

    def _lobby_embed(self, match: Match) -> discord.Embed:
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
            for option in rules.options
            if match.options.get(option.key) != option.default
        ]
        embed.add_field(name="Options", value="\n".join(changed) or "standard rules", inline=False)
        if match.status is MatchStatus.LOBBY:
            embed.description = (
                f"Press **Join** to take a seat. The opener presses **Start** when "
                f"{rules.min_players}-{rules.max_players} players are seated. `/rules` explains the game."
            )
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

    # -- the board -----------------------------------------------------------------------------------------

    def remember(self, match: Match, events: Sequence[Event]) -> None:
        """Keep the last few public lines, shown on the board under "Latest". Lines of changes this process did
        not make (another process's, or from before a restart) are read from the action log at the next board
        edit (`_recall_recent`), which also puts right lines remembered twice while some were missing."""
        if self._recent_through.get(match.id, 0) >= match.version:
            return  # remembered already, when a click's answer was to show the board
        lines = self.renderer(match).describe(match, events, None)
        self._recent.setdefault(match.id, deque(maxlen=RECENT_LINES)).extend(lines)
        if self._recent_through.get(match.id) == match.version - 1:
            self._recent_through[match.id] = match.version

    async def _recall_recent(self, match: Match) -> None:
        """Read the "Latest" lines of the changes this process has not seen from the action log."""
        if self._recent_through.get(match.id, 0) >= match.version or match.status is MatchStatus.LOBBY:
            return
        recent = deque(maxlen=RECENT_LINES)
        for _, events in await self.host.changes_after(match, max(match.version - CHANGES_RECALLED, 0)):
            recent.extend(self.renderer(match).describe(match, events, None))
        self._recent[match.id] = recent
        self._recent_through[match.id] = match.version

    def refresh_board(self, match_id: int) -> None:
        """Edit the board to the latest state soon; edits already queued for it are merged into one."""
        if match_id in self._board_edit_pending:
            self._board_edit_pending[match_id] = True
            return
        self._board_edit_pending[match_id] = False
        self._spawn(self._edit_board_until_current(match_id))

    def claim_board(self, match_id: int) -> bool:
        """Whether a click on the board may show its change through its own answer now: True when no edit of the
        board is on its way, and then none starts until `release_board`; False when one is (Discord could take
        the two in either order, and the older would cover the newer), and then the next edit goes as soon as
        that one has landed."""
        if match_id in self._board_editing or match_id in self._board_answers:
            self._clicks_waiting.add(match_id)
            return False
        self._board_answers[match_id] = asyncio.Event()
        return True

    def release_board(self, match_id: int) -> None:
        """The click that claimed the board has its answer, taken or refused: its edits may go on."""
        self._board_answers.pop(match_id).set()

    def board_answered(self, match: Match, *, shown: bool) -> None:
        """A click's change was `shown` on the board by its answer; else (the board was not clicked, was being
        edited, or Discord refused the answer) an ordinary edit shows it."""
        if shown:
            self.board_edited_by_interaction(match)
        else:
            self.refresh_board(match.id)

    def board_edited_by_interaction(self, match: Match) -> None:
        """A click on the board already showed this state: note it."""
        if match.id in self._board_edit_pending:
            self._board_edit_pending[match.id] = True
        self._spawn(self._note_board_shown(match))

    async def _note_board_shown(self, match: Match) -> None:
        if await self.host.board_shown(match.id, match.version) > match.version:
            self.refresh_board(match.id)  # another change came meanwhile (perhaps another process's)

    def catch_up(self, match_ids: Sequence[int]) -> None:
        """Bring boards that fell behind (the bot stopped, or Discord refused an edit) up to date."""
        for match_id in match_ids:
            self.refresh_board(match_id)

    async def _edit_board_until_current(self, match_id: int) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        try:
            while not self.client.is_closed():
                since_last = loop.time() - self._last_board_edit.get(match_id, -self.board_edit_interval)
                if since_last < self.board_edit_interval and match_id not in self._clicks_waiting:
                    await asyncio.sleep(self.board_edit_interval - since_last)
                while (answering := self._board_answers.get(match_id)) is not None:
                    await answering.wait()
                self._board_edit_pending[match_id] = False
                self._clicks_waiting.discard(match_id)
                self._board_editing.add(match_id)
                try:
                    snapshot = await self.host.load(match_id)
                    match = snapshot.match
                    if match.board_message_id is None:
                        return
                    refused = await self._edit_board(snapshot)
                finally:
                    self._board_editing.discard(match_id)
                if isinstance(refused, discord.NotFound):
                    log.warning("the board of match %s is gone; it can no longer be updated", match_id)
                    return
                if refused is not None:
                    # Until Discord takes the edit: the next try shows the state as it is by then.
                    log.warning(
                        "could not edit the board of match %s (%s); trying again in %s s",
                        match_id,
                        refused,
                        self._retry_delay(failures),
                    )
                    self._board_edit_pending[match_id] = True
                    if not await self._wait_to_retry(failures):
                        return
                    failures += 1
                    continue
                failures = 0
                current = await self.host.board_shown(match_id, match.version, self._said.get(match_id, 0))
                if current > match.version:
                    # Changed meanwhile, maybe by another process whose own edit this one may have undone.
                    self._board_edit_pending[match_id] = True
                if not self._board_edit_pending.get(match_id):
                    if not match.status.is_live:
                        self._last_board_edit.pop(match_id, None)
                        self._recent.pop(match_id, None)
                        self._recent_through.pop(match_id, None)
                    return
        finally:
            self._board_edit_pending.pop(match_id, None)
            self._clicks_waiting.discard(match_id)

    async def _edit_board(self, snapshot: Snapshot) -> discord.HTTPException | None:
        """Show the snapshot on its board, or on a board posted afresh; None when done, else what Discord said
        (NotFound: the board is gone)."""
        match = snapshot.match
        await self._recall_recent(match)
        board = self.client.get_partial_messageable(match.channel_id).get_partial_message(match.board_message_id)
        self._last_board_edit[match.id] = asyncio.get_running_loop().time()
        try:
            if self._needs_fresh_board(match):
                await self._post_fresh_board(snapshot)
            else:
                await board.edit(**self.board_message(snapshot, editing=True))
        except discord.HTTPException as error:
            if error.code != TOO_MANY_LATE_EDITS or match.status is not MatchStatus.PLAYING:
                return error
            # Discord takes few edits to a message over an hour old: the board moves to the bottom.
            self._board_edit_pending[match.id] = True
            await self._post_fresh_board(snapshot)
        return None

    def message_posted(self, channel_id: int) -> None:
        """A message was posted in a channel: a board with many under it is posted afresh at the next change."""
        self._under_board[channel_id] = self._under_board.get(channel_id, 0) + 1

    def board_posted(self, channel_id: int) -> None:
        self._under_board[channel_id] = 0

    def _needs_fresh_board(self, match: Match) -> bool:
        """A running game's board over an hour old (Discord then limits its edits) or buried under more than
        `MESSAGES_OVER_BOARD` messages."""
        if match.status is not MatchStatus.PLAYING:
            return False
        posted = match.board_posted_at
        old = posted is not None and self.host.clock.now() - posted >= BOARD_FRESH_FOR
        return old or self._under_board.get(match.channel_id, 0) > MESSAGES_OVER_BOARD

    async def _post_fresh_board(self, snapshot: Snapshot) -> None:
        """Post the board at the bottom of its channel and turn the old one into a one-line link to it (or, if
        Discord will not edit it either, delete it)."""
        match = snapshot.match
        channel = self.client.get_partial_messageable(match.channel_id)
        fresh = await channel.send(**self.board_message(snapshot))
        await self.host.attach_board(match.id, fresh.id)
        self.board_posted(match.channel_id)
        link = f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}/{fresh.id}"
        old = channel.get_partial_message(match.board_message_id)
        try:
            await old.edit(content=f"This game's board has moved down: {link}", embed=None, view=None, attachments=[])
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                await old.delete()

    # -- private messages ----------------------------------------------------------------------------------

    async def _tell(self, snapshot: Snapshot, headings: Mapping[int, str], *, turn: bool = False) -> None:
        """DM each seat its private panel under its heading (for a `turn` notice, the way the player chose in
        /settings: a DM, a mention in the channel, or nothing); once every one is delivered (or cannot be, the
        player's DMs being closed), note that this version's turn notice reached its players. DMs Discord
        refused are tried again with back-off for as long as this notice is the match's latest."""
        notice = snapshot.match.version
        failures = 0
        while True:
            pending = list(headings.items())
            delivered = await asyncio.gather(
                *(self._send_panel(snapshot, seat, text, turn=turn) for seat, text in pending)
            )
            headings = {seat: text for (seat, text), sent in zip(pending, delivered, strict=True) if not sent}
            if not headings:
                await self.host.turn_told(snapshot.match.id, notice)
                return
            if not await self._wait_to_retry(failures):
                return
            failures += 1
            snapshot = await self.host.load(snapshot.match.id)
            if snapshot.match.turn_notice_version != notice or snapshot.match.status is not MatchStatus.PLAYING:
                return  # a later turn has its own notice

    async def _send_panel(self, snapshot: Snapshot, seat: int, heading: str, *, turn: bool = False) -> bool:
        """DM one seat its panel; tell a player whose DMs are closed to use the board's button. False when
        Discord refused for another reason, so the notice is tried again."""
        match = snapshot.match
        player = match.at_seat(seat)
        renderer = self.renderer(match)
        if player.is_computer or player.left:
            return True
        notice = (await self._settings_of(player.user_id)).notice if turn else DM
        if notice == QUIET:
            return True
        if notice == MENTION:
            await self.post(match, f"🔔 {mention(player)}, it is your turn here.")
            return True
        if player.dms_closed or not renderer.has_private_panel:
            return True
        try:
            channel = await self._dm_channel(player.user_id)
            # One nonce per turn and seat: the same DM sent again (a retry whose first try went through, another
            # process catching up at its start) is not posted twice.
            nonce = _nonce(match.id, match.version, f"seat {seat}")
            await channel.send(**self.panels.message(snapshot, seat, heading=heading), nonce=nonce)
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                raise
            if not self._first_to_find_dms_closed(match.id, player.user_id):
                return True  # another DM to them at the same time (a deal, then a turn) found it first
            await self.host.note_dms_closed(match.id, player.user_id)
            await self.post(
                match,
                f"{mention(player)}, I can't send you direct messages, so {renderer.panel_noun} stays here: "
                f"press **{renderer.panel_label}** on the board whenever you need it.",
            )
        except discord.HTTPException as error:
            log.warning("could not DM seat %s of match %s: %s", seat, match.id, error)
            return False
        return True

    def _first_to_find_dms_closed(self, match_id: int, user_id: int) -> bool:
        """Whether no DM to this player found their DMs closed before, so their table is told once."""
        key = (match_id, user_id)
        if key in self._closed_dms_told:
            return False
        self._closed_dms_told[key] = None
        if len(self._closed_dms_told) > CLOSED_DMS_KEPT:
            del self._closed_dms_told[next(iter(self._closed_dms_told))]
        return True

    async def _dm_text(self, user_id: int, content: str) -> None:
        try:
            await (await self._dm_channel(user_id)).send(content)
        except discord.HTTPException as error:
            log.warning("could not DM user %s: %s", user_id, error)

    async def _dm_channel(self, user_id: int) -> discord.PartialMessageable:
        # Opening a DM channel costs a REST call; its id never changes, so one call per user is enough. DMs to one
        # player sent at once (a deal, then their turn) share the call under way: each making its own, on a route
        # discord.py sends one request at a time, they queued by the thousand under load.
        channel_id = self._dm_channel_ids.get(user_id)
        if channel_id is None:
            opening = self._dm_channels_opening.get(user_id)
            if opening is None:
                opening = asyncio.get_running_loop().create_task(self._open_dm_channel(user_id))
                self._dm_channels_opening[user_id] = opening
                self._tasks.add(opening)
                opening.add_done_callback(self._dm_channel_opened)
            channel_id = await asyncio.shield(opening)  # a DM given up on does not stop the others' call
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _open_dm_channel(self, user_id: int) -> int:
        try:
            opened = await self.client.http.start_private_message(user_id)
            channel_id = self._dm_channel_ids[user_id] = int(opened["id"])
            return channel_id
        finally:
            del self._dm_channels_opening[user_id]

    def _dm_channel_opened(self, opening: asyncio.Task[int]) -> None:
        self._tasks.discard(opening)
        if not opening.cancelled():
            opening.exception()  # each DM that waited on it has heard of a failure; none may be left to hear

    async def post(self, match: Match, content: str) -> None:
        """Say something in the table's channel, pinging the players it mentions."""
        try:
            content = fit_text(content, CONTENT)
            await self.client.get_partial_messageable(match.channel_id).send(
                content, allowed_mentions=pinging(content, match)
            )
        except discord.HTTPException as error:
            log.warning("could not post in channel %s: %s", match.channel_id, error)

    # -- after a change ------------------------------------------------------------------------------------

    def deal_out(self, snapshot: Snapshot) -> None:
        """In the background: DM every player their opening private panel, saying who starts."""
        match = snapshot.match
        title = self.games[match.game].title
        noun = self.renderer(match).panel_noun
        headings = {
            seat: f"**{title}** has started in <#{match.channel_id}>. Here is {noun}."
            + (" It's your turn." if seat in snapshot.actors else "")
            for seat in range(len(match.players))
        }
        self._spawn(self._tell(snapshot, headings))

    def after_change(
        self, snapshot: Snapshot, events: Sequence[Event], turn_started_for: Sequence[int], *, board_shown: bool = False
    ) -> None:
        """Everything a change shows besides the reply to whoever made it: the board, the channel, the DMs. Handed
        over whatever became of the reply.

        `board_shown`: the reply itself was the new board (a click on the board).
        """
        self.remember(snapshot.match, events)
        self.board_answered(snapshot.match, shown=board_shown)
        self._queue_announcements(snapshot, events)
        self._spawn(self._turn_began(snapshot, turn_started_for))

    def tell_untold(self, snapshots: Sequence[Snapshot]) -> None:
        """Tell the players whose turn began while the bot could not (it stopped, or Discord refused a DM)."""
        for snapshot in snapshots:
            self._spawn(self._tell(snapshot, self._your_turn(snapshot, snapshot.actors), turn=True))

    def _your_turn(self, snapshot: Snapshot, seats: Iterable[int]) -> dict[int, str]:
        match = snapshot.match
        heading = f"Your turn in **{self.games[match.game].title}** in <#{match.channel_id}>."
        return dict.fromkeys(sorted(seats), heading)

    def command_reply_coming(self, arrival: int) -> None:
        """A move typed with /answer is about to be applied. Its mark waits for the reply's id, since a face-off
        can be decided before Discord has returned the reply (answered_by_command must follow)."""
        self._command_replies[arrival] = asyncio.get_running_loop().create_future()
        while len(self._command_replies) > COMMAND_REPLIES_KEPT:
            del self._command_replies[next(iter(self._command_replies))]

    def answered_by_command(self, arrival: int, reply_id: int | None) -> None:
        """A move typed with /answer has no chat message of its own: mark the bot's reply to it instead (none
        when the move was refused or the reply failed)."""
        reply = self._command_replies.get(arrival)
        if reply is not None and not reply.done():
            reply.set_result(reply_id)

    async def _reaction_target(self, arrival: int) -> int | None:
        """The message that stands for a move: the chat message it arrived as, or the reply to its /answer."""
        reply = self._command_replies.get(arrival)
        return arrival if reply is None else await asyncio.shield(reply)

    # -- announcements -------------------------------------------------------------------------------------

    def _queue_announcements(self, snapshot: Snapshot, events: Sequence[Event]) -> None:
        match = snapshot.match
        self._to_say.setdefault(match.id, {})[match.version] = (snapshot, tuple(events))
        self._say_all(snapshot)

    def announce_unsaid(self, snapshots: Sequence[Snapshot]) -> None:
        """Say what changes the bot could not announce before it stopped (see the module docstring)."""
        for snapshot in snapshots:
            self._say_all(snapshot)

    def _say_all(self, snapshot: Snapshot) -> None:
        """Make sure the match's announcement worker runs, and goes at least as far as this snapshot."""
        match_id = snapshot.match.id
        known = self._say_through.get(match_id)
        if known is None:
            # Another process may have said later changes since this one last did: the stored version says so.
            self._said[match_id] = max(self._said.get(match_id, 0), snapshot.match.announced_version)
            self._say_through[match_id] = snapshot
            self._spawn(self._say_until_current(match_id))
        elif known.match.version < snapshot.match.version:
            self._say_through[match_id] = snapshot

    async def _say_until_current(self, match_id: int) -> None:
        """Say every change's lines in version order, from memory when the change is there (the usual case),
        else from the action log (after a restart, or when a later change was reported first)."""
        try:
            while self._said[match_id] < (newest := self._say_through[match_id]).match.version:
                said = self._said[match_id]
                waiting = self._to_say.get(match_id, {})
                if said + 1 in waiting:
                    snapshot, events = waiting[said + 1]
                    if not await self._say_change(snapshot, said + 1, events):
                        return
                else:
                    upto = min((version for version in waiting if version > said), default=newest.match.version + 1)
                    for version, events in await self.host.changes_after(newest.match, said):
                        if version < upto and not await self._say_change(newest, version, events):
                            return
                    # Changes without a log entry (lobby, start) and quiet ones are said too: note how far.
                    self._said[match_id] = upto - 1
                    if upto - 1 > said:
                        await self.host.announced(match_id, upto - 1)
                for version in [version for version in waiting if version <= self._said[match_id]]:
                    del waiting[version]
        finally:
            snapshot = self._say_through.pop(match_id)
            self._to_say.pop(match_id, None)
            if not snapshot.match.status.is_live:
                self._said.pop(match_id, None)

    async def _say_change(self, snapshot: Snapshot, version: int, events: Sequence[Event]) -> bool:
        """Say one change's lines, then the result if the change ended the game, and note them said; False
        when the bot stopped first."""
        match = snapshot.match
        renderer = self.renderer(match)
        announcements = list(renderer.announcements(match, events))
        if version == match.version and snapshot.outcome is not None:
            announcements.append(Announcement(renderer.outcome_text(match, snapshot.outcome)))
        for index, announcement in enumerate(announcements):
            if not await self._say(match, announcement, _nonce(match.id, version, index)):
                return False
        self._said[match.id] = version
        if announcements:
            await self.host.announced(match.id, version)
        return True

    async def _say(self, match: Match, announcement: Announcement, nonce: str) -> bool:
        """One line or reaction, tried until Discord takes it (True) or the bot stops (False). A reaction is a
        courtesy, given up when Discord forbids it, where a line waits for the permission it needs; nothing
        is said where the channel is gone."""
        channel = self.client.get_partial_messageable(match.channel_id)
        failures = 0
        while True:
            try:
                if announcement.react_to is not None:
                    target = await self._reaction_target(announcement.react_to)
                    if target is not None:
                        await channel.get_partial_message(target).add_reaction(announcement.emoji)
                else:
                    content = fit_text(announcement.content, CONTENT)
                    await channel.send(content, allowed_mentions=pinging(content, match), nonce=nonce)
                return True
            except discord.NotFound:
                log.warning("match %s: the channel or message to announce in is gone", match.id)
                return True
            except discord.Forbidden as error:
                if announcement.react_to is not None:
                    log.warning("match %s: may not react to the winning answer (%s)", match.id, error)
                    return True
                log.warning("match %s: may not post in its channel (%s)", match.id, error)
            except discord.HTTPException as error:
                log.warning("match %s: could not announce (%s)", match.id, error)
            if not await self._wait_to_retry(failures):
                return False
            failures += 1

    def _retry_delay(self, failures: int) -> float:
        return self.retry_delays[min(failures, len(self.retry_delays) - 1)]

    async def _wait_to_retry(self, failures: int) -> bool:
        """Wait before trying again what Discord refused; False when the bot is stopping instead (what was not
        shown is caught up at the next start)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(self._retry_delay(failures)):  # not wait_for: see DeadlineRunner.run
                await self._stopping.wait()
        return not self._stopping.is_set()

    def stop_retrying(self) -> None:
        """The bot is stopping: what Discord refuses is no longer tried again now, but at the next start."""
        self._stopping.set()

    async def deadline_fired(self, fired: DeadlineFired) -> None:
        match = fired.match
        if fired.result is not None:
            self.after_change(fired.snapshot, fired.result.events, sorted(fired.result.turn_started_for))
            if fired.kind is DeadlineKind.TURN_CLOCK:
                for seat in fired.seats:
                    player = match.at_seat(seat)
                    line = f"⏱️ {player.name}'s turn clock ran out, so a computer made their move."
                    if player.computer_plays:
                        line += (
                            f" After {player.stood_in} in a row, a computer plays for them until they make a move "
                            "of their own."
                        )
                    await self.post(match, line)
            return
        if fired.kind is DeadlineKind.LOBBY_EXPIRY:
            self.refresh_board(match.id)
            return
        title = self.games[match.game].title
        told_here = []
        for seat in fired.seats:
            player = match.at_seat(seat)
            notice = (await self._settings_of(player.user_id, fresh=True)).notice
            if notice == DM and not player.dms_closed:
                link = f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}"
                await self._dm_text(player.user_id, f"⏰ Your {title} game is waiting for you: {link}")
            elif notice != QUIET:
                told_here.append(mention(player))
        if told_here:
            await self.post(match, f"⏰ {', '.join(told_here)}: the {title} game here is waiting for you.")

    def _spawn(self, coroutine) -> None:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("display task failed", exc_info=task.exception())

    def cancel(self) -> None:
        """Give up what is still being sent (at shutdown); what a board missed is caught up at the next start."""
        for task in self._tasks:
            task.cancel()

    async def idle(self) -> None:
        """Wait until every background edit and message has been sent (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def _away_hours(settings: PlayerSettings) -> tuple:
    """What of a player's settings their clock depends on."""
    return settings.timezone, settings.away_from, settings.away_until


def _nonce(match_id: int, version: int, index: int | str) -> str:
    """The same 24 characters for the same message every time it is sent (Discord takes nonces of up to 25): a
    change's line `index`, or its DM to a seat."""
    return hashlib.blake2b(f"{match_id}:{version}:{index}".encode(), digest_size=12).hexdigest()


def forfeit_text(match: Match) -> str:
    """How a game of two ended when one player left it and so forfeited it (`Match.leaver_forfeits`)."""
    leaver = next(player for player in match.players if player.left)
    winner = next(player for player in match.players if not player.left)
    return f"{leaver.name} left the game and so forfeits it. 🏆 {mention(winner)} wins."
