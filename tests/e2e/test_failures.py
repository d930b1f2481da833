"""Every interaction gets an answer: an unexpected failure in a slash command, an autocomplete, a button, a menu
or a box is logged once with a short error id, and its user is told that id privately (autocomplete: no
suggestions)."""

from __future__ import annotations

import re

import pytest
from anthology_driver import Anthology
from discord import app_commands

from bot.matches import Refusal, RefusalReason, StorageBusy


class Broken(RuntimeError):
    """The failure a test forces on the bot."""


async def broken(*args, **kwargs):
    raise Broken("forced by the test")


def the_one_failure_logged(anthology: Anthology, failure: type[Exception] = Broken) -> str:
    """The error id of the one traceback the bot logged (and forget it, since the test expected it)."""
    tracebacks = [record for record in anthology.errors.records if record.exc_info]
    assert len(tracebacks) == 1 and len(anthology.errors.records) == 1, anthology.errors.describe()
    (record,) = tracebacks
    assert isinstance(record.exc_info[1], failure)
    (error_id,) = re.findall(r"error id ([0-9a-f]{8})", record.getMessage())
    anthology.errors.records.clear()
    return error_id


def assert_apology(anthology: Anthology, reply) -> None:
    assert reply.ephemeral and "nothing was changed" in reply.content
    error_id = the_one_failure_logged(anthology)
    assert f"error id `{error_id}`" in reply.content


async def test_a_slash_command_that_fails_says_so_with_an_error_id(anthology, monkeypatch):
    monkeypatch.setattr(anthology.bot.store, "player_settings", broken)
    reply = await (await anthology.alice.slash(anthology.channel, "settings", timezone="Europe/Berlin")).response()
    assert_apology(anthology, reply)


async def test_a_command_that_fails_after_answering_says_so_in_a_follow_up(anthology, monkeypatch):
    monkeypatch.setattr(anthology.bot.host, "open_table", broken)
    handle = await anthology.alice.slash(anthology.channel, "play", game="anarchy", thread=True)
    await handle.response()  # "thinking": the bot answered before it failed
    await anthology.fake.wait_for(lambda: handle.followups, 5, "the follow-up")
    (follow_up,) = handle.followups
    assert "nothing was changed" in follow_up.content
    assert f"error id `{the_one_failure_logged(anthology)}`" in follow_up.content


async def test_an_autocomplete_that_fails_offers_nothing(anthology, monkeypatch):
    monkeypatch.setattr(await anthology.bot.time_zones(), "search", lambda typed, now: 1 / 0)
    assert await anthology.suggestions(anthology.alice, "settings", ("timezone", "berl")) == []
    the_one_failure_logged(anthology, ZeroDivisionError)


async def test_a_button_that_fails_says_so_and_changes_nothing(anthology, monkeypatch):
    board = await anthology.open_table(anthology.alice)
    before = await anthology.match_here()
    monkeypatch.setattr(anthology.bot.host, "join", broken)
    reply = await (await anthology.bob.click(board, "Join")).response()
    assert_apology(anthology, reply)
    assert (await anthology.match_here()).players == before.players


async def test_a_menu_choice_that_fails_says_so_and_changes_nothing(anthology, monkeypatch):
    board = await anthology.open_table(anthology.alice, game="anomia")
    monkeypatch.setattr(anthology.bot.host, "set_option", broken)
    reply = await (await anthology.alice.select(board, "Judging: vote")).response()
    assert_apology(anthology, reply)
    assert (await anthology.match_here()).options["judging"] == "trust"


async def test_a_box_that_fails_says_so_and_changes_nothing(anthology, monkeypatch):
    board = await anthology.started_game(anthology.alice, anthology.bob, game="not_another_word")
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    panel = await (await player.click(board, "My letters")).response()
    opened = await player.click(panel, "Make a word")
    await opened.wait_modal()
    monkeypatch.setattr(anthology.bot.host, "act", broken)
    reply = await (await player.submit_modal(opened, {"Your word": "cat"})).response()
    assert_apology(anthology, reply)
    assert (await anthology.match_here()).version == match.version


@pytest.mark.parametrize("kind", ["refusal", "busy database"])
async def test_refusals_and_a_busy_database_keep_their_own_replies(anthology, monkeypatch, kind):
    failure = Refusal(RefusalReason.TABLE_FULL, max_players=2) if kind == "refusal" else StorageBusy()

    async def refusing(*args, **kwargs):
        raise failure

    board = await anthology.open_table(anthology.alice)
    monkeypatch.setattr(anthology.bot.host, "join", refusing)
    reply = await (await anthology.bob.click(board, "Join")).response()
    expected = "This table is full (2 players)." if kind == "refusal" else "my database is busy"
    assert reply.ephemeral and expected in reply.content and "error id" not in reply.content
    assert not anthology.errors.records


async def test_a_check_discord_py_makes_keeps_its_own_clear_reply(anthology):
    # The bot's commands have no discord.py checks today (Discord enforces guild_only and default permissions
    # itself); one added to /status shows that a check that stops a command answers in its own words.
    status = anthology.bot.tree.get_command("status")
    app_commands.checks.has_permissions(administrator=True)(status)
    reply = await (await anthology.alice.slash(anthology.channel, "status")).response()
    assert reply.ephemeral and reply.content == "You are missing Administrator permission(s) to run this command."
    assert not anthology.errors.records
