"""Storage of the first-game guidance each player has been shown (migration 14), on either engine: a player sees
each kind of decision's line once per game, and none once they have finished a game of it (abandoned tables do
not count). The stores take `first_guidance` from here."""

from __future__ import annotations

import sqlite3
from typing import Any

FINISHED_A_GAME = (
    "SELECT 1 FROM seats JOIN matches ON matches.id = seats.match_id"
    " WHERE seats.user_id = {user} AND matches.game = {game} AND matches.status = 'finished' LIMIT 1"
)
NOTE_SHOWN = (
    "INSERT INTO first_game_guidance (user_id, game, kind) VALUES ({user}, {game}, {kind})"
    " ON CONFLICT (user_id, game, kind) DO NOTHING"
)


class SqliteGuidance:
    """`first_guidance` on SQLite, over the store's `_write`."""

    async def first_guidance(self: Any, user_id: int, game: str, kind: str) -> bool:
        """Note that the player faces this kind of decision in this game: True the first time, unless they have
        finished a game of it already (then the line is never shown, and nothing is noted)."""

        def note(db: sqlite3.Connection) -> bool:
            if db.execute(FINISHED_A_GAME.format(user="?", game="?"), (user_id, game)).fetchone():
                return False
            noted = db.execute(NOTE_SHOWN.format(user="?", game="?", kind="?"), (user_id, game, kind))
            return noted.rowcount == 1

        return await self._write(note)


class PostgresGuidance:
    """`first_guidance` on PostgreSQL, over the store's `_write`."""

    async def first_guidance(self: Any, user_id: int, game: str, kind: str) -> bool:
        """See `SqliteGuidance.first_guidance`."""

        async def note(db: Any) -> bool:
            if await db.fetchval(FINISHED_A_GAME.format(user="$1", game="$2"), user_id, game):
                return False
            status = await db.execute(NOTE_SHOWN.format(user="$1", game="$2", kind="$3"), user_id, game, kind)
            return status == "INSERT 0 1"

        return await self._write(note)
