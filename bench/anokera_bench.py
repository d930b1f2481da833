"""Balance of Anokera's role sheet: whole games played by computer players, and how often each role wins.

For each player count (3, 4 and 5), `--games` games (10,000) are played from seeds 0..N-1, every seat a computer
player (`Seating(n, 0, tuple(range(n)))`, option computer_players n-1): each move is the action of the game's
own computer timer, `rules.timers(state)[0].action_at(0)`, applied with `rules.apply(state, state.turn, action)`,
until the game is over. The same seeds give the same games, so a run is deterministic; the games are shared out
in chunks of seeds over a `multiprocessing` pool (one worker per core), and the chunks' tallies are summed
exactly (a shared win is counted in sixtieths), so the figures do not depend on the number of workers.

Per player count the first table gives how the games ended (the city emptied, reason city_empty, against the
final clearing after the deck ran out twice, reason final_clearing), the mean game length in turns
(`state.turns`) and in cards played, and the mean deaths by kind (violence, famine, disaster) and in all.

The second and third tables give each role template's (Acolyte, Zealot, Envoy), then each patron's, win rate
against its fair share. A game has n seats and its win is shared out among them: a sole winner takes 1, each of
k tied winners takes 1/k. A template's win share is the sum of the shares taken by seats holding that template,
over all games, divided by the number of seats dealt that template over all games (a game in which two seats
hold Zealots counts twice in both). A seat's fair share is 1/n, so the table gives the ratio share / (1/n):
1.0 is fair, 0.5 wins half as often as a seat should. (The ratios, weighted by the seats dealt, average exactly
1.) The +- is one standard error of the ratio, from the spread of the per-seat shares (seats taken as
independent: a rough guide to how far two figures may differ by chance).

    .venv/bin/python bench/anokera_bench.py                # 10,000 games per player count (10-17 minutes on 2 cores)
    .venv/bin/python bench/anokera_bench.py --quick        # 500 games per player count
    .venv/bin/python bench/anokera_bench.py --games 2000 --roles /tmp/candidate.json   # weigh another role sheet
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import time
from collections import Counter
from pathlib import Path

from timing import print_table

from bot.catalogue import PROJECT_ROOT
from bot.engine import Seating
from bot.games.anokera.actions import PlayCard
from bot.games.anokera.cards import DEATHS
from bot.games.anokera.content import parse_content
from bot.games.anokera.events import AnokeraEnd
from bot.games.anokera.rules import AnokeraRules

PLAYER_COUNTS = (3, 4, 5)
ROLES_FILE = PROJECT_ROOT / "data" / "anokera" / "roles.json"
CHUNK = 100
"""Seeds a worker plays before reporting its tally."""
UNIT = 60
"""A win is counted in sixtieths, so a win shared by 2, 3, 4 or 5 is a whole number of them."""
SAFETY_MOVES = 10_000
"""A game that has not ended after this many moves is a bug in the game, not a long game."""

_rules: AnokeraRules | None = None


def _start_worker(roles_text: str) -> None:
    global _rules
    _rules = AnokeraRules(parse_content({"roles.json": roles_text}))


def play(rules: AnokeraRules, players: int, seed: int):
    """One game from `seed`, every seat a computer: the final state and the cards played."""
    state = rules.setup(Seating(players, 0, tuple(range(players))), {"computer_players": players - 1}, seed)
    cards = 0
    for _ in range(SAFETY_MOVES):
        if state.result is not None:
            return state, cards
        action = rules.timers(state)[0].action_at(0)
        cards += isinstance(action, PlayCard)
        state, _ = rules.apply(state, state.turn, action)
    raise RuntimeError(f"{players} players, seed {seed}: no end after {SAFETY_MOVES} moves")


def tally_chunk(job: tuple[int, int, int]) -> tuple[int, Counter]:
    """Play seeds start..stop-1 at `players` seats; sum what the tables need (integers only, so exact)."""
    players, start, stop = job
    rules = _rules
    assert rules is not None
    sheet = rules.sheet
    tally: Counter = Counter()
    for seed in range(start, stop):
        state, cards = play(rules, players, seed)
        tally["games"] += 1
        tally[f"reason:{state.result.value}"] += 1
        tally["turns"] += state.turns
        tally["cards"] += cards
        for kind, deaths in zip(DEATHS, state.deaths, strict=True):
            tally[f"deaths:{kind}"] += deaths
        winners = state.placings[0]
        share = UNIT // len(winners)
        for seat, role in enumerate(state.roles):
            won = share if seat in winners else 0
            for group in (f"template:{sheet.role(role).template}", f"patron:{sheet.role(role).patron}"):
                tally[f"{group}:dealt"] += 1
                tally[f"{group}:won"] += won
                tally[f"{group}:won2"] += won * won
    return players, tally


def simulate(roles_text: str, games: int, workers: int) -> dict[int, Counter]:
    """The summed tallies of `games` games per player count, played over `workers` processes."""
    jobs = [
        (players, start, min(start + CHUNK, games)) for players in PLAYER_COUNTS for start in range(0, games, CHUNK)
    ]
    totals = {players: Counter() for players in PLAYER_COUNTS}
    with multiprocessing.Pool(workers, initializer=_start_worker, initargs=(roles_text,)) as pool:
        for players, tally in pool.imap_unordered(tally_chunk, jobs):
            totals[players].update(tally)
    return totals


def ratio(tally: Counter, group: str, players: int) -> tuple[float, float]:
    """The group's win share over the fair 1/n, and its standard error."""
    dealt = tally[f"{group}:dealt"]
    if not dealt:
        return math.nan, math.nan
    mean = tally[f"{group}:won"] / UNIT / dealt
    square = tally[f"{group}:won2"] / UNIT**2 / dealt
    error = math.sqrt(max(square - mean * mean, 0.0) / dealt)
    return mean * players, error * players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, help="games per player count, seeds 0..N-1 (10,000; --quick 500)")
    parser.add_argument("--quick", action="store_true", help="500 games per player count")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (one per core)")
    parser.add_argument("--roles", type=Path, default=ROLES_FILE, help="the role sheet (data/anokera/roles.json)")
    arguments = parser.parse_args()
    games = arguments.games or (500 if arguments.quick else 10_000)
    roles_text = arguments.roles.read_text(encoding="utf-8")
    sheet = parse_content({"roles.json": roles_text})

    begun = time.perf_counter()
    totals = simulate(roles_text, games, arguments.workers)
    seconds = time.perf_counter() - begun

    print(f"Anokera, every seat a computer: {games:,} games per player count (seeds 0..{games - 1:,}),")
    print(f"{arguments.workers} workers, {seconds:.0f} s ({seconds / games / len(PLAYER_COUNTS) * 1000:.1f} ms a game)")
    print(f"role sheet: {arguments.roles}")
    print_table(
        "How the games went (means per game)",
        ("players", "city emptied", "final clearing", "turns", "cards", *DEATHS, "deaths"),
        [
            (
                players,
                f"{tally[f'reason:{AnokeraEnd.CITY_EMPTY.value}'] / tally['games']:.1%}",
                f"{tally[f'reason:{AnokeraEnd.FINAL_CLEARING.value}'] / tally['games']:.1%}",
                f"{tally['turns'] / tally['games']:.1f}",
                f"{tally['cards'] / tally['games']:.1f}",
                *(f"{tally[f'deaths:{kind}'] / tally['games']:.2f}" for kind in DEATHS),
                f"{sum(tally[f'deaths:{kind}'] for kind in DEATHS) / tally['games']:.2f}",
            )
            for players, tally in totals.items()
        ],
    )
    for title, groups in (
        (
            "Win rate of each template over its fair share (1.00 = fair; +- one standard error)",
            [(template.title, f"template:{template.template}") for template in sheet.templates],
        ),
        (
            "Win rate of each patron over its fair share (for information)",
            [(f"{patron.god} ({patron.death})", f"patron:{patron.death}") for patron in sheet.patrons],
        ),
    ):
        rows = []
        for name, group in groups:
            cells = [name]
            for players, tally in totals.items():
                value, error = ratio(tally, group, players)
                cells.append(f"{value:.2f} +- {error:.2f}")
            rows.append(cells)
        print_table(title, ("role", *(f"{players} players" for players in totals)), rows)
    print("\ncoefficients (own / rival / ally / most_per_player):")
    for template in sheet.templates:
        print(f"  {template.title}: {template.own} / {template.rival} / {template.ally} / {template.most_per_player}")


if __name__ == "__main__":
    main()
