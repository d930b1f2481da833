"""The PostgreSQL store: the host's MatchStore on an asyncpg pool, for one bot process or several sharing a database.

Every operation borrows a connection from the pool for as long as it takes, and every write is one transaction.
Nothing is kept in the process between operations (no cached match, no cached deadline), so any number of
processes can serve the same database: whatever one of them commits, the next read of any other sees.

Per-match serialisation across processes: `change_match` takes the match row's lock (`SELECT ... FOR UPDATE`)
before it reads the match, so a second change of the same match, in this process or another, waits at that
statement until the first commits, and then reads what it wrote; the host's decision is always made on the
latest state and nothing is lost. The version check in each UPDATE (`WHERE id = ... AND version = ...`) still
turns away a writer that did not lock first (`save_match` from an old copy): it finds the row moved on and
writes nothing. Row locks, not advisory locks: they are released by COMMIT or ROLLBACK, or when a process dies
and its connection drops, and they guard exactly the row that is changed.

Deadlines fire exactly once: any number of processes may read the same due deadline (`due_deadlines` is a
plain read), but only the one whose `DELETE` removes the row may fire it (`claim_deadline`, or a change that
`claims` it: the DELETE is then the first statement of the change's own transaction, so a process that dies
before committing leaves the deadline due). A second claimer's DELETE waits on the row lock of the first, and
once the first commits, finds no row and deletes nothing, and its change writes nothing. `FOR UPDATE SKIP
LOCKED` would only spare the second claimer that short wait.

Each connection has a lock timeout: a statement that waits longer than that for another transaction's lock
(another process stuck in the middle of a write) fails, its transaction is rolled back, and the host hears
StorageBusy, as it does from SQLite's busy timeout. Migrations run under an advisory lock, so processes started
together migrate the database once; the schema version lives in the table `schema_version`
(postgres_migrations.py), and a database newer than this code is refused.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import orjson

from bot.matches.model import (
    Deadline,
    FinishedTable,
    GameTally,
    LeaderboardPage,
    LogEntry,
    Match,
    PlayedGame,
    PlayerStats,
    Ranked,
    RatingChange,
    Result,
)
from bot.matches.ports import Change, ChannelBusy, Saved, StorageBusy
from bot.players import PlayerSettings, ServerSettings
from bot.ratings import Rating, ResultSeat
from bot.storage.common import (
    MATCH_COLUMNS,
    RECORD_QUERIES,
    SAVE_SERVER_SETTINGS,
    SEAT_COLUMNS,
    SERVER_SETTINGS_COLUMNS,
    TREND_GAMES,
    DatabaseUnusable,
    SharedMethods,
    action_row,
    as_is,
    changed_match_row,
    clock_text,
    deadline_from_row,
    deadline_version,
    deadline_writes,
    departed_text,
    json_text,
    log_entry,
    match_from_row,
    new_match_row,
    noted_ratings,
    player_settings_from_row,
    rating_rows,
    result_player_rows,
    result_row,
    result_seats,
    rows_serve,
    seat_rows,
    server_settings_from_row,
    server_settings_row,
    too_new,
)
from bot.storage.guidance import PostgresGuidance
from bot.storage.leagues import PostgresLeagues
from bot.storage.migrations import RATE_PAST_RESULTS, THEN_IN_CODE
from bot.storage.postgres_migrations import MIGRATIONS, VERSION_TABLE
from bot.storage.replays import PostgresReplays
from bot.storage.seasons import PostgresSeasons, pg_result_noted, pg_season_of_result

log = logging.getLogger(__name__)

SCHEMA_VERSION = len(MIGRATIONS)
LOCK_TIMEOUT_MS = 5000
"""How long a statement waits for another transaction's lock before the database counts as busy."""
CONNECT_TIMEOUT_SECONDS = 10.0
POOL_SIZE = 10
"""Connections per process at most; one is held only for the length of an operation."""
LIVE_BATCH = 1000
"""Live matches read per query when they are walked through at start-up."""
MIGRATION_LOCK = 0x616E74686F6C6F67  # "antholog": the advisory lock key under which the schema is migrated
LIVE = "status IN ('lobby', 'playing')"
MATCH_ROW = f"SELECT {MATCH_COLUMNS} FROM matches"
"""A match's row, its seats in it, for `match_from_row`."""
NOTE_SEATS = (
    f"UPDATE matches SET seat_rows = coalesce((SELECT json_agg(json_build_array({SEAT_COLUMNS}))::text FROM seats"
    " WHERE seats.match_id = matches.id), '[]') WHERE id = $1"
)
"""The match's rows in `seats` written into its own row too (`MATCH_COLUMNS`), after any change to them."""
PARAMETER_TYPES = {"game": "text"}
"""The types of the shared queries' named parameters that PostgreSQL cannot infer (`:game IS NULL OR ...`)."""
BUSY = (asyncpg.exceptions.LockNotAvailableError, asyncpg.exceptions.DeadlockDetectedError)
T = TypeVar("T")
Work = Callable[[asyncpg.Connection], Awaitable[T]]


