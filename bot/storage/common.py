"""What the SQLite and PostgreSQL stores share: the errors that stop a start, the conversions between the host's
records and table rows, the queries of /stats and /leaderboard, and the store methods that are the same on both.

Both engines hold the same tables and columns (see migrations.py and postgres_migrations.py), and both drivers
give rows that are read by column name or by position, so a row becomes a Match (by position, from the columns
`MATCH_COLUMNS` names), a Deadline or a player's settings here, once, and a record becomes the values of its row
here, in the order each store's INSERT or UPDATE names the columns.
Where the engines store a value differently, the store says how: SQLite keeps instants as text in one sortable
format (`instant_text`), PostgreSQL as `timestamptz` (`as_is`); `read_instant` reads either.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, time
from typing import Any

import orjson

from bot.engine.evolve import made_of
from bot.matches.model import Deadline, DeadlineKind, LogEntry, Match, MatchStatus, Player, RatingChange, Result
from bot.matches.ports import Change, Saved
from bot.players import PlayerSettings, ServerSettings
from bot.ratings import Rating, ResultSeat, new_rating, rated_result

TREND_GAMES = 10
"""How many of a player's latest ratings in a game /stats shows as its trend."""
Row = Mapping[str, Any]
"""A row read by column name: sqlite3.Row and asyncpg.Record both are."""

_MINE = "FROM result_players WHERE user_id = :user AND guild_id = :guild"
_RANKED = "FROM ratings WHERE game = :game AND guild_id = :guild AND +user_id > 0 AND games >= :min_games"
RECORD_QUERIES = {
    # A player's games in each game (or in one), counted with their rating, most played first.
    "tallies": "SELECT game, games, wins, shown FROM ratings WHERE guild_id = :guild AND user_id = :user"
    " AND (:game IS NULL OR game = :game) ORDER BY games DESC, game",
    # Their shown rating after each of their latest games of one game, newest first.
    "trend": f"SELECT rating_after {_MINE} AND game = :game AND rating_after IS NOT NULL"
    " ORDER BY finished_at DESC, match_id DESC LIMIT :limit",
    "latest": "SELECT mine.match_id, mine.game, matches.channel_id, matches.board_message_id, mine.finished_at,"
    " mine.place, mine.won, (SELECT COUNT(*) FROM result_players AS everyone WHERE everyone.match_id = mine.match_id)"
    " FROM result_players AS mine JOIN matches ON matches.id = mine.match_id"
    " WHERE mine.user_id = :user AND mine.guild_id = :guild AND (:game IS NULL OR mine.game = :game)"
    " ORDER BY mine.finished_at DESC, mine.match_id DESC LIMIT :limit",
    "leaderboard page": f"SELECT user_id, shown, games, wins {_RANKED} ORDER BY shown DESC, user_id"
    " LIMIT :limit OFFSET :offset",
    "leaderboard size": f"SELECT COUNT(*) {_RANKED}",
    "leaderboard line": f"SELECT shown, games, wins {_RANKED} AND user_id = :user",
    "ranked ahead": f"SELECT COUNT(*) {_RANKED} AND (shown > :shown OR (shown = :shown AND user_id < :user))",
}
"""The reads of /stats and /leaderboard, with named parameters (bench/stats_bench.py shows their query plans), in
SQL that both engines read alike (the PostgreSQL store numbers the parameters)."""


class DatabaseUnusable(RuntimeError):
    """The database cannot be used; the message names it and what is wrong. It is left as it was."""


class DatabaseTooNew(DatabaseUnusable):
    """The database was written by a newer version of the bot."""


def too_new(current: int, known: int, elsewhere: str) -> DatabaseTooNew:
    """The refusal of a database at schema version `current` by code that knows up to `known`; `elsewhere` says
    how to point the bot at another database."""
    return DatabaseTooNew(
        f"The database is at schema version {current}, but this bot only knows up to {known}. "
        f"Upgrade the bot, or {elsewhere}."
    )


def instant_text(moment: datetime) -> str:
    """An instant as SQLite stores it: one fixed format in UTC, so instants sort correctly as text."""
    global _last_instant
    last = _last_instant  # read once: another thread may replace it meanwhile
    if moment is last[0]:
        return last[1]
    in_utc = moment if moment.tzinfo is UTC else moment.astimezone(UTC)
    # isoformat writes the microseconds unless they are 0; asked to always, it takes a third longer.
    text = in_utc.isoformat() if in_utc.microsecond else in_utc.isoformat(timespec="microseconds")
    _last_instant = (moment, text)
    return text


