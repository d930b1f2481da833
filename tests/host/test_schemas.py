"""Both engines' migrations give the same schema at every version: the same tables, with the same columns and the
same indexes by name (the types may differ: see bot/storage/postgres_migrations.py)."""

from __future__ import annotations

import contextlib
import sqlite3

import asyncpg

from bot.storage import migrations, postgres, postgres_migrations, sqlite

Schema = dict[str, tuple[list[str], list[str]]]
"""table -> (its columns in order, the names of its own indexes: not those behind a primary key or UNIQUE)."""


def sqlite_schema(connection: sqlite3.Connection) -> Schema:
    tables = [
        row[0]
        for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
    ]
    return {
        table: (
            [row[1] for row in connection.execute(f"PRAGMA table_info({table})")],
            sorted(
                row[0]
                for row in connection.execute(
                    "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL", (table,)
                )
            ),
        )
        for table in tables
    }


async def postgres_schema(connection: asyncpg.Connection) -> Schema:
    columns: dict[str, list[str]] = {}
    for row in await connection.fetch(
        "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'"
        " AND table_name <> 'schema_version' ORDER BY table_name, ordinal_position"
    ):
        columns.setdefault(row["table_name"], []).append(row["column_name"])
    indexes: dict[str, list[str]] = {table: [] for table in columns}
    for row in await connection.fetch(
        "SELECT tablename, indexname FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_version'"
        " AND indexname NOT IN (SELECT conname FROM pg_constraint) ORDER BY indexname"
    ):
        indexes[row["tablename"]].append(row["indexname"])
    return {table: (columns[table], indexes[table]) for table in sorted(columns)}


def test_both_engines_know_the_same_migrations_and_the_same_steps_in_code():
    assert len(postgres_migrations.MIGRATIONS) == len(migrations.MIGRATIONS)
    assert postgres.SCHEMA_VERSION == sqlite.SCHEMA_VERSION == len(migrations.MIGRATIONS)
    assert set(migrations.THEN_IN_CODE.values()) <= set(postgres.IN_CODE) & set(sqlite.IN_CODE)


async def test_every_migration_gives_the_same_tables_columns_and_indexes_on_both_engines(postgres_server, tmp_path):
    url = await postgres_server.empty_database()
    connection = await asyncpg.connect(url)
    try:
        with contextlib.closing(sqlite3.connect(tmp_path / "schema.sqlite3")) as file:
            for number, (script, postgres_script) in enumerate(
                zip(migrations.MIGRATIONS, postgres_migrations.MIGRATIONS, strict=True), start=1
            ):
                file.executescript(script)
                await connection.execute(postgres_script)
                assert await postgres_schema(connection) == sqlite_schema(file), f"after migration {number}"
    finally:
        await connection.close()
        await postgres_server.drop_database(url)
