"""Who goes first in Anachronism: the turn order of a round by Initiative, and every tie broken by Experience,
then by a roll-off among those still tied (the rolls nothing modifies, shown to the players). `Initiative` is a
part of `AnachronismRules` (rules.py); combat uses its tie-break for attacks whose totals tie."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.engine import Event, Seat, SeededRandom
from bot.games.anachronism.dice import roll
from bot.games.anachronism.events import AnachronismEvent
from bot.games.anachronism.state import AnachronismState


class Initiative:
    """Turn order and tie-breaks, for `AnachronismRules` (which supplies each warrior's Experience)."""

    def _order(self, state: AnachronismState, initiative: Mapping[Seat, int | None], events: list) -> tuple:
        """Higher Initiative first; ties go to Experience, then to a roll. A null Initiative (a player with no
        card turned up) ties everyone."""
        seats = list(initiative)
        if any(value is None for value in initiative.values()):
            levels = [seats]
        else:
            values = sorted(set(initiative.values()), reverse=True)
            levels = [[seat for seat in seats if initiative[seat] == value] for value in values]
        order: list[Seat] = []
        how = "initiative"
        for level in levels:
            if len(level) > 1:
                state, level, by = self._rank_tied(state, level, events)
                how = by if not order else how
            order.extend(level)
        data = {
            "initiative": [initiative.get(seat) for seat in range(state.seat_count)], "first": order[0], "by": how,
            "order": order,
        }  # fmt: skip
        events.append(Event(AnachronismEvent.INITIATIVE, None, data))
        return state, tuple(order)

    def _tie(self, state: AnachronismState, first: Seat, second: Seat, events: list) -> tuple:
        """Break a tie between two: higher Experience, else a roll."""
        state, ranked, how = self._rank_tied(state, [first, second], events)
        return state, ranked[0], how

    def _rank_tied(self, state: AnachronismState, seats: list[Seat], events: list) -> tuple:
        """Order tied seats: higher Experience first, and those still tied by a roll-off."""
        experience = {seat: self.experience(state, seat) for seat in seats}
        ranked: list[Seat] = []
        how = "experience"
        for value in sorted(set(experience.values()), reverse=True):
            level = [seat for seat in seats if experience[seat] == value]
            if len(level) > 1:
                state, level = self._roll_off(state, level, events)
                how = "roll" if not ranked else how
            ranked.extend(level)
        return state, ranked, how

    def _roll_off(self, state: AnachronismState, seats: list[Seat], events: list) -> tuple:
        """Each rolls two dice that nothing modifies, higher first; those who tie roll again among themselves."""
        rng = SeededRandom(state.rng_state)
        dice = {seat: roll(rng) for seat in seats}
        state = replace(state, rng_state=rng.state)
        rolled = {"seats": list(seats), "dice": [list(dice[seat]) for seat in seats]}
        events.append(Event(AnachronismEvent.ROLLED_OFF, None, rolled))
        ranked: list[Seat] = []
        for total in sorted({sum(each) for each in dice.values()}, reverse=True):
            level = [seat for seat in seats if sum(dice[seat]) == total]
            if len(level) > 1:
                state, level = self._roll_off(state, level, events)
            ranked.extend(level)
        return state, ranked
