"""A tiny game for testing the host without any real game's rules: players take turns adding 1 or 2 to a
running total; whoever reaches the target wins. It implements the full GameRules interface. Two variants: one with
timers, and one played in rounds, where a turn waits on every seat at once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.engine import (
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Event,
    GameRules,
    IllegalAction,
    Option,
    Outcome,
    ParseError,
    Seating,
    Timer,
)


class CountEvent(StrEnum):
    ADDED = "added"
    BONUS = "bonus"


class CountEnd(StrEnum):
    REACHED_TARGET = "reached_target"


@dataclass(frozen=True)
class Add:
    amount: int

    @property
    def notation(self) -> str:
        return f"add {self.amount}"


@dataclass(frozen=True)
class CountState:
    seats: int
    target: int
    total: int
    turn: int
    computers: int = 0
    """The last `computers` seats are computer players."""


class CountToRules(GameRules[CountState, Add]):
    key = "countto"
    title = "Count To"
    min_players = 2
    max_players = 3
    options = (Option("target", "Target", (10, 5)),)
    state_type = CountState
    event_kinds = CountEvent
    end_reasons = CountEnd

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> CountState:
        return CountState(seating.seat_count, options["target"], 0, seed % seating.seat_count)

    def actors(self, state: CountState) -> frozenset[int]:
        return frozenset() if state.total >= state.target else frozenset({state.turn})

    def legal_actions(self, state: CountState, seat: int) -> list[Add]:
        return [Add(1), Add(2)] if seat in self.actors(state) else []

    def apply(self, state: CountState, seat: int, action: Add) -> tuple[CountState, list[Event]]:
        if action.amount not in (1, 2):
            raise IllegalAction("You may add 1 or 2.")
        total = min(state.total + action.amount, state.target)
        new_state = CountState(state.seats, state.target, total, (state.turn + 1) % state.seats, state.computers)
        return new_state, [Event(CountEvent.ADDED, seat, {"amount": action.amount, "total": total})]

    def outcome(self, state: CountState) -> Outcome | None:
        if state.total < state.target:
            return None
        return Outcome(((state.turn - 1) % state.seats,), CountEnd.REACHED_TARGET)

    def view(self, state: CountState, seat: int | None) -> CountState:
        return state

    def stand_in(self, state: CountState, seat: int, arrival: int) -> Add | None:
        """A computer standing in adds 1 (the game keeps no seats of computers to look at)."""
        return Add(1) if seat in self.actors(state) else None

    def hidden_from(self, state: CountState, seat: int | None) -> frozenset[str]:
        return frozenset()

    def parse_action(self, text: str) -> Add:
        verb, _, amount = text.partition(" ")
        if verb != "add" or not amount.isdigit():
            raise ParseError(f"not an action: {text!r}")
        return Add(int(amount))


class TimedCountRules(CountToRules):
    """Count To with a clock: computer players add 1 after two seconds, and while the total is below half
    the target, the game itself adds 2 after a minute (a timer that outlives the moves made meanwhile)."""

    key = "timedcount"
    title = "Timed Count"
    options = (Option("target", "Target", (10, 5)), Option(COMPUTER_PLAYERS_OPTION, "Computer players", (0, 1)))

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> CountState:
        return CountState(seating.seat_count, options["target"], 0, 0, len(seating.computers))

    def apply(self, state: CountState, seat: int, action: Add) -> tuple[CountState, list[Event]]:
        if seat == SYSTEM:
            total = min(state.total + action.amount, state.target)
            bonus = CountState(state.seats, state.target, total, state.turn, state.computers)
            return bonus, [Event(CountEvent.BONUS, None, {"total": total})]
        return super().apply(state, seat, action)

    def timers(self, state: CountState) -> list[Timer]:
        if state.total >= state.target:
            return []
        timers = []
        if state.turn >= state.seats - state.computers:
            timers.append(Timer(f"computer-{state.total}", 2, Add(1), state.turn))
        if state.total < state.target // 2:
            timers.append(Timer("bonus", 60, Add(2)))
        return timers


@dataclass(frozen=True)
class RoundState:
    seats: int
    target: int
    total: int
    added: tuple[int, ...] = ()
    """The seats that added in this round, in order; a round ends when every seat has."""
    last: int = 0
    """The seat that added last."""


class RoundCountRules(CountToRules):
    """Count To in rounds: every seat adds once a round, all of them at the same time (a turn that waits on
    several seats at once, as an Anomia face-off or Anachronism's choosing of forces does)."""

    key = "roundcount"
    title = "Round Count"
    state_type = RoundState

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> RoundState:
        return RoundState(seating.seat_count, options["target"], 0)

    def actors(self, state: RoundState) -> frozenset[int]:
        if state.total >= state.target:
            return frozenset()
        return frozenset(range(state.seats)) - frozenset(state.added)

    def apply(self, state: RoundState, seat: int, action: Add) -> tuple[RoundState, list[Event]]:
        if action.amount not in (1, 2):
            raise IllegalAction("You may add 1 or 2.")
        if seat not in self.actors(state):
            raise IllegalAction("You added in this round already.")
        total = min(state.total + action.amount, state.target)
        added = () if len(state.added) + 1 == state.seats else (*state.added, seat)
        new_state = RoundState(state.seats, state.target, total, added, seat)
        return new_state, [Event(CountEvent.ADDED, seat, {"amount": action.amount, "total": total})]

    def outcome(self, state: RoundState) -> Outcome | None:
        if state.total < state.target:
            return None
        return Outcome((state.last,), CountEnd.REACHED_TARGET)
