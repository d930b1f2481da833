"""Benchmark of the match host on a real SQLite file, beside the floor: a bare transaction of the same bytes.

(1) For Anarchy and for Anomia, the host's time per accepted action (load, rules, commit: `MatchHost.act`, or
`MatchHost.act_typed` for an Anomia answer, which is typed in the table's channel) and, right after each action
in the same run, the time of a bare transaction that writes the same bytes the action wrote (its stored state
and its log row) to another file with the same schema and PRAGMAs (its log checkpointed as SQLite does by
default, where the bot checkpoints from a second connection): BEGIN IMMEDIATE, UPDATE of the state, INSERT of
the log row, COMMIT, through aiosqlite as four calls (the floor the issue set) and on a plain sqlite3 connection
(the SQL alone, no event loop). p50 and p99 of each, and the host's ratio to the floor. Both run on the event
loop and interpreter settings the bot runs with (`bot/runtime.py`): on uvloop's loop an aiosqlite call costs
about a third less than on asyncio's.

(2) The same for actions spread over `--spread` live tables (2,000 by default): every table's next moves are
worked out, then each table takes one, so the host has let go of a table's decoded state (it keeps the latest
1,000, and 512 fixed parts) by the time it is acted on, as in a bot with thousands of slow games. Beside (1) from
the same run, `to_kept_p50` is its p50 over (1)'s, and `plain_ratio_p50` (in both) the host's p50 over the plain
sqlite3 transaction's.

(3) With `--live` matches in the database (50,000 by default: 1,000 dealt through the host, copied by SQL), a
fresh process's resume: open and migrate the store, decode every live match as the bot's start-up check does,
find the next deadline; its time and the memory it takes.

    .venv/bin/python bench/host_bench.py                                 # full run
    .venv/bin/python bench/host_bench.py --actions 1000 --live 5000     # a quick look
    .venv/bin/python bench/host_bench.py --live 0                        # (1) and (2) alone
"""

from __future__ import annotations

import argparse
import itertools
import json
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import aiosqlite
from timing import summary

from bot.app import SystemClock
from bot.catalogue import load_games
from bot.discord_ui.snowflake import snowflake_at
from bot.games.anomia.judging import PREDICATE_WORDS, satisfies
from bot.matches import MatchHost, Refusal
from bot.runtime import run_on_fastest_loop, tune_interpreter
from bot.storage import SqliteStore

RULES = {key: game.rules for key, game in load_games().items()}
tune_interpreter()  # as the bot runs once its content is loaded
PLAYERS = ((1, "Ada"), (2, "Bo"), (3, "Cy"))
TABLES = 100
"""Live three-player tables the measured actions go round."""
WARM_UP = 500
"""Actions taken before measuring, as a bot that has run for a while has taken them (caches filled)."""
SEEDED = 1000
"""Live matches dealt through the host before the rest of `--live` are copied from them."""
PRAGMAS = ("PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON", "PRAGMA synchronous = NORMAL")
FLOOR_SQL = (
    "UPDATE matches SET state = ?, version = ? WHERE id = 1",
    "INSERT INTO actions (match_id, version, seat, user_id, action, events, at) VALUES (1, ?, ?, ?, ?, ?, ?)",
)


def rss_megabytes() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def open_tables(host: MatchHost, game: str, count: int, first_channel: int, **options) -> list[int]:
    ids = []
    for number in range(count):
        match = await host.open_table(
            guild_id=1,
            channel_id=first_channel + number,
            game=game,
            opener_id=1,
            opener_name="Ada",
            options=options,
        )
        for user_id, name in PLAYERS[1:]:
            await host.join(match.id, user_id, name)
        await host.start(match.id, 1)
        ids.append(match.id)
    return ids


def an_answer(category_id: str, serial: int) -> str:
    category = next(category for category in RULES["anomia"].content.categories if category.id == category_id)
    if category.predicate is not None:
        words = [word for word in PREDICATE_WORDS if satisfies(category.predicate, word)]
        return words[serial % len(words)] if words else "zzz"
    return category.answers[serial % len(category.answers)].text


@dataclass(frozen=True)
class Move:
    """A sensible next move at a table: a click (`act`), or an Anomia answer typed in its channel (`act_typed`:
    answers are typed-only moves, raced by their message's arrival)."""

    user_id: int
    text: str
    channel_id: int | None = None
    """The channel an answer is typed in; None for a click."""

    async def take(self, host: MatchHost, match_id: int) -> bool:
        """Whether the host applied it (False: the game has no use for it now, such as a face-off's first
        answer given again)."""
        if self.channel_id is None:
            await host.act(match_id, self.user_id, self.text)
            return True
        arrival = snowflake_at(host.clock.now())
        result = await host.act_typed(self.channel_id, self.user_id, self.text, arrival, from_chat=True)
        return result is not None


