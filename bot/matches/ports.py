"""The small Protocols through which the host reaches storage and time, so its tests can use fakes."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from bot.matches.model import (
    Deadline,
    FinishedTable,
    LeaderboardPage,
    LogEntry,
    LoggedAction,
    Match,
    PlayerStats,
    RatingChange,
    Result,
)
from bot.players import PlayerSettings, ServerSettings

T = TypeVar("T")


class Clock(Protocol):
    def now(self) -> datetime:
        """The current UTC instant."""
        ...


@dataclass(frozen=True)
class Saved:
    """What a save did: whether it was written (False: the stored version had moved on), the earliest due time
    among the deadlines it added or moved (None: it left every deadline as it was), and the rating changes the
    result it recorded made (None: it recorded none)."""

    written: bool
    earliest_new_due: datetime | None = None
    rated: Mapping[int, RatingChange] | None = None

    def __bool__(self) -> bool:
        return self.written


@dataclass(frozen=True)
class Change:
    """A match's new record and what is written with it in the same transaction (see `MatchStore.save_match`)."""

    match: Match
    expected_version: int
    log_entry: LogEntry | None = None
    deadlines: list[Deadline] | None = None
    result: Result | None = None
    seats_changed: bool = False
    """The players' records changed too (a stand-in counted, or a player back at their seat)."""
    claims: Deadline | None = None
    """The deadline this change answers (a game timer, a computer's move): removed in the same transaction, and
    nothing is written if it is gone already (another process answered it), so it is answered exactly once."""


