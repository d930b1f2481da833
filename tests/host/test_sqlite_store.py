"""What only the SQLite store has: its file's settings, and the file it leaves behind."""

from __future__ import annotations

from bot.storage import SqliteStore


async def test_wal_and_foreign_keys_are_on(db_path):
    store = await SqliteStore.open(db_path)
    try:
        async with store._db.execute("PRAGMA journal_mode") as cursor:
            assert (await cursor.fetchone())[0] == "wal"
        async with store._db.execute("PRAGMA foreign_keys") as cursor:
            assert (await cursor.fetchone())[0] == 1
    finally:
        await store.close()


async def test_closing_leaves_no_write_ahead_log_behind(db_path):
    store = await SqliteStore.open(db_path)
    await store.set_meta("key", "value")
    assert db_path.with_name(db_path.name + "-wal").exists()
    await store.close()
    assert sorted(path.name for path in db_path.parent.iterdir()) == [db_path.name]