_last_instant: tuple[datetime | None, str] = (None, "")
"""The instant `instant_text` wrote last, with its text: an action writes its instant twice (the match's
`updated_at`, its log entry's `at`), and formatting one takes about a microsecond. Found by identity (a datetime
never changes), which costs nothing to check."""


def read_instant(value: str | datetime) -> datetime:
    """An instant as either engine gives it back: SQLite's text or PostgreSQL's timestamptz."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def json_text(value: Any) -> str:
    """Options, events, deadline data and outcomes, stored as JSON text with sorted keys (an int key as text)."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS).decode()


Instant = Callable[[datetime], Any]
"""How an engine stores an instant: `instant_text` for SQLite, `as_is` for PostgreSQL (timestamptz)."""


def as_is(moment: datetime) -> datetime:
    return moment


def new_match_row(match: Match, instant: Instant) -> tuple[Any, ...]:
    """A new match's row in `matches`, in this order: game, guild_id, channel_id, opener_id, status, options,
    seed, version, state, board_message_id, reminder_after_seconds, clock_seconds, leaver_forfeits, created_at,
    updated_at, parent_channel_id, follows_match_id (the id is the database's to give)."""
    return (
        match.game,
        match.guild_id,
        match.channel_id,
        match.opener_id,
        match.status.value,
        json_text(match.options),
        match.seed,
        match.version,
        match.state_json,
        match.board_message_id,
        match.reminder_after_seconds,
        match.clock_seconds,
        int(match.leaver_forfeits),
        instant(match.created_at),
        instant(match.updated_at),
        match.parent_channel_id,
        match.follows_match_id,
    )


def changed_match_row(change: Change, instant: Instant) -> tuple[Any, ...]:
    """What a change writes over a match's row, in this order: status, opener_id, options, version, state,
    updated_at, turn_notice_version, fixed_state (None: keep it), last_message_id (a lower one keeps the stored one);
    then the id and the expected version."""
    match = change.match
    return (
        match.status.value,
        match.opener_id,
        json_text(match.options),
        match.version,
        match.state_json,
        instant(match.updated_at),
        match.turn_notice_version,
        match.fixed_json,
        match.last_message_id,
        match.id,
        change.expected_version,
    )


def action_row(entry: LogEntry, instant: Instant) -> tuple[Any, ...]:
    """A log entry's row in `actions`: match_id, version, seat, user_id, action, events, at."""
    return (
        entry.match_id,
        entry.version,
        entry.seat,
        entry.user_id,
        entry.action,
        json_text(entry.events),
        instant(entry.at),
    )


def log_entry(row: Mapping[str, Any]) -> LogEntry:
    """A row of `actions` (every column) as the log entry it was written from."""
    return LogEntry(
        row["match_id"],
        row["version"],
        row["seat"],
        row["user_id"],
        row["action"],
        orjson.loads(row["events"]),
        read_instant(row["at"]),
    )


def result_row(result: Result, instant: Instant) -> tuple[Any, ...]:
    """A result's row in `results`: match_id, game, guild_id, finished_at, reason, outcome."""
    return (
        result.match_id,
        result.game,
        result.guild_id,
        instant(result.finished_at),
        result.reason,
        json_text(result.outcome),
    )


def result_seats(result: Result) -> list[ResultSeat]:
    """A result's players as rating takes them."""
    team_of = {user_id: team for team, members in enumerate(result.teams) for user_id in members}
    return [
        ResultSeat(user_id, place, user_id in result.winners, user_id in result.left, team_of.get(user_id))
        for user_id, place in result.placings.items()
    ]


def result_player_rows(result: Result, instant: Instant, rated: Mapping[int, RatingChange]) -> list[tuple[Any, ...]]:
    """A result's rows in `result_players`: match_id, user_id, place, won, left_game, team, guild_id, game,
    finished_at, rating_before, rating_after (None for a player it did not rate)."""
    rows = []
    for seat in result_seats(result):
        change = rated.get(seat.user_id)
        rows.append(
            (
                result.match_id, seat.user_id, seat.place, int(seat.won), int(seat.left), seat.team,
                result.guild_id, result.game, instant(result.finished_at),
                change.before if change else None, change.after if change else None,
            )
        )  # fmt: skip
    return rows


