"""What the host hands out about a match: a `Snapshot` (its record with the state decoded once, and for a finished
game the rating changes its result made), the report of an accepted action (`ActionResult`) and of a deadline it
handled (`DeadlineFired`); and how a match's state is read from and written to its stored text, the fixed fields
kept apart."""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import orjson

from bot.engine import Decision, Event, GameRules, Outcome, Seat, canonical_json
from bot.matches.model import DeadlineKind, Match, MatchStatus, RatingChange
from bot.matches.pins import pin_of, still_as_shown
from bot.matches.standing import Standing, standing

FIXED_PARTS_KEPT = 512
"""Decoded fixed parts of states (an Anomia deck) kept, most recently used first."""
LATEST_STATES_KEPT = 1000
"""Matches whose latest state is kept decoded, the most recently played: the next action at such a table finds
its state already decoded. A state with its text takes a few kilobytes to a few tens of them."""


@dataclass(frozen=True)
class Snapshot:
    """A match as loaded or just changed, its state decoded once: the record, and for a started game the public
    view, who may act and how it ended, each worked out when first asked for (a change whose board edit is
    merged into a later one never needs its view). The state itself stays inside, so what leaves a snapshot is
    only ever a view."""

    match: Match
    _rules: GameRules | None = field(default=None, repr=False, compare=False)
    _state: Any = field(default=None, repr=False, compare=False)
    ratings: Mapping[int, RatingChange] = field(default_factory=dict)
    """For a finished game: each rated player's rating change, by user id (empty: it rated nobody)."""
    linked: Match | None = None
    """The table linked by Play again, where the board shows the link: for a lobby, the finished table it follows;
    for a finished game, the newest table opened from it (see `MatchHost.with_link`)."""

    @classmethod
    def of(cls, match: Match, rules: GameRules, state: Any = None) -> Snapshot:
        """The snapshot of `match`; `state` is its decoded state when the caller already has it."""
        if match.state_json is None:
            return cls(match)
        return cls(match, rules, decode_state(rules, match) if state is None else state)

    @functools.cached_property
    def public_view(self) -> Any:
        """What everyone may see; None before the game starts."""
        return None if self._rules is None else self._rules.view(self._state, None)

    @functools.cached_property
    def actors(self) -> frozenset[Seat]:
        """The seats that may act now."""
        if self._rules is None or self.match.status is not MatchStatus.PLAYING:
            return frozenset()
        return self._rules.actors(self._state)

    @functools.cached_property
    def outcome(self) -> Outcome | None:
        """How the game ended, once it has."""
        return None if self._rules is None else self._rules.outcome(self._state)

    @functools.cached_property
    def standing(self) -> Standing | None:
        """The places and winners of a finished game, players who left placed last; None before its end."""
        if self.match.status is not MatchStatus.FINISHED:
            return None
        return standing(self.match, self.outcome)

    def with_ratings(self, ratings: Mapping[int, RatingChange]) -> Snapshot:
        """This snapshot with the players' rating changes."""
        return replace(self, ratings=ratings)

    def with_link(self, linked: Match | None) -> Snapshot:
        """This snapshot with the table Play again links it to."""
        return replace(self, linked=linked)

    def pin(self, seat: Seat | None) -> str:
        """What a control made now for `seat`'s private panel (None: for the board) pins (see pins.py)."""
        if self._rules is None:
            raise ValueError(f"match {self.match.id} has not started")
        return pin_of(self._rules, self._state, seat)

    def still_as_shown(self, seat: Seat, pin: str) -> bool:
        """Whether a control pinned so, clicked by `seat`, still offers what it showed (see pins.py)."""
        return self._rules is not None and still_as_shown(self._rules, self._state, self.match.version, seat, pin)

    def decision(self, seat: Seat) -> Decision | None:
        """The kind of choice the seat faces now, with its line of first-game guidance (`GameRules.decision`)."""
        if self._rules is None or self.match.status is not MatchStatus.PLAYING:
            return None
        return self._rules.decision(self._state, seat)

    def seat_view(self, seat: Seat) -> Any:
        """What this seat may see: the public view and its own secrets."""
        if self._rules is None:
            raise ValueError(f"match {self.match.id} has not started")
        return self._rules.view(self._state, seat)


