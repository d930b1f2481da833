"""Ratings of players, per game and per server, with openskill's Plackett-Luce model (which takes 2-6 players and
ties): what a finished game's places do to each player's rating. Pure: storage writes the numbers in the same
transaction as the result.

A rating is openskill's (mu, sigma); what players see, and leaderboards rank by, is the `shown` value on a scale
people know: everyone starts at 1,000, and a game moves it by 20 points for each point of openskill's mu, so it
rises after a result better than openskill expected and falls after a worse one (in a game of two, the winner
always gains and the loser always loses), by more while a player is new. Leaderboards rank only players with a
few games, so a lucky start does not top them. Computer players are rated like anyone (their ids are negative,
the same for every table), which keeps results against them fair, and never appear in standings' ratings or in
leaderboards.

A game played in teams (two against two) rates each team as one: its players' ratings make the team's, and
the team's result moves each of them. A game a player left (`/leave`) places them after everyone who stayed (see
bot/matches/standing.py): they are rated alone at that place, apart from their team, and nobody who stayed is
rated lower than they were: leaving is not a way to pull others down.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce

SHOWN_START = 1000
"""Everyone's shown rating before their first game."""
SHOWN_PER_MU = 20
"""Shown points for each point of openskill's mu."""


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The rating players see and leaderboards rank by: 1,000 at the start, 20 points for each point of mu."""
        return SHOWN_START + SHOWN_PER_MU * (self.mu - new_rating().mu)


@dataclass(frozen=True)
class ResultSeat:
    """A player's line in a stored result, as rating it needs: their place, whether they won, whether they left
    the game, and their team (None: they played for themselves)."""

    user_id: int
    place: int
    won: bool
    left: bool
    team: int | None


@cache
def _model() -> PlackettLuce:
    return PlackettLuce()


@cache
def new_rating() -> Rating:
    """A new player's rating (the same every time: openskill's defaults)."""
    fresh = _model().rating()
    return Rating(fresh.mu, fresh.sigma)


def rated(
    before: Mapping[int, Rating],
    places: Mapping[int, int],
    left: frozenset[int] = frozenset(),
    teams: Sequence[Sequence[int]] = (),
) -> dict[int, Rating]:
    """Each player's rating after a game in which they took `places` (user id -> place, 1 first, ties sharing a
    place), from their ratings `before` (new players missing from it start fresh). In a game played in `teams`
    (each a group of user ids), each team is rated as one, at its place; a player who `left` is rated alone."""
    model = _model()
    stayed = [[player for player in sorted(team) if player not in left] for team in teams]
    alone = sorted(player for player in places if player in left or not teams)
    sides = [side for side in stayed if side] + [[player] for player in alone]
    ranks = [max(places[player] for player in side) for side in sides]
    current = {player: before.get(player, new_rating()) for player in places}
    after = model.rate(
        [[model.create_rating([current[player].mu, current[player].sigma]) for player in side] for side in sides],
        ranks=ranks,
    )
    result = {}
    for side, rated_side in zip(sides, after, strict=True):
        for player, rating in zip(side, rated_side, strict=True):
            old, new = current[player], Rating(rating.mu, rating.sigma)
            if left and player not in left and new.mu < old.mu:
                new = Rating(old.mu, new.sigma)  # someone left: those who stayed keep at least what they had
            result[player] = new
    return result


def rated_result(seats: Sequence[ResultSeat], before: Mapping[int, Rating]) -> dict[int, Rating]:
    """`rated` for a stored result's lines."""
    teams: dict[int, list[int]] = {}
    for seat in seats:
        if seat.team is not None:
            teams.setdefault(seat.team, []).append(seat.user_id)
    places = {seat.user_id: seat.place for seat in seats}
    left = frozenset(seat.user_id for seat in seats if seat.left)
    return rated(before, places, left, [teams[team] for team in sorted(teams)])
