"""Dice: every roll is two six-sided dice from the match's seeded random source (C3), kept with the roll."""

from __future__ import annotations

from bot.engine import SeededRandom


def roll(rng: SeededRandom) -> tuple[int, int]:
    return rng.between(1, 6), rng.between(1, 6)


def is_double(dice: tuple[int, int]) -> bool:
    return dice[0] == dice[1]
