"""Slash commands about a player rather than a table: /settings and /my-games."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AnthologyBot
from bot.discord_ui.failures import answered_in_time, autocomplete_or_nothing, reply_privately
from bot.discord_ui.my_games import my_games_embed, server_names
from bot.discord_ui.settings import NOTICE_WORDS, changed_settings, settings_embed, time_zone_label

NOTICE_CHOICES = [app_commands.Choice(name=words, value=notice) for notice, words in NOTICE_WORDS.items()]


class Players(commands.Cog):
    def __init__(self, bot: AnthologyBot) -> None:
        self.bot = bot

    @app_commands.command(name="settings", description="Your time zone, away hours and how you hear it is your turn.")
    @app_commands.describe(
        timezone="Your time zone: type your city, country, EST or UTC+5 and pick from the list",
        away="Hours you are away, your time, e.g. 23:00-07:00 or 11pm-7am (none: no away hours)",
        turn_notice="How I tell you it is your turn",
    )
    @app_commands.choices(turn_notice=NOTICE_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def settings(
        self,
        interaction: discord.Interaction,
        timezone: str | None = None,
        away: str | None = None,
        turn_notice: str | None = None,
    ) -> None:
        store = self.bot.store
        current = await store.player_settings(interaction.user.id)
        time_zones = await answered_in_time(interaction, self.bot.time_zones())
        try:
            changed = changed_settings(current, timezone, away, turn_notice, time_zones, self.bot.clock.now())
        except ValueError as error:
            await reply_privately(interaction, str(error))
            return
        if changed != current:
            await store.save_player_settings(interaction.user.id, changed)
            self.bot.display.settings_changed(interaction.user.id, changed)
        embed = settings_embed(changed, self.bot.clock.now())
        if interaction.response.is_done():
            await interaction.followup.send(embed=embed, ephemeral=True)
        else:
            await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="my-games", description="Every table you sit at, in every server, and whose turn it is.")
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
    async def my_games(self, interaction: discord.Interaction) -> None:
        bot = self.bot
        tables = await bot.host.tables_of(interaction.user.id)
        names = await server_names(bot, (snapshot.match.guild_id for snapshot in tables))

        def server_name(guild_id: int | None) -> str:
            return names.get(guild_id, "a server")

        embed = my_games_embed(interaction.user.id, tables, bot.games, server_name, bot.display.clock_due)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @settings.autocomplete("timezone")
    @autocomplete_or_nothing
    async def timezone_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The best 25 zones for what is typed (a city, a country, an abbreviation, an offset or a zone's name),
        each labelled with a place and its offset now."""
        now = self.bot.clock.now()
        time_zones = await self.bot.time_zones()
        return [
            app_commands.Choice(name=time_zone_label(place, now), value=place.zone)
            for place in time_zones.search(current, now)
        ]


async def setup(bot: AnthologyBot) -> None:
    await bot.add_cog(Players(bot))
