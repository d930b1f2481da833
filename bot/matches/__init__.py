"""The host: tables, seats, turns and deadlines, between the pure rules and the Discord adapter."""

from bot.matches.host import ActionResult, DeadlineFired, MatchHost
from bot.matches.model import Deadline, DeadlineKind, LogEntry, Match, MatchStatus, Player, Result
from bot.matches.ports import ChannelBusy, Clock, MatchStore
from bot.matches.refusals import Refusal, RefusalReason

__all__ = [
    "ActionResult",
    "ChannelBusy",
    "Clock",
    "Deadline",
    "DeadlineFired",
    "DeadlineKind",
    "LogEntry",
    "Match",
    "MatchHost",
    "MatchStatus",
    "MatchStore",
    "Player",
    "Refusal",
    "RefusalReason",
    "Result",
]
