"""Seasons: a server's ratings counted afresh each calendar month or quarter (`/server-settings season:`).

Seasons follow the calendar in UTC: a month season is a calendar month ("2026-11", from 1 November 00:00 UTC to
1 December 00:00 UTC), a quarter season three of them ("2026-Q4": October to December). A result belongs to the
season in which its game finished. Within a season ratings are openskill's as ever (bot/ratings.py); a player's
first rated game of a new season starts from their rating softened toward the start (`carried_over`), and the
season's leaderboard ranks the games played in it. Pure: no clock, database or Discord.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.ratings import Rating, new_rating

NO_SEASONS, MONTH, QUARTER = "none", "month", "quarter"
SEASON_LENGTHS = (NO_SEASONS, MONTH, QUARTER)
"""What `/server-settings season:` offers."""
SEASON_NAME = re.compile(r"\s*(\d{4})\s*[- ]\s*(?:(\d{1,2})|[qQ]([1-4]))\s*")
"""A season as people may type it: "2026-11", "2026-Q4", "2026 Q4", "2026 q4"."""


def season_of(length: str, at: datetime) -> str | None:
    """The name of the season in which `at` falls under this season length (None: the server has no seasons)."""
    at = at.astimezone(UTC)
    if length == MONTH:
        return f"{at.year}-{at.month:02d}"
    if length == QUARTER:
        return f"{at.year}-Q{(at.month - 1) // 3 + 1}"
    return None


def read_season(text: str) -> str | None:
    """The season's name written as the bot writes it, or None when `text` names no season."""
    match = SEASON_NAME.fullmatch(text)
    if match is None:
        return None
    year, month, quarter = match.groups()
    if quarter is not None:
        return f"{year}-Q{quarter}"
    return f"{year}-{int(month):02d}" if 1 <= int(month) <= 12 else None


def season_end(season: str) -> datetime:
    """The first instant after the season (the start of the next one), in UTC."""
    year, part = season.split("-")
    first_month_after = int(part[1:]) * 3 + 1 if part.startswith("Q") else int(part) + 1
    if first_month_after > 12:
        return datetime(int(year) + 1, first_month_after - 12, 1, tzinfo=UTC)
    return datetime(int(year), first_month_after, 1, tzinfo=UTC)


def season_words(season: str) -> str:
    """A season as a title says it: "November 2026", "2026 Q4"."""
    year, part = season.split("-")
    if part.startswith("Q"):
        return f"{year} {part}"
    return datetime(int(year), int(part), 1).strftime("%B %Y")


CARRY_OVER = 0.5
"""How far a rating moves back toward the start between seasons: halfway."""


def carried_over(rating: Rating) -> Rating:
    """A rating as it starts a new season: its mu halfway back to the start value (so a shown rating of 1,200
    starts the season at 1,100, one of 900 at 950), and its sigma halfway back to a newcomer's, so the season's
    first games move it more than the last games of the season before did."""
    start = new_rating()
    return Rating(
        rating.mu + (start.mu - rating.mu) * CARRY_OVER,
        rating.sigma + (start.sigma - rating.sigma) * CARRY_OVER,
    )
