"""Shared fixtures: a fake clock, a real store on a fresh database of either engine (SQLite in a file, or
PostgreSQL on a server the session starts), and a host over both; Hypothesis's profile for CI; and, around every
test, Discord's contract: a body the bot sent to a fake Discord that Discord would refuse fails the test."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
from databases import ENGINES, Database, PostgresDatabase, SqliteDatabase
from fakediscord.contract import pending_violations
from hypothesis import settings
from postgres_server import PostgresMissing, PostgresServer
from support import FakeClock, make_host

from bot.matches import MatchHost
from bot.storage import Store

# CI plays the same examples on every run, so a submission's time and verdict do not depend on luck; a developer's
# runs draw new ones each time (and remember failures in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def discord_contract_kept() -> Iterator[None]:
    """Fails the test if its bot sent a body Discord's API description refuses, even if the bot swallowed the 400."""
    pending_violations.clear()
    yield
    broken = [str(v) for v in pending_violations]
    pending_violations.clear()
    if broken:
        pytest.fail("bodies Discord would refuse:\n" + "\n".join(broken), pytrace=False)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "anthology.sqlite3"


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One PostgreSQL server for the session (for each xdist worker), started when a test first needs it. Without
    PostgreSQL installed, its tests fail under CI (which must run them) and are skipped elsewhere."""
    try:
        server = PostgresServer.start()
    except PostgresMissing as missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the PostgreSQL tests: {missing}", pytrace=False)
        pytest.skip(str(missing))
    yield server
    server.stop()


@pytest.fixture(params=ENGINES)
async def database(request: pytest.FixtureRequest, db_path: Path) -> AsyncIterator[Database]:
    """A fresh, migrated database on each engine: a new file for SQLite, an emptied one for PostgreSQL.
    Parametrise it indirectly (`@pytest.mark.parametrize("database", ["postgres"], indirect=True)`) for a test
    that concerns one engine."""
    if request.param == "sqlite":
        yield SqliteDatabase(db_path)
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    yield PostgresDatabase(await server.new_database())


@pytest.fixture
async def store(database: Database) -> AsyncIterator[Store]:
    opened = await database.open()
    yield opened
    await opened.close()


@pytest.fixture
def host(store: Store, clock: FakeClock) -> MatchHost:
    return make_host(store, clock)
