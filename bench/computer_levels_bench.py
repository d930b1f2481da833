"""Strength of the computer levels: whole games between computer players of different levels, and how long hard
thinks per move.

Every game is played pure (no host, no Discord): each move is `choose_action(rules, state, seat, level)` for the
seat to act at that seat's level. A pairing seats one "tested" level against the others at a "baseline" level;
the tested seat goes round the table with the seed (seed s puts it in seat s mod n), so no seat's advantage counts
for it. A game's win is shared among its winners (k tied winners take 1/k each).

For each game and pairing the table gives the tested level's win share, its fair share (1/n) and their ratio,
with the 95% range (two standard errors) of the share. Think time is the time of each hard decision made by the
tested seat, p50 and p99 in milliseconds, on the workers while both cores run games: wall time, and the thread's
CPU time, which is what the decision would take on a core of its own (the wall time grows with whatever else the
shared machine runs).

What was tried for hard, whose targets (70% against normal in two-player games, 1.8 times its fair share in
Anokera) it meets in every game but Anarchy: flat Monte Carlo with UCB1 over the actions; then every action in the
same worlds (the same luck for each); a margin over the normal choice, so that noise does not override it; budgets
raised to a CPU p99 near 250 ms; in Not Another Word only the normal computer's four favourite words, two moves
deep (0.45), then a search of its own (bot/games/not_another_word/search.py): every word, and with no word to shed
every exchange, played out to the end on letters alone in up to 384 worlds, narrowed by successive halving (0.70
at 400 games; twice the play-outs, or a better exchange for its own seat in the play-outs, gave no more). Told the
other hand outright, that search won 0.97 of 100 games; its worlds now deal only letters not yet seen (the table's
buried cards and the discards are known) and read each other hand from its turns as normal plays them, lacking
the letters of every word it passed over (bot/games/not_another_word/reading.py): 0.748 +- 0.043 of 400 games,
CPU p99 234 ms. Its own seat playing the play-outs knowing the world's other hand did worse (0.67 of 100), and so
did choosing words by how few letters could follow them (0.49 without search). In Anokera
(bot/games/anokera/search.py) each distinct play in 3-8 worlds, two rounds deep, judged by the win chance of the
deaths tally over the other roles' possible deals (0.35 of 400 games, from 0.23-0.33); then with the other roles
dealt in the worlds as likely as the plays seen make them (bot/games/anokera/inference.py, over a history of moves
kept in the state; 0.54 of seeds 0-99, where the search before it won 0.45): 0.487 of 400 games, 1.95 times fair,
the target met. Judging a position by the roles dealt in its world rather than over all deals gave no more (0.53
of the same 100 games).
Anachronism: hard brings a force found by play against normal's forces (normal playing it wins 0.79) and plays
each future out 40 moves; cut off at 8 moves by Life, the search played worse than normal did with the same force
(0.63 against 0.81 of the same 200 games). The flat search (0.685 of 400 games) shared 32 play-outs among a turn's
~18 actions, one world each, so one world's luck overrode normal's move (margins of 0.25 or 0.5 changed nothing:
one world's values are 0 or 1), costing 5-7 points against never overriding; its own search
(bot/games/anachronism/search.py) weighs only attacks and Action abilities against normal's move in all 8 worlds
and departs from it only for a gain clear of the worlds' spread: 0.755 +- 0.043 of 400, where never departing
won 0.752 (it departs in few games: 5 of 400 end otherwise, 3 of them won; asking two standard errors, 2). Weighing
steps and turns too takes about four times the play-outs, past 300 ms a move (that run was not finished).
In Anarchy (the same first 200 games each): hard was 0.505; worlds dealt to fit what the table saw (the play pile,
each card of it seen played, and for each hand a few groups of (count, cards it cannot be): a player who drew held
nothing that could follow) took the same search to 0.620, the state from 619 to 735 bytes (bot/games/anarchy/
inference.py); a search of its own (search.py), every playable card played out to the end on card masks in 128
worlds, 0.615 at less think time; its own seat first playing cards the other cannot follow in the play-outs,
0.613; 400 games: 0.599 +- 0.049. The same search told the other hand won 0.698 +- 0.046 of 400 games, told the
draws as well 0.828 +- 0.038: a player that cannot see the other hand is very likely short of 0.70 in this game.

    .venv/bin/python bench/computer_levels_bench.py               # 400 games per game and pairing, both cores
    .venv/bin/python bench/computer_levels_bench.py --games 40 --only anarchy
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import print_table, summary

from bot.catalogue import load_games
from bot.engine import SYSTEM, Seating
from bot.engine.levels import COMPUTER_LEVEL_OPTION, EASY, HARD, NORMAL, choose_action

TABLES = {
    "anarchy": (2, {}),
    "not_another_word": (2, {}),
    "anachronism": (2, {}),
    "anokera": (4, {}),
}
"""Each game's table in the bench: its seat count and options besides the computers. Anomia is not here: its
levels play alike (see bot/games/anomia/levels.py), and its face-offs are won by answering speed."""
PAIRINGS = ((HARD, NORMAL), (EASY, NORMAL))
"""(tested, baseline): the tested level in one seat, the baseline in the others."""
SAFETY_MOVES = 20_000
CHUNK = 10

_games: dict | None = None


def _start_worker() -> None:
    global _games
    _games = {key: game.rules for key, game in load_games().items()}


def play(rules, seats: int, options: dict, levels: tuple[str, ...], seed: int) -> tuple[tuple[int, ...], list]:
    """One game from `seed` with a computer at `levels[seat]` in each seat: its winners and the tested seat's
    hard think times in milliseconds, wall and CPU (the tested seat is the one whose level differs, or seat 0)."""
    chosen = {**options, "computer_players": seats - 1}
    state = rules.setup(Seating(seats, 0, tuple(range(seats))), chosen, seed)
    tested = next((seat for seat, level in enumerate(levels) if levels.count(level) == 1), 0)
    thinking: list[tuple[float, float]] = []
    for _ in range(SAFETY_MOVES):
        outcome = rules.outcome(state)
        if outcome is not None:
            return outcome.winners, thinking
        actors = rules.actors(state)
        if actors:
            seat = min(actors)
            begun, begun_cpu = time.perf_counter(), time.thread_time()
            action = choose_action(rules, state, seat, levels[seat])
            if seat == tested and levels[seat] == HARD:
                thinking.append(((time.perf_counter() - begun) * 1000, (time.thread_time() - begun_cpu) * 1000))
        else:
            seat, action = SYSTEM, next(t for t in rules.timers(state) if t.seat == SYSTEM).action_at(0)
        state, _ = rules.apply(state, seat, action)
    raise RuntimeError(f"{rules.key} seed {seed}: no end after {SAFETY_MOVES} moves")


def tally_chunk(job: tuple[str, str, str, int, int]) -> tuple[str, str, Counter, list]:
    key, tested_level, baseline, start, stop = job
    rules = _games[key]
    seats, options = TABLES[key]
    tally: Counter = Counter()
    times: list[tuple[float, float]] = []
    for seed in range(start, stop):
        tested = seed % seats
        levels = tuple(tested_level if seat == tested else baseline for seat in range(seats))
        winners, thinking = play(rules, seats, {**options, COMPUTER_LEVEL_OPTION: NORMAL}, levels, seed)
        share = 1 / len(winners) if tested in winners else 0.0
        tally["games"] += 1
        tally["share"] += share
        tally["share2"] += share * share
        times.extend(thinking)
    return key, tested_level, tally, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=400, help="games per game and pairing (400)")
    parser.add_argument("--only", action="append", choices=sorted(TABLES), help="a game to play (repeatable)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (one per core)")
    arguments = parser.parse_args()
    keys = arguments.only or list(TABLES)
    jobs = [
        (key, tested, baseline, start, min(start + CHUNK, arguments.games))
        for key in keys
        for tested, baseline in PAIRINGS
        for start in range(0, arguments.games, CHUNK)
    ]
    tallies: dict[tuple[str, str], Counter] = {}
    times: dict[str, list[tuple[float, float]]] = {}
    begun = time.perf_counter()
    with multiprocessing.Pool(arguments.workers, initializer=_start_worker) as pool:
        for key, tested, tally, thinking in pool.imap_unordered(tally_chunk, jobs):
            tallies.setdefault((key, tested), Counter()).update(tally)
            times.setdefault(key, []).extend(thinking)
    seconds = time.perf_counter() - begun
    rows = []
    for key in keys:
        seats = TABLES[key][0]
        for tested, baseline in PAIRINGS:
            tally = tallies[(key, tested)]
            games = tally["games"]
            mean = tally["share"] / games
            spread = 2 * math.sqrt(max(tally["share2"] / games - mean * mean, 0.0) / games)
            rows.append((key, f"{tested} vs {baseline}", games, f"{mean:.3f} +- {spread:.3f}", f"{1 / seats:.3f}",
                         f"{mean * seats:.2f}"))  # fmt: skip
    print_table("Win share of the tested level", ("game", "pairing", "games", "share", "fair", "ratio"), rows)
    think_rows = []
    for key in keys:
        if times.get(key):
            wall = summary("think", [each[0] for each in times[key]])
            cpu = summary("think", [each[1] for each in times[key]])
            think_rows.append((key, len(times[key]), wall["think_ms_p50"], wall["think_ms_p99"],
                               cpu["think_ms_p50"], cpu["think_ms_p99"]))  # fmt: skip
    headers = ("game", "moves", "wall p50", "wall p99", "CPU p50", "CPU p99")
    print_table("Hard think time per move (ms)", headers, think_rows)
    print(f"\n{len(jobs)} chunks on {arguments.workers} workers in {seconds:.0f} s")


if __name__ == "__main__":
    main()
