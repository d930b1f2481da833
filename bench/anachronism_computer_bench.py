"""Benchmark of Anachronism's computer player (bot/games/anachronism/computers.py) against a player that picks
uniformly among the legal actions: how many two-player single games the computer wins, loses and draws, the
computer taking seat 1 or 2 in turn. The games run on the rules alone (no host, no clock), each from its own seed,
so the figures are the same on every run; they are reported over batches of `--games` games, so that their
spread shows.

    .venv/bin/python bench/anachronism_computer_bench.py                    # 5 batches of 100 games
    .venv/bin/python bench/anachronism_computer_bench.py --batches 1 --games 40   # a quick look
"""

from __future__ import annotations

import argparse

from bot.catalogue import load_games
from bot.engine import Seating, SeededRandom
from bot.games.anachronism.computers import computer_move
from bot.games.anachronism.rules import AnachronismRules

GAME = "anachronism"
ACTION_LIMIT = 2000
"""Far above any game: five rounds of a few actions each, and the choices around them."""


def play_one(rules: AnachronismRules, seed: int, computer_seat: int) -> str:
    """One game of the computer (at `computer_seat`) against uniform choices: "win", "loss" or "draw"."""
    state = rules.setup(Seating(2), {}, seed)
    chance = SeededRandom(seed * 7919 + 1)
    for _ in range(ACTION_LIMIT):
        outcome = rules.outcome(state)
        if outcome is not None:
            if not outcome.winners:
                return "draw"
            return "win" if computer_seat in outcome.winners else "loss"
        seat = min(rules.actors(state))
        if seat == computer_seat:
            action = computer_move(rules, state, seat)
        else:
            action = chance.pick(list(rules.legal_actions(state, seat)))
        state, _ = rules.apply(state, seat, action)
    raise AssertionError(f"game {seed} did not end within {ACTION_LIMIT} actions")


def play_batch(rules: AnachronismRules, first_seed: int, games: int) -> dict[str, int]:
    tally = {"win": 0, "loss": 0, "draw": 0}
    for seed in range(first_seed, first_seed + games):
        tally[play_one(rules, seed, seed % 2)] += 1
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100, help="games in each batch (100)")
    parser.add_argument("--batches", type=int, default=5, help="batches, each from its own seeds (5)")
    arguments = parser.parse_args()
    rules = load_games()[GAME].rules
    rates = []
    for batch in range(arguments.batches):
        tally = play_batch(rules, 1 + batch * arguments.games, arguments.games)
        rate = tally["win"] / arguments.games
        rates.append(rate)
        print(f"batch {batch + 1}: {tally['win']} won, {tally['loss']} lost, {tally['draw']} drawn ({rate:.0%} won)")
    total = sum(rates) / len(rates)
    print(
        f"computer against uniform choices: {total:.1%} won over {arguments.batches * arguments.games} games "
        f"(batches {min(rates):.0%}-{max(rates):.0%})"
    )


if __name__ == "__main__":
    main()
