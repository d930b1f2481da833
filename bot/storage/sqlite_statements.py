"""The statements the SQLite store runs on its connection, inside one operation: reading a match with its seats,
and writing a change (the match's row, its seats, its log entry, its deadlines and its result with the ratings it
makes) in the transaction `SqliteStore` opened. Each is a plain function of the connection, so an operation runs
them all at once, in place or on the connection's thread (see `bot/storage/sqlite.py`)."""

from __future__ import annotations

import functools
import sqlite3
from collections.abc import Callable
from datetime import datetime
from typing import Any

from bot.matches.model import Deadline, Match, MatchStatus, RatingChange, Result
from bot.matches.ports import Change, Saved
from bot.ratings import Rating, ResultSeat
from bot.storage.common import (
    MATCH_COLUMNS,
    SEAT_COLUMNS,
    action_row,
    changed_match_row,
    deadline_version,
    deadline_writes,
    departed_text,
    instant_text,
    json_text,
    match_from_row,
    noted_ratings,
    rating_rows,
    result_player_rows,
    result_row,
    result_seats,
    rows_serve,
    seat_rows,
)
from bot.storage.migrations import RATE_PAST_RESULTS
from bot.storage.seasons import result_noted, season_of_result

LIVE_BATCH = 1000
"""Live matches read per trip when they are walked through at start-up."""
_CHANGED_COLUMNS = (
    "opener_id = ?, options = ?, version = ?, state = ?, updated_at = ?, turn_notice_version = ?,"
    " fixed_state = coalesce(?, fixed_state), last_message_id = max(last_message_id, ?)"
)
"""What a change writes over a match's row besides its status, in the order of `changed_match_row`."""
_CHANGE = f"UPDATE matches SET status = ?, {_CHANGED_COLUMNS} WHERE id = ? AND version = ?"
_CHANGE_KEEPING_STATUS = f"UPDATE matches SET {_CHANGED_COLUMNS} WHERE id = ? AND version = ?"


MATCH_ROW = f"SELECT {MATCH_COLUMNS} FROM matches"
"""A match's row, its seats in it, for `match_from_row`."""
_NOTE_SEATS = (
    f"UPDATE matches SET seat_rows = (SELECT json_group_array(json_array({SEAT_COLUMNS})) FROM seats"
    " WHERE seats.match_id = matches.id) WHERE id = ?"
)


@functools.cache
def _match_where(condition: str) -> str:
    # Made once per condition: sqlite3 finds a prepared statement by its text, and hashes a new string in full.
    return f"{MATCH_ROW} WHERE {condition}"


def note_seats(db: sqlite3.Connection, match_id: int) -> None:
    """Write the match's rows in `seats` into its own row too (`MATCH_COLUMNS`), after any change to them."""
    db.execute(_NOTE_SEATS, (match_id,))


def read_match(db: sqlite3.Connection, condition: str, key: int) -> Match | None:
    return read_match_to_change(db, condition, key)[0]


def read_match_to_change(db: sqlite3.Connection, condition: str, key: int) -> tuple[Match | None, str | None]:
    """The match, and what its row says of its deadline rows (its `deadline_rows`, for `save` in the same
    transaction)."""
    row = db.execute(_match_where(condition), (key,)).fetchone()
    if row is None:
        return None, None
    return match_from_row(row), row[-2]


def live_batch(db: sqlite3.Connection, after: int) -> list[Match]:
    rows = db.execute(
        f"{MATCH_ROW} WHERE status IN ('lobby', 'playing') AND id > ? ORDER BY id LIMIT ?", (after, LIVE_BATCH)
    )
    return [match_from_row(row) for row in rows]


def claim(db: sqlite3.Connection, deadline: Deadline, at_version: int | None = None) -> bool:
    """Remove the deadline's row as it was read; False if it is gone or moved (someone else answered it), or if
    its match has moved on (see `deadline_as_read`)."""
    cursor = db.execute(f"DELETE FROM deadlines WHERE {DEADLINE_AS_READ}", deadline_as_read(deadline, at_version))
    if cursor.rowcount != 1:
        return False
    forget_deadline_rows(db, deadline.match_id)
    return True


