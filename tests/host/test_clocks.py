"""Turn clocks and leaving on the host: when a player's clock runs out (counted outside their away hours) a
computer takes that turn for them; after three in a row the computer plays the seat until the player acts again;
clocks and the seats the computer plays survive a restart; and in every game a player may leave mid-game, a
computer playing their seat to the end. Count To's stand-in adds 1."""

from __future__ import annotations

from datetime import time, timedelta

import pytest
from support import RULES, make_host, play_to_the_end

from bot.matches import Deadline, DeadlineKind, MatchHost, MatchStatus
from bot.players import PlayerSettings

ALICE, BOB, CARA = 101, 102, 103


async def fired_clocks(host: MatchHost) -> list:
    """The turn clocks and stand-ins that fired now (reminders fire too, at half the clock and shortly before)."""
    kinds = (DeadlineKind.TURN_CLOCK, DeadlineKind.STAND_IN)
    return [each for each in await host.fire_due_deadlines() if each.kind in kinds]


async def started(host: MatchHost, clock: timedelta | None = timedelta(hours=1)) -> int:
    match = await host.open_table(
        guild_id=1, channel_id=500, game="countto", opener_id=ALICE, opener_name="Alice", clock=clock
    )
    await host.join(match.id, BOB, "Bob")
    await host.start(match.id, ALICE)
    return match.id


async def to_act(host: MatchHost, match_id: int):
    snapshot = await host.load(match_id)
    (seat,) = snapshot.actors
    return snapshot.match.at_seat(seat)


async def test_when_the_clock_runs_out_a_computer_takes_that_turn_and_the_player_keeps_the_seat(host, database, clock):
    match_id = await started(host)
    waiting = await to_act(host, match_id)
    clock.advance(minutes=59)
    assert await fired_clocks(host) == []
    clock.advance(minutes=1)
    (fired,) = await fired_clocks(host)
    assert fired.kind is DeadlineKind.TURN_CLOCK and fired.seats == (waiting.seat,)
    assert [event.data["amount"] for event in fired.result.events] == [1]
    (entry,) = await database.stored_log(match_id)
    assert (entry.seat, entry.user_id, entry.action) == (waiting.seat, waiting.user_id, "add 1")
    player = fired.match.at_seat(waiting.seat)
    assert player.stood_in == 1 and not player.computer_plays


async def test_a_clock_stops_in_the_players_away_hours(host, store, clock):
    match_id = await started(host)  # the fake clock starts at 12:00 UTC
    waiting = await to_act(host, match_id)
    await store.save_player_settings(waiting.user_id, PlayerSettings("UTC", time(12, 30), time(14, 0)))
    clock.advance(hours=1)  # 30 minutes ran before the away hours, 30 are left for after 14:00
    assert await fired_clocks(host) == []
    clock.advance(minutes=89)
    assert await fired_clocks(host) == []
    clock.advance(minutes=1)
    (fired,) = await fired_clocks(host)
    assert fired.kind is DeadlineKind.TURN_CLOCK and fired.seats == (waiting.seat,)


async def test_reminders_missed_in_the_away_hours_come_once_when_they_end_and_the_clock_after(host, store, clock):
    match_id = await started(host)  # 12:00 UTC; reminders at 12:30 and 12:54, the clock out at 13:00
    waiting = await to_act(host, match_id)
    await store.save_player_settings(waiting.user_id, PlayerSettings("UTC", time(12, 20), time(14, 0)))
    reminded = []
    for _ in range(160):  # to 14:40, a minute at a time: 20 minutes ran before the away hours, 40 are left after
        clock.advance(minutes=1)
        for fired in await host.fire_due_deadlines():
            reminded.append((fired.kind, clock.now().strftime("%H:%M"), fired.seats))
    assert reminded == [
        (DeadlineKind.TURN_REMINDER, "14:00", (waiting.seat,)),
        (DeadlineKind.TURN_CLOCK, "14:40", (waiting.seat,)),
    ]


