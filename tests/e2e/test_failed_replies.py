"""A reply Discord refuses or takes too late loses nothing else: a change applied by a click or a command is shown
on the board, told to the next player and announced in the channel all the same (and retried as promised).
Also: the "I can't send you direct messages" notice is said once per player however many DMs fail at once,
and the board never shows an older version than it already showed."""

from __future__ import annotations

import pytest
from anthology_driver import Anthology, choose_first, offers_pin, running_anthology
from fakediscord import FakeMessage, InteractionHandle, ScriptedUser
from test_anokera import ONE_CARD, started_city
from test_anomia import started_anomia
from test_not_another_word import started_table
from test_resilience import BOARD_EDIT, OPEN_DM, board_is_current

CALLBACKS = "/interactions/*/callback"
DEADLINE = 1.0
"""Discord's 3-second deadline for an interaction's answer, shortened so that a test misses it quickly."""
LATE = DEADLINE + 0.5
FAULTS = {
    "a 429 longer than the deadline": {"status": 429, "retry_after": LATE},
    "a 5xx that discord.py retries past the deadline": {"status": 500},
    "a Discord slower than the deadline": {"status": 0, "delay": LATE},
}


async def reply_fails(anthology: Anthology, fault: dict, acting) -> InteractionHandle:
    """Make the reply to the interaction `acting` starts miss Discord's deadline through `fault` (Discord then
    answers it NotFound 10062), and wait until the bot has done what the change asks besides."""
    anthology.fake.interaction_deadline = DEADLINE
    anthology.fake.inject("POST", CALLBACKS, **fault)
    handle = await acting()
    await anthology.fake.wait_for(lambda: handle.late, 10, "the reply to miss the deadline")
    anthology.fake.interaction_deadline = 3.0
    await anthology.settled()
    anthology.fake.late_interactions.remove(handle)  # this one is the test's own doing; any other fails it
    return handle


def other_of(anthology: Anthology, player: ScriptedUser) -> ScriptedUser:
    return anthology.bob if player is anthology.alice else anthology.alice


