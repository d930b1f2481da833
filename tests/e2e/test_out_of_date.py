"""Out-of-date clicks through Discord: a click is refused only when what its panel or board showed its player has
changed. Players who choose at the same time (Anachronism's forces, Anomia's votes) each pick from the panel or
board they have, whoever picked meanwhile; someone else's /leave does not put the player to move's board out of
date; and a click that is out of date changes nothing and is answered with the fresh panel right where it was
clicked, or on the shared board with the board as it is and a word to the clicker."""

from __future__ import annotations

import asyncio

from anthology_driver import offers_pin
from fakediscord import FakeMessage, ScriptedUser
from support import stored_log
from test_anachronism import CUSTOM, KEEP, MY_FORCE, QUICK_PLAY, started_arena
from test_anokera import ONE_CARD, City, started_city
from test_anomia import BOARD_EDIT, started_anomia

from bot.games.anomia.state import VOTING

CUSTOM_FORCE = (
    (CUSTOM, 0),
    ("Add an inspiration", -1),
    ("Add a weapon", -1),
    ("Add armour", -1),
    ("Add a special", 0),
)
"""A custom force as five picks on the My force panel: a warrior and four supports (the same ones
tests/e2e/test_anachronism.py builds a force from)."""
LAY_DOWN = (("Lay down next", 0), ("Lay down next", 0))
"""Once the warriors are placed: two supports laid down first (then Keep this order)."""
PANEL_OUT_OF_DATE = "That panel was out of date: here is your current one."


async def test_four_players_build_custom_forces_at_once_from_panels_opened_before_anyone_picked(anthology):
    players = (anthology.alice, anthology.bob, anthology.cara, anthology.dan)
    arena = await started_arena(anthology, *players)
    # Two players open My force on the board, two use the panel their start DM brought: all before anyone picks.
    panels: dict[ScriptedUser, FakeMessage] = {}
    for player in players[:2]:
        panels[player] = await (await player.click(arena.board, MY_FORCE)).response()
    for player in players[2:]:
        panels[player] = next(dm for dm in player.dms() if dm.selects())
    assert all(CUSTOM in arena.menus(panel) for panel in panels.values())

    await picked_at_once(anthology, panels, CUSTOM_FORCE)
    state = await arena.state()
    assert all(len(fighter.supports) == 4 for fighter in state.fighters) and state.phase == "placing"

    # Once every warrior is placed, all four lay their supports down at once, from panels opened beforehand.
    while (await arena.state()).phase == "placing":
        placer = await arena.to_act()
        await arena.pick(placer, "Place your warrior…", arena.menus()["Place your warrior…"][0])
    panels = {player: await (await player.click(arena.board, MY_FORCE)).response() for player in players}
    await picked_at_once(anthology, panels, LAY_DOWN)
    clicks = await asyncio.gather(*(player.click(panel, KEEP) for player, panel in panels.items()))
    assert not [
        reply.content for reply in [await click.response() for click in clicks] if "out of date" in reply.content
    ]
    await anthology.settled()
    state = await arena.state()
    assert all(fighter.ready for fighter in state.fighters) and state.phase == "playing"


async def picked_at_once(anthology, panels: dict[ScriptedUser, FakeMessage], picks) -> None:
    """Every player picks the same menu's option at once, each from their own panel, for each of `picks`: no
    pick finds its panel out of date."""
    for menu, option in picks:
        clicks = await asyncio.gather(
            *(player.select(panel, panel.select_options(menu)[option], menu=menu) for player, panel in panels.items())
        )
        for player, click in zip(panels, clicks, strict=True):
            reply = await click.response()
            assert reply.id == panels[player].id and "out of date" not in (reply.content or ""), reply.content
            panels[player] = reply
        await anthology.settled()


async def test_a_computers_pick_leaves_the_players_panels_as_they_were(anthology):
    alice, bob = anthology.alice, anthology.bob
    arena = await started_arena(anthology, alice, bob, options="computer_players=1")
    panels = {player: await (await player.click(arena.board, MY_FORCE)).response() for player in (alice, bob)}
    assert not (await arena.state()).fighters[2].warrior
    await anthology.run_timers(5)  # the computer picks its force a moment after the start
    await anthology.settled()
    assert (await arena.state()).fighters[2].warrior
    for player, panel in panels.items():
        reply = await arena.pick(player, QUICK_PLAY, panel.select_options(QUICK_PLAY)[0], panel)
        assert reply.id == panel.id and "out of date" not in (reply.content or ""), reply.content
    assert all(fighter.warrior for fighter in (await arena.state()).fighters)


