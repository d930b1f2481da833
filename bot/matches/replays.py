"""Replays of finished games: the position after any move, rebuilt through the pure rules from the deal (the
match's seed, options and seating) and its logged actions, the computers' and the game's own (SYSTEM) included.
Nothing else is stored for it: no state or picture of an earlier position is kept in storage.

A finished game never changes, so its positions, once rebuilt, are kept for the next step of the same replay
(`ReplayCache`): stepping through a game rebuilds it once.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.engine import Event, GameRules, Seating
from bot.matches.model import LogEntry, Match, Player

REPLAYS_KEPT = 16
"""Finished games whose rebuilt positions are kept, the most recently shown: a few people stepping through a
few games at once."""


@dataclass(frozen=True)
class Position:
    """A finished match as it stood after `move` of its `moves` logged actions (0: as dealt): the public view,
    what everyone saw then, and every logged action's events (hidden ones included: whoever shows them keeps to
    what everyone may see)."""

    match: Match
    move: int
    moves: int
    public_view: Any
    events: tuple[tuple[Event, ...], ...]
    """The events of move 1, 2, ... in order."""


@dataclass(frozen=True)
class Replay:
    """Every state of a finished match, from the deal on, and each logged action's events."""

    states: tuple[Any, ...]
    events: tuple[tuple[Event, ...], ...]

    def position(self, rules: GameRules, match: Match, move: int) -> Position:
        """The position after `move` (held to the game's first and last)."""
        move = min(max(move, 0), len(self.states) - 1)
        return Position(match, move, len(self.states) - 1, rules.view(self.states[move], None), self.events)


def seating_of(match: Match, players: Sequence[Player]) -> Seating:
    """The seats a game is dealt for: how many, the opener's, and the computers'."""
    return Seating(
        len(players),
        opener=match.player(match.opener_id).seat,
        computers=tuple(player.seat for player in players if player.is_computer),
    )


def replayed(rules: GameRules, match: Match, log: Sequence[LogEntry]) -> Replay:
    """The match replayed from its deal through every logged action."""
    state = rules.setup(seating_of(match, match.players), match.options, match.seed)
    states = [state]
    for entry in log:
        state, _ = rules.apply(state, entry.seat, rules.parse_action(entry.action))
        states.append(state)
    events = tuple(tuple(rules.decode_event(event) for event in entry.events) for entry in log)
    return Replay(tuple(states), events)


class ReplayCache:
    """The rebuilt positions of the finished games shown last (`REPLAYS_KEPT`), by match id and version."""

    def __init__(self, kept: int = REPLAYS_KEPT) -> None:
        self.kept = kept
        self._replays: OrderedDict[tuple[int, int], Replay] = OrderedDict()

    def get(self, match: Match) -> Replay | None:
        key = (match.id, match.version)
        replay = self._replays.get(key)
        if replay is not None:
            self._replays.move_to_end(key)
        return replay

    def keep(self, match: Match, replay: Replay) -> None:
        self._replays[(match.id, match.version)] = replay
        while len(self._replays) > self.kept:
            self._replays.popitem(last=False)
