"""Play again on a finished board (a new table with the same game and options, linked both ways, after a restart
too), a finished table's thread archived a day after its end, threads named for their game and number, and
/status in a channel listing the tables in its threads."""

from __future__ import annotations

from datetime import timedelta

from anthology_driver import Anthology
from fakediscord import FakeChannel, FakeMessage, ScriptedUser

from bot.matches import Match, MatchStatus


async def opened_in_thread(anthology: Anthology, opener: ScriptedUser, game: str, **options) -> FakeChannel:
    """/play in #games, which opens the table in a new thread; the thread once its board is attached."""
    before = {thread.id for thread in anthology.fake.threads(anthology.channel)}
    await (await opener.slash(anthology.channel, "play", game=game, **options)).message()
    (thread,) = [thread for thread in anthology.fake.threads(anthology.channel) if thread.id not in before]
    (board,) = await anthology.fake.wait_for(lambda: anthology.fake.bot_messages(thread))
    await anthology.board_attached(board, thread)
    return thread


async def finished_by_a_forfeit(anthology: Anthology, channel, leaver: ScriptedUser) -> Match:
    """The game of two running in `channel` ends: `leaver` leaves it and (the table chose so) forfeits it."""
    match = await anthology.match_here(channel)
    asked = await (await leaver.slash(channel, "leave")).response()
    await (await leaver.click(asked, "Leave the game")).response()
    await anthology.settled()
    finished = await anthology.bot.host.get(match.id)
    assert finished.status is MatchStatus.FINISHED
    return finished


async def pressed_play_again(anthology: Anthology, player: ScriptedUser, board: FakeMessage) -> str:
    """What the bot told `player`, privately, when they pressed Play again on `board`."""
    handle = await player.click(board, "Play again")
    answered = await handle.response()
    await anthology.settled()
    (reply,) = [message for message in (answered, *handle.followups) if message.ephemeral]
    return reply.content


def fields_of(board: FakeMessage) -> dict[str, str]:
    return {field["name"]: field["value"] for field in board.embeds[0]["fields"]}


def board_url(match: Match) -> str:
    return f"https://discord.com/channels/{match.guild_id}/{match.channel_id}/{match.board_message_id}"


def link_to(match: Match) -> str:
    """How the bot links a table: by its number, to its board."""
    return f"[table #{match.id}]({board_url(match)})"