def without_password(url: str) -> str:
    """The URL as it may be shown in a message or a log: its password, if any, masked."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.netloc.rpartition("@")[2]
    return urlunsplit(parts._replace(netloc=f"{parts.username or ''}:***@{host}"))


class PostgresStore(SharedMethods, PostgresGuidance, PostgresReplays, PostgresSeasons, PostgresLeagues):
    """See the module docstring. Open with `await PostgresStore.open(url)`; close with `await store.close()`."""

    def __init__(self, pool: asyncpg.Pool) -> None:
        self._pool = pool
        self._closed = False

    @classmethod
    async def open(cls, url: str, *, lock_timeout_ms: int | None = None, pool_size: int = POOL_SIZE) -> PostgresStore:
        """Connect to the database at `url` (postgresql://...) and migrate it; refuse one newer than this code.

        Raises DatabaseUnusable, naming the database (never its password) and the trouble, when it cannot be
        reached or used; then nothing is written."""
        settings = {"lock_timeout": f"{lock_timeout_ms or LOCK_TIMEOUT_MS}ms", "application_name": "anthology"}
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                timeout=CONNECT_TIMEOUT_SECONDS,
                server_settings=settings,
            )
        except (OSError, TimeoutError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise DatabaseUnusable(f"Cannot reach the database {without_password(url)}: {error}.") from None
        try:
            async with pool.acquire() as connection:
                await _migrate(connection)
        except asyncpg.PostgresError as error:
            await pool.close()
            raise DatabaseUnusable(f"Cannot use the database {without_password(url)}: {error}.") from None
        except BaseException:
            await pool.close()
            raise
        return cls(pool)

    async def close(self) -> None:
        """Close every connection (waiting for operations under way). Closing a closed store does nothing."""
        if self._closed:
            return
        self._closed = True
        try:
            await asyncio.wait_for(self._pool.close(), CONNECT_TIMEOUT_SECONDS)
        except TimeoutError:
            log.warning("closing the database connections took too long; they were cut")
            self._pool.terminate()

    async def schema_version(self) -> int:
        return await self._read(lambda db: db.fetchval("SELECT version FROM schema_version"))

    # -- a connection per operation ------------------------------------------------------------------------

    async def _read(self, work: Work[T]) -> T:
        """Run `work` on a connection of the pool (one statement: one snapshot)."""
        async with self._pool.acquire() as connection:
            return await work(connection)

    async def _snapshot(self, work: Work[T]) -> T:
        """Run `work`, several statements, in a read-only transaction that sees one snapshot throughout."""
        async with (
            self._pool.acquire() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            return await work(connection)

    async def _write(self, work: Work[T]) -> T:
        """Run `work` in one transaction (rolled back if it raises)."""
        try:
            async with self._pool.acquire() as connection, connection.transaction():
                return await work(connection)
        except BUSY as error:
            raise StorageBusy(str(error)) from None

    async def _execute_write(self, sql: str, *parameters: Any) -> str:
        return await self._write(lambda db: db.execute(sql, *parameters))

    # -- matches -------------------------------------------------------------------------------------------

    async def create_match(self, match: Match, deadlines: list[Deadline]) -> Match:
        async def create(db: asyncpg.Connection) -> Match:
            try:
                match_id = await db.fetchval(
                    "INSERT INTO matches (game, guild_id, channel_id, opener_id, status, options, seed, version,"
                    " state, board_message_id, reminder_after_seconds, clock_seconds, leaver_forfeits, created_at,"
                    " updated_at, parent_channel_id, follows_match_id)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
                    " RETURNING id",
                    *new_match_row(match, as_is),
                )
            except asyncpg.UniqueViolationError as error:
                if error.constraint_name == "matches_live_channel":
                    raise ChannelBusy(match.channel_id) from None
                raise
            created = match.with_changes(id=match_id)
            await _write_players(db, created)
            await db.executemany(
                "INSERT INTO deadlines (match_id, kind, key, due_at, data) VALUES ($1, $2, $3, $4, $5)",
                [(match_id, d.kind.value, d.key, d.due_at, json_text(d.data)) for d in deadlines],
            )
            return created

        return await self._write(create)

    async def load_match(self, match_id: int) -> Match | None:
        return await self._read(lambda db: _load(db, "id = $1", match_id))

    async def live_match_in_channel(self, channel_id: int) -> Match | None:
        return await self._read(lambda db: _load(db, f"channel_id = $1 AND {LIVE}", channel_id))

    def live_matches(self) -> AsyncIterator[Match]:
        """Every live match with its players, a batch per query, so however many there are only one is held."""
        return self._live_matches()

    async def _live_matches(self) -> AsyncIterator[Match]:
        after = 0
        while True:
            rows = await self._read(
                lambda db, after=after: db.fetch(
                    f"{MATCH_ROW} WHERE {LIVE} AND id > $1 ORDER BY id LIMIT $2", after, LIVE_BATCH
                )
            )
            for row in rows:
                yield match_from_row(row)
            if len(rows) < LIVE_BATCH:
                return
            after = rows[-1]["id"]

    async def live_matches_of(self, user_id: int) -> list[Match]:
        """The live tables the user sits at (and has not left), oldest first."""
        rows = await self._read(
            lambda db: db.fetch(
                f"{MATCH_ROW} WHERE {LIVE} AND id IN"
                " (SELECT match_id FROM seats WHERE user_id = $1 AND left_game = 0) ORDER BY id",
                user_id,
            )
        )
        return [match_from_row(row) for row in rows]

    async def live_matches_in_threads_of(self, channel_id: int, limit: int, *, after: int = 0) -> list[Match]:
        rows = await self._read(
            lambda db: db.fetch(
                f"{MATCH_ROW} WHERE parent_channel_id = $1 AND {LIVE} AND id > $2 ORDER BY id LIMIT $3",
                channel_id,
                after,
                limit,
            )
        )
        return [match_from_row(row) for row in rows]

    async def newest_follower(self, match_id: int) -> Match | None:
        return await self._read(
            lambda db: _load(db, "id = (SELECT max(id) FROM matches WHERE follows_match_id = $1)", match_id)
        )

    async def finished_tables(self, guild_id: int, limit: int) -> list[FinishedTable]:
        """The server's most recently finished games, newest first, with their winners."""
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT results.match_id, results.game, matches.channel_id, matches.board_message_id, results.season,"
                " results.finished_at, (SELECT coalesce(json_agg(json_build_array(seats.user_id, seats.name)"
                " ORDER BY seats.seat), '[]') FROM result_players JOIN seats ON seats.match_id ="
                " result_players.match_id AND seats.user_id = result_players.user_id"
                " WHERE result_players.match_id = results.match_id AND result_players.won = 1) AS winners"
                " FROM results JOIN matches ON matches.id = results.match_id WHERE results.guild_id = $1"
                " ORDER BY results.finished_at DESC, results.match_id DESC LIMIT $2",
                guild_id,
                limit,
            )
        )
        return [
            FinishedTable(
                row["match_id"],
                row["game"],
                row["channel_id"],
                row["board_message_id"],
                row["finished_at"],
                tuple((user_id, name) for user_id, name in orjson.loads(row["winners"])),
                row["season"],
            )
            for row in rows
        ]

    async def last_match_in_channel(self, channel_id: int) -> int | None:
        """The id of the newest match the channel held, live or over."""
        return await self._read(lambda db: db.fetchval("SELECT max(id) FROM matches WHERE channel_id = $1", channel_id))

    async def rating_changes(self, match_id: int) -> dict[int, RatingChange]:
        """Each rated player's shown rating before and after this finished game (nobody, if it rated nobody)."""
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT user_id, rating_before, rating_after FROM result_players"
                " WHERE match_id = $1 AND rating_after IS NOT NULL",
                match_id,
            )
        )
        return {user_id: RatingChange(before, after) for user_id, before, after in rows}

    async def player_stats(self, guild_id: int, user_id: int, game: str | None, recent: int) -> PlayerStats:
        asked = {"user": user_id, "guild": guild_id, "game": game, "limit": recent}

        async def read(db: asyncpg.Connection) -> PlayerStats:
            tallies = []
            for each, played, wins, shown in await _fetch_record(db, "tallies", asked):
                trend = await _fetch_record(db, "trend", {**asked, "game": each, "limit": TREND_GAMES})
                tallies.append(GameTally(each, played, wins, shown, tuple(reversed([row[0] for row in trend]))))
            games = tuple(
                PlayedGame(match, each, channel, board, at, place, players, bool(won))
                for match, each, channel, board, at, place, won, players in await _fetch_record(db, "latest", asked)
            )
            return PlayerStats(tuple(tallies), games)

        return await self._snapshot(read)

    async def leaderboard(
        self, game: str, guild_id: int, *, min_games: int, offset: int, limit: int, user_id: int
    ) -> LeaderboardPage:
        asked = {"game": game, "guild": guild_id, "min_games": min_games, "limit": limit, "offset": offset}

        async def read(db: asyncpg.Connection) -> LeaderboardPage:
            rows = await _fetch_record(db, "leaderboard page", asked)
            page = tuple(Ranked(offset + index + 1, *row) for index, row in enumerate(rows))
            ((ranked,),) = await _fetch_record(db, "leaderboard size", asked)
            own = None
            line = await _fetch_record(db, "leaderboard line", {**asked, "user": user_id})
            if line:
                ((shown, games, wins),) = line
                ((ahead,),) = await _fetch_record(db, "ranked ahead", {**asked, "user": user_id, "shown": shown})
                own = Ranked(ahead + 1, user_id, shown, games, wins)
            return LeaderboardPage(page, ranked, own)

        return await self._snapshot(read)

    async def _save_change(self, change: Change) -> Saved:
        return await self._write(lambda db: _save(db, change))

    async def change_match(
        self, match_id: int, decide: Callable[[Match | None], tuple[Change | None, T]]
    ) -> tuple[Saved, T]:
        async def lock_load_decide_save(db: asyncpg.Connection) -> tuple[Saved, T]:
            # The row lock first: any other change of this match, from any process, waits here until this
            # transaction ends, and the load below (a statement of its own) sees everything committed before.
            await db.execute("SELECT 1 FROM matches WHERE id = $1 FOR UPDATE", match_id)
            change, reply = decide(await _load(db, "id = $1", match_id))
            return (Saved(True) if change is None else await _save(db, change)), reply

        return await self._write(lock_load_decide_save)

    async def set_board_message(self, match_id: int, message_id: int, posted_at: datetime) -> None:
        await self._execute_write(
            "UPDATE matches SET board_message_id = $1, board_posted_at = $2 WHERE id = $3",
            message_id,
            posted_at,
            match_id,
        )

    async def set_board_version(self, match_id: int, version: int, announced_version: int = 0) -> int:
        current = await self._write(
            lambda db: db.fetchval(
                "UPDATE matches SET board_version = greatest(board_version, $1),"
                " announced_version = greatest(announced_version, $2) WHERE id = $3 RETURNING version",
                version,
                announced_version,
                match_id,
            )
        )
        return version if current is None else current

    async def logged_events(self, match_id: int, after_version: int) -> list[tuple[int, list[dict[str, Any]]]]:
        rows = await self._read(
            lambda db: db.fetch(
                "SELECT version, events FROM actions WHERE match_id = $1 AND version > $2 ORDER BY version",
                match_id,
                after_version,
            )
        )
        return [(row["version"], orjson.loads(row["events"])) for row in rows]

    async def action_log(self, match_id: int) -> list[LogEntry]:
        rows = await self._read(
            lambda db: db.fetch("SELECT * FROM actions WHERE match_id = $1 ORDER BY version", match_id)
        )
        return [log_entry(row) for row in rows]

    async def _raise_to(self, column: str, match_id: int, version: int) -> None:
        """Set a "shown up to" column, never lowering it: a slow report of an older version changes nothing."""
        await self._execute_write(
            f"UPDATE matches SET {column} = greatest({column}, $1) WHERE id = $2", version, match_id
        )

    async def _match_ids(self, condition: str) -> list[int]:
        rows = await self._read(lambda db: db.fetch(f"SELECT id FROM matches WHERE {condition} ORDER BY id"))
        return [row["id"] for row in rows]

    async def set_dms_closed(self, match_id: int, user_id: int) -> None:
        async def close_dms(db: asyncpg.Connection) -> None:
            await db.execute("UPDATE seats SET dms_closed = 1 WHERE match_id = $1 AND user_id = $2", match_id, user_id)
            await db.execute(NOTE_SEATS, match_id)

        await self._write(close_dms)

    # -- deadlines -----------------------------------------------------------------------------------------

    async def next_deadline_at(self) -> datetime | None:
        return await self._read(lambda db: db.fetchval("SELECT min(due_at) FROM deadlines"))

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        rows = await self._read(lambda db: db.fetch("SELECT * FROM deadlines WHERE due_at <= $1 ORDER BY due_at", now))
        return [deadline_from_row(row) for row in rows]

    async def deadlines_of(self, match_id: int) -> list[Deadline]:
        rows = await self._read(lambda db: db.fetch("SELECT * FROM deadlines WHERE match_id = $1", match_id))
        return [deadline_from_row(row) for row in rows]

    async def claim_deadline(self, deadline: Deadline, *, at_version: int | None = None) -> bool:
        return await self._write(lambda db: _claim(db, deadline, at_version))

    async def hold_deadline(
        self, deadline: Deadline, due_at: datetime, data: dict[str, Any], *, at_version: int | None = None
    ) -> bool:
        async def hold(db: asyncpg.Connection) -> bool:
            if not await _match_at(db, deadline, at_version):
                return False
            status = await db.execute(
                f"UPDATE deadlines SET due_at = $1, data = $2 WHERE {_deadline_as_read(3)}",
                due_at,
                json_text(data),
                *_as_read(deadline),
            )
            if _count(status) != 1:
                return False
            await _forget_deadline_rows(db, deadline.match_id)
            return True

        return await self._write(hold)

    # -- players and the bot's own facts -------------------------------------------------------------------

    async def player_settings(self, user_id: int) -> PlayerSettings:
        """What the player set with /settings, or the defaults."""
        row = await self._read(
            lambda db: db.fetchrow(
                "SELECT timezone, away_from, away_until, notice FROM player_settings WHERE user_id = $1", user_id
            )
        )
        return player_settings_from_row(row)

    async def save_player_settings(self, user_id: int, settings: PlayerSettings) -> None:
        await self._execute_write(
            "INSERT INTO player_settings (user_id, timezone, away_from, away_until, notice)"
            " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone,"
            " away_from = excluded.away_from, away_until = excluded.away_until, notice = excluded.notice",
            user_id,
            settings.timezone,
            clock_text(settings.away_from),
            clock_text(settings.away_until),
            settings.notice,
        )

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """What the server's admins set with /server-settings, or the defaults."""
        row = await self._read(
            lambda db: db.fetchrow(
                f"SELECT {SERVER_SETTINGS_COLUMNS} FROM server_settings WHERE guild_id = $1", guild_id
            )
        )
        return server_settings_from_row(row)

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None:
        sql = SAVE_SERVER_SETTINGS.format(", ".join(f"${number}" for number in range(1, 7)))
        await self._execute_write(sql, *server_settings_row(guild_id, settings))

    async def get_meta(self, key: str) -> str | None:
        return await self._read(lambda db: db.fetchval("SELECT value FROM bot_meta WHERE key = $1", key))

    async def set_meta(self, key: str, value: str) -> None:
        await self._execute_write(
            "INSERT INTO bot_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )


# -- the statements of a transaction ---------------------------------------------------------------------------


def _count(status: str) -> int:
    """The number of rows a command's status ("DELETE 1", "UPDATE 0") says it touched."""
    return int(status.rpartition(" ")[2])


@functools.cache
def _numbered(sql: str) -> tuple[str, tuple[str, ...]]:
    """SQL with named parameters (`:name`, as SQLite takes them) in PostgreSQL's numbered ones (`$1`), typed where
    PostgreSQL could not tell the type (`:game IS NULL`), and the names in their numbers' order."""
    names: list[str] = []

    def number(found: re.Match[str]) -> str:
        if found[1] not in names:
            names.append(found[1])
        cast = f"::{PARAMETER_TYPES[found[1]]}" if found[1] in PARAMETER_TYPES else ""
        return f"${names.index(found[1]) + 1}{cast}"

    return re.sub(r"(?<![:\w]):([a-z_]+)", number, sql), tuple(names)


async def _fetch_record(db: asyncpg.Connection, query: str, asked: dict[str, Any]) -> list[asyncpg.Record]:
    """The rows of one of the record queries the two stores share (RECORD_QUERIES), with these parameters."""
    sql, names = _numbered(RECORD_QUERIES[query])
    return await db.fetch(sql, *(asked[name] for name in names))


async def _load(db: asyncpg.Connection, condition: str, key: int) -> Match | None:
    row = await db.fetchrow(f"{MATCH_ROW} WHERE {condition}", key)
    return None if row is None else match_from_row(row)


async def _claim(db: asyncpg.Connection, deadline: Deadline, at_version: int | None = None) -> bool:
    """Remove the deadline's row as it was read; False if it is gone or moved (someone else answered it), or if
    its match has moved on (`_match_at`)."""
    if not await _match_at(db, deadline, at_version):
        return False
    status = await db.execute(f"DELETE FROM deadlines WHERE {_deadline_as_read(1)}", *_as_read(deadline))
    if _count(status) != 1:
        return False
    await _forget_deadline_rows(db, deadline.match_id)
    return True


async def _match_at(db: asyncpg.Connection, deadline: Deadline, at_version: int | None) -> bool:
    """Whether the deadline's match is at `at_version`, else at the deadline's own version (always, for a
    deadline of no one version): the match moved on, its next change answers for the deadline. The match's row
    is locked as a change locks it, so a claim or hold and a change of the match come one after the other."""
    version = deadline_version(deadline) if at_version is None else at_version
    if version is None:
        return True
    return await db.fetchval("SELECT version FROM matches WHERE id = $1 FOR UPDATE", deadline.match_id) == version


async def _forget_deadline_rows(db: asyncpg.Connection, match_id: int) -> None:
    """A match's deadline rows were changed by other than a change: the next change reads them (`rows_serve`)."""
    await db.execute("UPDATE matches SET deadline_rows = NULL WHERE id = $1", match_id)


def _deadline_as_read(first: int) -> str:
    """A deadline's row as it was read, its parameters (`_as_read`) numbered from `first`: gone or moved, someone
    else answered it (see `deadline_version`)."""
    a, b, c, d, e = (f"${number}" for number in range(first, first + 5))
    return (
        f"match_id = {a} AND kind = {b} AND key = {c} AND due_at = {d}"
        f" AND (data::jsonb ->> 'version') IS NOT DISTINCT FROM {e}::text"
    )


def _as_read(deadline: Deadline) -> tuple[Any, ...]:
    version = deadline_version(deadline)
    return (
        deadline.match_id, deadline.kind.value, deadline.key, deadline.row_due_at,
        None if version is None else str(version),
    )  # fmt: skip


async def _save(db: asyncpg.Connection, change: Change) -> Saved:
    match = change.match
    if change.claims is not None and not await _claim(db, change.claims):
        return Saved(False)
    updated = await db.fetchrow(
        "UPDATE matches SET status = $1, opener_id = $2, options = $3, version = $4, state = $5, updated_at = $6,"
        " turn_notice_version = $7, fixed_state = coalesce($8, fixed_state),"
        " last_message_id = greatest(last_message_id, $9) WHERE id = $10 AND version = $11"
        " RETURNING deadline_rows",
        *changed_match_row(change, as_is),
    )
    if updated is None:
        return Saved(False)
    if change.seats_changed:
        await db.execute("DELETE FROM seats WHERE match_id = $1", match.id)
        await _write_players(db, match)
    entry = change.log_entry
    if entry is not None:
        await db.execute(
            "INSERT INTO actions (match_id, version, seat, user_id, action, events, at)"
            " VALUES ($1, $2, $3, $4, $5, $6, $7)",
            *action_row(entry, as_is),
        )
    earliest = None
    if change.deadlines is not None and not rows_serve(updated["deadline_rows"], change.deadlines):
        earliest = await _replace_deadlines(db, match.id, change.deadlines)
    rated = await _write_result(db, match, change.result) if change.result is not None else None
    return Saved(True, earliest, rated)


async def _write_players(db: asyncpg.Connection, match: Match) -> None:
    await db.executemany(
        "INSERT INTO seats (match_id, seat, user_id, name, dms_closed, stood_in, computer_plays, left_game)"
        " VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        seat_rows(match),
    )
    await db.execute(NOTE_SEATS, match.id)
    if match.departed:
        await db.execute("UPDATE matches SET departed = $1 WHERE id = $2", departed_text(match), match.id)


async def _replace_deadlines(db: asyncpg.Connection, match_id: int, wanted: list[Deadline]) -> datetime | None:
    """Make the match's deadline rows `wanted`, touching only rows that differ (see `deadline_writes`), and note
    them in its row (`rows_serve`). Returns the earliest due time written."""
    stored = {
        (row["kind"], row["key"]): (row["due_at"], row["data"])
        for row in await db.fetch("SELECT kind, key, due_at, data FROM deadlines WHERE match_id = $1", match_id)
    }
    writes = deadline_writes(stored, wanted, lambda due_at: due_at)  # timestamptz in, datetime out
    if writes.upserts:
        await db.executemany(
            "INSERT INTO deadlines (match_id, kind, key, due_at, data) VALUES ($1, $2, $3, $4, $5)"
            " ON CONFLICT (match_id, kind, key) DO UPDATE SET due_at = excluded.due_at, data = excluded.data",
            [(match_id, *row) for row in writes.upserts],
        )
    if writes.new_data:
        await db.executemany(
            "UPDATE deadlines SET data = $1 WHERE match_id = $2 AND kind = $3 AND key = $4",
            [(data, match_id, kind, key) for kind, key, data in writes.new_data],
        )
    if writes.deletes:
        await db.executemany(
            "DELETE FROM deadlines WHERE match_id = $1 AND kind = $2 AND key = $3",
            [(match_id, *name) for name in writes.deletes],
        )
    await db.execute("UPDATE matches SET deadline_rows = $1 WHERE id = $2", writes.rows_after, match_id)
    return writes.earliest


async def _write_result(db: asyncpg.Connection, match: Match, result: Result) -> dict[int, RatingChange]:
    await db.execute(
        "INSERT INTO results (match_id, game, guild_id, finished_at, reason, outcome) VALUES ($1, $2, $3, $4, $5, $6)",
        *result_row(result, as_is),
    )
    season = await pg_season_of_result(db, result)
    rated = await _rate(db, result.game, result.guild_id, result_seats(result))
    await db.executemany(
        "INSERT INTO result_players (match_id, user_id, place, won, left_game, team, guild_id, game, finished_at,"
        " rating_before, rating_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
        result_player_rows(result, as_is, rated),
    )
    await pg_result_noted(db, match, result, season)
    return rated


async def _rate(
    db: asyncpg.Connection, game: str, guild_id: int | None, seated: list[ResultSeat]
) -> dict[int, RatingChange]:
    """Rate a result's players in its game and server (in the transaction that stores the result); return each
    one's shown rating before and after it, as the SQLite store does."""
    if guild_id is None or len(seated) < 2:
        return {}
    before = {
        user_id: Rating(mu, sigma)
        for user_id, mu, sigma in await db.fetch(
            "SELECT user_id, mu, sigma FROM ratings WHERE game = $1 AND guild_id = $2 AND user_id = ANY($3)",
            game,
            guild_id,
            [seat.user_id for seat in seated],
        )
    }
    ratings, changes = rating_rows(game, guild_id, seated, before)
    await db.executemany(
        "INSERT INTO ratings (game, guild_id, user_id, mu, sigma, shown, games, wins)"
        " VALUES ($1, $2, $3, $4, $5, $6, 1, $7) ON CONFLICT (game, guild_id, user_id) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, shown = excluded.shown, games = ratings.games + 1,"
        " wins = ratings.wins + excluded.wins",
        ratings,
    )
    return changes


async def _rate_past_results(db: asyncpg.Connection) -> None:
    await db.execute("DELETE FROM ratings")
    for row in await db.fetch("SELECT match_id, game, guild_id FROM results ORDER BY finished_at, match_id"):
        seated = [
            ResultSeat(user, place, bool(won), bool(left), team)
            for user, place, won, left, team in await db.fetch(
                "SELECT user_id, place, won, left_game, team FROM result_players WHERE match_id = $1", row["match_id"]
            )
        ]
        await db.executemany(
            "UPDATE result_players SET rating_before = $1, rating_after = $2 WHERE match_id = $3 AND user_id = $4",
            noted_ratings(row["match_id"], await _rate(db, row["game"], row["guild_id"], seated)),
        )


IN_CODE: dict[str, Callable[[asyncpg.Connection], Awaitable[None]]] = {RATE_PAST_RESULTS: _rate_past_results}
"""What a migration's `THEN_IN_CODE` names, done here."""


async def _migrate(db: asyncpg.Connection) -> None:
    """Bring the schema up to SCHEMA_VERSION, each migration with its version in one transaction, under an
    advisory lock (processes started together wait for the first to finish, and then find nothing to do)."""
    await db.execute("SET lock_timeout = 0")  # a long migration in another process is waited out
    await db.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
    try:
        await db.execute(VERSION_TABLE)
        current = await db.fetchval("SELECT version FROM schema_version") or 0
        if current > SCHEMA_VERSION:
            raise too_new(current, SCHEMA_VERSION, "point DATABASE_URL at another database")
        for number in range(current + 1, SCHEMA_VERSION + 1):
            async with db.transaction():
                await db.execute(MIGRATIONS[number - 1])
                then = THEN_IN_CODE.get(number)
                if then is not None:
                    await IN_CODE[then](db)
                await db.execute(
                    "INSERT INTO schema_version (version) VALUES ($1)"
                    " ON CONFLICT (only_row) DO UPDATE SET version = excluded.version",
                    number,
                )
    finally:
        await db.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        await db.execute("RESET lock_timeout")
