"""Moves typed while the bot was down: Discord never replays them, so a start reads each typed-move table's
channel from the last message the bot handled and treats what it finds as if it had just arrived.

Not Another Word: a word typed while the bot was stopped (or killed, in a real process) is made at the start,
once, however often it starts again, and before the stand-in of a turn clock that ran out meanwhile; a refused
one is answered once; a word typed live while the channel is still being read waits its turn; a word typed while
Discord invalidated the session is read after the new IDENTIFY. Anomia: answers typed during the outage race by
Discord's ids, among themselves and against answers typed after the start. A channel the bot can no longer read
is passed over; without the Message Content intent nothing is read (players use /answer and /word).
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from anthology_driver import Anthology, running_anthology
from fakediscord import FakeMessage, ScriptedUser
from fakediscord.perms import Perm
from support import RULES, stored_log
from test_anomia import AnomiaTable, started_anomia
from test_crash import stored, two_players_at_a_bot_process
from test_not_another_word import GAME, WordTable

from bot.games.not_another_word.actions import MakeWord
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.dictionary import COMBINE

HISTORY = "GET /channels/{channel_id}/messages"


async def word_table(anthology: Anthology, *players: ScriptedUser, channel=None) -> WordTable:
    await anthology.started_game(*players, game=GAME, channel=channel)
    return WordTable(anthology, (await anthology.match_here(channel)).id)


def replies_to(anthology: Anthology, message: FakeMessage) -> list[FakeMessage]:
    return [
        sent
        for sent in anthology.fake.channel_messages(message.channel_id)
        if sent.message_reference and int(sent.message_reference["message_id"]) == message.id
    ]


async def test_a_word_typed_while_the_bot_was_stopped_is_made_once_at_each_start(anthology):
    table = await word_table(anthology, anthology.alice, anthology.bob)
    player = await table.to_act()
    other = anthology.bob if player is anthology.alice else anthology.alice
    word = await table.good_word()
    await anthology.stop()
    chat = await other.say(anthology.channel, "good luck")
    typed = await player.say(anthology.channel, word)
    refused = await other.say(anthology.channel, "zzzzz")  # their turn once the word is made: refused
    await anthology.start()
    await anthology.fake.wait_for(lambda: anthology.bot.tables.handled_message(refused.id), 10, "the missed chat")
    await anthology.settled()
    state = await table.state()
    assert state.word == word
    assert word.upper() in table.board.embeds[0]["description"]
    log = stored_log(anthology.settings.database_path, table.match_id)
    assert log[-1].user_id == player.id
    assert not replies_to(anthology, chat) and not replies_to(anthology, typed)
    assert len(replies_to(anthology, refused)) == 1

    # Nothing is read twice at the next starts: no move made again, no refusal said again.
    for _ in range(2):
        await anthology.restart()
        await anthology.settled()
        assert await table.state() == state
        assert stored_log(anthology.settings.database_path, table.match_id) == log
        assert len(replies_to(anthology, refused)) == 1


DEALS_TRIED = 6
"""Deals a test in a real process, which deals at random, may need before the first player can make a word."""


def word_to_make(state) -> str | None:
    """A word the player to act can make, shedding a card; None when their letters make none (about one deal in
    eighty)."""
    dictionary = RULES[GAME].dictionaries[state.options.dictionary]
    hand = letters_of(state.hands[state.turn])
    return next((made for move, made in dictionary.successors(state.word, hand) if move.kind != COMBINE), None)


def word_after(state, word: str) -> tuple[object, str]:
    """The state once the player to act made `word`, and a word the next player can then make."""
    new_state, _ = RULES[GAME].apply(state, state.turn, MakeWord(word))
    return new_state, word_to_make(new_state)


async def test_a_word_typed_live_while_the_channel_is_read_again_waits_its_turn(anthology):
    table = await word_table(anthology, anthology.alice, anthology.bob)
    first = await table.to_act()
    second = anthology.bob if first is anthology.alice else anthology.alice
    first_word = await table.good_word()
    after_first, second_word = word_after(await table.state(), first_word)
    await anthology.stop()
    missed = await first.say(anthology.channel, first_word)
    # Discord is slow to give the history: the second player's word arrives live while the channel is being read.
    anthology.fake.inject("GET", "/channels/{channel_id}/messages", status=0, delay=1)
    starting = asyncio.create_task(anthology.start())
    await anthology.fake.wait_for(lambda: anthology.fake.calls[HISTORY], 10, "the channel to be read again")
    live = await second.say(anthology.channel, second_word)
    await starting
    await anthology.fake.wait_for(lambda: anthology.bot.tables.handled_message(live.id), 10, "the live word")
    await anthology.settled()
    assert not replies_to(anthology, missed) and not replies_to(anthology, live)
    log = stored_log(anthology.settings.database_path, table.match_id)
    assert [entry.user_id for entry in log[-2:]] == [first.id, second.id]
    assert (await table.state()).word == second_word and after_first.word == first_word


async def test_a_word_typed_while_a_session_was_invalidated_is_read_after_the_new_identify(anthology):
    table = await word_table(anthology, anthology.alice, anthology.bob)
    player = await table.to_act()
    word = await table.good_word()
    identifies = anthology.fake.gateway.identifies
    anthology.fake.hold_gateway()
    await anthology.fake.invalidate_session()  # Discord will not resume it: what is said meanwhile is never sent
    typed = await player.say(anthology.channel, word)
    anthology.fake.release_gateway()
    await anthology.fake.wait_for(lambda: anthology.fake.gateway.identifies > identifies, 10, "a new IDENTIFY")
    await anthology.fake.wait_for(lambda: anthology.bot.tables.handled_message(typed.id), 10, "the missed word")
    await anthology.settled()
    assert (await table.state()).word == word


async def test_a_refused_word_typed_while_stopped_is_answered_once(anthology):
    table = await word_table(anthology, anthology.alice, anthology.bob)
    player = await table.to_act()
    before = await table.state()
    await anthology.stop()
    typed = await player.say(anthology.channel, "abcdefg")
    await anthology.start()
    await anthology.fake.wait_for(lambda: replies_to(anthology, typed), 10, "the refusal")
    await anthology.restart()
    await anthology.settled()
    (reply,) = replies_to(anthology, typed)
    assert "3 to 5 letters" in reply.content
    assert await table.state() == before


async def faceoff(table: AnomiaTable) -> tuple[list[tuple[int, ScriptedUser, str]], tuple[int, ...]]:
    """A face-off's two seats, each with its player and a fresh answer to its category (read while the bot runs),
    and the winning pile sizes before it."""
    view = await table.flip_until_faceoff()
    answering = [
        (seat, await table.user_at(seat), table.fresh_answer(await table.category_of(seat)))
        for seat in view.faceoff.seats
    ]
    return answering, view.winning_pile_sizes


async def the_earlier_answer_won(table: AnomiaTable, early: FakeMessage, late: FakeMessage, seats, won_before) -> None:
    """Both answers were read, and the earlier one's player (`seats`: winner, loser) won the face-off."""
    winner, loser = seats
    await table.read(late)
    await table.read(early)
    view = await table.view()
    assert view.winning_pile_sizes[winner] == won_before[winner] + 1
    assert view.winning_pile_sizes[loser] == won_before[loser]
    await table.anthology.fake.wait_for(lambda: early.reaction_count("✅") == 1)
    assert late.reaction_count("✅") == 0


