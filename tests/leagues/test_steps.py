"""A league run step by step: results, drops, rounds, and the standings' tie-breaks."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.leagues import (
    Format,
    LeagueProblem,
    Outcome,
    advance,
    drop,
    is_finished,
    record,
    round_is_over,
    standings,
    start,
    waiting_tables,
)
from bot.leagues.league import League, Pairing

PLAYED = [Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.DRAW]


def _play_round(league: League, outcomes) -> League:
    for pairing in waiting_tables(league):
        league = record(league, pairing.round, pairing.table, outcomes(pairing))
    return league


def _run(league: League, outcomes, drops=()) -> League:
    drops = dict(drops)
    while not is_finished(league):
        if league.round in drops:
            league = drop(league, drops.pop(league.round))
        league = advance(_play_round(league, outcomes))
    return league


def test_a_round_waits_for_its_last_table():
    league = start(Format.SWISS, 4)
    first, second = waiting_tables(league)
    league = record(league, first.round, first.table, Outcome.FIRST_WINS)
    assert not round_is_over(league)
    with pytest.raises(LeagueProblem):
        advance(league)
    league = record(league, second.round, second.table, Outcome.DRAW)
    assert round_is_over(league)
    assert advance(league).round == 2


def test_a_decided_game_cannot_be_recorded_again():
    league = start(Format.ROUND_ROBIN, 4)
    pairing = waiting_tables(league)[0]
    league = record(league, 1, pairing.table, Outcome.FIRST_WINS)
    with pytest.raises(LeagueProblem):
        record(league, 1, pairing.table, Outcome.SECOND_WINS)


def test_a_dropped_entrant_forfeits_the_game_in_play_and_every_later_one():
    league = start(Format.ROUND_ROBIN, 4)
    league = drop(league, 3)
    game = next(p for p in league.round_pairings() if p.has(3))
    assert game.forfeit and game.winner == game.opponent_of(3)
    league = _run(league, lambda pairing: Outcome.FIRST_WINS)
    assert all(p.forfeit and p.winner != 3 for p in league.pairings if p.has(3))
    with pytest.raises(LeagueProblem):
        drop(league, 2)  # over


def test_a_dropped_swiss_entrant_is_not_paired_again():
    league = start(Format.SWISS, 6, rounds=4)
    league = drop(league, 2)
    league = _run(league, lambda pairing: Outcome.SECOND_WINS)
    assert all(p.round == 1 for p in league.pairings if p.has(2))
    with pytest.raises(LeagueProblem):
        drop(start(Format.SWISS, 6), 9)


def test_swiss_standings_break_ties_by_buchholz():
    won = [Outcome.FIRST_WINS, Outcome.SECOND_WINS, Outcome.FIRST_WINS, Outcome.SECOND_WINS]
    league = League(
        Format.SWISS,
        4,
        rounds=2,
        round=2,
        pairings=(
            Pairing(1, 0, 0, 1, won[0]),
            Pairing(1, 1, 2, 3, won[1]),
            Pairing(2, 0, 0, 3, won[2]),
            Pairing(2, 1, 1, 2, won[3]),
        ),
    )
    lines = standings(league)  # 3 and 2 both have a point; 3 met stronger opponents
    assert [line.entrant for line in lines] == [0, 3, 2, 1]
    assert (lines[1].buchholz, lines[2].buchholz) == (3.0, 1.0)


def test_round_robin_ties_go_to_head_to_head():
    league = start(Format.ROUND_ROBIN, 3)  # every entrant has one bye, worth nothing
    beats = {frozenset((0, 1)): 1, frozenset((1, 2)): 2, frozenset((0, 2)): 0}  # a cycle: all on one point
    league = _run(
        league,
        lambda p: Outcome.FIRST_WINS if beats[frozenset((p.first, p.second))] == p.first else Outcome.SECOND_WINS,
    )
    lines = standings(league)
    assert [line.points for line in lines] == [1.0, 1.0, 1.0]
    assert [line.entrant for line in lines] == [0, 1, 2]  # head to head also level: seed decides


def test_a_drawn_bracket_game_sends_on_the_better_seed():
    league = start(Format.ELIMINATION, 2)
    league = record(league, 1, 0, Outcome.DRAW)
    assert is_finished(advance(league))
    assert standings(league)[0].entrant == 0


LEAGUES = st.tuples(
    st.sampled_from(list(Format)),
    st.integers(min_value=2, max_value=12),
    st.integers(min_value=1, max_value=6),
    st.lists(st.sampled_from(PLAYED), min_size=1, max_size=40),
    st.lists(st.tuples(st.integers(1, 6), st.integers(0, 11)), max_size=3),
)


def _played(drawn) -> League:
    format, entrants, rounds, outcomes, drops = drawn
    results = iter(outcomes * 100)
    wanted = {round: entrant for round, entrant in drops if entrant < entrants}
    league = start(format, entrants, rounds)
    while not is_finished(league):
        if league.round in wanted and wanted[league.round] not in league.dropped:
            league = drop(league, wanted.pop(league.round))
        league = advance(_play_round(league, lambda p: next(results)))
    return league


@settings(max_examples=150, deadline=None)
@given(LEAGUES)
def test_every_league_ends_with_a_total_order_and_a_bracket_has_one_winner(drawn):
    league = _played(drawn)
    lines = standings(league)
    assert [line.place for line in lines] == list(range(1, league.entrants + 1))
    assert sorted(line.entrant for line in lines) == list(range(league.entrants))
    for better, worse in pairwise(lines):
        assert (better.points, better.buchholz) >= (worse.points, worse.buchholz) or league.format is Format.ELIMINATION
    if league.format is Format.ELIMINATION:
        final = league.round_pairings(league.rounds)
        assert len(final) == 1 and final[0].winner is not None
        undefeated = {e for e in range(league.entrants) if all(p.winner == e for p in league.pairings if p.has(e))}
        assert undefeated == {final[0].winner} == {lines[0].entrant}
    if league.format is Format.ROUND_ROBIN:
        met = [frozenset((p.first, p.second)) for p in league.pairings if not p.is_bye]
        assert len(met) == len(set(met)) == league.entrants * (league.entrants - 1) // 2


@settings(max_examples=100, deadline=None)
@given(LEAGUES)
def test_the_same_results_give_the_same_league(drawn):
    assert _played(drawn) == _played(drawn)
