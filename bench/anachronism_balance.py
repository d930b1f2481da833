"""Balance of Anachronism's card pool (issue 32 item 4): the computer players against each other, on both cores.

(1) Quick-play packs: every warrior with its ready-made pack meets every other warrior with its pack, as many
games of each pairing (seats swapped every other game) as it takes for each warrior to play at least `--games`
games against the field. Each warrior's score: wins plus half the draws, over its games. Goal: 35-65%.

(2) Custom forces: the computer builds a force from the whole pool for each seat (a warrior at random, then one
support of each type at random, drawn again until the force is legal as it stands: two hands at most, no body
trait twice), `--custom` games. Each support's share of the winning forces (the forces it was in that won, over
all winning forces) against its fair share (the forces it was in, over all forces): a ratio of 1 is a card that
wins as often as any; the goal is none above 2. Draws have no winning force.

Games are played by `computers.computer_move` for both seats through the real rules, seeded per game, so a run
is the same every time for the same pool and flags.

    .venv/bin/python bench/anachronism_balance.py                 # 300 games a warrior, 3,000 custom games
    .venv/bin/python bench/anachronism_balance.py --games 600 --custom 6000 --workers 2
    .venv/bin/python bench/anachronism_balance.py --quick         # a few games of each kind: does it run
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
from collections import Counter

from timing import print_table

from bot.catalogue import load_games
from bot.engine import Seating, SeededRandom
from bot.games.anachronism.actions import ChooseForce
from bot.games.anachronism.computers import computer_move
from bot.games.anachronism.content import BODY_TRAITS, SUPPORT_TYPES, CardPool
from bot.games.anachronism.rules import AnachronismRules

WIN_RATE_GOAL = (0.35, 0.65)
SHARE_GOAL = 2.0
MAX_ACTIONS = 5_000
"""A game longer than this is a bug in the rules or the computer: the bench stops with it rather than hang."""

_rules: AnachronismRules | None = None


def rules() -> AnachronismRules:
    """The shipped pool's rules, loaded once in each worker."""
    global _rules
    if _rules is None:
        _rules = load_games()["anachronism"].rules
    return _rules


def play(forces: tuple[ChooseForce, ChooseForce], seed: int) -> tuple[int, ...]:
    """Play one two-player game of these forces to its end: the winning seats (none for a draw)."""
    game = rules()
    state = game.setup(Seating(2, computers=(0, 1)), {}, seed)
    for seat, force in enumerate(forces):
        state, _ = game.apply(state, seat, force)
    for _ in range(MAX_ACTIONS):
        outcome = game.outcome(state)
        if outcome is not None:
            return tuple(outcome.winners)
        seat = min(game.actors(state))
        state, _ = game.apply(state, seat, computer_move(game, state, seat))
    raise RuntimeError(f"a game of {forces} (seed {seed}) did not end in {MAX_ACTIONS} actions")


def legal_as_it_stands(pool: CardPool, supports: tuple[str, ...]) -> bool:
    """Whether the four supports could all be face up at once with nothing to discard."""
    cards = [pool.support(card) for card in supports]
    traits = [trait for card in cards for trait in card.traits if trait in BODY_TRAITS]
    return sum(card.hands for card in cards) <= 2 and len(traits) == len(set(traits))


def custom_force(pool: CardPool, chance: SeededRandom) -> ChooseForce:
    """A warrior at random and one support of each type at random, drawn again until legal as it stands."""
    warrior = chance.pick(pool.warriors).id
    by_type = {kind: [card.id for card in pool.supports if card.type == kind] for kind in SUPPORT_TYPES}
    while True:
        supports = tuple(chance.pick(by_type[kind]) for kind in SUPPORT_TYPES)
        if legal_as_it_stands(pool, supports):
            return ChooseForce(warrior, supports)


def pack_game(job: tuple[str, str, int]) -> tuple[str, str, tuple[int, ...]]:
    first, second, seed = job
    pool = rules().pool
    forces = (ChooseForce(first, pool.warrior(first).pack), ChooseForce(second, pool.warrior(second).pack))
    return first, second, play(forces, seed)


def custom_game(seed: int) -> tuple[tuple[ChooseForce, ChooseForce], tuple[int, ...]]:
    chance = SeededRandom(seed)
    pool = rules().pool
    forces = (custom_force(pool, chance), custom_force(pool, chance))
    return forces, play(forces, seed)


