"""Test doubles and builders shared by the host and end-to-end tests."""

from __future__ import annotations

import itertools
import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from support_games import CountToRules, TimedCountRules

from bot.catalogue import load_games
from bot.discord_ui.snowflake import snowflake_at
from bot.matches import MatchHost
from bot.storage import SqliteStore

GAMES = load_games()
"""Every game of the catalogue, built once for the whole test run."""
RULES = {key: game.rules for key, game in GAMES.items()}


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
    games = {**RULES, CountToRules.key: CountToRules(), TimedCountRules.key: TimedCountRules()}
    return MatchHost(store, clock, games, new_seed=lambda: next(seeds), arrival_of=snowflake_at)


@dataclass(frozen=True)
class StoredAction:
    """One row of a match's action log, as it lies in the database file."""

    version: int
    seat: int
    user_id: int
    action: str
    events: list


@dataclass(frozen=True)
class StoredResult:
    winners: tuple[int, ...]
    placings: dict[int, int]
    """user id -> place"""
    left: tuple[int, ...] = ()
    """user ids of the players who left the game before its end"""


def stored_log(path: Path, match_id: int) -> list[StoredAction]:
    """The match's action log read straight from the file, as a crash would leave it."""
    with sqlite3.connect(path) as connection:
        rows = connection.execute(
            "SELECT version, seat, user_id, action, events FROM actions WHERE match_id = ? ORDER BY version",
            (match_id,),
        ).fetchall()
    return [
        StoredAction(version, seat, user_id, action, json.loads(events))
        for version, seat, user_id, action, events in rows
    ]


def stored_result(path: Path, match_id: int) -> StoredResult | None:
    """The match's recorded result read straight from the file, or None."""
    with sqlite3.connect(path) as connection:
        rows = connection.execute(
            "SELECT user_id, place, won, left_game FROM result_players WHERE match_id = ? ORDER BY user_id", (match_id,)
        ).fetchall()
    if not rows:
        return None
    return StoredResult(
        winners=tuple(user_id for user_id, _, won, _ in rows if won),
        placings={user_id: place for user_id, place, _, _ in rows if place is not None},
        left=tuple(user_id for user_id, _, _, left in rows if left),
    )