def rating_rows(
    game: str, guild_id: int, seated: Sequence[ResultSeat], before: Mapping[int, Rating]
) -> tuple[list[tuple[Any, ...]], dict[int, RatingChange]]:
    """A result's ratings, from its players' lines and their ratings `before` it (the rated ones): the rows of
    `ratings` to write (game, guild_id, user_id, mu, sigma, shown, won: a new row, or one more game and the win),
    by user id (results stored at once by several processes lock the rows they share in the same order), and each
    player's shown rating before and after."""
    after = sorted(rated_result(seated, before).items())
    won = {seat.user_id: int(seat.won) for seat in seated}
    return (
        [(game, guild_id, user, rating.mu, rating.sigma, rating.shown, won[user]) for user, rating in after],
        {user: RatingChange(before.get(user, new_rating()).shown, rating.shown) for user, rating in after},
    )


def noted_ratings(match_id: int, changes: Mapping[int, RatingChange]) -> list[tuple[Any, ...]]:
    """What a stored result's lines note of the rating changes: rating_before, rating_after, match_id, user_id."""
    return [(change.before, change.after, match_id, user) for user, change in sorted(changes.items())]


def for_match(deadline: Deadline, match_id: int) -> Deadline:
    return replace(deadline, match_id=match_id)


def seat_rows(match: Match) -> list[tuple[int, int, int, str, int, int, int, int]]:
    """The match's players as rows of `seats`: match_id, seat, user_id, name, dms_closed, stood_in,
    computer_plays, left_game."""
    return [
        (match.id, p.seat, p.user_id, p.name, int(p.dms_closed), p.stood_in, int(p.computer_plays), int(p.left))
        for p in match.players
    ]


def departed_text(match: Match) -> str:
    """The match's departed players (`Match.departed`) as its row in `matches` keeps them: [seat, user id, name,
    the version before which they held the seat] each (rows written before that was kept have three)."""
    return json_text([[player.seat, player.user_id, player.name, player.seated_until] for player in match.departed])


_STATUSES = {status.value: status for status in MatchStatus}
MATCH_COLUMNS = (
    "id, game, guild_id, channel_id, opener_id, status, options, seed, version, created_at, updated_at, state,"
    " board_message_id, board_version, turn_notice_version, turn_told_version, announced_version, fixed_state,"
    " reminder_after_seconds, clock_seconds, leaver_forfeits, board_posted_at, last_message_id, departed,"
    " parent_channel_id, follows_match_id, deadline_rows, seat_rows"
)
"""The columns of `matches` a match is read from, in the order `match_from_row` takes them, with its
`deadline_rows` (see `rows_serve`) next to last, and its seats last: `seat_rows`, a JSON array of arrays of the
`SEAT_COLUMNS` of its rows in `seats`, written with them (the stores' `note_seats`), so an action reads one row."""
SEAT_COLUMNS = "seat, user_id, name, dms_closed, stood_in, computer_plays, left_game"
"""The columns of a seat, in the order of each array of a match's `seat_rows`."""