def forget_deadline_rows(db: sqlite3.Connection, match_id: int) -> None:
    """A match's deadline rows were changed by other than a change: the next change reads them (`rows_serve`)."""
    db.execute("UPDATE matches SET deadline_rows = NULL WHERE id = ?", (match_id,))


DEADLINE_AS_READ = (
    "match_id = ? AND kind = ? AND key = ? AND due_at = ? AND json_extract(data, '$.version') IS ?"
    " AND (? IS NULL OR (SELECT version FROM matches WHERE id = deadlines.match_id) = ?)"
)
"""A deadline's row as it was read, while its match is at the version it was read for: gone or moved, someone
else answered it; the match moved on, its next change answers for it (see `deadline_version`)."""


def deadline_as_read(deadline: Deadline, at_version: int | None = None) -> tuple[Any, ...]:
    """The parameters of DEADLINE_AS_READ: the match at `at_version`, else at the deadline's own version."""
    version = deadline_version(deadline)
    at_version = version if at_version is None else at_version
    return (
        deadline.match_id, deadline.kind.value, deadline.key, instant_text(deadline.row_due_at), version,
        at_version, at_version,
    )  # fmt: skip


def save(
    db: sqlite3.Connection,
    change: Change,
    status_before: MatchStatus | None = None,
    deadline_rows: str | None = None,
) -> Saved:
    """Write the change, unless its match moved past the version it was made from (or the deadline it answers
    is gone). `status_before` and `deadline_rows`: the match's status and what it said of its deadline rows, as
    read in this transaction, if it was (else the deadline rows are read, `rows_serve`)."""
    match = change.match
    if change.claims is not None:
        if not claim(db, change.claims):
            return Saved(False)
        deadline_rows = None  # as the claim left them
    row = changed_match_row(change, instant_text)
    # Setting the status, even to the one it has, makes SQLite rewrite its entries in the three indexes on it:
    # three more pages in the log at every move, where the rest of the row is one.
    keeping_status = match.status is status_before
    cursor = db.execute(_CHANGE_KEEPING_STATUS, row[1:]) if keeping_status else db.execute(_CHANGE, row)
    if cursor.rowcount != 1:
        return Saved(False)
    if change.seats_changed:
        db.execute("DELETE FROM seats WHERE match_id = ?", (match.id,))
        write_players(db, match)
    entry = change.log_entry
    if entry is not None:
        db.execute(
            "INSERT INTO actions (match_id, version, seat, user_id, action, events, at) VALUES (?, ?, ?, ?, ?, ?, ?)",
            action_row(entry, instant_text),
        )
    earliest = None
    if change.deadlines is not None and not rows_serve(deadline_rows, change.deadlines):
        earliest = replace_deadlines(db, match.id, change.deadlines)
    rated = write_result(db, match, change.result) if change.result is not None else None
    return Saved(True, earliest, rated)


def write_players(db: sqlite3.Connection, match: Match) -> None:
    db.executemany(
        "INSERT INTO seats (match_id, seat, user_id, name, dms_closed, stood_in, computer_plays, left_game)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        seat_rows(match),
    )
    note_seats(db, match.id)
    if match.departed:
        db.execute("UPDATE matches SET departed = ? WHERE id = ?", (departed_text(match), match.id))


def deadline_row(deadline: Deadline) -> tuple[str, str]:
    return instant_text(deadline.due_at), json_text(deadline.data)


def write_deadlines(db: sqlite3.Connection, match_id: int, deadlines: list[Deadline]) -> None:
    db.executemany(
        "INSERT INTO deadlines (match_id, kind, key, due_at, data) VALUES (?, ?, ?, ?, ?)",
        [(match_id, d.kind.value, d.key, *deadline_row(d)) for d in deadlines],
    )


