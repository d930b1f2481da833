"""Dice: a roll of two six-sided dice from the match's seeded random source (C3), kept with the roll. The set-up
rolls and roll-offs use it; an attack's dice, which abilities may make more, are rolls.py's."""

from __future__ import annotations

from bot.engine import SeededRandom


def roll(rng: SeededRandom) -> tuple[int, int]:
    return rng.between(1, 6), rng.between(1, 6)
