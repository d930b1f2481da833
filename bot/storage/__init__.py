"""Storage behind the host's MatchStore seam: SQLite through aiosqlite."""

from bot.storage.sqlite import DatabaseTooNew, DatabaseUnusable, SqliteStore

__all__ = ["DatabaseTooNew", "DatabaseUnusable", "SqliteStore"]
