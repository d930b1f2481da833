"""What only the PostgreSQL store has: a database named by a URL, a schema version in a table of its own,
migrations run once by processes started together, and the row lock that makes one match's changes wait for
each other across processes."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import asyncpg
import pytest
from postgres_server import free_port

from bot.config import Settings
from bot.matches import Match, MatchStatus, Player
from bot.matches.ports import Change
from bot.ratings import new_rating, rated
from bot.storage import DatabaseUnusable, PostgresStore, SqliteStore, open_store
from bot.storage.postgres import SCHEMA_VERSION, without_password
from bot.storage.postgres_migrations import MIGRATIONS, VERSION_TABLE

ON_POSTGRES = pytest.mark.parametrize("database", ["postgres"], indirect=True)
START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GUILD = 9


def test_a_url_is_shown_without_its_password():
    assert without_password("postgresql://bot:s3cret@db.example:5432/anthology") == (
        "postgresql://bot:***@db.example:5432/anthology"
    )
    assert without_password("postgresql:///anthology?host=/run/postgresql") == (
        "postgresql:///anthology?host=/run/postgresql"
    )


async def test_a_database_it_cannot_reach_or_find_is_refused_in_one_line_that_names_it(postgres_server):
    with pytest.raises(DatabaseUnusable) as refused:
        await PostgresStore.open(f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/anthology")
    assert "bot:***@127.0.0.1" in str(refused.value) and "s3cret" not in str(refused.value)
    with pytest.raises(DatabaseUnusable, match="does not exist"):
        await PostgresStore.open(postgres_server.url("no_such_database"))


@ON_POSTGRES
async def test_database_url_chooses_postgresql_and_without_it_the_sqlite_file_is_used(database, tmp_path):
    file = tmp_path / "anthology.sqlite3"
    chosen = await open_store(Settings("token", file, database_url=database.url))
    try:
        assert isinstance(chosen, PostgresStore) and not file.exists()
    finally:
        await chosen.close()
    chosen = await open_store(Settings("token", file))
    try:
        assert isinstance(chosen, SqliteStore) and file.exists()
    finally:
        await chosen.close()


async def test_processes_started_together_migrate_an_empty_database_once(postgres_server):
    url = await postgres_server.empty_database()
    try:
        stores = await asyncio.gather(*(PostgresStore.open(url) for _ in range(3)))
        try:
            assert [await store.schema_version() for store in stores] == [SCHEMA_VERSION] * 3
        finally:
            for store in stores:
                await store.close()
                await store.close()  # closing a closed store does nothing
        connection = await asyncpg.connect(url)
        try:
            assert await connection.fetch("SELECT version FROM schema_version") == [(SCHEMA_VERSION,)]
        finally:
            await connection.close()
    finally:
        await postgres_server.drop_database(url)


@ON_POSTGRES
async def test_a_change_waits_for_another_process_changing_the_match_and_then_reads_what_it_wrote(database, store):
    players = (Player(1, "Ann", 0), Player(2, "Ben", 1))
    match = await store.create_match(
        Match(0, "countto", 1, 5, 1, MatchStatus.PLAYING, {}, 7, 1, START, START, players, "0"), []
    )

    def count_one_more(loaded: Match | None) -> tuple[Change, int]:
        count = int(loaded.state_json)
        return Change(loaded.with_changes(version=loaded.version + 1, state_json=str(count + 1)), loaded.version), count

    async with database.connection() as other:
        writing = other.transaction()
        await writing.start()
        await other.execute("UPDATE matches SET state = '41', version = version + 1 WHERE id = $1", match.id)
        change = asyncio.create_task(store.change_match(match.id, count_one_more))
        await asyncio.sleep(0.2)
        assert not change.done(), "the change waits on the match's row lock"
        await writing.commit()
        saved, count = await change
    assert saved and count == 41, "and then decides on what the other process committed"
    assert (await store.load_match(match.id)).state_json == "42"


async def test_a_database_at_schema_version_7_rates_its_past_results_in_finishing_order_when_it_upgrades(
    postgres_server,
):
    url = await postgres_server.empty_database()
    try:
        connection = await asyncpg.connect(url)
        try:
            await connection.execute(VERSION_TABLE)
            for script in MIGRATIONS[:7]:
                await connection.execute(script)
            await connection.execute("INSERT INTO schema_version (version) VALUES (7)")
            # Stored in one order, finished in another: the upgrade follows the finishing times.
            for match_id, (at, guild_id, places) in enumerate(
                [
                    (START + timedelta(hours=2), GUILD, {2: 1, 1: 2}),
                    (START, GUILD, {1: 1, 2: 2}),
                    (START + timedelta(hours=1), GUILD + 1, {1: 1, 3: 2}),
                ],
                start=1,
            ):
                await connection.execute(
                    "INSERT INTO matches (id, game, guild_id, channel_id, opener_id, status, options, seed, version,"
                    " reminder_after_seconds, created_at, updated_at)"
                    " VALUES ($1, 'anarchy', $2, $3, 1, 'finished', '{}', 1, 9, 0, $4, $4)",
                    match_id,
                    guild_id,
                    6000 + match_id,
                    at,
                )
                await connection.execute(
                    "INSERT INTO results (match_id, game, guild_id, finished_at, reason, outcome)"
                    " VALUES ($1, 'anarchy', $2, $3, 'won', '{}')",
                    match_id,
                    guild_id,
                    at,
                )
                await connection.executemany(
                    "INSERT INTO result_players (match_id, user_id, place, won) VALUES ($1, $2, $3, $4)",
                    [(match_id, user_id, place, int(place == 1)) for user_id, place in places.items()],
                )
        finally:
            await connection.close()
        upgraded = await PostgresStore.open(url)
        await upgraded.close()
        first = rated({}, {1: 1, 2: 2})
        then = rated(first, {2: 1, 1: 2})
        elsewhere = rated({}, {1: 1, 3: 2})
        connection = await asyncpg.connect(url)
        try:
            ratings = await connection.fetch(
                "SELECT guild_id, user_id, games, wins, shown FROM ratings ORDER BY guild_id, user_id"
            )
            assert [tuple(row) for row in ratings] == [
                (GUILD, 1, 2, 1, pytest.approx(then[1].shown)),
                (GUILD, 2, 2, 1, pytest.approx(then[2].shown)),
                (GUILD + 1, 1, 1, 1, pytest.approx(elsewhere[1].shown)),
                (GUILD + 1, 3, 1, 0, pytest.approx(elsewhere[3].shown)),
            ]
            shown = await connection.fetch(
                "SELECT rating_before, rating_after FROM result_players WHERE user_id = 1 AND guild_id = $1"
                " ORDER BY finished_at",
                GUILD,
            )
            assert [tuple(row) for row in shown] == [
                (pytest.approx(new_rating().shown), pytest.approx(first[1].shown)),
                (pytest.approx(first[1].shown), pytest.approx(then[1].shown)),
            ], "each line notes its player's rating before and after, in finishing order"
        finally:
            await connection.close()
    finally:
        await postgres_server.drop_database(url)
