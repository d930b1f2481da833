"""/settings through Discord: a player's time zone (with autocomplete), away hours and turn notices, shown and
changed privately, in a server channel and in DMs with the bot; bad values are refused and change nothing."""

from __future__ import annotations

from datetime import time

from bot.players import MENTION, PlayerSettings


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0]["fields"]}


async def test_a_player_sees_their_settings_and_changes_them_privately(anthology):
    alice = anthology.alice
    shown = await (await alice.slash(anthology.channel, "settings")).response()
    assert shown.ephemeral and fields(shown)["Time zone"].startswith("UTC") and fields(shown)["Away hours"] == "none"
    assert fields(shown)["When it is your turn"] == "You get a DM from me."

    changed = await (
        await alice.slash(
            anthology.channel, "settings", timezone="Europe/Berlin", away="23:00-07:30", turn_notice=MENTION
        )
    ).response()
    assert changed.ephemeral and fields(changed)["Time zone"].startswith("Europe/Berlin (it is ")
    assert fields(changed)["Away hours"].startswith("23:00-07:30 your time")
    assert "a mention in the table's channel or thread" in fields(changed)["When it is your turn"]
    expected = PlayerSettings("Europe/Berlin", time(23, 0), time(7, 30), MENTION)
    assert await anthology.bot.store.player_settings(alice.id) == expected

    cleared = await (await alice.slash(anthology.channel, "settings", away="none")).response()
    assert fields(cleared)["Away hours"] == "none" and fields(cleared)["Time zone"].startswith("Europe/Berlin")


async def test_bad_values_are_refused_and_change_nothing(anthology):
    alice = anthology.alice
    await (await alice.slash(anthology.channel, "settings", timezone="Asia/Tokyo")).response()
    for options, said in (
        ({"timezone": "Mars/Olympus_Mons"}, "I do not know the time zone `Mars/Olympus_Mons`"),
        ({"away": "late"}, "Write away hours as two local times, like 23:00-08:00"),
        ({"away": "23:00-23:00"}, "Away hours need different start and end times"),
        ({"away": "25:00-08:00"}, "Write away hours as two local times"),
    ):
        refused = await (await alice.slash(anthology.channel, "settings", **options)).response()
        assert refused.ephemeral and refused.content.startswith(said) and not refused.embeds
    assert await anthology.bot.store.player_settings(alice.id) == PlayerSettings("Asia/Tokyo")


async def test_a_malformed_time_zone_gets_the_ordinary_refusal(anthology):
    # Time zone names are file paths to ZoneInfo: none of these may reach the file system.
    alice = anthology.alice
    for name in ("x" * 300, "Europe/Ber\x00lin", "../x", "/etc/localtime", "", "Europe/ Berlin", "America"):
        refused = await (await alice.slash(anthology.channel, "settings", timezone=name)).response()
        assert refused.ephemeral and refused.content.startswith("I do not know the time zone"), name
        assert not refused.embeds and len(refused.content) < 200
    assert await anthology.bot.store.player_settings(alice.id) == PlayerSettings()


async def test_settings_work_in_dms_with_the_bot(anthology):
    bob = anthology.bob
    dms = anthology.fake.dm_channel(bob)
    changed = await (await bob.slash(dms, "settings", timezone="America/New_York")).response()
    assert fields(changed)["Time zone"].startswith("America/New_York")
    assert (await anthology.bot.store.player_settings(bob.id)).timezone == "America/New_York"


async def test_time_zones_autocomplete_from_what_is_typed(anthology):
    offered = await anthology.suggestions(anthology.alice, "settings", ("timezone", "berl"))
    assert [choice["value"] for choice in offered] == ["Europe/Berlin"]
    offered = await anthology.suggestions(anthology.alice, "settings", ("timezone", "new york"))
    assert "America/New_York" in [choice["value"] for choice in offered]


async def test_turn_notices_come_the_way_each_player_chose(anthology):
    alice, bob = anthology.alice, anthology.bob
    await (await alice.slash(anthology.channel, "settings", turn_notice="none")).response()
    await (await bob.slash(anthology.channel, "settings", turn_notice="mention")).response()
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    dealt = {player.name: len(player.dms()) for player in (alice, bob)}
    assert dealt == {"alice": 1, "bob": 1}, "everyone still gets their opening hand"
    for _ in range(6):  # a few turns each way
        player = await anthology.actor(match.id)
        await anthology.take_turn(player, await anthology.hand_panel(player, board))
    said = [message.content for message in anthology.fake.channel_messages(anthology.channel)]
    assert f"🔔 <@{bob.id}>, it is your turn here." in said
    assert not [line for line in said if f"🔔 <@{alice.id}>" in line]
    assert {player.name: len(player.dms()) for player in (alice, bob)} == dealt, "no turn DMs for either"


async def test_settings_changed_by_another_bot_process_are_followed_from_the_next_turn(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    first = await anthology.actor(match.id)
    await anthology.take_turn(first, await anthology.hand_panel(first, board))
    # Bob's /settings reached another process of the bot: only the shared database knows.
    await anthology.bot.store.save_player_settings(bob.id, PlayerSettings(notice=MENTION))
    await anthology.bot.store.save_player_settings(alice.id, PlayerSettings(notice=MENTION))
    for _ in range(2):
        player = await anthology.actor(match.id)
        await anthology.take_turn(player, await anthology.hand_panel(player, board))
    said = [message.content for message in anthology.fake.channel_messages(anthology.channel)]
    assert f"🔔 <@{bob.id}>, it is your turn here." in said and f"🔔 <@{alice.id}>, it is your turn here." in said