def match_from_row(row: Sequence[Any]) -> Match:
    """A match from the columns `MATCH_COLUMNS` names, in that order. (Read at every action: taken by position,
    and made without `__init__`, by `made_of`.)"""
    (
        id_, game, guild_id, channel_id, opener_id, status, options, seed, version, created_at, updated_at, state,
        board_message_id, board_version, turn_notice_version, turn_told_version, announced_version, fixed_state,
        reminder_after_seconds, clock_seconds, leaver_forfeits, board_posted_at, last_message_id, departed,
        parent_channel_id, follows_match_id, _, seats,
    ) = row  # fmt: skip
    return made_of(
        Match,
        {
            "id": id_,
            "game": game,
            "guild_id": guild_id,
            "channel_id": channel_id,
            "opener_id": opener_id,
            "status": _STATUSES[status],
            "options": orjson.loads(options),
            "seed": seed,
            "version": version,
            "created_at": read_instant(created_at),
            "updated_at": read_instant(updated_at),
            "players": tuple(
                made_of(
                    Player,
                    {
                        "user_id": user_id,
                        "name": name,
                        "seat": seat,
                        "dms_closed": bool(dms_closed),
                        "stood_in": stood_in,
                        "computer_plays": bool(computer_plays),
                        "left": bool(left_game),
                        "seated_until": 0,
                    },
                )
                # Sorted here: SQLite's json_group_array, as this version of it, takes no ORDER BY.
                for seat, user_id, name, dms_closed, stood_in, computer_plays, left_game in sorted(orjson.loads(seats))
            ),
            "state_json": state,
            "board_message_id": board_message_id,
            "board_version": board_version,
            "turn_notice_version": turn_notice_version,
            "turn_told_version": turn_told_version,
            "announced_version": announced_version,
            "fixed_json": fixed_state,
            "reminder_after_seconds": reminder_after_seconds,
            "clock_seconds": clock_seconds,
            "leaver_forfeits": bool(leaver_forfeits),
            "board_posted_at": read_instant(board_posted_at) if board_posted_at else None,
            "last_message_id": last_message_id,
            "departed": ()
            if departed == "[]"
            else tuple(
                Player(user_id, name, seat, computer_plays=True, left=True, seated_until=until[0] if until else 0)
                for seat, user_id, name, *until in orjson.loads(departed)
            ),
            "parent_channel_id": parent_channel_id,
            "follows_match_id": follows_match_id,
        },
    )


REAL_DUE = "due_at"
"""The key of a deadline's stored data that holds its real due time, where its row is indexed under an earlier one
(`Deadline.fires_early`)."""


def deadline_from_row(row: Row) -> Deadline:
    data = orjson.loads(row["data"])
    row_due_at = read_instant(row["due_at"])
    real_due = data.pop(REAL_DUE, None)
    due_at, stored_due_at = (row_due_at, None) if real_due is None else (datetime.fromisoformat(real_due), row_due_at)
    return Deadline(row["match_id"], DeadlineKind(row["kind"]), due_at, data, row["key"], stored_due_at=stored_due_at)


def deadline_version(deadline: Deadline) -> int | None:
    """The match version its data answers (None: a deadline of no one version, a game's timer). A claim or hold
    finds the row by its due time and this: a move rewrites a turn's row, and may keep its due time
    (`Deadline.fires_early`), but never its version."""
    return deadline.data.get("version")


@dataclass(frozen=True)
class DeadlineWrites:
    """What it takes to make a match's stored deadlines the wanted ones (see `deadline_writes`)."""

    upserts: list[tuple[str, str, Any, str]]
    """(kind, key, due_at, data) of each row to insert or overwrite."""
    new_data: list[tuple[str, str, str]]
    """(kind, key, data) of each row whose data alone changes (its due time, and so the due-time index, kept)."""
    deletes: list[tuple[str, str]]
    """(kind, key) of each row to delete."""
    earliest: datetime | None
    """The earliest due time written (None: no row written)."""
    rows_after: str
    """The rows as these writes leave them, as the match's `deadline_rows` column keeps them (`deadline_rows`)."""


def deadline_writes(
    stored: Mapping[tuple[str, str], tuple[Any, str]],
    wanted: Iterable[Deadline],
    due: Callable[[datetime], Any],
) -> DeadlineWrites:
    """The writes that make the stored deadline rows ((kind, key) -> (due_at, data) as stored, with due times as
    `due` stores them) the `wanted` ones, touching only rows that differ; a deadline that `keeps_first_due` keeps
    the due time it was stored with, and one that `fires_early` keeps an earlier one (its real one in its data)."""
    left = dict(stored)
    upserts = []
    new_data = []
    earliest = None
    rows_after = {}
    for deadline in wanted:
        name = (deadline.kind.value, deadline.key)
        due_at = due(deadline.due_at)
        before = left.pop(name, None)
        if before is not None:
            rows_after[name] = before[0]
            if deadline.keeps_first_due:
                continue
            if deadline.fires_early and before[0] < due_at:
                # The due time as the engine stores it: text, or a datetime that orjson writes as ISO text.
                data = json_text({**deadline.data, REAL_DUE: due_at})
                if data != before[1]:
                    new_data.append((*name, data))
                continue
        rows_after[name] = due_at
        row = (due_at, json_text(deadline.data))
        if before is not None and tuple(before) == row:
            continue
        upserts.append((*name, *row))
        earliest = deadline.due_at if earliest is None else min(earliest, deadline.due_at)
    return DeadlineWrites(upserts, new_data, list(left), earliest, deadline_rows(rows_after))


