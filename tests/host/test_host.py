"""The host on a real SQLite file: lobbies, turns, refusals, commits, concurrency, restarts and deadlines."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import time, timedelta

import pytest
from support import RULES, flipped_to_a_face_off, make_host

from bot.discord_ui.wording import refusal_text
from bot.matches import DeadlineKind, DeadlineRunner, MatchHost, MatchStatus, Refusal, RefusalReason, StorageBusy
from bot.players import PlayerSettings

ALICE, BOB, CARA, DAN = 101, 102, 103, 104


async def open_countto(host: MatchHost, *joiners: int, **options) -> int:
    match = await host.open_table(
        guild_id=1, channel_id=500, game="countto", opener_id=ALICE, opener_name="Alice", options=options
    )
    for user_id in joiners:
        await host.join(match.id, user_id, f"user{user_id}")
    return match.id


async def started_countto(host: MatchHost, *joiners: int, **options) -> int:
    match_id = await open_countto(host, *joiners, **options)
    await host.start(match_id, ALICE)
    return match_id


async def refused(coroutine, reason: RefusalReason) -> Refusal:
    with pytest.raises(Refusal) as caught:
        await coroutine
    assert caught.value.reason is reason, refusal_text(caught.value)
    return caught.value


async def current_player(host: MatchHost, match_id: int) -> int:
    match = await host.get(match_id)
    (seat,) = host.snapshot(match).actors
    return match.at_seat(seat).user_id


# -- lobby ---------------------------------------------------------------------------------------------------


async def test_opening_a_table_seats_the_opener_and_takes_the_channel(host):
    match_id = await open_countto(host, BOB)
    match = await host.get(match_id)
    assert match.status is MatchStatus.LOBBY
    assert [player.user_id for player in match.players] == [ALICE, BOB]
    assert match.options == {"target": 10, "open_seats": False, "hints": False, "practice": False}
    again = host.open_table(guild_id=1, channel_id=500, game="countto", opener_id=CARA, opener_name="Cara")
    await refused(again, RefusalReason.CHANNEL_BUSY)


async def test_bad_options_and_unknown_games_are_refused(host):
    await refused(
        host.open_table(guild_id=1, channel_id=1, game="chess", opener_id=ALICE, opener_name="A"),
        RefusalReason.BAD_OPTION,
    )
    await refused(
        host.open_table(
            guild_id=1, channel_id=1, game="countto", opener_id=ALICE, opener_name="A", options={"target": 3}
        ),
        RefusalReason.BAD_OPTION,
    )


async def test_lobby_refusals(host):
    match_id = await open_countto(host, BOB)
    await refused(host.join(match_id, BOB, "Bob"), RefusalReason.ALREADY_SEATED)
    await host.join(match_id, CARA, "Cara")
    await refused(host.join(match_id, DAN, "Dan"), RefusalReason.TABLE_FULL)
    await refused(host.start(match_id, BOB), RefusalReason.NOT_OPENER)
    await refused(host.remove_player(match_id, BOB, CARA), RefusalReason.NOT_OPENER)
    await refused(host.remove_player(match_id, ALICE, ALICE), RefusalReason.ILLEGAL_ACTION)
    await refused(host.remove_player(match_id, ALICE, DAN), RefusalReason.NOT_IN_GAME)
    await refused(host.leave(match_id, DAN), RefusalReason.NOT_IN_GAME)
    await refused(host.abandon(match_id, BOB), RefusalReason.NOT_OPENER)


async def test_start_needs_enough_players(host):
    match_id = await open_countto(host)
    refusal = await refused(host.start(match_id, ALICE), RefusalReason.NOT_ENOUGH_PLAYERS)
    assert "at least 2" in refusal_text(refusal)


async def test_leaving_reseats_and_passes_the_opener_on(host):
    match_id = await open_countto(host, BOB, CARA)
    match = await host.leave(match_id, ALICE)
    assert match.opener_id == BOB
    assert [(p.user_id, p.seat) for p in match.players] == [(BOB, 0), (CARA, 1)]
    match = await host.remove_player(match_id, BOB, CARA)
    assert [p.user_id for p in match.players] == [BOB]
    match = await host.leave(match_id, BOB)
    assert match.status is MatchStatus.ABANDONED
    # The channel is free again.
    await open_countto(host)


async def test_admin_may_abandon_and_the_table_is_closed(host):
    match_id = await started_countto(host, BOB)
    match = await host.abandon(match_id, CARA, is_admin=True)
    assert match.status is MatchStatus.ABANDONED
    await refused(host.act(match_id, ALICE, "add 1"), RefusalReason.GAME_OVER)
    await refused(host.join(match_id, DAN, "Dan"), RefusalReason.GAME_OVER)


# -- playing -------------------------------------------------------------------------------------------------


async def test_a_game_plays_to_the_end_and_records_its_result(host, store, database):
    match_id = await started_countto(host, BOB, target=5)
    result = None
    for _ in range(5):
        player = await current_player(host, match_id)
        result = await host.act(match_id, player, "add 1")
        if result.snapshot.outcome:
            break
    assert result.match.status is MatchStatus.FINISHED
    stored = await database.stored_result(match_id)
    assert stored.winners == (player,)
    other = ALICE if player == BOB else BOB
    assert stored.placings == {player: 1, other: 2}, "a game that ranks only its winner places the rest after"
    log = await database.stored_log(match_id)
    assert [entry.action for entry in log] == ["add 1"] * 5
    # Opening is version 0, the join 1, the start 2: the moves follow.
    assert [entry.version for entry in log] == [3, 4, 5, 6, 7]
    await refused(host.act(match_id, player, "add 1"), RefusalReason.GAME_OVER)


async def test_turn_refusals_change_nothing(host, store, database):
    match_id = await started_countto(host, BOB)
    before = await host.get(match_id)
    waiting = await current_player(host, match_id)
    other = BOB if waiting == ALICE else ALICE
    refusal = await refused(host.act(match_id, other, "add 1"), RefusalReason.NOT_YOUR_TURN)
    assert "waiting for" in refusal_text(refusal)
    await refused(host.act(match_id, CARA, "add 1"), RefusalReason.NOT_IN_GAME)
    await refused(host.act(match_id, waiting, "add 3"), RefusalReason.ILLEGAL_ACTION)
    await refused(host.act(match_id, waiting, "fold"), RefusalReason.ILLEGAL_ACTION)
    await refused(host.act(match_id, waiting, "add 1", pin=str(before.version - 1)), RefusalReason.STALE_BOARD)
    assert await host.get(match_id) == before
    assert await database.stored_log(match_id) == []


async def test_a_move_the_game_takes_only_typed_is_refused_from_a_click_whatever_its_arrival_key(host, clock):
    match = await host.open_table(guild_id=1, channel_id=501, game="anomia", opener_id=ALICE, opener_name="Alice")
    for user_id in (BOB, CARA):
        await host.join(match.id, user_id, f"user{user_id}")
    await host.start(match.id, ALICE)
    snapshot = await flipped_to_a_face_off(host, match.id)
    view = snapshot.public_view
    answering = snapshot.match.at_seat(view.faceoff.seats[0]).user_id
    for forged in ("answer 1 nike", f"answer {host.arrival_of(clock.now())} nike", "heard nike"):
        refusal = await refused(host.act(match.id, answering, forged), RefusalReason.TYPED_ONLY)
        assert "typed" in refusal_text(refusal)
    assert (await host.get(match.id)).version == snapshot.match.version
    typed = await host.act_typed(501, answering, "nike", host.arrival_of(clock.now()), from_chat=True)
    assert typed is not None and typed.match.version == snapshot.match.version + 1


async def test_acting_in_a_lobby_is_refused(host):
    match_id = await open_countto(host, BOB)
    await refused(host.act(match_id, ALICE, "add 1"), RefusalReason.NOT_STARTED)


async def test_simultaneous_clicks_on_one_board_apply_once(host, store, database):
    match_id = await started_countto(host, BOB)
    match = await host.get(match_id)
    player = await current_player(host, match_id)
    attempts = [host.act(match_id, player, "add 1", pin=host.snapshot(match).pin(None)) for _ in range(5)]
    outcomes = await asyncio.gather(*attempts, return_exceptions=True)
    accepted = [item for item in outcomes if not isinstance(item, Exception)]
    assert len(accepted) == 1
    assert all(isinstance(item, Refusal) for item in outcomes if item not in accepted)
    assert len(await database.stored_log(match_id)) == 1


async def test_a_second_host_on_the_same_file_resumes_every_live_match(host, store, database, clock):
    live = [await started_countto(host, BOB)]
    lobby = await host.open_table(guild_id=1, channel_id=501, game="countto", opener_id=CARA, opener_name="C")
    live.append(lobby.id)
    first_player = await current_player(host, live[0])
    await host.act(live[0], first_player, "add 2")
    await store.close()

    reopened = await database.open()
    try:
        second = make_host(reopened, clock)
        assert sorted([match.id async for match in reopened.live_matches()]) == live
        match = await second.get(live[0])
        assert host.snapshot(match).public_view.total == 2
        next_player = await current_player(second, live[0])
        assert next_player != first_player
        result = await second.act(live[0], next_player, "add 1", pin=str(match.version))
        assert second.snapshot(result.match).public_view.total == 3
        await second.join(lobby.id, DAN, "Dan")
    finally:
        await reopened.close()


async def test_a_stale_copy_in_another_process_cannot_overwrite(host, database, clock):
    match_id = await started_countto(host, BOB)
    other_store = await database.open()
    try:
        other = make_host(other_store, clock)
        player = await current_player(host, match_id)
        stale = await other.get(match_id)
        await host.act(match_id, player, "add 1")
        # The other process still holds the old version; its write must not land.
        assert not await other_store.save_match(stale, expected_version=stale.version)
    finally:
        await other_store.close()


# -- deadlines -----------------------------------------------------------------------------------------------


async def test_turn_reminder_fires_after_the_interval_even_after_a_restart(host, store, database, clock):
    match_id = await started_countto(host, BOB)
    player = await current_player(host, match_id)
    clock.advance(hours=11)
    assert await host.fire_due_deadlines() == []
    await store.close()

    reopened = await database.open()
    try:
        second = make_host(reopened, clock)
        clock.advance(hours=2)
        (fired,) = await second.fire_due_deadlines()
        assert fired.kind is DeadlineKind.TURN_REMINDER
        assert [fired.match.at_seat(seat).user_id for seat in fired.seats] == [player]
        assert await second.fire_due_deadlines() == []
    finally:
        await reopened.close()


async def test_a_reminder_due_in_the_players_away_hours_waits_for_their_end_even_across_a_restart(
    host, store, database, clock
):
    match_id = await started_countto(host, BOB)
    player = await current_player(host, match_id)
    await store.save_player_settings(player, PlayerSettings("Europe/Lisbon", time(22, 0), time(6, 0)))
    clock.advance(hours=12)  # due at midnight in Lisbon (UTC in January): asleep
    assert await host.fire_due_deadlines() == []
    (held,) = [each for each in await store.deadlines_of(match_id) if each.kind is DeadlineKind.TURN]
    assert held.due_at == clock.now() + timedelta(hours=6)
    await store.close()

    reopened = await database.open()
    try:
        second = make_host(reopened, clock)
        clock.advance(hours=5, minutes=59)
        assert await second.fire_due_deadlines() == []
        clock.advance(minutes=1)
        (fired,) = await second.fire_due_deadlines()
        assert [fired.match.at_seat(seat).user_id for seat in fired.seats] == [player]
        assert await second.fire_due_deadlines() == []
    finally:
        await reopened.close()


async def test_a_move_rearms_the_reminder_for_the_next_player(host, clock):
    match_id = await started_countto(host, BOB)
    first = await current_player(host, match_id)
    clock.advance(hours=6)
    await host.act(match_id, first, "add 1")
    clock.advance(hours=7)
    assert await host.fire_due_deadlines() == []
    clock.advance(hours=5)
    (fired,) = await host.fire_due_deadlines()
    assert fired.match.at_seat(fired.seats[0]).user_id != first


async def test_idle_lobby_expires_and_frees_the_channel(host, clock):
    match_id = await open_countto(host, BOB)
    clock.advance(hours=23)
    await host.join(match_id, CARA, "Cara")
    clock.advance(hours=23)
    assert await host.fire_due_deadlines() == []
    clock.advance(hours=2)
    (fired,) = await host.fire_due_deadlines()
    assert fired.kind is DeadlineKind.LOBBY_EXPIRY
    assert fired.match.status is MatchStatus.EXPIRED
    await refused(host.join(match_id, DAN, "Dan"), RefusalReason.GAME_OVER)
    await open_countto(host)


async def test_a_deadline_fires_once_with_two_hosts(host, database, clock):
    match_id = await open_countto(host, BOB)
    other_store = await database.open()
    try:
        other = make_host(other_store, clock)
        clock.advance(hours=25)
        fired = await asyncio.gather(host.fire_due_deadlines(), other.fire_due_deadlines())
        assert sum(len(batch) for batch in fired) == 1
        assert (await host.get(match_id)).status is MatchStatus.EXPIRED
    finally:
        await other_store.close()


async def test_finishing_a_game_clears_its_deadlines(host, store, clock):
    match_id = await started_countto(host, BOB, target=5)
    while True:
        result = await host.act(match_id, await current_player(host, match_id), "add 2")
        if result.snapshot.outcome:
            break
    assert await store.next_deadline_at() is None


# -- game timers and computer players ------------------------------------------------------------------------


async def started_timed(host: MatchHost, **options) -> int:
    match = await host.open_table(
        guild_id=1, channel_id=600, game="timedcount", opener_id=ALICE, opener_name="Alice", options=options
    )
    await host.start(match.id, ALICE)
    return match.id


async def test_computer_players_are_seated_after_the_humans_and_play_by_timer(host, store, clock, database):
    match_id = await started_timed(host, computer_players=1)
    match = await host.get(match_id)
    assert [(p.name, p.is_computer) for p in match.players] == [("Alice", False), ("Bot Ada", True)]
    await host.act(match_id, ALICE, "add 1")
    clock.advance(seconds=1)
    assert await host.fire_due_deadlines() == []
    clock.advance(seconds=1)
    (fired,) = await host.fire_due_deadlines()
    assert fired.kind is DeadlineKind.GAME_TIMER
    assert host.snapshot(fired.match).public_view.total == 2
    assert [event.kind for event in fired.result.events] == ["added"]
    (entry,) = (await database.stored_log(match_id))[1:]
    assert entry.user_id == -1 and entry.action == "add 1"


async def test_a_timer_whose_change_is_not_written_stays_due_and_fires_later(host, store, clock):
    """A timer is answered in its change's own transaction: a write that fails (or a process killed before it)
    leaves it due, rather than claimed and lost."""
    match_id = await started_timed(host, computer_players=1)
    await host.act(match_id, ALICE, "add 1")
    clock.advance(seconds=2)
    change_match = store.change_match

    async def refused_by_the_database(*arguments):
        raise StorageBusy("another process keeps the database locked")

    store.change_match = refused_by_the_database
    with pytest.raises(StorageBusy):
        await host.fire_due_deadlines()
    store.change_match = change_match
    assert DeadlineKind.GAME_TIMER in {deadline.kind for deadline in await store.deadlines_of(match_id)}
    (fired,) = await host.fire_due_deadlines()
    assert host.snapshot(fired.match).public_view.total == 2
    assert await host.fire_due_deadlines() == [], "answered once"


async def test_a_computer_is_never_reminded(host, store):
    match_id = await started_timed(host, computer_players=1)
    await host.act(match_id, ALICE, "add 1")
    kinds = {deadline.kind for deadline in await store.deadlines_of(match_id)}
    assert DeadlineKind.TURN_REMINDER not in kinds


async def test_a_game_timer_keeps_its_first_due_time_while_moves_are_made(host, database, clock):
    match_id = await open_countto(host)
    await host.abandon(match_id, ALICE)
    match = await host.open_table(
        guild_id=1, channel_id=601, game="timedcount", opener_id=ALICE, opener_name="Alice", options={"target": 10}
    )
    await host.join(match.id, BOB, "Bob")
    await host.start(match.id, ALICE)
    clock.advance(seconds=40)
    await host.act(match.id, ALICE, "add 1")
    clock.advance(seconds=20)
    # The bonus timer was armed at the start: 60 seconds later it fires, though a move came in between.
    (fired,) = await host.fire_due_deadlines()
    assert [event.kind for event in fired.result.events] == ["bonus"]
    assert host.snapshot(fired.match).public_view.total == 3


async def test_a_timer_that_fires_after_a_restart(host, store, database, clock):
    match_id = await started_timed(host, computer_players=1)
    await host.act(match_id, ALICE, "add 1")
    await store.close()
    clock.advance(seconds=30)
    reopened = await database.open()
    try:
        (fired,) = await make_host(reopened, clock).fire_due_deadlines()
        assert fired.match.id == match_id and fired.result is not None
    finally:
        await reopened.close()


async def test_computer_seats_count_towards_a_full_table(host):
    match = await host.open_table(
        guild_id=1,
        channel_id=602,
        game="timedcount",
        opener_id=ALICE,
        opener_name="Alice",
        options={"computer_players": 1},
    )
    await host.join(match.id, BOB, "Bob")
    await refused(host.join(match.id, CARA, "Cara"), RefusalReason.TABLE_FULL)


async def test_every_game_can_fill_all_but_one_seat_with_computer_players(host):
    for index, (key, rules) in enumerate(RULES.items()):
        most = max((option.choices for option in rules.options if option.key == "computer_players"), default=(0,))
        if max(most) == 0:
            continue
        match = await host.open_table(
            guild_id=1, channel_id=800 + index, game=key, opener_id=ALICE, opener_name="Alice",
            options={"computer_players": max(most)},
        )  # fmt: skip
        await host.start(match.id, ALICE)
        players = (await host.get(match.id)).players
        assert len(players) == 1 + max(most) and len({player.name for player in players}) == len(players)


async def test_resume_reads_every_live_match_and_names_unreadable_ones(host, store):
    playing = await started_countto(host, BOB)
    await host.open_table(guild_id=1, channel_id=700, game="countto", opener_id=CARA, opener_name="Cara")
    broken = await host.get(playing)
    await store.save_match(broken.with_changes(state_json='{"seats": 2}'), expected_version=broken.version)
    assert await host.resume() == (2, [playing])


async def test_whoever_runs_deadlines_is_told_when_new_ones_are_written(host, clock):
    told = []
    host.on_deadlines_changed = told.append
    match_id = await started_timed(host, computer_players=1)
    assert len(told) == 2  # the lobby's expiry, then the game's reminder and timers
    await host.act(match_id, ALICE, "add 1")
    assert len(told) == 3 and told[-1] == min(deadline.due_at for deadline in await host.store.deadlines_of(match_id))


async def test_deadlines_left_as_they_were_are_not_written_again(host, store, clock):
    match_id = await started_timed(host, computer_players=1)
    match = await host.get(match_id)
    deadlines = await store.deadlines_of(match_id)
    later = match.with_changes(version=match.version + 1)
    saved = await store.save_match(later, expected_version=match.version, deadlines=deadlines)
    assert saved and saved.earliest_new_due is None
    assert await store.deadlines_of(match_id) == deadlines
    # A timer keeps the due time it was armed with; a reminder that moves is written, and one no longer wanted goes.
    (timer,) = [deadline for deadline in deadlines if deadline.kind is DeadlineKind.GAME_TIMER]
    rearmed = replace(timer, due_at=timer.due_at + timedelta(hours=1), keeps_first_due=True)
    saved = await store.save_match(
        later.with_changes(version=later.version + 1), expected_version=later.version, deadlines=[rearmed]
    )
    assert saved.earliest_new_due is None
    assert await store.deadlines_of(match_id) == [timer]


async def test_no_lock_is_kept_for_a_match_nobody_is_waiting_for(host, clock):
    playing = await started_countto(host, BOB)
    lobby = await host.open_table(guild_id=1, channel_id=800, game="countto", opener_id=CARA, opener_name="Cara")
    await refused(host.act(playing, CARA, "add 1"), RefusalReason.NOT_IN_GAME)
    await refused(host.act(12345, ALICE, "add 1"), RefusalReason.NO_TABLE)
    await asyncio.gather(*(host.act(playing, ALICE, "add 1") for _ in range(3)), return_exceptions=True)
    clock.advance(hours=25)
    await host.fire_due_deadlines()  # the lobby expires
    assert (await host.get(lobby.id)).status is MatchStatus.EXPIRED
    # The host's locks live only while someone holds or waits for them (they used to stay for every match).
    assert len(host._locks) == 0


async def test_the_deadline_runner_is_woken_only_for_a_deadline_due_before_it_looks_again(host, clock):
    async def shown(item) -> None:
        pass

    runner = DeadlineRunner(host, shown)
    host.on_deadlines_changed = runner.wake
    running = asyncio.create_task(runner.run())
    try:
        await started_timed(host, computer_players=1)
        for _ in range(100):
            if runner._next_look is not None:
                break
            await asyncio.sleep(0.01)
        planned = runner._next_look
        runner.wake(planned + timedelta(hours=1))
        assert not runner._wake.is_set(), "a later deadline does not wake it"
        runner.wake(planned - timedelta(seconds=1))
        assert runner._wake.is_set(), "an earlier one does"
    finally:
        # Stopped just as it wakes, it stops all the same (asyncio.wait_for would have swallowed this cancel).
        running.cancel()
        await asyncio.wait_for(asyncio.gather(running, return_exceptions=True), 5)
