"""Taking a seat over on the host (ruling S2): someone not playing may take a seat a computer plays because its
player left, and, only where the opener allowed it, a computer player's; never one the computer plays because a
turn clock ran out (its player may come back). The newcomer plays the seat and is rated for the game; the leaver
can never come back and is placed after everyone who stayed (ruling S1)."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from support import make_host

from bot.discord_ui.wording import refusal_text
from bot.matches import DeadlineKind, MatchHost, MatchStatus, Refusal, RefusalReason
from bot.matches.snapshots import decode_state

ALICE, BOB, CARA, DAN, ERIN = 101, 102, 103, 104, 105


async def started(host: MatchHost, game: str = "countto", clock: timedelta | None = None, **options) -> int:
    match = await host.open_table(
        guild_id=1, channel_id=700, game=game, opener_id=ALICE, opener_name="Alice", clock=clock, options=options
    )
    for user_id in (BOB, CARA)[: 2 - options.get("computer_players", 0)]:
        await host.join(match.id, user_id, f"user{user_id}")
    await host.start(match.id, ALICE)
    return match.id


async def refused(coroutine, reason: RefusalReason) -> str:
    with pytest.raises(Refusal) as caught:
        await coroutine
    assert caught.value.reason is reason, refusal_text(caught.value)
    return refusal_text(caught.value)


async def test_a_leavers_seat_is_taken_over_and_the_newcomer_plays_it_to_the_end(host, database, clock):
    match_id = await started(host)
    await host.leave_game(match_id, BOB)
    match = await host.get(match_id)
    bob_seat = match.player(BOB).seat
    assert [player.user_id for player in host.seats_to_take(match, DAN)] == [BOB]

    taken = await host.take_seat(match_id, DAN, "Dan", bob_seat)
    assert taken.former.user_id == BOB and taken.seat == bob_seat
    match = await host.get(match_id)
    dan = match.at_seat(bob_seat)
    assert (dan.user_id, dan.name, dan.left, dan.computer_plays) == (DAN, "Dan", False, False)
    assert [(player.user_id, player.seat, player.left) for player in match.departed] == [(BOB, bob_seat, True)]
    assert match.player(BOB) is None
    # The record and the replay name who held the seat at each move: bob before the take-over, dan from it on.
    assert match.departed[0].seated_until == match.version
    assert match.seated_at(match.version - 1).at_seat(bob_seat).user_id == BOB
    assert match.seated_at(match.version).at_seat(bob_seat).user_id == DAN
    stand_ins = [each for each in await host.store.deadlines_of(match_id) if each.kind is DeadlineKind.STAND_IN]
    assert not stand_ins, "the computer no longer plays the seat"

    for _ in range(20):  # everyone adds 1 until someone reaches the target
        snapshot = await host.load(match_id)
        if snapshot.match.status is not MatchStatus.PLAYING:
            break
        (seat,) = snapshot.actors
        await host.act(match_id, snapshot.match.at_seat(seat).user_id, "add 1")
    finished = await host.get(match_id)
    assert finished.status is MatchStatus.FINISHED
    result = await database.stored_result(match_id)
    assert result.placings[BOB] == 4, "the leaver is placed after every seat"
    assert sorted(result.placings) == sorted((ALICE, CARA, DAN, BOB)) and max(result.placings.values()) == 4
    assert DAN in result.placings and DAN not in result.left
    assert result.left == (BOB,)
    assert DAN in await host.store.rating_changes(match_id), "the newcomer is rated for the game"


async def test_the_leaver_cannot_take_a_seat_back_nor_move_once_it_is_taken(host):
    match_id = await started(host)
    await host.leave_game(match_id, BOB)
    match = await host.get(match_id)
    seat = match.player(BOB).seat
    said = await refused(host.take_seat(match_id, BOB, "Bob", seat), RefusalReason.CANNOT_COME_BACK)
    assert said == "You left this game, so you can't come back to it."
    await host.take_seat(match_id, DAN, "Dan", seat)
    await refused(host.take_seat(match_id, BOB, "Bob", seat), RefusalReason.CANNOT_COME_BACK)
    said = await refused(host.act(match_id, BOB, "add 1"), RefusalReason.NOT_IN_GAME)
    assert said == "You left this game, and someone else plays your seat now."


async def test_a_seated_player_and_a_game_without_a_free_seat_refuse(host):
    match_id = await started(host)
    match = await host.get(match_id)
    said = await refused(host.take_seat(match_id, DAN, "Dan", 0), RefusalReason.NO_FREE_SEAT)
    assert said == "There is no seat to take over in this game."
    with pytest.raises(Refusal):
        host.seats_to_take(match, DAN)
    await host.leave_game(match_id, BOB)
    said = await refused(host.take_seat(match_id, CARA, "Cara", 1), RefusalReason.ALREADY_SEATED)
    assert said == "You are already playing in this game."
    assert (await host.get(match_id)).player(BOB).left, "nothing changed"


async def test_a_seat_the_computer_plays_because_a_clock_ran_out_is_not_free(host, clock):
    match_id = await started(host, clock=timedelta(minutes=10))
    for _ in range(9):  # three turns each, every one run out
        clock.advance(minutes=10)
        await host.fire_due_deadlines()
    match = await host.get(match_id)
    assert all(player.computer_plays and not player.left for player in match.players)
    with pytest.raises(Refusal) as caught:
        host.seats_to_take(match, DAN)
    assert caught.value.reason is RefusalReason.NO_FREE_SEAT
    await refused(host.take_seat(match_id, DAN, "Dan", 0), RefusalReason.NO_FREE_SEAT)


async def test_two_pressing_at_once_one_takes_the_seat_and_the_other_is_told_it_was_taken(host):
    match_id = await started(host)
    await host.leave_game(match_id, BOB)
    seat = (await host.get(match_id)).player(BOB).seat
    outcomes = await asyncio.gather(
        host.take_seat(match_id, DAN, "Dan", seat), host.take_seat(match_id, ERIN, "Erin", seat), return_exceptions=True
    )
    refusals = [each for each in outcomes if isinstance(each, Refusal)]
    assert len(refusals) == 1 and refusal_text(refusals[0]) == "Someone else took that seat just now."
    winner = next(each for each in outcomes if not isinstance(each, Refusal))
    assert (await host.get(match_id)).at_seat(seat).user_id == winner.snapshot.match.at_seat(seat).user_id


async def test_a_finished_game_has_no_seat_to_take(host):
    match_id = await started(host)
    await host.leave_game(match_id, BOB)
    seat = (await host.get(match_id)).player(BOB).seat
    await host.abandon(match_id, ALICE)
    said = await refused(host.take_seat(match_id, DAN, "Dan", seat), RefusalReason.GAME_OVER)
    assert said.startswith("This game is over")


async def test_a_computer_players_seat_is_free_only_where_the_opener_allowed_it(host, database, clock):
    closed = await started(host, "not_another_word", computer_players=1)
    match = await host.get(closed)
    computer = next(player for player in match.players if player.is_computer)
    await refused(host.take_seat(closed, DAN, "Dan", computer.seat), RefusalReason.NO_FREE_SEAT)
    await host.abandon(closed, ALICE)

    opened = await host.open_table(
        guild_id=1, channel_id=701, game="not_another_word", opener_id=ALICE, opener_name="Alice", clock=None,
        options={"computer_players": 1},
    )  # fmt: skip
    await host.join(opened.id, BOB, "Bob")
    await host.set_option(opened.id, ALICE, "open_seats", True)
    await host.start(opened.id, ALICE)
    match = await host.get(opened.id)
    assert [player.name for player in host.seats_to_take(match, DAN)] == [computer.name]
    taken = await host.take_seat(opened.id, DAN, "Dan", computer.seat)
    assert taken.former.is_computer and taken.snapshot.match.departed == (), "a computer is not on record"

    await host.store.close()
    reopened = await database.open()  # the seat is the newcomer's in what is stored, not only in memory
    try:
        again = make_host(reopened, clock)
        match = await again.get(opened.id)
        assert match.at_seat(computer.seat).user_id == DAN
        rules = again.rules_for(match)
        state = decode_state(rules, match)
        assert computer.seat not in state.computer_seats
        assert not [timer for timer in rules.timers(state) if timer.seat == computer.seat]
    finally:
        await reopened.close()
