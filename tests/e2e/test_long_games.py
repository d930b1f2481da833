"""Boards in long games: a board over an hour old, or buried under more than 20 messages, is posted afresh at the
bottom at the next change, the old one turned into a one-line link; and when Discord refuses one edit too many
of an old message (30046, which the fake Discord enforces), the board moves down too."""

from __future__ import annotations

import pytest
from fakediscord.errors import ApiError


async def started(anthology):
    board = await anthology.started_game(anthology.alice, anthology.bob)
    return board, await anthology.match_here()


async def one_move(anthology, match):
    player = await anthology.actor(match.id)
    await anthology.take_turn(player, await anthology.hand_panel(player, anthology.board(match.id)))
    await anthology.settled()


def assert_moved(anthology, old, match):
    fresh = anthology.board(match.id)
    assert fresh.id != old.id and fresh.button_labels() == ["My hand"]
    assert anthology.fake.channel_messages(anthology.channel)[-1].id == fresh.id, "at the bottom"
    assert old.content == (
        f"This game's board has moved down: https://discord.com/channels/{anthology.guild.id}/"
        f"{anthology.channel.id}/{fresh.id}"
    )
    assert old.button_labels() == [] and old.embeds == []


async def test_a_board_an_hour_old_is_posted_afresh_at_the_next_change(anthology):
    board, match = await started(anthology)
    await one_move(anthology, match)
    assert anthology.board(match.id).id == board.id, "a young board is edited in place"
    anthology.clock.advance(minutes=61)
    anthology.fake.advance_clock(61 * 60)
    await one_move(anthology, match)
    assert_moved(anthology, board, match)


async def test_a_board_buried_under_more_than_twenty_messages_is_posted_afresh(anthology):
    board, match = await started(anthology)
    for number in range(21):
        await anthology.cara.say(anthology.channel, f"chatter {number}")
    await anthology.settled()
    await one_move(anthology, match)
    assert_moved(anthology, board, match)


async def test_discord_limits_edits_of_old_messages_and_the_board_moves_down_when_it_says_no(anthology):
    board, match = await started(anthology)
    anthology.fake.advance_clock(2 * 3600)  # old for Discord; the bot, by its own clock, posted it just now
    for _ in range(3):
        await one_move(anthology, match)
    assert anthology.board(match.id).id == board.id, "three edits an hour are still taken"
    with pytest.raises(ApiError) as refused:
        await anthology.fake.edit_message(board, {"content": "one too many"}, [], {})
    assert refused.value.code == 30046
    await one_move(anthology, match)
    assert anthology.board(match.id).id != board.id
