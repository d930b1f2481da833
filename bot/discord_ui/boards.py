"""The board: one message per table that shows its match as it stands, kept up to date by coalesced edits.

Guarantees:

- The board ends up showing the latest version, at least once, even across a crash: `board_version` in the match
  record is the version its message shows; a board behind its match is edited at the next start (`catch_up`),
  and an edit Discord refused is tried again with back-off while the bot runs.
- Edits are coalesced: at most one is in flight per board, edits of one board are at least `edit_interval`
  seconds apart (Discord allows about five message edits per channel in five seconds), and each shows the latest
  state, so a missed edit needs no replay.
- Version order: a click on the board may show its change through its own answer, but only while no edit of
  that board is on its way (`claim_board`), and no edit starts while such an answer is (Discord could take the
  two in either order); so the board never goes back to a version older than one it showed.
- A running game's board over an hour old (Discord then limits its edits) or buried under the channel's messages
  is posted afresh at the bottom, the old one turned into a link to it.
- Requests Discord counts against a bot's global limit are spared: an edit goes through the token of the latest
  click the board answered, while that token is good (`clicks.RecentClicks`; Discord does not count those), and
  only otherwise as an edit of the message, which Discord counts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from datetime import timedelta

import discord

from bot.discord_ui.board_messages import BoardMessages
from bot.discord_ui.clicks import CLICKS_KEPT, RecentClicks
from bot.discord_ui.delivery import Deliveries
from bot.matches import Match, MatchHost, MatchStatus, Snapshot

log = logging.getLogger(__name__)

TOO_MANY_LATE_EDITS = 30046
"""Discord's answer to one edit too many of a message over an hour old."""
BOARD_FRESH_FOR = timedelta(hours=1)
MESSAGES_OVER_BOARD = 20
BOARD_EDIT_INTERVAL_SECONDS = 1.0


class BoardEdits:
    """Keeps every table's board message showing its match; see the module docstring."""

    def __init__(
        self,
        client: discord.Client,
        host: MatchHost,
        messages: BoardMessages,
        deliveries: Deliveries,
        said_through: Callable[[int], int],
    ) -> None:
        self.client = client
        self.host = host
        self.messages = messages
        self.deliveries = deliveries
        self.said_through = said_through
        """Match id -> the version up to which its announcements were said, noted with the board's version."""
        self.edit_interval = BOARD_EDIT_INTERVAL_SECONDS
        self.tokens = RecentClicks(CLICKS_KEPT)
        """Match id -> the latest click on its board answered by updating the board."""
        self.edits_through_clicks = True
        """Whether an edit goes through a recent click's token when there is one (tests that count the edits of
        the message turn this off)."""
        self._board_edit_pending: dict[int, bool] = {}
        self._last_board_edit: dict[int, float] = {}
        self._board_editing: set[int] = set()
        """Matches whose board edit is under way (from loading the match to Discord's answer)."""
        self._board_answers: dict[int, asyncio.Event] = {}
        """Match id -> set once the click answering with the board under way has its answer (`claim_board`)."""
        self._clicks_waiting: set[int] = set()
        """Matches with a click on the board whose change waits for the next edit, which goes at once."""
        self._under_board: dict[int, int] = {}
        """Channel id -> messages posted in it since its board was (as far as this process saw)."""

    def refresh_board(self, match_id: int) -> None:
        """Edit the board to the latest state soon; edits already queued for it are merged into one."""
        if match_id in self._board_edit_pending:
            self._board_edit_pending[match_id] = True
            return
        self._board_edit_pending[match_id] = False
        self.deliveries.spawn(self._edit_board_until_current(match_id))

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
        self.deliveries.spawn(self._note_board_shown(match))

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
                since_last = loop.time() - self._last_board_edit.get(match_id, -self.edit_interval)
                if since_last < self.edit_interval and match_id not in self._clicks_waiting:
                    await asyncio.sleep(self.edit_interval - since_last)
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
                        self.deliveries.retry_delay(failures),
                    )
                    self._board_edit_pending[match_id] = True
                    if not await self.deliveries.wait_to_retry(failures):
                        return
                    failures += 1
                    continue
                failures = 0
                current = await self.host.board_shown(match_id, match.version, self.said_through(match_id))
                if current > match.version:
                    # Changed meanwhile, maybe by another process whose own edit this one may have undone.
                    self._board_edit_pending[match_id] = True
                if not self._board_edit_pending.get(match_id):
                    if not match.status.is_live:
                        self._last_board_edit.pop(match_id, None)
                        self.messages.forget(match_id)
                        self.tokens.forget(match_id)
                    return
        finally:
            self._board_edit_pending.pop(match_id, None)
            self._clicks_waiting.discard(match_id)

    async def _edit_board(self, snapshot: Snapshot) -> discord.HTTPException | None:
        """Show the snapshot on its board, or on a board posted afresh; None when done, else what Discord said
        (NotFound: the board is gone)."""
        match = snapshot.match
        await self.messages.recall_recent(match)
        board = self.client.get_partial_messageable(match.channel_id).get_partial_message(match.board_message_id)
        self._last_board_edit[match.id] = asyncio.get_running_loop().time()
        try:
            if self._needs_fresh_board(match):
                await self._post_fresh_board(snapshot)
            else:
                if not await self._edit_through_click(snapshot):
                    await board.edit(**self.messages.board_message(snapshot, editing=True))
        except discord.HTTPException as error:
            if error.code != TOO_MANY_LATE_EDITS or match.status is not MatchStatus.PLAYING:
                return error
            # Discord takes few edits to a message over an hour old: the board moves to the bottom.
            self._board_edit_pending[match.id] = True
            await self._post_fresh_board(snapshot)
        return None

    async def _edit_through_click(self, snapshot: Snapshot) -> bool:
        """Edit the board through the token of the latest click it answered, which Discord does not count against
        the bot's global limit; False when there is none to use (or Discord refused it: the token may have
        lapsed), so the edit goes as an edit of the message."""
        match = snapshot.match
        clicked = self.tokens.usable(match.id) if self.edits_through_clicks else None
        if clicked is None or clicked.message is None or clicked.message.id != match.board_message_id:
            return False
        try:
            await clicked.edit_original_response(**self.messages.board_message(snapshot, editing=True))
        except discord.HTTPException as error:
            log.info("could not edit the board of match %s through a click (%s): editing it", match.id, error)
            self.tokens.forget(match.id)
            return False
        return True

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
        fresh = await channel.send(**self.messages.board_message(snapshot))
        await self.host.attach_board(match.id, fresh.id)
        self.board_posted(match.channel_id)
        link = f"https://discord.com/channels/{match.guild_id or '@me'}/{match.channel_id}/{fresh.id}"
        old = channel.get_partial_message(match.board_message_id)
        try:
            await old.edit(content=f"This game's board has moved down: {link}", embed=None, view=None, attachments=[])
        except discord.HTTPException:
            with contextlib.suppress(discord.HTTPException):
                await old.delete()
