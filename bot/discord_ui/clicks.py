"""What the bot learns from players' clicks besides the move they make, to spare requests Discord counts.

Discord lets a bot make about 50 requests a second in all, but answers to interactions, and the requests made
with an interaction's token in the 15 minutes after it (editing the message a click answered, follow-ups), are
not counted against that limit. So two things are kept here, in memory only (a restart forgets them, and then
the bot simply makes the counted request):

- `Attention`: when each player last clicked, or typed a move, at each table. A player who did since their turn
  began has seen that it is theirs, so the delayed turn notice is not sent (`notices.py`).
- `RecentClicks`: for each table, the latest click on its board that was answered by showing or acknowledging
  the board (Discord's "update message"), whose token may edit that board for 15 minutes (`boards.py`); and for
  each player, their latest move from a panel in their DMs, whose token may post their next turn's DM there as a
  follow-up (`notices.py`).
"""

from __future__ import annotations

import asyncio

import discord

PLAYERS_KEPT = 20_000
"""(table, player) pairs whose latest click is remembered, the newest first: a pair dropped only costs a DM."""
CLICKS_KEPT = 5_000
"""Boards, and players' DMs, whose latest click's token is kept: one dropped only costs a counted request."""
TOKEN_USABLE_FOR = 14 * 60.0
"""Seconds an interaction's token is used for after its click: Discord takes it for 15 minutes."""


class Attention:
    """When each player last clicked, or typed a move, at each table (on the event loop's clock)."""

    def __init__(self) -> None:
        self._last_seen: dict[tuple[int, int], float] = {}

    def seen(self, match_id: int, user_id: int) -> None:
        """A click (or a typed move) of this player's arrived at this table."""
        key = (match_id, user_id)
        self._last_seen.pop(key, None)
        self._last_seen[key] = asyncio.get_running_loop().time()
        if len(self._last_seen) > PLAYERS_KEPT:
            del self._last_seen[next(iter(self._last_seen))]

    def seen_since(self, match_id: int, user_id: int, since: float) -> bool:
        """Whether this player clicked, or typed a move, at this table at or after `since` (the loop's time)."""
        return self._last_seen.get((match_id, user_id), float("-inf")) >= since


class RecentClicks:
    """The latest click under each key (a table's board, a player's DMs) that was answered by updating the message
    clicked, while its token is good: `usable` hands it out for `TOKEN_USABLE_FOR` seconds after the click."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self._latest: dict[int, tuple[discord.Interaction, float]] = {}

    def clicked(self, key: int, interaction: discord.Interaction) -> None:
        self._latest.pop(key, None)
        self._latest[key] = (interaction, asyncio.get_running_loop().time())
        if len(self._latest) > self.kept:
            del self._latest[next(iter(self._latest))]

    def usable(self, key: int) -> discord.Interaction | None:
        """The click whose token may be used now, if there is one."""
        found = self._latest.get(key)
        if found is None:
            return None
        interaction, clicked_at = found
        if asyncio.get_running_loop().time() - clicked_at >= TOKEN_USABLE_FOR:
            del self._latest[key]
            return None
        return interaction

    def forget(self, key: int) -> None:
        """The token is no longer needed, or Discord refused it."""
        self._latest.pop(key, None)