async def test_a_turn_of_two_reminds_the_awake_player_on_time_and_the_away_one_when_their_hours_end(host, store, clock):
    match = await host.open_table(
        guild_id=1, channel_id=500, game="roundcount", opener_id=ALICE, opener_name="Alice", clock=timedelta(hours=1)
    )
    await host.join(match.id, BOB, "Bob")
    await host.start(match.id, ALICE)  # 12:00 UTC: both add at once; reminders at 12:30 and 12:54, clocks at 13:00
    await store.save_player_settings(BOB, PlayerSettings("UTC", time(12, 20), time(14, 0)))
    names = {player.seat: player.name for player in (await host.get(match.id)).players}
    fired_at = []
    for _ in range(180):  # to 15:00, a minute at a time
        clock.advance(minutes=1)
        for fired in await host.fire_due_deadlines():
            fired_at.append((clock.now().strftime("%H:%M"), fired.kind, [names[seat] for seat in fired.seats]))
    reminder, runs_out = DeadlineKind.TURN_REMINDER, DeadlineKind.TURN_CLOCK
    assert fired_at == [
        ("12:30", reminder, ["Alice"]),  # Bob's waits for the end of his away hours
        ("12:54", reminder, ["Alice"]),
        ("13:00", runs_out, ["Alice"]),  # a computer adds for her; Bob's turn goes on, his clock from 13:00
        ("14:00", reminder, ["Bob"]),  # once, for the two that fell in his away hours
        ("15:00", runs_out, ["Bob"]),  # his hour from 13:00 counts from the end of his away hours
    ]


async def test_a_turn_is_one_deadline_row_that_a_move_passing_the_turn_on_leaves_as_it_was(host, store, clock):
    match_id = await started(host)
    (first,) = await store.deadlines_of(match_id)
    assert first.kind is DeadlineKind.TURN and first.due_at == clock.now() + timedelta(minutes=30)
    for _ in range(3):
        clock.advance(minutes=1)
        await host.act(match_id, (await to_act(host, match_id)).user_id, "add 1")
        assert await store.deadlines_of(match_id) == [first], "a move passing the turn on writes no deadline"
    waiting = await to_act(host, match_id)
    fired = []
    for _ in range(40):
        clock.advance(minutes=1)
        fired += [(clock.now().strftime("%H:%M"), each.kind, each.seats) for each in await host.fire_due_deadlines()]
    assert fired == [("12:33", DeadlineKind.TURN_REMINDER, (waiting.seat,))], "the last turn's, not the first's"


@pytest.mark.parametrize(
    ("stored_by_old", "reminders"), [(("half", "soon", "clock"), ["12:30", "12:54"]), (("clock",), [])]
)
async def test_reminder_and_clock_rows_an_older_version_stored_still_remind_and_run_out(
    host, store, clock, stored_by_old, reminders
):
    match_id = await started(host)
    match = await host.get(match_id)
    waiting = await to_act(host, match_id)
    since, version = match.updated_at, match.version
    reminder = {"seats": [waiting.seat], "version": version}
    rows = {
        "half": Deadline(match_id, DeadlineKind.TURN_REMINDER, since + timedelta(minutes=30), reminder, "half"),
        "soon": Deadline(match_id, DeadlineKind.TURN_REMINDER, since + timedelta(minutes=54), reminder, "soon"),
        "clock": Deadline(
            match_id,
            DeadlineKind.TURN_CLOCK,
            since + timedelta(hours=1),
            {"seat": waiting.seat, "version": version, "since": since.isoformat()},
            str(waiting.seat),
        ),
    }
    assert await store.save_match(match, expected_version=version, deadlines=[rows[name] for name in stored_by_old])
    fired_at = {DeadlineKind.TURN_REMINDER: [], DeadlineKind.TURN_CLOCK: []}
    for _ in range(60):
        clock.advance(minutes=1)
        for fired in await host.fire_due_deadlines():
            fired_at[fired.kind].append(clock.now().strftime("%H:%M"))
    assert fired_at == {DeadlineKind.TURN_REMINDER: reminders, DeadlineKind.TURN_CLOCK: ["13:00"]}
    assert [each.kind for each in await store.deadlines_of(match_id)] == [DeadlineKind.TURN]


