"""The host tests' database, on either engine: SQLite in a file, or a database of its own on the test session's
PostgreSQL server (tests/postgres_server.py).

A test asks for `database` (parametrised over both engines in conftest.py) when it needs more than the `store`
fixture: another store on the same database (a restart, or a second process), or rows read straight from the
tables, as a crash would leave them.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg
from support import LOG_QUERY, RESULT_QUERY, StoredAction, StoredResult, log_from_rows, result_from_rows

from bot.storage import PostgresStore, SqliteStore

ENGINES = ("sqlite", "postgres")


class Database:
    """What both engines' test databases offer."""

    engine: str

    async def open(self, *, patience_ms: int | None = None) -> SqliteStore | PostgresStore:
        """Another store on this database, as another process (or the same one, restarted) opens it; with
        `patience_ms`, one that waits only that long for another process's lock (SQLite's busy timeout,
        PostgreSQL's lock timeout)."""
        raise NotImplementedError

    async def fetch(self, sql: str, *parameters: Any) -> list[tuple[Any, ...]]:
        """Rows read straight from the database (`?` marks each parameter, on either engine)."""
        raise NotImplementedError

    async def set_schema_version(self, version: int) -> None:
        """Mark the database as written at this schema version (as a newer bot would leave it)."""
        raise NotImplementedError

    def another_process_writing(self, match_id: int) -> contextlib.AbstractAsyncContextManager[None]:
        """Another process in the middle of a write transaction that changes the match, taking its time."""
        raise NotImplementedError

    async def stored_log(self, match_id: int) -> list[StoredAction]:
        """The match's action log as it lies in the database, as a crash would leave it."""
        return log_from_rows(await self.fetch(LOG_QUERY, match_id))

    async def stored_result(self, match_id: int) -> StoredResult | None:
        """The match's recorded result as it lies in the database, or None."""
        return result_from_rows(await self.fetch(RESULT_QUERY, match_id))


@dataclass(frozen=True)
class SqliteDatabase(Database):
    path: Path
    engine: str = "sqlite"

    async def open(self, *, patience_ms: int | None = None) -> SqliteStore:
        return await SqliteStore.open(self.path, busy_timeout_ms=patience_ms)

    async def fetch(self, sql: str, *parameters: Any) -> list[tuple[Any, ...]]:
        with contextlib.closing(sqlite3.connect(self.path)) as connection:
            return connection.execute(sql, parameters).fetchall()

    async def set_schema_version(self, version: int) -> None:
        with contextlib.closing(sqlite3.connect(self.path)) as connection:
            connection.execute(f"PRAGMA user_version = {version}")

    @contextlib.asynccontextmanager
    async def another_process_writing(self, match_id: int) -> AsyncIterator[None]:
        with contextlib.closing(sqlite3.connect(self.path, isolation_level=None)) as other:
            other.execute("BEGIN IMMEDIATE")  # SQLite locks the whole database for a writer
            try:
                yield
            finally:
                other.execute("ROLLBACK")


@dataclass(frozen=True)
class PostgresDatabase(Database):
    url: str
    engine: str = "postgres"

    async def open(self, *, patience_ms: int | None = None) -> PostgresStore:
        return await PostgresStore.open(self.url, lock_timeout_ms=patience_ms)

    async def fetch(self, sql: str, *parameters: Any) -> list[tuple[Any, ...]]:
        numbers = iter(range(1, len(parameters) + 1))
        async with self.connection() as connection:
            rows = await connection.fetch(re.sub(r"\?", lambda _: f"${next(numbers)}", sql), *parameters)
        return [tuple(row) for row in rows]

    async def set_schema_version(self, version: int) -> None:
        async with self.connection() as connection:
            await connection.execute("UPDATE schema_version SET version = $1", version)

    @contextlib.asynccontextmanager
    async def another_process_writing(self, match_id: int) -> AsyncIterator[None]:
        async with self.connection() as other:
            writing = other.transaction()
            await writing.start()
            try:
                await other.execute("UPDATE matches SET updated_at = updated_at WHERE id = $1", match_id)  # locks it
                yield
            finally:
                await writing.rollback()

    @contextlib.asynccontextmanager
    async def connection(self) -> AsyncIterator[asyncpg.Connection]:
        """A connection of its own to this database."""
        connection = await asyncpg.connect(self.url)
        try:
            yield connection
        finally:
            await connection.close()
