"""The steps of a league, each returning a new `League`: start (the first round paired), record a game's
outcome, drop an entrant (their undecided and later games are forfeits), and advance to the next round once the
current one is over (Swiss pairs by the standings of the moment)."""

from __future__ import annotations

from dataclasses import replace

from bot.leagues.formats import Format, Pair, elimination_first_round, round_robin_schedule, swiss_pairings
from bot.leagues.league import MAX_ENTRANTS, MIN_ENTRANTS, League, LeagueProblem, Outcome, Pairing, planned_rounds
from bot.leagues.standings import standings


def start(format: Format, entrants: int, rounds: int | None = None) -> League:
    """The league with its first round paired."""
    if not MIN_ENTRANTS <= entrants <= MAX_ENTRANTS:
        raise LeagueProblem(f"a league needs {MIN_ENTRANTS} to {MAX_ENTRANTS} entrants")
    return _next_round(League(format, entrants, planned_rounds(format, entrants, rounds)))


def record(league: League, round: int, table: int, outcome: Outcome) -> League:
    """The league with a game's outcome noted (refused for a game already decided or not in the current round)."""
    pairing = league.pairing(round, table)
    if pairing is None or round != league.round:
        raise LeagueProblem("no such game in the current round")
    if pairing.is_decided:
        raise LeagueProblem("that game is decided already")
    if outcome is Outcome.BYE:
        raise LeagueProblem("a played game cannot be a bye")
    return _with_pairing(league, replace(pairing, outcome=outcome))


def drop(league: League, entrant: int) -> League:
    """The league without `entrant`: their undecided game now is a forfeit, and so is every game they had left."""
    if not 0 <= entrant < league.entrants:
        raise LeagueProblem("no such entrant")
    if entrant in league.dropped:
        raise LeagueProblem("already dropped")
    if is_finished(league):
        raise LeagueProblem("the league is over")
    dropped = replace(league, dropped=(*league.dropped, entrant))
    for pairing in dropped.round_pairings():
        if pairing.has(entrant) and not pairing.is_decided:
            dropped = _with_pairing(dropped, _forfeited(pairing, dropped.dropped))
    return dropped


def round_is_over(league: League) -> bool:
    return all(pairing.is_decided for pairing in league.round_pairings())


def is_finished(league: League) -> bool:
    return league.round >= league.rounds and round_is_over(league)


def waiting_tables(league: League) -> tuple[Pairing, ...]:
    """The current round's games still to be played (each needs a table)."""
    return tuple(pairing for pairing in league.round_pairings() if not pairing.is_decided)


def advance(league: League) -> League:
    """After a round is over: the league with its next round paired (the same league when it is over)."""
    if not round_is_over(league):
        raise LeagueProblem("the round is not over")
    if is_finished(league):
        return league
    return _next_round(league)


def _next_round(league: League) -> League:
    number = league.round + 1
    pairs = _pairs_for(league, number)
    pairings = tuple(
        _decided_at_once(Pairing(number, table, first, second), league.dropped)
        for table, (first, second) in enumerate(pairs)
    )
    return replace(league, round=number, pairings=(*league.pairings, *pairings))


def _pairs_for(league: League, number: int) -> list[Pair]:
    if league.format is Format.ROUND_ROBIN:
        return round_robin_schedule(range(league.entrants))[number - 1]
    if league.format is Format.ELIMINATION:
        if number == 1:
            return elimination_first_round(range(league.entrants))
        going_on = [pairing.winner for pairing in league.round_pairings(number - 1)]
        return [(going_on[index], going_on[index + 1]) for index in range(0, len(going_on), 2)]  # type: ignore[misc]
    playing = [line.entrant for line in standings(league) if line.entrant not in league.dropped]
    met = {frozenset((p.first, p.second)) for p in league.pairings if p.second is not None}
    had_bye = {p.first for p in league.pairings if p.is_bye}
    return swiss_pairings(playing, met, had_bye)


def _decided_at_once(pairing: Pairing, dropped: tuple[int, ...]) -> Pairing:
    """A bye, or a game with a dropped entrant in it, needs no table."""
    if pairing.is_bye:
        return replace(pairing, outcome=Outcome.BYE)
    if pairing.first in dropped or pairing.second in dropped:
        return _forfeited(pairing, dropped)
    return pairing


def _forfeited(pairing: Pairing, dropped: tuple[int, ...]) -> Pairing:
    """The entrant who did not drop wins (when both dropped, the first, who is then out of the next round too)."""
    outcome = Outcome.SECOND_WINS if pairing.first in dropped and pairing.second not in dropped else Outcome.FIRST_WINS
    return replace(pairing, outcome=outcome, forfeit=True)


def _with_pairing(league: League, changed: Pairing) -> League:
    return replace(
        league,
        pairings=tuple(changed if (p.round, p.table) == (changed.round, changed.table) else p for p in league.pairings),
    )
