"""The end of a season in Discord: once a season of a server has passed, its final standings (each game played in
it, its ten best by their season rating) are posted in the channel the server's admins chose for them
(`/server-settings season_channel:`, else where seasons were turned on).

The bot's deadline runner asks `post_due` on every round, so a season that ended while the bot was down is posted
when it starts again; each season is noted as posted once Discord took the message (sent with a nonce made from
the server and the season, so a message sent just before a crash is not posted twice).
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from datetime import datetime, timedelta

import discord

from bot.catalogue import Game
from bot.discord_ui.delivery import nonce
from bot.discord_ui.limits import FIELD_VALUE, fit_lines
from bot.discord_ui.records import ranked_line
from bot.matches import MatchHost
from bot.matches.records import LEADERBOARD_MIN_GAMES, LEADERBOARD_PAGE, Records
from bot.seasons import season_words

log = logging.getLogger(__name__)

RETRY_AFTER = timedelta(minutes=1)
"""How long a season's standings that Discord did not take wait to be posted again."""
CARRY_OVER_WORDS = (
    "Ratings carry over into the next season halfway back toward 1,000, and move more in its first games."
)


def season_end_embed(season: str, boards: Mapping[str, list[str]]) -> discord.Embed:
    """The final standings of a season: one field per game played in it (`boards`: title -> ranked lines)."""
    embed = discord.Embed(title=f"🏁 Season {season} ({season_words(season)}) is over", colour=discord.Colour.gold())
    embed.description = "The final standings of each game played in it:"
    for title, lines in boards.items():
        value = fit_lines(lines, FIELD_VALUE) if lines else f"Nobody finished {LEADERBOARD_MIN_GAMES} games of it."
        embed.add_field(name=title, value=value, inline=False)
    embed.set_footer(text=CARRY_OVER_WORDS)
    return embed


class SeasonEnds:
    """Posts the final standings of every season that has ended (see the module docstring)."""

    def __init__(self, client: discord.Client, host: MatchHost, records: Records, games: Mapping[str, Game]) -> None:
        self.client = client
        self.host = host
        self.records = records
        self.games = games

    async def post_due(self) -> datetime | None:
        """Post every ended season's standings not posted yet; when to look again (None: no season waits)."""
        store = self.host.store
        for guild_id, season in await store.due_season_ends(self.host.clock.now()):
            if not await self._post(guild_id, season):
                return self.host.clock.now() + RETRY_AFTER
            await store.season_posted(guild_id, season)
        return await store.next_season_end()

    async def _post(self, guild_id: int, season: str) -> bool:
        """Post one season's standings; False when Discord should be asked again later."""
        channel_id = (await self.host.server_settings(guild_id)).season_channel_id
        if channel_id is None:
            return True
        boards = {}
        for game in await self.host.store.season_games(guild_id, season):
            board, _ = await self.records.leaderboard(game, guild_id, 0, 0, season)
            title = self.games[game].title if game in self.games else game
            boards[title] = [ranked_line(row) for row in board.rows[:LEADERBOARD_PAGE]]
        channel = self.client.get_partial_messageable(channel_id)
        try:
            await channel.send(
                embed=season_end_embed(season, boards),
                nonce=nonce(guild_id, 0, f"season {season}"),
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except (discord.NotFound, discord.Forbidden) as error:
            log.warning("server %s: cannot post season %s's standings in %s (%s)", guild_id, season, channel_id, error)
        except discord.HTTPException as error:
            log.warning("server %s: could not post season %s's standings (%s); trying later", guild_id, season, error)
            return False
        return True
