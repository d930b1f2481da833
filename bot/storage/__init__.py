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


async def open_existing_store(settings: Settings) -> Store | None:
    """`open_store`, except that a SQLite file that does not exist yet is not made: then it returns None, once
    `SqliteStore.check_can_open` found that it can be made. (A PostgreSQL database always exists already.)"""
    if not settings.database_url and not settings.database_path.exists():
        SqliteStore.check_can_open(settings.database_path)
        return None
    return await open_store(settings)


__all__ = [
    "DatabaseTooNew",
    "DatabaseUnusable",
    "PostgresStore",
    "SqliteStore",
    "Store",
    "open_existing_store",
    "open_store",
]
