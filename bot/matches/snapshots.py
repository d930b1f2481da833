"""What the host hands out about a match: a `Snapshot` (its record with the state decoded once, and for a finished
game the rating changes its result made), the report of an accepted action (`ActionResult`) and of a deadline it
handled (`DeadlineFired`); and how a match's state is read from and written to its stored text, the fixed fields
kept apart."""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine import Event, GameRules, Outcome, Seat, canonical_json
from bot.matches.model import DeadlineKind, Match, MatchStatus, RatingChange

FIXED_PARTS_KEPT = 512
"""Decoded fixed parts of states (an Anomia deck) kept, most recently used first."""


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

    def with_ratings(self, ratings: Mapping[int, RatingChange]) -> Snapshot:
        """This snapshot with the players' rating changes."""
        return replace(self, ratings=ratings)

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


def decode_state(rules: GameRules, match: Match) -> Any:
    """The game state of a started match, its fixed fields put back."""
    data = json.loads(match.state_json)
    if match.fixed_json is None:
        return rules.decode_state(data)
    return rules.decode_state(data, _fixed_values(rules, match.fixed_json))


@functools.lru_cache(maxsize=FIXED_PARTS_KEPT)
def _fixed_values(rules: GameRules, fixed_json: str) -> Mapping[str, Any]:
    # Keyed by the stored text itself, which never changes for a match: a kept entry cannot go stale, even when
    # another process changes the match.
    return rules.decode_fixed(json.loads(fixed_json))


def encode_state(rules: GameRules, state: Any, match: Match) -> str:
    """The state as `match` stores it: without its fixed fields when the match keeps them apart."""
    return canonical_json(rules.encode_state(state, without_fixed=match.fixed_json is not None))
