"""Taking a seat over through Discord (ruling S2): a player leaves a running game; someone who is not playing
presses Take a seat on the board, gets the seat's private panel at once, and plays it to the end, across a
restart; the table is told; the standings show the newcomer and place the leaver last, as a leaver (ruling S1);
/my-games and /stats count the game as the newcomer's. The leaver's take-back, and a seated player's press, are
refused."""

from __future__ import annotations

from anthology_driver import Anthology
from support import stored_result
from test_anokera import FIRST_OF_TWO, ONE_CARD, SECOND, City

from bot.discord_ui.standings import rating_text
from bot.matches import MatchStatus

TAKE = "Take a seat"


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0].get("fields", [])}


def said_in_channel(anthology: Anthology) -> list[str]:
    return [message.content for message in anthology.fake.channel_messages(anthology.channel)]


async def test_a_newcomer_takes_a_leavers_seat_in_anarchy_and_plays_it_to_the_end_across_a_restart(anthology):
    alice, bob, cara, dan = anthology.alice, anthology.bob, anthology.cara, anthology.dan
    board = await anthology.started_game(alice, bob, cara)
    match = await anthology.match_here()
    assert TAKE not in board.button_labels(), "no seat is free while everyone plays"
    bob_seat = match.player(bob.id).seat

    await anthology.leave_running_game(bob)
    assert board.button_labels() == ["My hand", TAKE]
    refused = await (await bob.click(board, TAKE)).response()
    assert refused.ephemeral and refused.content == "You left this game, so you can't come back to it."
    refused = await (await alice.click(board, TAKE)).response()
    assert refused.ephemeral and refused.content == "You are already playing in this game."

    await anthology.restart()  # the board's button is routed by its custom_id: it works after a restart
    panel = await (await dan.click(board, TAKE)).response()
    await anthology.settled()
    assert panel.ephemeral and panel.content.startswith("You took over bob's seat: you play it from now on.")
    assert panel.embeds[0]["title"] == "Your Anarchy hand"
    assert f"🪑 <@{dan.id}> took over bob's seat." in said_in_channel(anthology)
    assert TAKE not in board.button_labels(), "the only free seat is taken"
    shown = str(board.embeds)
    assert f"<@{dan.id}>" in shown and f"🪑 <@{dan.id}> took over bob's seat." in shown
    assert "bob left the game" not in shown, "the leaver is not shown as playing"
    hand = await (await bob.click(board, "My hand")).response()
    assert hand.content == "You left this game, and someone else plays your seat now."
    leave = await (await bob.slash(anthology.channel, "leave")).response()
    assert leave.content == "You already left this game."
    mine = await (await dan.slash(anthology.channel, "my-games")).response()
    assert "Anarchy" in fields(mine)
    theirs = await (await bob.slash(anthology.channel, "my-games")).response()
    assert theirs.embeds[0]["description"].startswith("You are not at any table right now.")

    dan_moved = False
    for _ in range(400):
        player = await anthology.actor(match.id)
        if player is None:
            break
        dan_moved = dan_moved or player is dan
        await anthology.take_turn(player, await anthology.hand_panel(player, board))
    else:
        raise AssertionError("the game did not end")
    assert dan_moved, "the newcomer played the seat"

    finished = await anthology.bot.host.get(match.id)
    assert finished.status is MatchStatus.FINISHED and finished.at_seat(bob_seat).user_id == dan.id
    lines, changes = await anthology.final_standings(match.id)
    assert lines[-1].startswith(f"4. <@{bob.id}> — left the game · rating ")
    assert any(f"<@{dan.id}> — " in line for line in lines[:-1]) and dan.id in changes
    result = stored_result(anthology.settings.database_path, match.id)
    assert result.placings[bob.id] == 4 and result.left == (bob.id,) and bob.id not in result.winners
    stats = await (await dan.slash(anthology.channel, "stats")).response()
    assert stats.embeds[0]["description"].startswith(f"<@{dan.id}>: 1 game, ")
    record = await (await dan.slash(anthology.channel, "record")).response()
    assert "alice, dan, cara, bob (left)" in record.embeds[0]["footer"]["text"]
    history = await (await dan.slash(anthology.channel, "history")).response()
    assert f"#{match.id}" in str(history.embeds) + history.content


async def test_of_two_free_seats_in_anokera_newcomers_pick_the_leavers_and_the_computers(anthology):
    alice, bob, dan, erin = anthology.alice, anthology.bob, anthology.dan, anthology.erin
    board = await anthology.open_table(alice, game="anokera", options="computer_players=1")
    await (await bob.click(board, "Join")).response()
    picked = await alice.select(board, "Let others take computer seats: on", menu="Change an option (opener)")
    await picked.response()
    assert "Let others take computer seats: on" in fields(board)["Options"]
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    city_match = await anthology.match_here()
    assert TAKE in board.button_labels(), "the computer's seat may be taken"

    await anthology.leave_running_game(bob)
    question = await (await dan.click(board, TAKE)).response()
    assert question.ephemeral and question.content == "Several seats are free: which do you take?"
    assert question.select_options() == ["Seat 2: bob (left the game)", "Seat 3: Bot Ada (a computer player)"]
    asked_too = await (await erin.click(board, TAKE)).response()
    panel = await (await dan.select(question, "Seat 2: bob (left the game)")).response()
    await anthology.settled()
    assert panel.id == question.id and panel.content.startswith("You took over bob's seat")
    assert "Your role" in panel.embeds[0]["title"]
    late = await (await erin.select(asked_too, "Seat 2: bob (left the game)")).response()
    assert late.ephemeral and late.content == "Someone else took that seat just now."
    taken = await (await erin.select(asked_too, "Seat 3: Bot Ada (a computer player)")).response()
    await anthology.settled()
    assert taken.content.startswith("You took over Bot Ada's seat")
    assert f"🪑 <@{erin.id}> took over Bot Ada's seat." in said_in_channel(anthology)
    assert TAKE not in board.button_labels()

    city = City(anthology, board, city_match.id)
    people = {0: alice, 1: dan, 2: erin}
    for step in range(600):
        state = await city.state()
        if state.result is not None:
            break
        assert not state.computer_seats, "no computer plays any more"
        player = people[state.turn]
        if state.first_card is not None:
            await city.play(player, SECOND)
        elif step % 3 == 0 and FIRST_OF_TWO in [menu.get("placeholder") for menu in board.selects()]:
            await city.play(player, FIRST_OF_TWO, index=step % 5)
        else:
            await city.play(player, ONE_CARD, index=step % 7)
    else:
        raise AssertionError("the game did not end")
    lines, changes = await anthology.final_standings(city.match_id)
    assert lines[-1] == f"4. <@{bob.id}> — left the game · {rating_text(changes[bob.id])}"
    assert {alice.id, dan.id, erin.id} <= set(changes)
    assert not [line for line in lines if "Bot Ada" in line], "the computer left no mark"
    stats = await (await erin.slash(anthology.channel, "stats")).response()
    assert stats.embeds[0]["description"].startswith(f"<@{erin.id}>: 1 game, ")
