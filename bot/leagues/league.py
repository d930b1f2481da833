"""A league as a value: its format, entrants, planned rounds, every pairing with its outcome, and who dropped
(the steps that change it are in `steps.py`). The host stores it as one document, so a restart picks it up where
it was.

Entrants are ints in seed order (join order: 0 is the first to join); the host maps them to players.
Decisions (issue 36 is silent on them):
- a bye in Swiss is worth a win (1 point), the usual Swiss rule; in a round robin with an odd count every entrant
  sits out exactly one round, so its bye is worth nothing; in elimination a bye advances (byes go to top seeds);
- a drawn elimination game (a shared win) sends on the better seed;
- a dropped entrant's undecided game is a forfeit (their opponent wins, the entrant is not paired again in Swiss,
  and each of their later round-robin or bracket games is a forfeit as its round comes).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.engine.codec import compact
from bot.leagues.formats import Format, bracket_size

MIN_ENTRANTS = 2
MAX_ENTRANTS = 64
WIN, DRAW = 1.0, 0.5


class Outcome(StrEnum):
    FIRST_WINS = "first wins"
    SECOND_WINS = "second wins"
    DRAW = "draw"
    BYE = "bye"


class LeagueProblem(ValueError):
    """A step the league cannot take (the reason is in the message, for the host to word)."""


@compact
@dataclass(frozen=True)
class Pairing:
    """One game of a round (or a bye: `second` is None). `table` is its place in the round (bracket order)."""

    round: int
    table: int
    first: int
    second: int | None
    outcome: Outcome | None = None
    forfeit: bool = False
    """Decided because an entrant dropped, not played to its end."""

    @property
    def is_bye(self) -> bool:
        return self.second is None

    @property
    def is_decided(self) -> bool:
        return self.outcome is not None

    def has(self, entrant: int) -> bool:
        return entrant in (self.first, self.second)

    def opponent_of(self, entrant: int) -> int | None:
        return self.second if entrant == self.first else self.first

    @property
    def winner(self) -> int | None:
        """Who goes on in a bracket: the winner, the better seed after a draw, the entrant with a bye."""
        if self.outcome in (Outcome.FIRST_WINS, Outcome.BYE):
            return self.first
        if self.outcome is Outcome.SECOND_WINS:
            return self.second
        if self.outcome is Outcome.DRAW:
            return min(self.first, self.second or self.first)
        return None

    def points_of(self, entrant: int, format: Format) -> float:
        if self.outcome is Outcome.BYE:
            return WIN if format is Format.SWISS else 0.0
        if self.outcome is Outcome.DRAW:
            return DRAW
        return WIN if self.winner == entrant else 0.0


@dataclass(frozen=True)
class League:
    format: Format
    entrants: int
    rounds: int
    """Rounds planned: a Swiss league's choice, a round robin's full schedule, a bracket's depth."""
    pairings: tuple[Pairing, ...] = ()
    dropped: tuple[int, ...] = ()
    round: int = 0
    """The round being played (0: not started)."""

    def round_pairings(self, round: int | None = None) -> tuple[Pairing, ...]:
        wanted = self.round if round is None else round
        return tuple(pairing for pairing in self.pairings if pairing.round == wanted)

    def pairing(self, round: int, table: int) -> Pairing | None:
        return next((p for p in self.pairings if p.round == round and p.table == table), None)


def planned_rounds(format: Format, entrants: int, asked: int | None = None) -> int:
    """The rounds a league of this size plays: for Swiss what was asked (default: enough to leave one unbeaten
    entrant, log2 rounded up), never more than a round robin would take; the others their own count."""
    if format is Format.ROUND_ROBIN:
        return entrants - 1 if entrants % 2 == 0 else entrants
    depth = (bracket_size(entrants) - 1).bit_length()
    if format is Format.ELIMINATION:
        return depth
    full = entrants - 1 if entrants % 2 == 0 else entrants
    return max(1, min(asked or depth, full))
