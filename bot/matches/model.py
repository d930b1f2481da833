"""The host's records: a match with its seated players, its deadlines, its log entries and its result.

These are plain frozen values, free of platform objects: a player is only a user id and a display name here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any, NamedTuple

import orjson

from bot.engine.evolve import evolve


class MatchStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"
    ABANDONED = "abandoned"
    EXPIRED = "expired"

    @property
    def is_live(self) -> bool:
        return self in (MatchStatus.LOBBY, MatchStatus.PLAYING)


class DeadlineKind(StrEnum):
    TURN = "turn"
    """The turn's one deadline: the reminders of the players it waits for, then their turn clock (see
    `SlowPlay._turn_stages`); its data say which stage is next, and whom a reminder waits for."""
    TURN_REMINDER = "turn_reminder"
    """What fired: players were reminded of their turn. (Versions before the turn's one deadline stored a row of
    this kind per reminder.)"""
    LOBBY_EXPIRY = "lobby_expiry"
    GAME_TIMER = "game_timer"
    """A timed action the game asked for (see bot.engine.Timer)."""
    TURN_CLOCK = "turn_clock"
    """What fired: a player's turn clock ran out (outside their away hours), and a computer took the turn for
    them. (Versions before the turn's one deadline stored a row of this kind per seat.)"""
    STAND_IN = "stand_in"
    """A seat the computer plays (after three stand-ins in a row): its move, made by the computer."""
    THREAD_ARCHIVE = "thread_archive"
    """A day after a table in a thread the bot opened for it ended (finished, abandoned or expired): the thread is
    archived, so the channel's list of threads shows the tables still running."""


@dataclass(frozen=True)
class Player:
    """A user (or a computer player) at the table, in join order; the seat is the place in that order."""

    user_id: int
    name: str
    seat: int
    dms_closed: bool = False
    stood_in: int = 0
    """How many turns in a row a computer took for this player because their turn clock ran out."""
    computer_plays: bool = False
    """The computer plays this seat until its player acts again (after three stand-ins in a row), or for the rest
    of the game (the player left it)."""
    left: bool = False
    """The player left the running game (/leave): a computer plays on for them, and they may not come back."""
    seated_until: int = 0
    """For a player who left and whose seat someone else took over (`Match.departed`): the version of the match
    that the take-over made, before which this player held the seat (0: not known, for take-overs before it was
    kept)."""

    @property
    def is_computer(self) -> bool:
        """Computer players have negative ids: no user of the platform sits there."""
        return self.user_id < 0


@dataclass(frozen=True)
class Match:
    """One table, from lobby to result. `state_json` is the game's encoded state once it has started."""

    id: int
    game: str
    guild_id: int | None
    channel_id: int
    opener_id: int
    status: MatchStatus
    options: dict[str, Any]
    seed: int
    version: int
    created_at: datetime
    updated_at: datetime
    players: tuple[Player, ...] = ()
    state_json: str | None = None
    board_message_id: int | None = None
    board_version: int = 0
    """The version of this match the board message last showed (Discord accepted the edit)."""
    turn_notice_version: int = 0
    """The version of the last change that began someone's turn, who must be told (a DM with their panel)."""
    turn_told_version: int = 0
    """The version up to which those turn notices were delivered."""
    announced_version: int = 0
    """The version up to which every change's channel announcements were delivered."""
    fixed_json: str | None = None
    """The fields of the game's state that never change after the deal (`GameRules.fixed_fields`), stored once;
    `state_json` holds the rest. None for matches started before the split: their `state_json` is whole."""
    reminder_after_seconds: int = 12 * 3600
    leaver_forfeits: bool = False
    """In a game of two, a player who leaves (/leave) loses it, rather than a computer playing on for them."""
    board_posted_at: datetime | None = None
    """When the board message was posted (None: before this was kept): a board an hour old is posted afresh."""
    clock_seconds: int = 0
    """How long a player may take over a turn, counted outside their away hours, before a computer stands in for
    them (0: no clock)."""
    last_message_id: int = 0
    """The id of the newest chat message in the table's channel that the host read (applied, if it was a move), or
    an id of the moment the game began: a start reads the channel's messages after it (0: none noted)."""
    parent_channel_id: int | None = None
    """The channel in which the bot opened the thread this table is in (None: the table is in a channel, or in a
    thread someone else opened): /status there lists it, Play again opens the next table's thread there, and the
    thread is archived a day after the table ends."""
    follows_match_id: int | None = None
    """The finished table whose Play again opened this one (None: opened with /play)."""

    departed: tuple[Player, ...] = ()
    """The players who left the running game and whose seats someone else then took over (ruling S2), each with
    the seat they left: they cannot come back, and the result places them after everyone who stayed (S1)."""

    @property
    def departed_place(self) -> int:
        """The place the departed players share in the result: after every seat (ruling S1)."""
        return len(self.players) + 1

    def player(self, user_id: int) -> Player | None:
        """The player with this user id, if seated."""
        return next((player for player in self.players if player.user_id == user_id), None)

    def seated_at(self, version: int) -> Match:
        """This match with the players who held its seats when it reached `version`: a seat taken over since
        shows the player who left it (the record and the replay name who made each move)."""
        holders = {}
        for player in self.departed:  # in the order they left their seats: the first one still holding it
            if version < player.seated_until and player.seat not in holders:
                holders[player.seat] = player
        if not holders:
            return self
        return self.with_changes(players=tuple(holders.get(player.seat, player) for player in self.players))

    def has_departed(self, user_id: int) -> bool:
        """Whether this user left the game and someone else took over their seat."""
        return any(player.user_id == user_id for player in self.departed)

    def at_seat(self, seat: int) -> Player:
        """The player in this seat."""
        return next(player for player in self.players if player.seat == seat)

    def with_changes(self, **changes: Any) -> Match:
        """A copy with these fields changed."""
        return evolve(self, **changes)


@dataclass(frozen=True)
class ChatToRead:
    """A running table that takes typed moves, and the message its channel's chat was read up to."""

    match_id: int
    guild_id: int | None
    channel_id: int
    read_up_to: int


@dataclass(frozen=True)
class Deadline:
    """A moment at which the host must do something for a match, stored as a row so it survives restarts."""

    match_id: int
    kind: DeadlineKind
    due_at: datetime
    data: dict[str, Any] = field(default_factory=dict)
    key: str = ""
    """Tells apart several deadlines of one kind (a game's timers)."""
    keeps_first_due: bool = False
    """A deadline already stored under this kind and key keeps its due time (a game's timer runs from when it
    was first armed, however many changes come before it falls due)."""
    fires_early: bool = False
    """Moved later, a deadline already stored under this kind and key keeps the due time its row is indexed
    under: a turn's deadline. A move that only passes the turn on leaves its row as it was (the match's row notes
    that it serves, see `rows_serve` in bot/storage/common.py); another change writes the real due time in its
    data alone, not also its two entries in the due-time index. The row falls due early, and the host, finding
    its moment not come, or that it stands for a later turn, holds it on to that moment
    (`MatchStore.hold_deadline`)."""
    stored_due_at: datetime | None = None
    """As read back, the due time its row is indexed under, where that is earlier than `due_at` (`fires_early`);
    a claim or hold finds the row by it."""

    @property
    def row_due_at(self) -> datetime:
        """When its row falls due: the runner fires it then."""
        return self.stored_due_at or self.due_at


@dataclass(frozen=True)
class FinishedTable:
    """A finished game as /history lists it: where it was, when it ended, and who won (user id and name)."""

    match_id: int
    game: str
    channel_id: int
    board_message_id: int | None
    finished_at: datetime
    winners: tuple[tuple[int, str], ...]
    season: str | None = None
    """The season it finished in (bot/seasons.py; None: its server had none then)."""


@dataclass(frozen=True)
class LogEntry:
    """One accepted action, appended to the match's log in the same transaction as the new state."""

    match_id: int
    version: int
    seat: int
    user_id: int
    action: str
    events: list[dict[str, Any]]
    at: datetime


class LoggedAction(NamedTuple):
    """A logged action as a replay reads it: what it takes to apply it again, and its events as stored, read only
    when they are asked for (a long game's log is read on every replay shown after a restart)."""

    version: int
    seat: int
    action: str
    events_json: str

    @property
    def events(self) -> list[dict[str, Any]]:
        return orjson.loads(self.events_json)


@dataclass(frozen=True)
class Result:
    """A finished game, kept for statistics."""

    match_id: int
    game: str
    guild_id: int | None
    finished_at: datetime
    reason: str
    outcome: dict[str, Any]
    placings: dict[int, int]
    """user id -> place (1 is first)."""
    winners: tuple[int, ...]
    """user ids."""
    left: tuple[int, ...] = ()
    """user ids of the players who left the game before its end (a computer played on for them)."""
    teams: tuple[tuple[int, ...], ...] = ()
    """user ids by team, in a game played in teams (empty: everyone played for themselves)."""


@dataclass(frozen=True)
class RatingChange:
    """A player's shown rating (mu - 3 sigma, see bot/ratings.py) before and after a finished game."""

    before: float
    after: float

    @property
    def change(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class PlayedGame:
    """One finished game of a player's, as /stats lists it."""

    match_id: int
    game: str
    channel_id: int
    board_message_id: int | None
    finished_at: datetime
    place: int | None
    players: int
    won: bool


@dataclass(frozen=True)
class GameTally:
    """A player's record in one game in one server: how many they played and won, their shown rating now, and
    its value after each of their last few games, oldest first (None: they have never been rated in it)."""

    game: str
    played: int
    wins: int
    rating: float | None
    trend: tuple[float, ...] = ()


@dataclass(frozen=True)
class PlayerStats:
    """A player's record in a server: per game, most played first, and their latest finished games."""

    tallies: tuple[GameTally, ...]
    recent: tuple[PlayedGame, ...]


@dataclass(frozen=True)
class Ranked:
    """A player's line on a leaderboard: their place (1 first), shown rating, games played and won."""

    place: int
    user_id: int
    rating: float
    games: int
    wins: int


@dataclass(frozen=True)
class LeaderboardPage:
    """One page of a game's leaderboard in a server; `ranked` counts every player on it, and `own` is the asking
    player's line (None: not on the leaderboard yet)."""

    rows: tuple[Ranked, ...]
    ranked: int
    own: Ranked | None