async def test_play_again_after_a_restart_opens_a_linked_lobby_with_the_same_options_in_a_new_thread(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    thread = await opened_in_thread(
        anthology, alice, "anarchy", options="play_on=on", reminder_hours=2, clock="1h", forfeit=True
    )
    old_board = anthology.fake.bot_messages(thread)[0]
    await (await bob.click(old_board, "Join")).response()
    await (await alice.click(old_board, "Start")).response()
    await anthology.settled()
    old = await finished_by_a_forfeit(anthology, thread, bob)
    assert old_board.button_labels() == ["Play again", "Replay"]
    await anthology.restart()

    told = await pressed_play_again(anthology, alice, old_board)
    new_thread = next(each for each in anthology.fake.threads(anthology.channel) if each.id != thread.id)
    new = await anthology.match_here(new_thread)
    assert told == f"You opened {link_to(new)} to play again: the others can join it."
    assert new_thread.name == f"Anarchy #{new.id}"
    assert [player.user_id for player in new.players] == [alice.id] and new.opener_id == alice.id
    assert new.options == old.options and new.options["play_on"] is True
    assert (new.clock_seconds, new.reminder_after_seconds, new.leaver_forfeits) == (3600, 7200, True)
    assert new.follows_match_id == old.id
    new_board = anthology.board(new.id)
    assert new_board.button_labels() == ["Join", "Leave", "Start"]
    assert fields_of(new_board)["Playing again"] == f"This table follows {link_to(old)}."
    assert "Play on for places: on" in fields_of(new_board)["Options"]
    assert fields_of(old_board)["Played again"] == link_to(new)
    assert old_board.button_labels() == ["Play again", "Replay"]
    said = anthology.fake.bot_messages(anthology.channel)[-1].content
    assert f"opened {link_to(new)} to play **Anarchy** again" in said and f"<#{new_thread.id}>" in said

    # Bob played too: his press seats him at the same new table; a second press only points him there.
    assert await pressed_play_again(anthology, bob, old_board) == f"You joined {link_to(new)}, opened from this one."
    await anthology.fake.wait_for(lambda: f"<@{bob.id}>" in str(new_board.embeds))
    told = await pressed_play_again(anthology, bob, old_board)
    assert told == f"You are already at {link_to(new)}, opened from this one."
    # Cara did not play: she is refused, and told where to join.
    told = await pressed_play_again(anthology, cara, old_board)
    assert told == (
        f"Only the players of table #{old.id} can play it again. You can join {link_to(new)}, opened from it: "
        "press **Join** on its board."
    )
    await (await cara.click(new_board, "Join")).response()
    seated = await anthology.bot.host.get(new.id)
    assert [player.user_id for player in seated.players] == [alice.id, bob.id, cara.id]
    assert fields_of(new_board)["Playing again"] == f"This table follows {link_to(old)}."
    assert len(anthology.fake.threads(anthology.channel)) == 2


async def test_play_again_of_a_table_in_the_channel_opens_the_next_one_there(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.open_table(alice, "dictionary=large", game="not_another_word", forfeit=True)
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    old = await finished_by_a_forfeit(anthology, anthology.channel, alice)

    told = await pressed_play_again(anthology, cara, board)
    assert told == (
        f"Only the players of table #{old.id} can play it again. Once one of them does, you can join the new "
        "table from its board."
    )
    assert await anthology.bot.host.store.newest_follower(old.id) is None
    await anthology.restart()

    told = await pressed_play_again(anthology, bob, board)
    new = await anthology.match_here()
    assert told == f"You opened {link_to(new)} to play again: the others can join it."
    assert new.id != old.id and new.channel_id == anthology.channel.id and new.opener_id == bob.id
    assert new.options == old.options and new.options["dictionary"] == "large" and new.leaver_forfeits
    assert anthology.fake.threads(anthology.channel) == []
    new_board = anthology.board(new.id)
    assert anthology.fake.bot_messages(anthology.channel)[-1] is new_board
    assert fields_of(new_board)["Playing again"] == f"This table follows {link_to(old)}."
    assert fields_of(board)["Played again"] == link_to(new)
    assert await pressed_play_again(anthology, alice, board) == f"You joined {link_to(new)}, opened from this one."
    told = await pressed_play_again(anthology, cara, board)
    assert f"You can join {link_to(new)}" in told
    await (await bob.click(new_board, "Start")).response()
    await anthology.settled()
    assert await pressed_play_again(anthology, alice, board) == f"{link_to(new)}, opened from this one, has started."
    told = await pressed_play_again(anthology, cara, board)
    refused = f"Only the players of table #{old.id} can play it again."
    assert told == f"{refused} {link_to(new)}, opened from it, has started."


async def test_play_again_keeps_the_computer_players(anthology):
    alice = anthology.alice
    board = await anthology.open_table(alice, "computer_players=1", forfeit=True)
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    old = await finished_by_a_forfeit(anthology, anthology.channel, alice)
    await pressed_play_again(anthology, alice, board)
    new = await anthology.match_here()
    assert new.options["computer_players"] == 1 and new.follows_match_id == old.id
    assert "🤖 Bot Ada" in fields_of(anthology.board(new.id))["Players (2/6)"]


async def test_a_finished_tables_thread_is_archived_a_day_after_its_end_and_can_still_play_again(anthology):
    alice, bob = anthology.alice, anthology.bob
    thread = await opened_in_thread(anthology, alice, "not_another_word", forfeit=True)
    board = anthology.fake.bot_messages(thread)[0]
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    old = await finished_by_a_forfeit(anthology, thread, bob)
    await anthology.run_timers(timedelta(hours=23).total_seconds())
    assert not thread.archived
    await anthology.restart()
    await anthology.run_timers(timedelta(hours=1, minutes=1).total_seconds())
    await anthology.fake.wait_for(lambda: thread.archived, what="the finished table's thread to be archived")

    told = await pressed_play_again(anthology, alice, board)
    new_thread = next(each for each in anthology.fake.threads(anthology.channel) if each.id != thread.id)
    new = await anthology.match_here(new_thread)
    assert told == f"You opened {link_to(new)} to play again: the others can join it."
    assert new_thread.name == f"Not Another Word #{new.id}" and not new_thread.archived
    assert fields_of(board)["Played again"] == link_to(new)
    assert new.follows_match_id == old.id


async def test_an_abandoned_tables_thread_is_archived_a_day_later_and_a_running_ones_is_not(anthology):
    alice, bob = anthology.alice, anthology.bob
    abandoned = await opened_in_thread(anthology, alice, "anarchy")
    await (await alice.slash(abandoned, "abandon")).response()
    running = await opened_in_thread(anthology, bob, "anarchy")
    board = anthology.fake.bot_messages(running)[0]
    await (await alice.click(board, "Join")).response()
    await (await bob.click(board, "Start")).response()
    await anthology.settled()
    await anthology.run_timers(timedelta(hours=25).total_seconds())
    await anthology.fake.wait_for(lambda: abandoned.archived, what="the abandoned table's thread to be archived")
    assert not running.archived


async def test_status_in_a_channel_lists_the_tables_in_its_threads(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    reply = await (await cara.slash(anthology.channel, "status")).response()
    assert reply.ephemeral and "no game running here" in reply.content
    lobby_thread = await opened_in_thread(anthology, alice, "anomia")
    playing_thread = await opened_in_thread(anthology, bob, "anarchy")
    board = anthology.fake.bot_messages(playing_thread)[0]
    await (await cara.click(board, "Join")).response()
    await (await bob.click(board, "Start")).response()
    await anthology.settled()
    lobby, playing = await anthology.match_here(lobby_thread), await anthology.match_here(playing_thread)
    waiting = await anthology.actor(playing.id)

    reply = await (await cara.slash(anthology.channel, "status")).response()
    assert reply.ephemeral and reply.embeds == []
    assert reply.content.split("\n") == [
        "**Tables in this channel's threads**",
        f"Anomia [#{lobby.id}]({board_url(lobby)}) in <#{lobby_thread.id}>: open, 1 of 6 seats: press **Join** on its "
        "board",
        f"Anarchy [#{playing.id}]({board_url(playing)}) in <#{playing_thread.id}>: waiting for <@{waiting.id}>",
    ]
    # A table in the channel itself is shown as before, with the threads' tables under it.
    await anthology.open_table(alice)
    reply = await (await cara.slash(anthology.channel, "status")).response()
    assert reply.content.startswith("Board: https://discord.com/channels/") and reply.embeds
    assert f"Anarchy [#{playing.id}]" in reply.content
    # In a thread, /status shows that thread's table alone.
    reply = await (await cara.slash(playing_thread, "status")).response()
    assert reply.content.startswith(f"Board: https://discord.com/channels/{playing.guild_id}/{playing_thread.id}/")
    assert "threads" not in reply.content
