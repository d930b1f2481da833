"""Benchmark of a league of 64 players over 6 Swiss rounds: planned and advanced (pairings, results recorded,
standings) by the pure core, and through the league host and a real SQLite store.

- pure: `start`, then per round every game's result recorded, the standings worked out and the next round paired
  (`bot/leagues`), all in memory;
- league host: what `LeagueHost` does on the bot's path for the same league, on a fresh SQLite file: create it, 64
  joins, start, and per round: the round's tables looked up (`tables_to_open`), each table's link stored, each
  finished table's result recorded (`table_over`: its league row read, the result recorded, the league saved, the
  next round paired when it was the last), and the standings read back;
- beside it, in the same run, the tables themselves (the baseline the league adds to): each game's table opened,
  joined and dealt by `MatchHost`, and finished by a forfeit (a rated result), 192 tables in all.

Each is run `--runs` times; the range is printed. Goal: the league's own path under a second.

    .venv/bin/python bench/league_bench.py            # 5 runs
    .venv/bin/python bench/league_bench.py --runs 2
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import print_table
from bot.catalogue import load_games
from bot.discord_ui.snowflake import snowflake_at
from bot.leagues import Format, Outcome, advance, is_finished, record, standings, start, waiting_tables
from bot.matches import MatchHost
from bot.matches.leagues import LeagueHost
from bot.runtime import run_on_fastest_loop, tune_interpreter
from bot.storage.sqlite import SqliteStore

PLAYERS, ROUNDS = 64, 6
OUTCOMES = (Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW)


class StillClock:
    def __init__(self) -> None:
        self.moment = datetime(2026, 11, 27, 12, tzinfo=UTC)

    def now(self) -> datetime:
        return self.moment


def pure_league(chance: random.Random) -> float:
    started = time.perf_counter()
    league = start(Format.SWISS, PLAYERS, ROUNDS)
    while not is_finished(league):
        for pairing in waiting_tables(league):
            league = record(league, pairing.round, pairing.table, chance.choice(OUTCOMES))
        standings(league)
        league = advance(league)
    standings(league)
    return time.perf_counter() - started


async def hosted_league(directory: Path, games: dict, chance: random.Random) -> tuple[float, float, int]:
    """(seconds in the league host, seconds in the tables' own host calls, tables played)."""
    store = await SqliteStore.open(directory / f"league{chance.random()}.sqlite3")
    seeds = itertools.count(1)
    host = MatchHost(store, StillClock(), games, new_seed=lambda: next(seeds), arrival_of=snowflake_at)
    leagues = LeagueHost(store, host, games)
    threads = itertools.count(10_000)
    in_league = in_tables = 0.0
    tables = 0
    try:
        mark = time.perf_counter()
        league = await leagues.create(
            guild_id=1, channel_id=1, organiser_id=1, game="anarchy", format=Format.SWISS, rounds=ROUNDS,
            clock=timedelta(days=1),
        )  # fmt: skip
        for player in range(PLAYERS):
            league = await leagues.join(league.id, 1000 + player, f"Player {player}")
        league = await leagues.start(league.id, 1)
        in_league += time.perf_counter() - mark
        while league.status.value == "running":
            mark = time.perf_counter()
            to_open = await leagues.tables_to_open(league)
            in_league += time.perf_counter() - mark
            for pairing in to_open:
                mark = time.perf_counter()
                dealt = await leagues.open_table(league, pairing, channel_id=next(threads), parent_channel_id=1)
                match = dealt.snapshot.match
                loser = match.players[chance.randrange(2)].user_id
                finished = (await host.leave_game(match.id, loser)).match
                in_tables += time.perf_counter() - mark
                mark = time.perf_counter()
                league = await leagues.table_over(finished) or league
                in_league += time.perf_counter() - mark
                tables += 1
            mark = time.perf_counter()
            standings((await leagues.get(league.id)).league)
            in_league += time.perf_counter() - mark
    finally:
        await store.close()
    return in_league, in_tables, tables


async def measure(args: argparse.Namespace) -> None:
    games = {key: game.rules for key, game in load_games().items()}
    pure, hosted, baseline = [], [], []
    tables = 0
    with tempfile.TemporaryDirectory() as directory:
        for run in range(args.runs):
            chance = random.Random(run)
            pure.append(pure_league(chance))
            in_league, in_tables, tables = await hosted_league(Path(directory), games, chance)
            hosted.append(in_league)
            baseline.append(in_tables)

    def spread(seconds: list[float]) -> str:
        return f"{min(seconds) * 1000:.0f}-{max(seconds) * 1000:.0f} ms"

    print_table(
        f"A Swiss league of {PLAYERS} players, {ROUNDS} rounds ({tables} tables), {args.runs} runs",
        ("path", "time", "goal: under 1 s"),
        [
            ("pure core (bot/leagues)", spread(pure), "met" if max(pure) < 1 else "missed"),
            ("league host + SQLite store", spread(hosted), "met" if max(hosted) < 1 else "missed"),
            ("baseline: its tables opened, dealt, forfeited", spread(baseline), ""),
        ],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    tune_interpreter()  # as the bot runs
    run_on_fastest_loop(measure(parser.parse_args()))


if __name__ == "__main__":
    main()
