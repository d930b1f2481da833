"""How well computer players play: the table option that sets it, and one entry point per level.

Every game offers `easy`, `normal` (its rules of thumb) and `hard` (a search that thinks ahead with the game's own
rules, see `search.py`). A game lists its players at each level in a `ComputerLevels` that its rules hand out
(`GameRules.computer_levels`); `choose_action` asks it, so a table's computers, its stand-ins and a hint all come
from the same place.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.engine.rules import GameRules, Option, Seat

EASY = "easy"
NORMAL = "normal"
HARD = "hard"
LEVELS = (EASY, NORMAL, HARD)

COMPUTER_LEVEL_OPTION = "computer_level"
COMPUTER_LEVEL = Option(
    COMPUTER_LEVEL_OPTION,
    "Computer level",
    (NORMAL, EASY, HARD),
    "How well computers play, stand-ins included: easy, normal, or hard (thinks a few moves ahead).",
)
"""The table option every game offers; normal, today's computers, is the default."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")

Player = Callable[[StateT, Seat], ActionT]
"""A computer player: its choice for a seat in a state, from what that seat may see."""


@dataclass(frozen=True)
class ComputerLevels(Generic[StateT, ActionT]):
    """One game's computer players at each level."""

    easy: Player
    normal: Player
    hard: Player

    def player(self, level: str) -> Player:
        """The player at `level`; an unknown level (a state stored before levels existed) plays normal."""
        return {EASY: self.easy, HARD: self.hard}.get(level, self.normal)


def level_chosen(options: Mapping[str, Any]) -> str:
    """The computer level of a table, from its resolved options."""
    return options.get(COMPUTER_LEVEL_OPTION, NORMAL)


def choose_action(rules: GameRules, state: Any, seat: Seat, level: str) -> Any:
    """What a computer player at `level` would do for `seat` in `state`: the pure entry point behind a table's
    computers, its stand-ins and hints. Only `seat`'s view decides a hard player's choice."""
    levels = rules.computer_levels()
    if levels is None:
        raise ValueError(f"{rules.title} has no computer players")
    return levels.player(level)(state, seat)
