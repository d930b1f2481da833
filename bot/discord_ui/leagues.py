"""Leagues in Discord: `/league create`, the board's buttons (Join, Leave, Add a computer, Start), `/league status` and
`/league drop`, and running the rounds: the bot opens each game's table in a public thread of the league's channel
(its players added to it), deals it, and when the last table of a round is over (every table has the league's turn
clock, so none waits for ever) or the round's deadline passes (`rounds_due`, asked by the deadline runner: computers
finish the tables still playing, and each table's thread is told in one line) pairs and opens the next round, editing
the league's board as results come in. What a restart missed is caught up at the start (`catch_up`): deadlines met,
results recorded, missing tables opened. The league's rules live in bot/leagues and bot/matches/leagues.py; here are
only Discord's words."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from datetime import datetime, timedelta

import discord

from bot.catalogue import Game
from bot.discord_ui.controller import ARCHIVE_AFTER_A_WEEK
from bot.discord_ui.display import TableDisplay
from bot.discord_ui.failures import reply_privately
from bot.discord_ui.league_boards import league_message, names_of
from bot.discord_ui.limits import THREAD_NAME, fit_text
from bot.discord_ui.wording import NAME_LIMIT, inert
from bot.leagues import Format, Pairing
from bot.matches import Match, MatchHost, Refusal
from bot.matches.league_records import LeagueRecord, LeagueStatus
from bot.matches.leagues import LeagueHost

log = logging.getLogger(__name__)

NOT_IN_A_THREAD = "Create a league in a channel, not in a thread: I open a thread there for every game it plays."
THREADS_NEEDED = (
    "I can't run a league here: I open a thread for every game, so I need the Create Public Threads and Send "
    "Messages in Threads permissions in this channel."
)


class LeagueDesk:
    """Answers the league commands and buttons and runs the rounds; see the module docstring."""

    def __init__(
        self,
        client: discord.Client,
        leagues: LeagueHost,
        host: MatchHost,
        display: TableDisplay,
        games: Mapping[str, Game],
    ) -> None:
        self.client = client
        self.leagues = leagues
        self.host = host
        self.display = display
        self.games = games
        self._running: dict[int, asyncio.Lock] = {}
        self._deciding_rounds = asyncio.Lock()
        self.on_rounds_decided: Callable[[], None] = lambda: None
        """Called after the catch-up met the deadlines that passed while the bot was down, so that the deadline
        runner learns the next ones."""
        self._tasks: set[asyncio.Task] = set()
        display.on_table_over = self.table_over

    # -- commands and buttons --------------------------------------------------------------------------------

    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: int | None,
        clock: int,
        round_days: int | None = None,
    ) -> None:
        permissions = interaction.app_permissions
        if isinstance(interaction.channel, discord.Thread):
            await reply_privately(interaction, NOT_IN_A_THREAD)
            return
        if not (permissions.create_public_threads and permissions.send_messages_in_threads):
            await reply_privately(interaction, THREADS_NEEDED)
            return
        league = await self.leagues.create(
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            organiser_id=interaction.user.id,
            game=game,
            format=Format(format),
            rounds=rounds,
            clock=timedelta(seconds=clock),
            round_days=round_days,
        )
        await interaction.response.send_message(**self._board(league, {}))
        board = await interaction.original_response()
        await self.leagues.note(league.id, board_message_id=board.id)

    async def button_clicked(self, interaction: discord.Interaction, league_id: int, verb: str) -> None:
        user = interaction.user
        if verb == "join":
            league = await self.leagues.join(league_id, user.id, inert(user.display_name, NAME_LIMIT))
        elif verb == "leave":
            league = await self.leagues.leave(league_id, user.id)
        elif verb == "computer":
            league = await self.leagues.add_computer(league_id, user.id)
        else:
            league = await self.leagues.start(league_id, user.id)
        await interaction.response.edit_message(**self._board(league, {}, editing=True))
        if league.status is LeagueStatus.RUNNING:
            await interaction.followup.send(
                f"League #{league.id} has started: round 1 of {league.league.rounds}. Every game gets a thread of its "
                "own here, and the league's board above links them."
            )
            self._spawn(self._after_change(league.id))

    async def status(self, interaction: discord.Interaction) -> None:
        channel = interaction.channel
        parent_id = channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
        league = await self.leagues.in_channel(parent_id)
        message = self._board(league, await self.leagues.threads_of(league), buttons=False)
        message.pop("view", None)
        await interaction.response.send_message(**message, ephemeral=True)

    async def drop(self, interaction: discord.Interaction, member: discord.abc.User) -> None:
        channel = interaction.channel
        parent_id = channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id
        league = await self.leagues.in_channel(parent_id)
        dropped = await self.leagues.drop(league.id, interaction.user.id, member.id)
        await interaction.response.send_message(
            f"{member.mention} is dropped from league #{league.id}: every game they had left is a forfeit."
        )
        if dropped.table_match_id is not None:
            try:
                snapshot = await self.host.leave_game(dropped.table_match_id, member.id)
            except Refusal:
                pass  # they had left that table already (a computer plays on): the league counts it lost anyway
            else:
                await self.display.post(
                    snapshot.match, f"🚪 {member.mention} was dropped from the league and forfeits."
                )
                self.display.refresh_board(snapshot.match.id)
        self._spawn(self._after_change(league.id))

    # -- running the rounds ----------------------------------------------------------------------------------

    def table_over(self, match: Match) -> None:
        """A table finished or was closed: if it is a league's, record it (off the caller's path)."""
        self._spawn(self._table_over(match))

    async def _table_over(self, match: Match) -> None:
        league = await self.leagues.table_over(match)
        if league is not None:
            await self._after_change(league.id)

    async def catch_up(self) -> None:
        """At a start: what the bot missed while it was down (the rounds whose deadline passed first, since the
        deadline runner leaves them until the bot is connected)."""
        await self.rounds_due()
        self.on_rounds_decided()
        for league in await self.leagues.catch_up():
            await self._after_change(league.id)

    async def rounds_due(self) -> datetime | None:
        """For the deadline runner: decide the rounds whose deadline passed, and say when the next one does (None:
        no round has one). Left until the bot is connected, as the tables of the next round open in threads."""
        if not self.client.is_ready():
            return None
        async with self._deciding_rounds:
            for decided in await self.leagues.rounds_past_deadline():
                for played in decided.games:
                    await self.display.post(
                        played.snapshot.match,
                        "⏰ The league round's deadline has passed, so computers played this game to its end.",
                    )
                    self.display.after_change(played.snapshot, played.events, [])
                await self._after_change(decided.record.id)
            return await self.leagues.next_round_deadline()

    async def _after_change(self, league_id: int) -> None:
        """Open the tables the current round still lacks, announce the end, and redraw the board."""
        async with self._running.setdefault(league_id, asyncio.Lock()):
            league = await self.leagues.get(league_id)
            for pairing in await self.leagues.tables_to_open(league):
                try:
                    await self._open_table(league, pairing)
                except discord.HTTPException as error:
                    log.warning("could not open the table of league %s, %s: %s", league.id, pairing, error)
            await self._redraw(league)
            if league.status is LeagueStatus.FINISHED and not league.end_announced:
                await self._announce_end(league)

    async def _open_table(self, league: LeagueRecord, pairing: Pairing) -> None:
        names = names_of(league)
        parent = self.client.get_channel(league.channel_id) or await self.client.fetch_channel(league.channel_id)
        title = self.games[league.game].title
        thread = await parent.create_thread(
            name=fit_text(
                f"League {league.id} round {pairing.round}: {names[pairing.first]} vs {names[pairing.second]}",
                THREAD_NAME,
            ),
            type=discord.ChannelType.public_thread,
            auto_archive_duration=ARCHIVE_AFTER_A_WEEK,
        )
        people = [entrant for entrant in (league.entrants[pairing.first], league.entrants[pairing.second])]
        people = [entrant for entrant in people if not entrant.is_computer]
        mentions = " ".join(f"<@{entrant.user_id}>" for entrant in people)
        # Said before the board is posted, so the board stays the thread's last message.
        await thread.send(
            f"League #{league.id}, round {pairing.round} of {league.league.rounds}: {title}, "
            f"{names[pairing.first]} against {names[pairing.second]}. {mentions}\n"
            "This is an ordinary rated game; when a turn clock runs out, a computer makes that move."
            + (
                f" If it is still on when the round ends (<t:{league.round_deadline}:R>), computers finish it."
                if league.round_deadline
                else ""
            )
        )
        result = await self.leagues.open_table(league, pairing, channel_id=thread.id, parent_channel_id=parent.id)
        snapshot = result.snapshot
        match = snapshot.match
        board = await thread.send(**self.display.board_message(snapshot))
        await self.host.attach_board(match.id, board.id)
        self.display.board_posted(thread.id)
        self.display.board_answered(match, shown=True)
        self.display.deal_out(snapshot)
        for entrant in people:
            try:
                await thread.add_user(discord.Object(entrant.user_id))
            except discord.HTTPException as error:
                log.warning("could not add %s to the thread of league table %s: %s", entrant.user_id, match.id, error)

    async def _redraw(self, league: LeagueRecord) -> None:
        if league.board_message_id is None:
            return
        message = {"attachments": [], **self._board(league, await self.leagues.threads_of(league), editing=True)}
        board = self.client.get_partial_messageable(league.channel_id).get_partial_message(league.board_message_id)
        try:
            await board.edit(**message)
        except discord.HTTPException as error:
            log.warning("could not edit the board of league %s: %s", league.id, error)

    async def _announce_end(self, league: LeagueRecord) -> None:
        """Say once, in the league's channel, who won."""
        message = self._board(league, {})
        message["content"] = f"🏁 League #{league.id} is over. Final standings:"
        channel = self.client.get_partial_messageable(league.channel_id)
        try:
            await channel.send(**{key: value for key, value in message.items() if key != "view"})
        except discord.HTTPException as error:
            log.warning("could not announce the end of league %s: %s", league.id, error)
            return
        await self.leagues.note(league.id, end_announced=True)

    def _board(
        self,
        league: LeagueRecord,
        threads: Mapping[tuple[int, int], int],
        *,
        buttons: bool = True,
        editing: bool = False,
    ) -> dict:
        return league_message(league, self.games[league.game].title, threads, buttons=buttons, editing=editing)

    def _spawn(self, work) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a league step failed", exc_info=task.exception())

    async def idle(self) -> None:
        """Wait for the league steps under way (tests, and a clean stop)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