async def next_moves(host: MatchHost, match_id: int, serial: int) -> list[Move]:
    """Sensible next moves of this match, best first; none when it has none to offer."""
    snapshot = await host.load(match_id)
    match, view = snapshot.match, snapshot.public_view
    if not snapshot.actors:
        return []
    if match.game == "anarchy":
        seat = min(snapshot.actors)
        return [Move(match.at_seat(seat).user_id, snapshot.seat_view(seat).legal_actions[0].notation)]
    if view.faceoff is None:
        return [Move(match.at_seat(view.flipper).user_id, f"flip {'left' if view.draw_pile_sizes[0] else 'right'}")]
    if view.faceoff.phase not in ("open", "settling"):
        return []
    return [
        Move(match.at_seat(seat).user_id, an_answer(category_id, serial), match.channel_id)
        for seat, (category_id, _) in zip(view.faceoff.seats, view.faceoff.categories, strict=True)
    ]


class Floor:
    """The same bytes written by a bare transaction: through aiosqlite, and on a plain sqlite3 connection."""

    def __init__(self, folder: Path, name: str) -> None:
        self.paths = folder / f"{name}-floor-async.sqlite3", folder / f"{name}-floor-plain.sqlite3"
        self.version = 0

    async def open(self) -> None:
        for path in self.paths:
            store = await SqliteStore.open(path)  # the same schema as the host's file
            await store.close()
            with sqlite3.connect(path) as connection:
                connection.execute(
                    "INSERT INTO matches (id, game, channel_id, opener_id, status, options, seed, version,"
                    " reminder_after_seconds, created_at, updated_at)"
                    " VALUES (1, 'floor', 1, 1, 'playing', '{}', 0, 0, 0, '', '')"
                )
        self.async_db = await aiosqlite.connect(str(self.paths[0]), isolation_level=None)
        self.plain_db = sqlite3.connect(self.paths[1], isolation_level=None)
        for pragma in PRAGMAS:
            await self.async_db.execute(pragma)
            self.plain_db.execute(pragma)

    async def close(self) -> None:
        await self.async_db.close()
        self.plain_db.close()

    async def write(self, state: str, entry: sqlite3.Row) -> tuple[float, float]:
        """Milliseconds for the aiosqlite transaction and for the plain one."""
        self.version += 1
        parameters = (
            (state, self.version),
            (self.version, entry["seat"], entry["user_id"], entry["action"], entry["events"], entry["at"]),
        )
        begun = time.perf_counter()
        await self.async_db.execute("BEGIN IMMEDIATE")
        for sql, values in zip(FLOOR_SQL, parameters, strict=True):
            await self.async_db.execute(sql, values)
        await self.async_db.execute("COMMIT")
        middle = time.perf_counter()
        self.plain_db.execute("BEGIN IMMEDIATE")
        for sql, values in zip(FLOOR_SQL, parameters, strict=True):
            self.plain_db.execute(sql, values)
        self.plain_db.execute("COMMIT")
        ended = time.perf_counter()
        return (middle - begun) * 1000, (ended - middle) * 1000


async def compare(folder: Path, game: str, actions: int, table_count: int = TABLES) -> dict:
    store = await SqliteStore.open(folder / f"{game}-{table_count}.sqlite3")
    seeds = itertools.count(1)
    host = MatchHost(store, SystemClock(), RULES, new_seed=lambda: next(seeds), arrival_of=snowflake_at)
    options = {"judging": "lists"} if game == "anomia" else {}
    channels = itertools.count(10_000, table_count)  # a channel holds one live table
    tables = await open_tables(host, game, table_count, next(channels), **options)
    written = sqlite3.connect(folder / f"{game}-{table_count}.sqlite3")
    written.row_factory = sqlite3.Row
    floor = Floor(folder, f"{game}-{table_count}")
    await floor.open()
    host_ms, floor_ms, plain_ms = [], [], []
    serial = itertools.count()
    while len(host_ms) < actions + WARM_UP:
        if not tables:
            tables = await open_tables(host, game, table_count, next(channels), **options)
        # Every table's next moves first, then an action at each: with more tables than the host keeps decoded,
        # a table's state has left the caches by the time it is acted on.
        planned = [(match_id, await next_moves(host, match_id, next(serial))) for match_id in tables]
        for match_id, moves in planned:
            for move in moves:
                begun = time.perf_counter()
                try:
                    applied = await move.take(host, match_id)
                except Refusal:
                    applied = False
                if not applied:
                    continue  # the first player of a face-off has answered: the other one answers
                host_ms.append((time.perf_counter() - begun) * 1000)
                break
            else:
                tables.remove(match_id)
                continue
            state, version = written.execute("SELECT state, version FROM matches WHERE id = ?", (match_id,)).fetchone()
            entry = written.execute("SELECT * FROM actions WHERE match_id = ? AND version = ?", (match_id, version))
            bare, plain = await floor.write(state, entry.fetchone())
            floor_ms.append(bare)
            plain_ms.append(plain)
    written.close()
    await floor.close()
    await store.close()
    host_ms, floor_ms, plain_ms = host_ms[WARM_UP:], floor_ms[WARM_UP:], plain_ms[WARM_UP:]
    figures = {"actions": len(host_ms), **summary("host", host_ms), **summary("floor", floor_ms)}
    figures.update(summary("plain_sqlite", plain_ms))
    # The p50s the ratios to the plain transaction (a few hundredths of a millisecond) are read from, unrounded.
    figures["host_ms_p50"] = round(statistics.median(host_ms), 3)
    figures["plain_sqlite_ms_p50"] = round(statistics.median(plain_ms), 3)
    figures["ratio_p50"] = round(figures["host_ms_p50"] / figures["floor_ms_p50"], 2)
    figures["ratio_p99"] = round(figures["host_ms_p99"] / figures["floor_ms_p99"], 2)
    figures["plain_ratio_p50"] = round(statistics.median(host_ms) / statistics.median(plain_ms), 2)
    return figures


