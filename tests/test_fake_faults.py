"""Fault injection in fakediscord, checked against what the real discord.py 2.7 does with each fault.

429s are retried (the action happens once), a 502 is retried with the same nonce (so a message whose answer was
lost is made once; an app's own retry needs its own nonce for that), a 503 raises, a slow request is only slow,
closed DMs raise Forbidden 50007, a callback after the 3-second deadline gets 10062, gateway drops RESUME with
the missed events replayed once, op 9 re-identifies, and fatal closes stop ``bot.start``.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import sys
from typing import Any

import discord
import pytest
from discord import app_commands, ui
from discord.ext import commands
from fakediscord import FakeDiscord, prepare_bot, run_bot


class Seen:
    def __init__(self) -> None:
        self.errors: list[BaseException] = []
        self.joins: list[int] = []
        self.gate = asyncio.Event()


class JoinButton(ui.DynamicItem[ui.Button], template=r"fjoin:(?P<table>\d+)"):
    seen: Seen

    def __init__(self, table: int) -> None:
        super().__init__(ui.Button(label="Join", custom_id=f"fjoin:{table}"))
        self.table = table

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: ui.Button, match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["table"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        self.seen.joins.append(interaction.user.id)
        await interaction.response.edit_message(content=f"{len(self.seen.joins)} joined")


class FaultBot(commands.Bot):
    def __init__(self, seen: Seen, **options: Any) -> None:
        intents = options.pop("intents", None) or discord.Intents.default()
        intents.message_content = options.pop("message_content", True)
        super().__init__(command_prefix="!", intents=intents, guild_ready_timeout=0.05, **options)
        self.seen = seen

    async def setup_hook(self) -> None:
        JoinButton.seen = self.seen
        self.add_dynamic_items(JoinButton)
        seen = self.seen

        @self.tree.command(name="table", description="Open a table")
        async def table(interaction: discord.Interaction) -> None:
            view = ui.View(timeout=None).add_item(JoinButton(1))
            await interaction.response.send_message("0 joined", view=view)

        @self.tree.command(name="slow", description="Answers after the gate opens")
        async def slow(interaction: discord.Interaction) -> None:
            await seen.gate.wait()
            await interaction.response.send_message("finally")

        @self.tree.command(name="dm", description="DM me")
        async def dm(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.user.send("psst")
            await interaction.followup.send("sent")

        @self.tree.command(name="badlabel", description="A button label over 80 characters")
        async def badlabel(interaction: discord.Interaction) -> None:
            view = ui.View().add_item(ui.Button(label="x" * 81, custom_id="long"))
            await interaction.response.send_message("look", view=view)

        @self.tree.error
        async def on_tree_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
            seen.errors.append(getattr(error, "original", error))

        await self.tree.sync()

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot:
            return
        if message.content == "edit me":
            sent = await message.channel.send("v1")
            await sent.edit(content="v2")
        elif message.content == "say":
            await message.channel.send("said")
        elif message.content in ("retry", "retry with a nonce"):
            # An app's own retry after an error is a new send: discord.py gives it a new nonce unless told one.
            nonce = {"nonce": "table-1-line-1"} if message.content == "retry with a nonce" else {}
            for _ in range(2):
                with contextlib.suppress(discord.DiscordServerError):
                    await message.channel.send(message.content, **nonce)
                    break
        elif message.content == "pin":
            await message.pin()

    async def on_error(self, event: str, *args: Any, **kwargs: Any) -> None:
        self.seen.errors.append(sys.exc_info()[1])  # type: ignore[arg-type]


@pytest.fixture
async def fake():
    async with FakeDiscord() as server:
        yield server


@pytest.fixture
def world(fake: FakeDiscord):
    guild = fake.create_guild()
    return guild, guild.create_text_channel("games"), guild.add_member("alice"), guild.add_member("bob")


async def test_429_on_message_edit_is_retried_and_applied_once(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        fault = fake.inject("PATCH", "/channels/{channel_id}/messages/{message_id}", status=429, retry_after=0.1)
        mark = fake.mark()
        await alice.say(games, "edit me")
        await fake.wait_for(lambda: [m.content for m in fake.bot_messages(games)] == ["v2"])
        assert fault.hits == 1
        assert fake.calls_since(mark) == {
            "POST /channels/{channel_id}/messages": 1,
            "PATCH /channels/{channel_id}/messages/{message_id}": 2,
        }
        assert fake.bot_messages(games)[0].edit_count == 1
        assert [r.status for r in fake.call_log[mark:]] == [200, 429, 200]
    assert seen.errors == []


async def test_429_on_interaction_callback_is_retried_and_answers_once(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        fault = fake.inject("POST", "/interactions/*/callback", status=429, retry_after=0.05)
        handle = await alice.slash(games, "table")
        assert (await handle.response()).content == "0 joined"
        assert fault.hits == 1
        assert fake.calls["POST /interactions/{interaction_id}/{interaction_token}/callback"] == 2
        assert len(fake.channel_messages(games)) == 1
    assert seen.errors == []


async def test_global_429_without_via_is_a_cloudflare_ban(fake, world) -> None:
    # Sanity check of the Via rule: the fake always sends Via, so a 429 is never mistaken for a ban.
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        fake.inject("POST", "/channels/{channel_id}/messages", status=429, retry_after=0.05, global_=True)
        await alice.say(games, "say")
        await fake.wait_for(lambda: fake.bot_messages(games))
    assert seen.errors == []


async def test_502_once_is_retried(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        fake.inject("POST", "/channels/{channel_id}/messages", status=502)
        await alice.say(games, "say")
        # discord.py waits 1 s before retrying a 502.
        await fake.wait_for(lambda: fake.bot_messages(games), timeout=5)
        assert fake.calls["POST /channels/{channel_id}/messages"] == 2
        assert len(fake.bot_messages(games)) == 1
    assert seen.errors == []


async def test_an_answer_lost_after_discord_made_the_message_doubles_it_unless_the_retry_has_its_nonce(fake, world):
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        # discord.py's own retry of a 502 sends the same nonce (it makes one per send), so Discord makes one message.
        fake.inject("POST", "/channels/{channel_id}/messages", status=502, after=True)
        await alice.say(games, "say")
        await fake.wait_for(lambda: fake.calls["POST /channels/{channel_id}/messages"] == 2, timeout=5)
        for calls, text in ((4, "retry"), (6, "retry with a nonce")):
            fake.inject("POST", "/channels/{channel_id}/messages", status=503, after=True)
            await alice.say(games, text)
            await fake.wait_for(lambda calls=calls: fake.calls["POST /channels/{channel_id}/messages"] == calls)
        await asyncio.sleep(0.05)
        assert [message.content for message in fake.bot_messages(games)] == [
            "said",
            "retry",
            "retry",
            "retry with a nonce",
        ]
    assert seen.errors == []


async def test_a_slow_request_is_handled_after_its_delay(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        slow = fake.inject("POST", "/channels/{channel_id}/messages", status=0, delay=0.3)
        await alice.say(games, "say")
        await asyncio.sleep(0.15)
        assert fake.bot_messages(games) == []
        await fake.wait_for(lambda: fake.bot_messages(games), timeout=2)
        assert slow.hits == 1 and fake.calls["POST /channels/{channel_id}/messages"] == 1
    assert seen.errors == []


async def test_503_raises_discord_server_error(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        fake.inject("POST", "/channels/{channel_id}/messages", status=503)
        await alice.say(games, "say")
        await fake.wait_for(lambda: seen.errors)
    assert isinstance(seen.errors[0], discord.DiscordServerError)
    assert fake.bot_messages(games) == []


async def test_closed_dms_raise_forbidden_50007(fake, world) -> None:
    _, games, alice, _ = world
    fake.close_dms(alice)
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        handle = await alice.slash(games, "dm")
        await fake.wait_for(lambda: seen.errors)
        assert handle.response_type == 5  # the defer went through before the DM failed
    error = seen.errors[0]
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert alice.dms() == []


async def test_callback_after_the_deadline_gets_10062(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen), check=False):
        handle = await alice.slash(games, "slow")
        await fake.wait_for(lambda: handle.delivered_at is not None)
        fake.advance_clock(fake.interaction_deadline + 0.5)  # the handler "took" 3.5 s
        seen.gate.set()
        await handle.wait_rejected()
        await fake.wait_for(lambda: seen.errors)
    error = seen.errors[0]
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert fake.late_interactions == [handle]
    assert not handle.responded and fake.channel_messages(games) == []


async def test_gateway_drop_replays_a_click_once_after_resume(fake, world) -> None:
    _, games, alice, bob = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        table = await (await alice.slash(games, "table")).response()
        await fake.drop_gateway(4000, hold=True)
        click = await bob.click(table, "Join")  # happens while the bot is offline
        assert click.delivered_at is None
        fake.release_gateway()
        await click.response()
        await fake.wait_for(lambda: fake.gateway.resumes == 1)
        assert seen.joins == [bob.id]
        assert table.content == "1 joined"
        assert fake.gateway.identifies == 1
        # The bot keeps working on the resumed session, and nothing is replayed twice.
        again = await alice.click(table, "Join")
        await again.response()
        assert seen.joins == [bob.id, alice.id]
    assert seen.errors == []


async def test_op7_reconnect_resumes(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen)):
        await fake.send_reconnect()
        await fake.wait_for(lambda: fake.gateway.resumes == 1)
        assert (await (await alice.slash(games, "table")).response()).content == "0 joined"
        assert fake.gateway.identifies == 1


async def test_op9_invalid_session_reidentifies(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    bot = FaultBot(seen)
    async with run_bot(fake, bot):
        first = fake.gateway.session
        await fake.invalidate_session()
        await fake.wait_for(lambda: fake.gateway.identifies == 2 and fake.gateway.session is not first)
        await fake.wait_for(lambda: fake.gateway.session.seq >= 2)  # READY and GUILD_CREATE went out
        assert (await (await alice.slash(games, "table")).response()).content == "0 joined"
        assert fake.gateway.resumes == 0


async def test_bad_token_makes_start_raise_login_failure(fake, world) -> None:
    bot = prepare_bot(FaultBot(Seen()))
    with fake.redirect(), pytest.raises(discord.LoginFailure):
        await asyncio.wait_for(bot.start("not-the-token"), 10)
    await bot.close()
    assert fake.calls["GET /users/@me"] == 1


async def test_close_4004_on_identify_is_fatal(fake, world) -> None:
    fake.close_next_identify(4004)
    bot = prepare_bot(FaultBot(Seen()))
    with fake.redirect(), pytest.raises(discord.ConnectionClosed) as info:
        await asyncio.wait_for(bot.start(fake.token), 10)
    await bot.close()
    assert info.value.code == 4004


async def test_disallowed_message_content_intent_closes_4014(fake, world) -> None:
    fake.message_content_allowed = False
    bot = prepare_bot(FaultBot(Seen(), message_content=True))
    with fake.redirect(), pytest.raises(discord.PrivilegedIntentsRequired):
        await asyncio.wait_for(bot.start(fake.token), 10)
    await bot.close()
    assert fake.gateway.close_codes == [4014]


async def test_out_of_limit_component_is_rejected_50035(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    fake.expect_invalid_bodies()
    async with run_bot(fake, FaultBot(seen)):
        await alice.slash(games, "badlabel")
        await fake.wait_for(lambda: seen.errors)
    error = seen.errors[0]
    assert isinstance(error, discord.HTTPException) and error.code == 50035
    assert "components.0.components.0.label" in str(error)
    assert [v.pointer for v in fake.contract_violations] == ["/data/components/0/components/0/label"]


async def test_unimplemented_route_is_501_and_recorded(fake, world) -> None:
    _, games, alice, _ = world
    seen = Seen()
    async with run_bot(fake, FaultBot(seen), check=False):
        await alice.say(games, "pin")
        await fake.wait_for(lambda: seen.errors)
    assert isinstance(seen.errors[0], discord.DiscordServerError)
    assert len(fake.unimplemented) == 1 and fake.unimplemented[0].startswith("PUT /channels/")
    with pytest.raises(AssertionError, match="unimplemented route"):
        fake.assert_clean()


async def test_run_bot_reports_errors_discord_py_logs(fake, world) -> None:
    _, games, alice, _ = world

    class Crashy(commands.Bot):
        async def on_message(self, message: discord.Message) -> None:
            raise RuntimeError("boom")

    with pytest.raises(AssertionError, match="boom"):
        async with run_bot(fake, Crashy(command_prefix="!", intents=discord.Intents.default())) as run:
            await alice.say(games, "hi")
            await fake.wait_for(lambda: run.errors)
