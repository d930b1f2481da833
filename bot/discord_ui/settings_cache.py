"""Players' /settings as this process last read them: how to tell them it is their turn, and when their turn
clock stops (their time zone and away hours), which boards show.

Nothing is kept for long on trust: a player's settings are read afresh when their turn begins or a reminder is
due, since they may have changed them through another bot process.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.matches import MatchHost, Snapshot
from bot.players import PlayerSettings


class SettingsCache:
    """Players' settings by user id, read from storage when not known or asked for fresh."""

    def __init__(self, host: MatchHost) -> None:
        self.host = host
        self._settings: dict[int, PlayerSettings] = {}

    def known(self, user_id: int) -> PlayerSettings:
        """As last read (the defaults when never read)."""
        return self._settings.get(user_id, PlayerSettings())

    async def read(self, user_id: int, *, fresh: bool = False) -> PlayerSettings:
        """As last read, or read from storage when not known yet or `fresh` is asked for."""
        if fresh or user_id not in self._settings:
            self._settings[user_id] = await self.host.player_settings(user_id)
        return self._settings[user_id]

    def changed(self, user_id: int, settings: PlayerSettings) -> None:
        """A player changed their /settings here."""
        self._settings[user_id] = settings

    async def learn(self, snapshot: Snapshot, turn_started_for: Iterable[int]) -> bool:
        """Read afresh the settings of the players whose turn just began, and once those of the others a clock
        waits for. True when the clocks a board drew by what was known before have changed."""
        match = snapshot.match
        unknown = {seat for seat in snapshot.actors if match.at_seat(seat).user_id not in self._settings}
        changed = False
        for seat in set(turn_started_for) | (unknown if match.clock_seconds else set()):
            player = match.at_seat(seat)
            if player.is_computer:
                continue
            known = _away_hours(self.known(player.user_id))
            changed = _away_hours(await self.read(player.user_id, fresh=True)) != known or changed
        return changed and bool(match.clock_seconds)


def _away_hours(settings: PlayerSettings) -> tuple:
    """What of a player's settings their clock depends on."""
    return settings.timezone, settings.away_from, settings.away_until
