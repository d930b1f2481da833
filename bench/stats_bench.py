"""Benchmark of /leaderboard and /stats on a database with 100,000 finished games, and the query plans behind
them.

A fresh SQLite file (the real schema, from `SqliteStore.open`) gets `--results` finished games in one server, of
the five games in turn, each with 2-6 players drawn from `--players` people, a few of them much busier than the
rest (weights 1/rank, so the busiest has thousands of games), and now and then one of the computer players. The
games are then rated as an upgraded database has them rated (`rate_past_results`, oldest first: the time this
takes is printed too). Then, through the real store (`SqliteStore.leaderboard` and `SqliteStore.player_stats`,
the reads the commands make, one call to the store each):

- /leaderboard: a random game, one of its first pages, asked by a random player (so their own place is counted);
- /stats: a random player, picked by how much they play, in every game or in one;
- /stats of the busiest player.

Each is timed `--samples` times: p50, p99 and max in milliseconds, against the goal of a p99 under 50 ms. Last,
SQLite's plan for each query (`EXPLAIN QUERY PLAN`), to show they are answered from indexes.

    .venv/bin/python bench/stats_bench.py              # 100,000 games, 1,000 samples of each
    .venv/bin/python bench/stats_bench.py --quick      # 10,000 games, 200 samples
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import print_table, summary
from bot.matches.records import LEADERBOARD_MIN_GAMES, LEADERBOARD_PAGE, RECENT_GAMES
from bot.runtime import run_on_fastest_loop, tune_interpreter
from bot.storage.sqlite import RECORD_QUERIES, SqliteStore
from bot.storage.sqlite_statements import rate_past_results

GAMES = ("anarchy", "anomia", "not_another_word", "anokera", "anachronism")
GUILD = 1
COMPUTERS = (-1, -2, -3)
GOAL_P99_MS = 50


def fill(path: Path, results: int, players: int, rng: random.Random) -> float:
    """Store the finished games, then rate them oldest first; return the seconds the rating took."""
    people = list(range(1, players + 1))
    weights = [1 / rank for rank in people]
    start = datetime(2025, 1, 1, tzinfo=UTC)
    with sqlite3.connect(path) as db:
        matches, rows, players_rows = [], [], []
        for match_id in range(1, results + 1):
            at = (start + timedelta(minutes=7 * match_id)).isoformat(timespec="microseconds")
            game = GAMES[match_id % len(GAMES)]
            seated = set()
            while len(seated) < rng.randint(2, 6):
                seated.add(rng.choices(people, weights)[0])
            if rng.random() < 0.1:
                seated.add(rng.choice(COMPUTERS))
            order = list(seated)
            rng.shuffle(order)
            matches.append((match_id, game, GUILD, 1000 + match_id, order[0], at, at))
            rows.append((match_id, game, GUILD, at))
            players_rows.extend(
                (match_id, user, place, int(place == 1), GUILD, game, at) for place, user in enumerate(order, start=1)
            )
        db.executemany(
            "INSERT INTO matches (id, game, guild_id, channel_id, opener_id, status, options, seed, version,"
            " reminder_after_seconds, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'finished', '{}', 1, 9, 0, ?, ?)",
            matches,
        )
        db.executemany(
            "INSERT INTO results (match_id, game, guild_id, finished_at, reason, outcome)"
            " VALUES (?, ?, ?, ?, 'won', '{}')",
            rows,
        )
        db.executemany(
            "INSERT INTO result_players (match_id, user_id, place, won, guild_id, game, finished_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?)",
            players_rows,
        )
        db.commit()
        began = time.perf_counter()
        rate_past_results(db)
        db.commit()
        return time.perf_counter() - began


async def timed(samples: int, read) -> list[float]:
    taken = []
    for index in range(samples):
        began = time.perf_counter()
        await read(index)
        taken.append((time.perf_counter() - began) * 1000)
    return taken


async def measure(args: argparse.Namespace) -> None:
    rng = random.Random(2026)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "stats.sqlite3"
        store = await SqliteStore.open(path)
        await store.close()
        rating_seconds = fill(path, args.results, args.players, rng)
        store = await SqliteStore.open(path)
        try:
            people = list(range(1, args.players + 1))
            weights = [1 / rank for rank in people]

            async def leaderboard(_: int) -> None:
                page = rng.randrange(5)
                await store.leaderboard(
                    rng.choice(GAMES), GUILD, min_games=LEADERBOARD_MIN_GAMES, offset=page * LEADERBOARD_PAGE,
                    limit=LEADERBOARD_PAGE, user_id=rng.choice(people),
                )  # fmt: skip

            async def stats(_: int) -> None:
                game = rng.choice((None, *GAMES))
                await store.player_stats(GUILD, rng.choices(people, weights)[0], game, RECENT_GAMES)

            async def busiest(index: int) -> None:
                await store.player_stats(GUILD, 1, None if index % 2 else "anarchy", RECENT_GAMES)

            rows = []
            for name, read in (("/leaderboard", leaderboard), ("/stats", stats), ("/stats, busiest", busiest)):
                await read(0)  # the first read warms SQLite's page cache
                figures = summary("read", await timed(args.samples, read))
                rows.append(
                    (
                        name,
                        figures["read_ms_p50"],
                        figures["read_ms_p99"],
                        "yes" if figures["read_ms_p99"] < GOAL_P99_MS else "NO",
                    )
                )
            busiest_games = (await store.player_stats(GUILD, 1, None, RECENT_GAMES)).tallies
        finally:
            await store.close()
        print_table(
            f"{args.results:,} finished games, {args.players:,} players (the busiest played "
            f"{sum(tally.played for tally in busiest_games):,}); {args.samples} reads each",
            ("read", "p50 ms", "p99 ms", f"p99 < {GOAL_P99_MS} ms"),
            rows,
        )
        print(f"\nRating every game anew, oldest first (an upgrade from before ratings): {rating_seconds:.1f} s")
        with sqlite3.connect(path) as db:
            sample = {
                "user": 1, "guild": GUILD, "game": "anarchy", "limit": 10, "offset": 0, "min_games": 3, "shown": 0.0
            }  # fmt: skip
            for name, sql in RECORD_QUERIES.items():
                print(f"\n{name}:")
                for row in db.execute(f"EXPLAIN QUERY PLAN {sql}", sample):
                    print(f"  {row[3]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--results", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=3_000)
    parser.add_argument("--samples", type=int, default=1_000)
    parser.add_argument("--quick", action="store_true", help="10,000 games and 200 samples")
    args = parser.parse_args()
    if args.quick:
        args.results, args.samples = 10_000, 200
    tune_interpreter()  # as the bot runs
    run_on_fastest_loop(measure(args))


if __name__ == "__main__":
    main()
