"""Computer moves thought out off the event loop.

A hard computer searches for a few hundred milliseconds; done inside the host's transaction it would stall every
other table and hold the database's write lock. So the host first loads the match and lets the computer choose in
a worker thread (`asyncio.to_thread`), then takes the move in its transaction if the match is still at the version
it was chosen for; a match that moved on meanwhile is chosen for again, inside the transaction, as before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.engine import Action, GameRules
from bot.matches.model import Match, MatchStatus
from bot.matches.ports import MatchStore
from bot.matches.snapshots import decode_state


@dataclass(frozen=True)
class Thought:
    """A move chosen for a match at `version` (None: the computer would not act)."""

    version: int
    action: Action | None

    def for_match(self, match: Match, choose: Callable[[], Action | None]) -> Action | None:
        """The move chosen ahead when `match` is still at its version, else `choose()` now."""
        return self.action if match.version == self.version else choose()


async def think_ahead(
    store: MatchStore,
    rules_for: Callable[[Match], GameRules],
    match_id: int,
    choose: Callable[[GameRules, Any], Action | None],
) -> Thought:
    """`choose(rules, state)` for the match as stored now, run in a worker thread."""
    match = await store.load_match(match_id)
    if match is None or match.status is not MatchStatus.PLAYING:
        return Thought(-1, None)
    rules = rules_for(match)
    state = decode_state(rules, match)
    return Thought(match.version, await asyncio.to_thread(choose, rules, state))