@dataclass(frozen=True)
class ActionResult:
    """What an accepted action changed: the match after it, what happened, and who must act next."""

    snapshot: Snapshot
    events: list[Event]
    turn_started_for: frozenset[Seat]
    """Seats that may act now and could not before (to be told it is their turn)."""

    @property
    def match(self) -> Match:
        return self.snapshot.match


@dataclass(frozen=True)
class DeadlineFired:
    """A deadline the host handled: a lobby expired, a player is reminded of their turn, a game timer ran, or a
    computer moved for a player (their clock ran out, or it plays their seat)."""

    kind: DeadlineKind
    snapshot: Snapshot
    seats: tuple[Seat, ...] = ()
    result: ActionResult | None = None
    """For a game timer or a computer's move: what it changed."""

    @property
    def match(self) -> Match:
        return self.snapshot.match


def decode_state(rules: GameRules, match: Match, *, keep: bool = True) -> Any:
    """The game state of a started match, its fixed fields put back; `keep=False` for a one-off read that should
    not push a table in play out of the kept states."""
    kept = _LATEST_STATES.get(rules, match)
    if kept is not None:
        return kept
    state = state_from_text(rules, match, match.state_json)
    if keep:
        _LATEST_STATES.keep(rules, match, match.state_json, state)
    return state


def state_from_text(rules: GameRules, match: Match, state_json: str) -> Any:
    """A state of `match` from its text as `state_text` wrote it, the match's fixed fields put back."""
    data = orjson.loads(state_json)
    if match.fixed_json is None:
        return rules.decode_state(data)
    return rules.decode_state(data, _fixed_values(rules, match.fixed_json))


def state_text(rules: GameRules, state: Any, match: Match) -> str:
    """The text of a state of `match`, without its fixed fields when the match keeps them apart."""
    return canonical_json(rules.encode_state(state, without_fixed=match.fixed_json is not None))


@functools.lru_cache(maxsize=FIXED_PARTS_KEPT)
def _fixed_values(rules: GameRules, fixed_json: str) -> Mapping[str, Any]:
    # Keyed by the stored text itself, which never changes for a match: a kept entry cannot go stale, even when
    # another process changes the match.
    return rules.decode_fixed(orjson.loads(fixed_json))


def encode_state(rules: GameRules, state: Any, match: Match) -> str:
    """The state as `match` stores it: without its fixed fields when the match keeps them apart. It is kept
    decoded, as the state the match's next action will most likely load."""
    text = state_text(rules, state, match)
    _LATEST_STATES.keep(rules, match, text, state)
    return text


class _LatestStates:
    """Each recently played match's latest state, decoded, beside the stored text it was decoded from (or encoded
    to). A state is used again only for the very same text, fixed part and rules, so a kept entry can never be
    stale: a state another process wrote, or one whose commit failed, simply is not found. Sharing one decoded
    state between actions is safe because the rules never change a state (the conformance suite checks it).
    The host decides on the database's thread and reads snapshots on the event loop's, hence the lock."""

    def __init__(self, size: int) -> None:
        self._size = size
        # Ordered by use. (A dict would do, but finding its oldest entry walks past every slot its removals left.)
        self._states: OrderedDict[int, tuple[GameRules, str | None, str, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, rules: GameRules, match: Match) -> Any:
        entry = self._states.get(match.id)
        if entry is None:
            return None
        kept_rules, fixed_json, state_json, state = entry
        if kept_rules is rules and state_json == match.state_json and fixed_json == match.fixed_json:
            return state
        return None

    def keep(self, rules: GameRules, match: Match, state_json: str, state: Any) -> None:
        with self._lock:
            self._states[match.id] = (rules, match.fixed_json, state_json, state)
            self._states.move_to_end(match.id)
            if len(self._states) > self._size:
                self._states.popitem(last=False)


_LATEST_STATES = _LatestStates(LATEST_STATES_KEPT)
