"""What a player has told the bot about themselves (`/settings`): their time zone, their away hours and how to be
told it is their turn (and what a server's admins set for its tables, `/server-settings`); and the time arithmetic
those imply for slow games: whether a moment falls in their away
hours, when a message held back during them may go, and when a turn clock that only runs outside them runs out.

Away hours are local wall-clock times ("23:00-08:00"), so they follow daylight-saving changes: the night the clocks
go forward is an hour shorter, the night they go back an hour longer. A local time the change skips (02:30 on the
night the clocks go forward) is read with the offset from before the change, which puts it at 03:30 by the new
clock, and one the change repeats counts at its first occurrence: Python's zoneinfo reads them so. Time zones are
IANA names, from the standard library's zoneinfo with the tzdata package's database (so they work where the system
has none); bot/time_zones.py finds the one a player means.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

DM, MENTION, QUIET = "dm", "mention", "none"
NOTICES = (DM, MENTION, QUIET)
"""How a player is told it is their turn: a DM, a mention in the table's channel or thread, or not at all."""


@dataclass(frozen=True)
class PlayerSettings:
    timezone: str = "UTC"
    away_from: time | None = None
    """The start of the player's away hours, local time (None: they have none)."""
    away_until: time | None = None
    notice: str = DM

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)

    @property
    def has_away_hours(self) -> bool:
        return self.away_from is not None and self.away_until is not None and self.away_from != self.away_until


@dataclass(frozen=True)
class ServerSettings:
    """What a server's admins set with /server-settings."""

    clock: str = "1d"
    """The default clock of its tables, as /play names clocks (`bot.discord_ui.options.CLOCKS`)."""
    threads: bool = True
    """Whether tables open in a thread of their own when /play does not say."""
    announce_role_id: int | None = None
    """A role to mention when a table opens and looks for players."""
    season: str = "none"
    """How long its seasons last (`bot.seasons.SEASON_LENGTHS`): none, month or quarter."""
    season_channel_id: int | None = None
    """Where a season's final standings are posted (None: nowhere chosen, so nowhere)."""


CLOCK_TIME = re.compile(r"(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?")
"""A time of day as people write it (lower case): "23:00", "7:30", "11pm", "11:30 pm", "9 a.m."."""


def read_clock_time(text: str) -> time:
    """A local time written in 24 hours ("23:00", "7:30", "24:00" for the midnight that ends a day) or 12 hours
    ("11pm", "11:30pm", "9 am"); ValueError for anything else, such as a bare hour ("7": morning or evening?)."""
    match = CLOCK_TIME.fullmatch(text.strip().lower())
    if match is None:
        raise ValueError(f"{text!r} is not a time of day")
    hours, minutes, half = int(match[1]), int(match[2] or 0), match[3]
    if half is not None:
        if not 1 <= hours <= 12:
            raise ValueError(f"{text!r} is not a time of day")
        hours = hours % 12 + (12 if half == "p" else 0)
    elif match[2] is None:
        raise ValueError(f"{text!r} is not a time of day")
    if (hours, minutes) == (24, 0):
        return time(0, 0)
    return time(hours, minutes)  # ValueError past 23:59


def _at(day: date, clock: time, zone: ZoneInfo) -> datetime:
    """The UTC instant at which the local clock in `zone` shows `clock` on `day` (see the module docstring for
    the times a daylight-saving change skips or repeats)."""
    return datetime.combine(day, clock, tzinfo=zone).astimezone(UTC)


def _away_periods(settings: PlayerSettings, around: datetime) -> list[tuple[datetime, datetime]]:
    """The away periods (UTC, start inclusive, end exclusive) that began on the local days around `around`."""
    zone = settings.zone
    today = around.astimezone(zone).date()
    periods = []
    for offset in (-1, 0, 1, 2):
        day = today + timedelta(days=offset)
        start = _at(day, settings.away_from, zone)
        end_day = day if settings.away_until > settings.away_from else day + timedelta(days=1)
        periods.append((start, _at(end_day, settings.away_until, zone)))
    return periods


def is_away(settings: PlayerSettings, at: datetime) -> bool:
    return settings.has_away_hours and any(start <= at < end for start, end in _away_periods(settings, at))


def awake_at(settings: PlayerSettings, at: datetime) -> datetime:
    """The first moment from `at` on that is outside the player's away hours: `at` itself, or when they end."""
    while is_away(settings, at):
        at = next(end for start, end in _away_periods(settings, at) if start <= at < end)
    return at


def _next_away_start(settings: PlayerSettings, at: datetime) -> datetime:
    return min(start for start, _ in _away_periods(settings, at) if start > at)


def clock_runs_out(settings: PlayerSettings, start: datetime, duration: timedelta) -> datetime:
    """When a turn clock of `duration`, started at `start`, runs out if it runs only outside the player's away
    hours."""
    remaining, at = duration, awake_at(settings, start)
    if not settings.has_away_hours:
        return at + remaining
    while True:
        pause = _next_away_start(settings, at)
        if at + remaining <= pause:
            return at + remaining
        remaining -= pause - at
        at = awake_at(settings, pause)
