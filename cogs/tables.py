"""Slash commands every game shares: /play, /rules, /status, /leave, /kick, /abandon and /server-settings."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AnthologyBot
from bot.catalogue import CATALOGUE
from bot.discord_ui.failures import autocomplete_or_nothing
from bot.discord_ui.options import CLOCK_NAMES, option_word, table_options
from bot.discord_ui.settings import changed_server_settings, server_settings_embed
from bot.seasons import MONTH, NO_SEASONS, QUARTER

GAME_CHOICES = [app_commands.Choice(name=entry.title, value=entry.key) for entry in CATALOGUE]
CLOCK_CHOICES = [app_commands.Choice(name=name, value=key) for key, name in CLOCK_NAMES.items()]
SEASON_CHOICES = [
    app_commands.Choice(name="a calendar month", value=MONTH),
    app_commands.Choice(name="a quarter of the year", value=QUARTER),
    app_commands.Choice(name="none: one endless leaderboard", value=NO_SEASONS),
]


class Tables(commands.Cog):
    def __init__(self, bot: AnthologyBot) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.bot.tables.interaction_arrived(interaction)

    @app_commands.command(name="play", description="Open a table for a game; others join with the Join button.")
    @app_commands.describe(
        game="Which game to play",
        thread="Open the table in a new thread (default: yes, when I may create threads)",
        options="Table options, e.g. draw_then_play=on (see /rules)",
        reminder_hours="Remind a player after this many hours on their turn (default 12)",
        clock="Time per move before a computer makes it; it stops in away hours (default: the server's, else 1 day)",
        forfeit="Two players: one who leaves the game loses it (default: a computer plays on for them)",
    )
    @app_commands.choices(game=GAME_CHOICES, clock=CLOCK_CHOICES)
    @app_commands.guild_only()
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        thread: bool | None = None,
        options: str = "",
        reminder_hours: app_commands.Range[int, 1, 168] | None = None,
        clock: str | None = None,
        forfeit: bool | None = None,
    ) -> None:
        await self.bot.tables.open_table(
            interaction, game, thread=thread, options_text=options, reminder_hours=reminder_hours, clock=clock,
            forfeit=forfeit,
        )  # fmt: skip

    @play.autocomplete("options")
    @autocomplete_or_nothing
    async def play_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest the option being typed (the last word), keeping the ones already written before it."""
        game = self.bot.games.get(getattr(interaction.namespace, "game", None) or "")
        games = [game] if game else list(self.bot.games.values())
        written, _, typing = current.rpartition(" ")
        prefix = f"{written} " if written else ""
        taken = {word.partition("=")[0] for word in written.split()}
        suggestions = []
        # The host's table options are every game's: suggested once.
        for option in dict.fromkeys(option for each in games for option in table_options(each.rules)):
            if option.key in taken:
                continue
            for choice in option.choices[1:]:
                text = f"{option.key}={option_word(choice)}"
                if typing.lower() in text and len(prefix + text) <= 100:
                    name = f"{prefix}{text} ({option.label})"[:100]
                    suggestions.append(app_commands.Choice(name=name, value=prefix + text))
        return suggestions[:25]

    @app_commands.command(name="rules", description="How to play a game, with this bot's house rulings, by topic.")
    @app_commands.describe(game="Which game", topic="A topic of its rules (leave it out for an overview and the list)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str, topic: str = "") -> None:
        await self.bot.rules_help.show(interaction, game, topic)

    @rules.autocomplete("topic")
    @autocomplete_or_nothing
    async def rules_topics(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The chosen game's topics whose title has what is typed in it (none before a game is chosen)."""
        game = getattr(interaction.namespace, "game", None) or ""
        return self.bot.rules_help.suggestions(game, current)

    @app_commands.command(
        name="status",
        description="Show the table here (or the tables in this channel's threads) and whom it waits for.",
    )
    @app_commands.guild_only()
    async def status(self, interaction: discord.Interaction) -> None:
        await self.bot.tables.show_status(interaction)

    @app_commands.command(
        name="leave", description="Leave the table here; in a running game a computer takes your seat."
    )
    @app_commands.guild_only()
    async def leave(self, interaction: discord.Interaction) -> None:
        await self.bot.tables.leave(interaction)

    @app_commands.command(name="kick", description="Opener only: remove a player from the table before it starts.")
    @app_commands.describe(player="Who to remove")
    @app_commands.guild_only()
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self.bot.tables.remove_player(interaction, player)

    @app_commands.command(name="server-settings", description="Manage Server: this server's defaults for tables.")
    @app_commands.describe(
        clock="The turn clock of new tables when /play does not choose one",
        threads="Open new tables in a thread of their own (when /play does not say)",
        announce_role="A role to mention when a table opens and looks for players",
        no_role="Mention no role when a table opens",
        season="How long a season lasts: each has its own leaderboards, and ratings soften between them",
        season_channel="Where a season's final standings are posted (default: where you turn seasons on)",
    )
    @app_commands.choices(clock=CLOCK_CHOICES, season=SEASON_CHOICES)
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def server_settings(
        self,
        interaction: discord.Interaction,
        clock: str | None = None,
        threads: bool | None = None,
        announce_role: discord.Role | None = None,
        no_role: bool = False,
        season: str | None = None,
        season_channel: discord.TextChannel | None = None,
    ) -> None:
        # Discord hides the command from members without Manage Server, but a server can change that.
        if not interaction.permissions.manage_guild:
            await interaction.response.send_message("Only members with Manage Server can do that.", ephemeral=True)
            return
        if season_channel is not None and not season_channel.permissions_for(interaction.guild.me).send_messages:
            await interaction.response.send_message(
                f"I may not send messages in {season_channel.mention}: pick a channel where I can post the "
                "seasons' final standings, or let me post there first.",
                ephemeral=True,
            )
            return
        store = self.bot.store
        current = await store.server_settings(interaction.guild_id)
        try:
            role = announce_role.id if announce_role is not None else None
            channel = season_channel.id if season_channel is not None else None
            changed = changed_server_settings(
                current, clock, threads, role, no_role, season, channel, interaction.channel_id
            )
        except ValueError as error:
            await interaction.response.send_message(str(error), ephemeral=True)
            return
        if changed != current:
            await store.save_server_settings(interaction.guild_id, changed)
        await interaction.response.send_message(embed=server_settings_embed(changed), ephemeral=True)

    @app_commands.command(name="abandon", description="Opener or admin: end the table in this channel.")
    @app_commands.guild_only()
    async def abandon(self, interaction: discord.Interaction) -> None:
        await self.bot.tables.abandon(interaction)


async def setup(bot: AnthologyBot) -> None:
    await bot.add_cog(Tables(bot))