class MatchStore(Protocol):
    """Where matches live. Every save is one transaction."""

    async def create_match(self, match: Match, deadlines: list[Deadline]) -> Match:
        """Insert a new live match, its players and its deadlines; return it with its id.

        Raises ChannelBusy when the channel already has a live match.
        """
        ...

    async def load_match(self, match_id: int) -> Match | None: ...

    async def live_match_in_channel(self, channel_id: int) -> Match | None: ...

    def live_matches(self) -> AsyncIterator[Match]:
        """Every live match, read a batch at a time."""
        ...

    async def save_match(
        self,
        match: Match,
        *,
        expected_version: int,
        seats_changed: bool = False,
        log_entry: LogEntry | None = None,
        deadlines: list[Deadline] | None = None,
        result: Result | None = None,
    ) -> Saved:
        """Write `match` if the stored version is still `expected_version` (its players too if `seats_changed`;
        its `fixed_json` only when given).

        In the same transaction: append `log_entry`, make the match's deadlines `deadlines` (when given; rows
        that stay the same are not rewritten) and record `result`. Writes nothing, and says so, when the version
        has moved on.
        """
        ...

    async def change_match(
        self, match_id: int, decide: Callable[[Match | None], tuple[Change | None, T]]
    ) -> tuple[Saved, T]:
        """Load the match, let `decide` work out its change (None: nothing to write) and a reply, and write the
        change, all in one transaction. `decide` is plain and quick (it may run where the database does, off the
        event loop); what it raises rolls everything back and reaches the caller."""
        ...

    async def set_board_message(self, match_id: int, message_id: int, posted_at: datetime) -> None: ...

    async def set_board_version(self, match_id: int, version: int, announced_version: int = 0) -> int:
        """Note that the board shows this version, and that announcements were delivered up to
        `announced_version` (a lower one than noted already changes nothing); return the match's version now
        (newer than `version`: a change came meanwhile, perhaps from another process, and the board is behind)."""
        ...

    async def stale_boards(self) -> list[int]:
        """Matches whose board shows an older version than the match is at."""
        ...

    async def set_turn_told(self, match_id: int, version: int) -> None:
        """Note that the turn notices of this version were delivered."""
        ...

    async def untold_turns(self) -> list[int]:
        """Running matches whose latest turn notice was not delivered."""
        ...

    async def set_announced(self, match_id: int, version: int) -> None:
        """Note that every change's channel announcements up to this version were delivered."""
        ...

    async def unannounced(self) -> list[int]:
        """Started matches with changes whose announcements were not delivered."""
        ...

    async def set_last_message(self, match_id: int, message_id: int) -> None:
        """Note that the chat of the match's channel was read up to this message (a lower id than noted already
        changes nothing)."""
        ...

    async def logged_events(self, match_id: int, after_version: int) -> list[tuple[int, list[dict[str, Any]]]]:
        """(version, events as stored) of each logged action after `after_version`, oldest first."""
        ...

    async def action_log(self, match_id: int) -> list[LogEntry]:
        """Every logged action of the match, oldest first."""
        ...

    async def replay_log(self, match_id: int) -> list[LoggedAction]:
        """The match's logged actions, oldest first, as a replay reads them."""
        ...

    async def replay_state(self, match_id: int, move: int) -> tuple[int, str] | None:
        """(move, state as stored) of the latest state a finished game's replay kept at or before `move`."""
        ...

    async def keep_replay_states(self, match_id: int, states: Sequence[tuple[int, str]]) -> None:
        """Keep (move, state as stored) of a finished game for its replays (those kept already stay as they are)."""
        ...

    async def set_dms_closed(self, match_id: int, user_id: int) -> None: ...

    async def next_deadline_at(self) -> datetime | None: ...

    async def due_deadlines(self, now: datetime) -> list[Deadline]: ...

    async def deadlines_of(self, match_id: int) -> list[Deadline]: ...

    async def claim_deadline(self, deadline: Deadline, *, at_version: int | None = None) -> bool:
        """Delete the deadline row as it was read; True if this caller removed it (so it fires exactly once). Only
        while its match is at `at_version`, the version the caller decided on, else at the deadline's own version
        (a deadline of no one version, at any): a turn's row that a move left as it was stands for the new turn
        (`rows_serve`), which a claim read before that move must not remove."""
        ...

    async def hold_deadline(
        self, deadline: Deadline, due_at: datetime, data: dict[str, Any], *, at_version: int | None = None
    ) -> bool:
        """Move the deadline row to `due_at` with `data` (a reminder waiting out a player's away hours); True if
        this caller moved it, as `claim_deadline` tells (and under the same condition on the match's version)."""
        ...

    async def last_match_in_channel(self, channel_id: int) -> int | None:
        """The id of the newest match the channel held, live or over."""
        ...

    async def finished_tables(self, guild_id: int, limit: int) -> list[FinishedTable]:
        """The server's most recently finished games, newest first, with their winners."""
        ...

    async def rating_changes(self, match_id: int) -> dict[int, RatingChange]:
        """Each rated player's shown rating before and after this finished game (nobody, if it rated nobody)."""
        ...

    async def player_stats(self, guild_id: int, user_id: int, game: str | None, recent: int) -> PlayerStats:
        """The player's record in the server (in one game, or in all): per game, most played first, and their
        `recent` latest finished games, newest first."""
        ...

    async def leaderboard(
        self, game: str, guild_id: int, *, min_games: int, offset: int, limit: int, user_id: int
    ) -> LeaderboardPage:
        """A page of the game's leaderboard in the server: people (never computer players) with at least
        `min_games` games, by shown rating, best first (ties: the lower user id first), and `user_id`'s line."""
        ...

    async def season_leaderboard(
        self, game: str, guild_id: int, season: str, *, min_games: int, offset: int, limit: int, user_id: int
    ) -> LeaderboardPage:
        """`leaderboard` of one season's games: each player's latest rating in it (bot/seasons.py)."""
        ...

    async def seasons_played(self, guild_id: int, game: str | None) -> list[str]:
        """The seasons with results in the server (of this game, or of any), newest first."""
        ...

    async def season_games(self, guild_id: int, season: str) -> list[str]:
        """The games with results in the server's season."""
        ...

    async def due_season_ends(self, now: datetime) -> list[tuple[int, str]]:
        """(server, season) of each season that has ended by `now` and whose final standings were not posted."""
        ...

    async def next_season_end(self) -> datetime | None:
        """When the next season whose final standings wait ends (None: none waits)."""
        ...

    async def season_posted(self, guild_id: int, season: str) -> None:
        """Note that the season's final standings were posted."""
        ...

    async def feats_of(self, guild_id: int, user_id: int) -> frozenset[tuple[str, str]]:
        """The player's feats in the server (bot/achievements.py): (game, feat) pairs."""
        ...

    async def feats_until(self, match_id: int) -> dict[int, tuple[frozenset, frozenset]]:
        """Each of a finished game's players' feats before it and with it, by user id."""
        ...

    async def live_matches_of(self, user_id: int) -> list[Match]:
        """The live tables the user sits at (and has not left), oldest first."""
        ...

    async def live_matches_in_threads_of(self, channel_id: int, limit: int, *, after: int = 0) -> list[Match]:
        """The live tables in threads the bot opened in this channel (`Match.parent_channel_id`), oldest first, at
        most `limit`, from the first with an id over `after`."""
        ...

    async def newest_follower(self, match_id: int) -> Match | None:
        """The newest table that Play again opened from this finished one, if any."""
        ...

    async def player_settings(self, user_id: int) -> PlayerSettings:
        """What the player set with /settings, or the defaults."""
        ...

    async def save_player_settings(self, user_id: int, settings: PlayerSettings) -> None: ...

    async def server_settings(self, guild_id: int) -> ServerSettings:
        """What the server's admins set with /server-settings, or the defaults."""
        ...

    async def save_server_settings(self, guild_id: int, settings: ServerSettings) -> None: ...

    async def first_guidance(self, user_id: int, game: str, kind: str) -> bool:
        """Note that the player faces this kind of decision in this game: True the first time, unless they have
        finished a game of it already (first-game guidance is for a first game only)."""
        ...


class ChannelBusy(Exception):
    """The channel already has a live match."""


class StorageBusy(Exception):
    """The store could not write in time: another process kept the database locked. Nothing was changed."""
