"""/history through Discord: a server's finished games, newest first, with their winners and links, privately."""

from __future__ import annotations

import re


async def test_an_empty_server_has_no_history(anthology):
    reply = await (await anthology.alice.slash(anthology.channel, "history")).response()
    assert reply.ephemeral and reply.embeds[0]["description"].startswith("No game has finished in this server yet.")


async def test_finished_games_are_listed_newest_first_with_their_winners(anthology):
    alice, bob = anthology.alice, anthology.bob
    for leaver in (bob, alice):  # two quick games, each won by forfeit
        board = await anthology.open_table(alice, forfeit=True)
        await (await bob.click(board, "Join")).response()
        await (await alice.click(board, "Start")).response()
        await anthology.settled()
        asked = await (await leaver.slash(anthology.channel, "leave")).response()
        await (await leaver.click(asked, "Leave the game")).response()
        await anthology.settled()
    reply = await (await bob.slash(anthology.channel, "history")).response()
    lines = reply.embeds[0]["description"].split("\n")
    assert reply.ephemeral and len(lines) == 2
    assert lines[0].startswith("**Anarchy** #") and " · <t:" in lines[0] and f"🏆 <@{bob.id}>" in lines[0], (
        "the newest first"
    )
    assert f"🏆 <@{alice.id}>" in lines[1]
    assert re.search(
        rf"\[board\]\(https://discord.com/channels/{anthology.guild.id}/{anthology.channel.id}/\d+\)", lines[0]
    )
