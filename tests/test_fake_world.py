"""fakediscord's own rules: snowflakes, permissions, Discord's payload limits, scripted-user checks, member
chunking, runtime world changes reaching the bot in order, and call counting."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

import discord
import pytest
from discord import app_commands, ui
from discord.ext import commands
from fakediscord import (
    ALL_PERMISSIONS,
    FakeDiscord,
    Perm,
    ScriptError,
    SnowflakeGenerator,
    bot_options,
    run_bot,
    snowflake_time,
)
from fakediscord.perms import channel_permissions
from fakediscord.validation import validate_commands, validate_message, validate_modal
from fakediscord.world import PUBLIC_THREAD, FakeChannel

# ---------------------------------------------------------------------------------------------- pure parts


def test_snowflakes_increase_and_encode_time() -> None:
    gen = SnowflakeGenerator()
    ids = [gen.next() for _ in range(1000)]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    now = dt.datetime.now(dt.UTC)
    assert abs((snowflake_time(ids[-1]) - now).total_seconds()) < 5
    moment = dt.datetime(2024, 5, 1, 12, 0, tzinfo=dt.UTC)
    assert snowflake_time(gen.at(moment)) == moment
    earlier = gen.before(ids[-1], ms=10)
    assert earlier < ids[-1] and snowflake_time(ids[-1]) - snowflake_time(earlier) == dt.timedelta(milliseconds=10)


def test_permission_overwrites_follow_discord_precedence() -> None:
    fake = FakeDiscord()
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    helpers = guild.create_role("helpers")
    alice = guild.add_member("alice", roles=[helpers])
    member = guild.member(alice)
    games.deny(guild, Perm.SEND_MESSAGES)  # @everyone
    assert not channel_permissions(guild, member, games) & Perm.SEND_MESSAGES
    games.allow(helpers, Perm.SEND_MESSAGES)  # a role allow beats an @everyone deny
    assert channel_permissions(guild, member, games) & Perm.SEND_MESSAGES
    games.deny(alice, Perm.SEND_MESSAGES)  # a member overwrite beats roles
    perms = channel_permissions(guild, member, games)
    assert not perms & Perm.SEND_MESSAGES
    assert not perms & Perm.EMBED_LINKS  # implicitly lost with SEND_MESSAGES
    games.deny(guild, Perm.VIEW_CHANNEL)
    games.allow(alice, Perm.VIEW_CHANNEL)
    assert channel_permissions(guild, member, games) & Perm.VIEW_CHANNEL
    owner = guild.member(guild.owner_id)
    assert channel_permissions(guild, owner, games) == ALL_PERMISSIONS


def test_threads_use_send_messages_in_threads() -> None:
    fake = FakeDiscord()
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    games.deny(guild, Perm.SEND_MESSAGES)
    thread = FakeChannel(fake.snowflakes.next(), PUBLIC_THREAD, "t", guild=guild, parent_id=games.id)
    perms = thread.permissions_for(alice)
    assert perms & Perm.SEND_MESSAGES_IN_THREADS and perms & Perm.EMBED_LINKS
    games.deny(guild, Perm.SEND_MESSAGES_IN_THREADS)
    assert not thread.permissions_for(alice) & Perm.EMBED_LINKS


def test_message_limits() -> None:
    assert validate_message({"content": "x" * 2000}) == []
    assert validate_message({"content": "x" * 2001})[0][:2] == (("content",), "BASE_TYPE_MAX_LENGTH")
    embed = {"title": "t" * 257, "fields": [{"name": "n", "value": ""}]}
    paths = [e[0] for e in validate_message({"embeds": [embed]})]
    assert ("embeds", "0", "title") in paths and ("embeds", "0", "fields", "0", "value") in paths
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "same"}] * 2}
    codes = [e[1] for e in validate_message({"components": [row]})]
    assert "COMPONENT_CUSTOM_ID_DUPLICATED" in codes
    too_many_rows = [
        {"type": 1, "components": [{"type": 2, "style": 1, "label": str(i), "custom_id": str(i)}]} for i in range(6)
    ]
    assert validate_message({"components": too_many_rows})
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}], "max_values": 2}
    assert [e[1] for e in validate_message({"components": [{"type": 1, "components": [select]}]})] == [
        "SELECT_COMPONENT_MAX_VALUES_TOO_LARGE"
    ]
    assert validate_message({"flags": 1 << 15, "content": "no", "components": []})


def test_modal_and_command_limits() -> None:
    modal = {"title": "t" * 46, "custom_id": "m", "components": []}
    paths = [e[0] for e in validate_modal(modal)]
    assert ("data", "title") in paths and ("data", "components") in paths
    options = [
        {"type": 3, "name": "opt", "description": "d"},
        {"type": 3, "name": "req", "description": "d", "required": True},
    ]
    codes = [e[1] for e in validate_commands([{"name": "Play", "description": "d", "options": options}])]
    assert codes == ["APPLICATION_COMMAND_INVALID_NAME", "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID"]
    nested = {
        "type": 2,
        "name": "g",
        "description": "d",
        "options": [{"type": 2, "name": "h", "description": "d", "options": []}],
    }
    assert validate_commands([{"name": "x", "description": "d", "options": [nested]}])


# ---------------------------------------------------------------------------------------------- with a bot


class Greeting(ui.Modal, title="Hello"):
    name = ui.TextInput(label="Name", min_length=2, max_length=10)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"hi {self.name.value}")


class WorldBot(commands.Bot):
    def __init__(self, **options: object) -> None:
        intents = options.pop("intents", None) or discord.Intents.default()
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05, **options)  # type: ignore[arg-type]
        self.seen: list[tuple[str, bool]] = []

    async def setup_hook(self) -> None:
        game = app_commands.Group(name="game", description="Games")
        admin = app_commands.Group(name="admin", description="Admin", parent=game)

        @game.command(name="start", description="Start")
        @app_commands.choices(kind=[app_commands.Choice(name="Hearts", value=1)])
        async def start(interaction: discord.Interaction, kind: int, seats: app_commands.Range[int, 2, 4] = 2) -> None:
            view = ui.View()
            view.add_item(ui.Button(label="Go", custom_id="go", disabled=True))
            view.add_item(ui.Button(label="Docs", url="https://example.com"))
            view.add_item(
                ui.Select(
                    custom_id="pick",
                    options=[discord.SelectOption(label="A"), discord.SelectOption(label="B")],
                )
            )
            await interaction.response.send_message(f"kind {kind} seats {seats}", view=view)

        @admin.command(name="reset", description="Reset")
        async def reset(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("reset")

        @self.tree.command(name="wipe", description="Managers only")
        @app_commands.default_permissions(manage_guild=True)
        async def wipe(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("wiped")

        @self.tree.command(name="hello", description="Say hello")
        async def hello(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Greeting())

        self.tree.add_command(game)
        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if isinstance(message.channel, discord.TextChannel) and message.guild is not None:
            me = message.guild.me
            self.seen.append((message.content, message.channel.permissions_for(me).send_messages))


@pytest.fixture
async def fake():
    async with FakeDiscord() as server:
        yield server


async def test_scripted_users_are_held_to_the_discord_client_rules(fake: FakeDiscord) -> None:
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    async with run_bot(fake, WorldBot()):
        with pytest.raises(ScriptError, match="no synced command 'nope'"):
            await alice.slash(games, "nope")
        with pytest.raises(ScriptError, match="needs a subcommand"):
            await alice.slash(games, "game")
        with pytest.raises(ScriptError, match="missing required options \\['kind'\\]"):
            await alice.slash(games, "game start")
        with pytest.raises(ScriptError, match="not a choice"):
            await alice.slash(games, "game start", kind=7)
        with pytest.raises(ScriptError, match="above 4"):
            await alice.slash(games, "game start", kind=1, seats=9)
        with pytest.raises(ScriptError, match="has no option 'colour'"):
            await alice.slash(games, "game start", kind=1, colour="red")
        with pytest.raises(ScriptError, match="cannot see /wipe"):
            await alice.slash(games, "wipe")
        owner_wipe = await fake.users[guild.owner_id].slash(games, "wipe")  # type: ignore[attr-defined]
        assert (await owner_wipe.response()).content == "wiped"
        reset = await alice.slash(games, "game admin reset")  # a subcommand in a nested group
        assert (await reset.response()).content == "reset"

        started = await (await alice.slash(games, "game start", kind="Hearts", seats=3)).response()
        assert started.content == "kind 1 seats 3"
        with pytest.raises(ScriptError, match="disabled"):
            await alice.click(started, "Go")
        with pytest.raises(ScriptError, match="link"):
            await alice.click(started, "Docs")
        with pytest.raises(ScriptError, match=r"no button 'Stop'.*'Go', 'Docs'"):
            await alice.click(started, "Stop")
        with pytest.raises(ScriptError, match="no option 'C'"):
            await alice.select(started, "C")
        with pytest.raises(ScriptError, match=r"takes 1\.\.1 values"):
            await alice.select(started, "A", "B")

        hello = await alice.slash(games, "hello")
        with pytest.raises(ScriptError, match="is required"):
            await alice.submit_modal(hello, {})
        with pytest.raises(ScriptError, match="length 1 out of range"):
            await alice.submit_modal(hello, {"Name": "x"})
        with pytest.raises(ScriptError, match="no fields \\['Age'\\]"):
            await alice.submit_modal(hello, {"Name": "Al", "Age": "3"})
        answer = await alice.submit_modal(hello, {"Name": "Al"})
        assert (await answer.response()).content == "hi Al"

        games.deny(alice, Perm.SEND_MESSAGES)
        with pytest.raises(ScriptError, match="cannot send messages"):
            await alice.say(games, "hi")
        secret = guild.create_text_channel("secret")
        secret.deny(guild, Perm.VIEW_CHANNEL)
        with pytest.raises(ScriptError, match="cannot see #secret"):
            await alice.say(secret, "hi")


async def test_runtime_permission_change_reaches_the_bot_before_later_messages(fake: FakeDiscord) -> None:
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    intents = discord.Intents.default()
    intents.message_content = True
    bot = WorldBot(intents=intents)
    async with run_bot(fake, bot):
        await alice.say(games, "before")
        await fake.wait_for(lambda: bot.seen)
        games.deny_bot(Perm.SEND_MESSAGES)  # sync test code; the CHANNEL_UPDATE goes out before "after"
        await alice.say(games, "after")
        await fake.wait_for(lambda: len(bot.seen) == 2)
        games.deny_bot(Perm.VIEW_CHANNEL)  # now the bot gets no MESSAGE_CREATE from this channel
        unseen = await alice.say(games, "unseen")
        mods = guild.create_role("mods", Perm.MANAGE_GUILD)
        await fake.wait_for(lambda: bot.get_guild(guild.id).get_role(mods.id) is not None)
        sent = [entry.text for entry in fake.gateway.session.log if entry.event == "MESSAGE_CREATE"]
        assert not any(str(unseen.id) in text for text in sent)
    assert bot.seen == [("before", True), ("after", False)]


async def test_member_chunking_when_guild_create_carries_only_the_bot(fake: FakeDiscord) -> None:
    fake.all_members_in_guild_create = False
    guild = fake.create_guild()
    for name in ("alice", "bob", "carol"):
        guild.add_member(name)
    intents = discord.Intents.default()
    intents.members = True
    bot = WorldBot(intents=intents)
    async with run_bot(fake, bot):
        cached = bot.get_guild(guild.id)
        assert cached is not None and cached.chunked
        assert {m.name for m in cached.members} >= {"alice", "bob", "carol"}
        dave = guild.add_member("dave")
        await fake.wait_for(lambda: cached.get_member(dave.id) is not None)


async def test_call_counting_marks_and_resets(fake: FakeDiscord) -> None:
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    async with run_bot(fake, WorldBot()):
        assert fake.calls["GET /users/@me"] == 1
        mark = fake.mark()
        handle = await alice.slash(games, "game start", kind=1)
        await handle.response()
        cost = fake.calls_since(mark)
        assert cost == {"POST /interactions/{interaction_id}/{interaction_token}/callback": 1}
        assert fake.call_log[-1].body["type"] == 4
        fake.reset_calls()
        assert not fake.calls and not fake.call_log


class ExtrasBot(commands.Bot):
    """DM-capable command, a user select, and a history reader."""

    def __init__(self, **options: object) -> None:
        intents = options.pop("intents", None) or discord.Intents.default()
        super().__init__(command_prefix="!", intents=intents, **options)  # type: ignore[arg-type]
        self.counts: list[int] = []
        self.completed: list[str] = []
        """Slash commands whose callbacks have returned, in order."""

    async def setup_hook(self) -> None:
        @self.tree.command(name="hand", description="Show your hand")
        @app_commands.allowed_contexts(guilds=True, dms=True)
        async def hand(interaction: discord.Interaction) -> None:
            where = "dm" if isinstance(interaction.channel, discord.DMChannel) else "guild"
            await interaction.response.send_message(f"hand in {where}", ephemeral=True)

        @self.tree.command(name="challenge", description="Challenge someone")
        @app_commands.guild_only()
        async def challenge(interaction: discord.Interaction) -> None:
            select: ui.UserSelect = ui.UserSelect(custom_id="who", placeholder="Opponent")

            async def chosen(inner: discord.Interaction) -> None:
                await inner.response.send_message(f"challenged {select.values[0].name}")

            select.callback = chosen  # type: ignore[method-assign]
            await interaction.response.send_message("pick", view=ui.View().add_item(select))

        await self.tree.sync()

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        self.completed.append(interaction.command.name)

    async def on_message(self, message: discord.Message) -> None:
        if self.user is not None and self.user in message.mentions:
            found = [m async for m in message.channel.history(limit=20)]
            self.counts.append(sum(1 for m in found if m.content))


@pytest.fixture
async def extras(fake: FakeDiscord):
    """The pattern for tests of a running bot: world, bot and run_bot in one fixture."""
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    bob = guild.add_member("bob")
    bot = ExtrasBot(**bot_options())
    async with run_bot(fake, bot) as run:
        yield run, games, alice, bob


async def test_dm_slash_command_and_user_select(fake: FakeDiscord, extras) -> None:
    run, games, alice, bob = extras
    in_dm = await alice.slash(fake.dm_channel(alice), "hand")
    answer = await in_dm.response()
    assert answer.content == "hand in dm" and alice.ephemerals() == [answer]
    with pytest.raises(ScriptError, match="cannot be used in DMs"):
        await alice.slash(fake.dm_channel(alice), "challenge")

    pick = await (await alice.slash(games, "challenge")).response()
    # discord.py stores the message's view only once Discord has answered the callback, after the message exists:
    # a click before then finds no view. The command's callback ends just after.
    await fake.wait_for(lambda: run.bot.completed == ["hand", "challenge"], 5, "/challenge to finish")
    chosen = await (await alice.select(pick, bob, menu="Opponent")).response()
    assert chosen.content == "challenged bob"
    assert run.errors == []


async def test_private_threads_need_membership(fake: FakeDiscord, extras) -> None:
    _, games, alice, bob = extras
    thread = await fake.create_thread(games, alice, "secret table", kind=12)
    await alice.say(thread, "only us")
    with pytest.raises(ScriptError, match="not a member of private thread"):
        await bob.say(thread, "let me in")
    thread.thread_members.add(bob.id)
    await bob.say(thread, "in")
    assert [m.content for m in fake.channel_messages(thread)] == ["only us", "in"]


async def test_rest_history_hides_content_without_the_intent(fake: FakeDiscord) -> None:
    fake.message_content_allowed = False
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    bot = ExtrasBot()
    async with run_bot(fake, bot):
        await alice.say(games, "hidden one")
        await alice.say(games, "hidden two")
        await alice.say(games, f"{fake.bot_user.mention} count")
        await fake.wait_for(lambda: bot.counts)
    assert bot.counts == [1]  # only the message that mentions the bot has content


class RestartJoin(ui.DynamicItem[ui.Button], template=r"rjoin:(?P<table>\d+)"):
    clicks: ClassVar[list[int]] = []

    def __init__(self, table: int) -> None:
        super().__init__(ui.Button(label="Join", custom_id=f"rjoin:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Button, match) -> RestartJoin:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        RestartJoin.clicks.append(self.table)
        await interaction.response.edit_message(content=f"joined table {self.table}")


async def test_persistent_button_survives_a_bot_restart(fake: FakeDiscord) -> None:
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    # A message the bot posted in an earlier life, seeded straight into the world.
    row = {"type": 1, "components": [{"type": 2, "style": 1, "label": "Join", "custom_id": "rjoin:7"}]}
    table = await fake.create_message(games, fake.bot_user, content="table 7", components=[row], deliver=False)
    RestartJoin.clicks = []

    class Restarted(commands.Bot):
        async def setup_hook(self) -> None:
            self.add_dynamic_items(RestartJoin)

    for _ in range(2):  # two lives of the bot against the same world
        async with run_bot(fake, Restarted(command_prefix="!", intents=discord.Intents.default())):
            click = await alice.click(table, "Join")
            await click.response()
    assert RestartJoin.clicks == [7, 7]
    assert table.content == "joined table 7"
    assert fake.gateway.identifies == 2


async def test_auto_sharded_bot_connects(fake: FakeDiscord) -> None:
    guild = fake.create_guild()
    bot = commands.AutoShardedBot(command_prefix="!", intents=discord.Intents.default(), **bot_options())
    async with run_bot(fake, bot):
        assert bot.get_guild(guild.id) is not None
        assert fake.calls["GET /gateway/bot"] == 1
        assert fake.gateway.session.shard == [0, 1]