async def test_three_stand_ins_in_a_row_hand_the_seat_to_the_computer_until_its_player_acts(host, clock):
    match_id = await started(host, clock=timedelta(minutes=10))
    for _ in range(6):  # three turns each, every one run out
        clock.advance(minutes=10)
        assert len(await fired_clocks(host)) == 1
    snapshot = await host.load(match_id)
    assert all(player.stood_in == 3 and player.computer_plays for player in snapshot.match.players)
    clock.advance(seconds=2)  # the computer now plays at its own pace
    (fired,) = await fired_clocks(host)
    assert fired.kind is DeadlineKind.STAND_IN
    back = await to_act(host, match_id)
    await host.act(match_id, back.user_id, "add 2")
    player = (await host.load(match_id)).match.at_seat(back.seat)
    assert player.stood_in == 0 and not player.computer_plays, "any move of their own takes the seat back"


async def test_a_move_of_their_own_starts_the_count_again(host, clock):
    match_id = await started(host, clock=timedelta(minutes=10))
    first = await to_act(host, match_id)
    clock.advance(minutes=10)
    await fired_clocks(host)  # the first player's turn taken for them
    second = await to_act(host, match_id)
    await host.act(match_id, second.user_id, "add 1")
    clock.advance(minutes=10)
    await fired_clocks(host)  # and again
    assert (await host.load(match_id)).match.at_seat(first.seat).stood_in == 2
    await host.act(match_id, second.user_id, "add 1")
    await host.act(match_id, first.user_id, "add 1")
    assert (await host.load(match_id)).match.at_seat(first.seat).stood_in == 0


async def test_a_table_without_a_clock_never_stands_in(host, store, clock):
    match_id = await started(host, clock=None)
    assert not [each for each in await store.deadlines_of(match_id) if each.kind is DeadlineKind.TURN_CLOCK]
    clock.advance(days=30)
    fired = await host.fire_due_deadlines()
    assert [each.kind for each in fired] == [DeadlineKind.TURN_REMINDER]


@pytest.mark.parametrize(("length", "reminders"), [(timedelta(minutes=10), (5, 9)), (timedelta(days=1), (720, 1380))])
async def test_a_player_is_reminded_at_half_the_clock_and_shortly_before_it_runs_out(host, clock, length, reminders):
    await started(host, clock=length)
    step, fired_at = length / 120, []
    for moment in range(1, 121):
        clock.advance(seconds=step.total_seconds())
        if [each for each in await host.fire_due_deadlines() if each.kind is DeadlineKind.TURN_REMINDER]:
            fired_at.append(moment * step / timedelta(minutes=1))
    assert tuple(fired_at) == reminders


async def test_a_running_clock_keeps_its_deadline_across_a_restart(host, store, database, clock):
    await started(host)
    clock.advance(minutes=30)
    await store.close()
    reopened = await database.open()
    try:
        again = make_host(reopened, clock)
        clock.advance(minutes=29)
        assert await fired_clocks(again) == []
        clock.advance(minutes=1)
        (fired,) = await fired_clocks(again)
        assert fired.kind is DeadlineKind.TURN_CLOCK
    finally:
        await reopened.close()


@pytest.mark.parametrize("game", sorted(RULES))
async def test_in_every_game_a_player_may_leave_mid_game_and_a_computer_plays_their_seat_to_the_end(
    host, database, clock, game
):
    """Bob leaves at the start; Alice plays her first offered move whenever it is hers (where her moves are typed,
    or chosen from the whole card pool, she leaves too); the game's own timers and the computers in the seats
    left do the rest, until the game ends."""
    match = await host.open_table(
        guild_id=1, channel_id=600, game=game, opener_id=ALICE, opener_name="Alice", clock=None
    )
    for user_id in (BOB, CARA)[: max(1, RULES[game].min_players - 1)]:
        await host.join(match.id, user_id, f"user{user_id}")
    await host.start(match.id, ALICE)
    await host.leave_game(match.id, BOB)
    await play_to_the_end(host, clock, match.id)
    finished = await host.get(match.id)
    assert finished.status is MatchStatus.FINISHED and finished.player(BOB).left
    log = await database.stored_log(match.id)
    assert any(entry.user_id == BOB for entry in log), "the computer moved in Bob's seat"
