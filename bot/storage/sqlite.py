"""The SQLite store: the host's MatchStore on one aiosqlite connection.

WAL lets readers run beside the writer; busy_timeout rides out another process's write; every write is one
`BEGIN IMMEDIATE` transaction behind an asyncio.Lock, so a state, its log entry, its deadlines and its result
are stored together or not at all.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import aiosqlite

from bot.matches.model import Deadline, DeadlineKind, LogEntry, Match, MatchStatus, Player, Result
from bot.matches.ports import ChannelBusy, StorageBusy
from bot.storage.migrations import MIGRATIONS

SCHEMA_VERSION = len(MIGRATIONS)
BUSY_TIMEOUT_MS = 5000
"""How long a statement waits for another process's write before the database counts as busy."""


class DatabaseUnusable(RuntimeError):
    """The database file cannot be used; the message names the file and what is wrong. The file is left as it was."""


class DatabaseTooNew(DatabaseUnusable):
    """The database was written by a newer version of the bot."""


def _trouble(error: sqlite3.Error) -> str:
    text = str(error)
    if "locked" in text or "busy" in text:
        return "another program keeps it locked; stop that program or use another file"
    if "not a database" in text:
        return "the file is not an Anthology database (it is not SQLite at all)"
    if "malformed" in text or "corrupt" in text:
        return "it is damaged; restore it from a backup"
    return text


def _instant(moment: datetime) -> str:
    # One fixed format in UTC, so instants sort correctly as text.
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def _parse_instant(text: str) -> datetime:
    return datetime.fromisoformat(text)


