"""Storage behind the host's MatchStore seam: SQLite through aiosqlite."""

from bot.storage.sqlite import DatabaseTooNew, SqliteStore

__all__ = ["DatabaseTooNew", "SqliteStore"]
