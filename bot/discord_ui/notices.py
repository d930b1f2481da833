"""Private panels by DM and turn notices: what each seat may see and do, sent to the player it belongs to.

Guarantees:

- The deal: when a game starts, every player is sent their opening private panel ("My hand"), saying who starts.
- The turn notice: the change that begins someone's turn stores `turn_notice_version` with itself, and every
  player whose turn began is told, the way they chose in /settings (a DM with their panel, a mention in the
  table's channel, or nothing); `turn_told_version` follows once every DM went out. A DM Discord refused is tried
  again with back-off, with the panel of the match as it is by then, for as long as that notice is the match's
  latest; one the bot could not send before it stopped is sent at the next start (`tell_untold`). Each DM
  carries a nonce per turn and seat, so a DM sent again is not posted twice.
- A turn notice waits `delay` seconds first (every DM, edit and message counts against the 50 requests a second
  Discord allows a bot): it is not sent to a player who by then is no longer to act, or who clicked anything at
  the table, or typed a move there, since their turn began (they have seen it is theirs: `clicks.Attention`). It
  goes to everyone else, with their panel as it is when it goes. Nothing of it is kept but the stored record: a
  notice waiting when the bot stops is still untold there, and waits again from the next start.
- A player who made a move from a panel in their DMs in the last 14 minutes plays from DMs: their next turn's DM
  is posted at once, as a follow-up of that move's click, which Discord does not count (`clicks.RecentClicks`);
  if Discord refuses it, it goes as an ordinary DM. A follow-up takes no nonce: a crash between it and the record
  that it went out sends it once more at the next start, as an ordinary DM.
- DMs are a convenience: when Discord refuses one because the player's DMs are closed, the game goes on, and the
  table's channel tells that player once to use the board's button for their panel instead, however many DMs to
  them fail at the same time.
- Reminders of a turn that waits go the same way as its notice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable, Mapping, Sequence

import discord

from bot.catalogue import Game
from bot.config import DEFAULT_TURN_NOTICE_DELAY_SECONDS
from bot.discord_ui.clicks import CLICKS_KEPT, Attention, RecentClicks
from bot.discord_ui.delivery import Deliveries, nonce, post
from bot.discord_ui.panels import PrivatePanels
from bot.discord_ui.settings_cache import SettingsCache
from bot.discord_ui.wording import mention
from bot.matches import DeadlineFired, Match, MatchHost, MatchStatus, Player, Snapshot
from bot.players import DM, MENTION, QUIET

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
CLOSED_DMS_KEPT = 500
"""Players whose closed DMs this process told their table about, the newest first: by the time as many more
were told, every DM sent to them before the closure was stored has had its answer."""
TURN_MENTIONS_KEPT = 500
"""Turn notices by mention this process remembers, to delete each when its player's next one is posted."""


