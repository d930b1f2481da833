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
from collections.abc import Callable
from datetime import UTC, datetime

import discord
from discord.ext import commands

from bot.catalogue import Game, load_games
from bot.config import Settings
from bot.discord_ui.controller import TableController
from bot.discord_ui.display import TableDisplay
from bot.discord_ui.failures import AnsweringTree
from bot.discord_ui.records import RecordsController
from bot.discord_ui.snowflake import snowflake_at
from bot.matches import Clock, DeadlineRunner, MatchHost
from bot.matches.deadlines import LONGEST_SLEEP_SECONDS, SHARED_DATABASE_SLEEP_SECONDS
from bot.matches.records import Records
from bot.runtime import tune_interpreter
from bot.storage import Store, open_store

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.tables", "cogs.chat", "cogs.players", "cogs.records")
COMMANDS_FINGERPRINT = "global_commands_fingerprint"


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
        store: Store,
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
        self._started = False
        self._deadline_task: asyncio.Task[None] | None = None
        self._resume_check: asyncio.Task[None] | None = None

    @property
    def reads_message_content(self) -> bool:
        return self.intents.message_content

    async def setup_hook(self) -> None:
        self._started = True
        rules = {key: game.rules for key, game in self.games.items()}
        self.host = MatchHost(self.store, self.clock, rules, new_seed=self.new_seed, arrival_of=snowflake_at)
        self.display = TableDisplay(self, self.host, self.games)
        self.display.reads_chat = self.reads_message_content
        self.tables = TableController(self.host, self.display, self.games)
        self.records = RecordsController(self.host, Records(self.store, rules), self.games)
        # On a shared database, other processes write deadlines that this one must fire should they die.
        shared = self.settings.database_url is not None
        longest_sleep = SHARED_DATABASE_SLEEP_SECONDS if shared else LONGEST_SLEEP_SECONDS
        self.deadlines = DeadlineRunner(self.host, self.display.deadline_fired, longest_sleep)
        self.host.on_deadlines_changed = self.deadlines.wake
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
        for task in (self._resume_check, self._deadline_task):
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
    """Run the bot until it is closed or cancelled. Without the Message Content intent, run on without it. The
    database is checked before anything reaches Discord, and closed (checkpointed) however the run ends.

    Tests pass a clock and a source of game seeds; `started` is told of each bot made (`python -m bot` closes it
    on a stop signal)."""
    games = load_games()  # every game's content, read once
    tune_interpreter()
    store = await open_store(settings)
    try:
        await _run_bots(settings, games, store, clock=clock, new_seed=new_seed, started=started)
    finally:
        await store.close()


async def _run_bots(
    settings: Settings,
    games: dict[str, Game],
    store: Store,
    *,
    clock: Clock | None,
    new_seed: Callable[[], int] | None,
    started: Callable[[AnthologyBot], None] | None,
) -> None:
    message_content = True
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
                await bot.start(settings.token)
            return
        except discord.PrivilegedIntentsRequired:
            if not message_content:
                raise
            log.warning(
                "Discord refused the Message Content intent. Turn it on in the Developer Portal (your application "
                "> Bot > Privileged Gateway Intents) so games can read moves typed in chat (Anomia's answers, Not "
                "Another Word's words). Until then I run without it: players answer with /answer and make words "
                "with /word."
            )
            message_content = False