async def test_answers_typed_during_the_outage_race_by_discord_s_order(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    ((first, first_player, first_answer), (second, second_player, second_answer)), won_before = await faceoff(table)
    await anthology.stop()
    # The second player's answer is typed later but Discord gave it the lower id.
    earlier_id = anthology.fake.snowflakes.at(datetime.now(UTC) - timedelta(milliseconds=50))
    late = await first_player.say(anthology.channel, first_answer)
    early = await second_player.say(anthology.channel, second_answer, snowflake=earlier_id)
    assert early.id < late.id
    await anthology.start()
    await the_earlier_answer_won(table, early, late, (second, first), won_before)


async def test_an_answer_typed_during_the_outage_beats_one_typed_after_the_start(anthology):
    table = await started_anomia(anthology, anthology.alice, anthology.bob, anthology.cara)
    ((first, first_player, first_answer), (second, second_player, second_answer)), won_before = await faceoff(table)
    await anthology.stop()
    early = await second_player.say(anthology.channel, second_answer)
    await anthology.start()
    late = await first_player.say(anthology.channel, first_answer)
    await the_earlier_answer_won(table, early, late, (second, first), won_before)


@pytest.mark.parametrize("lost_how", ["no access", "deleted"])
async def test_a_channel_the_bot_cannot_read_any_more_is_passed_over(anthology, lost_how, caplog):
    caplog.set_level(logging.INFO, logger="bot.discord_ui.missed_chat")
    lost = anthology.guild.create_text_channel("lost")
    kept = await word_table(anthology, anthology.alice, anthology.bob)
    await word_table(anthology, anthology.cara, anthology.dan, channel=lost)
    player = await kept.to_act()
    word = await kept.good_word()
    await anthology.stop()
    if lost_how == "no access":
        lost.deny_bot(Perm.READ_MESSAGE_HISTORY)  # Discord answers 403
    else:
        anthology.fake.inject("GET", f"/channels/{lost.id}/messages", status=404, code=10003)  # Unknown Channel
    typed = await player.say(anthology.channel, word)
    await anthology.start()
    await anthology.fake.wait_for(lambda: anthology.bot.tables.handled_message(typed.id), 10, "the missed word")
    assert (await kept.state()).word == word
    passed_over = f"passed over the chat missed in channel {lost.id}"
    await anthology.fake.wait_for(lambda: passed_over in caplog.text, 10, "the log line")


async def test_without_message_content_nothing_missed_is_read(tmp_path, clock):
    async with running_anthology(tmp_path, clock, message_content_allowed=False) as anthology:
        table = await word_table(anthology, anthology.alice, anthology.bob)
        player = await table.to_act()
        before, word = await table.state(), await table.good_word()
        await anthology.stop()
        await player.say(anthology.channel, word)
        await anthology.start()
        await anthology.settled()
        assert anthology.fake.calls[HISTORY] == 0
        assert await table.state() == before


def stored_table(database: Path) -> dict:
    """The table's row, seats and logged versions as the file holds them, with its decoded state."""
    table = stored(database)
    table["game"] = RULES[GAME].decode_state(json.loads(table["state"]) | json.loads(table["fixed_state"] or "{}"))
    return table


async def test_the_real_process_makes_a_word_typed_while_it_was_killed_once(tmp_path):
    database = tmp_path / "anthology.sqlite3"
    async with two_players_at_a_bot_process(database) as (fake, channel, bot, users):
        alice, bob = users.values()
        # The real process deals at random: deal again until the first player can make a word.
        for _ in range(DEALS_TRIED):
            board = await (await alice.slash(channel, "play", game=GAME, thread=False)).response()
            await (await bob.click(board, "Join")).response()
            await (await alice.click(board, "Start")).response()
            table = stored_table(database)
            state = table["game"]
            word = word_to_make(state)
            if word is not None:
                break
            await (await alice.slash(channel, "abandon")).response()
        player = users[table["seats"][state.turn]]

        await bot.kill()
        await player.say(channel, word)
        await bot.start(channel, alice)
        await fake.wait_for(lambda: stored_table(database)["game"].word == word, 10, "the missed word")
        await fake.wait_for(
            lambda: word.upper() in fake.get_message(board.id).embeds[0]["description"], 10, "the board"
        )
        made = stored_table(database)
        assert len(made["log"]) == len(table["log"]) + 1
        assert not [sent for sent in fake.channel_messages(channel) if sent.message_reference]

        assert await bot.stop() == 0
        await bot.start(channel, alice)
        await bot.kill()
        await bot.start(channel, alice)
        assert stored_table(database)["log"] == made["log"], "the word was made once"
        assert not [sent for sent in fake.channel_messages(channel) if sent.message_reference]


async def test_a_word_typed_before_the_clock_ran_out_while_the_bot_was_down_beats_the_stand_in(anthology):
    board = await anthology.open_table(anthology.alice, game=GAME, clock="10m")
    await (await anthology.bob.click(board, "Join")).response()
    await (await anthology.alice.click(board, "Start")).response()
    await anthology.settled()
    table = WordTable(anthology, (await anthology.match_here()).id)
    player, word = await table.to_act(), await table.good_word()
    await anthology.stop()
    typed = await player.say(anthology.channel, word)
    anthology.clock.advance(minutes=11)  # the clock ran out while the bot was down, after the word was typed
    await anthology.start()
    await anthology.fake.wait_for(lambda: anthology.bot.tables.handled_message(typed.id), 10, "the missed word")
    await anthology.settled()
    assert (await table.state()).word == word
    assert stored_log(anthology.settings.database_path, table.match_id)[-1].user_id == player.id
    assert not replies_to(anthology, typed)
