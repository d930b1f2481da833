"""Leagues: the pure core of a league the bot runs (formats, pairings, results, standings), with no Discord, no
database and no clock, so a test or a bench can run a whole league in memory. The host side is in
bot/matches/leagues.py and the Discord side in bot/discord_ui/leagues.py."""

from bot.leagues.formats import Format, elimination_first_round, round_robin_schedule, swiss_pairings
from bot.leagues.league import League, LeagueProblem, Outcome, Pairing, planned_rounds
from bot.leagues.standings import Standing, standings
from bot.leagues.steps import (
    advance,
    drop,
    is_finished,
    record,
    round_is_over,
    start,
    waiting_tables,
)

__all__ = [
    "Format",
    "League",
    "LeagueProblem",
    "Outcome",
    "Pairing",
    "Standing",
    "advance",
    "drop",
    "elimination_first_round",
    "is_finished",
    "planned_rounds",
    "record",
    "round_is_over",
    "round_robin_schedule",
    "standings",
    "start",
    "swiss_pairings",
    "waiting_tables",
]
