"""What every way of delivering to Discord shares: the background tasks deliveries run in, and trying again what
Discord refused.

Guarantees: what Discord refuses is tried again after `RETRY_DELAYS` (soon at first, then once a minute) for as
long as the bot runs; when it stops, nothing is tried again here, and what was not delivered is caught up at the
next start from what the match record says was delivered. `nonce` names a message so that Discord posts it once
however often it is sent. `post` is the one delivery with no such promise: a line said once, or logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Coroutine
from typing import Any

import discord

from bot.discord_ui.limits import CONTENT, fit_text
from bot.discord_ui.wording import pinging
from bot.matches import Match

log = logging.getLogger(__name__)

RETRY_DELAYS = (2.0, 5.0, 15.0, 60.0)
"""Seconds before trying a refused board edit, DM or announcement again: soon at first, then once a minute for as
long as it takes."""


class Deliveries:
    """The background tasks of every delivery, and when to try again what Discord refused."""

    def __init__(self) -> None:
        self.retry_delays = RETRY_DELAYS
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stopping = asyncio.Event()

    def spawn(self, coroutine: Coroutine[Any, Any, Any], *, failure_heard: bool = False) -> asyncio.Task[Any]:
        """Run a delivery in the background, waited for by `idle` and cancelled by `cancel`. Its failure is
        logged, unless `failure_heard`: whoever awaits the task hears of it."""
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._heard_of if failure_heard else self._task_done)
        return task

    def _heard_of(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled():
            task.exception()  # each awaiting it has heard of a failure; none may be left to hear

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("display task failed", exc_info=task.exception())

    def retry_delay(self, failures: int) -> float:
        return self.retry_delays[min(failures, len(self.retry_delays) - 1)]

    async def wait_to_retry(self, failures: int) -> bool:
        """Wait before trying again what Discord refused; False when the bot is stopping instead (what was not
        shown is caught up at the next start)."""
        return await self.pause(self.retry_delay(failures))

    async def pause(self, seconds: float) -> bool:
        """Wait `seconds` before delivering; False when the bot is stopping instead (what was not shown is caught
        up at the next start)."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(seconds):  # not wait_for: see DeadlineRunner.run
                await self._stopping.wait()
        return not self._stopping.is_set()

    def stop_retrying(self) -> None:
        """The bot is stopping: what Discord refuses is no longer tried again now, but at the next start."""
        self._stopping.set()

    def cancel(self) -> None:
        """Give up what is still being sent (at shutdown); what a board missed is caught up at the next start."""
        for task in self._tasks:
            task.cancel()

    async def idle(self) -> None:
        """Wait until every background edit and message has been sent (for tests and shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


def nonce(match_id: int, version: int, index: int | str) -> str:
    """The same 24 characters for the same message every time it is sent (Discord takes nonces of up to 25): a
    change's line `index`, or its DM to a seat."""
    return hashlib.blake2b(f"{match_id}:{version}:{index}".encode(), digest_size=12).hexdigest()


async def post(client: discord.Client, match: Match, content: str) -> discord.Message | None:
    """Say something in the table's channel, pinging the players it mentions; logged when Discord refuses (then
    None)."""
    try:
        content = fit_text(content, CONTENT)
        channel = client.get_partial_messageable(match.channel_id)
        return await channel.send(content, allowed_mentions=pinging(content, match))
    except discord.HTTPException as error:
        log.warning("could not post in channel %s: %s", match.channel_id, error)
        return None
