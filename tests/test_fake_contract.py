"""Contract test: the real discord.py 2.7 client against fakediscord, over every route and dispatch it fakes.

A small bot defined here (a cog with slash commands, a persistent DynamicItem button, a select, modals,
listeners, DMs, threads, files) is driven by scripted users. Any payload discord.py cannot parse shows up as
an error in the bot's handlers or logs, which the test asserts are empty; any route the fake lacks shows up
in ``fake.unimplemented``.
"""

from __future__ import annotations

import io
import re
from typing import Any

import discord
import pytest
from discord import app_commands, ui
from discord.ext import commands
from fakediscord import EPHEMERAL, FakeDiscord, FakeModal, Perm, run_bot, snowflake_time


def test_pinned_discord_version() -> None:
    # The fake's payloads are checked against this exact minor version; bump deliberately.
    assert discord.__version__.startswith("2.7")


class Recorder:
    """What the test bot saw and every error its handlers got."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.messages: list[discord.Message] = []
        self.reactions: list[discord.RawReactionActionEvent] = []
        self.joins: list[tuple[int, int]] = []
        self.threads: list[discord.Thread] = []
        self.results: dict[str, Any] = {}


class JoinButton(ui.DynamicItem[ui.Button], template=r"join:(?P<table>\d+)"):
    """A persistent button: works after a restart because the table id lives in the custom_id."""

    recorder: Recorder

    def __init__(self, table: int) -> None:
        super().__init__(ui.Button(label="Join", style=discord.ButtonStyle.primary, custom_id=f"join:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        self.recorder.joins.append((self.table, interaction.user.id))
        count = sum(1 for table, _ in self.recorder.joins if table == self.table)
        await interaction.response.edit_message(content=f"table {self.table}: {count} joined")


class CardSelect(ui.Select):
    def __init__(self) -> None:
        super().__init__(
            placeholder="Pick a card",
            custom_id="card-select",
            options=[discord.SelectOption(label=label, value=label.lower()) for label in ("7♣", "8♣", "Q♥")],
            max_values=2,
        )

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"you picked {', '.join(self.values)}", ephemeral=True)


class LeaveButton(ui.Button):
    def __init__(self) -> None:
        super().__init__(label="Leave", style=discord.ButtonStyle.secondary, custom_id="leave")

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer()  # type 6, then edit the component's message via @original
        await interaction.edit_original_response(content="someone left")
        await interaction.followup.send("you left", ephemeral=True)


class TableView(ui.View):
    def __init__(self, table: int) -> None:
        super().__init__(timeout=None)
        self.add_item(JoinButton(table))
        self.add_item(LeaveButton())
        self.add_item(ui.Button(label="Rules", url="https://example.com/rules"))
        self.add_item(CardSelect())


class BidModal(ui.Modal, title="Your bid"):
    bid = ui.TextInput(label="Bid", max_length=3)
    note = ui.TextInput(label="Note", style=discord.TextStyle.paragraph, required=False)
    suit = ui.Label(
        text="Trump suit",
        component=ui.Select(custom_id="suit", options=[discord.SelectOption(label=s) for s in ("♠", "♥")]),
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        assert isinstance(self.suit.component, ui.Select)
        suit = self.suit.component.values[0]
        await interaction.response.send_message(f"bid {self.bid.value} in {suit} ({self.note.value or '-'})")


class TableCog(commands.Cog):
    admin = app_commands.Group(name="admin", description="Admin tools")

    def __init__(self, bot: commands.Bot, recorder: Recorder) -> None:
        self.bot = bot
        self.recorder = recorder

    @app_commands.command(name="play", description="Open a table")
    @app_commands.describe(game="Which game", seats="How many seats", thread="Open a thread for the table")
    @app_commands.choices(
        game=[
            app_commands.Choice(name="Anarchy", value="anarchy"),
            app_commands.Choice(name="Hearts", value="hearts"),
        ]
    )
    async def play(
        self,
        interaction: discord.Interaction,
        game: str,
        seats: app_commands.Range[int, 2, 6] = 4,
        thread: bool = False,
    ) -> None:
        table = len(self.recorder.results.setdefault("tables", [])) + 1
        self.recorder.results["tables"].append((game, seats))
        embed = discord.Embed(title=f"{game.title()} table", description=f"{seats} seats")
        embed.add_field(name="Host", value=interaction.user.mention)
        await interaction.response.send_message(f"table {table}: 0 joined", embed=embed, view=TableView(table))
        message = await interaction.original_response()
        await message.add_reaction("🃏")
        if thread:
            created = await message.create_thread(name=f"{game} table {table}")
            await created.send("welcome to the table")

    @app_commands.command(name="bid", description="Place a bid")
    async def bid(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(BidModal())

    @app_commands.command(name="notify", description="DM me")
    async def notify(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.user.send("your turn")
        except discord.Forbidden as exc:
            self.recorder.results["dm_error"] = exc.code
            await interaction.response.send_message("I cannot DM you", ephemeral=True)
            return
        await interaction.response.send_message("sent you a DM", ephemeral=True)

    @app_commands.command(name="lobby", description="Open a standalone thread")
    async def lobby(self, interaction: discord.Interaction, name: str) -> None:
        assert isinstance(interaction.channel, discord.TextChannel)
        thread = await interaction.channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        await thread.send("lobby open")
        await interaction.response.send_message(f"opened {thread.mention}")

    @app_commands.command(name="whois", description="Look someone up")
    async def whois(self, interaction: discord.Interaction, member: discord.Member, where: discord.TextChannel) -> None:
        assert interaction.guild is not None
        fetched = await interaction.guild.fetch_member(member.id)
        channel = await self.bot.fetch_channel(where.id)
        await interaction.response.send_message(f"{fetched.name} in {channel.name}", ephemeral=True)

    @admin.command(name="ping", description="Slow ping")
    async def ping(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(thinking=True)
        await interaction.followup.send("pong")  # replaces the thinking message
        extra = await interaction.followup.send("and another", wait=True)
        await extra.edit(content="and another (edited)")
        await interaction.edit_original_response(content="pong (edited)")
        original = await interaction.original_response()
        self.recorder.results["original"] = original.content

    @admin.command(name="file", description="Send a file")
    async def file(self, interaction: discord.Interaction) -> None:
        board = discord.File(io.BytesIO(b"A K Q J"), filename="board.txt")
        await interaction.response.send_message("the board", file=board)

    @admin.command(name="secret", description="Ephemeral then deleted")
    async def secret(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message("only you", ephemeral=True)
        await interaction.delete_original_response()

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        self.recorder.messages.append(message)
        if message.author.bot:
            return
        if message.content == "ping":
            reply = await message.reply("pong")
            await reply.edit(content="pong!")
        elif message.content == "history":
            async with message.channel.typing():
                seen = [m async for m in message.channel.history(limit=10)]
            fetched = await message.channel.fetch_message(message.id)
            await message.channel.send(f"history {len(seen)} {fetched.content}")
        elif message.content == "clean":
            async for old in message.channel.history(limit=20):
                if old.author == self.bot.user and old.content == "pong!":
                    await old.delete()
        elif message.content == "file":
            await message.channel.send(file=discord.File(io.BytesIO(b"hello"), filename="hello.txt"))
        elif isinstance(message.channel, discord.DMChannel):
            await message.channel.send(f"echo {message.content}")

    @commands.Cog.listener()
    async def on_raw_reaction_add(self, payload: discord.RawReactionActionEvent) -> None:
        self.recorder.reactions.append(payload)

    @commands.Cog.listener()
    async def on_thread_create(self, thread: discord.Thread) -> None:
        self.recorder.threads.append(thread)


class ContractBot(commands.Bot):
    def __init__(self, recorder: Recorder, guild_id: int | None = None, **options: Any) -> None:
        intents = discord.Intents.default()
        intents.message_content = True
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05, **options)
        self.recorder = recorder
        self.sync_guild = guild_id

    async def setup_hook(self) -> None:
        JoinButton.recorder = self.recorder
        self.add_dynamic_items(JoinButton)
        await self.add_cog(TableCog(self, self.recorder))
        self.tree.on_error = self.on_tree_error
        if self.sync_guild is not None:
            guild = discord.Object(self.sync_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        await self.tree.sync()

    async def on_tree_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        self.recorder.errors.append(f"tree: {error!r} {getattr(error, 'original', '')!r}")

    async def on_error(self, event: str, *args: Any, **kwargs: Any) -> None:
        import sys

        self.recorder.errors.append(f"{event}: {sys.exc_info()[1]!r}")


@pytest.fixture
async def fake():
    async with FakeDiscord(bot_name="Anthology") as server:
        yield server


async def test_contract_every_route_and_dispatch(fake: FakeDiscord) -> None:
    guild = fake.create_guild("Card Club")
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    bob = guild.add_member("bob")
    recorder = Recorder()
    bot = ContractBot(recorder, guild_id=guild.id)

    async with run_bot(fake, bot) as run:
        # login and sync
        assert fake.calls["GET /users/@me"] == 1
        assert fake.calls["GET /oauth2/applications/@me"] == 1
        assert fake.calls["PUT /applications/{application_id}/commands"] == 1
        assert fake.calls["PUT /applications/{application_id}/guilds/{guild_id}/commands"] == 1
        assert bot.application_id == fake.application_id
        assert bot.get_guild(guild.id) is not None
        assert bot.get_guild(guild.id).member_count == len(guild.members)
        assert {c["name"] for c in fake.global_commands.values()} >= {"play", "bid", "admin"}

        # slash command with options, choices by display name, embed, view, @original, reaction
        play = await alice.slash(games, "play", game="Hearts", seats=3)
        table = await play.response()
        assert table.content == "table 1: 0 joined"
        assert table.embed("Hearts table")["description"] == "3 seats"
        assert table.button_labels() == ["Join", "Leave", "Rules"]
        assert table.select_options("Pick a card") == ["7♣", "8♣", "Q♥"]
        await fake.wait_for(lambda: table.reaction_count("🃏") == 1)
        assert recorder.results["tables"] == [("hearts", 3)]

        # persistent DynamicItem button -> UPDATE_MESSAGE (type 7)
        join = await bob.click(table, "Join")
        updated = await join.response()
        assert join.response_type == 7
        assert updated is table and table.content == "table 1: 1 joined"
        assert recorder.joins == [(1, bob.id)]

        # deferred update (type 6) + PATCH @original + ephemeral follow-up
        leave = await bob.click(table, "Leave")
        await fake.wait_for(lambda: table.content == "someone left")
        note = await leave.followup(0)
        assert note.ephemeral and note.content == "you left" and bob.ephemerals() == [note]

        # select -> ephemeral reply for the chooser only
        pick = await alice.select(table, "7♣", "Q♥", menu="Pick a card")
        picked = await pick.response()
        assert picked.content == "you picked 7♣, q♥" and picked.flags & EPHEMERAL
        assert alice.ephemerals() == [picked]
        assert picked not in fake.channel_messages(games)

        # modal with text inputs and a select in a Label
        bid = await alice.slash(games, "bid")
        modal = await bid.response()
        assert isinstance(modal, FakeModal) and modal.field_labels() == ["Bid", "Note", "Trump suit"]
        submitted = await alice.submit_modal(bid, {"Bid": "12", "Trump suit": "♥"})
        assert (await submitted.response()).content == "bid 12 in ♥ (-)"

        # DM from a command
        notify = await alice.slash(games, "notify")
        assert (await notify.response()).content == "sent you a DM"
        assert [m.content for m in alice.dms()] == ["your turn"]

        # DM to the bot, and its answer
        await alice.dm("hello bot")
        await alice.wait_dm(lambda m: m.content == "echo hello bot")

        # thread from a message, THREAD_CREATE, members post in it
        await alice.slash(games, "play", game="anarchy", thread=True)
        await fake.wait_for(lambda: fake.threads(games))
        thread = fake.threads(games)[0]
        assert thread.name == "anarchy table 2"
        await fake.wait_for(lambda: [m.content for m in fake.channel_messages(thread)] == ["welcome to the table"])
        await fake.wait_for(lambda: recorder.threads and recorder.threads[0].id == thread.id)
        assert bot.get_channel(thread.id) is not None
        said = await bob.say(thread, "hi table")
        await fake.wait_for(lambda: any(m.id == said.id for m in recorder.messages))

        # standalone thread (and its system message in the parent)
        lobby = await bob.slash(games, "lobby", name="lobby one")
        assert (await lobby.response()).content.startswith("opened <#")
        standalone = next(t for t in fake.threads(games) if t.name == "lobby one")
        assert [m.content for m in fake.channel_messages(standalone)] == ["lobby open"]
        assert any(m.type == 18 for m in fake.channel_messages(games, include_system=True))

        # resolved user and channel options, GET member, GET channel
        whois = await alice.slash(games, "whois", member=bob, where=games)
        assert (await whois.response()).content == "bob in games"

        # subcommand: thinking defer, follow-up replaces it, more follow-ups, edits, GET @original
        ping = await bob.slash(games, "admin ping")
        original = await ping.message()
        await fake.wait_for(lambda: recorder.results.get("original") == "pong (edited)")
        assert original.content == "pong (edited)"
        assert (await ping.followup(1)).content == "and another (edited)"

        # multipart interaction response with a file
        sent = await (await alice.slash(games, "admin file")).response()
        assert sent.attachments[0]["filename"] == "board.txt" and sent.files["board.txt"] == b"A K Q J"

        # ephemeral response deleted via DELETE @original
        secret = await alice.slash(games, "admin secret")
        await fake.wait_for(lambda: secret.original is not None and secret.original.deleted)

        # on_message: reply, edit, typing, history, fetch, delete, multipart channel message
        await alice.say(games, "ping")
        await fake.wait_for(lambda: any(m.content == "pong!" for m in fake.channel_messages(games)))
        pong = next(m for m in fake.channel_messages(games) if m.content == "pong!")
        assert pong.type == 19 and pong.versions[0]["content"] == "pong"
        history = await alice.say(games, "history")
        await fake.wait_for(lambda: any(m.content.startswith("history ") for m in fake.channel_messages(games)))
        assert [m.content for m in fake.bot_messages(games)][-1] == "history 10 history"
        assert history.id < fake.bot_messages(games)[-1].id
        await alice.say(games, "clean")
        await fake.wait_for(lambda: pong.deleted)
        await alice.say(games, "file")
        await fake.wait_for(lambda: fake.bot_messages(games)[-1].files.get("hello.txt") == b"hello")

        # reactions from users reach the bot with their emoji
        await bob.react(table, "👍")
        await fake.wait_for(lambda: any(str(r.emoji) == "👍" and r.user_id == bob.id for r in recorder.reactions))

        assert recorder.errors == []
        assert run.errors == []
    assert fake.unimplemented == []
    assert fake.late_interactions == []


async def test_message_content_intent_not_granted_hides_content(fake: FakeDiscord) -> None:
    fake.message_content_allowed = False
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice = guild.add_member("alice")
    recorder = Recorder()

    class QuietBot(commands.Bot):
        async def on_message(self, message: discord.Message) -> None:
            recorder.messages.append(message)

    bot = QuietBot(command_prefix="!", intents=discord.Intents.default())
    async with run_bot(fake, bot):
        await alice.say(games, "secret plan")
        await alice.say(games, f"{fake.bot_user.mention} look")
        await alice.dm("psst")
        await fake.wait_for(lambda: len(recorder.messages) == 3)
    assert [m.content for m in recorder.messages] == ["", f"<@{fake.bot_user.id}> look", "psst"]


async def test_bot_without_channel_permissions_gets_403(fake: FakeDiscord) -> None:
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    games.deny_bot(Perm.CREATE_PUBLIC_THREADS | Perm.SEND_MESSAGES)
    alice = guild.add_member("alice")
    recorder = Recorder()
    bot = ContractBot(recorder)
    async with run_bot(fake, bot):
        # Interaction responses need no channel permission; creating the thread does.
        lobby = await alice.slash(games, "lobby", name="nope")
        await fake.wait_for(lambda: recorder.errors)
        assert "Missing Permissions" in recorder.errors[0] and "50013" in recorder.errors[0]
        assert not lobby.responded
        assert fake.threads(games) == []
        await alice.say(games, "ping")
        await fake.wait_for(lambda: len(recorder.errors) == 2)
        assert "50013" in recorder.errors[1]


async def test_snowflakes_order_by_creation_not_arrival(fake: FakeDiscord) -> None:
    guild = fake.create_guild()
    games = guild.create_text_channel("games")
    alice, bob = guild.add_member("alice"), guild.add_member("bob")
    seen: list[discord.Message] = []

    class Listener(commands.Bot):
        async def on_message(self, message: discord.Message) -> None:
            seen.append(message)

    intents = discord.Intents.default()
    intents.message_content = True
    async with run_bot(fake, Listener(command_prefix="!", intents=intents)):
        later = await alice.say(games, "second")
        earlier = await bob.say(games, "first", snowflake=fake.snowflakes.before(later.id, ms=50), deliver=False)
        await fake.deliver(earlier)
        await fake.wait_for(lambda: len(seen) == 2)
    assert [m.content for m in seen] == ["second", "first"]  # arrival order
    assert sorted(seen, key=lambda m: m.id)[0].content == "first"  # id order
    assert seen[1].created_at < seen[0].created_at
    assert snowflake_time(earlier.id) < snowflake_time(later.id)
    assert [m.content for m in fake.channel_messages(games)] == ["first", "second"]
