"""Per-match locks: one request at a time changes a match in this process (the stored version refuses a change
from another process that a lock could not see)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator


class MatchLocks:
    """One asyncio.Lock per match while someone holds or waits for it; none kept for matches nobody touches,
    so ids that are refused, forged or long finished leave nothing behind."""

    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    @contextlib.asynccontextmanager
    async def hold(self, match_id: int) -> AsyncIterator[None]:
        lock, users = self._locks.setdefault(match_id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self._locks[match_id]
