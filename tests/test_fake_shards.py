"""fakediscord's sharding, routed as Discord routes it: GET /gateway/bot recommends a shard count; an IDENTIFY
with `shard: [id, count]` gets READY and GUILD_CREATEs for that shard's guilds only, and afterwards only their
events (messages, interactions, channel changes); direct messages and their interactions go to shard 0. Checked
with discord.py's own AutoShardedClient: one client running both shards, and two clients with one shard each, as
two processes run them."""

from __future__ import annotations

import json

import discord
import pytest
from discord.ext import commands
from fakediscord import FakeDiscord, Perm, SnowflakeGenerator, bot_options, run_bot
from fakediscord.gateway import Session


class ShardBot(commands.AutoShardedBot):
    """Says who it is when asked with /whoami, and notes every message from a person it hears."""

    def __init__(self, name: str, **shards: object) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(command_prefix="!", intents=intents, **bot_options(), **shards)
        self.name = name
        self.heard: list[str] = []

    async def setup_hook(self) -> None:
        @self.tree.command()
        async def whoami(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(self.name)

        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if not message.author.bot:
            self.heard.append(message.content)


@pytest.fixture
async def world():
    """A fake Discord with a guild on each of two shards, each with a channel and a member."""
    async with FakeDiscord() as fake:
        zero, one = fake.create_guild("Zero", shard=(0, 2)), fake.create_guild("One", shard=(1, 2))
        yield (
            fake,
            zero,
            zero.create_text_channel("games"),
            zero.add_member("ann"),
            one,
            one.create_text_channel("games"),
        )


def dispatched(session: Session, event: str) -> list[dict]:
    return [json.loads(entry.text)["d"] for entry in session.log if entry.event == event]


def test_guild_ids_made_for_a_shard_land_on_it_and_still_increase() -> None:
    snowflakes = SnowflakeGenerator()
    ids = [snowflakes.on_shard(shard, 3) for shard in (2, 0, 1, 1)]
    assert [(guild_id >> 22) % 3 for guild_id in ids] == [2, 0, 1, 1]
    assert ids == sorted(set(ids)) and snowflakes.next() > ids[-1]


async def test_one_client_runs_the_recommended_shards_and_each_hears_only_its_guilds(world) -> None:
    fake, zero, zero_games, ann, one, one_games = world
    fake.recommended_shards = 2
    ben = one.add_member("ben")
    bot = ShardBot("both")
    async with run_bot(fake, bot):
        assert fake.calls["GET /gateway/bot"] == 1 and bot.shard_count == 2
        shard = fake.gateway.live
        assert [session.shard for session in shard.values()] == [[0, 2], [1, 2]]
        for session, guild in ((shard[0], zero), (shard[1], one)):
            (ready,) = dispatched(session, "READY")
            assert [entry["id"] for entry in ready["guilds"]] == [str(guild.id)]
            assert [entry["id"] for entry in dispatched(session, "GUILD_CREATE")] == [str(guild.id)]
        assert {guild.id: guild.shard_id for guild in bot.guilds} == {zero.id: 0, one.id: 1}

        await ann.say(zero_games, "zero")
        await ben.say(one_games, "one")
        await ben.dm("direct")
        one_games.deny_bot(Perm.ADD_REACTIONS)  # a world change made by synchronous code: CHANNEL_UPDATE
        await fake.wait_for(lambda: len(bot.heard) == 3 and dispatched(shard[1], "CHANNEL_UPDATE"))
        assert [message["content"] for message in dispatched(shard[0], "MESSAGE_CREATE")] == ["zero", "direct"]
        assert [message["content"] for message in dispatched(shard[1], "MESSAGE_CREATE")] == ["one"]
        assert dispatched(shard[0], "CHANNEL_UPDATE") == []

        for user, channel, heard_on in (
            (ann, zero_games, [0]),
            (ben, one_games, [1]),
            (ben, fake.dm_channel(ben), [0]),
        ):
            asked = await user.slash(channel, "whoami")
            assert (await asked.response()).content == "both" and asked.shards == heard_on


async def test_two_clients_with_a_shard_each_share_the_guilds_and_shard_0_hears_direct_messages(world) -> None:
    fake, zero, zero_games, ann, one, one_games = world
    ben = one.add_member("ben")
    first, second = ShardBot("first", shard_count=2, shard_ids=[0]), ShardBot("second", shard_count=2, shard_ids=[1])
    async with run_bot(fake, first), run_bot(fake, second):
        assert fake.calls["GET /gateway/bot"] == 0, "a shard count given: nothing to ask Discord"
        assert [guild.id for guild in first.guilds] == [zero.id] and [guild.id for guild in second.guilds] == [one.id]
        for user, channel, answerer in ((ann, zero_games, "first"), (ben, one_games, "second")):
            asked = await user.slash(channel, "whoami")
            assert (await asked.response()).content == answerer
        direct = await ben.slash(fake.dm_channel(ben), "whoami")
        assert (await direct.response()).content == "first", "a direct message's interaction goes to shard 0"

        await ben.say(one_games, "one")
        await ben.dm("direct")
        await fake.wait_for(lambda: first.heard == ["direct"] and second.heard == ["one"])

        # The second client starting again ends its shard's old session only.
        old_zero, old_one = fake.gateway.live[0], fake.gateway.live[1]
        await fake.gateway.invalidate_session()  # the session identified last: shard 1's
        await fake.wait_for(lambda: fake.gateway.live[1] is not old_one and fake.gateway.connection_of(1))
        assert fake.gateway.live[0] is old_zero and not old_zero.invalid and old_one.invalid
        await ann.say(zero_games, "still here")
        await fake.wait_for(lambda: first.heard == ["direct", "still here"])
