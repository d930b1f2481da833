"""/settings through Discord: a player's time zone (with autocomplete), away hours and turn notices, shown and
changed privately, in a server channel and in DMs with the bot; bad values are refused and change nothing."""

from __future__ import annotations

import asyncio
import threading
from datetime import time

from bot.players import MENTION, PlayerSettings
from bot.time_zones import time_zone_index


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
        ({"timezone": "Mars/Olympus_Mons"}, "I do not know the time zone `Mars/Olympus_Mons`: pick one from the list"),
        ({"away": "late"}, "Write away hours as two local times, like 23:00-07:00 or 11pm-7am (or none)."),
        ({"away": "23:00-23:00"}, "Away hours need different start and end times"),
        ({"away": "11pm-11pm"}, "Away hours need different start and end times"),
        ({"away": "25:00-08:00"}, "I cannot read `25:00` as a time of day: write it like 23:00, 7:30 or 11pm"),
        ({"away": "11pm-7"}, "I cannot read `7` as a time of day"),
        ({"away": "13pm-7am"}, "I cannot read `13pm` as a time of day"),
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
    async def offered(typed: str) -> list[tuple[str, str]]:
        choices = await anthology.suggestions(anthology.alice, "settings", ("timezone", typed))
        assert len(choices) <= 25
        return [(choice["name"], choice["value"]) for choice in choices]

    # The fake clock is in winter: Berlin is an hour ahead of UTC, New York five behind.
    assert (await offered("munich"))[0] == ("Munich, Germany — Europe/Berlin (UTC+1 now)", "Europe/Berlin")
    assert (await offered("münchen"))[0][1] == "Europe/Berlin"
    assert (await offered("est"))[:2] == [
        ("New York, United States — America/New_York (UTC-5 now)", "America/New_York"),
        ("Toronto, Canada — America/Toronto (UTC-5 now)", "America/Toronto"),
    ]
    assert (await offered("gmt+5"))[:2] == [
        ("UTC+5 all year, no daylight saving — Etc/GMT-5", "Etc/GMT-5"),
        ("Karachi, Pakistan — Asia/Karachi (UTC+5 now)", "Asia/Karachi"),
    ]
    assert (await offered("berl"))[0][1] == "Europe/Berlin"
    assert (await offered("new york"))[0][1] == "America/New_York"
    assert (await offered("pacific"))[0][1] == "America/Los_Angeles"
    assert len(await offered("")) == 25


async def test_a_zone_typed_in_any_case_or_as_an_alias_is_stored_as_its_zone(anthology):
    alice = anthology.alice
    changed = await (await alice.slash(anthology.channel, "settings", timezone="europe/berlin")).response()
    assert fields(changed)["Time zone"].startswith("Europe/Berlin (it is ")
    assert (await anthology.bot.store.player_settings(alice.id)).timezone == "Europe/Berlin"
    changed = await (await alice.slash(anthology.channel, "settings", timezone="US/Pacific")).response()
    assert fields(changed)["Time zone"].startswith("America/Los_Angeles (it is ")
    assert (await anthology.bot.store.player_settings(alice.id)).timezone == "America/Los_Angeles"


async def test_a_city_sent_without_picking_from_the_list_is_refused_with_the_zone_to_pick(anthology):
    alice = anthology.alice
    refused = await (await alice.slash(anthology.channel, "settings", timezone="munich")).response()
    assert refused.ephemeral and refused.content == (
        "I do not know the time zone `munich`: pick one from the list as you type. "
        "The first there is Munich, Germany — Europe/Berlin (UTC+1 now)."
    )
    assert await anthology.bot.store.player_settings(alice.id) == PlayerSettings()


async def test_away_hours_in_twelve_hour_times_and_to_midnight(anthology):
    alice = anthology.alice
    changed = await (await alice.slash(anthology.channel, "settings", away="11pm-7am")).response()
    assert fields(changed)["Away hours"] == (
        "23:00-07:00 your time: I hold reminders back until they end, and turn clocks stop meanwhile."
    )
    assert (await anthology.bot.store.player_settings(alice.id)).away_from == time(23, 0)
    changed = await (await alice.slash(anthology.channel, "settings", away="9 am - 5:30 pm")).response()
    assert fields(changed)["Away hours"].startswith("09:00-17:30 your time")
    changed = await (await alice.slash(anthology.channel, "settings", away="22:00-24:00")).response()
    assert fields(changed)["Away hours"].startswith("22:00-24:00 your time")
    expected = PlayerSettings("UTC", time(22, 0), time(0, 0))
    assert await anthology.bot.store.player_settings(alice.id) == expected


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
    await anthology.settled()
    said = [message.content for message in anthology.fake.channel_messages(anthology.channel)]
    told = [line for line in said if line.startswith("🔔")]
    assert told == [f"🔔 <@{bob.id}>, it is your turn here."], "each notice replaced the one before it"
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


async def test_settings_just_after_a_start_wait_for_the_time_zones_without_losing_the_answer(anthology, monkeypatch):
    # The index of time zone names is built on a thread as the bot starts; here it is held until the player asks.
    building = threading.Event()
    built = time_zone_index()

    def held_index():
        building.wait(10)
        return built

    await anthology.stop()
    monkeypatch.setattr("bot.app.time_zone_index", held_index)
    anthology.holds_time_zones = True
    try:
        await anthology.start()
        assert not anthology.bot.time_zones_ready
        handle = await anthology.alice.slash(anthology.channel, "settings", timezone="Europe/Berlin")
        thinking = await handle.response()
        assert thinking.ephemeral and not handle.followups
        suggesting = asyncio.create_task(anthology.suggestions(anthology.alice, "settings", ("timezone", "berl")))
    finally:
        building.set()
    await anthology.fake.wait_for(lambda: handle.followups, 5, "the answer once the index is built")
    (answer,) = handle.followups
    assert answer.ephemeral and fields(answer)["Time zone"].startswith("Europe/Berlin (it is ")
    assert (await anthology.bot.store.player_settings(anthology.alice.id)).timezone == "Europe/Berlin"
    assert (await suggesting)[0]["value"] == "Europe/Berlin"