def deadline_rows(rows: Mapping[tuple[str, str], Any]) -> str:
    """A match's deadline rows ((kind, key) -> due time as the engine stores it) as its `deadline_rows` column
    keeps them: the last change that wrote them left them so, and nothing has touched them since (a claim or a
    hold empties the column)."""
    return json_text(sorted([kind, key, due_at] for (kind, key), due_at in rows.items()))


def rows_serve(rows: str | None, wanted: list[Deadline]) -> bool:
    """Whether the deadline rows a match's `deadline_rows` column describes already serve the `wanted` deadlines,
    so that a change may neither read nor write them: the same kinds and keys, each a game's timer (which keeps
    its first due time) or a turn's row that falls due no later than the new turn's moment (it `fires_early`: the
    host, finding it stands for an earlier turn, holds it on to the turn it now stands for). A move that only
    passes the turn on so writes no deadline at all."""
    if rows is None:
        return False
    stored = {(kind, key): due_at for kind, key, due_at in orjson.loads(rows)}
    if len(stored) != len(wanted):
        return False
    for deadline in wanted:
        due_at = stored.get((deadline.kind.value, deadline.key))
        if due_at is None:
            return False
        if not deadline.keeps_first_due and not (deadline.fires_early and read_instant(due_at) <= deadline.due_at):
            return False
    return True


def clock_text(value: time | None) -> str | None:
    """A time of day as player_settings stores it ("HH:MM"), or None."""
    return value.strftime("%H:%M") if value is not None else None


def player_settings_from_row(row: Row | None) -> PlayerSettings:
    if row is None:
        return PlayerSettings()
    away_from, away_until = row["away_from"], row["away_until"]
    return PlayerSettings(
        row["timezone"],
        time.fromisoformat(away_from) if away_from else None,
        time.fromisoformat(away_until) if away_until else None,
        row["notice"],
    )


SERVER_SETTINGS_COLUMNS = "clock, threads, announce_role_id, season, season_channel_id"
SAVE_SERVER_SETTINGS = (
    f"INSERT INTO server_settings (guild_id, {SERVER_SETTINGS_COLUMNS}) VALUES ({{}}) ON CONFLICT (guild_id) DO UPDATE"
    " SET clock = excluded.clock, threads = excluded.threads, announce_role_id = excluded.announce_role_id,"
    " season = excluded.season, season_channel_id = excluded.season_channel_id"
)
"""Write a server's settings; `{}` takes the engine's six placeholders."""


def server_settings_row(guild_id: int, settings: ServerSettings) -> tuple[Any, ...]:
    """A server's settings as SAVE_SERVER_SETTINGS writes them."""
    return (
        guild_id, settings.clock, int(settings.threads), settings.announce_role_id, settings.season,
        settings.season_channel_id,
    )  # fmt: skip


def server_settings_from_row(row: Row | None) -> ServerSettings:
    if row is None:
        return ServerSettings()
    return ServerSettings(
        row["clock"], bool(row["threads"]), row["announce_role_id"], row["season"], row["season_channel_id"]
    )


class SharedMethods:
    """The store methods that are the same on both engines, written over a few of each store's own: `_save_change`
    (a Change in one transaction), `_match_ids(condition)` and `_raise_to(column, match_id, version)`."""

    async def _save_change(self, change: Change) -> Saved:
        raise NotImplementedError

    async def _match_ids(self, condition: str) -> list[int]:
        raise NotImplementedError

    async def _raise_to(self, column: str, match_id: int, version: int) -> None:
        raise NotImplementedError

    async def save_match(
        self,
        match: Match,
        *,
        expected_version: int,
        seats_changed: bool = False,
        log_entry: LogEntry | None = None,
        deadlines: list[Deadline] | None = None,
        result: Result | None = None,
    ) -> Saved:
        return await self._save_change(Change(match, expected_version, log_entry, deadlines, result, seats_changed))

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

    async def set_last_message(self, match_id: int, message_id: int) -> None:
        await self._raise_to("last_message_id", match_id, message_id)
