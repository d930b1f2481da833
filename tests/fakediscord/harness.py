"""Starting a real discord.py bot against a FakeDiscord in the test's event loop, and stopping it cleanly.

``run_bot`` redirects discord.py to the fake, starts ``bot.start(token)`` as a task, waits for ``ready``,
records every error discord.py logs (handlers that raised, views, modals, app commands), and on exit closes
the
bot and checks that nothing went wrong.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import discord

from .server import FakeDiscord

FAST_READY = 0.05  # seconds discord.py waits after the last GUILD_CREATE before "ready"


def bot_options() -> dict[str, Any]:
    """Constructor options for a bot under test: ``commands.Bot(..., **bot_options())``."""
    return {"guild_ready_timeout": FAST_READY}


async def _identify_now(shard_id: int | None, *, initial: bool = False) -> None:
    """discord.py sleeps 5 s before every re-IDENTIFY; a test must not."""


def prepare_bot(bot: discord.Client) -> discord.Client:
    """Make a bot test-fast: no sleep before re-IDENTIFY, short guild-ready wait."""
    bot.before_identify_hook = _identify_now  # type: ignore[method-assign]
    # For bots built without bot_options(): the state reads this attribute each time it waits.
    bot._connection.guild_ready_timeout = min(bot._connection.guild_ready_timeout, FAST_READY)
    return bot


class ErrorLog(logging.Handler):
    """Collects ERROR records from the ``discord`` logger (what discord.py logs for unhandled exceptions)."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def describe(self) -> list[str]:
        out = []
        for r in self.records:
            text = r.getMessage()
            if r.exc_info and r.exc_info[1] is not None:
                text += f": {r.exc_info[1]!r}"
            out.append(text)
        return out


@dataclass
class BotRun:
    """A running bot: ``errors`` has what discord.py logged as errors so far."""

    bot: discord.Client
    task: asyncio.Task[None]
    fake: FakeDiscord
    log: ErrorLog = field(default_factory=ErrorLog)

    @property
    def errors(self) -> list[str]:
        return self.log.describe()

    def clear_errors(self) -> None:
        self.log.records.clear()


@contextlib.asynccontextmanager
async def run_bot(
    fake: FakeDiscord,
    bot: discord.Client,
    *,
    token: str | None = None,
    timeout: float = 10.0,
    check: bool = True,
) -> AsyncIterator[BotRun]:
    """Run ``bot`` against ``fake`` until the block ends.

    On a normal exit with ``check=True`` it asserts that discord.py logged no errors and that
    ``fake.assert_clean()`` holds (no unimplemented routes, no fake errors, no late interaction callbacks).
    """
    prepare_bot(bot)
    log = ErrorLog()
    discord_logger = logging.getLogger("discord")
    discord_logger.addHandler(log)
    with fake.redirect():
        task = asyncio.create_task(bot.start(token or fake.token), name="fakediscord-bot")
        fake.watch(task)
        run = BotRun(bot, task, fake, log)
        failed = False
        try:
            await fake.wait_until_ready(bot, timeout)
            yield run
        except BaseException:
            failed = True
            raise
        finally:
            try:
                await asyncio.wait_for(bot.close(), timeout)
                await asyncio.wait_for(asyncio.shield(task), timeout)
            except BaseException:
                if not failed:
                    raise
            finally:
                fake._watched.remove(task)
                discord_logger.removeHandler(log)
        if check:
            assert not run.errors, "discord.py logged errors:\n" + "\n".join(run.errors)
            fake.assert_clean()