def replace_deadlines(db: sqlite3.Connection, match_id: int, wanted: list[Deadline]) -> datetime | None:
    """Make the match's deadline rows `wanted`, touching only rows that differ (see `deadline_writes`), and note
    them in its row (`rows_serve`). Returns the earliest due time written."""
    stored = {
        (row[0], row[1]): (row[2], row[3])
        for row in db.execute("SELECT kind, key, due_at, data FROM deadlines WHERE match_id = ?", (match_id,))
    }
    writes = deadline_writes(stored, wanted, instant_text)
    if writes.upserts:
        db.executemany(
            "INSERT INTO deadlines (match_id, kind, key, due_at, data) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id, kind, key) DO UPDATE SET due_at = excluded.due_at, data = excluded.data",
            [(match_id, *row) for row in writes.upserts],
        )
    if writes.new_data:
        db.executemany(
            "UPDATE deadlines SET data = ? WHERE match_id = ? AND kind = ? AND key = ?",
            [(data, match_id, kind, key) for kind, key, data in writes.new_data],
        )
    if writes.deletes:
        db.executemany(
            "DELETE FROM deadlines WHERE match_id = ? AND kind = ? AND key = ?",
            [(match_id, *name) for name in writes.deletes],
        )
    db.execute("UPDATE matches SET deadline_rows = ? WHERE id = ?", (writes.rows_after, match_id))
    return writes.earliest


def write_result(db: sqlite3.Connection, match: Match, result: Result) -> dict[int, RatingChange]:
    db.execute(
        "INSERT INTO results (match_id, game, guild_id, finished_at, reason, outcome) VALUES (?, ?, ?, ?, ?, ?)",
        result_row(result, instant_text),
    )
    season = season_of_result(db, result)
    rated = rate(db, result.game, result.guild_id, result_seats(result))
    db.executemany(
        "INSERT INTO result_players (match_id, user_id, place, won, left_game, team, guild_id, game, finished_at,"
        " rating_before, rating_after) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        result_player_rows(result, instant_text, rated),
    )
    result_noted(db, match, result, season)
    return rated


def rate(db: sqlite3.Connection, game: str, guild_id: int | None, seated: list[ResultSeat]) -> dict[int, RatingChange]:
    """Rate a result's players in its game and server (in the transaction that stores the result); return each
    one's shown rating before and after it. A game outside a server, or with one player, rates nobody."""
    if guild_id is None or len(seated) < 2:
        return {}
    before = {
        user_id: Rating(mu, sigma)
        for user_id, mu, sigma in db.execute(
            "SELECT user_id, mu, sigma FROM ratings WHERE game = ? AND guild_id = ? AND user_id IN "
            f"({', '.join('?' * len(seated))})",
            (game, guild_id, *(seat.user_id for seat in seated)),
        )
    }
    ratings, changes = rating_rows(game, guild_id, seated, before)
    db.executemany(
        "INSERT INTO ratings (game, guild_id, user_id, mu, sigma, shown, games, wins) VALUES (?, ?, ?, ?, ?, ?, 1, ?)"
        " ON CONFLICT (game, guild_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
        " shown = excluded.shown, games = games + 1, wins = wins + excluded.wins",
        ratings,
    )
    return changes


def rate_past_results(db: sqlite3.Connection) -> None:
    db.execute("DELETE FROM ratings")
    for match_id, game, guild_id in db.execute(
        "SELECT match_id, game, guild_id FROM results ORDER BY finished_at, match_id"
    ).fetchall():
        seated = [
            ResultSeat(user, place, bool(won), bool(left), team)
            for user, place, won, left, team in db.execute(
                "SELECT user_id, place, won, left_game, team FROM result_players WHERE match_id = ?", (match_id,)
            )
        ]
        db.executemany(
            "UPDATE result_players SET rating_before = ?, rating_after = ? WHERE match_id = ? AND user_id = ?",
            noted_ratings(match_id, rate(db, game, guild_id, seated)),
        )


IN_CODE: dict[str, Callable[[sqlite3.Connection], None]] = {RATE_PAST_RESULTS: rate_past_results}
"""What a migration's `THEN_IN_CODE` names, done here."""