def pack_jobs(pool: CardPool, games_per_warrior: int) -> list[tuple[str, str, int]]:
    """Every pairing of two different warriors, an even number of games each (seats swapped every other game;
    one game for a run that asks for fewer than a pairing), enough that each warrior plays at least
    `games_per_warrior`."""
    warriors = [warrior.id for warrior in pool.warriors]
    per_pair = math.ceil(games_per_warrior / (len(warriors) - 1))
    per_pair += per_pair % 2 if per_pair > 1 else 0
    jobs = []
    for index, first in enumerate(warriors):
        for second in warriors[index + 1 :]:
            for game in range(per_pair):
                seats = (first, second) if game % 2 == 0 else (second, first)
                jobs.append((*seats, len(jobs) + 1))
    return jobs


def warrior_rows(pool: CardPool, results) -> tuple[list, list[str]]:
    played, scored, won, drawn = Counter(), Counter(), Counter(), Counter()
    for first, second, winners in results:
        for seat, warrior in enumerate((first, second)):
            played[warrior] += 1
            if len(winners) == 1 and winners[0] == seat:
                won[warrior] += 1
                scored[warrior] += 1
            elif not winners:
                drawn[warrior] += 1
                scored[warrior] += 0.5
    rows, outside = [], []
    for warrior in pool.warriors:
        rate = scored[warrior.id] / played[warrior.id]
        if not WIN_RATE_GOAL[0] <= rate <= WIN_RATE_GOAL[1]:
            outside.append(f"{warrior.id} {warrior.name} {rate:.0%}")
        rows.append((warrior.id, warrior.name, played[warrior.id], won[warrior.id], drawn[warrior.id], f"{rate:.1%}"))
    return rows, outside


def support_rows(pool: CardPool, results) -> tuple[list, list[str], int]:
    forces_with, wins_with = Counter(), Counter()
    forces = wins = 0
    for pair, winners in results:
        for seat, force in enumerate(pair):
            forces += 1
            forces_with.update(force.supports)
            if len(winners) == 1 and winners[0] == seat:
                wins += 1
                wins_with.update(force.supports)
    rows, outside = [], []
    for support in pool.supports:
        fair = forces_with[support.id] / forces
        share = wins_with[support.id] / wins if wins else 0.0
        ratio = share / fair if fair else 0.0
        if ratio > SHARE_GOAL:
            outside.append(f"{support.id} {support.name} x{ratio:.2f}")
        rows.append((support.id, support.name, forces_with[support.id], f"{share:.2%}", f"{fair:.2%}", f"{ratio:.2f}"))
    return rows, outside, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=300, help="games each warrior plays with its pack (300)")
    parser.add_argument("--custom", type=int, default=3000, help="games of custom forces (3,000)")
    parser.add_argument("--workers", type=int, default=2, help="processes playing games (2: both cores)")
    parser.add_argument("--quick", action="store_true", help="a few games of each kind, to see that it runs")
    arguments = parser.parse_args()
    games, custom = (1, 20) if arguments.quick else (arguments.games, arguments.custom)
    pool = rules().pool
    jobs = pack_jobs(pool, games)
    with multiprocessing.Pool(arguments.workers) as workers:
        packs = workers.map(pack_game, jobs, chunksize=16)
        customs = workers.map(custom_game, range(1, custom + 1), chunksize=16)
    rows, warriors_outside = warrior_rows(pool, packs)
    print_table(
        f"(1) Quick-play packs: {len(packs)} games, at least {games} for each warrior (goal: 35-65%)",
        ("id", "warrior", "games", "won", "drawn", "score"),
        rows,
        left=2,
    )
    rows, supports_outside, wins = support_rows(pool, customs)
    print_table(
        f"(2) Custom forces: {len(customs)} games, {wins} won (goal: no support above {SHARE_GOAL:g}x its fair share)",
        ("id", "support", "forces", "of wins", "of forces", "ratio"),
        rows,
        left=2,
    )
    print(f"\nWarriors outside 35-65%: {', '.join(warriors_outside) or 'none'}")
    print(f"Supports above {SHARE_GOAL:g}x their fair share: {', '.join(supports_outside) or 'none'}")


if __name__ == "__main__":
    main()
