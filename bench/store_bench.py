"""Benchmark of the host on each store, on the same workload in one run: SQLite, then PostgreSQL with 1, 2, 4 and
8 bot processes sharing one database (`--processes`).

The workload: `--tables` live three-player Anarchy tables, each played by its own task as fast as the host
answers (load the table, then `MatchHost.act` with the first legal move: the path a player's click takes, less
Discord), a new table dealt whenever one ends, until `--actions` accepted actions have been made in all. Every
table has players of its own, as tables on a real bot do (three players shared by every table would make each
game's end wait for the others' to write the same players' ratings). Each accepted action is timed (the `act`
call: one transaction); the run's throughput is the actions over the time from the first to the last.

- SQLite: one process, the host on a fresh file (WAL, synchronous=NORMAL, as the bot runs it).
- PostgreSQL, N processes: N worker processes, each with its own host and connection pool on a fresh database of
  a server started for the run, each playing its share of the tables and actions; they start together (each
  says it is ready, then all are told to go) and their actions and times are put together. The server's
  settings are printed: commits wait for the write-ahead log to be written but not flushed to disk,
  `synchronous_commit = off`, the nearest match of SQLite's synchronous=NORMAL in WAL mode.

The server's binaries are Debian's postgresql package's (/usr/lib/postgresql/<major>/bin), or those of the folder
`POSTGRES_BIN` names (a pip-installed PostgreSQL, say), as for the tests (tests/postgres_server.py). On a machine
with fewer cores than processes (and the server's own), the processes take turns at the cores: the scaling it
shows is the machine's.

    .venv/bin/python bench/store_bench.py                         # 50 tables, 6,000 actions, 1, 2, 4, 8 processes
    .venv/bin/python bench/store_bench.py --actions 1000          # a quick look
    .venv/bin/python bench/store_bench.py --processes 1,2 --rounds 3
    POSTGRES_BIN=/opt/pg16/bin .venv/bin/python bench/store_bench.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from host_bench import RULES, next_moves  # noqa: E402
from postgres_server import PostgresServer  # noqa: E402
from timing import print_table, summary  # noqa: E402

from bot.app import SystemClock  # noqa: E402
from bot.discord_ui.snowflake import snowflake_at  # noqa: E402
from bot.matches import MatchHost, Refusal  # noqa: E402
from bot.runtime import run_on_fastest_loop  # noqa: E402
from bot.storage import PostgresStore, SqliteStore  # noqa: E402

BENCH_DATABASE = "anthology_bench"
POSTGRES_SETTINGS = "-c synchronous_commit=off -c max_connections=200 -c shared_buffers=128MB"
READY = "ready"
"""What a worker prints once its store is open; it then waits for a line on its stdin to start."""


async def open_table(host: MatchHost, channel_id: int) -> int:
    """A three-player Anarchy table dealt in this channel, its players its own (user ids from the channel's)."""
    opener = channel_id * 10
    match = await host.open_table(
        guild_id=1, channel_id=channel_id, game="anarchy", opener_id=opener + 1, opener_name="Ada", options={}
    )
    await host.join(match.id, opener + 2, "Bo")
    await host.join(match.id, opener + 3, "Cy")
    await host.start(match.id, opener + 1)
    return match.id


async def play(store, tables: int, actions: int, first_channel: int) -> dict:
    """Play until `actions` accepted actions; their times (ms) and when the first began and the last ended."""
    host = MatchHost(store, SystemClock(), RULES, new_seed=iter(range(7, 10**9)).__next__, arrival_of=snowflake_at)
    channels = iter(range(first_channel, first_channel + 10**6))
    samples: list[float] = []
    began = time.perf_counter()

    async def table() -> None:
        match_id = await open_table(host, next(channels))
        while len(samples) < actions:
            moves = await next_moves(host, match_id, len(samples))
            if not moves:
                match_id = await open_table(host, next(channels))
                continue
            start = time.perf_counter()
            try:
                await moves[0].take(host, match_id)
            except Refusal:
                continue
            samples.append((time.perf_counter() - start) * 1000)

    await asyncio.gather(*(table() for _ in range(tables)))
    return {"samples": samples[:actions], "began": began, "ended": time.perf_counter()}


async def worker(url: str, tables: int, actions: int, first_channel: int) -> None:
    """One of several processes: open the store, say so, wait to be told to go, play, print the result as JSON."""
    store = await PostgresStore.open(url)
    try:
        print(READY, flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        result = await play(store, tables, actions, first_channel)
        result["began"] += time.time() - time.perf_counter()  # to wall-clock time, shared between processes
        result["ended"] += time.time() - time.perf_counter()
        print(json.dumps(result))
    finally:
        await store.close()


def shares(total: int, parts: int) -> list[int]:
    """`total` split into `parts` as evenly as whole numbers go."""
    return [total // parts + (number < total % parts) for number in range(parts)]


def run_processes(url: str, processes: int, tables: int, actions: int) -> list[dict]:
    """`processes` workers on one database, started together; each one's result."""
    workers = [
        subprocess.Popen(
            [
                sys.executable,
                __file__,
                "--worker",
                url,
                "--tables",
                str(table_share),
                "--actions",
                str(action_share),
                "--first-channel",
                str(100_000 * (number + 1)),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for number, (table_share, action_share) in enumerate(
            zip(shares(tables, processes), shares(actions, processes), strict=True)
        )
    ]
    for process in workers:
        line = process.stdout.readline().strip()
        if line != READY:
            raise RuntimeError(f"a worker did not start: {line!r}")
    for process in workers:
        process.stdin.write("go\n")
        process.stdin.flush()
    results = []
    for process in workers:
        output, _ = process.communicate(timeout=900)
        results.append(json.loads(output.strip().splitlines()[-1]))
    return results


def figures(results: list[dict]) -> dict:
    samples = [sample for result in results for sample in result["samples"]]
    seconds = max(result["ended"] for result in results) - min(result["began"] for result in results)
    return {"actions": len(samples), "per_second": round(len(samples) / seconds, 1), **summary("act", samples)}


def spread(values: list[float], digits: int = 0) -> str:
    low, high = min(values), max(values)
    text = f"{low:,.{digits}f}"
    return text if f"{high:,.{digits}f}" == text else f"{text}-{high:,.{digits}f}"


async def measure(args: argparse.Namespace) -> None:
    counts = [int(count) for count in args.processes.split(",")]
    runs: dict[str, list[dict]] = {}
    server = PostgresServer.start(settings=POSTGRES_SETTINGS)
    try:
        for round_number in range(args.rounds):
            with tempfile.TemporaryDirectory() as folder:
                store = await SqliteStore.open(Path(folder) / "bench.sqlite3")
                try:
                    found = figures([await play(store, args.tables, args.actions, 10_000)])
                finally:
                    await store.close()
            runs.setdefault("SQLite, 1 process", []).append(found)
            print(json.dumps({"round": round_number + 1, "store": "SQLite", **found}), flush=True)
            for count in counts:
                url = await server.fresh_database(BENCH_DATABASE)
                found = figures(run_processes(url, count, args.tables, args.actions))
                runs.setdefault(f"PostgreSQL, {count} process{'es' if count > 1 else ''}", []).append(found)
                print(json.dumps({"round": round_number + 1, "store": "PostgreSQL", "processes": count, **found}))
    finally:
        server.stop()
    one = runs.get("PostgreSQL, 1 process")
    rows = []
    for name, found in runs.items():
        ratios = (
            [run["per_second"] / base["per_second"] for run, base in zip(found, one, strict=True)]
            if one and name.startswith("PostgreSQL")
            else None
        )
        rows.append(
            (
                name,
                spread([run["per_second"] for run in found]),
                spread(ratios, 2) + "x" if ratios else "",
                spread([run["act_ms_p50"] for run in found], 2),
                spread([run["act_ms_p99"] for run in found], 1),
            )
        )
    print_table(
        f"{args.tables} Anarchy tables played as fast as the host answers, {args.actions:,} accepted actions each way, "
        f"{args.rounds} round(s), {os.cpu_count()} cores",
        ("store", "actions/s", "x 1 process, same round", "p50 ms", "p99 ms"),
        rows,
    )
    print(f"\nPostgreSQL {server.version} from {server.binaries}, started with: {POSTGRES_SETTINGS}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--actions", type=int, default=6_000)
    parser.add_argument(
        "--processes", default="1,2,4,8", help="how many processes share PostgreSQL, one run each (commas between)"
    )
    parser.add_argument("--rounds", type=int, default=1, help="times each store and process count is measured")
    parser.add_argument("--worker", metavar="URL", help=argparse.SUPPRESS)
    parser.add_argument("--first-channel", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        run_on_fastest_loop(worker(args.worker, args.tables, args.actions, args.first_channel))
    else:
        run_on_fastest_loop(measure(args))


if __name__ == "__main__":
    main()
