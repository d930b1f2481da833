"""Reading the other players' roles from their plays, for the hard Anokera computer.

Every role steers the deaths tally its own way, so a play says something about the role that made it. `RoleBelief`
goes over the game again (`history.replay`) and asks, for each move of another seat, how likely the normal computer
(`computers.choice_chances`) would have been to make it with each role the seat might hold; a deal of the other
roles is then as likely as the product of its seats' chances. A player who is not a computer plays as it likes, so
every move also keeps a share of chance whatever the role (`STRAY`), and no single play rules a role out.
"""

from __future__ import annotations

import math
from bisect import bisect
from itertools import accumulate, permutations

from bot.engine import Seat, SeededRandom
from bot.games.anokera.actions import AnokeraAction
from bot.games.anokera.computers import choice_chances
from bot.games.anokera.history import replay
from bot.games.anokera.state import AnokeraState
from bot.games.anokera.views import AnokeraSeatView

STRAY = 0.2
"""The share of a move's chance that owes nothing to the role: any legal move is as likely as any other."""
REMEMBERED_MOVES = 1 << 14
"""Moves whose chances are kept: each later decision of a game reads the same moves again."""


class RoleBelief:
    """How likely each deal of the other seats' roles is, from what `view`'s seat has seen them play."""

    def __init__(self, rules, view: AnokeraSeatView, remembered: dict) -> None:
        """`remembered`: the moves' chances worked out for earlier decisions, kept from one to the next."""
        public = view.public
        others = tuple(role.id for role in rules.sheet.roles if role.id != view.role)
        seat_count = len(others) - public.unused_roles + 1
        self.seats = tuple(seat for seat in range(seat_count) if seat != view.seat)
        log_chances = {seat: dict.fromkeys(others, 0.0) for seat in self.seats}
        made, last = replay(rules, public.arrivals, public.moves, seat_count)
        # A history begun part-way through (a match stored before histories were kept) does not lead to the table
        # as it is: nothing is read from it.
        if last is not None and (last.row, last.columns, last.deaths) == (public.row, public.columns, public.deaths):
            for state, seat, action in made:
                if seat in log_chances:
                    for role, chance in _log_chances(rules, remembered, state, seat, action, others).items():
                        log_chances[seat][role] += chance
        self.deals = list(permutations(others, len(self.seats)))
        scores = [
            sum(log_chances[seat][role] for seat, role in zip(self.seats, deal, strict=True)) for deal in self.deals
        ]
        top = max(scores)
        self._cumulative = list(accumulate(math.exp(score - top) for score in scores))

    def chance(self, seat: Seat, role: str) -> float:
        """How likely `seat` is to hold `role`."""
        column = self.seats.index(seat)
        below = [0.0, *self._cumulative[:-1]]
        held = sum(
            total - before
            for deal, total, before in zip(self.deals, self._cumulative, below, strict=True)
            if deal[column] == role
        )
        return held / self._cumulative[-1]

    def deal(self, rng: SeededRandom) -> dict[Seat, str]:
        """The other seats' roles, drawn as likely as the plays seen make them."""
        drawn = bisect(self._cumulative, rng.next_u64() / 2**64 * self._cumulative[-1])
        return dict(zip(self.seats, self.deals[min(drawn, len(self.deals) - 1)], strict=True))


def _log_chances(
    rules, remembered: dict, state: AnokeraState, seat: Seat, action: AnokeraAction, roles: tuple[str, ...]
) -> dict[str, float]:
    """Each role's log chance of the normal computer in `seat` making `action` in `state`."""
    key = (state.row, state.columns, state.deaths, state.citizens, state.first_card, state.seat_count, action, roles)
    if key not in remembered:
        if len(remembered) >= REMEMBERED_MOVES:
            remembered.clear()
        legal = rules.legal_actions(state, seat)
        stray = STRAY / len(legal)
        remembered[key] = {
            role: math.log(stray + (1 - STRAY) * choice_chances(rules.sheet, role, state, legal).get(action, 0.0))
            for role in roles
        }
    return remembered[key]
