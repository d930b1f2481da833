"""A turn's deadline row, which a move passing the turn on leaves as it was, falls due early: it fires nothing
then, and reminds and runs out at the new turn's own times, across a restart too; a deadline read before a move
can neither remove nor move the turn that move started. Count To with a clock of an hour: reminders at half an
hour and at 54 minutes, the clock out at an hour."""

from __future__ import annotations

from datetime import time, timedelta

from support import make_host

from bot.matches import DeadlineKind, MatchHost
from bot.players import PlayerSettings

ALICE, BOB = 101, 102


async def started(host: MatchHost) -> int:
    match = await host.open_table(
        guild_id=1, channel_id=500, game="countto", opener_id=ALICE, opener_name="Alice", clock=timedelta(hours=1)
    )
    await host.join(match.id, BOB, "Bob")
    await host.start(match.id, ALICE)  # the fake clock starts at 12:00 UTC
    return match.id


async def moved(host: MatchHost, match_id: int) -> str:
    """The player to act adds 1; the name of the one who then waits."""
    snapshot = await host.load(match_id)
    (seat,) = snapshot.actors
    await host.act(match_id, snapshot.match.at_seat(seat).user_id, "add 1")
    after = await host.load(match_id)
    (waiting,) = after.actors
    return after.match.at_seat(waiting).name


async def fired_until(host: MatchHost, clock, minutes: int) -> list[tuple[str, DeadlineKind]]:
    """What fires, a minute at a time, over the next `minutes`: (time of day, kind)."""
    fired = []
    for _ in range(minutes):
        clock.advance(minutes=1)
        fired += [(clock.now().strftime("%H:%M"), each.kind) for each in await host.fire_due_deadlines()]
    return fired


async def test_a_move_after_twenty_minutes_moves_the_reminders_and_the_clock_across_a_restart(
    host, store, database, clock
):
    match_id = await started(host)
    clock.advance(minutes=20)
    await moved(host, match_id)  # the turn from 12:20: reminders at 12:50 and 13:14, the clock out at 13:20
    (turn,) = await store.deadlines_of(match_id)
    assert turn.row_due_at == clock.now() + timedelta(minutes=10), "the first turn's row, left as it was"
    assert await fired_until(host, clock, 15) == [], "12:30, the first turn's reminder, is not this turn's"
    await store.close()
    reopened = await database.open()
    try:
        again = make_host(reopened, clock)
        reminder, runs_out = DeadlineKind.TURN_REMINDER, DeadlineKind.TURN_CLOCK
        assert await fired_until(again, clock, 50) == [("12:50", reminder), ("13:14", reminder), ("13:20", runs_out)]
    finally:
        await reopened.close()


async def test_a_deadline_read_before_a_move_neither_removes_nor_moves_the_turn_the_move_started(host, store, clock):
    match_id = await started(host)
    clock.advance(minutes=30)
    (read_before,) = await store.due_deadlines(clock.now())  # the first turn's reminder, due now
    waiting = await moved(host, match_id)  # the new turn's reminder at 13:00
    assert not await store.claim_deadline(read_before)
    assert not await store.hold_deadline(read_before, clock.now() + timedelta(hours=5), read_before.data)
    (turn,) = await store.deadlines_of(match_id)
    assert (turn.kind, turn.row_due_at) == (DeadlineKind.TURN, read_before.row_due_at), "there for the new turn"
    fired = []
    for _ in range(30):
        clock.advance(minutes=1)
        for each in await host.fire_due_deadlines():
            names = [each.match.at_seat(seat).name for seat in each.seats]
            fired.append((clock.now().strftime("%H:%M"), each.kind, names))
    assert fired == [("13:00", DeadlineKind.TURN_REMINDER, [waiting])]


async def test_a_turn_held_past_away_hours_does_not_hold_back_the_next_turns_reminder(host, store, clock):
    match_id = await started(host)
    snapshot = await host.load(match_id)
    (seat,) = snapshot.actors
    away = snapshot.match.at_seat(seat)
    await store.save_player_settings(away.user_id, PlayerSettings("UTC", time(12, 20), time(18, 0)))
    assert await fired_until(host, clock, 65) == [], "at 13:05, the row is held to the end of the away hours"
    waiting = await moved(host, match_id)  # played while away: the other player's turn, reminded at 13:35
    snapshot = await host.load(match_id)
    assert snapshot.match.at_seat(min(snapshot.actors)).name == waiting != away.name
    assert await fired_until(host, clock, 35) == [("13:35", DeadlineKind.TURN_REMINDER)]


async def test_a_move_made_elsewhere_while_a_last_reminder_is_sent_keeps_the_new_turns_reminder(
    host, store, database, clock
):
    match = await host.open_table(
        guild_id=1, channel_id=501, game="countto", opener_id=ALICE, opener_name="Alice", clock=None,
        reminder_after=timedelta(minutes=30),
    )  # fmt: skip
    await host.join(match.id, BOB, "Bob")
    await host.start(match.id, ALICE)  # one reminder at 12:30, then nothing more for that turn
    other = await database.open()
    try:
        elsewhere = make_host(other, clock)
        claim = store.claim_deadline
        waiting = []

        async def moved_elsewhere_first(*args, **kwargs) -> bool:
            # Another process: its move came between this one reading the match and removing the turn's row.
            waiting.append(await moved(elsewhere, match.id))
            return await claim(*args, **kwargs)

        store.claim_deadline = moved_elsewhere_first
        assert await fired_until(host, clock, 30) == [], "the player to act moved meanwhile: not reminded"
        store.claim_deadline = claim
        assert waiting and await fired_until(host, clock, 31) == [("13:00", DeadlineKind.TURN_REMINDER)]
    finally:
        await other.close()
