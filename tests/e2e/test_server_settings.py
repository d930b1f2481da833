"""/server-settings through Discord: only members with Manage Server may change them; new tables then take the
server's clock and stay in the channel if it says so, and a role is mentioned when a table opens."""

from __future__ import annotations

import pytest
from fakediscord import Perm
from fakediscord.errors import ScriptError


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0]["fields"]}


async def test_only_members_with_manage_server_may_change_them(anthology):
    with pytest.raises(ScriptError, match="cannot see /server-settings"):  # Discord hides it from them
        await anthology.alice.slash(anthology.channel, "server-settings", clock="3d")
    assert (await anthology.bot.store.server_settings(anthology.guild.id)).clock == "1d"


async def test_new_tables_take_the_servers_clock_place_and_role(anthology):
    admins = anthology.guild.create_role("admins", Perm.MANAGE_GUILD)
    admin = anthology.guild.add_member("admin", roles=[admins])
    players = anthology.guild.create_role("players", 0)
    shown = await (
        await admin.slash(anthology.channel, "server-settings", clock="3d", threads=False, announce_role=players)
    ).response()
    assert shown.ephemeral and fields(shown) == {
        "Default turn clock": "3 days",
        "New tables open": "in the channel where /play is used (unless /play says otherwise)",
        "Mentioned when a table opens": f"<@&{players.id}>",
        "Seasons": "none: one endless leaderboard per game",
    }
    board = await anthology.open_table(anthology.alice)  # no thread: option given, the server says so
    assert board.channel_id == anthology.channel.id
    match = await anthology.match_here()
    assert match.clock_seconds == 3 * 24 * 3600
    await anthology.settled()
    said = anthology.fake.channel_messages(anthology.channel)[-1]
    assert said.content == f"<@&{players.id}> Anarchy table open, 1 of 6 seats: press **Join** on its board."

    cleared = await (await admin.slash(anthology.channel, "server-settings", no_role=True)).response()
    assert fields(cleared)["Mentioned when a table opens"] == "nobody"
    assert fields(cleared)["Default turn clock"] == "3 days", "what was not given stays"


async def test_plays_clock_choices_claim_no_default_the_server_may_have_changed(anthology):
    admins = anthology.guild.create_role("admins", Perm.MANAGE_GUILD)
    admin = anthology.guild.add_member("admin", roles=[admins])
    shown = await (await admin.slash(anthology.channel, "server-settings", clock="1h")).response()
    assert fields(shown)["Default turn clock"] == "1 hour"
    play = anthology.fake.find_command("play", anthology.guild)
    clock = next(option for option in play["options"] if option["name"] == "clock")
    assert [choice["name"] for choice in clock["choices"]] == [
        "no clock", "10 minutes", "1 hour", "12 hours", "1 day", "3 days",
    ]  # fmt: skip
    assert clock["description"].endswith("(default: the server's, else 1 day)")


async def test_a_thread_tables_role_mention_is_said_in_the_channel_people_watch(anthology):
    admins = anthology.guild.create_role("admins", Perm.MANAGE_GUILD)
    admin = anthology.guild.add_member("admin", roles=[admins])
    players = anthology.guild.create_role("players", 0)
    await (await admin.slash(anthology.channel, "server-settings", announce_role=players)).response()
    await (await anthology.alice.slash(anthology.channel, "play", game="anarchy")).message()
    (thread,) = anthology.fake.threads(anthology.channel)
    await anthology.settled()
    said = [m.content for m in anthology.fake.channel_messages(anthology.channel) if f"<@&{players.id}>" in m.content]
    assert said == [
        f"<@&{players.id}> Anarchy table open, 1 of 6 seats: press **Join** on its board in <#{thread.id}>."
    ]
    assert not [m for m in anthology.fake.channel_messages(thread) if f"<@&{players.id}>" in m.content]
