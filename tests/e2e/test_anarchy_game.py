"""A whole Anarchy game through Discord, as three players see it: lobby, DMs, My hand, the board, the end."""

from __future__ import annotations

import json

from anthology_driver import expected_standings
from support import stored_log, stored_result

from bot.discord_ui.standings import rating_text
from bot.discord_ui.wording import counted
from bot.matches import MatchStatus


async def test_lobby_join_and_start_update_the_board_in_one_call(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.open_table(alice)
    assert board.button_labels() == ["Join", "Leave", "Start"]
    assert "Anarchy" in board.embeds[0]["title"]

    mark = anthology.fake.mark()
    await (await bob.click(board, "Join")).response()
    assert sum(anthology.fake.calls_since(mark).values()) == 1
    assert f"<@{bob.id}>" in json.dumps(board.embeds)

    await (await cara.click(board, "Join")).response()
    await (await cara.click(board, "Leave")).response()
    assert f"<@{cara.id}>" not in json.dumps(board.embeds)

    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    assert board.button_labels() == ["My hand"]
    fields = {field["name"]: field["value"] for field in board.embeds[0]["fields"]}
    assert {"Top card", "Direction", "Draw pile", "Players", "Turn"} <= set(fields)
    assert "none yet" in fields["Top card"]
    assert "Trump:" in board.embeds[0]["description"]
    for player in (alice, bob):
        (dm,) = player.dms()
        assert dm.content.startswith(f"**Anarchy** has started in <#{anthology.channel.id}>. Here is your hand.")
        assert dm.embeds[0]["title"] == "Your Anarchy hand"
        assert len(dm.embeds[0]["description"].split()) == 4


async def test_a_full_game_with_three_players_from_dms_and_my_hand(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.started_game(alice, bob, cara)
    match = await anthology.match_here()
    turns = 0
    while (player := await anthology.actor(match.id)) is not None:
        turns += 1
        assert turns < 400, "the game should have ended"
        # Alternate: the turn DM's own controls on odd turns, the board's My hand on even ones.
        latest_dm = player.dms()[-1]
        use_dm = turns % 2 and (latest_dm.selects() or latest_dm.button_labels())
        panel = latest_dm if use_dm else await anthology.hand_panel(player, board)
        if not use_dm:
            assert panel.ephemeral
        await anthology.take_turn(player, panel)

    finished = await anthology.bot.host.get(match.id)
    assert finished.status is MatchStatus.FINISHED
    assert board.button_labels() == ["Play again", "Replay"]
    field_names = [field["name"] for field in board.embeds[0]["fields"]]
    assert "Game over" in field_names
    result = stored_result(anthology.settings.database_path, match.id)
    (winner_id,) = result.winners
    announcement = anthology.said_last()
    assert f"<@{winner_id}>" in announcement.content and "won" in announcement.content
    # The board's summary: the winner first with no cards, the others sharing second, each with their rating.
    lines, changes = await anthology.final_standings(match.id)
    assert set(changes) == {alice.id, bob.id, cara.id} and changes[winner_id].change > 0
    assert lines[0] == f"1. <@{winner_id}> — 0 cards left · {rating_text(changes[winner_id])}"
    snapshot = await anthology.bot.host.load(match.id)
    assert snapshot.ratings == changes
    left = snapshot.public_view.hand_sizes
    assert lines == expected_standings(
        finished, snapshot.outcome, changes, lambda seat: f"{counted(left[seat], 'card')} left"
    )
    assert [line[:3] for line in lines] == ["1. ", "2. ", "2. "], "the others share the second place"
    log = stored_log(anthology.settings.database_path, match.id)
    assert len(log) == turns


async def test_playing_a_card_shows_it_on_the_board_and_tells_the_next_player(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    other = bob if player is alice else alice
    dms_before = len(other.dms())
    panel = await anthology.hand_panel(player, board)
    choice = panel.select_options()[0] if panel.selects() else None
    updated = await anthology.take_turn(player, panel)
    if choice:
        assert f"You played {choice}" in updated.content
        assert choice in board.embeds[0]["fields"][0]["value"]
    else:
        assert "You drew" in updated.content
    assert len(other.dms()) == dms_before + 1
    assert "Your turn" in other.dms()[-1].content


async def test_a_whole_game_with_two_computer_players(anthology):
    alice = anthology.alice
    board = await anthology.started_game(alice, options="computer_players=2")
    match = await anthology.match_here()
    assert [player.is_computer for player in match.players] == [False, True, True]
    await anthology.anarchy_played_to_the_end(match.id, board)
    log = stored_log(anthology.settings.database_path, match.id)
    assert {entry.seat for entry in log} == {0, 1, 2}, "the computers played their turns"
    assert "Game over" in [field["name"] for field in board.embeds[0]["fields"]]


async def test_a_finished_board_tells_nobody_to_press_a_button_it_no_longer_has(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice, forfeit=True)
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    footer = "Press My hand to see your cards and play. /rules game:Anarchy explains the game."
    assert board.embeds[0]["footer"]["text"] == footer and "My hand" in board.button_labels()
    asked = await (await bob.slash(anthology.channel, "leave")).response()
    await (await bob.click(asked, "Leave the game")).response()
    await anthology.settled()
    assert board.button_labels() == ["Play again", "Replay"]
    assert board.embeds[0]["footer"]["text"] == "/rules game:Anarchy explains the game."
