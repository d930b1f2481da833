"""Chat the bot never saw: moves typed while it was away, read back from each channel's history.

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

from bot.discord_ui.controller import TableController
from bot.discord_ui.display import TableDisplay
from bot.matches import ChatToRead, MatchHost

log = logging.getLogger(__name__)

CHANNELS_READ_AT_ONCE = 4
"""Channels whose missed chat is read at the same time (over every shard): a few, so many tables do not crowd
out serving."""


class MissedChat:
    """Reads each new session's missed chat, and holds live messages back until their channel has been read."""

    def __init__(self, client: discord.Client, host: MatchHost, display: TableDisplay, tables: TableController) -> None:
        self.client = client
        self.host = host
        self.display = display
        self.tables = tables
        self._listing: dict[int, asyncio.Event] = {}
        """Per shard, set once the channels it must read again are known (they wait in `_reading`)."""
        self._reading: dict[int, asyncio.Event] = {}
        """Per channel being read again, set when it has been."""
        self._readers: set[asyncio.Task[None]] = set()
        self._at_once = asyncio.Semaphore(CHANNELS_READ_AT_ONCE)

    def starting(self) -> None:
        """At a start, deadlines wait for the first reading (see `all_read`)."""
        self.host.reading_missed_chat()

    async def stopping(self) -> None:
        for reader in list(self._readers):
            reader.cancel()
        await self.host.note_chat_read()

    def session_began(self, shard_id: int) -> None:
        """A new session (a start, or a reconnect Discord would not resume): read what it never delivered."""
        listing = self._listing.get(shard_id)
        if listing is None or listing.is_set():
            listing = self._listing[shard_id] = asyncio.Event()
        reader = asyncio.create_task(self._read_shard(shard_id, listing), name=f"missed chat of shard {shard_id}")
        self._readers.add(reader)
        reader.add_done_callback(self._readers.discard)

    async def all_read(self) -> None:
        """Once every shard's reading under way is done, the timers that fell due while the bot was down may
        fire."""
        await asyncio.gather(*self._readers, return_exceptions=True)
        self.host.missed_chat_read()

    async def read_before(self, message: discord.Message) -> None:
        """Wait until the chat missed before this live message was read, if its channel is being read again."""
        if message.guild is None:
            return
        listing = self._listing.get(message.guild.shard_id)
        if listing is not None:
            await listing.wait()
        reading = self._reading.get(message.channel.id)
        if reading is not None:
            await reading.wait()

    async def _read_shard(self, shard_id: int, listing: asyncio.Event) -> None:
        try:
            tables = [
                table
                for table in await self.host.tables_reading_chat()
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
        return (table.guild_id >> 22) % (self.client.shard_count or 1)

    async def _read_channel(self, table: ChatToRead) -> int:
        """Treat the channel's messages after the last one read as if they had just arrived, oldest first; how
        many were read. A channel the bot can no longer read is left with a log line."""
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        read = 0
        try:
            async with self._at_once:
                after = discord.Object(table.read_up_to)
                async for message in channel.history(after=after, oldest_first=True, limit=None):
                    self.display.message_posted(table.channel_id)
                    await self.tables.message_typed(message)
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
