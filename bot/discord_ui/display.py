"""Everything the bot shows in Discord for a table, tied together: a change the host committed is handed here
once (`after_change`), whatever became of the reply to whoever made it, and each way of delivering it does its
part with its own guarantee:

- `boards.py`: the board message (what it shows is built by `board_messages.py`), kept current by coalesced
  edits that never show an older version than the board showed;
- `notices.py`: private panels by DM (`panels.py` builds them), turn notices and reminders, and the one notice
  to a player whose DMs are closed;
- `announcements.py`: the lines a change says in the channel, in version order, once.

What a change must show is delivered at least once, in order, until Discord accepts it, even across a crash: the
match record says how far each kind of showing got, whatever is behind is caught up at start-up (`catch_up`,
`tell_untold`, `announce_unsaid`), and Discord's refusals are retried with back-off while the bot runs
(`delivery.py`, which all three share, as they share players' settings in `settings_cache.py`).

Everything here draws from a `Snapshot` the host returned, so a change is decoded once, not once per message.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

import discord

from bot.catalogue import Game
from bot.discord_ui import delivery
from bot.discord_ui.announcements import Announcements
from bot.discord_ui.board_messages import BoardMessages
from bot.discord_ui.boards import BoardEdits
from bot.discord_ui.clicks import Attention
from bot.discord_ui.delivery import Deliveries
from bot.discord_ui.guidance import FirstGameGuidance
from bot.discord_ui.notices import TurnNotices
from bot.discord_ui.panels import PrivatePanels
from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.settings_cache import SettingsCache
from bot.engine import Event
from bot.matches import DeadlineFired, DeadlineKind, Match, MatchHost, MatchStatus, Player, Snapshot
from bot.players import PlayerSettings

log = logging.getLogger(__name__)


class TableDisplay:
    """The one way the controller, the cogs and the app show a table; see the module docstring."""

    def __init__(self, client: discord.Client, host: MatchHost, games: Mapping[str, Game]) -> None:
        self.client = client
        self.host = host
        self.games = games
        self.deliveries = Deliveries()
        self.settings = SettingsCache(host)
        self.panels = PrivatePanels(games, FirstGameGuidance(host.store))
        self.messages = BoardMessages(host, games, self.settings)
        self.announcements = Announcements(client, host, games, self.deliveries)
        self.boards = BoardEdits(client, host, self.messages, self.deliveries, self.announcements.said_through)
        self.attention = Attention()
        self.notices = TurnNotices(client, host, games, self.panels, self.settings, self.deliveries, self.attention)
        self.on_table_over: Callable[[Match], None] = lambda match: None
        """Called with every table that finished or was closed (a league records its game there)."""

    @property
    def reads_chat(self) -> bool:
        """False when Discord withholds message text (no Message Content intent): typed moves need /answer."""
        return self.messages.reads_chat

    @reads_chat.setter
    def reads_chat(self, reads: bool) -> None:
        self.messages.reads_chat = reads

    @property
    def board_edit_interval(self) -> float:
        """Seconds at least between two edits of one board."""
        return self.boards.edit_interval

    @board_edit_interval.setter
    def board_edit_interval(self, seconds: float) -> None:
        self.boards.edit_interval = seconds

    @property
    def turn_notice_delay(self) -> float:
        """Seconds a turn notice waits for its player to act or look before it is sent (0: sent at once)."""
        return self.notices.delay

    @turn_notice_delay.setter
    def turn_notice_delay(self, seconds: float) -> None:
        self.notices.delay = seconds

    @property
    def board_edits_through_clicks(self) -> bool:
        """Whether a board is edited through the token of a recent click on it when there is one."""
        return self.boards.edits_through_clicks

    @board_edits_through_clicks.setter
    def board_edits_through_clicks(self, through_clicks: bool) -> None:
        self.boards.edits_through_clicks = through_clicks

    @property
    def retry_delays(self) -> Sequence[float]:
        """Seconds before trying again what Discord refused, the last repeated for as long as it takes."""
        return self.deliveries.retry_delays

    @retry_delays.setter
    def retry_delays(self, delays: Sequence[float]) -> None:
        self.deliveries.retry_delays = delays

    # -- what a message shows ------------------------------------------------------------------------------

    def renderer(self, match: Match) -> GameRenderer:
        return self.games[match.game].renderer

    def board_message(self, snapshot: Snapshot, *, editing: bool = False) -> dict:
        return self.messages.board_message(snapshot, editing=editing)

    def remember(self, match: Match, events: Sequence[Event]) -> None:
        self.messages.remember(match, events)

    def clock_due(self, match: Match, player: Player) -> datetime | None:
        return self.messages.clock_due(match, player)

    def settings_changed(self, user_id: int, settings: PlayerSettings) -> None:
        """A player changed their /settings: boards show their clocks from now on by them."""
        self.settings.changed(user_id, settings)

    # -- the board -----------------------------------------------------------------------------------------

    def refresh_board(self, match_id: int) -> None:
        self.boards.refresh_board(match_id)

    def claim_board(self, match_id: int) -> bool:
        return self.boards.claim_board(match_id)

    def release_board(self, match_id: int) -> None:
        self.boards.release_board(match_id)

    def board_answered(self, match: Match, *, shown: bool) -> None:
        self.boards.board_answered(match, shown=shown)

    def board_clicked(self, match_id: int, interaction: discord.Interaction) -> None:
        """A click on the board was answered by updating it: its token may edit the board for a while."""
        self.boards.tokens.clicked(match_id, interaction)

    def board_edited_by_interaction(self, match: Match) -> None:
        self.boards.board_edited_by_interaction(match)

    def catch_up(self, match_ids: Sequence[int]) -> None:
        self.boards.catch_up(match_ids)

    def board_posted(self, channel_id: int) -> None:
        self.boards.board_posted(channel_id)

    def message_posted(self, channel_id: int) -> None:
        self.boards.message_posted(channel_id)

    # -- after a change ------------------------------------------------------------------------------------

    def after_change(
        self, snapshot: Snapshot, events: Sequence[Event], turn_started_for: Sequence[int], *, board_shown: bool = False
    ) -> None:
        """Everything a change shows besides the reply to whoever made it: the board, the channel, the DMs. Handed
        over whatever became of the reply.

        `board_shown`: the reply itself was the new board (a click on the board).
        """
        self.remember(snapshot.match, events)
        if snapshot.match.status in (MatchStatus.FINISHED, MatchStatus.ABANDONED):
            self.on_table_over(snapshot.match)
        self.board_answered(snapshot.match, shown=board_shown)
        self.announcements.queue(snapshot, events)
        self.deliveries.spawn(self._turn_began(snapshot, turn_started_for))

    async def _turn_began(self, snapshot: Snapshot, turn_started_for: Sequence[int]) -> None:
        """Learn the waiting players' settings (a board drawn before showed their clocks by what was known then,
        so it is drawn again if that changed), then tell those whose turn began, the way they chose."""
        if await self.settings.learn(snapshot, turn_started_for):
            self.refresh_board(snapshot.match.id)
        if turn_started_for:
            await self.notices.tell_turn(snapshot, turn_started_for)

    def deal_out(self, snapshot: Snapshot) -> None:
        self.notices.deal_out(snapshot)

    def tell_untold(self, snapshots: Sequence[Snapshot]) -> None:
        self.notices.tell_untold(snapshots)

    def announce_unsaid(self, snapshots: Sequence[Snapshot]) -> None:
        self.announcements.announce_unsaid(snapshots)

    def command_reply_coming(self, arrival: int) -> None:
        self.announcements.command_reply_coming(arrival)

    def answered_by_command(self, arrival: int, reply_id: int | None) -> None:
        self.announcements.answered_by_command(arrival, reply_id)

    async def post(self, match: Match, content: str) -> None:
        await delivery.post(self.client, match, content)

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
        elif fired.kind is DeadlineKind.LOBBY_EXPIRY:
            self.refresh_board(match.id)
        elif fired.kind is DeadlineKind.THREAD_ARCHIVE:
            await self._archive_thread(match)
        else:
            await self.notices.remind(fired)

    async def _archive_thread(self, match: Match) -> None:
        """Archive the thread the bot opened for a table that ended a day ago (it stays readable, and opens again
        when someone writes in it); logged when Discord refuses, or the thread is gone."""
        try:
            thread = self.client.get_channel(match.channel_id) or await self.client.fetch_channel(match.channel_id)
            await thread.edit(archived=True)
        except discord.HTTPException as error:
            log.warning("could not archive the thread of table %s: %s", match.id, error)

    # -- stopping ------------------------------------------------------------------------------------------

    def stop_retrying(self) -> None:
        self.deliveries.stop_retrying()

    def cancel(self) -> None:
        self.deliveries.cancel()

    async def idle(self) -> None:
        await self.deliveries.idle()
