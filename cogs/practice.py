"""/practice: a table for one player against computer players, dealt at once, with hints, not rated."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AnthologyBot
from bot.catalogue import CATALOGUE


def _against(opponents: int) -> str:
    return f"against {opponents} computer{'s' if opponents != 1 else ''}"


PRACTICE_CHOICES = [
    app_commands.Choice(name=f"{entry.title} ({_against(entry.rules.practice_opponents)})", value=entry.key)
    for entry in CATALOGUE
]


class Practice(commands.Cog):
    def __init__(self, bot: AnthologyBot) -> None:
        self.bot = bot

    @app_commands.command(
        name="practice",
        description="Play a game alone against computer players, with a Hint button. Not rated.",
    )
    @app_commands.describe(game="Which game (you play against its usual number of computer players)")
    @app_commands.choices(game=PRACTICE_CHOICES)
    @app_commands.guild_only()
    async def practice(self, interaction: discord.Interaction, game: str) -> None:
        await self.bot.practice.open_practice(interaction, game)


async def setup(bot: AnthologyBot) -> None:
    await bot.add_cog(Practice(bot))
