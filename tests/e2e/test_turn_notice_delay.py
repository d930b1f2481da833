"""Turn DMs wait a moment and go only to players who did not act or look at the table meanwhile; boards are
edited through a recent click's token. Both spare requests Discord counts against a bot's global limit, and
neither loses what a player would see, across a restart too."""

from __future__ import annotations

import dataclasses
import sqlite3

from anthology_driver import choose_first, offers_pin

DELAY = 3.0
"""The turn notice's delay in these tests: long enough that a player clicking at once, on a busy machine, does
so within it (`settled` waits for the notice either way, so nothing here depends on how long it takes)."""
BOARD_EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
BOARD_EDIT_THROUGH_CLICK = "PATCH /webhooks/{application_id}/{interaction_token}/messages/@original"


def turn_dms(player, match_id: int) -> list:
    """The 'Your turn' DMs the player was sent (their opening hand is not one)."""
    return [dm for dm in player.dms() if dm.content.startswith("Your turn")]


def with_delay(anthology, seconds: float = DELAY) -> None:
    """The bot's turn notices wait `seconds` from now on, also after a restart."""
    anthology.settings = dataclasses.replace(anthology.settings, turn_notice_delay=seconds)
    anthology.bot.display.turn_notice_delay = seconds


def board_shows_its_match(anthology, match_id: int) -> bool:
    with sqlite3.connect(anthology.settings.database_path) as connection:
        version, board_version = connection.execute(
            "SELECT version, board_version FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
    return board_version == version


async def first_move(anthology, board):
    """The first player plays from My hand; returns the match and the player whose turn it begins."""
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    panel = await anthology.hand_panel(player, board)
    await (await choose_first(player, panel)).response()
    return match, await anthology.actor(match.id)


async def test_a_player_who_acts_at_once_gets_no_turn_dm_and_one_who_does_not_gets_it(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    with_delay(anthology)
    board = await anthology.started_game(alice, bob, cara)
    match, quick = await first_move(anthology, board)
    # The next player opens their hand at once and plays: no DM tells them of the turn they already took.
    panel = await anthology.hand_panel(quick, board)
    await (await choose_first(quick, panel)).response()
    slow = await anthology.actor(match.id)
    await anthology.settled()
    assert turn_dms(quick, match.id) == []
    stored = await anthology.bot.host.get(match.id)
    assert stored.turn_told_version >= stored.turn_notice_version, "the dropped notice counts as told"

    # The player after them does nothing: their turn's DM comes, with the panel to play from.
    (dm,) = turn_dms(slow, match.id)
    assert f"<#{anthology.channel.id}>" in dm.content
    await (await choose_first(slow, dm)).response()
    await anthology.settled()
    assert (await anthology.bot.host.get(match.id)).version == stored.version + 1


async def test_opening_ones_hand_counts_as_seeing_the_turn(anthology):
    alice, bob = anthology.alice, anthology.bob
    with_delay(anthology)
    board = await anthology.started_game(alice, bob)
    match, looking = await first_move(anthology, board)
    # Opening their hand is enough: they know it is their turn, though they have not played yet.
    await anthology.hand_panel(looking, board)
    await anthology.settled()
    assert turn_dms(looking, match.id) == []
    assert (await anthology.actor(match.id)) is looking


async def test_a_restart_while_a_turn_dm_waits_loses_none(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    with_delay(anthology)
    board = await anthology.started_game(alice, bob, cara)
    match, waiting = await first_move(anthology, board)
    # The bot stops before the DM's delay is over: the notice stays untold in the match record...
    await anthology.restart()
    stored = await anthology.bot.host.get(match.id)
    assert turn_dms(waiting, match.id) == []
    # ...and the bot started again tells the player once the delay has passed anew, with a panel to play from.
    await anthology.settled()
    (dm,) = turn_dms(waiting, match.id)
    assert (await anthology.bot.host.get(match.id)).turn_told_version >= stored.turn_notice_version
    await (await choose_first(waiting, dm)).response()
    await anthology.settled()
    assert (await anthology.bot.host.get(match.id)).version == stored.version + 1


async def test_after_a_restart_a_player_who_acts_at_once_still_gets_no_dm(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    with_delay(anthology)
    board = await anthology.started_game(alice, bob, cara)
    match, quick = await first_move(anthology, board)
    await anthology.restart()
    panel = await anthology.hand_panel(quick, anthology.board(match.id))
    await (await choose_first(quick, panel)).response()
    await anthology.settled()
    assert turn_dms(quick, match.id) == []


async def test_board_edits_go_through_a_recent_clicks_token_and_a_game_costs_few_counted_requests(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    with_delay(anthology)
    anthology.bot.display.board_edits_through_clicks = True
    board = await anthology.started_game(alice, bob, cara)
    match = await anthology.match_here()
    mark = anthology.fake.mark()
    moves = 0
    while (player := await anthology.actor(match.id)) is not None and moves < 30:
        panel = await anthology.hand_panel(player, board)
        await (await choose_first(player, panel)).response()
        moves += 1
        # Every player sees each move on the board, and the next player takes their turn as soon as it shows.
        await anthology.fake.wait_for(lambda: board_shows_its_match(anthology, match.id), what="the board's edit")
        to_act = await anthology.actor(match.id)
        if to_act is not None:
            fields = {field["name"]: field["value"] for field in board.embeds[0]["fields"]}
            assert fields["Turn"] == f"<@{to_act.id}>"
    await anthology.settled()
    calls = anthology.fake.calls_since(mark)
    assert calls[BOARD_EDIT] == 0 and calls[BOARD_EDIT_THROUGH_CLICK] >= moves - 1
    # Everyone played at once: no board edit Discord counts, and one turn DM, to the player the test left waiting.
    assert anthology.fake.counted_calls_since(mark) == {"POST /channels/{channel_id}/messages": 1}
    waiting = await anthology.actor(match.id)
    assert len(turn_dms(waiting, match.id)) == 1
    assert all(turn_dms(player, match.id) == [] for player in (alice, bob, cara) if player is not waiting)


async def test_players_who_play_from_their_dms_get_each_turn_dm_at_once_as_a_follow_up_of_their_last_move(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    with_delay(anthology)
    await anthology.started_game(alice, bob, cara)
    match = await anthology.match_here()
    mark = anthology.fake.mark()
    for move in range(6):
        panel = await dm_offering_the_turn(anthology, match.id)
        if move == 3:
            mark = anthology.fake.mark()  # every player has moved from their DMs by now
        await (await choose_first(await anthology.actor(match.id), panel)).response()
    await dm_offering_the_turn(anthology, match.id)
    calls = anthology.fake.calls_since(mark)
    assert calls["POST /webhooks/{application_id}/{interaction_token}"] == 3, "each turn's DM, as a follow-up"
    assert calls["POST /channels/{channel_id}/messages"] == 0 and calls["POST /users/@me/channels"] == 0


async def dm_offering_the_turn(anthology, match_id: int):
    """The DM that offers the player to act their moves now (the deal's, or their turn's), once it has come."""
    player = await anthology.actor(match_id)
    snapshot = await anthology.bot.host.load(match_id)
    pin = snapshot.pin(snapshot.match.player(player.id).seat)
    return await anthology.fake.wait_for(
        lambda: next((dm for dm in reversed(player.dms()) if offers_pin(dm, match_id, pin)), None),
        timeout=15,
        what="the DM with the turn's moves",
    )
