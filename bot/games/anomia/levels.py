"""Anomia's computer players at each level: the same at every level.

What decides Anomia is the race to answer, and a computer's speed and knowledge are set apart (the computer pace
option and the category lists) so that they stay human-like. Its other choices leave nothing to think ahead
about: the two draw piles are face down and equally unknown, so no flip is better than another, and a computer
votes on an answer by the category's list, which is already the honest vote. So easy, normal and hard all make
the move of the computer's own timer (computers.py).
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Seat
from bot.engine.levels import COMPUTER_LEVEL, ComputerLevels
from bot.games.anomia.actions import AnomiaAction
from bot.games.anomia.state import AnomiaState

COMPUTER_LEVEL_HERE = replace(
    COMPUTER_LEVEL, help="Anomia's computers answer at their Computer pace: easy, normal and hard play alike here."
)
"""The option every game offers, with a help line that says what it does (nothing) in Anomia."""


def computer_levels(rules) -> ComputerLevels[AnomiaState, AnomiaAction | None]:
    """The players at each level, for `rules` (an `AnomiaRules`): the computer's timed move for the seat, None
    while it has none (it knows no answer, or it is not its move)."""

    def timed(state: AnomiaState, seat: Seat) -> AnomiaAction | None:
        timer = next((timer for timer in rules.timers(state) if timer.seat == seat), None)
        return None if timer is None else timer.action_at(0)

    return ComputerLevels(easy=timed, normal=timed, hard=timed)
