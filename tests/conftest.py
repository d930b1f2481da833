"""Shared fixtures: a fake clock, a real SQLite store on a fresh file, and a host over both; and Hypothesis's
profile for CI."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from hypothesis import settings
from support import FakeClock, make_host

from bot.matches import MatchHost
from bot.storage import SqliteStore

# CI plays the same examples on every run, so a submission's time and verdict do not depend on luck; a developer's
# runs draw new ones each time (and remember failures in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "anthology.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(db_path)
    yield opened
    await opened.close()


@pytest.fixture
def host(store: SqliteStore, clock: FakeClock) -> MatchHost:
    return make_host(store, clock)
