"""The host: tables, seats, turns and deadlines, between the pure rules and the Discord adapter."""

from bot.matches.deadlines import DeadlineRunner
from bot.matches.host import MatchHost
from bot.matches.model import (
    ChatToRead,
    Deadline,
    DeadlineKind,
    FinishedTable,
    GameTally,
    LeaderboardPage,
    LogEntry,
    Match,
    MatchStatus,
    PlayedGame,
    Player,
    PlayerStats,
    Ranked,
    RatingChange,
    Result,
)
from bot.matches.ports import ChannelBusy, Clock, MatchStore, Saved, StorageBusy
from bot.matches.refusals import Attempt, Refusal, RefusalReason
from bot.matches.snapshots import ActionResult, DeadlineFired, Snapshot

__all__ = [
    "ActionResult",
    "Attempt",
    "ChannelBusy",
    "ChatToRead",
    "Clock",
    "Deadline",
    "DeadlineFired",
    "DeadlineKind",
    "DeadlineRunner",
    "FinishedTable",
    "GameTally",
    "LeaderboardPage",
    "LogEntry",
    "Match",
    "MatchHost",
    "MatchStatus",
    "MatchStore",
    "PlayedGame",
    "Player",
    "PlayerStats",
    "Ranked",
    "RatingChange",
    "Refusal",
    "RefusalReason",
    "Result",
    "Saved",
    "Snapshot",
    "StorageBusy",
]
