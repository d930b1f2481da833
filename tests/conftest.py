"""Shared fixtures: a fake clock, a real SQLite store on a fresh file, and a host over both."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from support_games import CountToRules

from bot.games import GAMES
from bot.matches import MatchHost
from bot.storage import SqliteStore


class FakeClock:
    """A clock that only moves when a test moves it."""

    def __init__(self, start: datetime | None = None) -> None:
        self.moment = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> None:
        self.moment += timedelta(**delta)


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


def make_host(store: SqliteStore, clock: FakeClock) -> MatchHost:
    seeds = itertools.count(7)
    games = {**GAMES, CountToRules.key: CountToRules()}
    return MatchHost(store, clock, games, new_seed=lambda: next(seeds))


@pytest.fixture
def host(store: SqliteStore, clock: FakeClock) -> MatchHost:
    return make_host(store, clock)
