"""The SQLite store: the host's MatchStore on one aiosqlite connection.

Each operation is a plain function that runs all of its statements at once (`_read`, or `_write` inside
`BEGIN IMMEDIATE ... COMMIT`), rather than one statement per call, so a player's action is a single call:
`change_match` loads the match, lets the host decide (the pure rules) and writes the result in one transaction.

That function runs in place, on the event loop's thread, whenever nothing runs on the connection's thread. Handing
it to the thread would cost more than the statements (a hand-off, a wake-up of the event loop, and the two threads
taking turns at the interpreter lock): in WAL mode with `synchronous = NORMAL` a commit only appends a few pages to
the log in the OS's cache, a fraction of a millisecond, and nothing waits for the disk (a checkpoint does that,
below). Only what may wait goes to the thread: in place, the busy timeout is zero, so when another process holds
the write lock BEGIN fails at once and the operation runs on the thread instead, which waits for the lock up to the
busy timeout while the event loop goes on. While anything runs on the thread, other operations wait for it to end,
then run in place in the order they came (were they queued on the thread instead, under steady load they would keep
finding work there and never come back). Either way one operation runs at a time, so no read ever lands between
another operation's BEGIN and COMMIT: readers never see an uncommitted transaction, and a write transaction holds
SQLite's lock only while its statements run, never across event-loop turns. That is why there is no batching of
commits (group commit): a commit is already as short as SQLite allows.

WAL lets other processes read beside the writer. Copying the write-ahead log back into the database file (a
checkpoint, 10-15 ms, with the only fsync) is done every second by a connection of its own, on its own thread,
rather than by whichever commit happens to fill the log, so no player's action waits for it. Only when writes
never pause long enough for SQLite to start the log over, and it has grown past about 4 MB, do operations wait
(on the connection's thread) for the moment it takes to copy the rest and start it over. A state, its log
entry, its deadlines and its result are stored together or not at all. Deadlines are diffed against the stored
rows, so an action that leaves them as they were writes none.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite
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
)
from bot.matches.ports import Change, ChannelBusy, Saved, StorageBusy
from bot.players import PlayerSettings, ServerSettings
from bot.storage.common import (
    RECORD_QUERIES,
    SAVE_SERVER_SETTINGS,
    SERVER_SETTINGS_COLUMNS,
    TREND_GAMES,
    DatabaseUnusable,
    SharedMethods,
    clock_text,
    deadline_from_row,
    for_match,
    instant_text,
    log_entry,
    new_match_row,
    player_settings_from_row,
    read_instant,
    server_settings_from_row,
    server_settings_row,
    too_new,
)
from bot.storage.guidance import SqliteGuidance
from bot.storage.leagues import SqliteLeagues
from bot.storage.migrations import MIGRATIONS, THEN_IN_CODE
from bot.storage.replays import SqliteReplays
from bot.storage.seasons import SqliteSeasons
from bot.storage.sqlite_statements import (
    DEADLINE_AS_READ,
    IN_CODE,
    LIVE_BATCH,
    claim,
    deadline_as_read,
    deadline_row,
    forget_deadline_rows,
    live_batch,
    note_seats,
    read_match,
    read_match_to_change,
    save,
    write_deadlines,
    write_players,
)

log = logging.getLogger(__name__)

SCHEMA_VERSION = len(MIGRATIONS)
BUSY_TIMEOUT_MS = 5000
"""How long a statement waits for another process's write before the database counts as busy."""
CHECKPOINT_EVERY_SECONDS = 1.0
START_LOG_OVER_PAST_FRAMES = 1000
"""Pages in the write-ahead log (about 4 MB, where SQLite itself would checkpoint) past which it is started over."""
START_LOG_OVER_PATIENCE_MS = 100
"""How long starting the log over waits for other processes' readers, every operation waiting behind it."""
T = TypeVar("T")


def _busy(error: sqlite3.Error) -> bool:
    """Whether another process's lock made the statement fail."""
    return "locked" in str(error) or "busy" in str(error)


def _trouble(error: sqlite3.Error) -> str:
    text = str(error)
    if _busy(error):
        return "another program keeps it locked; stop that program or use another file"
    if "not a database" in text:
        return "the file is not an Anthology database (it is not SQLite at all)"
    if "malformed" in text or "corrupt" in text:
        return "it is damaged; restore it from a backup"
    return text


