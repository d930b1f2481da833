"""The slash commands: /play in a thread or the channel, /rules, /status, /leave, /kick, /abandon, and reminders."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from fakediscord import Perm, ScriptError
from support import LEFT_REPLY, stored_result

from bot.discord_ui.rules_help import RulesHelp
from bot.discord_ui.standings import rating_text
from bot.matches import MatchStatus


async def test_play_opens_a_thread_named_after_the_game_when_it_may(anthology):
    handle = await anthology.alice.slash(anthology.channel, "play", game="anarchy")
    pointer = await handle.message()
    (thread,) = anthology.fake.threads(anthology.channel)
    assert f"<#{thread.id}>" in pointer.content
    (board,) = anthology.fake.bot_messages(thread)
    await anthology.board_attached(board, thread)
    assert thread.name == f"Anarchy #{(await anthology.match_here(thread)).id}"
    await (await anthology.bob.click(board, "Join")).response()
    assert f"<@{anthology.bob.id}>" in str(board.embeds)


async def test_without_thread_permissions_the_table_opens_in_the_channel(anthology):
    anthology.channel.deny_bot(Perm.CREATE_PUBLIC_THREADS)
    board = await (await anthology.alice.slash(anthology.channel, "play", game="anarchy")).response()
    assert board.button_labels() == ["Join", "Leave", "Start"]
    assert anthology.fake.threads(anthology.channel) == []
    second = anthology.guild.create_text_channel("no-threads")
    second.deny_bot(Perm.CREATE_PUBLIC_THREADS)
    reply = await (await anthology.bob.slash(second, "play", game="anarchy", thread=True)).response()
    assert reply.ephemeral and "Create Public Threads" in reply.content


async def test_a_game_with_a_picture_needs_attach_files_and_the_others_do_not(anthology):
    anthology.channel.deny_bot(Perm.ATTACH_FILES)
    reply = await (await anthology.alice.slash(anthology.channel, "play", game="anachronism")).response()
    assert reply.ephemeral and "Attach Files" in reply.content
    assert anthology.fake.threads(anthology.channel) == []
    board = await (await anthology.alice.slash(anthology.channel, "play", game="anarchy", thread=False)).response()
    assert board.button_labels() == ["Join", "Leave", "Start"]


async def test_bad_options_are_refused_before_anything_opens(anthology):
    handle = await anthology.alice.slash(anthology.channel, "play", game="anarchy", options="turbo=on")
    reply = await handle.response()
    assert reply.ephemeral and "no option `turbo`" in reply.content
    assert anthology.fake.threads(anthology.channel) == []


async def test_options_and_reminder_hours_are_shown_in_the_lobby(anthology):
    board = await anthology.open_table(anthology.alice, "play_on=on", reminder_hours=2)
    assert "Play on for places: on" in str(board.embeds)
    assert (await anthology.match_here()).reminder_after_seconds == 7200


async def test_rules_are_private_and_in_our_words(anthology):
    reply = await (await anthology.bob.slash(anthology.channel, "rules", game="anarchy", topic="direction")).response()
    assert reply.ephemeral
    embed = reply.embeds[0]
    assert embed["title"] == "Anarchy: Direction"
    # The house rulings are said in words (this is ruling A5), never by codes players cannot look up.
    assert "trump" in embed["description"] and "such as being a trump by rank" in embed["description"]
    assert "(A5)" not in embed["description"]


async def test_every_games_rules_list_the_seat_rules_and_show_them_in_a_message_discord_accepts(anthology):
    for game, title in (("anarchy", "Anarchy"), ("anachronism", "Anachronism")):
        reply = await (await anthology.bob.slash(anthology.channel, "rules", game=game)).response()
        assert reply.select_options()[-1] == "Seats and results"
        seats = await (await anthology.bob.select(reply, "Seats and results")).response()
        assert seats.id == reply.id and seats.ephemeral
        embed = seats.embeds[0]
        assert embed["title"] == f"{title}: Seats and results"
        said = " ".join(embed["description"].split())
        assert "placed after every player who stayed" in said and "the best-placed player who stayed wins" in said
        assert len(embed["title"]) + len(embed["description"]) + len(embed.get("footer", {}).get("text", "")) <= 6000


async def test_rules_open_with_an_overview_and_a_topic_picked_is_shown_whole_in_the_same_message(anthology):
    reply = await (await anthology.bob.slash(anthology.channel, "rules", game="anachronism")).response()
    assert reply.ephemeral and reply.embeds[0]["title"] == "How to play Anachronism"
    overview = reply.embeds[0]["description"]
    assert "Knock the other warrior's Life to 0" in overview and "A turn, in three lines:" in overview
    assert "Playing here: press **My force** on the board" in overview
    topics = reply.select_options()
    assert topics[0] == "Overview" and "Reading the picture" in topics and "Cards and abilities" in topics
    picture = await (await anthology.bob.select(reply, "Reading the picture")).response()
    assert picture.id == reply.id and picture.embeds[0]["title"] == "Anachronism: Reading the picture"
    text = picture.embeds[0]["description"]
    # One paragraph on one line (Discord would break the file's lines mid-sentence), and nothing cut.
    assert text.startswith("The board shows the arena from above")
    assert all("\n" not in paragraph for paragraph in text.split("\n\n")), "no line breaks inside a paragraph"
    assert "in your colour (with three or four players" in text
    assert "The Attack menu lists every attack you can make now, with its modifier." in text
    assert text.endswith('stays where it fell, faded and marked "fell".'), "the topic is shown whole, to its end"
    assert anthology.bob.ephemerals() == [picture], "the same private message, not a new one"


async def test_rules_topics_autocomplete_and_the_topic_menu_works_after_a_restart(anthology):
    bob = anthology.bob
    offered = await anthology.suggestions(bob, "rules", ("topic", "pict"), game="anachronism")
    assert offered == [{"name": "Reading the picture", "value": "reading-the-picture"}]
    offered = await anthology.suggestions(bob, "rules", ("topic", ""), game="anomia")
    assert [choice["name"] for choice in offered][:3] == ["Overview", "The idea", "Flipping"]
    reply = await (
        await bob.slash(anthology.channel, "rules", game="anachronism", topic="reading-the-picture")
    ).response()
    assert reply.embeds[0]["title"] == "Anachronism: Reading the picture"
    await anthology.restart()
    offered = await anthology.suggestions(bob, "rules", ("topic", "TOURN"), game="anachronism")
    assert [choice["value"] for choice in offered] == ["tournament-matches"]
    rounds = await (await bob.select(reply, "Rounds")).response()
    assert rounds.id == reply.id and rounds.embeds[0]["title"] == "Anachronism: Rounds"
    back = await (await bob.select(reply, "Overview")).response()
    assert back.embeds[0]["title"] == "How to play Anachronism"


async def test_a_topic_longer_than_a_page_turns_its_pages_with_buttons(anthology):
    anarchy = anthology.bot.games["anarchy"]
    paragraphs = [f"Paragraph {number}. " + "A long rule, said in full. " * 60 for number in range(1, 5)]
    long_help = anarchy.rules_help + "\n## House stories\n" + "\n\n".join(paragraphs) + "\n"
    anthology.bot.rules_help = RulesHelp({"anarchy": replace(anarchy, rules_help=long_help)})
    reply = await (
        await anthology.bob.slash(anthology.channel, "rules", game="anarchy", topic="House stories")
    ).response()
    assert reply.embeds[0]["footer"]["text"] == "Page 1 of 2"
    assert reply.embeds[0]["description"].startswith("Paragraph 1.") and "Paragraph 2." in str(reply.embeds)
    second = await (await anthology.bob.click(reply, "Next ▶")).response()
    assert second.id == reply.id and second.embeds[0]["footer"]["text"] == "Page 2 of 2"
    assert second.embeds[0]["description"].startswith("Paragraph 3.")
    with pytest.raises(ScriptError, match="disabled"):
        await anthology.bob.click(second, "Next ▶")
    first = await (await anthology.bob.click(second, "◀ Previous")).response()
    assert first.embeds[0]["footer"]["text"] == "Page 1 of 2"


async def test_an_unknown_rules_topic_is_refused_with_the_topics_there_are(anthology):
    reply = await (await anthology.bob.slash(anthology.channel, "rules", game="anarchy", topic="castling")).response()
    assert reply.ephemeral and not reply.embeds
    assert reply.content.startswith("Anarchy's rules have no topic `castling`. Its topics: Overview, Setting up")


async def test_status_shows_the_board_and_who_we_wait_for(anthology):
    reply = await (await anthology.alice.slash(anthology.channel, "status")).response()
    assert reply.ephemeral and "no game running here" in reply.content
    await anthology.started_game(anthology.alice, anthology.bob)
    match = await anthology.match_here()
    waiting = await anthology.actor(match.id)
    reply = await (await anthology.cara.slash(anthology.channel, "status")).response()
    assert reply.ephemeral
    assert f"Waiting for: <@{waiting.id}>" in reply.content
    assert reply.embeds[0]["title"] == "Anarchy"


async def test_leave_and_kick_before_the_start(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.open_table(alice)
    await (await bob.click(board, "Join")).response()
    await (await cara.click(board, "Join")).response()
    reply = await (await bob.slash(anthology.channel, "kick", player=cara)).response()
    assert reply.ephemeral and "Only the table's opener" in reply.content
    reply = await (await alice.slash(anthology.channel, "kick", player=cara)).response()
    assert reply.ephemeral and "Removed" in reply.content
    reply = await (await bob.slash(anthology.channel, "leave")).response()
    assert reply.ephemeral and "You left" in reply.content
    await anthology.settled()
    assert f"<@{bob.id}>" not in str(board.embeds) and f"<@{cara.id}>" not in str(board.embeds)


async def test_leaving_a_running_game_hands_the_seat_to_a_computer_for_the_rest_of_it(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    asked = await (await bob.slash(anthology.channel, "leave")).response()
    assert asked.ephemeral and "A computer plays your seat for the rest of it" in asked.content
    assert asked.button_labels() == ["Leave the game"]
    assert not (await anthology.bot.host.get(match.id)).player(bob.id).left, "nothing happens before the click"
    done = await (await bob.click(asked, "Leave the game")).response()
    assert "You left the game" in done.content
    await anthology.settled()
    said = anthology.fake.channel_messages(anthology.channel)[-1].content
    assert said == "🚪 bob left the game: a computer plays their seat from now on."
    again = await (await bob.slash(anthology.channel, "leave")).response()
    assert again.ephemeral and again.content == "You already left this game."
    refused = await (await bob.click(board, "My hand")).response()
    assert refused.ephemeral and refused.content == LEFT_REPLY

    for _ in range(400):
        current = await anthology.bot.host.get(match.id)
        if current.status is MatchStatus.FINISHED:
            break
        snapshot = await anthology.bot.host.load(match.id)
        if snapshot.match.at_seat(min(snapshot.actors)).user_id == bob.id:
            await anthology.run_timers(5)  # the computer plays bob's seat
        else:
            await anthology.take_turn(alice, await anthology.hand_panel(alice, board))
    else:
        raise AssertionError("the game did not end")
    assert stored_result(anthology.settings.database_path, match.id).left == (bob.id,)
    lines, changes = await anthology.final_standings(match.id)
    (left,) = [line for line in lines if f"<@{bob.id}>" in line]
    assert re.fullmatch(
        rf"[12]\. <@{bob.id}> — \d+ cards? left · left the game · {re.escape(rating_text(changes[bob.id]))}", left
    )


async def test_abandon_needs_the_opener_or_an_admin(anthology):
    board = await anthology.started_game(anthology.alice, anthology.bob)
    match = await anthology.match_here()
    reply = await (await anthology.bob.slash(anthology.channel, "abandon")).response()
    assert reply.ephemeral and "Only the table's opener" in reply.content
    admins = anthology.guild.create_role("admins", Perm.MANAGE_CHANNELS)
    moderator = anthology.guild.add_member("mod", roles=[admins])
    reply = await (await moderator.slash(anthology.channel, "abandon")).response()
    assert not reply.ephemeral and "abandoned" in reply.content
    await anthology.settled()
    assert board.button_labels() == []
    assert (await anthology.bot.host.get(match.id)).status is MatchStatus.ABANDONED
    fields = [field["name"] for field in board.embeds[0]["fields"]]
    assert "Abandoned" in fields and "Final standings" not in fields, "no result, so no standings and no ratings"
    assert "rating" not in str(board.embeds)


async def test_a_player_who_sits_on_their_turn_is_reminded_the_way_they_chose(anthology):
    await anthology.started_game(anthology.alice, anthology.bob)
    match = await anthology.match_here()
    waiting = await anthology.actor(match.id)
    anthology.clock.advance(hours=13)
    anthology.bot.deadlines.wake()
    reminder = await anthology.fake.wait_for(lambda: next((m for m in waiting.dms() if "⏰" in m.content), None))
    assert "Your Anarchy game is waiting for you" in reminder.content and str(anthology.channel.id) in reminder.content
    assert not [m for m in anthology.fake.channel_messages(anthology.channel) if "⏰" in m.content]


async def test_a_player_who_chose_mentions_is_reminded_in_the_channel(anthology):
    await anthology.started_game(anthology.alice, anthology.bob)
    match = await anthology.match_here()
    waiting = await anthology.actor(match.id)
    await (await waiting.slash(anthology.channel, "settings", turn_notice="mention")).response()
    anthology.clock.advance(hours=13)
    anthology.bot.deadlines.wake()
    reminder = await anthology.fake.wait_for(
        lambda: next((m for m in anthology.fake.channel_messages(anthology.channel) if "⏰" in m.content), None)
    )
    assert f"<@{waiting.id}>" in reminder.content and not [m for m in waiting.dms() if "⏰" in m.content]


async def test_an_idle_lobby_expires(anthology):
    board = await anthology.open_table(anthology.alice)
    anthology.clock.advance(hours=25)
    anthology.bot.deadlines.wake()
    await anthology.fake.wait_for(lambda: "expired" in board.embeds[0]["title"])
    assert board.button_labels() == []
    board = await anthology.open_table(anthology.bob)
    assert board.button_labels() == ["Join", "Leave", "Start"]


async def test_options_autocomplete_the_word_being_typed_and_keep_the_ones_before(anthology):
    choices = await anthology.suggestions(anthology.alice, "play", ("options", "timing=async jud"), game="anomia")
    assert {choice["value"] for choice in choices} == {"timing=async judging=lists", "timing=async judging=vote"}
    assert all(len(choice["name"]) <= 100 for choice in choices)


async def test_a_play_that_discord_refuses_half_way_is_answered_and_leaves_no_table(anthology):
    fake = anthology.fake
    fake.inject("POST", "/channels/{channel_id}/threads", status=403, code=50013, message="Missing Permissions")
    reply = await (await anthology.alice.slash(anthology.channel, "play", game="anarchy")).message()
    assert "nothing was opened" in reply.content
    fake.inject("POST", "/channels/{channel_id}/messages", status=503)  # the board, in the new thread
    reply = await (await anthology.alice.slash(anthology.channel, "play", game="anarchy")).message()
    assert "nothing was opened" in reply.content
    fake.inject("POST", "/interactions/*/callback", status=403, code=50013)  # the board, as the reply here
    reply = await (await anthology.alice.slash(anthology.channel, "play", game="anarchy", thread=False)).response()
    assert reply.ephemeral and "nothing was opened" in reply.content
    await anthology.settled()
    assert await anthology.bot.store.live_match_in_channel(anthology.channel.id) is None
    for thread in fake.threads(anthology.channel):
        assert await anthology.bot.store.live_match_in_channel(thread.id) is None
    await anthology.open_table(anthology.alice)  # the channel is free again


async def test_the_opener_sets_table_options_from_a_menu_on_the_lobby(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice, game="anomia")
    menu = board.select_options()
    assert "Judging: trust (now)" in menu and "Judging: vote" in menu and "Computer players: 2" in menu
    await (await bob.click(board, "Join")).response()
    refused = await (await bob.select(board, "Judging: vote")).response()
    assert refused.ephemeral and "Only the table's opener" in refused.content
    await (await alice.select(board, "Judging: vote")).response()
    await (await alice.select(board, "Computer players: 1")).response()
    assert "Judging: vote" in str(board.embeds) and "Judging: vote (now)" in board.select_options()
    assert "🤖 Bot Ada" in str(board.embeds)
    assert (await anthology.match_here()).options["judging"] == "vote"
    full = await (await alice.select(board, "Computer players: 5")).response()  # 2 people + 5 > 6 seats
    assert full.ephemeral and "full" in full.content
    await (await alice.click(board, "Start")).response()
    assert board.selects() == []


async def test_in_a_game_of_two_whose_opener_chose_so_a_leaver_forfeits(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice, forfeit=True)
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    match = await anthology.match_here()
    asked = await (await bob.slash(anthology.channel, "leave")).response()
    assert asked.content == "Leave this game? You forfeit it: the other player wins."
    await (await bob.click(asked, "Leave the game")).response()
    await anthology.settled()
    finished = await anthology.bot.host.get(match.id)
    assert finished.status is MatchStatus.FINISHED
    result = stored_result(anthology.settings.database_path, match.id)
    assert result.winners == (alice.id,) and result.left == (bob.id,)
    assert result.placings == {alice.id: 1, bob.id: 2}
    over = f"bob left the game and so forfeits it. 🏆 <@{alice.id}> wins."
    assert anthology.fake.channel_messages(anthology.channel)[-1].content == f"🚪 {over}"
    fields = {field["name"]: field["value"] for field in board.embeds[0]["fields"]}
    assert fields["Game over"] == over and board.button_labels() == ["Play again", "Replay"]
    lines, changes = await anthology.final_standings(match.id)
    assert lines == [
        f"1. <@{alice.id}> — {rating_text(changes[alice.id])}",
        f"2. <@{bob.id}> — left the game · {rating_text(changes[bob.id])}",
    ]
    assert changes[alice.id].change > 0
