"""Every refusal a player can meet, through Discord: a short private reply that names the reason, and no change."""

from __future__ import annotations

import json
import re
import sqlite3

from anthology_driver import choose_first
from fakediscord import FakeMessage, ScriptedUser
from fakediscord.server import FakeDiscord

from bot.storage import sqlite as sqlite_store

APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT = 2, 3, 5


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

    # Another seat's panel shows what that seat may do: for this player it is out of date, and they are shown
    # their own (on the message clicked, which a real client would not let them click).
    reply = await forged_pick(anthology.fake, waiting, panel, panel.selects()[0]["options"][0]["value"])
    assert reply.ephemeral and "out of date" in reply.content and f"Waiting for {player.name}" in reply.content
    panel = await anthology.hand_panel(player, board)

    panel_view = anthology.bot.host.snapshot(before).seat_view(before.player(player.id).seat)
    held = {card.code for card in panel_view.hand}
    offered = {option["value"].split()[1] for option in panel.selects()[0]["options"]}
    unplayable = held - offered
    not_held = next(code for code in ("2C", "3D", "4H", "5S", "6C", "7D") if code not in held)
    # A card the panel did not offer (one that cannot be played, or one not held) is refused before the rules
    # are even asked: only what was offered on that message may be taken.
    reply = await forged_pick(anthology.fake, player, panel, f"play {unplayable.pop() if unplayable else not_held}")
    assert reply.ephemeral and "not offered" in reply.content
    reply = await forged_pick(anthology.fake, player, panel, "fold")
    assert reply.ephemeral and "not offered" in reply.content
    assert await anthology.match_here() == before


async def test_an_old_panel_is_out_of_date_and_a_finished_game_is_over(anthology):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.started_game(alice, bob)
    match = await anthology.match_here()
    player = await anthology.actor(match.id)
    old_panel = await anthology.hand_panel(player, board)
    await anthology.take_turn(player, old_panel)
    # The panel was edited in place; a DM from the start still offers the turn just taken: the click changes
    # nothing, and the DM is turned into the player's panel as it is now, right where they clicked.
    opening_dm = player.dms()[0]
    taken = await anthology.match_here()
    refreshed = await (await choose_first(player, opening_dm)).response()
    assert refreshed.id == opening_dm.id and not refreshed.ephemeral
    assert refreshed.content.startswith("That panel was out of date: here is your current one.")
    assert "Waiting for" in refreshed.content and not refreshed.selects()
    assert await anthology.match_here() == taken

    await anthology.bot.host.abandon(match.id, alice.id)
    await anthology.settled()
    other = bob if player is alice else alice
    assert "abandoned" in await ephemeral_reply(await choose_first(other, other.dms()[-1]))


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


async def test_a_database_locked_by_another_program_gets_a_clear_reply_and_no_change(anthology, monkeypatch):
    monkeypatch.setattr(sqlite_store, "BUSY_TIMEOUT_MS", 50)
    await anthology.restart()
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice)
    other = sqlite3.connect(anthology.settings.database_path)
    other.execute("BEGIN IMMEDIATE")
    try:
        assert "database is busy" in await ephemeral_reply(await bob.click(board, "Join"))
    finally:
        other.rollback()
        other.close()
    assert [player.user_id for player in (await anthology.match_here()).players] == [alice.id]
    await (await bob.click(board, "Join")).response()
    assert [player.user_id for player in (await anthology.match_here()).players] == [alice.id, bob.id]


async def test_a_display_name_cannot_ping_or_pose_as_a_link(anthology):
    erin = anthology.erin
    mallory = anthology.users["mallory"] = anthology.guild.add_member(f"[prize](https://e.vil) <@{erin.id}>")
    board = await anthology.started_game(mallory, anthology.alice)
    match = await anthology.match_here()
    for _ in range(4):
        player = await anthology.actor(match.id)
        await anthology.take_turn(player, await anthology.hand_panel(player, board))
    assert mallory.id in [player.user_id for player in match.players]
    shown = [message.content for message in anthology.fake.channel_messages(anthology.channel)]
    shown.append(json.dumps(anthology.fake.get_message(board.id).embeds, ensure_ascii=False))
    shown += [message.content or "" for user in (mallory, anthology.alice) for message in user.dms()]
    for text in shown:
        assert f"<@{erin.id}>" not in text
        assert not re.search(r"(?<!\\)\[prize\]\(", text), "a masked link is escaped, so it shows its address"
    assert not any(erin.id in message.pinged for message in anthology.fake.channel_messages(anthology.channel))


