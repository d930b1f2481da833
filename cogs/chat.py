"""Moves typed in chat (Anomia's face-off answers, Not Another Word's words), and /answer and /word for servers
without the Message Content intent.

Discord does not replay chat sent while the bot was away (down, or reconnected with a new session rather than
resumed), so whenever a shard gets a new session, the channels of its running tables that take typed moves are
read from the last message the host noted, oldest first, as if each message had just arrived: a race is still
decided by message ids. Meanwhile a live message in such a channel waits until the channel has been read, and at a
start the timers that fell due while the bot was down wait until every channel has been.
"""

from __future__ import annotations

import asyncio
import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.app import AnthologyBot
from bot.matches import ChatToRead

log = logging.getLogger(__name__)

CHANNELS_READ_AT_ONCE = 4
"""Channels whose missed chat is read at the same time (over every shard): a few, so many tables do not crowd
out serving."""


class Chat(commands.Cog):
    def __init__(self, bot: AnthologyBot) -> None:
        self.bot = bot
        self._listing: dict[int, asyncio.Event] = {}
        """Per shard, set once the channels it must read again are known (they wait in `_reading`)."""
        self._reading: dict[int, asyncio.Event] = {}
        """Per channel being read again, set when it has been."""
        self._readers: set[asyncio.Task[None]] = set()
        self._at_once = asyncio.Semaphore(CHANNELS_READ_AT_ONCE)

    async def cog_load(self) -> None:
        if self.bot.reads_message_content:
            self.bot.host.reading_missed_chat()

    async def cog_unload(self) -> None:
        for reader in list(self._readers):
            reader.cancel()
        await self.bot.host.note_chat_read()

    @commands.Cog.listener()
    async def on_shard_connect(self, shard_id: int) -> None:
        """A new session (a start, or a reconnect Discord would not resume): read what it never delivered."""
        if not self.bot.reads_message_content:
            return  # the messages would come without their text: players use /answer and /word
        listing = self._listing.get(shard_id)
        if listing is None or listing.is_set():
            listing = self._listing[shard_id] = asyncio.Event()
        reader = asyncio.create_task(self._read_missed_chat(shard_id, listing), name=f"missed chat of shard {shard_id}")
        self._readers.add(reader)
        reader.add_done_callback(self._readers.discard)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Every shard has its session, and its reading of missed chat is under way: once done, the timers that fell
        due while the bot was down may fire."""
        await asyncio.gather(*self._readers, return_exceptions=True)
        self.bot.host.missed_chat_read()

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        self.bot.display.message_posted(message.channel.id)
        await self._missed_chat_read(message)
        await self.bot.tables.message_typed(message)

    async def _missed_chat_read(self, message: discord.Message) -> None:
        """Wait until the chat missed before this live message was read, if its channel is being read again."""
        if message.guild is None:
            return
        listing = self._listing.get(message.guild.shard_id)
        if listing is not None:
            await listing.wait()
        reading = self._reading.get(message.channel.id)
        if reading is not None:
            await reading.wait()

    async def _read_missed_chat(self, shard_id: int, listing: asyncio.Event) -> None:
        try:
            tables = [
                table
                for table in await self.bot.host.tables_reading_chat()
                # A channel still being read from an earlier session is read to its end by that reader.
                if self._shard_of(table) == shard_id and table.channel_id not in self._reading
            ]
            for table in tables:
                self._reading[table.channel_id] = asyncio.Event()
        except Exception:
            log.exception("could not list the tables whose missed chat shard %d must read", shard_id)
            return
        finally:
            listing.set()
        if not tables:
            return
        read = await asyncio.gather(*(self._read_channel(table) for table in tables))
        log.info("read %d message(s) missed in %d table channel(s) of shard %d", sum(read), len(tables), shard_id)

    def _shard_of(self, table: ChatToRead) -> int | None:
        if table.guild_id is None:
            return None
        return (table.guild_id >> 22) % (self.bot.shard_count or 1)

    async def _read_channel(self, table: ChatToRead) -> int:
        """Treat the channel's messages after the last one read as if they had just arrived, oldest first; how
        many were read. A channel the bot can no longer read is left with a log line."""
        channel = self.bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        read = 0
        try:
            async with self._at_once:
                after = discord.Object(table.read_up_to)
                async for message in channel.history(after=after, oldest_first=True, limit=None):
                    self.bot.display.message_posted(table.channel_id)
                    await self.bot.tables.message_typed(message)
                    read += 1
        except (discord.Forbidden, discord.NotFound) as error:
            where = (table.channel_id, table.match_id)
            log.info("passed over the chat missed in channel %d (table %d): %s", *where, error)
        except Exception:
            log.exception("reading the chat missed in channel %d (table %d) failed", table.channel_id, table.match_id)
        finally:
            reading = self._reading.pop(table.channel_id, None)
            if reading is not None:
                reading.set()
        return read

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
