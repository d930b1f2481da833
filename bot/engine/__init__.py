"""The game engine: the one small interface every game implements, and the pieces it is built from.

Everything here is pure: no Discord, no database, no clock, no global random. A match state is a frozen
dataclass that the codec writes as JSON, so it can be stored, replayed and compared byte for byte.
"""

from bot.engine.codec import canonical_json, compact
from bot.engine.rng import SeededRandom
from bot.engine.rules import (
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Action,
    Decision,
    Event,
    GameRules,
    Hint,
    IllegalAction,
    Option,
    Outcome,
    ParseError,
    Seat,
    Seating,
    Timer,
    TypedMove,
    placed,
    resolve_options,
)

__all__ = [
    "COMPUTER_PLAYERS_OPTION",
    "SYSTEM",
    "Action",
    "Decision",
    "Event",
    "GameRules",
    "Hint",
    "IllegalAction",
    "Option",
    "Outcome",
    "ParseError",
    "Seat",
    "Seating",
    "SeededRandom",
    "Timer",
    "TypedMove",
    "canonical_json",
    "compact",
    "placed",
    "resolve_options",
]
