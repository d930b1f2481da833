"""A player who left a running game never moves in it again, by any path the host offers: a click or a box
(`act`), a typed message read from chat or a command that types a move (`act_typed`). Their chat stays chat:
only what would have been a move is refused. The computer plays their seat on."""

from __future__ import annotations

import pytest
from support import LEFT_REPLY, RULES, flipped_to_a_face_off

from bot.discord_ui.wording import refusal_text
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.dictionary import COMBINE
from bot.matches import Match, MatchHost, Refusal, RefusalReason
from bot.matches.snapshots import decode_state

ALICE, BOB, CARA = 101, 102, 103


async def refused_as_leaver(coroutine) -> None:
    with pytest.raises(Refusal) as caught:
        await coroutine
    assert caught.value.reason is RefusalReason.NOT_IN_GAME
    assert refusal_text(caught.value) == LEFT_REPLY


def unchanged(before: Match, after: Match) -> bool:
    """The game is where it was: a refused chat message is noted as read, and nothing else."""
    return after.with_changes(last_message_id=before.last_message_id) == before


async def started(host: MatchHost, game: str, channel_id: int) -> Match:
    match = await host.open_table(
        guild_id=1, channel_id=channel_id, game=game, opener_id=ALICE, opener_name="Alice", clock=None
    )
    for user_id in (BOB, CARA):
        await host.join(match.id, user_id, f"user{user_id}")
    await host.start(match.id, ALICE)
    return await host.get(match.id)


def word_for_the_turn(match: Match) -> tuple[int, str]:
    """The player to act in Not Another Word, and a word their hand makes."""
    rules = RULES["not_another_word"]
    state = decode_state(rules, match)
    dictionary = rules.dictionaries[state.options.dictionary]
    hand = letters_of(state.hands[state.turn])
    word = next(made for move, made in dictionary.successors(state.word, hand) if move.kind != COMBINE)
    return match.at_seat(state.turn).user_id, word


async def test_a_leaver_cannot_play_a_word_on_their_old_seats_turn_by_chat_command_or_click(host, clock):
    match = await started(host, "not_another_word", 800)
    leaver, word = word_for_the_turn(match)
    await host.leave_game(match.id, leaver)
    before = await host.get(match.id)

    arrival = host.arrival_of(clock.now())
    await refused_as_leaver(host.act_typed(800, leaver, word, arrival, from_chat=True))
    await refused_as_leaver(host.act_typed(800, leaver, word, arrival + 1, from_chat=False))
    await refused_as_leaver(host.act(match.id, leaver, f"word {word}", pin=str(before.version)))
    await refused_as_leaver(host.act(match.id, leaver, "pass"))
    assert await host.act_typed(800, leaver, "good luck, all of you", arrival + 2, from_chat=True) is None
    after = await host.get(match.id)
    assert unchanged(before, after)
    assert after.player(leaver).left and after.player(leaver).computer_plays


async def test_a_leavers_command_is_refused_as_a_leavers_even_when_it_is_not_their_seats_turn(host, clock):
    match = await started(host, "not_another_word", 801)
    mover, word = word_for_the_turn(match)
    leaver = next(player.user_id for player in match.players if player.user_id != mover)
    await host.leave_game(match.id, leaver)
    before = await host.get(match.id)

    arrival = host.arrival_of(clock.now())
    await refused_as_leaver(host.act_typed(801, leaver, word, arrival, from_chat=False))
    # In chat it would not have been a move had they stayed (it is not their turn): it is chat, unanswered.
    assert await host.act_typed(801, leaver, word, arrival + 1, from_chat=True) is None
    assert unchanged(before, await host.get(match.id))


async def test_a_leavers_seat_stays_the_computers_after_it_moves_there(host, clock):
    match = await started(host, "not_another_word", 802)
    leaver, _ = word_for_the_turn(match)
    await host.leave_game(match.id, leaver)
    version = (await host.get(match.id)).version
    clock.advance(minutes=1)
    await host.fire_due_deadlines()
    moved = await host.get(match.id)
    assert moved.version > version, "the computer moved in the leaver's seat"
    assert moved.player(leaver).left and moved.player(leaver).computer_plays


async def test_a_leaver_in_an_anomia_face_off_cannot_answer_by_chat_or_command(host, clock):
    match = await started(host, "anomia", 803)
    snapshot = await flipped_to_a_face_off(host, match.id)
    view = snapshot.public_view
    leaver = snapshot.match.at_seat(view.faceoff.seats[0]).user_id
    await host.leave_game(match.id, leaver)
    before = await host.get(match.id)

    arrival = host.arrival_of(clock.now())
    await refused_as_leaver(host.act_typed(803, leaver, "nike", arrival, from_chat=True))
    await refused_as_leaver(host.act_typed(803, leaver, "nike", arrival + 1, from_chat=False))
    assert unchanged(before, await host.get(match.id))