async def fill(path: Path, live: int) -> None:
    """`live` live Anarchy matches: SEEDED dealt through the host, the rest copies of them on other channels."""
    store = await SqliteStore.open(path)
    seeds = itertools.count(1)
    host = MatchHost(store, SystemClock(), RULES, new_seed=lambda: next(seeds), arrival_of=snowflake_at)
    await open_tables(host, "anarchy", min(live, SEEDED), 100_000)
    await store.close()
    with sqlite3.connect(path) as connection:
        columns = [row[1] for row in connection.execute("PRAGMA table_info(matches)") if row[1] != "id"]
        copied = ", ".join(columns)
        chosen = ", ".join("channel_id + ?" if column == "channel_id" else column for column in columns)
        seats = [row[1] for row in connection.execute("PRAGMA table_info(seats)")]
        seat_columns = ", ".join(seats)
        seats_chosen = ", ".join("match_id + ?" if column == "match_id" else column for column in seats)
        for offset in range(SEEDED, live, SEEDED):
            count = min(SEEDED, live - offset)
            connection.execute(
                f"INSERT INTO matches ({copied}) SELECT {chosen} FROM matches ORDER BY id LIMIT ?", (offset, count)
            )
            connection.execute(
                f"INSERT INTO seats ({seat_columns}) SELECT {seats_chosen} FROM seats WHERE match_id <= ?",
                (offset, count),
            )
            connection.execute(
                "INSERT INTO deadlines SELECT match_id + ?, kind, key, due_at, data FROM deadlines WHERE match_id <= ?",
                (offset, count),
            )
        # As a running bot leaves them: every board, turn notice and announcement delivered.
        connection.execute(
            "UPDATE matches SET board_message_id = id, board_version = version,"
            " turn_told_version = turn_notice_version, announced_version = version"
        )


async def resume(path: Path) -> dict:
    """Run in a fresh process: what the bot's start-up does before it serves (open and migrate the store, find
    what to catch up, the next deadline), then the check that decodes every live match while it serves."""
    baseline = rss_megabytes()
    begun = time.perf_counter()
    store = await SqliteStore.open(path)
    host = MatchHost(store, SystemClock(), RULES, new_seed=lambda: 0, arrival_of=snowflake_at)
    await host.stale_boards()
    await host.untold_turns()
    await host.unannounced()
    await store.next_deadline_at()
    startup = time.perf_counter() - begun
    begun = time.perf_counter()
    live, unreadable = await host.resume()
    check = time.perf_counter() - begun
    assert not unreadable
    await store.close()
    return {
        "live_matches": live,
        "resume_seconds": round(startup, 2),
        "live_check_seconds": round(check, 2),
        "rss_mb_after_both": round(rss_megabytes(), 1),
        "rss_mb_before": round(baseline, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=5_000, help="accepted actions measured per game")
    parser.add_argument("--live", type=int, default=50_000, help="live matches for the resume (3), 0 to leave it out")
    parser.add_argument(
        "--spread", type=int, default=2_000, help="live tables the actions go round in (2), 0 to leave it out"
    )
    parser.add_argument("--resume-only", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.resume_only:
        print(json.dumps(run_on_fastest_loop(resume(arguments.resume_only))))
        return
    figures = {}
    with tempfile.TemporaryDirectory() as folder:
        for game in ("anarchy", "anomia"):
            figures[game] = run_on_fastest_loop(compare(Path(folder), game, arguments.actions))
            if arguments.spread:
                spread = run_on_fastest_loop(compare(Path(folder), game, arguments.actions, arguments.spread))
                spread["to_kept_p50"] = round(spread["host_ms_p50"] / figures[game]["host_ms_p50"], 2)
                figures[f"{game}_spread_over_{arguments.spread}"] = spread
        if arguments.live:
            path = Path(folder) / "resume.sqlite3"
            run_on_fastest_loop(fill(path, arguments.live))
            child = subprocess.run(
                [sys.executable, __file__, "--resume-only", str(path)], check=True, capture_output=True, text=True
            )
            figures["resume"] = json.loads(child.stdout)
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
