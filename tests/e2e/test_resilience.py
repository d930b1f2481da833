"""What Discord and operators throw at the bot: restarts, closed DMs, 429s, 5xx, gateway drops, a refused
intent, busy cores and bursts of clicks. The game must go on, and nothing may be lost or applied twice."""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys

from anthology_driver import choose_first, running_anthology
from support import make_host, stored_log

from bot.matches import MatchStatus

BOARD_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
CALLBACK = "POST /interactions/{interaction_id}/{interaction_token}/callback"
OPEN_DM = "POST /users/@me/channels"


async def test_a_restart_mid_game_loses_nothing_and_old_buttons_work(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    for _ in range(3):
        player = await anthology.actor(match.id)
        await anthology.take_turn(player, await anthology.hand_panel(player, board))
    before = await anthology.match_here()
    log_before = stored_log(anthology.settings.database_path, match.id)
    player = await anthology.actor(match.id)
    turn_dm = player.dms()[-1]  # sent by the old process, for the current version

    await anthology.restart()
    assert await anthology.match_here() == before
    reply = await (await choose_first(player, turn_dm)).response()
    assert not reply.ephemeral or "out of date" not in (reply.content or "")
    await anthology.settled()
    log_after = stored_log(anthology.settings.database_path, match.id)
    assert log_after[: len(log_before)] == log_before
    assert len(log_after) == len(log_before) + 1
    # The board the old process posted is still the board, and still works.
    assert await anthology.actor(match.id) is not player or len(log_after) > len(log_before)
    panel = await anthology.hand_panel(alice, board)
    assert panel.ephemeral and panel.embeds[0]["title"] == "Your Anarchy hand"


async def test_closed_dms_do_not_stop_the_game(anthology):
    alice, bob = anthology.alice, anthology.bob
    anthology.fake.close_dms(bob)
    board = await anthology.started_game(alice, bob)
    notices = [m for m in anthology.fake.channel_messages(anthology.channel) if "direct messages" in m.content]
    assert len(notices) == 1 and f"<@{bob.id}>" in notices[0].content and "My hand" in notices[0].content
    assert bob.dms() == [] and len(alice.dms()) == 1
    match = await anthology.match_here()
    for _ in range(4):
        player = await anthology.actor(match.id)
        await anthology.take_turn(player, await anthology.hand_panel(player, board))
    assert len(stored_log(anthology.settings.database_path, match.id)) == 4
    notices = [m for m in anthology.fake.channel_messages(anthology.channel) if "direct messages" in m.content]
    assert len(notices) == 1, "the fallback is said once, not every turn"


async def test_429s_and_a_5xx_are_ridden_out(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    anthology.fake.inject("PATCH", "/channels/{channel_id}/messages/{message_id}", status=429, retry_after=0.1)
    anthology.fake.inject("POST", "/interactions/*/callback", status=429, retry_after=0.1)
    player = await anthology.actor(match.id)
    await anthology.take_turn(player, await anthology.hand_panel(player, board))
    anthology.fake.inject("POST", "/channels/{channel_id}/messages", status=502)
    player = await anthology.actor(match.id)
    await anthology.take_turn(player, await anthology.hand_panel(player, board))
    await anthology.settled()
    assert all(fault.hits == fault.times for fault in anthology.fake.faults)
    assert len(stored_log(anthology.settings.database_path, match.id)) == 2
    assert (await anthology.match_here()).version == match.version + 2


async def test_a_click_during_a_gateway_drop_is_applied_once_after_the_resume(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    panel = await anthology.hand_panel(player, board)
    await anthology.fake.drop_gateway(4000, hold=True)
    click = asyncio.create_task(choose_first(player, panel))
    await asyncio.sleep(0)
    anthology.fake.release_gateway()
    await (await click).response(timeout=15)
    await anthology.settled()
    assert len(stored_log(anthology.settings.database_path, match.id)) == 1


async def test_without_the_message_content_intent_the_bot_says_so_and_plays_on(tmp_path, clock, caplog):
    caplog.set_level(logging.WARNING, logger="bot")
    async with running_anthology(tmp_path, clock, message_content_allowed=False) as world:
        assert not world.bot.reads_message_content
        assert any("Message Content intent" in record.getMessage() for record in caplog.records)
        board = await world.started_game(world.alice, world.bob)
        assert board.button_labels() == ["My hand"]


async def test_no_interaction_misses_the_deadline_with_both_cores_busy(anthology):
    burners = [
        subprocess.Popen([sys.executable, "-c", "import time\nend = time.time() + 30\nwhile time.time() < end: pass"])
        for _ in range(2)
    ]
    try:
        board = await anthology.started_game(anthology.alice, anthology.bob, anthology.cara)
        match = await anthology.match_here()
        for _ in range(6):
            player = await anthology.actor(match.id)
            await anthology.take_turn(player, await anthology.hand_panel(player, board))
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    assert anthology.fake.late_interactions == []
    latencies = [h.latency for h in anthology.fake.interactions.values() if h.latency is not None]
    assert max(latencies) < 3.0


async def test_a_burst_of_twenty_actions_gives_few_board_edits_and_no_429(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob, options="voluntary_draw=on")
    anthology.bot.display.board_edit_interval = 1.0
    match = await anthology.match_here()
    mark = anthology.fake.mark()
    actions = 0
    while actions < 20 and (player := await anthology.actor(match.id)) is not None:
        await (await choose_first(player, await anthology.hand_panel(player, board))).response()
        actions += 1
    await anthology.settled()
    calls = anthology.fake.calls_since(mark)
    assert calls[BOARD_EDIT] <= 4, calls
    assert all(record.status != 429 for record in anthology.fake.call_log[mark:])
    # The latest state wins: the board shows the top card the last play left.
    final = (await anthology.bot.host.load(match.id)).public_view
    top = final.top_card.label if final.top_card else "none yet"
    assert top in board.embeds[0]["fields"][0]["value"]


async def test_dms_sent_to_one_player_at_once_open_their_dm_channel_once(anthology):
    alice, bob = anthology.alice, anthology.bob
    second = anthology.guild.create_text_channel("second-table")
    boards = [await anthology.open_table(alice), await anthology.open_table(alice, channel=second)]
    for board in boards:
        await (await bob.click(board, "Join")).response()
    # Discord is slow to open a DM channel, and both games start meanwhile: each player's two deals wait on one
    # call, where each DM made a call of its own.
    anthology.fake.inject("POST", OPEN_DM.split(" ", 1)[1], status=0, delay=0.3, times=4)
    mark = anthology.fake.mark()
    for board in boards:
        await (await alice.click(board, "Start")).response()
    await anthology.settled()
    assert anthology.fake.calls_since(mark)[OPEN_DM] == 2
    assert len(alice.dms()) == len(bob.dms()) == 2, "each player has both deals"


async def test_rest_calls_per_user_action(anthology):
    # What is counted is the calls a move makes, not how fast: on a machine busy enough to make a reply miss
    # Discord's 3-second deadline, the bot's fallback for a late reply would add calls (that has its own tests).
    anthology.fake.interaction_deadline = 60.0
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice)
    mark = anthology.fake.mark()
    await (await bob.click(board, "Join")).response()
    assert anthology.fake.calls_since(mark) == {CALLBACK: 1}
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    panel = await anthology.hand_panel(player, board)
    mark = anthology.fake.mark()
    await (await choose_first(player, panel)).response()
    await anthology.settled()
    calls = anthology.fake.calls_since(mark)
    # The panel's own update, one board edit, and the next player's turn DM.
    assert calls[CALLBACK] == 1 and calls[BOARD_EDIT] == 1
    assert sum(calls.values()) <= 3, calls


async def test_private_panels_and_boards_leave_nothing_behind_in_the_bot(anthology):
    # discord.py keeps every View a message is sent with, and gives an ephemeral reply's a 15-minute timer task:
    # a bot that let it would grow with every My hand pressed. The bot's controls are routed by custom_id alone.
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice)
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    match = await anthology.match_here()
    tasks_before = len(asyncio.all_tasks())
    moves = 0
    while moves < 20 and (player := await anthology.actor(match.id)) is not None:
        await (await choose_first(player, await anthology.hand_panel(player, board))).response()
        moves += 1
    await anthology.settled()
    assert moves >= 5
    assert len(asyncio.all_tasks()) <= tasks_before + 2, "no task left per panel"


async def board_is_current(anthology, board, match_id: int) -> bool:
    snapshot = await anthology.bot.host.load(match_id)
    top = snapshot.public_view.top_card.label if snapshot.public_view.top_card else "none yet"
    return top in anthology.fake.get_message(board.id).embeds[0]["fields"][0]["value"] and (
        snapshot.match.board_version == snapshot.match.version
    )


async def test_a_board_behind_its_game_catches_up_after_refused_edits_and_after_a_restart(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    # Edits Discord refuses are tried again until it takes one.
    anthology.fake.inject("PATCH", "/channels/{channel_id}/messages/{message_id}", status=503, times=3)
    player = await anthology.actor(match.id)
    await anthology.take_turn(player, player.dms()[-1])
    assert await board_is_current(anthology, board, match.id)
    # A board left behind when the bot stops is brought up to date when it starts again.
    anthology.fake.inject("PATCH", "/channels/{channel_id}/messages/{message_id}", status=503, times=10**6)
    player = await anthology.actor(match.id)
    await (await choose_first(player, player.dms()[-1])).response()
    await asyncio.sleep(0.2)
    assert not await board_is_current(anthology, board, match.id)
    await anthology.stop()
    anthology.fake.faults.clear()
    await anthology.start()
    await anthology.settled()
    assert await board_is_current(anthology, board, match.id)


async def two_player_game(anthology):
    """A started two-player Anarchy table: the match, the player to act, the other one and the route of the other
    one's DMs."""
    alice, bob = anthology.alice, anthology.bob
    await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    waiting = bob if player is alice else alice
    return match, player, waiting, f"/channels/{waiting.dms()[-1].channel_id}/messages"


async def test_a_turn_dm_discord_refused_is_sent_again_while_the_bot_runs(anthology):
    _, player, waiting, dm_channel = await two_player_game(anthology)
    told_before = len(waiting.dms())
    refused = anthology.fake.inject("POST", dm_channel, status=503, times=2)
    await anthology.take_turn(player, player.dms()[-1])
    assert refused.hits == 2
    assert len(waiting.dms()) == told_before + 1 and "Your turn" in waiting.dms()[-1].content


async def test_a_turn_notice_that_did_not_arrive_is_sent_at_the_next_start_and_only_once(anthology):
    match, player, waiting, dm_channel = await two_player_game(anthology)
    told_before = len(waiting.dms())
    anthology.fake.inject("POST", dm_channel, status=503, times=10**6)
    await (await choose_first(player, player.dms()[-1])).response()
    await asyncio.sleep(0.2)
    assert await anthology.actor(match.id) is waiting and len(waiting.dms()) == told_before
    await anthology.stop()
    anthology.fake.faults.clear()
    await anthology.start()
    await anthology.settled()
    assert len(waiting.dms()) == told_before + 1 and "Your turn" in waiting.dms()[-1].content
    await anthology.restart()
    await anthology.settled()
    assert len(waiting.dms()) == told_before + 1


async def test_a_result_the_bot_could_not_announce_before_it_stopped_is_announced_at_the_next_start_once(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    anthology.fake.inject("POST", f"/channels/{anthology.channel.id}/messages", status=503, times=10**6)
    for _ in range(400):
        player = await anthology.actor(match.id)
        if player is None:
            break
        await (await choose_first(player, await anthology.hand_panel(player, board))).response()
    assert (await anthology.bot.host.get(match.id)).status is MatchStatus.FINISHED
    await asyncio.sleep(0.2)

    def results() -> list[str]:
        return [
            message.content for message in anthology.fake.bot_messages(anthology.channel) if "won" in message.content
        ]

    assert results() == []
    await anthology.stop()
    anthology.fake.faults.clear()
    await anthology.start()
    await anthology.settled()
    assert len(results()) == 1
    assert "Game over" in [field["name"] for field in anthology.fake.get_message(board.id).embeds[0]["fields"]]
    await anthology.restart()
    await anthology.settled()
    assert len(results()) == 1


async def test_a_board_drawn_while_another_process_changed_the_game_is_brought_up_to_date(anthology):
    """The board ends up showing the newest state, with the other process's move under Latest."""
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    shown = await anthology.match_here()
    # Another bot process, on the same database, plays a move; this process hears nothing of it.
    other = make_host(anthology.bot.store, anthology.clock)
    player = await anthology.actor(shown.id)
    move = (await other.load(shown.id)).seat_view(shown.player(player.id).seat).legal_actions[0]
    await other.act(shown.id, player.id, move.notation)
    # This process then notes a click's edit of the board as it drew it, from before that move.
    anthology.bot.display.board_edited_by_interaction(shown)
    await anthology.settled()
    latest = anthology.bot.display.board_message(await anthology.bot.host.load(shown.id))["embed"]
    assert anthology.fake.get_message(board.id).embeds[0]["description"] == latest.description
    assert (await anthology.match_here()).board_version == shown.version + 1
    fields = {field["name"]: field["value"] for field in anthology.fake.get_message(board.id).embeds[0]["fields"]}
    assert fields["Latest"].startswith(player.name), "the other process's move, read from the action log"


async def test_a_turn_dm_sent_again_by_a_catch_up_is_not_posted_twice(anthology):
    """Another process starting up catches up turn notices it cannot know were sent: Discord's nonce keeps them
    from reaching the player twice."""
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match_id = (await anthology.match_here()).id
    player = await anthology.actor(match_id)
    await anthology.take_turn(player, await anthology.hand_panel(player, board))
    waiting = await anthology.actor(match_id)
    told = len(waiting.dms())
    snapshot = await anthology.bot.host.load(match_id)
    anthology.bot.display.tell_untold([snapshot])
    anthology.bot.display.tell_untold([snapshot])
    await anthology.settled()
    assert len(waiting.dms()) == told
