"""Test doubles and builders shared by the host and end-to-end tests."""

from __future__ import annotations

import itertools
import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from support_games import CountToRules, RoundCountRules, TimedCountRules

from bot.catalogue import load_games
from bot.discord_ui.snowflake import snowflake_at
from bot.matches import Match, MatchHost, MatchStatus, MatchStore, Player, Refusal, Result, Snapshot

GAMES = load_games()
"""Every game of the catalogue, built once for the whole test run."""
RULES = {key: game.rules for key, game in GAMES.items()}
LEFT_REPLY = "You left this game, so a computer plays your seat now; you can't move in it any more."
"""The reply to any move a player who left the game tries, by any path."""


class FakeClock:
    """A clock that only moves when a test moves it."""

    def __init__(self, start: datetime | None = None) -> None:
        self.moment = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment

    def advance(self, **delta: float) -> None:
        self.moment += timedelta(**delta)


def make_host(store: MatchStore, clock: FakeClock) -> MatchHost:
    seeds = itertools.count(7)
    games = {**RULES, **{rules.key: rules for rules in (CountToRules(), TimedCountRules(), RoundCountRules())}}
    return MatchHost(store, clock, games, new_seed=lambda: next(seeds), arrival_of=snowflake_at)


CHANNELS = itertools.count(5000)


async def flipped_to_a_face_off(host: MatchHost, match_id: int) -> Snapshot:
    """Flip an Anomia match's cards, each player in turn, until a face-off is called; the snapshot then."""
    for _ in range(150):
        snapshot = await host.load(match_id)
        view = snapshot.public_view
        if view.faceoff is not None:
            return snapshot
        flipper = snapshot.match.at_seat(view.flipper).user_id
        try:
            await host.act(match_id, flipper, "flip left")
        except Refusal:
            await host.act(match_id, flipper, "flip right")  # the left pile is empty
    raise AssertionError("no face-off came")


async def play_to_the_end(host: MatchHost, clock: FakeClock, match_id: int) -> None:
    """Play a running match to its end: each person whose turn it is plays their first offered move (where their
    moves are typed, or chosen from the whole card pool, they leave the game instead); the game's own timers and
    the computers do the rest, the clock moved a minute at a time."""
    for _ in range(3000):
        snapshot = await host.load(match_id)
        if snapshot.match.status is not MatchStatus.PLAYING:
            return
        waiting = [snapshot.match.at_seat(seat) for seat in snapshot.actors]
        person = next((player for player in waiting if player.user_id > 0 and not player.left), None)
        if person is not None:
            legal = getattr(snapshot.seat_view(person.seat), "legal_actions", ()) or ()
            if legal:
                await host.act(match_id, person.user_id, legal[0].notation)
            else:
                await host.leave_game(match_id, person.user_id)
            continue
        clock.advance(minutes=1)
        await host.fire_due_deadlines()
    raise AssertionError(f"match {match_id} did not end")


async def store_finished_game(
    store,
    guild_id: int | None,
    places: dict[int, int],
    *,
    game: str = "anarchy",
    at: datetime = datetime(2026, 3, 1, 12, 0, tzinfo=UTC),
    teams: tuple[tuple[int, ...], ...] = (),
    left: tuple[int, ...] = (),
) -> int:
    """Store a finished game of the server with these places (user id -> place, 1 first), rated as the host
    would have it; return its match id."""
    players = tuple(Player(user_id, f"P{user_id}", seat) for seat, user_id in enumerate(places))
    created = await store.create_match(
        Match(0, game, guild_id, next(CHANNELS), min(places), MatchStatus.PLAYING, {}, 1, 1, at, at, players), []
    )
    winners = tuple(user_id for user_id, place in places.items() if place == 1)
    result = Result(created.id, game, guild_id, at, "won", {}, places, winners, left, teams)
    finished = created.with_changes(status=MatchStatus.FINISHED, version=2)
    assert await store.save_match(finished, expected_version=1, result=result)
    return created.id


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


LOG_QUERY = "SELECT version, seat, user_id, action, events FROM actions WHERE match_id = ? ORDER BY version"
RESULT_QUERY = "SELECT user_id, place, won, left_game FROM result_players WHERE match_id = ? ORDER BY user_id"


def stored_log(path: Path, match_id: int) -> list[StoredAction]:
    """The match's action log read straight from the file, as a crash would leave it."""
    with sqlite3.connect(path) as connection:
        return log_from_rows(connection.execute(LOG_QUERY, (match_id,)).fetchall())


def stored_result(path: Path, match_id: int) -> StoredResult | None:
    """The match's recorded result read straight from the file, or None."""
    with sqlite3.connect(path) as connection:
        return result_from_rows(connection.execute(RESULT_QUERY, (match_id,)).fetchall())


def log_from_rows(rows: list[tuple]) -> list[StoredAction]:
    """The action log from its rows (LOG_QUERY), on either engine."""
    return [
        StoredAction(version, seat, user_id, action, json.loads(events))
        for version, seat, user_id, action, events in rows
    ]


def result_from_rows(rows: list[tuple]) -> StoredResult | None:
    """The result from its players' rows (RESULT_QUERY), on either engine; None for no rows."""
    if not rows:
        return None
    return StoredResult(
        winners=tuple(user_id for user_id, _, won, _ in rows if won),
        placings={user_id: place for user_id, place, _, _ in rows if place is not None},
        left=tuple(user_id for user_id, _, _, left in rows if left),
    )
