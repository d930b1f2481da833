"""The game engine: the one small interface every game implements, and the pieces it is built from.

Everything here is pure: no Discord, no database, no clock, no global random. A match state is plain JSON
data, so it can be stored, replayed and compared byte for byte.
"""

from bot.engine.rng import SeededRandom
from bot.engine.rules import (
    ARRIVAL_PLACEHOLDER,
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Event,
    GameRules,
    IllegalAction,
    Option,
    Outcome,
    ParseError,
    Seat,
    Timer,
    canonical_json,
)

__all__ = [
    "ARRIVAL_PLACEHOLDER",
    "COMPUTER_PLAYERS_OPTION",
    "SYSTEM",
    "Event",
    "GameRules",
    "IllegalAction",
    "Option",
    "Outcome",
    "ParseError",
    "Seat",
    "SeededRandom",
    "Timer",
    "canonical_json",
]
