"""What only the SQLite store has: its file's settings, and the file it leaves behind."""

from __future__ import annotations

import asyncio

from bot.storage import SqliteStore
from bot.storage import sqlite as sqlite_store


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


async def test_the_write_ahead_log_is_started_over_while_writes_never_pause(db_path, monkeypatch):
    # SQLite starts the log over only when a write begins after a checkpoint that copied all of it; writes that
    # land during every checkpoint would make it grow for as long as they last (15,000 pages here, 60 MB).
    monkeypatch.setattr(sqlite_store, "CHECKPOINT_EVERY_SECONDS", 0.01)
    store = await SqliteStore.open(db_path)
    log_file = db_path.with_name(db_path.name + "-wal")
    try:
        largest = 0
        for number in range(15_000):
            await store.set_meta("page", f"{number:05}" + "x" * 3000)  # a page of its own
            largest = max(largest, log_file.stat().st_size)
            await asyncio.sleep(0)
        assert (await store.get_meta("page")).startswith("14999")
    finally:
        await store.close()
    assert largest < 20_000_000, f"the log grew to {largest / 1e6:.0f} MB"
