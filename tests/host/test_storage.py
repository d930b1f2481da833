"""The SQLite store on its own: schema versions and what it refuses."""

from __future__ import annotations

import sqlite3

import pytest

from bot.storage import DatabaseTooNew, SqliteStore
from bot.storage.sqlite import SCHEMA_VERSION


async def test_a_new_file_is_migrated_to_the_current_schema(db_path):
    store = await SqliteStore.open(db_path)
    try:
        assert await store.schema_version() == SCHEMA_VERSION
    finally:
        await store.close()
    # Opening again applies nothing twice.
    store = await SqliteStore.open(db_path)
    await store.close()


async def test_a_database_from_a_newer_bot_is_refused(db_path):
    connection = sqlite3.connect(db_path)
    connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    connection.close()
    with pytest.raises(DatabaseTooNew, match="Upgrade the bot"):
        await SqliteStore.open(db_path)


async def test_wal_and_foreign_keys_are_on(store):
    async with store._db.execute("PRAGMA journal_mode") as cursor:
        assert (await cursor.fetchone())[0] == "wal"
    async with store._db.execute("PRAGMA foreign_keys") as cursor:
        assert (await cursor.fetchone())[0] == 1
