"""/league: leagues the bot runs (create, status, drop); the board's buttons do the rest (bot/discord_ui/leagues.py)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AnthologyBot
from bot.catalogue import CATALOGUE
from bot.discord_ui.league_boards import FORMAT_NAMES
from bot.discord_ui.options import CLOCK_NAMES, CLOCKS
from bot.matches.leagues import ROUND_DAYS_LEAST, ROUND_DAYS_MOST, offered

LEAGUE_GAME_CHOICES = [
    app_commands.Choice(name=entry.title, value=entry.key) for entry in CATALOGUE if offered(entry.rules)
]
FORMAT_CHOICES = [app_commands.Choice(name=name, value=str(format)) for format, name in FORMAT_NAMES.items()]
LEAGUE_CLOCK_CHOICES = [
    app_commands.Choice(name=name, value=CLOCKS[key]) for key, name in CLOCK_NAMES.items() if CLOCKS[key]
]
DEFAULT_CLOCK = CLOCKS["1d"]


class Leagues(commands.Cog):
    def __init__(self, bot: AnthologyBot) -> None:
        self.bot = bot

    league = app_commands.Group(name="league", description="Leagues the bot runs", guild_only=True)

    @league.command(name="create", description="Create a league here; players join with its Join button.")
    @app_commands.describe(
        game="Which game (leagues offer the games that seat two players)",
        format="Round robin (everyone meets everyone), Swiss, or single elimination (a bracket)",
        rounds="Swiss only: how many rounds (default: enough to leave one unbeaten player)",
        clock="Time per move before a computer makes it, so every round ends (default 1 day)",
        round_days="Days a round may last; computers then finish its games (default: 10 turn clocks, at least 3)",
    )
    @app_commands.choices(game=LEAGUE_GAME_CHOICES, format=FORMAT_CHOICES, clock=LEAGUE_CLOCK_CHOICES)
    async def create(
        self,
        interaction: discord.Interaction,
        game: str,
        format: str,
        rounds: app_commands.Range[int, 1, 63] | None = None,
        clock: int = DEFAULT_CLOCK,
        round_days: app_commands.Range[int, ROUND_DAYS_LEAST, ROUND_DAYS_MOST] | None = None,
    ) -> None:
        await self.bot.leagues.create(interaction, game, format, rounds, clock, round_days)

    @league.command(name="status", description="The standings (or bracket) and the round of this channel's league.")
    async def status(self, interaction: discord.Interaction) -> None:
        await self.bot.leagues.status(interaction)

    @league.command(name="drop", description="Organiser: drop a player; every game they have left is a forfeit.")
    @app_commands.describe(player="Who to drop")
    async def drop(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self.bot.leagues.drop(interaction, player)


async def setup(bot: AnthologyBot) -> None:
    await bot.add_cog(Leagues(bot))
