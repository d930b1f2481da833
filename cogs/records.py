"""Slash commands about finished games: /history, /stats, /leaderboard, /record and /replay."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AnthologyBot
from bot.discord_ui.failures import autocomplete_or_nothing
from cogs.tables import GAME_CHOICES


class Records(commands.Cog):
    def __init__(self, bot: AnthologyBot) -> None:
        self.bot = bot

    @app_commands.command(name="history", description="The games that finished in this server lately, and who won.")
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        await self.bot.records.show_history(interaction)

    @app_commands.command(name="stats", description="A player's games here: wins, ratings and latest results.")
    @app_commands.describe(player="Whose (default: yours)", game="Only this game (default: every game)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def stats(
        self, interaction: discord.Interaction, player: discord.User | None = None, game: str | None = None
    ) -> None:
        await self.bot.records.show_stats(interaction, (player or interaction.user).id, game)

    @app_commands.command(name="leaderboard", description="A game's best players in this server, by rating.")
    @app_commands.describe(game="Which game", season="A season, like 2026-11 or 2026-Q4 (default: the current one)")
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str, season: str | None = None) -> None:
        await self.bot.records.show_leaderboard(interaction, game, season)

    @leaderboard.autocomplete("season")
    @autocomplete_or_nothing
    async def season_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The current season and those with games here, newest first."""
        game = getattr(interaction.namespace, "game", None)
        choices = await self.bot.records.season_choices(interaction.guild_id, game, current)
        return [app_commands.Choice(name=label, value=value) for label, value in choices]

    @app_commands.command(name="record", description="A finished game's moves, page by page.")
    @app_commands.describe(table="The table number, from /history (default: the last table here)")
    @app_commands.guild_only()
    async def record(
        self,
        interaction: discord.Interaction,
        # 2**53 - 1: the largest integer option Discord takes (its API description says so; 2**53 fails the sync).
        table: app_commands.Range[int, 1, 2**53 - 1] | None = None,
    ) -> None:
        await self.bot.records.show_record(interaction, table)

    @app_commands.command(name="replay", description="A finished game's board after any move, step by step.")
    @app_commands.describe(table="The table number, from /history (default: the last table here)")
    @app_commands.guild_only()
    async def replay(
        self,
        interaction: discord.Interaction,
        table: app_commands.Range[int, 1, 2**53 - 1] | None = None,
    ) -> None:
        await self.bot.records.show_replay(interaction, table)


async def setup(bot: AnthologyBot) -> None:
    await bot.add_cog(Records(bot))
