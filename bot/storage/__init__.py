"""Storage behind the host's MatchStore seam: SQLite through aiosqlite (the default, one process), or PostgreSQL
through asyncpg (DATABASE_URL: one process or several sharing the database)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.storage.common import DatabaseTooNew, DatabaseUnusable
from bot.storage.postgres import PostgresStore
from bot.storage.sqlite import SqliteStore

if TYPE_CHECKING:
    from bot.config import Settings

Store = SqliteStore | PostgresStore
"""Either store: the host's MatchStore, and the bot's own facts (`get_meta`, `set_meta`)."""


async def open_store(settings: Settings) -> Store:
    """The store the settings name: PostgreSQL at DATABASE_URL when it is set, else SQLite at DATABASE_PATH.

    Raises DatabaseUnusable, naming the database, when it cannot be used."""
    if settings.database_url:
        return await PostgresStore.open(settings.database_url)
    return await SqliteStore.open(settings.database_path)


__all__ = ["DatabaseTooNew", "DatabaseUnusable", "PostgresStore", "SqliteStore", "Store", "open_store"]