async def test_voters_vote_at_once_from_the_board_as_it_was_before_anyone_voted(anthology):
    players = (anthology.alice, anthology.bob, anthology.cara, anthology.dan)
    table = await started_anomia(anthology, *players, options="judging=vote")
    view = await table.flip_until_faceoff()
    await table.answer(view.faceoff.seats[0])
    while (await table.view()).faceoff.phase != VOTING:
        await anthology.run_timers(1)  # the answer is settled, then goes to the vote
        await anthology.settled()
    snapshot = await anthology.bot.host.load(table.match_id)
    assert snapshot.public_view.faceoff.phase == VOTING
    voters = [await table.user_at(seat) for seat in sorted(snapshot.actors)]
    assert len(voters) == 2
    board = table.board
    vote_yes = board.button("Vote yes")["custom_id"]

    # Chat meanwhile is heard as said (a change of the match), but what the vote rests on is as it was.
    await table.read(await anthology.alice.say(anthology.channel, "hmm, is that one?"))
    assert (await anthology.match_here()).version > snapshot.match.version
    assert table.board.button("Vote yes")["custom_id"] == vote_yes
    # Both votes carry the board as it was before either was counted.
    clicks = await asyncio.gather(*(voter.click(board, "Vote yes") for voter in voters))
    replies = [await click.response() for click in clicks]
    assert not [reply.content for reply in replies if "out of date" in (reply.content or "")]
    await anthology.settled()
    log = stored_log(anthology.settings.database_path, table.match_id)
    assert sorted(entry.user_id for entry in log if entry.action == "vote yes") == sorted(voter.id for voter in voters)


async def test_a_click_whose_panel_changed_changes_nothing_and_shows_the_fresh_panel_where_it_was(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    old_panel = await anthology.hand_panel(player, board)
    panel = await anthology.hand_panel(player, board)
    assert old_panel.selects() or old_panel.button_labels()
    await anthology.take_turn(player, panel)  # the card is played (or one drawn): the turn moves on
    moved = await anthology.match_here()

    if old_panel.selects():
        click = await player.select(old_panel, old_panel.select_options()[0])
    else:
        click = await player.click(old_panel, old_panel.button_labels()[0])
    reply = await click.response()
    assert reply.id == old_panel.id and reply.ephemeral
    assert reply.content.startswith(PANEL_OUT_OF_DATE)
    other = bob if player is alice else alice
    assert f"Waiting for {other.name}" in reply.content and not reply.selects()
    assert reply.embeds == panel.embeds, "the panel as it is now"
    assert await anthology.match_here() == moved


async def test_a_pick_on_the_board_is_taken_right_after_someone_else_leaves(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    city = await started_city(anthology, alice, bob, cara)
    state = await city.state()
    people = {0: alice, 1: bob, 2: cara}
    mover, leaver = people[state.turn], people[(state.turn + 1) % 3]
    label = city.board.select_options(ONE_CARD)[0]

    asked = await (await leaver.slash(anthology.channel, "leave")).response()
    await (await leaver.click(asked, "Leave the game")).response()
    # The board the mover sees may not show the leave yet: the pick is taken all the same.
    reply = await (await mover.select(city.board, label, menu=ONE_CARD)).response()
    assert "out of date" not in (reply.content or "")
    await anthology.settled()
    assert (await city.state()).turn != state.turn
    assert (await anthology.match_here()).player(leaver.id).left


async def test_a_pick_on_a_board_that_fell_behind_is_answered_with_the_board_as_it_is(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.open_table(alice, game="anokera", clock="10m")
    for player in (bob, cara):
        await (await player.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    city = City(anthology, board, (await anthology.match_here()).id)
    people = {0: alice, 1: bob, 2: cara}
    await anthology.run_timers(600)  # a first clock runs out: the computer's move is shown on the board at once
    await anthology.settled()
    before = await city.state()
    menu = board.selects()[0]["placeholder"]
    old_pick = board.select_options(menu)[0]

    # Another clock runs out and a computer moves; Discord is slow to take the board's edit, so while it is on its
    # way the board offers what it did before.
    anthology.fake.inject("PATCH", BOARD_EDIT.split(" ", 1)[1], status=0, delay=1.0)
    mark = anthology.fake.mark()
    clock_runs_out = asyncio.create_task(anthology.run_timers(600))
    await anthology.fake.wait_for(lambda: anthology.fake.calls_since(mark)[BOARD_EDIT], 5, "the board's edit")
    moved = await anthology.match_here()
    assert await city.state() != before and board.select_options(menu)[0] == old_pick
    following = people[(await city.state()).turn]

    click = await following.select(board, old_pick, menu=menu)
    await click.response()
    told = await click.followup()
    assert told.ephemeral and told.content == "That board was out of date: here it is as the game stands now."
    await clock_runs_out
    await anthology.settled()
    assert (await anthology.match_here()).version == moved.version, "the pick changed nothing"
    assert offers_pin(board, moved.id, anthology.bot.host.snapshot(moved).pin(None)), "the board as it is now"


async def test_the_loser_challenges_from_the_board_they_had_while_the_table_chats(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    table = await started_anomia(anthology, alice, bob, cara, options="judging=trust")
    view = await table.flip_until_faceoff()
    first, second = view.faceoff.seats
    (spectator_seat,) = {0, 1, 2} - {first, second}
    await table.answer(first, "nonsense words")
    await anthology.run_timers(1)
    loser = await table.user_at(second)
    challenge = table.board.button("Challenge")["custom_id"]
    version = (await table.match()).version

    # The chat is heard as said (a change of the match); the challenge rests on the answer, which is as it was.
    await table.read(await (await table.user_at(spectator_seat)).say(anthology.channel, "that is not a thing"))
    assert (await table.match()).version > version
    assert table.board.button("Challenge")["custom_id"] == challenge
    reply = await (await loser.click(table.board, "Challenge")).response()
    assert "out of date" not in (reply.content or "")
    await anthology.settled()
    assert (await table.view()).faceoff.phase == VOTING
