"""Moves typed in chat (Anomia's face-off answers, Not Another Word's words), the reading of chat the bot missed
while it was away (bot/discord_ui/missed_chat.py), and /answer and /word for servers without the Message Content
intent."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AnthologyBot
from bot.discord_ui.missed_chat import MissedChat


class Chat(commands.Cog):
    def __init__(self, bot: AnthologyBot) -> None:
        self.bot = bot
        self.missed = MissedChat(bot, bot.host, bot.display, bot.tables)

    async def cog_load(self) -> None:
        if self.bot.reads_message_content:
            self.missed.starting()

    async def cog_unload(self) -> None:
        await self.missed.stopping()

    @commands.Cog.listener()
    async def on_shard_connect(self, shard_id: int) -> None:
        if self.bot.reads_message_content:  # without it, history comes without text: players use /answer and /word
            self.missed.session_began(shard_id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        await self.missed.all_read()

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        self.bot.display.message_posted(message.channel.id)
        await self.missed.read_before(message)
        await self.bot.tables.message_typed(message)

    @app_commands.command(
        name="answer", description="Type a move, as you would in chat: an answer in an Anomia face-off."
    )
    @app_commands.describe(text="Your move, e.g. your face-off answer")
    @app_commands.guild_only()
    async def answer(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, 100]) -> None:
        await self.bot.tables.answer_command(interaction, text)

    @app_commands.command(
        name="word", description="Make a word in Not Another Word, as you would by typing it in chat."
    )
    @app_commands.describe(word="The new word, 3 to 5 letters")
    @app_commands.guild_only()
    async def word(self, interaction: discord.Interaction, word: app_commands.Range[str, 1, 15]) -> None:
        await self.bot.tables.word_command(interaction, word)


async def setup(bot: AnthologyBot) -> None:
    await bot.add_cog(Chat(bot))
