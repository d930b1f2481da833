"""Seasons through Discord: an admin turns monthly seasons on, the month's games make its leaderboard, the clock
passes the month's end and the bot posts the final standings once (a restart does not post them again), the next
season's first game starts from the rating carried over, and /leaderboard season: shows an earlier season."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from fakediscord import Perm
from fakediscord.errors import ScriptError
from support import store_finished_game

from bot.ratings import Rating
from bot.seasons import carried_over

NOVEMBER_END = datetime(2026, 11, 30, 22, 0, tzinfo=UTC)


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0].get("fields", [])}


def season_posts(anthology, channel) -> list:
    return [
        message
        for message in anthology.fake.channel_messages(channel)
        if message.embeds and message.embeds[0].get("title", "").startswith("🏁 Season")
    ]


async def test_a_month_season_ends_by_the_clock_its_standings_are_posted_once_and_ratings_carry_over(anthology):
    anthology.clock.moment = NOVEMBER_END
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    store, guild = anthology.bot.store, anthology.guild.id
    admins = anthology.guild.create_role("admins", Perm.MANAGE_GUILD)
    admin = anthology.guild.add_member("admin", roles=[admins])
    standings = anthology.guild.create_text_channel("standings")

    with pytest.raises(ScriptError, match="cannot see /server-settings"):
        await alice.slash(anthology.channel, "server-settings", season="month")
    closed = anthology.guild.create_text_channel("closed")
    closed.deny_bot(Perm.SEND_MESSAGES)
    refused = await (
        await admin.slash(anthology.channel, "server-settings", season="month", season_channel=closed)
    ).response()
    assert refused.ephemeral and refused.content.startswith(f"I may not send messages in <#{closed.id}>: pick")
    assert (await store.server_settings(guild)).season == "none", "nothing changed"
    shown = await (
        await admin.slash(anthology.channel, "server-settings", season="month", season_channel=standings)
    ).response()
    assert shown.ephemeral and fields(shown)["Seasons"] == (
        f"a calendar month (UTC); each season's final standings are posted in <#{standings.id}>"
    )

    for minute in range(3):
        await store_finished_game(store, guild, {alice.id: 1, bob.id: 2}, at=NOVEMBER_END + timedelta(minutes=minute))
    now = await (await cara.slash(anthology.channel, "leaderboard", game="anarchy")).response()
    assert now.embeds[0]["title"] == "Anarchy leaderboard · November 2026"
    lines = now.embeds[0]["description"].split("\n")
    assert lines[0].startswith(f"**1.** <@{alice.id}> — ") and lines[1].startswith(f"**2.** <@{bob.id}> — ")
    assert season_posts(anthology, standings) == [], "the season is not over yet"

    await anthology.run_timers(3 * 3600)  # past midnight UTC: December
    (post,) = season_posts(anthology, standings)
    embed = post.embeds[0]
    assert embed["title"] == "🏁 Season 2026-11 (November 2026) is over"
    assert fields(post)["Anarchy"].split("\n")[0].startswith(f"**1.** <@{alice.id}> — ")
    assert embed["footer"]["text"].startswith("Ratings carry over into the next season halfway back toward 1,000")

    await anthology.restart()
    await anthology.run_timers(60)
    assert len(season_posts(anthology, standings)) == 1, "posted once, a restart in between"
    store = anthology.bot.store

    with sqlite3.connect(anthology.settings.database_path) as database:
        alice_rating = Rating(
            *database.execute(
                "SELECT mu, sigma FROM ratings WHERE game = 'anarchy' AND user_id = ?", (alice.id,)
            ).fetchone()
        )
    december = await store_finished_game(store, guild, {alice.id: 1, cara.id: 2}, at=anthology.clock.now())
    changes = await store.rating_changes(december)
    assert changes[alice.id].before == pytest.approx(carried_over(alice_rating).shown)
    assert round(changes[alice.id].before) < round(alice_rating.shown), "halfway back toward 1,000"

    december_board = await (await cara.slash(anthology.channel, "leaderboard", game="anarchy")).response()
    assert december_board.embeds[0]["title"] == "Anarchy leaderboard · December 2026"
    assert december_board.embeds[0]["description"] == (
        "Nobody has finished 3 games of Anarchy in this server in December 2026 yet."
    )
    assert fields(december_board)["Your place"] == "Not ranked yet: finish 3 games of Anarchy here in December 2026."
    earlier = await (await cara.slash(anthology.channel, "leaderboard", game="anarchy", season="2026-11")).response()
    assert earlier.embeds[0]["title"] == "Anarchy leaderboard · November 2026"
    assert earlier.embeds[0]["description"].startswith(f"**1.** <@{alice.id}> — ")
    history = await (await cara.slash(anthology.channel, "history")).response()
    lines = history.embeds[0]["description"].split("\n")
    assert " · season 2026-12 · " in lines[0] and all(" · season 2026-11 · " in line for line in lines[1:])
    offered = await anthology.suggestions(cara, "leaderboard", ("season", "2026"), game="anarchy")
    assert [choice["value"] for choice in offered] == ["2026-12", "2026-11"]


async def test_an_unknown_season_gets_a_clear_private_reply(anthology):
    cara = anthology.cara
    unreadable = await (await cara.slash(anthology.channel, "leaderboard", game="anarchy", season="spring")).response()
    assert unreadable.ephemeral and unreadable.content == (
        "I cannot read `spring` as a season: write it like 2026-11 (a month) or 2026-Q4."
    )
    unknown = await (await cara.slash(anthology.channel, "leaderboard", game="anarchy", season="2025 q1")).response()
    assert unknown.ephemeral and unknown.content == (
        "No game of Anarchy finished here in season 2025-Q1. No season has a game of it yet."
    )


async def test_a_quarter_that_ended_while_the_bot_was_down_is_posted_when_it_starts_where_seasons_were_turned_on(
    anthology,
):
    anthology.clock.moment = datetime(2026, 12, 31, 23, 0, tzinfo=UTC)
    alice, bob = anthology.alice, anthology.bob
    admins = anthology.guild.create_role("admins", Perm.MANAGE_GUILD)
    admin = anthology.guild.add_member("admin", roles=[admins])
    shown = await (await admin.slash(anthology.channel, "server-settings", season="quarter")).response()
    assert fields(shown)["Seasons"].endswith(f"final standings are posted in <#{anthology.channel.id}>")
    await store_finished_game(
        anthology.bot.store, anthology.guild.id, {alice.id: 2, bob.id: 1}, at=anthology.clock.now()
    )

    await anthology.stop()
    anthology.clock.advance(hours=2)  # 2027 began while the bot was down
    await anthology.start()
    await anthology.fake.wait_for(lambda: season_posts(anthology, anthology.channel), 10, "the season's standings")
    await anthology.settled()
    (post,) = season_posts(anthology, anthology.channel)
    assert post.embeds[0]["title"] == "🏁 Season 2026-Q4 (2026 Q4) is over"
    assert fields(post) == {"Anarchy": "Nobody finished 3 games of it."}
