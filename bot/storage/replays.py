"""What a finished game's replay reads and keeps (see bot/matches/replays.py), on each engine: its log, as little of
it as a replay needs; the latest state kept at or before a move (`replay_states`); and keeping a game's states
once its replay has rebuilt it in full."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.matches.model import LoggedAction

REPLAY_LOG = "SELECT version, seat, action, events FROM actions WHERE match_id = {} ORDER BY version"


class _OverStoreCalls:
    """What both are written over: the store's own `_read` (a query) and `_write` (a transaction)."""

    async def _read(self, work: Any) -> Any:
        raise NotImplementedError

    async def _write(self, work: Any) -> Any:
        raise NotImplementedError


class SqliteReplays(_OverStoreCalls):
    """The replay's reads and writes over the SQLite store's `_read` and `_write`."""

    async def replay_log(self, match_id: int) -> list[LoggedAction]:
        rows = await self._read(lambda db: db.execute(REPLAY_LOG.format("?"), (match_id,)).fetchall())
        return [LoggedAction(*row) for row in rows]

    async def replay_state(self, match_id: int, move: int) -> tuple[int, str] | None:
        row = await self._read(
            lambda db: db.execute(
                "SELECT move, state FROM replay_states WHERE match_id = ? AND move <= ? ORDER BY move DESC LIMIT 1",
                (match_id, move),
            ).fetchone()
        )
        return None if row is None else (row[0], row[1])

    async def keep_replay_states(self, match_id: int, states: Sequence[tuple[int, str]]) -> None:
        rows = [(match_id, move, state) for move, state in states]
        await self._write(
            lambda db: db.executemany(
                "INSERT INTO replay_states (match_id, move, state) VALUES (?, ?, ?) ON CONFLICT DO NOTHING", rows
            )
        )


class PostgresReplays(_OverStoreCalls):
    """The replay's reads and writes over the PostgreSQL store's `_read` and `_write`."""

    async def replay_log(self, match_id: int) -> list[LoggedAction]:
        rows = await self._read(lambda db: db.fetch(REPLAY_LOG.format("$1"), match_id))
        return [LoggedAction(*row) for row in rows]

    async def replay_state(self, match_id: int, move: int) -> tuple[int, str] | None:
        row = await self._read(
            lambda db: db.fetchrow(
                "SELECT move, state FROM replay_states WHERE match_id = $1 AND move <= $2 ORDER BY move DESC LIMIT 1",
                match_id,
                move,
            )
        )
        return None if row is None else (row["move"], row["state"])

    async def keep_replay_states(self, match_id: int, states: Sequence[tuple[int, str]]) -> None:
        rows = [(match_id, move, state) for move, state in states]
        await self._write(
            lambda db: db.executemany(
                "INSERT INTO replay_states (match_id, move, state) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING", rows
            )
        )
