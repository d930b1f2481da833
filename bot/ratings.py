"""Ratings of players, per game and per server, with openskill's Plackett-Luce model (which takes 2-6 players and
ties): what a finished game's places do to each player's rating. Pure: storage writes the numbers in the same
transaction as the result.

A rating is openskill's (mu, sigma); what leaderboards rank by is the conservative `shown` value, mu - 3 sigma,
which a player's games have to earn. Computer players are rated like anyone (their ids are negative, the same
for every table), so people can see how they do against them, and never appear in leaderboards.

A game a player left (`/leave`) rates them last, and rates nobody who stayed lower than they were: leaving is
not a way to pull others down.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from openskill.models import PlackettLuce


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def shown(self) -> float:
        """The conservative rating leaderboards rank by: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@cache
def _model() -> PlackettLuce:
    return PlackettLuce()


def new_rating() -> Rating:
    fresh = _model().rating()
    return Rating(fresh.mu, fresh.sigma)


def rated(before: Mapping[int, Rating], places: Mapping[int, int], left: frozenset[int] = frozenset()) -> dict:
    """Each player's rating after a game in which they took `places` (user id -> place, 1 first, ties sharing a
    place), from their ratings `before` (new players missing from it start fresh)."""
    model = _model()
    players = sorted(places)
    last = max(places.values()) + 1
    ranks = [last if player in left else places[player] for player in players]
    teams = [[model.create_rating([before.get(player, new_rating()).mu, before.get(player, new_rating()).sigma])]
             for player in players]  # fmt: skip
    after = model.rate(teams, ranks=ranks)
    result = {}
    for player, (rating,) in zip(players, after, strict=True):
        old = before.get(player, new_rating())
        new = Rating(rating.mu, rating.sigma)
        if left and player not in left and new.mu < old.mu:
            new = Rating(old.mu, new.sigma)  # someone left: those who stayed keep at least what they had
        result[player] = new
    return result
