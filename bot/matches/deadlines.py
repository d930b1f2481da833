"""Runs the host's deadlines: one task sleeps until the nearest due row, fires what is due, and repeats.

Deadlines are rows in storage, so anything that fell due while the bot was down fires at start-up. What a
fired deadline shows is the adapter's business: it is handed to `on_fired`. Work that is due at a time but belongs
to no match (a season's end) is asked of `also_due` on every round, which says when it next has something to do.

Several processes on one database each run a runner over every match's deadlines (the host fires each once,
whoever gets there first). A process is woken by its own commits only, so with a shared database a runner also
looks every `longest_sleep` seconds: a deadline another process wrote, and did not live to fire, fires that late
at most.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from bot.matches.host import DeadlineFired, MatchHost

log = logging.getLogger(__name__)

# The host wakes the runner whenever it writes deadlines; this bound only limits how long a missed wake-up
# (or a clock that jumped) could delay one.
LONGEST_SLEEP_SECONDS = 60.0
SHARED_DATABASE_SLEEP_SECONDS = 1.0
"""The longest sleep when other processes write deadlines too: one cheap query a second per process."""


class DeadlineRunner:
    def __init__(
        self,
        host: MatchHost,
        on_fired: Callable[[DeadlineFired], Awaitable[None]],
        longest_sleep: float = LONGEST_SLEEP_SECONDS,
        also_due: Callable[[], Awaitable[datetime | None]] | None = None,
    ) -> None:
        self.host = host
        self.on_fired = on_fired
        self.longest_sleep = longest_sleep
        self.also_due = also_due
        """Work the runner does on each round besides matches' deadlines (a season's end): it does what is due and
        says when it next has something to do (None: nothing waits)."""
        self._also_next: datetime | None = None
        self._wake = asyncio.Event()
        self._next_look: datetime | None = None
        """When the runner will look next, if it is sleeping; a deadline due later needs no wake-up."""

    def wake(self, due_at: datetime | None = None) -> None:
        """Look for due deadlines now: the clock moved (no `due_at`), or a deadline due at `due_at` was written,
        which matters only if it is due before the runner planned to look again."""
        if due_at is None or self._next_look is None or due_at < self._next_look:
            self._wake.set()

    async def fire_due(self) -> int:
        """Handle every due deadline; returns how many fired."""
        fired = await self.host.fire_due_deadlines()
        for item in fired:
            await self.on_fired(item)
        if self.also_due is not None:
            self._also_next = await self.also_due()
        return len(fired)

    async def run(self) -> None:
        while True:
            # Cleared before reading the deadlines, so a wake-up for one written meanwhile is not lost.
            self._wake.clear()
            self._next_look = None
            try:
                await self.fire_due()
                delay = self.longest_sleep
                for next_at in (await self.host.store.next_deadline_at(), self._also_next):
                    if next_at is not None:
                        delay = min(delay, max(0.0, (next_at - self.host.clock.now()).total_seconds()))
            except Exception:
                log.exception("deadline check failed; trying again shortly")
                delay = self.longest_sleep
            self._next_look = self.host.clock.now() + timedelta(seconds=delay)
            # asyncio.timeout, not wait_for: on Python 3.11 wait_for swallows a cancellation that comes just as the
            # wake-up does, and the runner would never stop.
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(delay):
                    await self._wake.wait()
