"""Practice tables and hints, for the host.

A practice table seats one player against the game's usual number of computer players (`practice_opponents`),
starts at once, and is neither rated nor counted (no result is stored, so /stats, leaderboards and the server's
list of finished games never see it). Its private panels have a Hint button, as any table's do whose opener
turned on the `hints` option.

Someone's practice is theirs alone: a channel's list of the tables in its threads shows it to nobody else.

A hint changes nothing: the host reads the match, checks that the clicked panel is still as shown, the game is
running and the seat may act, and asks the rules (`GameRules.hint`) off the event loop, since a computer may think
for a while over its move.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bot.engine import COMPUTER_PLAYERS_OPTION, GameRules, Hint, Option
from bot.matches.model import Match, MatchStatus
from bot.matches.pins import still_as_shown
from bot.matches.refusals import Refusal, RefusalReason
from bot.matches.snapshots import ActionResult, Snapshot, decode_state

if TYPE_CHECKING:
    from bot.matches.host import MatchHost

HINTS = Option(
    "hints",
    "Hint button",
    (False, True),
    "Each player's private panel gets a Hint button: the move a computer would make for them, and why.",
)
PRACTICE = Option("practice", "Practice", (False, True), "One player against computers, not rated (/practice).")
"""Set by /practice alone: never offered in /play or the lobby's menu."""


def is_practice(match: Match) -> bool:
    return bool(match.options.get(PRACTICE.key))


def offers_hints(match: Match, rules: GameRules) -> bool:
    """Whether this table's private panels have a Hint button."""
    return rules.gives_hints and (is_practice(match) or bool(match.options.get(HINTS.key)))


def practice_options(rules: GameRules) -> dict[str, Any]:
    """The options of a practice table of this game: its usual computer opponents, hints, and no rating."""
    return {COMPUTER_PLAYERS_OPTION: rules.practice_opponents, PRACTICE.key: True, HINTS.key: rules.gives_hints}


@dataclass(frozen=True)
class HintGiven:
    """A hint for a player: the match as it stood, the seat, and the hint (None: the game has none to give)."""

    match: Match
    seat: int
    hint: Hint | None


class Practice:
    """Practice tables and hints, for `MatchHost`, which supplies the store, the rules and the lobby steps."""

    async def open_practice(
        self: MatchHost, *, channel_id: int, game: str, opener_id: int, opener_name: str, **table: Any
    ) -> ActionResult:
        """Open a practice table in this channel for its one player and deal it at once. A table refused at its
        start is abandoned, so nothing is left open."""
        rules = self.games[game]
        match = await self.open_table(
            channel_id=channel_id, game=game, opener_id=opener_id, opener_name=opener_name,
            options=practice_options(rules), **table,
        )  # fmt: skip
        try:
            return await self.start(match.id, opener_id)
        except Refusal:
            await self.abandon(match.id, opener_id)
            raise

    async def tables_in_threads_of(self: MatchHost, channel_id: int, limit: int, *, shown_to: int) -> list[Snapshot]:
        """The live tables in threads the bot opened in this channel, oldest first, at most `limit`, as the user
        `shown_to` may hear of them: someone's practice is theirs alone (most often in a private thread)."""
        tables: list[Snapshot] = []
        after = 0
        while len(tables) < limit:
            batch = await self.store.live_matches_in_threads_of(channel_id, limit, after=after)
            tables += [
                self.snapshot(match) for match in batch if not is_practice(match) or match.player(shown_to) is not None
            ]
            if len(batch) < limit:
                break
            after = batch[-1].id
        return tables[:limit]

    async def hint(self: MatchHost, match_id: int, user_id: int, pin: str) -> HintGiven:
        """The hint for the user's seat, asked from a panel pinned so; refused when the panel is out of date,
        the game is over, or the seat may not act now. Changes nothing."""
        match = await self.get(match_id)
        if match.status is MatchStatus.LOBBY:
            raise Refusal(RefusalReason.NOT_STARTED)
        if not match.status.is_live:
            raise Refusal(RefusalReason.GAME_OVER, status=match.status)
        player = self.still_playing(match, user_id)
        rules = self.rules_for(match)
        state = decode_state(rules, match)
        if not still_as_shown(rules, state, match.version, player.seat, pin):
            raise Refusal(RefusalReason.STALE_BOARD, board=False)
        self._require_turn(match, rules.actors(state), player)
        hint = await asyncio.to_thread(rules.hint, state, player.seat)
        return HintGiven(match, player.seat, hint)
