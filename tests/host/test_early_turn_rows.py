"""A turn's deadline row, rewritten by every move, keeps the earlier due time it is stored under and holds the
real one in its data: it falls due early, fires nothing then, and reminds and runs out at the turn's own times,
across a restart too; a deadline read before a move can neither remove nor move the turn that move started.
Count To with a clock of an hour: reminders at half an hour and at 54 minutes, the clock out at an hour."""

from __future__ import annotations

from datetime import timedelta

from support import make_host

from bot.matches import DeadlineKind, MatchHost

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
    assert turn.due_at == clock.now() + timedelta(minutes=30)
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
    assert turn.kind is DeadlineKind.TURN and turn.due_at == clock.now() + timedelta(minutes=30)
    fired = []
    for _ in range(30):
        clock.advance(minutes=1)
        for each in await host.fire_due_deadlines():
            names = [each.match.at_seat(seat).name for seat in each.seats]
            fired.append((clock.now().strftime("%H:%M"), each.kind, names))
    assert fired == [("13:00", DeadlineKind.TURN_REMINDER, [waiting])]
