"""When Anachronism's computer players act: `AnachronismGame`, the rules with a timer for each computer seat's
next action or answer, which is what the engine runs. The rules themselves (rules.py) never ask a computer; the
computer (computers.py) reads the rules to choose, so each stays on its own side of this module."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property, partial

from bot.engine import Seat, Timer
from bot.engine.levels import ComputerLevels, choose_action
from bot.games.anachronism.actions import AnachronismAction
from bot.games.anachronism.levels import computer_levels
from bot.games.anachronism.rules import AnachronismRules
from bot.games.anachronism.state import AnachronismState

COMPUTER_DELAY = 2.0
"""Seconds a computer takes over each action, so that players can follow it on the board."""


class AnachronismGame(AnachronismRules):
    """The rules of Anachronism with its computer players."""

    def timers(self, state: AnachronismState) -> Sequence[Timer]:
        """A computer player's next action or answer."""
        actors = self.actors(state) & set(state.computer_seats)
        return tuple(
            Timer(f"computer-{seat}-{state.steps}", COMPUTER_DELAY, partial(self._computer_action, state, seat), seat)
            for seat in sorted(actors)
        )  # fmt: skip

    @cached_property
    def _levels(self) -> ComputerLevels[AnachronismState, AnachronismAction]:
        return computer_levels(self)

    def computer_levels(self) -> ComputerLevels[AnachronismState, AnachronismAction]:
        return self._levels

    def _computer_action(self, state: AnachronismState, seat: Seat, arrival: int) -> AnachronismAction:
        return choose_action(self, state, seat, state.computer_level)
