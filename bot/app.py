"""The composition root: loads the games, builds storage, host, display and bot, and runs it.

`python -m bot` calls `run`; so do the end-to-end tests.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
import socket
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, TypeVar

import aiohttp
import discord
import yarl
from discord.ext import commands

from bot.catalogue import Game, load_games
from bot.config import Settings
from bot.discord_ui.controller import TableController
from bot.discord_ui.display import TableDisplay
from bot.discord_ui.failures import AnsweringTree
from bot.discord_ui.leagues import LeagueDesk
from bot.discord_ui.practice import PracticeDesk
from bot.discord_ui.records import RecordsController
from bot.discord_ui.rules_help import RulesHelp
from bot.discord_ui.seasons import SeasonEnds
from bot.discord_ui.snowflake import snowflake_at
from bot.matches import Clock, DeadlineRunner, MatchHost
from bot.matches.deadlines import LONGEST_SLEEP_SECONDS, SHARED_DATABASE_SLEEP_SECONDS
from bot.matches.leagues import LeagueHost
from bot.matches.records import Records
from bot.runtime import tune_interpreter
from bot.storage import Store, open_existing_store, open_store
from bot.time_zones import TimeZoneIndex, time_zone_index

log = logging.getLogger(__name__)
T = TypeVar("T")

EXTENSIONS = ("cogs.tables", "cogs.chat", "cogs.players", "cogs.records", "cogs.practice", "cogs.leagues")
COMMANDS_FINGERPRINT = "global_commands_fingerprint"
DISCORD_ANSWER_SECONDS = 30.0
"""How long logging in may wait for Discord to take the token (it answers in well under a second), before the
start gives up with DiscordUnreachable. aiohttp alone would wait five minutes for an answer that never comes."""


class DiscordUnreachable(Exception):
    """Discord could not be reached to log in; the message says what failed and what to check."""


class SystemClock:
    def now(self) -> datetime:
        return datetime.now(UTC)


def wanted_intents(*, message_content: bool = True) -> discord.Intents:
    """Guilds and their messages; Message Content lets games read moves typed in chat (Anomia's answers). No DM
    messages and no reactions: the bot reads neither, and each event subscribed to is one more for discord.py to
    parse (every DM the bot sends would come back as one)."""
    intents = discord.Intents.none()
    intents.guilds = True
    intents.guild_messages = True
    intents.message_content = message_content
    return intents


class AnthologyBot(commands.AutoShardedBot):
    """The bot: owns the games, store, host, display, controller and deadline runner for its lifetime.

    Sharded always (one shard is just the smallest case): it runs the settings' shards (`SHARD_IDS` of
    `SHARD_COUNT`), or every shard Discord recommends. Other processes may run the other shards on the same
    PostgreSQL database; any of them can act on any match, since matches live only in the database."""

    def __init__(
        self,
        settings: Settings,
        games: dict[str, Game],
        store: Store | None,
        *,
        clock: Clock | None = None,
        intents: discord.Intents | None = None,
        new_seed: Callable[[], int] | None = None,
    ):
        # The bot has no voice, so discord.py's warnings that voice libraries are missing would only mislead.
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents or wanted_intents(),
            help_command=None,
            tree_cls=AnsweringTree,
            # Nothing pings unless a message names whom it means to ping (see bot/discord_ui/wording.py).
            allowed_mentions=discord.AllowedMentions.none(),
            # No cache of messages: the bot never looks one up (a click carries its message), so keeping the last
            # thousand it heard, and updating them as they are edited, would only cost time and memory.
            max_messages=None,
            # None: discord.py asks Discord (GET /gateway/bot) how many shards to run.
            shard_count=settings.shard_count,
            shard_ids=list(settings.shard_ids) or None,
        )
        self.settings = settings
        self.games = games
        self.clock = clock or SystemClock()
        self.new_seed = new_seed or (lambda: secrets.randbits(62))
        self.store = store
        """None until Discord has taken the token, when the database is new: setup_hook makes it then."""
        self.token_taken: Callable[[], None] = lambda: None
        """Called as soon as Discord has taken the token (see `_log_in`)."""
        self._started = False
        self._deadline_task: asyncio.Task[None] | None = None
        self._resume_check: asyncio.Task[None] | None = None
        self._league_catch_up: asyncio.Task[None] | None = None

    @property
    def reads_message_content(self) -> bool:
        return self.intents.message_content

    async def setup_hook(self) -> None:
        # discord.py calls this once Discord has accepted the token: now a new database may be made, and the rest of
        # the start may take as long as it needs.
        self.token_taken()
        if self.store is None:
            self.store = await open_store(self.settings)
        self._started = True
        rules = {key: game.rules for key, game in self.games.items()}
        self.host = MatchHost(self.store, self.clock, rules, new_seed=self.new_seed, arrival_of=snowflake_at)
        self.display = TableDisplay(self, self.host, self.games)
        self.display.turn_notice_delay = self.settings.turn_notice_delay
        self.display.reads_chat = self.reads_message_content
        self.tables = TableController(self.host, self.display, self.games)
        self.practice = PracticeDesk(self.host, self.display, self.games)
        self.leagues = LeagueDesk(self, LeagueHost(self.store, self.host, rules), self.host, self.display, self.games)
        # Reading GeoNames' cities and CLDR takes about 2 s of CPU, up to 9 on a busy machine: built on a thread,
        # it holds up neither the gateway connection nor the commands that do not need it.
        self._time_zones = built_on_a_thread(time_zone_index, "time zone index")
        self.records = RecordsController(self.host, Records(self.store, rules), self.games)
        self.rules_help = RulesHelp(self.games)
        # On a shared database, other processes write deadlines that this one must fire should they die.
        shared = self.settings.database_url is not None
        longest_sleep = SHARED_DATABASE_SLEEP_SECONDS if shared else LONGEST_SLEEP_SECONDS
        self.season_ends = SeasonEnds(self, self.host, self.records.records, self.games)
        self.deadlines = DeadlineRunner(self.host, self.display.deadline_fired, longest_sleep, also_due=self._also_due)
        self.host.on_deadlines_changed = self.deadlines.wake
        self.leagues.on_rounds_decided = self.deadlines.wake
        # Every live match is served from storage as it is touched; reading them all is only a check, done while
        # the bot already serves.
        self._resume_check = asyncio.create_task(self._check_live_matches(), name="live match check")
        self.display.catch_up(await self.host.stale_boards())
        self.display.tell_untold(await self.host.untold_turns())
        self.display.announce_unsaid(await self.host.unannounced())
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self._sync_commands()
        self._deadline_task = asyncio.create_task(self.deadlines.run(), name="deadlines")
        self._league_catch_up = asyncio.create_task(self._catch_up_leagues(), name="league catch-up")

    @property
    def time_zones_ready(self) -> bool:
        """Whether the index of time zone names is built."""
        return self._time_zones.done()

    async def time_zones(self) -> TimeZoneIndex:
        """The index of time zone names, once built (see setup_hook)."""
        # Shielded: an autocomplete Discord gave up on is cancelled, and must not cancel the build for the others.
        return await asyncio.shield(self._time_zones)

    async def _also_due(self) -> datetime | None:
        """What the deadline runner does besides matches' deadlines: seasons' ends and league rounds' deadlines;
        when it next has any to do."""
        due = [await self.season_ends.post_due(), await self.leagues.rounds_due()]
        return min((at for at in due if at is not None), default=None)

    async def _catch_up_leagues(self) -> None:
        """Once connected (threads are opened in channels the gateway tells of), what leagues missed while down."""
        await self.wait_until_ready()
        await self.leagues.catch_up()

    async def _check_live_matches(self) -> None:
        live, unreadable = await self.host.resume()
        log.info("resumed %d live match(es)", live)
        if unreadable:
            log.error("could not read the state of match(es) %s; their buttons will fail", unreadable)

    async def _sync_commands(self) -> None:
        if self.settings.guild_ids:
            for guild_id in self.settings.guild_ids:
                guild = discord.Object(guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            log.info("slash commands synced to %d server(s)", len(self.settings.guild_ids))
            return
        # Global sync is rate limited and slow to spread, so only sync when the command set changed.
        payload = [command.to_dict(self.tree) for command in self.tree.get_commands()]
        fingerprint = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        if await self.store.get_meta(COMMANDS_FINGERPRINT) != fingerprint:
            await self.tree.sync()
            await self.store.set_meta(COMMANDS_FINGERPRINT, fingerprint)
            log.info("slash commands changed: synced globally")

    async def on_ready(self) -> None:
        shards = ", ".join(str(shard) for shard in sorted(self.shards))
        log.info(
            "logged in as %s in %d server(s), shard(s) %s of %s", self.user, len(self.guilds), shards, self.shard_count
        )

    async def close(self) -> None:
        for task in (self._resume_check, self._deadline_task, self._league_catch_up):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        if self._started:
            # Let board edits and DMs already under way finish while the connection is still up; what Discord
            # refuses now waits for the next start.
            self.display.stop_retrying()
            await self._display_idle()
        await super().close()
        if self._started:
            await self._display_idle()  # anything a last gateway event started

    async def _display_idle(self) -> None:
        try:
            await asyncio.wait_for(self.display.idle(), timeout=5)
        except TimeoutError:
            self.display.cancel()


async def run(
    settings: Settings,
    *,
    clock: Clock | None = None,
    new_seed: Callable[[], int] | None = None,
    started: Callable[[AnthologyBot], None] | None = None,
) -> None:
    """Run the bot until it is closed or cancelled. Without the Message Content intent, run on without it.

    Nothing is made on disk before both the token and the database are known good: an existing database is
    checked before anything reaches Discord, a new SQLite file only once Discord has accepted the token (checking
    first that it can be made). The store is closed (checkpointed) however the run ends. Raises LoginFailure for
    a rejected token, DiscordUnreachable when Discord cannot be reached, DatabaseUnusable for the database.

    Tests pass a clock and a source of game seeds; `started` is told of each bot made (`python -m bot` closes it
    on a stop signal)."""
    games = load_games()  # every game's content, read once
    tune_interpreter()
    store = await open_existing_store(settings)
    message_content = True
    try:
        while True:
            bot = AnthologyBot(
                settings,
                games,
                store,
                clock=clock,
                intents=wanted_intents(message_content=message_content),
                new_seed=new_seed,
            )
            if started is not None:
                started(bot)
            try:
                async with bot:
                    await _log_in(bot, settings.token)
                    await bot.connect()
                return
            except discord.PrivilegedIntentsRequired:
                if not message_content:
                    raise
                log.warning(
                    "Discord refused the Message Content intent. Turn it on in the Developer Portal (your "
                    "application > Bot > Privileged Gateway Intents) so games can read moves typed in chat "
                    "(Anomia's answers, Not Another Word's words). Until then I run without it: players answer "
                    "with /answer and make words with /word."
                )
                message_content = False
            finally:
                store = bot.store  # made by this bot if it was new; the next one goes on with it
    finally:
        if store is not None:
            await store.close()


async def _log_in(bot: AnthologyBot, token: str) -> None:
    """`bot.login`, with DISCORD_ANSWER_SECONDS for Discord to take the token; what follows (setup_hook) is not
    timed. A Discord that cannot be reached raises DiscordUnreachable."""
    try:
        async with asyncio.timeout(DISCORD_ANSWER_SECONDS) as deadline:
            bot.token_taken = lambda: deadline.reschedule(None)
            await bot.login(token)
    except aiohttp.ClientConnectorError as error:
        raise _unreachable(_connection_trouble(error)) from None
    except (aiohttp.ClientError, discord.DiscordServerError) as error:  # aiohttp's own timeouts among them
        raise _unreachable(str(error) or type(error).__name__) from None
    except TimeoutError:
        if not deadline.expired():
            raise
        raise _unreachable(f"it did not answer within {DISCORD_ANSWER_SECONDS:g} seconds") from None


def _connection_trouble(error: aiohttp.ClientConnectorError) -> str:
    if isinstance(error.os_error, socket.gaierror):
        return f"the name {error.host} does not resolve (DNS)"
    if isinstance(error.os_error, ConnectionRefusedError):
        return f"the connection to {error.host}:{error.port} was refused"
    return f"cannot connect to {error.host}:{error.port} ({error.os_error.strerror or error.os_error})"


def _unreachable(trouble: str) -> DiscordUnreachable:
    api = yarl.URL(discord.http.Route.BASE)
    return DiscordUnreachable(
        f"Cannot reach Discord at {api.host}: {trouble}. Check this machine's network connection, DNS, firewall "
        "and proxy, and whether Discord is down (https://discordstatus.com); then start again."
    )


def built_on_a_thread(build: Callable[[], T], name: str) -> asyncio.Future[T]:
    """What `build` makes, made on a daemon thread: a process told to stop does not wait for it (it waits for the
    event loop's own threads), so a stop signal ends the bot at once."""
    loop = asyncio.get_running_loop()
    made: asyncio.Future[T] = loop.create_future()

    def run() -> None:
        try:
            outcome = (made.set_result, build())
        except Exception as error:
            outcome = (made.set_exception, error)
        with contextlib.suppress(RuntimeError):  # the loop has closed: the bot stopped before it was needed
            loop.call_soon_threadsafe(_settle, made, *outcome)

    threading.Thread(target=run, name=name, daemon=True).start()
    return made


def _settle(future: asyncio.Future, setter: Callable[[Any], None], value: Any) -> None:
    if not future.cancelled():
        setter(value)
