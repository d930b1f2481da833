"""Storage of seasons and achievements' feats (migration 15), on either engine.

In the transaction that stores a result: `season_of_result` finds the season it belongs to (from its server's
season length, bot/seasons.py) and carries over the ratings its players last had in an earlier season, before the
result rates them; `result_noted` then stamps the result, its lines and the ratings it moved with that season,
notes the season's end (whose final standings the bot posts once it has passed) and notes each player's feats
(bot/achievements.py) from the game's logged events. The reads (a season's leaderboard, the seasons played, the
season ends due, a player's feats) are methods the stores take from `SqliteSeasons` and `PostgresSeasons`.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

import orjson

from bot.achievements import Feats, feats_of
from bot.matches.model import LeaderboardPage, Match, Ranked, Result
from bot.ratings import Rating
from bot.seasons import NO_SEASONS, carried_over, season_end, season_of
from bot.storage.common import instant_text, read_instant

SEASON_LENGTH = "SELECT season FROM server_settings WHERE guild_id = ?"
EARLIER_SEASON_RATINGS = (
    "SELECT user_id, mu, sigma FROM ratings WHERE game = ? AND guild_id = ? AND season IS NOT NULL AND season <> ?"
)
CARRY_OVER = "UPDATE ratings SET mu = ?, sigma = ?, shown = ? WHERE game = ? AND guild_id = ? AND user_id = ?"
STAMPS = (
    "UPDATE results SET season = ? WHERE match_id = ?",
    "UPDATE result_players SET season = ? WHERE match_id = ?",
    "UPDATE ratings SET season = ? WHERE (game, guild_id, user_id) IN"
    " (SELECT game, guild_id, user_id FROM result_players WHERE match_id = ?)",
)
SEASON_ENDS = "INSERT INTO season_ends (guild_id, season, ends_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING"
LOGGED_EVENTS = "SELECT events FROM actions WHERE match_id = ? ORDER BY version"
SEATED = "SELECT seat, user_id, left_game FROM seats WHERE match_id = ?"
NOTE_FEAT = (
    "INSERT INTO feats (guild_id, user_id, game, feat, match_id, done_at) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT DO NOTHING"
)
SEASON_LINES = (
    "SELECT user_id, rating_after, won FROM result_players WHERE guild_id = ? AND game = ? AND season = ?"
    " AND user_id > 0 AND rating_after IS NOT NULL ORDER BY finished_at, match_id"
)
SEASONS_PLAYED = (
    "SELECT season FROM results WHERE guild_id = ? AND season IS NOT NULL AND (? IS NULL OR game = ?)"
    " GROUP BY season ORDER BY MAX(finished_at) DESC"
)
SEASON_GAMES = "SELECT DISTINCT game FROM results WHERE guild_id = ? AND season = ? ORDER BY game"
DUE_SEASON_ENDS = "SELECT guild_id, season FROM season_ends WHERE posted = 0 AND ends_at <= ? ORDER BY ends_at"
NEXT_SEASON_END = "SELECT MIN(ends_at) FROM season_ends WHERE posted = 0"
SEASON_POSTED = "UPDATE season_ends SET posted = 1 WHERE guild_id = ? AND season = ?"
FEATS_OF = "SELECT game, feat FROM feats WHERE guild_id = ? AND user_id = ?"
FEATS_UNTIL = (
    "SELECT feats.user_id, feats.game, feats.feat, feats.match_id FROM feats JOIN results"
    " ON results.match_id = ? WHERE feats.guild_id = results.guild_id AND feats.done_at <= results.finished_at"
    " AND feats.user_id IN (SELECT user_id FROM result_players WHERE match_id = results.match_id)"
)


def _numbered(sql: str) -> str:
    """SQL with SQLite's `?` parameters in PostgreSQL's numbered ones."""
    numbers = iter(range(1, sql.count("?") + 1))
    return re.sub(r"\?", lambda _: f"${next(numbers)}", sql)


def _carried(rows: Iterable[Sequence[Any]], game: str, guild_id: int) -> list[tuple[Any, ...]]:
    rows = [(user, carried_over(Rating(mu, sigma))) for user, mu, sigma in rows]
    return [(rating.mu, rating.sigma, rating.shown, game, guild_id, user) for user, rating in rows]


def _feat_rows(match: Match, result: Result, seated: Iterable[Sequence[int]], logged: Iterable[Any]) -> list[tuple]:
    events = [event for (events,) in logged for event in orjson.loads(events)]
    state = orjson.loads(match.state_json) if match.state_json else {}
    seated = list(seated)
    users = {seat: user for seat, user, _ in seated}
    left = [user for _, user, gone in seated if gone]
    done = feats_of(result.game, events, users, result.winners, state if isinstance(state, dict) else {}, left)
    return [
        (result.guild_id, user, result.game, feat, result.match_id, result.finished_at)
        for user, feats in sorted(done.items())
        for feat in sorted(feats)
    ]


def season_board(
    lines: Iterable[Sequence[Any]], *, min_games: int, offset: int, limit: int, user_id: int
) -> LeaderboardPage:
    """A page of a season's leaderboard from its result lines (user, rating after, won), oldest first: each
    player's latest rating in the season, for those with `min_games` games in it, ranked as the all-time board."""
    tally: dict[int, list[float]] = {}
    for user, rating, won in lines:
        before = tally.get(user, [0.0, 0, 0])
        tally[user] = [rating, before[1] + 1, before[2] + int(won)]
    ranked = sorted(
        ((user, rating, games, wins) for user, (rating, games, wins) in tally.items() if games >= min_games),
        key=lambda line: (-line[1], line[0]),
    )
    places = [Ranked(place, *line) for place, line in enumerate(ranked, start=1)]
    own = next((line for line in places if line.user_id == user_id), None)
    return LeaderboardPage(tuple(places[offset : offset + limit]), len(places), own)


