"""Soak the games: play thousands of random matches of every game through the conformance checks.

The conformance suite (tests/games/test_conformance.py) plays the same Hypothesis examples on every run, so it
never meets a new match; this plays fresh ones. Each match is a game (in turn, so every game gets its share), a
table size and table options drawn at random, a seed and the random players' first choices, played by
`check_match` from tests/games/conformance.py: every invariant (and the record's lines) at every step, the game's
timers firing at random moments, and computers standing in for random seats as when a turn clock runs out.

The run's seed is fresh each time and printed first; `--seed` plays the same run again. A failing match is printed
with everything needed to replay it alone (`--replay`, which shows the whole traceback) and the run goes on; at
the end (or when stopped with Ctrl-C or `kill`) it prints the matches played and failed per game and the time taken, and
exits 1 if any failed.

    .venv/bin/python scripts/soak.py --games 20000 --workers 2
    .venv/bin/python scripts/soak.py --games 500 --game anomia --seed 1234
    .venv/bin/python scripts/soak.py --replay '{"game": "anomia", "seats": 4, "options": {}, "seed": 7, "choices": []}'
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import secrets
import signal
import sys
import time
import traceback
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from games.conformance import check_match, drawn_from, playable_options, recording_of  # noqa: E402

from bot.catalogue import Game, load_games  # noqa: E402
from bot.engine import GameRules  # noqa: E402

FIRST_CHOICES = 20
"""At most this many of the random players' choices are drawn up front (and printed to replay a failure); after
them the match's own seed chooses, as in the conformance suite."""
PROGRESS_EVERY = 1000
"""A progress line after this many matches, so a long run in the background shows it is alive."""


@dataclass(frozen=True)
class Table:
    """One match to play: everything `check_match` needs, as `--replay` reads it back."""

    game: str
    seats: int
    options: dict
    seed: int
    choices: list[int] = field(default_factory=list)

    def replay_command(self) -> str:
        return f"{sys.executable} scripts/soak.py --replay '{json.dumps(asdict(self))}'"


@dataclass(frozen=True)
class Played:
    """How one match went: its table, how long it took, and why it failed (None: it kept every invariant)."""

    table: Table
    seconds: float
    failure: str | None = None
    """The exception and the frame that raised it, in a few lines."""


def table_for(rules: dict[str, GameRules], games: list[str], run_seed: int, index: int) -> Table:
    """The `index`th match of the run: the same for the same run seed, whichever worker plays it."""
    rng = random.Random(f"{run_seed}:{index}")
    key = games[index % len(games)]
    game = rules[key]
    seats = rng.randint(game.min_players, game.max_players)
    options = playable_options(game, seats, {option.key: rng.choice(drawn_from(option)) for option in game.options})
    choices = [rng.randrange(1 << 16) for _ in range(rng.randint(0, FIRST_CHOICES))]
    return Table(key, seats, options, rng.getrandbits(64), choices)


_games: dict[str, Game] = {}
"""Every game, built once in each process that plays matches."""


def load_rules() -> dict[str, GameRules]:
    if not _games:
        _games.update(load_games())
    return {key: game.rules for key, game in _games.items()}


def check_table(table: Table) -> None:
    """Play the table's match through every check, its record's too."""
    rules = load_rules()[table.game]
    recording = recording_of(table.game, _games[table.game].renderer)
    check_match(rules, table.seats, table.options, table.seed, table.choices, recording)


def stop_on_terminate() -> None:
    """Let `kill` (SIGTERM) stop a run as Ctrl-C does: a run in the background ignores Ctrl-C's signal."""

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)


def start_worker() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # the pool stops its workers with SIGTERM when the run ends
    load_rules()


def play_table(table: Table) -> Played:
    started = time.perf_counter()
    try:
        check_table(table)
    except Exception as error:
        where = traceback.extract_tb(error.__traceback__)[-1]
        failure = f"{type(error).__name__}: {error}\n    raised at {where.filename}:{where.lineno} in {where.name}"
        return Played(table, time.perf_counter() - started, failure)
    return Played(table, time.perf_counter() - started)


def play_run(games: list[str], count: int, run_seed: int, workers: int) -> list[Played]:
    """Play `count` matches, printing each failure as it comes and a progress line now and then."""
    rules = load_rules()
    tables = (table_for(rules, games, run_seed, index) for index in range(count))
    played: list[Played] = []
    try:
        with multiprocessing.Pool(workers, initializer=start_worker) if workers > 1 else _InProcess() as pool:
            for result in pool.imap_unordered(play_table, tables, chunksize=4):
                played.append(result)
                if result.failure is not None:
                    report_failure(result)
                if len(played) % PROGRESS_EVERY == 0:
                    failed = sum(1 for each in played if each.failure is not None)
                    print(f"... {len(played)} of {count} matches played, {failed} failed", flush=True)
    except KeyboardInterrupt:  # a long run stopped early still says what it played
        print(f"Stopped after {len(played)} of {count} matches", flush=True)
    return played


class _InProcess:
    """A one-worker stand-in for a process pool: plays in this process, where a debugger can follow."""

    def __enter__(self) -> _InProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    @staticmethod
    def imap_unordered(function, items, chunksize: int = 1):
        return map(function, items)


def report_failure(result: Played) -> None:
    table = result.table
    print(f"FAILED {table.game}, {table.seats} seats, options {table.options}", flush=True)
    print(f"    seed {table.seed}, choices {table.choices}")
    print(f"    {result.failure}")
    print(f"    replay: {table.replay_command()}", flush=True)


def summary(played: list[Played], run_seed: int, seconds: float) -> str:
    lines = [f"Run seed {run_seed}: {len(played)} matches in {seconds:.1f} s"]
    for game in sorted({result.table.game for result in played}):
        mine = [result for result in played if result.table.game == game]
        failed = sum(1 for result in mine if result.failure is not None)
        spent = sum(result.seconds for result in mine)
        lines.append(
            f"  {game:<18} {len(mine):>6} played  {failed:>4} failed  {spent:8.1f} s ({spent / len(mine):.3f} s each)"
        )
    reasons = Counter(result.failure.splitlines()[0] for result in played if result.failure is not None)
    for reason, times in reasons.most_common():
        lines.append(f"  {times} x {reason}")
    return "\n".join(lines)


def replay(text: str) -> int:
    """Play one match as a failure printed it, with the whole traceback: exit 1 if it fails."""
    table = Table(**json.loads(text))
    check_table(table)
    print(f"{table.game}: the match kept every invariant")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="how many matches to play in all (default 1000)")
    parser.add_argument("--game", action="append", help="play only this game (its key; may be given again)")
    parser.add_argument("--seed", type=int, help="the run's seed, to play a run again (default: a fresh one)")
    parser.add_argument("--workers", type=int, default=1, help="processes playing at once (default 1)")
    parser.add_argument("--replay", metavar="JSON", help="play one match as a failure printed it, and stop")
    args = parser.parse_args(argv)
    if args.replay:
        return replay(args.replay)
    known = sorted(load_rules())
    games = args.game or known
    unknown = sorted(set(games) - set(known))
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; the games are {', '.join(known)}")
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    run_seed = secrets.randbits(64) if args.seed is None else args.seed
    print(f"Run seed {run_seed}: {args.games} matches of {', '.join(games)} on {args.workers} worker(s)", flush=True)
    started = time.perf_counter()
    stop_on_terminate()
    played = play_run(games, args.games, run_seed, args.workers)
    print(summary(played, run_seed, time.perf_counter() - started), flush=True)
    return 1 if any(result.failure is not None for result in played) else 0


if __name__ == "__main__":
    sys.exit(main())
