"""Storage of leagues (migrations 16 and 17), on either engine: one row per league holding its record as a JSON document
(the pure league inside it), with the columns a lookup needs beside it (a running round's deadline too), and one row
per table a league game is played at. The stores take these methods from here."""

from __future__ import annotations

import sqlite3
from collections import OrderedDict
from datetime import UTC, datetime
from typing import Any

import asyncpg
import orjson

from bot.engine.codec import canonical_json, decode, encode
from bot.matches.league_records import LeagueRecord, LeagueStatus, LeagueTable
from bot.matches.ports import ChannelBusy
from bot.storage.common import instant_text, read_instant

LIVE = "status IN ('joining', 'running')"
INSERT = "INSERT INTO leagues (guild_id, channel_id, status, version, document) VALUES ({}, {}, {}, {}, {})"
IN_CHANNEL = f"SELECT document FROM leagues WHERE channel_id = {{}} ORDER BY {LIVE} DESC, id DESC LIMIT 1"
SAVE = "UPDATE leagues SET status = {}, version = {}, document = {}, round_due_at = {} WHERE id = {} AND version = {}"
NEXT_DUE = "SELECT MIN(round_due_at) FROM leagues WHERE status = 'running'"
PAST_DUE = "SELECT document FROM leagues WHERE status = 'running' AND round_due_at <= {} ORDER BY round_due_at"
ADD_TABLE = "INSERT INTO league_tables (match_id, league_id, round, table_number) VALUES ({}, {}, {}, {})"
TABLE_COLUMNS = (
    "SELECT league_id, round, table_number, match_id, channel_id FROM league_tables"
    " JOIN matches ON matches.id = league_tables.match_id"
)
TABLES = TABLE_COLUMNS + " WHERE league_id = {} ORDER BY round, table_number"
TABLE_OF = TABLE_COLUMNS + " WHERE match_id = {}"
BY_ID = "SELECT document FROM leagues WHERE id = {}"
LIVE_ONES = f"SELECT document FROM leagues WHERE {LIVE} ORDER BY id"


DECODED_KEPT = 16
"""Leagues whose latest document is kept decoded: a running league is read at every table's end, and decoding its
document (every pairing so far) would cost more than the rest of recording a result."""
_decoded: OrderedDict[str, LeagueRecord] = OrderedDict()


def _document(record: LeagueRecord) -> str:
    document = canonical_json(encode(record))
    _keep(document, record)
    return document


def _record(document: str | None) -> LeagueRecord | None:
    if document is None:
        return None
    record = _decoded.get(document)
    if record is None:
        record = decode(LeagueRecord, orjson.loads(document))
    _keep(document, record)
    return record


def _keep(document: str, record: LeagueRecord) -> None:
    """Records are frozen values, so the one decoded from equal text can be handed out again."""
    _decoded[document] = record
    _decoded.move_to_end(document)
    while len(_decoded) > DECODED_KEPT:
        _decoded.popitem(last=False)


def _round_due_at(record: LeagueRecord) -> datetime | None:
    if record.status is not LeagueStatus.RUNNING or not record.round_deadline:
        return None
    return datetime.fromtimestamp(record.round_deadline, UTC)


def _table(row: Any) -> LeagueTable | None:
    return None if row is None else LeagueTable(row[0], row[1], row[2], row[3], row[4])