def newly_feated(rows: Iterable[Sequence[Any]], match_id: int) -> dict[int, tuple[Feats, Feats]]:
    """Each player's feats before a game and with it, from FEATS_UNTIL's rows."""
    before: dict[int, set[tuple[str, str]]] = {}
    after: dict[int, set[tuple[str, str]]] = {}
    for user, game, feat, first_match in rows:
        after.setdefault(user, set()).add((game, feat))
        if first_match != match_id:
            before.setdefault(user, set()).add((game, feat))
    return {user: (frozenset(before.get(user, ())), frozenset(feats)) for user, feats in after.items()}


# -- SQLite --------------------------------------------------------------------------------------------------


def season_of_result(db: sqlite3.Connection, result: Result) -> str | None:
    """The result's season (None: its server has none), its players' ratings from an earlier season carried over."""
    if result.guild_id is None:
        return None
    length = db.execute(SEASON_LENGTH, (result.guild_id,)).fetchone()
    season = season_of(length[0] if length else NO_SEASONS, result.finished_at)
    if season is not None:
        players = list(result.placings)
        sql = f"{EARLIER_SEASON_RATINGS} AND user_id IN ({', '.join('?' * len(players))})"
        earlier = db.execute(sql, (result.game, result.guild_id, season, *players))
        db.executemany(CARRY_OVER, _carried(earlier, result.game, result.guild_id))
    return season


def result_noted(db: sqlite3.Connection, match: Match, result: Result, season: str | None) -> None:
    """The result's season stamped on it, its season's end noted, and its players' feats."""
    if season is not None:
        for stamp in STAMPS:
            db.execute(stamp, (season, result.match_id))
        db.execute(SEASON_ENDS, (result.guild_id, season, instant_text(season_end(season))))
    if result.guild_id is not None:
        rows = _feat_rows(match, result, db.execute(SEATED, (match.id,)), db.execute(LOGGED_EVENTS, (match.id,)))
        db.executemany(NOTE_FEAT, [(*row[:-1], instant_text(row[-1])) for row in rows])


