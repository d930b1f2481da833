"""A tiny game for testing the host without any real game's rules: players take turns adding 1 or 2 to a
running total; whoever reaches the target wins. It implements the full GameRules interface."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, GameRules, IllegalAction, Option, Outcome, ParseError


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


class CountToRules(GameRules[CountState, Add]):
    key = "countto"
    title = "Count To"
    min_players = 2
    max_players = 3
    options = (Option("target", "Target", (10, 5)),)

    def setup(self, seat_count: int, options: Mapping[str, Any], seed: int) -> CountState:
        return CountState(seat_count, options["target"], 0, seed % seat_count)

    def actors(self, state: CountState) -> frozenset[int]:
        return frozenset() if state.total >= state.target else frozenset({state.turn})

    def legal_actions(self, state: CountState, seat: int) -> list[Add]:
        return [Add(1), Add(2)] if seat in self.actors(state) else []

    def apply(self, state: CountState, seat: int, action: Add) -> tuple[CountState, list[Event]]:
        if action.amount not in (1, 2):
            raise IllegalAction("You may add 1 or 2.")
        total = min(state.total + action.amount, state.target)
        new_state = CountState(state.seats, state.target, total, (state.turn + 1) % state.seats)
        return new_state, [Event("added", seat, {"amount": action.amount, "total": total})]

    def outcome(self, state: CountState) -> Outcome | None:
        if state.total < state.target:
            return None
        return Outcome(((state.turn - 1) % state.seats,), "reached_target")

    def view(self, state: CountState, seat: int | None) -> CountState:
        return state

    def hidden_from(self, state: CountState, seat: int | None) -> frozenset[str]:
        return frozenset()

    def parse_action(self, text: str) -> Add:
        verb, _, amount = text.partition(" ")
        if verb != "add" or not amount.isdigit():
            raise ParseError(f"not an action: {text!r}")
        return Add(int(amount))

    def encode_state(self, state: CountState) -> dict[str, int]:
        return {"seats": state.seats, "target": state.target, "total": state.total, "turn": state.turn}

    def decode_state(self, data: dict[str, int]) -> CountState:
        return CountState(**data)