class SqliteLeagues:
    """The league store's methods on SQLite, over the store's `_read` and `_write`."""

    async def create_league(self: Any, record: LeagueRecord) -> LeagueRecord:
        def create(db: sqlite3.Connection) -> LeagueRecord:
            try:
                cursor = db.execute(
                    INSERT.format(*"?????"),
                    (record.guild_id, record.channel_id, record.status, record.version, "{}"),
                )
            except sqlite3.IntegrityError:
                raise ChannelBusy(record.channel_id) from None
            created = record.with_changes(id=cursor.lastrowid)
            db.execute("UPDATE leagues SET document = ? WHERE id = ?", (_document(created), created.id))
            return created

        return await self._write(create)

    async def load_league(self: Any, league_id: int) -> LeagueRecord | None:
        row = await self._read(lambda db: db.execute(BY_ID.format("?"), (league_id,)).fetchone())
        return _record(row and row[0])

    async def league_in_channel(self: Any, channel_id: int) -> LeagueRecord | None:
        row = await self._read(lambda db: db.execute(IN_CHANNEL.format("?"), (channel_id,)).fetchone())
        return _record(row and row[0])

    async def save_league(self: Any, record: LeagueRecord, expected_version: int) -> bool:
        def save(db: sqlite3.Connection) -> bool:
            due = _round_due_at(record)
            parameters = (
                record.status, record.version, _document(record), due and instant_text(due), record.id,
                expected_version,
            )  # fmt: skip
            return db.execute(SAVE.format(*"??????"), parameters).rowcount == 1

        return await self._write(save)

    async def live_leagues(self: Any) -> list[LeagueRecord]:
        rows = await self._read(lambda db: db.execute(LIVE_ONES).fetchall())
        return [_record(row[0]) for row in rows]

    async def next_round_deadline(self: Any) -> datetime | None:
        row = await self._read(lambda db: db.execute(NEXT_DUE).fetchone())
        return read_instant(row[0]) if row and row[0] else None

    async def leagues_past_deadline(self: Any, now: datetime) -> list[LeagueRecord]:
        rows = await self._read(lambda db: db.execute(PAST_DUE.format("?"), (instant_text(now),)).fetchall())
        return [_record(row[0]) for row in rows]

    async def add_league_table(self: Any, table: LeagueTable) -> None:
        parameters = (table.match_id, table.league_id, table.round, table.table)
        await self._write(lambda db: db.execute(ADD_TABLE.format(*"????"), parameters))

    async def league_tables(self: Any, league_id: int) -> list[LeagueTable]:
        rows = await self._read(lambda db: db.execute(TABLES.format("?"), (league_id,)).fetchall())
        return [_table(row) for row in rows]

    async def league_table_of(self: Any, match_id: int) -> LeagueTable | None:
        return _table(await self._read(lambda db: db.execute(TABLE_OF.format("?"), (match_id,)).fetchone()))


class PostgresLeagues:
    """The league store's methods on PostgreSQL, over the store's `_read` and `_write`."""

    async def create_league(self: Any, record: LeagueRecord) -> LeagueRecord:
        async def create(db: Any) -> LeagueRecord:
            try:
                league_id = await db.fetchval(
                    INSERT.format("$1", "$2", "$3", "$4", "$5") + " RETURNING id",
                    record.guild_id,
                    record.channel_id,
                    str(record.status),
                    record.version,
                    "{}",
                )
            except asyncpg.UniqueViolationError:
                raise ChannelBusy(record.channel_id) from None
            created = record.with_changes(id=league_id)
            await db.execute("UPDATE leagues SET document = $1 WHERE id = $2", _document(created), created.id)
            return created

        return await self._write(create)

    async def load_league(self: Any, league_id: int) -> LeagueRecord | None:
        return _record(await self._read(lambda db: db.fetchval(BY_ID.format("$1"), league_id)))

    async def league_in_channel(self: Any, channel_id: int) -> LeagueRecord | None:
        return _record(await self._read(lambda db: db.fetchval(IN_CHANNEL.format("$1"), channel_id)))

    async def save_league(self: Any, record: LeagueRecord, expected_version: int) -> bool:
        async def save(db: Any) -> bool:
            status = await db.execute(
                SAVE.format("$1", "$2", "$3", "$4", "$5", "$6"),
                str(record.status),
                record.version,
                _document(record),
                _round_due_at(record),
                record.id,
                expected_version,
            )
            return status == "UPDATE 1"

        return await self._write(save)

    async def live_leagues(self: Any) -> list[LeagueRecord]:
        rows = await self._read(lambda db: db.fetch(LIVE_ONES))
        return [_record(row[0]) for row in rows]

    async def next_round_deadline(self: Any) -> datetime | None:
        return await self._read(lambda db: db.fetchval(NEXT_DUE))

    async def leagues_past_deadline(self: Any, now: datetime) -> list[LeagueRecord]:
        return [_record(row[0]) for row in await self._read(lambda db: db.fetch(PAST_DUE.format("$1"), now))]

    async def add_league_table(self: Any, table: LeagueTable) -> None:
        await self._write(
            lambda db: db.execute(
                ADD_TABLE.format("$1", "$2", "$3", "$4"), table.match_id, table.league_id, table.round, table.table
            )
        )

    async def league_tables(self: Any, league_id: int) -> list[LeagueTable]:
        return [_table(row) for row in await self._read(lambda db: db.fetch(TABLES.format("$1"), league_id))]

    async def league_table_of(self: Any, match_id: int) -> LeagueTable | None:
        return _table(await self._read(lambda db: db.fetchrow(TABLE_OF.format("$1"), match_id)))