@pytest.mark.parametrize("fault", FAULTS.values(), ids=FAULTS.keys())
async def test_a_move_whose_reply_failed_is_shown_on_the_board_and_told_to_the_next_player(anthology, fault):
    board = await anthology.started_game(anthology.alice, anthology.bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    waiting = other_of(anthology, player)
    panel = await anthology.hand_panel(player, board)
    told = len(waiting.dms())
    await reply_fails(anthology, fault, lambda: choose_first(player, panel))
    assert (await anthology.match_here()).version == match.version + 1
    assert await board_is_current(anthology, board, match.id)
    assert len(waiting.dms()) == told + 1 and "Your turn" in waiting.dms()[-1].content


async def test_a_board_click_whose_reply_failed_is_shown_by_an_ordinary_board_edit(anthology):
    players = (anthology.alice, anthology.bob, anthology.cara)
    city = await started_city(anthology, *players)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    told = {person.name: len(person.dms()) for person in players}
    label = city.board.select_options(ONE_CARD)[0]
    fault = FAULTS["a Discord slower than the deadline"]
    await reply_fails(anthology, fault, lambda: player.select(city.board, label, menu=ONE_CARD))
    current = await anthology.match_here()
    assert current.version > match.version and current.board_version == current.version
    assert offers_pin(anthology.board(match.id), match.id, anthology.bot.host.snapshot(current).pin(None))
    following = await anthology.actor(match.id)
    assert following is not player
    assert len(following.dms()) == told[following.name] + 1 and "Your turn" in following.dms()[-1].content


async def test_a_start_whose_reply_failed_still_shows_the_game_and_deals(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice)
    await (await bob.click(board, "Join")).response()
    await anthology.settled()
    await reply_fails(anthology, FAULTS["a 429 longer than the deadline"], lambda: alice.click(board, "Start"))
    assert "My hand" in anthology.fake.get_message(board.id).button_labels()
    assert len(alice.dms()) == len(bob.dms()) == 1


async def test_a_slash_word_whose_reply_failed_is_shown_announced_and_told(tmp_path, clock):
    async with running_anthology(tmp_path, clock, message_content_allowed=False) as world:
        table = await started_table(world, world.alice, world.bob)
        player = await table.to_act()
        waiting = other_of(world, player)
        told = len(waiting.dms())
        word = await table.good_word()
        fault = FAULTS["a 5xx that discord.py retries past the deadline"]
        await reply_fails(world, fault, lambda: player.slash(world.channel, "word", word=word))
        assert (await table.state()).word == word
        assert word.upper() in world.fake.get_message(table.board.id).embeds[0]["description"]
        assert [m for m in world.fake.bot_messages(world.channel) if word.upper() in m.content], "the word's line"
        assert len(waiting.dms()) == told + 1 and "Your turn" in waiting.dms()[-1].content


async def test_a_slash_answer_whose_reply_failed_is_shown_and_still_wins_its_face_off(tmp_path, clock):
    async with running_anthology(tmp_path, clock, message_content_allowed=False) as world:
        table = await started_anomia(world, world.alice, world.bob, world.cara)
        seat = (await table.flip_until_faceoff()).faceoff.seats[0]
        answering = table.fresh_answer(await table.category_of(seat))
        before = await table.match()
        player = await table.user_at(seat)
        fault = FAULTS["a Discord slower than the deadline"]
        await reply_fails(world, fault, lambda: player.slash(world.channel, "answer", text=answering))
        shown = await table.match()
        assert shown.version > before.version and shown.board_version == shown.version
        await world.run_timers(1)
        assert (await table.view()).winning_pile_sizes[seat] == 1
        won = await table.match()
        assert won.board_version == won.version


async def test_closed_dms_are_said_once_when_a_turn_dm_fails_while_the_deal_dm_is_on_its_way(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice)
    await (await bob.click(board, "Join")).response()
    # Discord is slow to open the DM channels for the deal: the first move passes the turn meanwhile, so the
    # deal and the turn's DM to the second player fail on their closed DMs together.
    anthology.fake.inject("POST", OPEN_DM.split(" ", 1)[1], status=0, delay=1.0, times=2)
    await (await alice.click(board, "Start")).response()
    match = await anthology.match_here()
    first = await anthology.actor(match.id)
    second = other_of(anthology, first)
    anthology.fake.close_dms(second)
    while await anthology.actor(match.id) is first:
        await (await choose_first(first, await anthology.hand_panel(first, board))).response()
    await anthology.settled()
    notices = [m for m in anthology.fake.channel_messages(anthology.channel) if "direct messages" in m.content]
    assert len(notices) == 1 and f"<@{second.id}>" in notices[0].content


def shows_the_game(board: FakeMessage | dict) -> bool:
    components = board["components"] if isinstance(board, dict) else board.components
    return "anth:hand:" in str(components)


BOARD_FAULTS = {
    "a slow Discord": {"status": 0, "delay": 0.5},
    "a burst of 429s": {"status": 429, "retry_after": 0.3, "times": 3},
}


@pytest.mark.parametrize("fault", BOARD_FAULTS.values(), ids=BOARD_FAULTS.keys())
async def test_a_click_while_a_board_edit_is_on_its_way_is_shown_after_it_and_never_covered(anthology, fault):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.open_table(alice)
    for player in (bob, cara):
        await (await player.click(board, "Join")).response()
    await anthology.settled()
    # Cara leaves by command, so the board is edited (showing the lobby without her); Discord is slow to take
    # that edit, and meanwhile Alice starts the game from the board.
    anthology.fake.inject("PATCH", BOARD_EDIT.split(" ", 1)[1], **fault)
    mark = anthology.fake.mark()
    await (await cara.slash(anthology.channel, "leave")).response()
    await anthology.fake.wait_for(lambda: anthology.fake.calls_since(mark)[BOARD_EDIT], 5, "the lobby's edit")
    anthology.bot.display.board_edit_interval = 60.0  # so that only an edit made at once can pass the test
    await (await alice.click(board, "Start")).response()
    await anthology.fake.wait_for(lambda: shows_the_game(board), 5, "the started game on the board")
    await anthology.settled()
    shown = [*board.versions, board.snapshot()]
    first_game = next(index for index, version in enumerate(shown) if shows_the_game(version))
    assert all(shows_the_game(version) for version in shown[first_game:]), "the lobby came back after Start"
