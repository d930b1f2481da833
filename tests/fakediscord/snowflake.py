"""Discord snowflake ids for the fake: real structure, so ids order by creation time.

A snowflake is ``(ms since 2015-01-01) << 22 | worker << 17 | process << 12 | increment``. discord.py derives
``created_at`` from it and bots sort messages and interactions by it, so the fake must make ids the same way.
"""

from __future__ import annotations

import datetime as dt
import time

DISCORD_EPOCH_MS = 1_420_070_400_000


def snowflake_time(snowflake: int) -> dt.datetime:
    """The creation time encoded in a snowflake (UTC, millisecond precision)."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)


def iso(moment: dt.datetime) -> str:
    """Discord's timestamp format (ISO 8601 with offset)."""
    return moment.astimezone(dt.UTC).isoformat()


def _to_ms(moment: dt.datetime | float | int) -> int:
    if isinstance(moment, dt.datetime):
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=dt.UTC)
        return int(moment.timestamp() * 1000)
    return int(moment * 1000)


class SnowflakeGenerator:
    """Makes increasing snowflakes from the wall clock, or ones at an explicit earlier/later moment."""

    def __init__(self, worker: int = 1, process: int = 0) -> None:
        self._prefix = ((worker & 0x1F) << 17) | ((process & 0x1F) << 12)
        self._last = 0
        self._increment = 0

    def next(self) -> int:
        """A fresh id, strictly greater than every id this generator made with ``next``."""
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        candidate = (ms << 22) | self._prefix
        if candidate <= self._last:
            # Same millisecond (or the clock went back): keep ids strictly increasing.
            candidate = self._last + 1
        self._last = candidate
        return candidate

    def on_shard(self, shard_id: int, shard_count: int) -> int:
        """A fresh id, as from ``next``, that shard ``shard_id`` of ``shard_count`` hears as a guild id: the shard is
        the id's millisecond modulo the count, so the id is moved on by at most ``shard_count - 1`` ms."""
        candidate = self.next()
        behind = (shard_id - (candidate >> 22)) % shard_count
        if behind:
            candidate = (((candidate >> 22) + behind) << 22) | self._prefix
            self._last = candidate
        return candidate

    def at(self, moment: dt.datetime | float | int) -> int:
        """An id whose timestamp is ``moment`` (a datetime or a unix time in seconds).

        Used to make a message that was "created earlier" than one already delivered, to test that a bot
        orders
        by id rather than by arrival. Does not move the ``next`` sequence.
        """
        self._increment = (self._increment + 1) & 0xFFF
        return ((_to_ms(moment) - DISCORD_EPOCH_MS) << 22) | self._prefix | self._increment

    def before(self, snowflake: int, ms: int = 1) -> int:
        """An id created ``ms`` milliseconds before ``snowflake``."""
        return self.at(((snowflake >> 22) + DISCORD_EPOCH_MS - ms) / 1000)
