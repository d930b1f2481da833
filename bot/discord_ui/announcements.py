"""Channel announcements: what a change says in its table's channel (a face-off called, a win, the result and the
achievements it earned) and the reactions that mark a winning answer.

Guarantees: every change's lines are said in version order, each once, even across a crash. They are derived
from the events the action log stores with the change, so the log is the outbox. `announced_version` in the
match record is the version up to which every change's lines were said; one worker per match says them in order,
noting the version after each change that said something (quiet changes are noted with the next board edit). A
line Discord refused is tried again with back-off while the bot runs, and what is left is said at the next start
(`announce_unsaid`). A line sent just before a crash, whose note was lost, is sent again with the same nonce,
which Discord uses to return the message it already has rather than post a second one: never twice.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Mapping, Sequence

import discord

from bot.catalogue import Game
from bot.discord_ui.achievements import book_of, earned_text
from bot.discord_ui.delivery import Deliveries, nonce
from bot.discord_ui.limits import CONTENT, fit_text
from bot.discord_ui.renderers import Announcement, GameRenderer
from bot.discord_ui.standings import result_text
from bot.discord_ui.wording import pinging
from bot.engine import Event
from bot.matches import Match, MatchHost, MatchStatus, Refusal, Snapshot

log = logging.getLogger(__name__)

COMMAND_REPLIES_KEPT = 500
GAME_GIF = "game.gif"
"""The file name of a game's animated picture on its result line."""


class Announcements:
    """Says every change's lines in its table's channel; see the module docstring."""

    def __init__(
        self, client: discord.Client, host: MatchHost, games: Mapping[str, Game], deliveries: Deliveries
    ) -> None:
        self.client = client
        self.host = host
        self.games = games
        self.deliveries = deliveries
        self.book = book_of(games)
        self._said: dict[int, int] = {}
        """Match id -> the version up to which every change's announcements were said."""
        self._to_say: dict[int, dict[int, tuple[Snapshot, tuple[Event, ...]]]] = {}
        """Match id -> changes not said yet, by version, with the snapshot and events they came with."""
        self._say_through: dict[int, Snapshot] = {}
        """Match id -> the newest snapshot of a match whose announcements are being said."""
        self._command_replies: dict[int, asyncio.Future[int | None]] = {}
        """Arrival of a move typed with /answer -> the id of the bot's reply to it, once Discord has returned it."""

    def said_through(self, match_id: int) -> int:
        """The version up to which this process said every change's lines (0: it does not know)."""
        return self._said.get(match_id, 0)

    def queue(self, snapshot: Snapshot, events: Sequence[Event]) -> None:
        """Say a change's lines after those of every change before it."""
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
            self.deliveries.spawn(self._say_until_current(match_id))
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
        renderer = self.games[match.game].renderer
        announcements = list(renderer.announcements(match, events))
        if version == match.version and snapshot.outcome is not None:
            picture = await self._game_picture(match, renderer)
            announcements.append(Announcement(result_text(snapshot, renderer), picture=picture, picture_name=GAME_GIF))
        if version == match.version and match.status is MatchStatus.FINISHED:
            earned = await self._earned(match)
            if earned:
                announcements.append(Announcement(earned))
        for index, announcement in enumerate(announcements):
            if not await self._say(match, announcement, nonce(match.id, version, index)):
                return False
        self._said[match.id] = version
        if announcements:
            await self.host.announced(match.id, version)
        return True

    async def _earned(self, match: Match) -> str:
        """The achievements this finished game earned its players, from the feats stored with its result (none for
        a game that stored none: a practice game)."""
        feats = await self.host.store.feats_until(match.id)
        earned = {user: self.book.newly_earned(before, after) for user, (before, after) in feats.items()}
        return earned_text(match, earned)

    async def _game_picture(self, match: Match, renderer: GameRenderer) -> bytes | None:
        """The game's animated picture, for its result line: drawn on a thread of its own (a frame a move takes
        a few seconds for a long game), from the positions rebuilt from its log."""
        if not renderer.shows_picture:
            return None
        try:
            views = await self.host.public_views(match)
        except Refusal:
            return None  # a game begun under rules this version no longer follows: the result goes without it
        return await asyncio.to_thread(renderer.game_picture, match, views)

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
                    attached = {}
                    if announcement.picture is not None:  # a File is read once: a new one for each try
                        picture = io.BytesIO(announcement.picture)
                        attached["file"] = discord.File(picture, filename=announcement.picture_name)
                    await channel.send(content, allowed_mentions=pinging(content, match), nonce=nonce, **attached)
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
            if not await self.deliveries.wait_to_retry(failures):
                return False
            failures += 1

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
