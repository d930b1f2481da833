"""Replays of finished games: the position after any move, rebuilt through the pure rules from the deal (the
match's seed, options and seating) and its logged actions, the computers' and the game's own (SYSTEM) included.

A position is rebuilt only as far as it is asked for, and a finished game never changes, so its positions, once
rebuilt, are kept for the next step of the same replay (`ReplayCache`): stepping through a game rebuilds it once.
The last position is the match's stored state, and needs no rebuilding. Once a replay has rebuilt a whole game,
it keeps the state of every `KEPT_EVERY`-th move in storage, so that a replay shown later (after a restart, or once
`ReplayCache` has let the game go) starts from the nearest of them and rebuilds at most that many moves: a long
game would otherwise take tens of milliseconds a click. A game with none kept (never replayed yet, or finished
before states were kept) rebuilds from the deal, as does any move before the first kept state.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Event, GameRules, IllegalAction, ParseError, Seating
from bot.matches.model import LogEntry, LoggedAction, Match, Player
from bot.matches.ports import MatchStore, StorageBusy
from bot.matches.refusals import Refusal, RefusalReason
from bot.matches.seat_taking import game_options
from bot.matches.snapshots import decode_state, state_from_text, state_text

APPLIED_BETWEEN_PAUSES = 50
"""Actions a rebuild applies before it lets the event loop serve others: a few milliseconds' work."""
KEPT_EVERY = 50
"""Moves between the states a replayed game keeps in storage: a click rebuilds at most this many actions, a few
milliseconds' work, and a game of 1,300 moves keeps 26 states."""
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
            await self._replay.rebuild_all()


class Replay:
    """A finished match rebuilt from its deal as far as asked so far: each position, and its log's events.
    `log` is read from the store (its `replay_log` is the least a replay needs); `kept`, where given, is the store
    that holds the states kept every `KEPT_EVERY` moves."""

    def __init__(
        self,
        rules: GameRules,
        match: Match,
        log: Sequence[LogEntry] | Sequence[LoggedAction],
        kept: MatchStore | None = None,
    ) -> None:
        self.rules = rules
        self.match = match
        self.log = log
        self._kept = kept
        self._states: dict[int, Any] = {}
        """The positions rebuilt so far, by move: a click after a restart rebuilds from the nearest state kept in
        storage, and needs neither the deal nor the moves before it."""
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
        """Rebuild the position after `move`: from the nearest one known before it, or kept in storage. Refused
        where the rules no longer take a logged action."""
        async with self._building:
            if move in self._states:
                return
            start = max((known for known in self._states if known < move), default=0)
            if self._kept is not None and move - start > KEPT_EVERY:
                start = max(start, await self._kept_state_at_or_before(move))
            await self._apply_up_to(start, move)

    def _dealt(self) -> None:
        if 0 not in self._states:
            seating = seating_of(self.match, self.match.players)
            self._states[0] = self.rules.setup(seating, game_options(self.match.options), self.match.seed)

    async def rebuild_all(self) -> None:
        """Rebuild every position of the game, then keep its states every `KEPT_EVERY` moves in storage if they
        are not kept yet."""
        async with self._building:
            await self._apply_up_to(0, self.moves)
            if self._kept is None or self.moves <= KEPT_EVERY:
                return
            last = (self.moves - 1) // KEPT_EVERY * KEPT_EVERY  # the end is the match's own stored state
            stored = await self._kept.replay_state(self.match.id, last)
            if stored is not None and stored[0] == last:
                return
            states = [
                (move, state_text(self.rules, self._states[move], self.match))
                for move in range(KEPT_EVERY, last + 1, KEPT_EVERY)
            ]
            with contextlib.suppress(StorageBusy):  # a later replay keeps them
                await self._kept.keep_replay_states(self.match.id, states)

    async def _kept_state_at_or_before(self, move: int) -> int:
        """Take the latest state kept in storage at or before `move` among the positions; its move (0: none)."""
        stored = await self._kept.replay_state(self.match.id, move)
        if stored is None:
            return 0
        kept_move, text = stored
        try:
            self._states[kept_move] = state_from_text(self.rules, self.match, text)
        except (KeyError, IndexError, TypeError, ValueError):
            return 0  # kept by a version whose states this one cannot read: rebuilt from the deal instead
        return kept_move

    async def _apply_up_to(self, start: int, move: int) -> None:
        """Rebuild each position not known yet from `start` (known) to `move`, letting the event loop serve others
        every `APPLIED_BETWEEN_PAUSES` actions."""
        if start == 0:
            self._dealt()
        applied = 0
        for number in range(start + 1, move + 1):
            if number in self._states:
                continue
            entry = self.log[number - 1]
            try:
                state, _ = self.rules.apply(self._states[number - 1], entry.seat, self.rules.parse_action(entry.action))
            except (IllegalAction, ParseError):
                # A game logged under rules this version no longer follows.
                raise Refusal(RefusalReason.NO_REPLAY, table=self.match.id, unreadable=True) from None
            self._states[number] = state
            applied += 1
            if applied % APPLIED_BETWEEN_PAUSES == 0:
                await asyncio.sleep(0)

    async def public_views(self) -> list[Any]:
        """What everyone saw after each move, from the deal on."""
        async with self._building:
            await self._apply_up_to(0, self.moves)
        return [self.rules.view(self._states[move], None) for move in range(self.moves + 1)]

    async def position(self, move: int) -> Position:
        """The position after `move` (held to the game's first and last). The last is the match's stored state:
        it needs no rebuilding."""
        move = min(max(move, 0), self.moves)
        if move == self.moves and move not in self._states:
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