async def forged_slash(anthology, **options):
    """/play as a modified client could send it: values Discord's own checks would have stopped."""
    data = {
        "id": "1",
        "name": "play",
        "type": 1,
        "options": [{"name": key, "type": kind, "value": value} for key, (kind, value) in options.items()],
    }
    handle = anthology.fake.new_interaction(anthology.alice, anthology.channel, APPLICATION_COMMAND, data)
    await anthology.fake.deliver_interaction(handle)
    return await ephemeral_reply(handle)


async def test_forged_play_options_get_a_refusal_and_open_nothing(anthology):
    assert "no game called" in await forged_slash(anthology, game=(3, "chess"))
    for hours in (-5, 10**15):
        reply = await forged_slash(anthology, game=(3, "anarchy"), thread=(5, False), reminder_hours=(4, hours))
        assert "1 to 168" in reply
    assert "too long" in await forged_slash(anthology, game=(3, "anarchy"), options=(3, "play_on=on " * 600))
    assert anthology.fake.channel_messages(anthology.channel) == []
    assert await anthology.bot.store.live_match_in_channel(anthology.channel.id) is None


async def test_forged_buttons_are_refused_and_change_nothing(anthology):
    alice, bob = anthology.alice, anthology.bob
    board_a = await anthology.started_game(alice, bob)
    table_a = await anthology.match_here()
    other = anthology.guild.create_text_channel("other")
    board_b = await anthology.open_table(alice, channel=other)
    await (await bob.click(board_b, "Join")).response()
    await (await alice.click(board_b, "Start")).response()
    await anthology.settled()
    table_b = await anthology.match_here(other)
    before_a = anthology.fake.get_message(board_a.id).embeds

    async def forged(custom_id: str, message: FakeMessage) -> str:
        data = {"custom_id": custom_id, "component_type": 2}
        channel = anthology.fake.get_channel(message.channel_id)
        handle = anthology.fake.new_interaction(alice, channel, MESSAGE_COMPONENT, data, message=message)
        await anthology.fake.deliver_interaction(handle)
        return await ephemeral_reply(handle)

    # Controls that are not on the message clicked: a match id no database could hold, another table's move,
    # a move this board never offered.
    for custom_id in (f"anth:hand:{10**30}", f"anth:act:{table_b.id}:{table_b.version}:draw", "anth:act:1:1:draw"):
        assert "not offered" in await forged(custom_id, board_a)

    # A public message that does carry the control, but is not the board of the table it names.
    async def decoy(custom_id: str) -> FakeMessage:
        button = {"type": 2, "style": 2, "label": "Draw", "custom_id": custom_id}
        return await anthology.fake.create_message(
            anthology.channel, alice, content="look", components=[{"type": 1, "components": [button]}]
        )

    move_at_b = f"anth:act:{table_b.id}:{table_b.version}:draw"
    assert "not offered" in await forged(move_at_b, await decoy(move_at_b))
    huge = f"anth:hand:{10**30}"
    assert "no longer exists" in await forged(huge, await decoy(huge))
    # Controls on the message that this version of the bot does not make (an older one's, a mangled one).
    for custom_id in ("anth:nosuch:1", f"anth:act:{table_a.id}:v{table_a.version}:draw", "anth:"):
        assert "not offered" in await forged(custom_id, await decoy(custom_id))
    # A box's submission the bot never opened: the same.
    box = {"custom_id": f"anth:typed:{table_a.id}:x:word", "components": []}
    handle = anthology.fake.new_interaction(alice, anthology.channel, MODAL_SUBMIT, box, message=board_a)
    await anthology.fake.deliver_interaction(handle)
    assert "not offered" in await ephemeral_reply(handle)
    await anthology.settled()
    assert anthology.fake.get_message(board_a.id).embeds == before_a
    assert await anthology.match_here() == table_a and await anthology.match_here(other) == table_b
