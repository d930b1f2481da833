"""Test doubles and builders shared by the host and end-to-end tests."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

from support_games import CountToRules, TimedCountRules

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


def make_host(store: SqliteStore, clock: FakeClock) -> MatchHost:
    seeds = itertools.count(7)
    games = {**GAMES, CountToRules.key: CountToRules(), TimedCountRules.key: TimedCountRules()}
    return MatchHost(store, clock, games, new_seed=lambda: next(seeds))
