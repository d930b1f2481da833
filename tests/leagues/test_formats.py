"""The league formats' pairings: round robin by the circle method, Swiss without rematches, seeded brackets."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.leagues import round_robin_schedule, swiss_pairings
from bot.leagues.formats import elimination_first_round, seed_order


@given(st.integers(min_value=2, max_value=24))
def test_a_round_robin_meets_every_pair_exactly_once(entrants: int):
    schedule = round_robin_schedule(range(entrants))
    met = [frozenset(pair) for round in schedule for pair in round if pair[1] is not None]
    assert sorted(met, key=sorted) == sorted((frozenset(pair) for pair in combinations(range(entrants), 2)), key=sorted)
    for round in schedule:
        seated = [entrant for pair in round for entrant in pair if entrant is not None]
        assert sorted(seated) == list(range(entrants))  # everyone once a round
    byes = [pair[0] for round in schedule for pair in round if pair[1] is None]
    assert sorted(byes) == (list(range(entrants)) if entrants % 2 else [])


def test_the_circle_method_of_four():
    assert round_robin_schedule([0, 1, 2, 3]) == [[(0, 3), (1, 2)], [(0, 2), (3, 1)], [(0, 1), (2, 3)]]


def test_a_swiss_bye_goes_to_the_lowest_ranked_without_one():
    assert swiss_pairings([0, 1, 2, 3, 4], set(), set())[-1] == (4, None)
    assert swiss_pairings([0, 1, 2, 3, 4], set(), {4, 3})[-1] == (2, None)


def test_swiss_pairs_the_best_with_the_best_they_have_not_met():
    assert swiss_pairings([0, 1, 2, 3], {frozenset((0, 1))}, set()) == [(0, 2), (1, 3)]


def test_swiss_searches_back_rather_than_leave_a_rematch():
    # 0-1 then 2-3 would do, but 2 and 3 met; the greedy first pick 0-1 must give way.
    met = {frozenset((2, 3))}
    pairs = swiss_pairings([0, 1, 2, 3], met, set())
    assert {frozenset(pair) for pair in pairs}.isdisjoint(met)


def _rematch_free_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in met and _rematch_free_exists([p for p in rest if p != other], met)
        for other in rest
    )


@settings(max_examples=200)
@given(
    st.integers(min_value=2, max_value=9).flatmap(
        lambda n: st.tuples(st.just(n), st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))))
    )
)
def test_swiss_never_pairs_a_rematch_while_one_can_be_avoided(drawn):
    entrants, met_pairs = drawn
    met = {frozenset(pair) for pair in met_pairs if pair[0] != pair[1]}
    pairs = swiss_pairings(list(range(entrants)), met, set())
    seated = sorted(entrant for pair in pairs for entrant in pair if entrant is not None)
    assert seated == list(range(entrants))
    games = [frozenset(pair) for pair in pairs if pair[1] is not None]
    byes = [pair[0] for pair in pairs if pair[1] is None]
    avoidable = any(
        _rematch_free_exists([p for p in range(entrants) if p != bye], met)
        for bye in (range(entrants) if entrants % 2 else [None])
    )
    if avoidable:
        assert not any(game in met for game in games)
    assert len(byes) == entrants % 2


def test_a_bracket_of_eight_is_seeded_so_the_best_two_meet_last():
    assert seed_order(8) == [0, 7, 3, 4, 1, 6, 2, 5]


def test_byes_go_to_the_top_seeds():
    assert elimination_first_round(range(5)) == [(0, None), (3, 4), (1, None), (2, None)]
