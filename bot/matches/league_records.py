"""What the host keeps of a league: the stored record (who organises it, where, which game and clock, the entrants
in join order, and once started the pure `League` of bot/leagues), the table each game is played at, and the
small Protocol through which the host reaches storage for them."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from typing import Any, Protocol

from bot.leagues import Format, League


class LeagueStatus(StrEnum):
    JOINING = "joining"
    RUNNING = "running"
    FINISHED = "finished"


@dataclass(frozen=True)
class Entrant:
    """A player in a league (a computer player has a negative id)."""

    user_id: int
    name: str

    @property
    def is_computer(self) -> bool:
        return self.user_id < 0


@dataclass(frozen=True)
class LeagueRecord:
    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    game: str
    format: Format
    rounds_asked: int
    """The rounds the organiser asked for (Swiss only; 0: the format's own count)."""
    clock_seconds: int
    """Every table's turn clock: a table whose player lets it run out gets a computer's move, so every round ends."""
    round_days: int = 0
    """How long each round may last, in days (0: no deadline, as leagues created before rounds had one)."""
    round_deadline: int = 0
    """When the current round ends, in seconds since the epoch (0: none): its unfinished tables are then played to
    their ends by computers, and the next round starts."""
    status: LeagueStatus = LeagueStatus.JOINING
    entrants: tuple[Entrant, ...] = ()
    """In join order: entrant i of the pure `League` is `entrants[i]`, and the order is the seeding."""
    league: League | None = None
    board_message_id: int | None = None
    end_announced: bool = False
    version: int = 0

    def entrant_of(self, user_id: int) -> int | None:
        return next((index for index, entrant in enumerate(self.entrants) if entrant.user_id == user_id), None)

    def with_changes(self, **changes: Any) -> LeagueRecord:
        return replace(self, **changes)


@dataclass(frozen=True)
class LeagueTable:
    """The table (match) at which a league game is played."""

    league_id: int
    round: int
    table: int
    match_id: int
    channel_id: int = 0
    """The table's channel (its thread)."""


class LeagueStore(Protocol):
    """Where leagues live."""

    async def create_league(self, record: LeagueRecord) -> LeagueRecord:
        """Insert a new league; return it with its id. Raises ChannelBusy when the channel has a live league."""
        ...

    async def load_league(self, league_id: int) -> LeagueRecord | None: ...

    async def league_in_channel(self, channel_id: int) -> LeagueRecord | None:
        """The channel's live league, else its newest finished one."""
        ...

    async def save_league(self, record: LeagueRecord, expected_version: int) -> bool:
        """Write the record if the stored version is still `expected_version`; False when it moved on."""
        ...

    async def live_leagues(self) -> list[LeagueRecord]: ...

    async def next_round_deadline(self) -> datetime | None:
        """The soonest deadline of a running league's round (None: none has one)."""
        ...

    async def leagues_past_deadline(self, now: datetime) -> list[LeagueRecord]:
        """The running leagues whose round's deadline is `now` or earlier."""
        ...

    async def add_league_table(self, table: LeagueTable) -> None: ...

    async def league_tables(self, league_id: int) -> list[LeagueTable]: ...

    async def league_table_of(self, match_id: int) -> LeagueTable | None: ...
