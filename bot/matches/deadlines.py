"""Runs the host's deadlines: one task sleeps until the nearest due row, fires what is due, and repeats.

Deadlines are rows in storage, so anything that fell due while the bot was down fires at start-up. What a
fired deadline shows is the adapter's business: it is handed to `on_fired`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.matches.host import DeadlineFired, MatchHost

log = logging.getLogger(__name__)

# The host wakes the runner whenever it writes deadlines; this bound only limits how long a missed wake-up
# (or a clock that jumped) could delay one.
LONGEST_SLEEP_SECONDS = 60.0


class DeadlineRunner:
    def __init__(self, host: MatchHost, on_fired: Callable[[DeadlineFired], Awaitable[None]]) -> None:
        self.host = host
        self.on_fired = on_fired
        self._wake = asyncio.Event()

    def wake(self) -> None:
        """Check for due deadlines now (the clock moved, or a deadline was added)."""
        self._wake.set()

    async def fire_due(self) -> int:
        """Handle every due deadline; returns how many fired."""
        fired = await self.host.fire_due_deadlines()
        for item in fired:
            await self.on_fired(item)
        return len(fired)

    async def run(self) -> None:
        while True:
            # Cleared before reading the deadlines, so a wake-up for one written meanwhile is not lost.
            self._wake.clear()
            try:
                await self.fire_due()
                delay = LONGEST_SLEEP_SECONDS
                next_at = await self.host.store.next_deadline_at()
                if next_at is not None:
                    delay = min(delay, max(0.0, (next_at - self.host.clock.now()).total_seconds()))
            except Exception:
                log.exception("deadline check failed; trying again shortly")
                delay = LONGEST_SLEEP_SECONDS
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout=delay)
