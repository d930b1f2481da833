"""/my-games through Discord: every live table a player sits at, across two servers, from a server channel or from
DMs with the bot: the game, the server and channel, whose turn it is with the clock, and a link to the board."""

from __future__ import annotations

import re


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0]["fields"]}


async def test_a_player_without_tables_is_told_so(anthology):
    reply = await (await anthology.cara.slash(anthology.channel, "my-games")).response()
    assert reply.ephemeral and reply.embeds[0]["description"].startswith("You are not at any table right now.")


async def test_every_table_in_every_server_with_whose_turn_and_the_clock(anthology):
    alice, bob = anthology.alice, anthology.bob
    club = anthology.fake.create_guild("Board Game Club")
    tables = club.create_text_channel("tables")
    club.add_member(alice)
    club.add_member(bob)
    await anthology.restart()  # the bot hears of the new server as it connects

    board = await anthology.open_table(alice, clock="1h")
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    here = await anthology.match_here()
    lobby = await anthology.open_table(bob, game="anomia", channel=tables)
    await (await alice.click(lobby, "Join")).response()

    reply = await (await alice.slash(anthology.fake.dm_channel(alice), "my-games")).response()
    shown = fields(reply)
    assert set(shown) == {"Anarchy", "Anomia"}
    assert shown["Anarchy"].startswith(f"Game Night, <#{anthology.channel.id}> · [board](https://discord.com/channels/")
    assert f"/{here.channel_id}/{here.board_message_id})" in shown["Anarchy"]
    waiting = await anthology.actor(here.id)
    turn = "**your turn**" if waiting is alice else f"waiting for <@{bob.id}>"
    assert re.search(re.escape(turn) + r", the clock runs out <t:\d+:R>", shown["Anarchy"])
    assert shown["Anomia"].startswith(f"Board Game Club, <#{tables.id}>")
    assert "Waiting for players to join (2 seated)." in shown["Anomia"]

    in_server = await (await bob.slash(anthology.channel, "my-games")).response()
    assert in_server.ephemeral and set(fields(in_server)) == {"Anarchy", "Anomia"}