class TurnNotices:
    """Sends private panels and turn notices by DM; see the module docstring."""

    def __init__(
        self,
        client: discord.Client,
        host: MatchHost,
        games: Mapping[str, Game],
        panels: PrivatePanels,
        settings: SettingsCache,
        deliveries: Deliveries,
        attention: Attention,
    ) -> None:
        self.client = client
        self.host = host
        self.games = games
        self.panels = panels
        self.settings = settings
        self.deliveries = deliveries
        self.attention = attention
        self.delay = DEFAULT_TURN_NOTICE_DELAY_SECONDS
        """Seconds a turn notice waits for its players to act or look at the table (0: it goes at once)."""
        self.dm_moves = RecentClicks(CLICKS_KEPT)
        """User id -> their latest move from a panel in their DMs, whose token may post their next turn's DM."""
        self._dm_channel_ids: dict[int, int] = {}
        self._dm_channels_opening: dict[int, asyncio.Task[int]] = {}
        """User id -> the call under way that opens their DM channel, which every DM to them meanwhile awaits."""
        self._closed_dms_told: dict[tuple[int, int], None] = {}
        """(match id, user id) of players told in the table's channel that their DMs are closed (`CLOSED_DMS_KEPT`)."""
        self._turn_mentions: dict[tuple[int, int], discord.Message] = {}
        """(match id, user id) -> the latest turn notice by mention this process posted to that player at that table,
        deleted when the next one is posted, so a table's channel holds one per player (`TURN_MENTIONS_KEPT` of
        them kept; one posted before a restart, or by another process, stays)."""

    def deal_out(self, snapshot: Snapshot) -> None:
        """In the background: DM every player their opening private panel, saying who starts."""
        match = snapshot.match
        title = self.games[match.game].title
        here = self.games[match.game].renderer.panel_here
        headings = {
            seat: f"**{title}** has started in <#{match.channel_id}>. {here}"
            + (" It's your turn." if seat in snapshot.actors else "")
            for seat in range(len(match.players))
        }
        self.deliveries.spawn(self._tell(snapshot, headings))

    def tell_untold(self, snapshots: Sequence[Snapshot]) -> None:
        """Tell the players whose turn began while the bot could not (it stopped, or Discord refused a DM), after
        the delay, unless they act or look at the table first."""
        for snapshot in snapshots:
            self.deliveries.spawn(self.tell_turn(snapshot, sorted(snapshot.actors)))

    async def tell_turn(self, snapshot: Snapshot, seats: Sequence[int]) -> None:
        """Tell the players whose turn began with this change, after the delay, unless they act or look at the
        table first."""
        if self.delay > 0 and not self._all_play_from_dms(snapshot.match, seats):
            began = asyncio.get_running_loop().time()
            if not await self.deliveries.pause(self.delay):
                return  # stopping: the notice is still untold in the match record, and waits again at the next start
            notice = snapshot.match.version
            snapshot = await self.host.load(snapshot.match.id)
            match = snapshot.match
            seen = self.attention.seen_since
            seats = [
                seat
                for seat in seats
                if seat in snapshot.actors and not seen(match.id, match.at_seat(seat).user_id, began)
            ]
            if not seats or match.status is not MatchStatus.PLAYING:
                await self.host.turn_told(match.id, notice)
                return
            await self._tell(snapshot, self._your_turn(snapshot, seats), turn=True, notice=notice)
            return
        await self._tell(snapshot, self._your_turn(snapshot, seats), turn=True)

    def _all_play_from_dms(self, match: Match, seats: Sequence[int]) -> bool:
        """Whether each of these seats' players moved from their DMs lately: their notice costs Discord's limit
        nothing, and they wait for it to play."""
        return all(self.dm_moves.usable(match.at_seat(seat).user_id) is not None for seat in seats)

    def _your_turn(self, snapshot: Snapshot, seats: Iterable[int]) -> dict[int, str]:
        match = snapshot.match
        heading = f"Your turn in **{self.games[match.game].title}** in <#{match.channel_id}>."
        return dict.fromkeys(sorted(seats), heading)

    async def remind(self, fired: DeadlineFired) -> None:
        """A turn's reminder fell due: remind the seats it names that the game waits for them."""
        match = fired.match
        title = self.games[match.game].title
        told_here = []
        for seat in fired.seats:
            player = match.at_seat(seat)
            notice = (await self.settings.read(player.user_id, fresh=True)).notice
            if notice == DM and not player.dms_closed:
                link = f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}"
                await self._dm_text(player.user_id, f"⏰ Your {title} game is waiting for you: {link}")
            elif notice != QUIET:
                told_here.append(mention(player))
        if told_here:
            await post(self.client, match, f"⏰ {', '.join(told_here)}: the {title} game here is waiting for you.")

    async def _tell(
        self, snapshot: Snapshot, headings: Mapping[int, str], *, turn: bool = False, notice: int | None = None
    ) -> None:
        """DM each seat its private panel under its heading (for a `turn` notice, the way the player chose in
        /settings: a DM, a mention in the channel, or nothing); once every one is delivered (or cannot be, the
        player's DMs being closed), note that the turn notice of version `notice` (by default the snapshot's)
        reached its players. DMs Discord refused are tried again with back-off for as long as this notice is the
        match's latest."""
        notice = snapshot.match.version if notice is None else notice
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
            if not await self.deliveries.wait_to_retry(failures):
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
        renderer = self.games[match.game].renderer
        if player.is_computer or player.left:
            return True
        notice = (await self.settings.read(player.user_id)).notice if turn else DM
        if notice == QUIET:
            return True
        if notice == MENTION:
            await self._mention_turn(match, player)
            return True
        if player.dms_closed or not renderer.has_private_panel:
            return True
        try:
            message = await self.panels.guided(snapshot, seat, heading=heading)
            if not await self._follow_up(player.user_id, message):
                channel = await self._dm_channel(player.user_id)
                # One nonce per turn and seat: the same DM sent again (a retry whose first try went through, another
                # process catching up at its start) is not posted twice.
                await channel.send(**message, nonce=nonce(match.id, match.version, f"seat {seat}"))
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                raise
            if not self._first_to_find_dms_closed(match.id, player.user_id):
                return True  # another DM to them at the same time (a deal, then a turn) found it first
            await self.host.note_dms_closed(match.id, player.user_id)
            await post(
                self.client,
                match,
                f"{mention(player)}, I can't send you direct messages, so press **{renderer.panel_label}** on the "
                f"board whenever you want to see {renderer.panel_noun}.",
            )
        except discord.HTTPException as error:
            log.warning("could not DM seat %s of match %s: %s", seat, match.id, error)
            return False
        return True

    async def _follow_up(self, user_id: int, message: dict) -> bool:
        """Post a DM as a follow-up of the player's latest move from their DMs, if its token is still good; False
        when there is none, or Discord refused it (then it goes as an ordinary DM)."""
        moved = self.dm_moves.usable(user_id)
        if moved is None:
            return False
        try:
            await moved.followup.send(**message)
        except discord.HTTPException as error:
            log.info("could not DM user %s through their last move (%s): sending it", user_id, error)
            self.dm_moves.forget(user_id)
            return False
        return True

    async def _mention_turn(self, match: Match, player: Player) -> None:
        """Tell the player by a mention in the table's channel that it is their turn, and delete the notice that
        told them of their last turn there: it is no news now."""
        key = (match.id, player.user_id)
        told = await post(self.client, match, f"🔔 {mention(player)}, it is your turn here.")
        earlier = self._turn_mentions.pop(key, None)
        if told is not None:
            self._turn_mentions[key] = told
            if len(self._turn_mentions) > TURN_MENTIONS_KEPT:
                del self._turn_mentions[next(iter(self._turn_mentions))]
        if earlier is not None:
            try:
                await earlier.delete()
            except discord.HTTPException as error:
                log.warning("could not delete a turn notice in channel %s: %s", match.channel_id, error)

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
                opening = self.deliveries.spawn(self._open_dm_channel(user_id), failure_heard=True)
                self._dm_channels_opening[user_id] = opening
            channel_id = await asyncio.shield(opening)  # a DM given up on does not stop the others' call
        return self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)

    async def _open_dm_channel(self, user_id: int) -> int:
        try:
            opened = await self.client.http.start_private_message(user_id)
            channel_id = self._dm_channel_ids[user_id] = int(opened["id"])
            return channel_id
        finally:
            del self._dm_channels_opening[user_id]
