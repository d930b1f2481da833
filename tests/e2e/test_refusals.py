"""Every refusal a player can meet, through Discord: a short private reply that names the reason, and no change."""

from __future__ import annotations

from anthology_driver import choose_first
from fakediscord import FakeMessage, ScriptedUser
from fakediscord.server import FakeDiscord

MESSAGE_COMPONENT = 3


async def forged_pick(fake: FakeDiscord, user: ScriptedUser, message: FakeMessage, value: str | None = None):
    """What a modified client could send: someone else's panel, or a value its select never offered.

    Discord only delivers custom_ids the message really has, so the forgery keeps the panel's own control.
    """
    if message.selects():
        custom_id = message.selects()[0]["custom_id"]
        value = value or message.selects()[0]["options"][0]["value"]
        data = {"custom_id": custom_id, "component_type": 3, "values": [value]}
    else:
        data = {"custom_id": message.button(message.button_labels()[0])["custom_id"], "component_type": 2}
    handle = fake.new_interaction(user, fake.get_channel(message.channel_id), MESSAGE_COMPONENT, data, message=message)
    await fake.deliver_interaction(handle)
    return await handle.response()


async def ephemeral_reply(handle) -> str:
    reply = await handle.response()
    assert reply.ephemeral, reply.content
    return reply.content


async def test_lobby_refusals(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice)
    assert "already at this table" in await ephemeral_reply(await alice.click(board, "Join"))
    assert "Only the table's opener" in await ephemeral_reply(await bob.click(board, "Start"))
    assert "not at this table" in await ephemeral_reply(await bob.click(board, "Leave"))
    assert "needs at least 2 players" in await ephemeral_reply(await alice.click(board, "Start"))
    assert "already has a table" in await ephemeral_reply(
        await bob.slash(anthology.channel, "play", game="anarchy", thread=False)
    )


async def test_a_full_table_refuses_the_seventh_player(anthology):
    users = list(anthology.users.values())
    board = await anthology.open_table(users[0])
    for user in users[1:6]:
        await (await user.click(board, "Join")).response()
    assert "full (6 players)" in await ephemeral_reply(await users[6].click(board, "Join"))


async def test_not_in_this_game(anthology):
    alice, bob, cara = anthology.alice, anthology.bob, anthology.cara
    board = await anthology.started_game(alice, bob)
    assert "not playing in this game" in await ephemeral_reply(await cara.click(board, "My hand"))
    player = await anthology.actor((await anthology.match_here()).id)
    panel = await anthology.hand_panel(player, board)
    reply = await forged_pick(anthology.fake, cara, panel)
    assert reply.ephemeral and "not playing in this game" in reply.content


async def test_not_your_turn_and_an_illegal_card_change_nothing(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    waiting = bob if player is alice else alice
    panel = await anthology.hand_panel(player, board)
    while not panel.selects():  # make sure the player to act has a card to play
        await anthology.take_turn(player, panel)
        match = await anthology.match_here()
        player = await anthology.actor(match.id)
        waiting = bob if player is alice else alice
        panel = await anthology.hand_panel(player, board)
    before = await anthology.match_here()

    reply = await forged_pick(anthology.fake, waiting, panel, panel.selects()[0]["options"][0]["value"])
    assert reply.ephemeral and "not your turn" in reply.content and player.name in reply.content

    panel_view = anthology.bot.host.snapshot(before).seat_view(before.player(player.id).seat)
    held = {card.code for card in panel_view.hand}
    offered = {option["value"].split()[1] for option in panel.selects()[0]["options"]}
    unplayable = held - offered
    not_held = next(code for code in ("2C", "3D", "4H", "5S", "6C", "7D") if code not in held)
    reply = await forged_pick(anthology.fake, player, panel, f"play {unplayable.pop() if unplayable else not_held}")
    assert reply.ephemeral
    assert "does not follow" in reply.content or "do not hold" in reply.content or "trump" in reply.content
    reply = await forged_pick(anthology.fake, player, panel, "fold")
    assert reply.ephemeral
    assert await anthology.match_here() == before


async def test_an_old_panel_is_out_of_date_and_a_finished_game_is_over(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    old_panel = await anthology.hand_panel(player, board)
    await anthology.take_turn(player, old_panel)
    # The panel was edited in place; a DM from the start carries the old version.
    opening_dm = player.dms()[0]
    assert "out of date" in await ephemeral_reply(await choose_first(player, opening_dm))

    await anthology.bot.host.abandon(match.id, alice.id)
    await anthology.settled()
    latest = player.dms()[-1] if player.dms()[-1].components else opening_dm
    assert "abandoned" in await ephemeral_reply(await choose_first(player, latest))


async def test_my_hand_before_the_start_and_after_the_end(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    hand_button = board.button("My hand")
    await anthology.bot.host.abandon(match.id, alice.id)
    # The board lost its button, but a client with the old message can still click it.
    data = {"custom_id": hand_button["custom_id"], "component_type": 2}
    handle = anthology.fake.new_interaction(alice, anthology.channel, MESSAGE_COMPONENT, data, message=board)
    await anthology.fake.deliver_interaction(handle)
    assert "over" in await ephemeral_reply(handle)