class SqliteSeasons:
    """The reads and notes of seasons and feats on SQLite, over the store's `_read` and `_write`."""

    async def season_leaderboard(
        self: Any, game: str, guild_id: int, season: str, *, min_games: int, offset: int, limit: int, user_id: int
    ) -> LeaderboardPage:
        lines = await self._read(lambda db: db.execute(SEASON_LINES, (guild_id, game, season)).fetchall())
        return season_board(lines, min_games=min_games, offset=offset, limit=limit, user_id=user_id)

    async def seasons_played(self: Any, guild_id: int, game: str | None) -> list[str]:
        """The seasons with results here (in this game, or any), newest first."""
        rows = await self._read(lambda db: db.execute(SEASONS_PLAYED, (guild_id, game, game)).fetchall())
        return [season for (season,) in rows]

    async def season_games(self: Any, guild_id: int, season: str) -> list[str]:
        rows = await self._read(lambda db: db.execute(SEASON_GAMES, (guild_id, season)).fetchall())
        return [game for (game,) in rows]

    async def due_season_ends(self: Any, now: datetime) -> list[tuple[int, str]]:
        return await self._read(lambda db: db.execute(DUE_SEASON_ENDS, (instant_text(now),)).fetchall())

    async def next_season_end(self: Any) -> datetime | None:
        (at,) = await self._read(lambda db: db.execute(NEXT_SEASON_END).fetchone())
        return read_instant(at) if at is not None else None

    async def season_posted(self: Any, guild_id: int, season: str) -> None:
        await self._write(lambda db: db.execute(SEASON_POSTED, (guild_id, season)))

    async def feats_of(self: Any, guild_id: int, user_id: int) -> Feats:
        rows = await self._read(lambda db: db.execute(FEATS_OF, (guild_id, user_id)).fetchall())
        return frozenset((game, feat) for game, feat in rows)

    async def feats_until(self: Any, match_id: int) -> dict[int, tuple[Feats, Feats]]:
        """Each of a finished game's players' feats before it and with it."""
        rows = await self._read(lambda db: db.execute(FEATS_UNTIL, (match_id,)).fetchall())
        return newly_feated(rows, match_id)


# -- PostgreSQL ----------------------------------------------------------------------------------------------


async def pg_season_of_result(db: Any, result: Result) -> str | None:
    """`season_of_result` on PostgreSQL."""
    if result.guild_id is None:
        return None
    length = await db.fetchval(_numbered(SEASON_LENGTH), result.guild_id)
    season = season_of(length or NO_SEASONS, result.finished_at)
    if season is not None:
        sql = _numbered(f"{EARLIER_SEASON_RATINGS} AND user_id = ANY(?)")
        earlier = await db.fetch(sql, result.game, result.guild_id, season, list(result.placings))
        await db.executemany(_numbered(CARRY_OVER), _carried(earlier, result.game, result.guild_id))
    return season


async def pg_result_noted(db: Any, match: Match, result: Result, season: str | None) -> None:
    """`result_noted` on PostgreSQL."""
    if season is not None:
        for stamp in STAMPS:
            await db.execute(_numbered(stamp), season, result.match_id)
        await db.execute(_numbered(SEASON_ENDS), result.guild_id, season, season_end(season))
    if result.guild_id is not None:
        seated = await db.fetch(_numbered(SEATED), match.id)
        logged = await db.fetch(_numbered(LOGGED_EVENTS), match.id)
        await db.executemany(_numbered(NOTE_FEAT), _feat_rows(match, result, seated, logged))


class PostgresSeasons:
    """`SqliteSeasons` on PostgreSQL."""

    async def season_leaderboard(
        self: Any, game: str, guild_id: int, season: str, *, min_games: int, offset: int, limit: int, user_id: int
    ) -> LeaderboardPage:
        lines = await self._read(lambda db: db.fetch(_numbered(SEASON_LINES), guild_id, game, season))
        return season_board(lines, min_games=min_games, offset=offset, limit=limit, user_id=user_id)

    async def seasons_played(self: Any, guild_id: int, game: str | None) -> list[str]:
        sql = _numbered(SEASONS_PLAYED.replace("? IS NULL", "?::text IS NULL"))
        return [row[0] for row in await self._read(lambda db: db.fetch(sql, guild_id, game, game))]

    async def season_games(self: Any, guild_id: int, season: str) -> list[str]:
        return [row[0] for row in await self._read(lambda db: db.fetch(_numbered(SEASON_GAMES), guild_id, season))]

    async def due_season_ends(self: Any, now: datetime) -> list[tuple[int, str]]:
        return [tuple(row) for row in await self._read(lambda db: db.fetch(_numbered(DUE_SEASON_ENDS), now))]

    async def next_season_end(self: Any) -> datetime | None:
        return await self._read(lambda db: db.fetchval(NEXT_SEASON_END))

    async def season_posted(self: Any, guild_id: int, season: str) -> None:
        await self._write(lambda db: db.execute(_numbered(SEASON_POSTED), guild_id, season))

    async def feats_of(self: Any, guild_id: int, user_id: int) -> Feats:
        rows = await self._read(lambda db: db.fetch(_numbered(FEATS_OF), guild_id, user_id))
        return frozenset((game, feat) for game, feat in rows)

    async def feats_until(self: Any, match_id: int) -> dict[int, tuple[Feats, Feats]]:
        return newly_feated(await self._read(lambda db: db.fetch(_numbered(FEATS_UNTIL), match_id)), match_id)
