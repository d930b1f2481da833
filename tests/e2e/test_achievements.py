"""Achievements through Discord: a finished game announces, once and in one message in its channel, what it earned
each player; /stats lists them; neither a restart nor the next game announces them again."""

from __future__ import annotations


def achievement_lines(anthology) -> list[str]:
    return [
        message.content
        for message in anthology.fake.channel_messages(anthology.channel)
        if message.content.startswith("🏅 ")
    ]


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0].get("fields", [])}


async def test_a_won_game_at_a_full_table_earns_achievements_announced_once_and_shown_in_stats(anthology):
    alice = anthology.alice
    anthology.next_seed = 1  # a deal alice wins against four computers
    board = await anthology.started_game(alice, options="computer_players=4")
    match = await anthology.match_here()
    assert len(match.players) == 5
    await anthology.anarchy_played_to_the_end(match.id, board)
    await anthology.settled()

    assert achievement_lines(anthology) == [
        f"🏅 <@{alice.id}> earned **First win: Anarchy** (Win a game of Anarchy) and **Full table** (Finish a game "
        "at a table of 5 or more seats)."
    ]
    stats = await (await alice.slash(anthology.channel, "stats")).response()
    assert fields(stats)["Achievements"] == "2 of 12: 🏅 First win: Anarchy · 🏅 Full table"
    at_anarchy = await (await alice.slash(anthology.channel, "stats", game="anarchy")).response()
    assert fields(at_anarchy)["Achievements"].startswith("2 of 4: "), "Anarchy's two and the two of every game"

    await anthology.restart()
    await anthology.settled()
    assert len(achievement_lines(anthology)) == 1, "not said again after a restart"

    again = await anthology.started_game(alice, options="computer_players=4")  # the same deal, won again
    second = await anthology.match_here()
    await anthology.anarchy_played_to_the_end(second.id, again)
    await anthology.settled()
    assert len(achievement_lines(anthology)) == 1, "a second game earns nothing new, and says nothing"

    bob = await (await anthology.bob.slash(anthology.channel, "stats")).response()
    assert "Achievements" not in fields(bob), "bob never played here"