class SqliteStore(SharedMethods, SqliteGuidance, SqliteReplays, SqliteSeasons, SqliteLeagues):
    """See the module docstring. Open with `await SqliteStore.open(path)`; close with `await store.close()`."""

    def __init__(
        self, connection: aiosqlite.Connection, checkpointer: aiosqlite.Connection, busy_timeout_ms: int
    ) -> None:
        self._db = connection
        self._in_place = connection._conn  # the same sqlite3 connection, used from the event loop's thread
        self._busy_timeout_ms = busy_timeout_ms
        self._thread_free = asyncio.Event()
        """Cleared while an operation runs on the connection's thread: nothing runs in place meanwhile."""
        self._thread_free.set()
        self._checkpointer = checkpointer
        self._checkpoints = asyncio.create_task(self._checkpoint_now_and_then(), name="sqlite checkpoints")
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int | None = None) -> SqliteStore:
        """Open (creating if needed) and migrate the database; refuse one newer than this code.

        Raises DatabaseUnusable, naming the file and the trouble, for a folder, a missing folder or one it cannot
        write in, a file that is read-only to it, not a database or damaged, or one another process keeps locked;
        such a file is not written to."""
        path = Path(path)
        cls.check_can_open(path)
        try:
            connection = await aiosqlite.connect(str(path), isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise DatabaseUnusable(f"Cannot open the database {path}: {error}.") from None
        busy_timeout_ms = busy_timeout_ms or BUSY_TIMEOUT_MS
        try:
            connection.row_factory = sqlite3.Row
            await connection.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
            # Read before anything is written: a damaged file or another program's file must stay as it is.
            async with connection.execute("PRAGMA quick_check") as cursor:
                verdict = [row[0] for row in await cursor.fetchall()]
            if verdict != ["ok"]:
                raise DatabaseUnusable(f"The database {path} is damaged ({verdict[0]}); restore it from a backup.")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA wal_autocheckpoint = 0")
            await cls._migrate(connection)
            await connection.execute("PRAGMA busy_timeout = 0")  # in place; see the module docstring
            checkpointer = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.DatabaseError as error:
            await connection.close()
            raise DatabaseUnusable(f"Cannot use the database {path}: {_trouble(error)}.") from None
        except BaseException:
            await connection.close()
            raise
        return cls(connection, checkpointer, busy_timeout_ms)

    @staticmethod
    def check_can_open(path: Path) -> None:
        """Raise DatabaseUnusable if `open` would surely fail for want of the file or the right to write; touches
        nothing on disk.

        Asked of the operating system before SQLite opens the file, because SQLite opens a file it may not write
        read-only and finds out only at the first write, and meanwhile leaves -wal and -shm files behind in the
        folder. The operating system's answer also covers a read-only mount and an immutable file; as root, a
        file's mode does not stop writes, so it is no trouble then."""
        if path.is_dir():
            raise DatabaseUnusable(f"The database path {path} is a folder; point DATABASE_PATH at a file.")
        folder = path.parent
        if not folder.is_dir():
            raise DatabaseUnusable(f"The folder of the database {path} does not exist; create it first.")
        if path.exists() and not os.access(path, os.R_OK | os.W_OK):
            raise DatabaseUnusable(
                f"The database {path} is read-only to this user; let this user write to it, or point "
                "DATABASE_PATH at another file."
            )
        if not os.access(folder, os.W_OK | os.X_OK):
            # SQLite makes its -wal and -shm files beside the database, and a new database is made there.
            raise DatabaseUnusable(
                f"The folder of the database {path} is read-only to this user; SQLite needs to write files beside "
                "the database. Give it write permission, or point DATABASE_PATH elsewhere."
            )

    async def close(self) -> None:
        """Write everything back into the database file (no -wal file is left behind) and close it. Closing a
        closed store does nothing."""
        if self._closed:
            return
        self._closed = True
        self._checkpoints.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._checkpoints
        await self._checkpointer.close()
        try:
            with contextlib.suppress(sqlite3.Error):
                await self._thread_trip(lambda db: db.execute("PRAGMA wal_checkpoint(TRUNCATE)"))
        finally:
            await self._db.close()  # else its thread would keep the process from exiting

    async def _checkpoint_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY_SECONDS)
            try:
                # PASSIVE copies what it can without waiting for, or holding up, the writer.
                async with self._checkpointer.execute("PRAGMA wal_checkpoint(PASSIVE)") as cursor:
                    _, log_frames, _ = await cursor.fetchone()
                if log_frames >= START_LOG_OVER_PAST_FRAMES:
                    # SQLite starts the log over only when a write begins after a checkpoint that copied all of
                    # it, so under steady writes it would grow for as long as they last (13 MB a second under
                    # bench/load_bench.py). On the connection's thread, operations wait for the copying of the
                    # rest and the start over, and no write lands in between.
                    await self._thread_trip(_start_log_over, patience_ms=START_LOG_OVER_PATIENCE_MS)
            except sqlite3.Error as error:
                log.warning("could not checkpoint the database: %s", error)

    async def schema_version(self) -> int:
        return await self._read(lambda db: int(db.execute("PRAGMA user_version").fetchone()[0]))

    @staticmethod
    async def _migrate(connection: aiosqlite.Connection) -> None:
        async with connection.execute("PRAGMA user_version") as cursor:
            current = int((await cursor.fetchone())[0])
        if current > SCHEMA_VERSION:
            raise too_new(current, SCHEMA_VERSION, "point DATABASE_PATH at another file")
        for number in range(current + 1, SCHEMA_VERSION + 1):
            # One transaction for the migration, what follows it in code, and its user_version.
            then = THEN_IN_CODE.get(number)

            def migrate(db: sqlite3.Connection, number: int = number, then: str | None = then) -> None:
                db.executescript(f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}")
                try:
                    if then is not None:
                        IN_CODE[then](db)
                    db.execute(f"PRAGMA user_version = {number}")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")

            await connection._execute(migrate, connection._conn)

    # -- one operation, one call: in place, or on the connection's thread ----------------------------------

    async def _read(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work`'s statements: in place, unless that would have to wait (see the module docstring)."""
        await self._thread_finished()
        try:
            return work(self._in_place)
        except sqlite3.OperationalError as error:
            if not _busy(error):
                raise
        return await self._thread_trip(work)

    async def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run `work` inside BEGIN IMMEDIATE ... COMMIT (ROLLBACK if it raises), like `_read`."""
        try:
            await self._thread_finished()
            try:
                self._in_place.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as error:
                if not _busy(error):
                    raise
            else:
                return _then_commit(self._in_place, work)
            return await self._thread_trip(lambda db: _in_transaction(db, work))
        except sqlite3.OperationalError as error:
            if _busy(error):
                raise StorageBusy(str(error)) from None
            raise

    async def _thread_trip(self, work: Callable[[sqlite3.Connection], T], *, patience_ms: int | None = None) -> T:
        """Run `work` on the connection's thread, waiting up to `patience_ms` (the busy timeout) for another
        process's lock."""
        await self._thread_finished()
        self._thread_free.clear()
        patience_ms = patience_ms or self._busy_timeout_ms
        # aiosqlite has no public call for several statements in one trip; `_execute` is the one its own
        # methods use to run a function on its thread (the version range is pinned in pyproject.toml).
        trip = asyncio.ensure_future(self._db._execute(_patiently, self._in_place, work, patience_ms))
        trip.add_done_callback(self._thread_trip_ended)
        # Shielded: were the caller cancelled, the work still runs, and nothing may run in place until it ends.
        return await asyncio.shield(trip)

    async def _thread_finished(self) -> None:
        """Return once nothing runs on the connection's thread: at once, but for a moment now and then."""
        while not self._thread_free.is_set():
            await self._thread_free.wait()

    def _thread_trip_ended(self, trip: asyncio.Future[Any]) -> None:
        self._thread_free.set()
        if not trip.cancelled():
            trip.exception()  # a caller that was cancelled meanwhile no longer hears of it

    # -- matches -------------------------------------------------------------------------------------------

    async def create_match(self, match: Match, deadlines: list[Deadline]) -> Match:
        def create(db: sqlite3.Connection) -> Match:
            try:
                cursor = db.execute(
                    "INSERT INTO matches (game, guild_id, channel_id, opener_id, status, options, seed, version,"
                    " state, board_message_id, reminder_after_seconds, clock_seconds, leaver_forfeits, created_at,"
                    " updated_at, parent_channel_id, follows_match_id)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    new_match_row(match, instant_text),
                )
            except sqlite3.IntegrityError:
                raise ChannelBusy(match.channel_id) from None
            created = match.with_changes(id=cursor.lastrowid)
            write_players(db, created)
            write_deadlines(db, created.id, [for_match(deadline, created.id) for deadline in deadlines])
            return created

        return await self._write(create)

    async def load_match(self, match_id: int) -> Match | None:
        return await self._read(lambda db: read_match(db, "id = ?", match_id))

    async def live_match_in_channel(self, channel_id: int) -> Match | None:
        return await self._read(
            lambda db: read_match(db, "channel_id = ? AND status IN ('lobby', 'playing')", channel_id)
        )

    async def last_match_in_channel(self, channel_id: int) -> int | None:
        row = await self._read(
            lambda db: db.execute(
                "SELECT id FROM matches WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
            ).fetchone()
        )
        return row[0] if row else None

    async def finished_tables(self, guild_id: int, limit: int) -> list[FinishedTable]:
        """The server's most recently finished games, newest first, with their winners."""

        def read(db: sqlite3.Connection) -> list[FinishedTable]:
            rows = db.execute(
                "SELECT results.match_id, results.game, matches.channel_id, matches.board_message_id,"
                " results.finished_at, results.season FROM results JOIN matches ON matches.id = results.match_id"
                " WHERE results.guild_id = ? ORDER BY results.finished_at DESC, results.match_id DESC LIMIT ?",
                (guild_id, limit),
            ).fetchall()
            tables = []
            for match_id, game, channel_id, board_id, finished_at, season in rows:
                winners = db.execute(
                    "SELECT result_players.user_id, seats.name FROM result_players JOIN seats"
                    " ON seats.match_id = result_players.match_id AND seats.user_id = result_players.user_id"
                    " WHERE result_players.match_id = ? AND result_players.won = 1 ORDER BY seats.seat",
                    (match_id,),
                ).fetchall()
                ended = read_instant(finished_at)
                tables.append(FinishedTable(match_id, game, channel_id, board_id, ended, tuple(winners), season))
            return tables

        return await self._read(read)

    async def rating_changes(self, match_id: int) -> dict[int, RatingChange]:
        """Each rated player's shown rating before and after this finished game (nobody, if it rated nobody)."""
        rows = await self._read(
            lambda db: db.execute(
                "SELECT user_id, rating_before, rating_after FROM result_players"
                " WHERE match_id = ? AND rating_after IS NOT NULL",
                (match_id,),
            ).fetchall()
        )
        return {user_id: RatingChange(before, after) for user_id, before, after in rows}

    async def player_stats(self, guild_id: int, user_id: int, game: str | None, recent: int) -> PlayerStats:
        """The player's record in the server (in one game, or in all): per game, most played first, and their
        `recent` latest finished games, newest first."""
        asked = {"user": user_id, "guild": guild_id, "game": game, "limit": recent}

        def read(db: sqlite3.Connection) -> PlayerStats:
            tallies = []
            for each, played, wins, shown in db.execute(RECORD_QUERIES["tallies"], asked).fetchall():
                trend = db.execute(RECORD_QUERIES["trend"], {**asked, "game": each, "limit": TREND_GAMES})
                tallies.append(GameTally(each, played, wins, shown, tuple(reversed([row[0] for row in trend]))))
            games = tuple(
                PlayedGame(match, each, channel, board, read_instant(at), place, players, bool(won))
                for match, each, channel, board, at, place, won, players in db.execute(RECORD_QUERIES["latest"], asked)
            )
            return PlayerStats(tuple(tallies), games)

        return await self._read(read)

    async def leaderboard(
        self, game: str, guild_id: int, *, min_games: int, offset: int, limit: int, user_id: int
    ) -> LeaderboardPage:
        """A page of the game's leaderboard in the server: people (never computer players) with at least
        `min_games` games, by shown rating, best first (ties by who got there first: the lower user id)."""
        asked = {"game": game, "guild": guild_id, "min_games": min_games, "limit": limit, "offset": offset}

        def read(db: sqlite3.Connection) -> LeaderboardPage:
            rows = db.execute(RECORD_QUERIES["leaderboard page"], asked).fetchall()
            page = tuple(Ranked(offset + index + 1, *row) for index, row in enumerate(rows))
            ranked = db.execute(RECORD_QUERIES["leaderboard size"], asked).fetchone()[0]
            own = None
            row = db.execute(RECORD_QUERIES["leaderboard line"], {**asked, "user": user_id}).fetchone()
            if row is not None:
                shown, games, wins = row
                ahead = db.execute(RECORD_QUERIES["ranked ahead"], {**asked, "user": user_id, "shown": shown})
                own = Ranked(ahead.fetchone()[0] + 1, user_id, shown, games, wins)
            return LeaderboardPage(page, ranked, own)

        return await self._read(read)

    async def live_matches_of(self, user_id: int) -> list[Match]:
        """The live tables the user sits at (and has not left), oldest first."""

        def read(db: sqlite3.Connection) -> list[Match]:
            ids = db.execute(
                "SELECT matches.id FROM seats JOIN matches ON matches.id = seats.match_id WHERE seats.user_id = ?"
                " AND seats.left_game = 0 AND matches.status IN ('lobby', 'playing') ORDER BY matches.id",
                (user_id,),
            ).fetchall()
            return [read_match(db, "id = ?", row[0]) for row in ids]

        return await self._read(read)

    async def live_matches_in_threads_of(self, channel_id: int, limit: int, *, after: int = 0) -> list[Match]:
        def read(db: sqlite3.Connection) -> list[Match]:
            ids = db.execute(
                "SELECT id FROM matches WHERE parent_channel_id = ? AND status IN ('lobby', 'playing') AND id > ?"
                " ORDER BY id LIMIT ?",
                (channel_id, after, limit),
            ).fetchall()
            return [read_match(db, "id = ?", row[0]) for row in ids]

        return await self._read(read)

    async def newest_follower(self, match_id: int) -> Match | None:
        return await self._read(
            lambda db: read_match(db, "id = (SELECT max(id) FROM matches WHERE follows_match_id = ?)", match_id)
        )

    async def live_matches(self) -> AsyncIterator[Match]:
        """Every live match with its players, a batch per trip, so however many there are only one batch is held."""
        after = 0
        while True:
            batch = await self._read(lambda db, after=after: live_batch(db, after))
            for match in batch:
                yield match
            if len(batch) < LIVE_BATCH:
                return
            after = batch[-1].id

    async def _save_change(self, change: Change) -> Saved:
        return await self._write(lambda db: save(db, change))

    async def change_match(
        self, match_id: int, decide: Callable[[Match | None], tuple[Change | None, T]]
    ) -> tuple[Saved, T]:
        def load_decide_save(db: sqlite3.Connection) -> tuple[Saved, T]:
            stored, deadline_rows = read_match_to_change(db, "id = ?", match_id)
            change, reply = decide(stored)
            if change is None:
                return Saved(True), reply
            return save(db, change, stored.status if stored else None, deadline_rows), reply

        return await self._write(load_decide_save)

    async def set_board_message(self, match_id: int, message_id: int, posted_at: datetime) -> None:
        await self._execute_write(
            "UPDATE matches SET board_message_id = ?, board_posted_at = ? WHERE id = ?",
            (message_id, instant_text(posted_at), match_id),
        )

    async def set_board_version(self, match_id: int, version: int, announced_version: int = 0) -> int:
        row = await self._write(
            lambda db: db.execute(
                "UPDATE matches SET board_version = max(board_version, ?),"
                " announced_version = max(announced_version, ?) WHERE id = ? RETURNING version",
                (version, announced_version, match_id),
            ).fetchone()
        )
        return row[0] if row else version

    async def logged_events(self, match_id: int, after_version: int) -> list[tuple[int, list[dict[str, Any]]]]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT version, events FROM actions WHERE match_id = ? AND version > ? ORDER BY version",
                (match_id, after_version),
            ).fetchall()
        )
        return [(row[0], orjson.loads(row[1])) for row in rows]

    async def action_log(self, match_id: int) -> list[LogEntry]:
        rows = await self._read(
            lambda db: db.execute("SELECT * FROM actions WHERE match_id = ? ORDER BY version", (match_id,)).fetchall()
        )
        return [log_entry(row) for row in rows]

    async def _raise_to(self, column: str, match_id: int, version: int) -> None:
        """Set a "shown up to" column, never lowering it: a slow report of an older version changes nothing."""
        await self._execute_write(f"UPDATE matches SET {column} = max({column}, ?) WHERE id = ?", (version, match_id))

    async def _match_ids(self, condition: str) -> list[int]:
        rows = await self._read(
            lambda db: db.execute(f"SELECT id FROM matches WHERE {condition} ORDER BY id").fetchall()
        )
        return [row[0] for row in rows]

    async def set_dms_closed(self, match_id: int, user_id: int) -> None:
        def close_dms(db: sqlite3.Connection) -> None:
            db.execute("UPDATE seats SET dms_closed = 1 WHERE match_id = ? AND user_id = ?", (match_id, user_id))
            note_seats(db, match_id)

        await self._write(close_dms)

    # -- deadlines -----------------------------------------------------------------------------------------

    async def next_deadline_at(self) -> datetime | None:
        row = await self._read(lambda db: db.execute("SELECT MIN(due_at) FROM deadlines").fetchone())
        return read_instant(row[0]) if row and row[0] else None

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        rows = await self._read(
            lambda db: db.execute(
                "SELECT * FROM deadlines WHERE due_at <= ? ORDER BY due_at", (instant_text(now),)
            ).fetchall()
        )
        return [deadline_from_row(row) for row in rows]

    async def deadlines_of(self, match_id: int) -> list[Deadline]:
        rows = await self._read(
            lambda db: db.execute("SELECT * FROM deadlines WHERE match_id = ?", (match_id,)).fetchall()
        )
        return [deadline_from_row(row) for row in rows]

    async def claim_deadline(self, deadline: Deadline, *, at_version: int | None = None) -> bool:
        return await self._write(lambda db: claim(db, deadline, at_version))

    async def hold_deadline(
        self, deadline: Deadline, due_at: datetime, data: dict[str, Any], *, at_version: int | None = None
    ) -> bool:
        def hold(db: sqlite3.Connection) -> bool:
            moved = Deadline(deadline.match_id, deadline.kind, due_at, data, deadline.key)
            cursor = db.execute(
                f"UPDATE deadlines SET due_at = ?, data = ? WHERE {DEADLINE_AS_READ}",
                (*deadline_row(moved), *deadline_as_read(deadline, at_version)),
            )
            if cursor.rowcount != 1:
                return False
            forget_deadline_rows(db, deadline.match_id)
            return True

        return await self._write(hold)

    # -- players and the bot's own facts -----------------------------------------------------------------------

    async def player_settings(self, user_id: int) -> PlayerSettings:
        """What the player set with /settings, or the defaults."""
        row = await self._read(
            lambda db: db.execute(
                "SELECT timezone, away_from, away_until, notice FROM player_settings WHERE user_id = ?", (user_id,)
            ).fetchone()
        )
        return player_settings_from_row(row)

    async def save_player_settings(self, user_id: int, settings: PlayerSettings) -> None:
        await self._execute_write(
            "INSERT INTO player_settings (user_id, timezone, away_from, away_until, notice) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (user_id) DO UPDATE SET timezone = excluded.timezone, away_from = excluded.away_from, "
            "away_until = excluded.away_until, notice = excluded.notice",
            (
                user_id,
                settings.timezone,
                clock_text(settings.away_from),
                clock_text(settings.away_until),
                settings.notice,
            ),
        )

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """What the server's admins set with /server-settings, or the defaults."""
        sql = f"SELECT {SERVER_SETTINGS_COLUMNS} FROM server_settings WHERE guild_id = ?"
        return server_settings_from_row(await self._read(lambda db: db.execute(sql, (guild_id,)).fetchone()))

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None:
        sql = SAVE_SERVER_SETTINGS.format(", ".join("?" * 6))
        await self._execute_write(sql, server_settings_row(guild_id, settings))

    async def get_meta(self, key: str) -> str | None:
        row = await self._read(lambda db: db.execute("SELECT value FROM bot_meta WHERE key = ?", (key,)).fetchone())
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        await self._execute_write(
            "INSERT INTO bot_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )

    async def _execute_write(self, sql: str, parameters: tuple[Any, ...]) -> None:
        await self._write(lambda db: db.execute(sql, parameters))


def _start_log_over(db: sqlite3.Connection) -> None:
    # RESTART, not TRUNCATE: the file is written again from its start, not cut and grown again (18 ms, not 7).
    db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()  # still busy with readers: the next tick tries again


def _patiently(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T], busy_timeout_ms: int) -> T:
    db.execute(f"PRAGMA busy_timeout = {busy_timeout_ms}")
    try:
        return work(db)
    finally:
        db.execute("PRAGMA busy_timeout = 0")


def _in_transaction(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    db.execute("BEGIN IMMEDIATE")  # waits up to the busy timeout for another process's write
    return _then_commit(db, work)


def _then_commit(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    try:
        done = work(db)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:  # some errors end the transaction themselves
            db.execute("ROLLBACK")
        raise
    return done
