"""Ratings (bot/ratings.py) against openskill's own Plackett-Luce results, for a few hand-made games; and a leaver
who cannot pull those who stayed down; and teams rated as teams."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.ratings import Rating, new_rating, rated

MODEL = PlackettLuce()


def openskill_after(ratings: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    teams = [[MODEL.create_rating([mu, sigma])] for mu, sigma in ratings]
    return [(team[0].mu, team[0].sigma) for team in MODEL.rate(teams, ranks=ranks)]


def test_new_players_start_at_openskills_defaults_and_the_shown_rating_at_1000():
    fresh = new_rating()
    assert (fresh.mu, fresh.sigma) == (25.0, pytest.approx(25 / 3))
    assert fresh.shown == pytest.approx(1000.0)


def test_in_a_game_of_two_the_winner_always_gains_and_the_loser_always_loses_shown_points():
    for before in ({}, {1: Rating(35.0, 2.0), 2: Rating(15.0, 8.0)}, {1: Rating(15.0, 8.0), 2: Rating(35.0, 2.0)}):
        start = {player: before.get(player, new_rating()).shown for player in (1, 2)}
        after = rated(before, {1: 1, 2: 2})
        assert after[1].shown > start[1] and after[2].shown < start[2], before
    first_game = rated({}, {1: 1, 2: 2})
    assert round(first_game[1].shown - 1000) == -round(first_game[2].shown - 1000) > 0


@pytest.mark.parametrize(
    ("before", "places"),
    [
        ({}, {1: 1, 2: 2}),  # two newcomers, one wins
        ({1: Rating(30.0, 4.0), 2: Rating(22.0, 6.0)}, {1: 2, 2: 1}),  # the weaker player wins
        ({1: Rating(28.0, 5.0)}, {1: 1, 2: 2, 3: 2}),  # three players, two sharing second place
        ({}, {-1: 1, 7: 2, 8: 3, 9: 4}),  # a computer player among people
    ],
)
def test_ratings_are_openskills_plackett_luce_results(before, places):
    players = sorted(places)
    expected = openskill_after(
        [(before.get(p, new_rating()).mu, before.get(p, new_rating()).sigma) for p in players],
        [places[p] for p in players],
    )
    after = rated(before, places)
    assert [(after[p].mu, after[p].sigma) for p in players] == [pytest.approx(each) for each in expected]


def test_a_leaver_is_rated_last_and_nobody_who_stayed_goes_down():
    before = {1: Rating(30.0, 3.0), 2: Rating(20.0, 3.0), 3: Rating(25.0, 3.0)}
    # 3 left with the lead, so the result places them last; 1, stronger, came second of those who stayed.
    after = rated(before, {2: 1, 1: 2, 3: 3}, left=frozenset({3}))
    assert after[3].mu < before[3].mu, "leaving costs the leaver"
    assert after[1].mu >= before[1].mu and after[2].mu > before[2].mu


def test_a_leaver_in_a_team_game_is_rated_alone_and_their_teammate_with_the_team():
    # 1 and 3 won as a team, but 3 left: 1 is rated as the winning side, 3 alone in last place.
    after = rated({}, {1: 1, 2: 2, 4: 2, 3: 4}, left=frozenset({3}), teams=[(1, 3), (2, 4)])
    fresh = [25.0, 25 / 3]
    (one,), _, (three,) = MODEL.rate(
        [[MODEL.create_rating(fresh)], [MODEL.create_rating(fresh), MODEL.create_rating(fresh)],
         [MODEL.create_rating(fresh)]],
        ranks=[1, 2, 4],
    )  # fmt: skip
    for player, expected in ((1, one), (3, three)):
        assert (after[player].mu, after[player].sigma) == (pytest.approx(expected.mu), pytest.approx(expected.sigma))
    assert after[2].mu == after[4].mu == 25.0, "someone left: those who stayed keep at least what they had"
    assert after[1].mu > 25.0 > after[3].mu


def test_a_game_in_teams_is_rated_as_openskill_rates_teams():
    before = {1: Rating(30.0, 4.0), 3: Rating(20.0, 5.0)}
    after = rated(before, {1: 1, 3: 1, 2: 2, 4: 2}, teams=[(1, 3), (2, 4)])
    teams = [
        [MODEL.create_rating([30.0, 4.0]), MODEL.create_rating([20.0, 5.0])],
        [MODEL.create_rating([25.0, 25 / 3]), MODEL.create_rating([25.0, 25 / 3])],
    ]
    (one, three), (two, four) = MODEL.rate(teams, ranks=[1, 2])
    for player, expected in ((1, one), (3, three), (2, two), (4, four)):
        assert (after[player].mu, after[player].sigma) == (pytest.approx(expected.mu), pytest.approx(expected.sigma))
