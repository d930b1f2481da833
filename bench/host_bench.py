"""Benchmark of the match host on a real SQLite file.

Measures (1) the host's time per accepted action, rules plus commit, as p50 and p99; (2) with 10,000 live
matches in the database, a fresh process's resume time (open and migrate the store, load and decode every
live match as the bot's start-up check does, find the next deadline) and the memory it takes, with and
without all the decoded matches held at once.

    .venv/bin/python bench/host_bench.py            # full run: 10,000 matches
    .venv/bin/python bench/host_bench.py --matches 500 --actions 2000   # a quick look
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import summary

from bot.app import SystemClock
from bot.catalogue import load_games
from bot.discord_ui.snowflake import snowflake_at
from bot.matches import MatchHost
from bot.storage import SqliteStore

RULES = {key: game.rules for key, game in load_games().items()}


def rss_megabytes() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def fill(path: Path, matches: int, actions: int) -> dict:
    store = await SqliteStore.open(path)
    seeds = itertools.count(1)
    host = MatchHost(store, SystemClock(), RULES, new_seed=lambda: next(seeds), arrival_of=snowflake_at)
    started = time.perf_counter()
    ids = []
    for number in range(matches):
        match = await host.open_table(
            guild_id=1, channel_id=10_000 + number, game="anarchy", opener_id=1, opener_name="Ada"
        )
        await host.join(match.id, 2, "Bo")
        await host.join(match.id, 3, "Cy")
        await host.start(match.id, 1)
        ids.append(match.id)
    fill_seconds = time.perf_counter() - started

    timings = []
    for match_id in itertools.islice(itertools.cycle(ids), actions):
        snapshot = await host.load(match_id)
        match = snapshot.match
        if not snapshot.actors:
            continue
        seat = min(snapshot.actors)
        action = snapshot.seat_view(seat).legal_actions[0].notation
        begun = time.perf_counter()
        await host.act(match_id, match.at_seat(seat).user_id, action, expected_version=match.version)
        timings.append((time.perf_counter() - begun) * 1000)
    await store.close()
    return {
        "matches": matches,
        "fill_seconds": round(fill_seconds, 1),
        "actions_measured": len(timings),
        **summary("action", timings),
    }


async def resume(path: Path) -> dict:
    """Run in a fresh process: what start-up costs, then what holding every live match decoded costs."""
    baseline = rss_megabytes()
    begun = time.perf_counter()
    store = await SqliteStore.open(path)
    host = MatchHost(store, SystemClock(), RULES, new_seed=lambda: 0, arrival_of=snowflake_at)
    live, unreadable = await host.resume()
    await store.next_deadline_at()
    startup = time.perf_counter() - begun
    assert not unreadable

    begun = time.perf_counter()
    held = [host.snapshot(match) for match in await store.live_matches()]
    hold_all = time.perf_counter() - begun
    figures = {
        "live_matches": live,
        "resume_seconds": round(startup, 2),
        "rss_mb_after_resume": round(rss_megabytes(), 1),
        "load_all_into_memory_seconds": round(hold_all, 2),
        "rss_mb_holding_all_decoded": round(rss_megabytes(), 1),
        "rss_mb_baseline": round(baseline, 1),
    }
    del held
    await store.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--actions", type=int, default=5_000)
    parser.add_argument("--resume-only", type=Path, help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.resume_only:
        print(json.dumps(asyncio.run(resume(arguments.resume_only))))
        return
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        figures = asyncio.run(fill(path, arguments.matches, arguments.actions))
        child = subprocess.run(
            [sys.executable, __file__, "--resume-only", str(path)], check=True, capture_output=True, text=True
        )
        figures.update(json.loads(child.stdout))
    print(json.dumps(figures, indent=2))


if __name__ == "__main__":
    main()
