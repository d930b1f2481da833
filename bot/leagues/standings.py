"""A league's standings: points (a win 1, a draw half), then Buchholz for Swiss (the sum of the points of the
opponents met), then head to head (points in the games among the tied entrants), then seed, so the order is total.
A bracket's standings go by how far each entrant got, the champion first."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from bot.leagues.formats import Format
from bot.leagues.league import League, Outcome


@dataclass(frozen=True)
class Standing:
    place: int
    entrant: int
    points: float
    buchholz: float
    head_to_head: float
    wins: int
    draws: int
    losses: int
    dropped: bool


def standings(league: League) -> list[Standing]:
    """Every entrant's line, first place first."""
    points: dict[int, float] = defaultdict(float)
    tally: dict[int, list[int]] = defaultdict(lambda: [0, 0, 0])
    opponents: dict[int, list[int]] = defaultdict(list)
    reached: dict[int, int] = defaultdict(int)
    for pairing in league.pairings:
        for entrant in (pairing.first, pairing.second):
            if entrant is None:
                continue
            reached[entrant] = max(reached[entrant], pairing.round)
            if not pairing.is_decided:
                continue
            points[entrant] += pairing.points_of(entrant, league.format)
            if pairing.is_bye:
                continue
            opponents[entrant].append(pairing.opponent_of(entrant))  # type: ignore[arg-type]
            if pairing.outcome is Outcome.DRAW:
                tally[entrant][1] += 1
            else:
                tally[entrant][0 if pairing.winner == entrant else 2] += 1
    buchholz = {
        entrant: sum(points[o] for o in opponents[entrant]) if league.format is Format.SWISS else 0.0
        for entrant in range(league.entrants)
    }
    if league.format is Format.ELIMINATION:
        key = {entrant: (_bracket_depth(league, entrant, reached[entrant]), 0.0) for entrant in range(league.entrants)}
    else:
        key = {entrant: (points[entrant], buchholz[entrant]) for entrant in range(league.entrants)}
    tied: dict[tuple[float, float], set[int]] = defaultdict(set)
    for entrant, value in key.items():
        tied[value].add(entrant)
    head_to_head = {entrant: _points_among(league, entrant, tied[key[entrant]]) for entrant in key}
    order = sorted(key, key=lambda e: (-key[e][0], -key[e][1], -head_to_head[e], e))
    return [
        Standing(
            place=index + 1,
            entrant=entrant,
            points=points[entrant],
            buchholz=buchholz[entrant],
            head_to_head=head_to_head[entrant],
            wins=tally[entrant][0],
            draws=tally[entrant][1],
            losses=tally[entrant][2],
            dropped=entrant in league.dropped,
        )
        for index, entrant in enumerate(order)
    ]


def _points_among(league: League, entrant: int, group: set[int]) -> float:
    return sum(
        pairing.points_of(entrant, league.format)
        for pairing in league.pairings
        if pairing.is_decided and not pairing.is_bye and pairing.has(entrant) and pairing.opponent_of(entrant) in group
    )


def _bracket_depth(league: League, entrant: int, reached: int) -> float:
    """How far the entrant got: the last round they played, plus one for winning it (so the champion is alone on
    top)."""
    last = next((p for p in league.round_pairings(reached) if p.has(entrant)), None)
    return reached + (1 if last is not None and last.winner == entrant else 0)
