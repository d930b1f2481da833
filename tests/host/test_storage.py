"""The SQLite store on its own: schema versions and what it refuses."""

from __future__ import annotations

import sqlite3
from datetime import time

import pytest
from support import make_host

from bot.matches import MatchStatus, StorageBusy
from bot.players import MENTION, PlayerSettings
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


async def test_a_database_another_process_keeps_locked_refuses_the_write_and_changes_nothing(db_path, clock):
    store = await SqliteStore.open(db_path, busy_timeout_ms=50)
    try:
        host = make_host(store, clock)
        match = await host.open_table(guild_id=1, channel_id=5, game="countto", opener_id=1, opener_name="A")
        other = sqlite3.connect(db_path)
        other.execute("BEGIN IMMEDIATE")  # another process writing, and taking its time
        with pytest.raises(StorageBusy):
            await host.join(match.id, 2, "B")
        other.rollback()
        other.close()
        assert [player.user_id for player in (await host.get(match.id)).players] == [1]
        await host.join(match.id, 2, "B")  # the lock gone, the same request goes through
    finally:
        await store.close()


async def test_closing_leaves_no_write_ahead_log_behind(db_path):
    store = await SqliteStore.open(db_path)
    await store.set_meta("key", "value")
    assert db_path.with_name(db_path.name + "-wal").exists()
    await store.close()
    assert sorted(path.name for path in db_path.parent.iterdir()) == [db_path.name]


async def test_player_settings_are_kept_and_a_player_without_any_has_the_defaults(store):
    assert await store.player_settings(7) == PlayerSettings()
    night = PlayerSettings("Europe/Berlin", time(23, 0), time(7, 30), MENTION)
    await store.save_player_settings(7, night)
    assert await store.player_settings(7) == night and await store.player_settings(8) == PlayerSettings()
    await store.save_player_settings(7, PlayerSettings("Asia/Tokyo"))
    assert await store.player_settings(7) == PlayerSettings("Asia/Tokyo")


async def test_a_result_rates_its_players_in_its_game_and_server_in_the_same_transaction(host, store, db_path):
    for _ in range(2):
        match = await host.open_table(
            guild_id=9, channel_id=700, game="countto", opener_id=201, opener_name="Ann", clock=None
        )
        await host.join(match.id, 202, "Ben")
        await host.start(match.id, 201)
        while (snapshot := await host.load(match.id)).match.status is MatchStatus.PLAYING:
            (seat,) = snapshot.actors
            await host.act(match.id, snapshot.match.at_seat(seat).user_id, "add 2")
    with sqlite3.connect(db_path) as connection:
        rows = connection.execute("SELECT user_id, games, mu FROM ratings WHERE game = 'countto' AND guild_id = 9")
        ratings = {user_id: (games, mu) for user_id, games, mu in rows}
        shown = connection.execute(
            "SELECT rating_before, rating_after FROM result_players WHERE user_id = 201 ORDER BY match_id"
        ).fetchall()
    assert set(ratings) == {201, 202} and all(games == 2 for games, _ in ratings.values())
    assert shown[0][0] == pytest.approx(0.0), "a first game starts from a fresh rating"
    assert shown[1][0] == pytest.approx(shown[0][1]), "the second starts where the first ended"
