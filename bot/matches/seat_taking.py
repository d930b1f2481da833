"""Taking a seat over during a game (ruling S2), for the host: which seats someone not playing may take (one a
computer plays because its player left, and, where the opener allowed it with `OPEN_SEATS`, a computer player's),
and the take-over itself. A player who left and whose seat was taken is kept in `Match.departed`: they cannot
come back, and the result places them after everyone who stayed (ruling S1).

`OPEN_SEATS` is a table option of the host's, not of any game (as are `HINTS` and `PRACTICE`, bot/matches/practice.py):
it is stored with the game's options and offered beside them, but the game's rules never see it (`game_options`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from bot.engine import GameRules, Option, Seat, canonical_json, resolve_options
from bot.matches.model import Match, Player
from bot.matches.ports import Change
from bot.matches.practice import HINTS, PRACTICE
from bot.matches.refusals import Refusal, RefusalReason
from bot.matches.snapshots import Snapshot, decode_state, encode_state

OPEN_SEATS = Option(
    "open_seats",
    "Let others take computer seats",
    (False, True),
    "During the game, someone who is not playing may take over a computer player's seat.",
)
TABLE_OPTIONS = (OPEN_SEATS, HINTS)
"""Options of every table, whatever its game, offered after the game's own (hints where the game gives them)."""
HOST_OPTIONS = (*TABLE_OPTIONS, PRACTICE)
"""The host's options: those offered, and those only a command sets (a practice table)."""


def table_options(rules: GameRules) -> tuple[Option, ...]:
    """Every option a table of this game offers: the game's own, then the host's."""
    return (*rules.options, *(option for option in TABLE_OPTIONS if option is not HINTS or rules.gives_hints))


def resolve_table_options(rules: GameRules, given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every option's value, the game's and the host's: the given ones checked, the rest defaulted. Raises
    ValueError for an unknown option or a value not offered."""
    own = {option.key for option in HOST_OPTIONS}
    given = dict(given or {})
    resolved = rules.resolve_options({key: value for key, value in given.items() if key not in own})
    hosts = resolve_options(HOST_OPTIONS, {key: value for key, value in given.items() if key in own}, rules.title)
    return {**resolved, **hosts}


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A table's options as its game's rules take them: without the host's."""
    own = {option.key for option in HOST_OPTIONS}
    return {key: value for key, value in options.items() if key not in own}


def free_seats(match: Match) -> tuple[Player, ...]:
    """The seats someone not playing may take over now, each with who holds it: a computer plays it because its
    player left (not because their turn clock ran out: they may come back), or, where the opener allowed it, a
    computer player holds it."""
    computers_too = bool(match.options.get(OPEN_SEATS.key))
    return tuple(player for player in match.players if player.left or (computers_too and player.is_computer))


@dataclass(frozen=True)
class SeatTaken:
    """A seat taken over: the match after it, the seat, and who held the seat before."""

    snapshot: Snapshot
    seat: Seat
    former: Player


class SeatTaking:
    """Taking a seat over, for `MatchHost`, which supplies the store, the clock, the rules and the one-transaction
    change."""

    def seats_to_take(self, match: Match, user_id: int) -> tuple[Player, ...]:
        """The seats this user may take over now; else the refusal that says why not (the game is not running,
        they are playing in it or left it, or no seat is free)."""
        self._running(match)
        self._require_newcomer(match, user_id)
        free = free_seats(match)
        if not free:
            raise Refusal(RefusalReason.NO_FREE_SEAT)
        return free

    async def take_seat(self, match_id: int, user_id: int, name: str, seat: Seat) -> SeatTaken:
        """The user takes over the seat: they play it from now on, and the computer stops playing it. Of two
        asking for one seat at once, the first takes it and the other is refused (`NO_FREE_SEAT`, taken)."""

        def decide(stored: Match | None) -> tuple[Change, SeatTaken]:
            match = self._running(stored)
            self._require_newcomer(match, user_id)
            former = next((player for player in free_seats(match) if player.seat == seat), None)
            if former is None:
                # Take a seat offers only free seats: one no longer free was taken meanwhile, where any ever was.
                taken = bool(match.departed) or bool(match.options.get(OPEN_SEATS.key))
                raise Refusal(RefusalReason.NO_FREE_SEAT, taken=taken)
            rules = self.rules_for(match)
            state = decode_state(rules, match)
            updated = match.with_changes(
                players=tuple(Player(user_id, name, seat) if each.seat == seat else each for each in match.players),
                departed=match.departed
                if former.is_computer
                else (*match.departed, replace(former, seated_until=match.version + 1)),
                version=match.version + 1,
                # The newcomer's turn clock starts now, not when the turn began.
                updated_at=self.clock.now(),
            )
            if former.is_computer:
                state = rules.taken_over(state, seat)
                if updated.fixed_json is not None:  # where the game keeps its computer players' seats
                    updated = updated.with_changes(fixed_json=canonical_json(rules.encode_fixed(state)))
                updated = updated.with_changes(state_json=encode_state(rules, state, updated))
            change = Change(updated, match.version, deadlines=self._deadlines_for(updated, state), seats_changed=True)
            return change, SeatTaken(Snapshot.of(updated, rules, state), seat, former)

        async with self._lock(match_id):
            return await self._change(match_id, decide)

    @staticmethod
    def _require_newcomer(match: Match, user_id: int) -> None:
        player = match.player(user_id)
        if (player is not None and player.left) or match.has_departed(user_id):
            raise Refusal(RefusalReason.CANNOT_COME_BACK)  # ruling S2
        if player is not None:
            raise Refusal(RefusalReason.ALREADY_SEATED, playing=True)
