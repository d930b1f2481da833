"""The state of a match of Anomia: the table options, the cards, the face-off in progress and the whole match.

Frozen values that the engine's codec stores (cards and answers as compact lists, the rest by field name);
stored matches must keep loading, so fields are only ever added, with defaults. Only `AnomiaRules.view` shows
a state to players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bot.engine import Seat, compact
from bot.engine.levels import NORMAL
from bot.games.anomia.events import AnomiaEnd

LISTS, TRUST, VOTE = "lists", "trust", "vote"
"""The `judging` option's choices (ruling M7)."""
LIVE, ASYNC = "live", "async"
"""The `timing` option's choices (ruling M12)."""


class Phase(StrEnum):
    """Where a face-off stands."""

    OPEN = "open"
    """Waiting for answers."""
    SETTLING = "settling"
    """An answer is in, and earlier-keyed ones may still arrive."""
    CHALLENGE = "challenge"
    """A provisional winner's answer may be challenged (judging "trust")."""
    VOTING = "vote"
    """The other players are voting on an answer."""


OPEN, SETTLING, CHALLENGE, VOTING = Phase.OPEN, Phase.SETTLING, Phase.CHALLENGE, Phase.VOTING


class AnswerStatus(StrEnum):
    """What became of an answer given in a face-off."""

    LISTED = "listed"
    """Valid at once."""
    DOUBTFUL = "doubtful"
    """Needs a vote."""
    UPHELD = "upheld"
    """A vote found it valid."""
    REJECTED = "rejected"
    """A vote or a challenge refused it."""
    REPEATED = "repeated"
    """A duplicate of an earlier-keyed answer for the same category (no-repeat, ruling M8)."""


LISTED, DOUBTFUL, UPHELD, REJECTED, REPEATED = AnswerStatus
_LIVE_STATUSES = (LISTED, DOUBTFUL, UPHELD)


@dataclass(frozen=True)
class AnomiaOptions:
    """The table options chosen when the match was opened."""

    judging: str = TRUST
    no_repeat: bool = True
    tie_window_ms: int = 0
    timing: str = LIVE
    computer_players: int = 0
    computer_pace: str = "steady"
    computer_level: str = NORMAL


@compact
@dataclass(frozen=True)
class Card:
    """A category card (one symbol) or a wild card (two symbols). Symbols are indexes into the content's list."""

    id: str
    symbols: tuple[int, ...]
    category: str | None = None

    @property
    def is_wild(self) -> bool:
        return self.category is None


@compact
@dataclass(frozen=True)
class Candidate:
    """An answer given in the current round of a face-off."""

    seat: Seat
    text: str
    arrival: int
    category: str
    status: AnswerStatus

    @property
    def is_live(self) -> bool:
        return self.status in _LIVE_STATUSES


@dataclass(frozen=True)
class Ballot:
    """A vote among the other players on one candidate answer."""

    candidate: int
    """Index into the face-off's candidates."""
    reason: str
    """"vote" (an answer that needs one, ruling M7) or "challenge" (the loser challenged it)."""
    voters: tuple[Seat, ...]
    yes: tuple[Seat, ...] = ()
    no: tuple[Seat, ...] = ()


@dataclass(frozen=True)
class FaceOff:
    """Two players racing to answer each other's category (ruling M5)."""

    number: int
    seats: tuple[Seat, Seat]
    categories: tuple[str, str]
    """The category each of `seats` must answer: the opponent's, or after a tie the tie-breaker's (M9)."""
    phase: Phase = Phase.OPEN
    round: int = 0
    """Counts ties: each tie starts a new round with new categories."""
    candidates: tuple[Candidate, ...] = ()
    leader: int | None = None
    """In the challenge phase: the candidate that wins unless challenged."""
    ballot: Ballot | None = None
    tiebreakers: tuple[str, ...] = ()
    reminders: int = 0
    skip_votes: tuple[Seat, ...] = ()

    def category_of(self, seat: Seat) -> str:
        return self.categories[self.seats.index(seat)]

    def opponent(self, seat: Seat) -> Seat:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def has_live_answer(self, seat: Seat) -> bool:
        """Whether `seat` has an answer in this round that may still win."""
        return any(candidate.seat == seat and candidate.is_live for candidate in self.candidates)

    def challenger(self) -> Seat:
        """In the challenge phase: the leader's opponent, who may challenge or accept."""
        return self.opponent(self.candidates[self.leader].seat)


@dataclass(frozen=True)
class Resolution:
    """How the last face-off ended: "answered" or "skipped"."""

    seats: tuple[Seat, Seat]
    reason: str
    winner: Seat | None = None
    answer: str | None = None
    card: str | None = None


@dataclass(frozen=True)
class AnomiaState:
    """A whole match, draw piles included. Only `AnomiaRules.view` may show it to players."""

    options: AnomiaOptions
    deck: tuple[Card, ...]
    """Every card of this match, in id order."""
    computer_seats: tuple[Seat, ...]
    draw_piles: tuple[tuple[str, ...], tuple[str, ...]]
    """Left and right draw piles, top card first."""
    play_piles: tuple[tuple[str, ...], ...]
    """Each seat's play pile, bottom first: the last card is the top card."""
    winning_piles: tuple[tuple[str, ...], ...]
    wilds: tuple[str, ...]
    """Wild cards in the centre, oldest first: the last one is active (ruling M11)."""
    flipper: Seat
    """Whose flip it is, or during face-offs who flipped last."""
    again: bool
    """The last flip was a wild, so its flipper flips again once face-offs are done (ruling M11)."""
    flips: int
    faceoff: FaceOff | None
    faceoffs: int
    used: tuple[tuple[str, str], ...]
    """(category id, answer key) pairs already said this game (ruling M8), sorted."""
    skipped: tuple[tuple[str, str], ...]
    """Pairs of top cards whose face-off was skipped: they do not face off again (ruling M12)."""
    arrival_high: int
    """The highest arrival key seen, for representative keys in `legal_actions`."""
    last: Resolution | None
    result: AnomiaEnd | None
    placings: tuple[tuple[Seat, ...], ...]
    rng_state: int
    opener: Seat = 0
    """The seat of the player who opened the table: they may skip a stuck face-off (ruling M12)."""

    @property
    def seat_count(self) -> int:
        return len(self.play_piles)

    def top(self, seat: Seat) -> str | None:
        pile = self.play_piles[seat]
        return pile[-1] if pile else None

    @property
    def active_wild(self) -> str | None:
        return self.wilds[-1] if self.wilds else None


def replaced(items: tuple, index: int, value: Any) -> tuple:
    """`items` with the item at `index` replaced by `value`."""
    return (*items[:index], value, *items[index + 1 :])


def with_used(used: tuple[tuple[str, str], ...], pairs: Sequence[tuple[str, str]]) -> tuple:
    """`AnomiaState.used` with the (category id, answer key) pairs added, sorted; empty keys are left out."""
    return tuple(sorted({*used, *(pair for pair in pairs if pair[1])}))
