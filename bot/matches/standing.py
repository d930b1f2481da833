"""The one rule for results with leavers (ruling S1): how a finished game's places and winners follow from how the
game ended and who left it.

A player who left is placed after every player who stayed, whatever the computer did in their seat; among
themselves, those who stayed and those who left keep the order the game gave them. The winners are the game's
winners who stayed; where the game's winners all left, the best-placed players who stayed win instead (a game
that ended without a winner, a draw, stays one). A leaver among the game's winners is "passed over": the winner
line says what their seat did and who won instead. A game of two that its leaver forfeited never reached an end
of its own: the player who stayed wins it. A player who left and whose seat someone else took over
(`Match.departed`) is placed after every seat. The result stored for statistics and ratings, the final standings
and the winner line all read this one `Standing`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Outcome, Seat, placed
from bot.matches.model import Match, Result

Ranking = tuple[tuple[int, tuple[Seat, ...]], ...]
"""Each group of tied seats with its place (1 first), best first."""


@dataclass(frozen=True)
class Standing:
    """A finished game's result: the places, the winners, and the seats among the game's own winners whose players
    had left (what their computers won went to the players who stayed)."""

    ranking: Ranking
    winners: tuple[Seat, ...]
    passed_over: tuple[Seat, ...] = ()


def standing(match: Match, outcome: Outcome | None) -> Standing:
    """The result of a finished match, from the game's `outcome` (None: its leaver forfeited a game of two)."""
    left = frozenset(player.seat for player in match.players if player.left)
    if outcome is None:
        stayed = tuple(player.seat for player in match.players if player.seat not in left)
        return Standing(placed([stayed, tuple(sorted(left))]), stayed)
    groups = [seats for _, seats in outcome.ranking(len(match.players))]
    ranking = placed(
        [tuple(seat for seat in seats if seat not in left) for seats in groups]
        + [tuple(seat for seat in seats if seat in left) for seats in groups]
    )
    winners = tuple(seat for seat in outcome.winners if seat not in left)
    passed_over = tuple(seat for seat in outcome.winners if seat in left)
    if passed_over and not winners and not set(ranking[0][1]) & left:
        winners = ranking[0][1]
    return Standing(ranking, winners, passed_over)


def result_of(
    match: Match, settled: Standing, reason: str, outcome: dict[str, Any], sides: Sequence[Sequence[Seat]] = ()
) -> Result:
    """The result stored for statistics and ratings: the standing by user id, with the game's own account of its
    end (`reason`, `outcome`) and its teams (`sides`, empty when everyone played for themselves)."""
    user_of = {player.seat: player.user_id for player in match.players}
    placings = {user_of[seat]: place for place, seats in settled.ranking for seat in seats}
    # A player whose seat was taken over by someone else has no seat: they share the place after every seat.
    placings.update({player.user_id: match.departed_place for player in match.departed})
    return Result(
        match_id=match.id,
        game=match.game,
        guild_id=match.guild_id,
        finished_at=match.updated_at,
        reason=reason,
        outcome=outcome,
        placings=placings,
        winners=tuple(user_of[seat] for seat in settled.winners),
        left=tuple(player.user_id for player in (*match.players, *match.departed) if player.left),
        teams=tuple(tuple(user_of[seat] for seat in side) for side in sides),
    )
