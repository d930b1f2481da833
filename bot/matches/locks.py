"""Per-match locks: one request at a time changes a match in this process (the stored version refuses a change
from another process that a lock could not see)."""

from __future__ import annotations

import asyncio
from types import TracebackType


class MatchLocks:
    """One asyncio.Lock per match while someone holds or waits for it; none kept for matches nobody touches,
    so ids that are refused, forged or long finished leave nothing behind."""

    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}

    def __len__(self) -> int:
        return len(self._locks)

    def hold(self, match_id: int) -> _Held:
        return _Held(self._locks, match_id)


class _Held:
    """`async with` one match's lock. A class rather than a generator-based context manager: every action takes
    one, and a generator's setting up and winding down cost about three times the lock itself."""

    __slots__ = ("_lock", "_locks", "_match_id", "_users")

    def __init__(self, locks: dict[int, tuple[asyncio.Lock, list[int]]], match_id: int) -> None:
        self._locks = locks
        self._match_id = match_id

    async def __aenter__(self) -> None:
        self._lock, self._users = self._locks.setdefault(self._match_id, (asyncio.Lock(), [0]))
        self._users[0] += 1
        try:
            await self._lock.acquire()
        except BaseException:  # cancelled while waiting: no longer a user of the lock
            self._leave()
            raise

    async def __aexit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._lock.release()
        self._leave()

    def _leave(self) -> None:
        self._users[0] -= 1
        if not self._users[0]:
            del self._locks[self._match_id]
