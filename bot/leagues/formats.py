"""How each league format pairs its entrants: round robin by the circle method, Swiss pairing that avoids
rematches, and a seeded single-elimination bracket. Entrants are plain ints (their place in join order); None
stands for a bye. Every function is deterministic: the same entrants give the same pairings."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

Pair = tuple[int, int | None]
"""Two entrants who meet, or an entrant and None: a bye."""


class Format(StrEnum):
    ROUND_ROBIN = "round robin"
    SWISS = "swiss"
    ELIMINATION = "elimination"


def round_robin_schedule(entrants: Sequence[int]) -> list[list[Pair]]:
    """Every round of a round robin by the circle method: the first entrant stays put and the others turn one place
    a round, so every pair meets exactly once in n-1 rounds (n rounds for an odd count, each entrant sitting out
    one of them with a bye)."""
    circle: list[int | None] = list(entrants)
    if len(circle) % 2:
        circle.append(None)
    rounds: list[list[Pair]] = []
    half = len(circle) // 2
    for _ in range(len(circle) - 1):
        pairs: list[Pair] = []
        for index in range(half):
            first, second = circle[index], circle[-1 - index]
            if first is None:
                first, second = second, None
            pairs.append((first, second))  # type: ignore[arg-type]
        rounds.append(_byes_last(pairs))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def swiss_pairings(ranking: Sequence[int], met: Collection[frozenset[int]], had_bye: Collection[int]) -> list[Pair]:
    """One Swiss round: `ranking` lists the entrants still playing, best first. With an odd count the bye goes to
    the lowest-ranked entrant who has not had one (to anyone, lowest first, once all have). Then the best unpaired
    entrant meets the best-ranked one they have not met, searching back when that leaves the rest unpairable, so
    no one meets an opponent twice while another pairing avoids it; when none does, rematches are allowed."""
    players = list(ranking)
    candidates: list[int | None] = [None]
    if len(players) % 2:
        fresh = [entrant for entrant in reversed(players) if entrant not in had_bye]
        candidates = fresh + [entrant for entrant in reversed(players) if entrant in had_bye]
    met_set = set(met)
    for bye in candidates:
        rest = [entrant for entrant in players if entrant != bye]
        pairs = _pair_without_rematch(rest, met_set)
        if pairs is not None:
            return pairs + ([(bye, None)] if bye is not None else [])
    bye = candidates[0]
    rest = [entrant for entrant in players if entrant != bye]
    forced = [(rest[index], rest[index + 1]) for index in range(0, len(rest), 2)]
    return forced + ([(bye, None)] if bye is not None else [])


def _pair_without_rematch(players: list[int], met: set[frozenset[int]]) -> list[Pair] | None:
    """Pairs of `players` (best first) in which no one meets an opponent again, or None when there are none."""
    if not players:
        return []
    first, rest = players[0], players[1:]
    for index, opponent in enumerate(rest):
        if frozenset((first, opponent)) in met:
            continue
        paired = _pair_without_rematch(rest[:index] + rest[index + 1 :], met)
        if paired is not None:
            return [(first, opponent), *paired]
    return None


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds every entrant (at least 2)."""
    size = 2
    while size < entrants:
        size *= 2
    return size


def seed_order(size: int) -> list[int]:
    """The seeds (0 best) in bracket order for a bracket of `size`: 0 meets size-1, and the two best seeds can meet
    only in the final (the usual 1-16, 8-9, 5-12, 4-13 ... layout)."""
    order = [0]
    while len(order) < size:
        doubled = len(order) * 2
        order = [seed for top in order for seed in (top, doubled - 1 - top)]
    return order


def elimination_first_round(seeded: Sequence[int]) -> list[Pair]:
    """The bracket's first round: `seeded` best first; a seed with no opponent (the bracket is not full) has a bye,
    so byes go to the best seeds."""
    order = seed_order(bracket_size(len(seeded)))
    pairs: list[Pair] = []
    for index in range(0, len(order), 2):
        top, bottom = order[index], order[index + 1]
        pairs.append((seeded[top], seeded[bottom] if bottom < len(seeded) else None))
    return pairs


def _byes_last(pairs: list[Pair]) -> list[Pair]:
    return [pair for pair in pairs if pair[1] is not None] + [pair for pair in pairs if pair[1] is None]
