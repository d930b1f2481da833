"""What finished games leave for people to look at: a server's recent games, a player's record, a game's
leaderboard, and the public record of one finished game's moves. Reads only: the host writes results and ratings
when games end."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial

from bot.engine import Event, GameRules
from bot.matches.model import FinishedTable, LeaderboardPage, Match, MatchStatus, PlayerStats
from bot.matches.ports import MatchStore
from bot.matches.refusals import Refusal, RefusalReason
from bot.matches.replays import Position, Replay, ReplayCache

LEADERBOARD_PAGE = 10
LEADERBOARD_MIN_GAMES = 3
"""Games a player must have finished in a game, in a server, before its leaderboard ranks them."""
RECENT_GAMES = 5
"""The latest finished games /stats lists."""
HISTORY_GAMES = 10


@dataclass(frozen=True)
class GameRecord:
    """A finished game and its logged changes, oldest first, each with its events (hidden ones included: who
    shows the record keeps to what everyone may see)."""

    match: Match
    changes: tuple[tuple[int, tuple[Event, ...]], ...]


class Records:
    def __init__(self, store: MatchStore, rules: Mapping[str, GameRules]) -> None:
        self.store = store
        self.rules = rules
        self.replays = ReplayCache()

    async def finished_tables(self, guild_id: int) -> list[FinishedTable]:
        return await self.store.finished_tables(guild_id, HISTORY_GAMES)

    async def player_stats(self, guild_id: int, user_id: int, game: str | None = None) -> PlayerStats:
        return await self.store.player_stats(guild_id, user_id, game, RECENT_GAMES)

    async def leaderboard(
        self, game: str, guild_id: int, page: int, user_id: int, season: str | None = None
    ) -> tuple[LeaderboardPage, int]:
        """Page `page` (0 first) of the game's leaderboard in the server (of one season's games, or of every
        game when the server has no seasons), or its last page when there are fewer, and the page's number."""
        asked = max(page, 0)
        board = self.store.leaderboard if season is None else partial(self.store.season_leaderboard, season=season)
        found = await board(
            game, guild_id, min_games=LEADERBOARD_MIN_GAMES, offset=asked * LEADERBOARD_PAGE,
            limit=LEADERBOARD_PAGE, user_id=user_id,
        )  # fmt: skip
        last = max(found.ranked - 1, 0) // LEADERBOARD_PAGE
        if asked <= last:
            return found, asked
        return await self.leaderboard(game, guild_id, last, user_id, season)

    async def feats_of(self, guild_id: int, user_id: int) -> frozenset[tuple[str, str]]:
        """What the player did here that achievements count (bot/achievements.py)."""
        return await self.store.feats_of(guild_id, user_id)

    async def seasons_played(self, guild_id: int, game: str | None) -> list[str]:
        """The seasons with results here (of this game, or of any), newest first."""
        return await self.store.seasons_played(guild_id, game)

    async def game_record(self, match_id: int, guild_id: int | None) -> GameRecord:
        """The record of a finished game of this server. Refuses a game of another server (or none) and one still
        being played."""
        match = await self._played(match_id, guild_id)
        rules = self.rules[match.game]
        changes = tuple(
            (version, tuple(rules.decode_event(event) for event in events))
            for version, events in await self.store.logged_events(match_id, 0)
        )
        return GameRecord(match, changes)

    async def position(self, match_id: int, guild_id: int | None, move: int) -> Position:
        """A finished game of this server as it stood after `move` (held to its first and last). Refuses what
        `game_record` refuses, and an abandoned game: it has a record, but no end to replay."""
        match = await self._played(match_id, guild_id, replay=True)
        if match.status is MatchStatus.ABANDONED:
            raise Refusal(RefusalReason.NO_REPLAY, table=match_id)
        rules = self.rules[match.game]
        replay = self.replays.get(match)
        if replay is None:
            replay = Replay(rules, match, await self.store.replay_log(match_id), self.store)
            self.replays.keep(match, replay)
        return await replay.position(move)

    async def _played(self, match_id: int, guild_id: int | None, *, replay: bool = False) -> Match:
        """A game of this server that was played to its end or abandoned; else the refusal that says why not
        (`replay`: the refusal of a running game says it is its replay that waits)."""
        match = await self.store.load_match(match_id)
        if match is None or match.guild_id != guild_id or match.status in (MatchStatus.LOBBY, MatchStatus.EXPIRED):
            raise Refusal(RefusalReason.NO_RECORD, table=match_id)
        if match.status is MatchStatus.PLAYING:
            raise Refusal(RefusalReason.NOT_FINISHED, replay=replay)
        return match

    async def table_in_channel(self, channel_id: int) -> int | None:
        """The id of the game this channel (a table's own thread) last held, if any."""
        return await self.store.last_match_in_channel(channel_id)
