"""Benchmark of the host on each store, on the same workload in one run: SQLite, PostgreSQL with one bot process,
and PostgreSQL with two processes sharing the database.

The workload: `--tables` live three-player Anarchy tables, each played by its own task as fast as the host
answers (load the table, then `MatchHost.act` with the first legal move: the path a player's click takes, less
Discord), a new table dealt whenever one ends, until `--actions` accepted actions have been made in all. Each
accepted action is timed (the `act` call: one transaction); the run's throughput is the actions over the time
from the first to the last.

- SQLite: one process, the host on a fresh file (WAL, synchronous=NORMAL, as the bot runs it).
- PostgreSQL, 1 process: the same, the host on a fresh database of a server started for the run (Debian's
  postgresql package; its settings are printed: commits wait for the write-ahead log to be written but not
  flushed to disk, `synchronous_commit = off`, the nearest match of SQLite's synchronous=NORMAL in WAL mode).
- PostgreSQL, 2 processes: two worker processes, each with its own host and connection pool on that database,
  each playing half the tables, started together; their actions and times are put together.

    .venv/bin/python bench/store_bench.py                     # 50 tables, 6,000 actions each way
    .venv/bin/python bench/store_bench.py --actions 1000      # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from host_bench import RULES, next_moves, open_tables  # noqa: E402
from postgres_server import PostgresServer  # noqa: E402
from timing import print_table, summary  # noqa: E402

from bot.app import SystemClock  # noqa: E402
from bot.discord_ui.snowflake import snowflake_at  # noqa: E402
from bot.matches import MatchHost, Refusal  # noqa: E402
from bot.runtime import run_on_fastest_loop  # noqa: E402
from bot.storage import PostgresStore, SqliteStore  # noqa: E402

BENCH_DATABASE = "anthology_bench"
POSTGRES_SETTINGS = "-c synchronous_commit=off -c max_connections=100 -c shared_buffers=128MB"


async def play(store, tables: int, actions: int, first_channel: int) -> dict:
    """Play until `actions` accepted actions; their times (ms) and when the first began and the last ended."""
    host = MatchHost(store, SystemClock(), RULES, new_seed=iter(range(7, 10**9)).__next__, arrival_of=snowflake_at)
    channels = iter(range(first_channel, first_channel + 10**6))
    samples: list[float] = []
    began = time.perf_counter()

    async def table() -> None:
        (match_id,) = await open_tables(host, "anarchy", 1, next(channels))
        while len(samples) < actions:
            moves = await next_moves(host, match_id, len(samples))
            if not moves:
                (match_id,) = await open_tables(host, "anarchy", 1, next(channels))
                continue
            user_id, action = moves[0]
            start = time.perf_counter()
            try:
                await host.act(match_id, user_id, action)
            except Refusal:
                continue
            samples.append((time.perf_counter() - start) * 1000)

    await asyncio.gather(*(table() for _ in range(tables)))
    return {"samples": samples[:actions], "began": began, "ended": time.perf_counter()}


async def worker(url: str, tables: int, actions: int, first_channel: int, start_at: float) -> None:
    """One of several processes: wait for the common start, play, print the result as JSON."""
    store = await PostgresStore.open(url)
    try:
        await asyncio.sleep(max(0.0, start_at - time.time()))
        result = await play(store, tables, actions, first_channel)
        result["began"] += time.time() - time.perf_counter()  # to wall-clock time, shared between processes
        result["ended"] += time.time() - time.perf_counter()
        print(json.dumps(result))
    finally:
        await store.close()


def row(name: str, results: list[dict]) -> tuple:
    samples = [sample for result in results for sample in result["samples"]]
    seconds = max(result["ended"] for result in results) - min(result["began"] for result in results)
    figures = summary("act", samples)
    return (name, len(samples), f"{len(samples) / seconds:.0f}", figures["act_ms_p50"], figures["act_ms_p99"])


async def measure(args: argparse.Namespace) -> None:
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "bench.sqlite3")
        try:
            rows.append(row("SQLite, 1 process", [await play(store, args.tables, args.actions, 10_000)]))
        finally:
            await store.close()
    server = PostgresServer.start(settings=POSTGRES_SETTINGS)
    try:
        url = await server.fresh_database(BENCH_DATABASE)
        store = await PostgresStore.open(url)
        try:
            rows.append(row("PostgreSQL, 1 process", [await play(store, args.tables, args.actions, 20_000)]))
        finally:
            await store.close()
        url = await server.fresh_database(BENCH_DATABASE)
        start_at = time.time() + 2.0
        workers = [
            subprocess.Popen(
                [
                    sys.executable,
                    __file__,
                    "--worker",
                    url,
                    "--tables",
                    str(args.tables // 2),
                    "--actions",
                    str(args.actions // 2),
                    "--first-channel",
                    str(30_000 + 100_000 * number),
                    "--start-at",
                    str(start_at),
                ],
                stdout=subprocess.PIPE,
                text=True,
            )
            for number in range(2)
        ]
        results = []
        for process in workers:
            output, _ = process.communicate(timeout=600)
            results.append(json.loads(output.strip().splitlines()[-1]))
        rows.append(row("PostgreSQL, 2 processes", results))
    finally:
        server.stop()
    print_table(
        f"{args.tables} Anarchy tables played as fast as the host answers, {args.actions:,} accepted actions each way",
        ("store", "actions", "actions/s", "p50 ms", "p99 ms"),
        rows,
    )
    print(f"\nPostgreSQL {server.version}, started with: {POSTGRES_SETTINGS}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=6_000)
    parser.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--first-channel", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--start-at", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        run_on_fastest_loop(worker(args.worker, args.tables, args.actions, args.first_channel, args.start_at))
    else:
        run_on_fastest_loop(measure(args))


if __name__ == "__main__":
    main()
