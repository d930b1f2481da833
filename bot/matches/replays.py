"""Replays of finished games: the position after any move, rebuilt through the pure rules from the deal (the
match's seed, options and seating) and its logged actions, the computers' and the game's own (SYSTEM) included.
Nothing else is stored for it: no state or picture of an earlier position is kept in storage.

A position is rebuilt only as far as it is asked for, and a finished game never changes, so its positions, once
rebuilt, are kept for the next step of the same replay (`ReplayCache`): stepping through a game rebuilds it once.
The last position is the match's stored state, and needs no rebuilding.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, GameRules, IllegalAction, ParseError, Seating
from bot.matches.model import LogEntry, Match, Player
from bot.matches.refusals import Refusal, RefusalReason
from bot.matches.seat_taking import game_options
from bot.matches.snapshots import decode_state

APPLIED_BETWEEN_PAUSES = 50
"""Actions a rebuild applies before it lets the event loop serve others: a few milliseconds' work."""
REPLAYS_KEPT = 16
"""Finished games whose rebuilt positions are kept, the most recently shown: a few people stepping through a
few games at once."""


@dataclass(frozen=True)
class Position:
    """A finished match as it stood after `move` of its `moves` logged actions (0: as dealt): the public view,
    what everyone saw then. `events` gives the events of any move (hidden ones included: whoever shows them
    keeps to what everyone may see)."""

    match: Match
    move: int
    moves: int
    public_view: Any
    _replay: Replay = field(repr=False, compare=False)

    def events(self, move: int) -> tuple[Event, ...]:
        """The events of move `move` (1 first)."""
        return self._replay.events(move)

    async def rebuild_all(self) -> None:
        """Rebuild every position of the game now, so that the next move asked for is ready at once (one the
        rules no longer take is refused when it is asked for)."""
        with contextlib.suppress(Refusal):
            await self._replay.reach(self.moves)


class Replay:
    """A finished match rebuilt from its deal as far as asked so far: each position, and its log's events."""

    def __init__(self, rules: GameRules, match: Match, log: Sequence[LogEntry]) -> None:
        self.rules = rules
        self.match = match
        self.log = log
        self._states = [rules.setup(seating_of(match, match.players), game_options(match.options), match.seed)]
        self._events: dict[int, tuple[Event, ...]] = {}
        self._building = asyncio.Lock()

    @property
    def moves(self) -> int:
        return len(self.log)

    def events(self, move: int) -> tuple[Event, ...]:
        """The events of move `move` (1 first), decoded once."""
        events = self._events.get(move)
        if events is None:
            events = self._events[move] = tuple(self.rules.decode_event(event) for event in self.log[move - 1].events)
        return events

    async def reach(self, move: int) -> None:
        """Rebuild the positions up to `move`, letting the event loop serve others every `APPLIED_BETWEEN_PAUSES`
        actions (a long game takes tens of milliseconds). Refused where the rules no longer take a logged
        action."""
        async with self._building:
            while len(self._states) <= move:
                entry = self.log[len(self._states) - 1]
                try:
                    state, _ = self.rules.apply(self._states[-1], entry.seat, self.rules.parse_action(entry.action))
                except (IllegalAction, ParseError):
                    # A game logged under rules this version no longer follows.
                    raise Refusal(RefusalReason.NO_REPLAY, table=self.match.id, unreadable=True) from None
                self._states.append(state)
                if len(self._states) % APPLIED_BETWEEN_PAUSES == 0:
                    await asyncio.sleep(0)

    async def public_views(self) -> list[Any]:
        """What everyone saw after each move, from the deal on."""
        await self.reach(self.moves)
        return [self.rules.view(state, None) for state in self._states]

    async def position(self, move: int) -> Position:
        """The position after `move` (held to the game's first and last). The last is the match's stored state:
        it needs no rebuilding."""
        move = min(max(move, 0), self.moves)
        if move == self.moves and len(self._states) <= move:
            state = decode_state(self.rules, self.match)
        else:
            await self.reach(move)
            state = self._states[move]
        seated = self.match.seated_at(self.log[move - 1].version if move else 0)
        return Position(seated, move, self.moves, self.rules.view(state, None), self)


def seating_of(match: Match, players: Sequence[Player]) -> Seating:
    """The seats a game is dealt for: how many, the opener's (who may have left since, and had their seat taken
    over), and the computers'."""
    opener = next(player for player in (*players, *match.departed) if player.user_id == match.opener_id)
    return Seating(
        len(players),
        opener=opener.seat,
        computers=tuple(player.seat for player in players if player.is_computer),
    )


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