class SqliteStore:
    """See the module docstring. Open with `await SqliteStore.open(path)`; close with `await store.close()`."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._write_lock = asyncio.Lock()
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout_ms: int | None = None) -> SqliteStore:
        """Open (creating if needed) and migrate the database; refuse one newer than this code.

        Raises DatabaseUnusable, naming the file and the trouble, for a folder, a missing folder, a file that is
        not a database or is damaged, or one another process keeps locked; such a file is not written to."""
        path = Path(path)
        if path.is_dir():
            raise DatabaseUnusable(f"The database path {path} is a folder; point DATABASE_PATH at a file.")
        if not path.parent.is_dir():
            raise DatabaseUnusable(f"The folder of the database {path} does not exist; create it first.")
        try:
            connection = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            raise DatabaseUnusable(f"Cannot open the database {path}: {error}.") from None
        try:
            connection.row_factory = sqlite3.Row
            await connection.execute(f"PRAGMA busy_timeout = {busy_timeout_ms or BUSY_TIMEOUT_MS}")
            # Read before anything is written: a damaged file or another program's file must stay as it is.
            async with connection.execute("PRAGMA quick_check") as cursor:
                verdict = [row[0] for row in await cursor.fetchall()]
            if verdict != ["ok"]:
                raise DatabaseUnusable(f"The database {path} is damaged ({verdict[0]}); restore it from a backup.")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA synchronous = NORMAL")
            store = cls(connection)
            await store._migrate()
        except sqlite3.DatabaseError as error:
            await connection.close()
            raise DatabaseUnusable(f"Cannot use the database {path}: {_trouble(error)}.") from None
        except BaseException:
            await connection.close()
            raise
        return store

    async def close(self) -> None:
        """Write everything back into the database file (no -wal file is left behind) and close it. Closing a
        closed store does nothing."""
        if self._closed:
            return
        self._closed = True
        with contextlib.suppress(sqlite3.Error):
            await self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await self._db.close()

    async def schema_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0])

    async def _migrate(self) -> None:
        current = await self.schema_version()
        if current > SCHEMA_VERSION:
            raise DatabaseTooNew(
                f"The database is at schema version {current}, but this bot only knows up to {SCHEMA_VERSION}. "
                "Upgrade the bot, or point DATABASE_PATH at another file."
            )
        for number in range(current + 1, SCHEMA_VERSION + 1):
            # One script, so the migration and its user_version land in a single transaction.
            await self._db.executescript(
                f"BEGIN IMMEDIATE;\n{MIGRATIONS[number - 1]}\nPRAGMA user_version = {number};\nCOMMIT;"
            )

    # -- matches -------------------------------------------------------------------------------------------

    async def create_match(self, match: Match, deadlines: list[Deadline]) -> Match:
        async with self._transaction() as db:
            try:
                cursor = await db.execute(
                    "INSERT INTO matches (game, guild_id, channel_id, opener_id, status, options, seed, version,"
                    " state, board_message_id, reminder_after_seconds, created_at, updated_at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        match.game,
                        match.guild_id,
                        match.channel_id,
                        match.opener_id,
                        match.status.value,
                        json.dumps(match.options, sort_keys=True),
                        match.seed,
                        match.version,
                        match.state_json,
                        match.board_message_id,
                        match.reminder_after_seconds,
                        _instant(match.created_at),
                        _instant(match.updated_at),
                    ),
                )
            except sqlite3.IntegrityError:
                raise ChannelBusy(match.channel_id) from None
            created = match.with_changes(id=cursor.lastrowid)
            await self._write_players(db, created)
            await self._write_deadlines(db, created.id, [_for_match(d, created.id) for d in deadlines])
        return created

    async def load_match(self, match_id: int) -> Match | None:
        async with self._db.execute("SELECT * FROM matches WHERE id = ?", (match_id,)) as cursor:
            row = await cursor.fetchone()
        return await self._match_from_row(row) if row else None

    async def live_match_in_channel(self, channel_id: int) -> Match | None:
        async with self._db.execute(
            "SELECT * FROM matches WHERE channel_id = ? AND status IN ('lobby', 'playing')", (channel_id,)
        ) as cursor:
            row = await cursor.fetchone()
        return await self._match_from_row(row) if row else None

    async def live_matches(self) -> list[Match]:
        """Every live match with its players, in two queries however many there are."""
        async with self._db.execute(
            "SELECT seats.* FROM seats JOIN matches ON matches.id = seats.match_id"
            " WHERE matches.status IN ('lobby', 'playing') ORDER BY seats.match_id, seats.seat"
        ) as cursor:
            seats_by_match: dict[int, list[sqlite3.Row]] = {}
            for seat in await cursor.fetchall():
                seats_by_match.setdefault(seat["match_id"], []).append(seat)
        async with self._db.execute("SELECT * FROM matches WHERE status IN ('lobby', 'playing') ORDER BY id") as cursor:
            return [_match(row, seats_by_match.get(row["id"], [])) for row in await cursor.fetchall()]

    async def save_match(
        self,
        match: Match,
        *,
        expected_version: int,
        seats_changed: bool = False,
        log_entry: LogEntry | None = None,
        deadlines: list[Deadline] | None = None,
        result: Result | None = None,
    ) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute(
                "UPDATE matches SET status = ?, opener_id = ?, options = ?, version = ?, state = ?, updated_at = ?,"
                " turn_notice_version = ? WHERE id = ? AND version = ?",
                (
                    match.status.value,
                    match.opener_id,
                    json.dumps(match.options, sort_keys=True),
                    match.version,
                    match.state_json,
                    _instant(match.updated_at),
                    match.turn_notice_version,
                    match.id,
                    expected_version,
                ),
            )
            if cursor.rowcount != 1:
                return False
            if seats_changed:
                await db.execute("DELETE FROM seats WHERE match_id = ?", (match.id,))
                await self._write_players(db, match)
            if log_entry is not None:
                await db.execute(
                    "INSERT INTO actions (match_id, version, seat, user_id, action, events, at)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (
                        log_entry.match_id,
                        log_entry.version,
                        log_entry.seat,
                        log_entry.user_id,
                        log_entry.action,
                        json.dumps(log_entry.events, sort_keys=True),
                        _instant(log_entry.at),
                    ),
                )
            if deadlines is not None:
                await db.execute("DELETE FROM deadlines WHERE match_id = ?", (match.id,))
                await self._write_deadlines(db, match.id, deadlines)
            if result is not None:
                await self._write_result(db, result)
        return True

    async def set_board_message(self, match_id: int, message_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE matches SET board_message_id = ? WHERE id = ?", (message_id, match_id))

    async def set_board_version(self, match_id: int, version: int, announced_version: int = 0) -> None:
        async with self._transaction() as db:
            await db.execute(
                "UPDATE matches SET board_version = max(board_version, ?),"
                " announced_version = max(announced_version, ?) WHERE id = ?",
                (version, announced_version, match_id),
            )

    async def stale_boards(self) -> list[int]:
        return await self._match_ids("board_message_id IS NOT NULL AND board_version < version")

    async def set_turn_told(self, match_id: int, version: int) -> None:
        await self._raise_to("turn_told_version", match_id, version)

    async def untold_turns(self) -> list[int]:
        return await self._match_ids("status = 'playing' AND turn_told_version < turn_notice_version")

    async def set_announced(self, match_id: int, version: int) -> None:
        await self._raise_to("announced_version", match_id, version)

    async def unannounced(self) -> list[int]:
        return await self._match_ids("status IN ('playing', 'finished') AND announced_version < version")

    async def logged_events(self, match_id: int, after_version: int) -> list[tuple[int, list[dict[str, Any]]]]:
        async with self._db.execute(
            "SELECT version, events FROM actions WHERE match_id = ? AND version > ? ORDER BY version",
            (match_id, after_version),
        ) as cursor:
            return [(row[0], json.loads(row[1])) for row in await cursor.fetchall()]

    async def _raise_to(self, column: str, match_id: int, version: int) -> None:
        """Set a "shown up to" column, never lowering it: a slow report of an older version changes nothing."""
        async with self._transaction() as db:
            await db.execute(f"UPDATE matches SET {column} = max({column}, ?) WHERE id = ?", (version, match_id))

    async def _match_ids(self, condition: str) -> list[int]:
        async with self._db.execute(f"SELECT id FROM matches WHERE {condition} ORDER BY id") as cursor:
            return [row[0] for row in await cursor.fetchall()]

    async def set_dms_closed(self, match_id: int, user_id: int) -> None:
        async with self._transaction() as db:
            await db.execute("UPDATE seats SET dms_closed = 1 WHERE match_id = ? AND user_id = ?", (match_id, user_id))

    # -- deadlines -----------------------------------------------------------------------------------------

    async def next_deadline_at(self) -> datetime | None:
        async with self._db.execute("SELECT MIN(due_at) FROM deadlines") as cursor:
            row = await cursor.fetchone()
        return _parse_instant(row[0]) if row and row[0] else None

    async def due_deadlines(self, now: datetime) -> list[Deadline]:
        async with self._db.execute(
            "SELECT * FROM deadlines WHERE due_at <= ? ORDER BY due_at", (_instant(now),)
        ) as cursor:
            rows = await cursor.fetchall()
        return [_deadline_from_row(row) for row in rows]

    async def deadlines_of(self, match_id: int) -> list[Deadline]:
        async with self._db.execute("SELECT * FROM deadlines WHERE match_id = ?", (match_id,)) as cursor:
            return [_deadline_from_row(row) for row in await cursor.fetchall()]

    async def claim_deadline(self, deadline: Deadline) -> bool:
        async with self._transaction() as db:
            cursor = await db.execute(
                "DELETE FROM deadlines WHERE match_id = ? AND kind = ? AND key = ? AND due_at = ?",
                (deadline.match_id, deadline.kind.value, deadline.key, _instant(deadline.due_at)),
            )
            return cursor.rowcount == 1

    # -- the bot's own facts -------------------------------------------------------------------------------

    async def get_meta(self, key: str) -> str | None:
        async with self._db.execute("SELECT value FROM bot_meta WHERE key = ?", (key,)) as cursor:
            row = await cursor.fetchone()
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async with self._transaction() as db:
            await db.execute(
                "INSERT INTO bot_meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

    # -- internals -----------------------------------------------------------------------------------------

    def _transaction(self) -> _WriteTransaction:
        return _WriteTransaction(self._db, self._write_lock)

    async def _match_from_row(self, row: sqlite3.Row) -> Match:
        async with self._db.execute("SELECT * FROM seats WHERE match_id = ? ORDER BY seat", (row["id"],)) as cursor:
            return _match(row, await cursor.fetchall())

    @staticmethod
    async def _write_players(db: aiosqlite.Connection, match: Match) -> None:
        await db.executemany(
            "INSERT INTO seats (match_id, seat, user_id, name, dms_closed) VALUES (?, ?, ?, ?, ?)",
            [(match.id, p.seat, p.user_id, p.name, int(p.dms_closed)) for p in match.players],
        )

    @staticmethod
    async def _write_deadlines(db: aiosqlite.Connection, match_id: int, deadlines: list[Deadline]) -> None:
        await db.executemany(
            "INSERT INTO deadlines (match_id, kind, key, due_at, data) VALUES (?, ?, ?, ?, ?)",
            [
                (match_id, d.kind.value, d.key, _instant(d.due_at), json.dumps(d.data, sort_keys=True))
                for d in deadlines
            ],
        )

    @staticmethod
    async def _write_result(db: aiosqlite.Connection, result: Result) -> None:
        await db.execute(
            "INSERT INTO results (match_id, game, guild_id, finished_at, reason, outcome) VALUES (?, ?, ?, ?, ?, ?)",
            (
                result.match_id,
                result.game,
                result.guild_id,
                _instant(result.finished_at),
                result.reason,
                json.dumps(result.outcome, sort_keys=True),
            ),
        )
        await db.executemany(
            "INSERT INTO result_players (match_id, user_id, place, won) VALUES (?, ?, ?, ?)",
            [
                (result.match_id, user_id, place, int(user_id in result.winners))
                for user_id, place in result.placings.items()
            ],
        )


def _for_match(deadline: Deadline, match_id: int) -> Deadline:
    return replace(deadline, match_id=match_id)


def _match(row: sqlite3.Row, seats: list[sqlite3.Row]) -> Match:
    return Match(
        id=row["id"],
        game=row["game"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        opener_id=row["opener_id"],
        status=MatchStatus(row["status"]),
        options=json.loads(row["options"]),
        seed=row["seed"],
        version=row["version"],
        created_at=_parse_instant(row["created_at"]),
        updated_at=_parse_instant(row["updated_at"]),
        players=tuple(Player(seat["user_id"], seat["name"], seat["seat"], bool(seat["dms_closed"])) for seat in seats),
        state_json=row["state"],
        board_message_id=row["board_message_id"],
        board_version=row["board_version"],
        turn_notice_version=row["turn_notice_version"],
        turn_told_version=row["turn_told_version"],
        announced_version=row["announced_version"],
        reminder_after_seconds=row["reminder_after_seconds"],
    )


def _deadline_from_row(row: sqlite3.Row) -> Deadline:
    return Deadline(
        row["match_id"], DeadlineKind(row["kind"]), _parse_instant(row["due_at"]), json.loads(row["data"]), row["key"]
    )


class _WriteTransaction:
    """`async with` a BEGIN IMMEDIATE ... COMMIT (or ROLLBACK on error), one writer at a time."""

    def __init__(self, db: aiosqlite.Connection, lock: asyncio.Lock) -> None:
        self._db = db
        self._lock = lock

    async def __aenter__(self) -> aiosqlite.Connection:
        await self._lock.acquire()
        try:
            await self._db.execute("BEGIN IMMEDIATE")  # waits up to the busy timeout for another process's write
        except sqlite3.OperationalError as error:
            self._lock.release()
            if "locked" in str(error) or "busy" in str(error):
                raise StorageBusy(str(error)) from None
            raise
        except BaseException:
            self._lock.release()
            raise
        return self._db

    async def __aexit__(self, exc_type: Any, exc: Any, traceback: Any) -> None:
        try:
            await self._db.execute("ROLLBACK" if exc_type else "COMMIT")
        finally:
            self._lock.release()
