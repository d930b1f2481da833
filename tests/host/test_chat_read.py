"""How far the host has read each typed-move table's chat, on both engines: a start reads the channel's messages
after the one noted (missed_chat.py), so a move is noted with itself, a refusal at once, and other chat with the
next change, every so many messages, or at a stop; and the note never goes back."""

from __future__ import annotations

import asyncio

import pytest
from support import RULES

from bot.discord_ui.snowflake import snowflake_at
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.dictionary import COMBINE
from bot.matches import ChatToRead, MatchHost, MatchStatus, Refusal
from bot.matches.host import CHAT_NOTED_EVERY
from bot.matches.snapshots import decode_state

ALICE, BOB = 101, 102
GUILD, CHANNEL = 1, 700
GAME = "not_another_word"


async def started_words(host: MatchHost, channel_id: int = CHANNEL) -> int:
    match = await host.open_table(
        guild_id=GUILD, channel_id=channel_id, game=GAME, opener_id=ALICE, opener_name="Alice"
    )
    await host.join(match.id, BOB, "Bob")
    await host.start(match.id, ALICE)
    return match.id


async def turn(host: MatchHost, match_id: int) -> tuple[int, int, str]:
    """The player to act, the other player, and a word the player to act can make."""
    match = await host.get(match_id)
    state = decode_state(RULES[GAME], match)
    dictionary = RULES[GAME].dictionaries[state.options.dictionary]
    hand = letters_of(state.hands[state.turn])
    word = next(made for move, made in dictionary.successors(state.word, hand) if move.kind != COMBINE)
    player = match.at_seat(state.turn).user_id
    return player, BOB if player == ALICE else ALICE, word


async def read_up_to(host: MatchHost) -> int:
    (table,) = await host.tables_reading_chat()
    return table.read_up_to


async def test_a_new_table_reads_chat_from_its_start_and_only_typed_move_games_are_listed(host, clock):
    await host.open_table(guild_id=GUILD, channel_id=701, game=GAME, opener_id=ALICE, opener_name="Alice")
    counting = await host.open_table(guild_id=GUILD, channel_id=702, game="countto", opener_id=ALICE, opener_name="A")
    await host.join(counting.id, BOB, "Bob")
    await host.start(counting.id, ALICE)
    clock.advance(minutes=5)
    match_id = await started_words(host)
    assert await host.tables_reading_chat() == [ChatToRead(match_id, GUILD, CHANNEL, snowflake_at(clock.now()))]


async def test_a_move_notes_its_message_and_chat_before_it(host, clock):
    match_id = await started_words(host)
    player, other, word = await turn(host, match_id)
    chat = snowflake_at(clock.now()) + 10
    assert await host.act_typed(CHANNEL, other, "good luck", chat, from_chat=True) is None
    assert await read_up_to(host) < chat, "chat alone waits to be noted"
    # A message with a lower id handled later (the gateway's order is not Discord's) leaves the note where it is.
    assert await host.act_typed(CHANNEL, player, word, chat - 1, from_chat=True) is not None
    assert await read_up_to(host) == chat


async def test_chat_is_noted_with_the_next_change_of_any_kind(host, clock):
    match_id = await started_words(host)
    player, other, word = await turn(host, match_id)
    chat = snowflake_at(clock.now()) + 10
    await host.act_typed(CHANNEL, other, "nice", chat, from_chat=True)
    await host.act(match_id, player, f"word {word}")  # the panel's box, not chat
    assert await read_up_to(host) == chat


async def test_chat_is_noted_every_so_many_messages_and_at_a_stop(host, clock):
    match_id = await started_words(host)
    _, other, _ = await turn(host, match_id)
    first = snowflake_at(clock.now()) + 10
    for number in range(CHAT_NOTED_EVERY):
        await host.act_typed(CHANNEL, other, "chat", first + number, from_chat=True)
    assert await read_up_to(host) == first + CHAT_NOTED_EVERY - 1
    await host.act_typed(CHANNEL, other, "more chat", first + CHAT_NOTED_EVERY, from_chat=True)
    await host.note_chat_read()
    assert await read_up_to(host) == first + CHAT_NOTED_EVERY


async def test_a_refused_word_is_noted_at_once(host, clock):
    match_id = await started_words(host)
    player, _, _ = await turn(host, match_id)
    typed = snowflake_at(clock.now()) + 10
    with pytest.raises(Refusal):
        await host.act_typed(CHANNEL, player, "abcdefg", typed, from_chat=True)
    assert await read_up_to(host) == typed


async def test_the_note_never_goes_back(host, store, clock):
    match_id = await started_words(host)
    ahead = snowflake_at(clock.now()) + 1000
    await store.set_last_message(match_id, ahead)
    await store.set_last_message(match_id, ahead - 1)
    assert await read_up_to(host) == ahead
    match = await host.get(match_id)
    lowered = match.with_changes(last_message_id=1, version=match.version + 1)
    assert await store.save_match(lowered, expected_version=match.version)
    assert await read_up_to(host) == ahead


async def test_deadlines_wait_at_a_start_until_the_missed_chat_was_read(host, clock):
    lobby = await host.open_table(guild_id=GUILD, channel_id=703, game=GAME, opener_id=ALICE, opener_name="Alice")
    clock.advance(days=2)
    host.reading_missed_chat()
    firing = asyncio.create_task(host.fire_due_deadlines())
    for _ in range(5):
        await asyncio.sleep(0)  # let it run as far as it may
    assert not firing.done() and (await host.get(lobby.id)).status is MatchStatus.LOBBY
    host.missed_chat_read()
    (expired,) = await firing
    assert expired.snapshot.match.status is MatchStatus.EXPIRED
