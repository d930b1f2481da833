"""Shared fixtures: a fake clock, a real SQLite store on a fresh file, and a host over both."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from support import FakeClock, make_host

from bot.matches import MatchHost
from bot.storage import SqliteStore


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
