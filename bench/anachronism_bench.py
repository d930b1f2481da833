"""Benchmark of Anachronism: the host's time per accepted action, and the time to draw the arena picture and
its size.

(1) `--tables` two-player tables on a real SQLite file through the real `MatchHost`, each player's action chosen
by the computer players' own policy (`computers.computer_move`) but sent as a person's (`MatchHost.act` with the
board version: load, checks, rules, commit), new tables opened as games end, until `--actions` accepted actions
have been timed after a warm-up. Beside each, as in bench/host_bench.py, a bare transaction writing the same
bytes (the stored state and the log row) through aiosqlite: the floor. p50, p99 and max of each.

(2) The arena picture (bot/discord_ui/renderers/arena_picture.py) of `--pictures` public views those games went
through (every kth, so all phases of a fight are in), each drawn and PNG-encoded on its own: p50, p99 and max in
milliseconds, and the PNG's size in bytes (min, median, max).

    .venv/bin/python bench/anachronism_bench.py                  # 2,000 actions, 400 pictures
    .venv/bin/python bench/anachronism_bench.py --actions 300 --pictures 100   # a quick look
"""

from __future__ import annotations

import argparse
import itertools
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from timing import summary

from bot.app import SystemClock
from bot.catalogue import load_games
from bot.discord_ui.renderers.arena_picture import arena_png
from bot.discord_ui.snowflake import snowflake_at
from bot.games.anachronism.computers import computer_move
from bot.matches import MatchHost, MatchStatus
from bot.matches.host import decode_state
from bot.runtime import run_on_fastest_loop, tune_interpreter
from bot.storage import SqliteStore

GAME = "anachronism"
PLAYERS = ((1, "Ada"), (2, "Bo"))
WARM_UP = 200


async def open_table(host: MatchHost, channel_id: int) -> int:
    match = await host.open_table(guild_id=1, channel_id=channel_id, game=GAME, opener_id=1, opener_name="Ada")
    await host.join(match.id, *PLAYERS[1])
    await host.start(match.id, 1)
    return match.id


async def measure_host(folder: Path, rules, actions: int, tables: int) -> tuple[dict, list]:
    """The host's time per accepted action and the floor's for the same bytes; and the public views seen."""
    from host_bench import Floor  # imported here: host_bench loads every game as it is imported

    store = await SqliteStore.open(folder / "anachronism.sqlite3")
    seeds = itertools.count(1)
    host = MatchHost(store, SystemClock(), {GAME: rules}, new_seed=lambda: next(seeds), arrival_of=snowflake_at)
    channels = itertools.count(10_000)
    live = [await open_table(host, next(channels)) for _ in range(tables)]
    written = sqlite3.connect(folder / "anachronism.sqlite3")
    written.row_factory = sqlite3.Row
    floor = Floor(folder, GAME)
    await floor.open()
    host_ms, floor_ms, views = [], [], []
    games = 0
    while len(host_ms) < actions + WARM_UP:
        for position, match_id in enumerate(live):
            snapshot = await host.load(match_id)
            match = snapshot.match
            if match.status is not MatchStatus.PLAYING:
                live[position] = await open_table(host, next(channels))
                games += 1
                continue
            views.append(snapshot.public_view)
            state = decode_state(rules, match)
            seat = min(rules.actors(state))
            action = computer_move(rules, state, seat)
            pin = snapshot.pin(seat)  # what the clicked panel pinned, made when the panel was shown
            begun = time.perf_counter()
            await host.act(match_id, match.at_seat(seat).user_id, action.notation, pin=pin)
            host_ms.append((time.perf_counter() - begun) * 1000)
            entry = written.execute(
                "SELECT * FROM actions WHERE match_id = ? AND version = ?", (match_id, match.version + 1)
            ).fetchone()
            (stored,) = written.execute("SELECT state FROM matches WHERE id = ?", (match_id,)).fetchone()
            floor_ms.append((await floor.write(stored, entry))[0])
    written.close()
    await floor.close()
    await store.close()
    host_ms, floor_ms = host_ms[WARM_UP:], floor_ms[WARM_UP:]
    figures = {
        "actions": len(host_ms),
        "games_finished": games,
        "host": {**summary("host", host_ms), "max": round(max(host_ms), 2)},
        "floor": {**summary("floor", floor_ms), "max": round(max(floor_ms), 2)},
    }
    return figures, views


def measure_pictures(rules, views: list, count: int) -> dict:
    placed = [view for view in views if any(fighter.space is not None for fighter in view.fighters)]
    chosen = placed[:: max(1, len(placed) // count)][:count]
    names = [name for _, name in PLAYERS]
    for view in chosen[:5]:  # the first renders load the font
        arena_png(view, rules.pool, names)
    timings, sizes = [], []
    for view in chosen:
        begun = time.perf_counter()
        data = arena_png(view, rules.pool, names)
        timings.append((time.perf_counter() - begun) * 1000)
        sizes.append(len(data))
    return {
        "pictures": len(chosen),
        "render": {**summary("render", timings), "max": round(max(timings), 2)},
        "bytes": {"min": min(sizes), "median": round(statistics.median(sizes)), "max": max(sizes)},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=2000, help="accepted actions timed at the host (2,000)")
    parser.add_argument("--tables", type=int, default=50, help="live tables the actions go round (50)")
    parser.add_argument("--pictures", type=int, default=400, help="arena pictures timed (400)")
    arguments = parser.parse_args()
    rules = load_games()[GAME].rules
    tune_interpreter()  # as the bot runs once its content is loaded
    with tempfile.TemporaryDirectory() as folder:
        host, views = run_on_fastest_loop(measure_host(Path(folder), rules, arguments.actions, arguments.tables))
    pictures = measure_pictures(rules, views, arguments.pictures)
    print(f"(1) Host per accepted action: {host['actions']} actions after {WARM_UP}, {host['games_finished']} games")
    for name in ("host", "floor"):
        figures = host[name]
        print(
            f"  {name:<6} p50 {figures[f'{name}_ms_p50']} ms, p99 {figures[f'{name}_ms_p99']} ms, max {figures['max']}"
        )
    render = pictures["render"]
    print(f"(2) Arena picture: {pictures['pictures']} views from those games")
    print(f"  render p50 {render['render_ms_p50']} ms, p99 {render['render_ms_p99']} ms, max {render['max']}")
    sizes = pictures["bytes"]
    print(f"  PNG bytes: min {sizes['min']:,}, median {sizes['median']:,}, max {sizes['max']:,}")


if __name__ == "__main__":
    main()
