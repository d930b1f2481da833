"""The store on its own, on both engines: schema versions and what it refuses, and what holds when several
processes share one database (each process is a store of its own here: its own connections, nothing shared in
memory). What only one engine has is in test_sqlite_store.py and test_postgres_store.py."""

from __future__ import annotations

import asyncio
import itertools
from datetime import UTC, datetime, time, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support import make_host

from bot.matches import ChannelBusy, Deadline, DeadlineKind, Match, MatchStatus, Player, StorageBusy
from bot.matches.ports import Change
from bot.players import MENTION, PlayerSettings
from bot.storage import DatabaseTooNew
from bot.storage.common import instant_text, read_instant
from bot.storage.migrations import MIGRATIONS

START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
CHANNELS = itertools.count(900)


def new_match(channel_id: int | None = None) -> Match:
    """A running match of two, its state a counter ("0")."""
    players = (Player(1, "Ann", 0), Player(2, "Ben", 1))
    return Match(
        0, "countto", 1, channel_id or next(CHANNELS), 1, MatchStatus.PLAYING, {}, 7, 1, START, START, players, "0"
    )


def count_one_more(match: Match | None) -> tuple[Change, int]:
    """A change that adds one to the counter (as the host's rules would), and the count it read."""
    assert match is not None
    count = int(match.state_json)
    return Change(match.with_changes(version=match.version + 1, state_json=str(count + 1)), match.version), count


async def test_a_new_database_is_migrated_to_the_current_schema(database):
    store = await database.open()
    try:
        assert await store.schema_version() == len(MIGRATIONS)
    finally:
        await store.close()
    # Opening again applies nothing twice.
    store = await database.open()
    try:
        assert await store.schema_version() == len(MIGRATIONS)
    finally:
        await store.close()


async def test_a_database_from_a_newer_bot_is_refused(database):
    await (await database.open()).close()
    await database.set_schema_version(len(MIGRATIONS) + 1)
    with pytest.raises(DatabaseTooNew, match="Upgrade the bot"):
        await database.open()


async def test_a_database_another_process_keeps_locked_refuses_the_write_and_changes_nothing(database, clock):
    store = await database.open(patience_ms=50)
    try:
        host = make_host(store, clock)
        match = await host.open_table(guild_id=1, channel_id=5, game="countto", opener_id=1, opener_name="A")
        async with database.another_process_writing(match.id):  # and taking its time
            with pytest.raises(StorageBusy):
                await host.join(match.id, 2, "B")
        assert [player.user_id for player in (await host.get(match.id)).players] == [1]
        await host.join(match.id, 2, "B")  # the lock gone, the same request goes through
    finally:
        await store.close()


async def test_a_write_waiting_for_another_process_lock_leaves_the_bot_free_and_goes_through_once_it_is_gone(
    database, clock
):
    patience = 10.0
    store = await database.open(patience_ms=int(patience * 1000))
    try:
        host = make_host(store, clock)
        match = await host.open_table(guild_id=1, channel_id=5, game="countto", opener_id=1, opener_name="A")
        loop = asyncio.get_running_loop()
        async with database.another_process_writing(match.id):
            joining = asyncio.create_task(host.join(match.id, 2, "B"))
            began = loop.time()
            for _ in range(5):
                await asyncio.sleep(0.01)  # the bot's other work goes on meanwhile
            assert loop.time() - began < patience / 2, "the event loop stood still while the write waited"
            assert not joining.done()
        await joining
        assert [player.user_id for player in (await host.get(match.id)).players] == [1, 2]
    finally:
        await store.close()


async def test_player_settings_are_kept_and_a_player_without_any_has_the_defaults(store):
    assert await store.player_settings(7) == PlayerSettings()
    night = PlayerSettings("Europe/Berlin", time(23, 0), time(7, 30), MENTION)
    await store.save_player_settings(7, night)
    assert await store.player_settings(7) == night and await store.player_settings(8) == PlayerSettings()
    await store.save_player_settings(7, PlayerSettings("Asia/Tokyo"))
    assert await store.player_settings(7) == PlayerSettings("Asia/Tokyo")


async def test_a_result_rates_its_players_in_its_game_and_server_in_the_same_transaction(host, database):
    for _ in range(2):
        match = await host.open_table(
            guild_id=9, channel_id=700, game="countto", opener_id=201, opener_name="Ann", clock=None
        )
        await host.join(match.id, 202, "Ben")
        await host.start(match.id, 201)
        while (snapshot := await host.load(match.id)).match.status is MatchStatus.PLAYING:
            (seat,) = snapshot.actors
            await host.act(match.id, snapshot.match.at_seat(seat).user_id, "add 2")
    rows = await database.fetch("SELECT user_id, games, mu FROM ratings WHERE game = 'countto' AND guild_id = 9")
    ratings = {user_id: (games, mu) for user_id, games, mu in rows}
    shown = await database.fetch(
        "SELECT rating_before, rating_after FROM result_players WHERE user_id = 201 ORDER BY match_id"
    )
    assert set(ratings) == {201, 202} and all(games == 2 for games, _ in ratings.values())
    assert shown[0][0] == pytest.approx(1000.0), "a first game starts from a fresh rating"
    assert shown[1][0] == pytest.approx(shown[0][1]), "the second starts where the first ended"


# -- several processes on one database ---------------------------------------------------------------------------


async def test_changes_of_one_match_from_two_processes_are_serialised_and_none_is_lost(database, store):
    other = await database.open()
    try:
        match = await store.create_match(new_match(), [])
        changes = await asyncio.gather(*(each.change_match(match.id, count_one_more) for each in [store, other] * 8))
        assert all(saved for saved, _ in changes), "each change read the match as the one before had left it"
        assert sorted(count for _, count in changes) == list(range(16))
        stored = await other.load_match(match.id)
        assert (stored.state_json, stored.version) == ("16", 17)
    finally:
        await other.close()


async def test_a_stale_copy_is_not_written_over_a_change_another_process_made(database, store):
    other = await database.open()
    try:
        match = await store.create_match(new_match(), [])
        await other.change_match(match.id, count_one_more)
        stale = match.with_changes(version=match.version + 1, state_json="99")
        assert not await store.save_match(stale, expected_version=match.version)
        assert (await store.load_match(match.id)).state_json == "1"
    finally:
        await other.close()


async def test_a_deadline_is_claimed_once_however_many_processes_race_for_it(database, store):
    others = [await database.open() for _ in range(2)]
    try:
        match = await store.create_match(new_match(), [Deadline(0, DeadlineKind.TURN_REMINDER, START)])
        assert [deadline.match_id for deadline in await others[0].due_deadlines(START)] == [match.id]
        (deadline,) = await others[1].due_deadlines(START + timedelta(seconds=1))
        claims = await asyncio.gather(*(each.claim_deadline(deadline) for each in [store, *others] * 3))
        assert claims.count(True) == 1
        assert await store.due_deadlines(START + timedelta(days=1)) == []
    finally:
        for each in others:
            await each.close()


async def test_a_deadline_held_by_one_process_cannot_be_claimed_with_its_old_due_time_by_another(database, store):
    other = await database.open()
    try:
        await store.create_match(new_match(), [Deadline(0, DeadlineKind.TURN_REMINDER, START)])
        (deadline,) = await store.due_deadlines(START)
        assert await store.hold_deadline(deadline, START + timedelta(hours=8), {"held": True})
        assert not await other.claim_deadline(deadline) and not await other.hold_deadline(deadline, START, {})
        (held,) = await other.deadlines_of(deadline.match_id)
        assert (held.due_at, held.data) == (START + timedelta(hours=8), {"held": True})
        assert await other.claim_deadline(held)
    finally:
        await other.close()


async def test_two_processes_cannot_open_two_tables_in_one_channel(database, store):
    other = await database.open()
    try:
        outcomes = await asyncio.gather(
            store.create_match(new_match(800), []), other.create_match(new_match(800), []), return_exceptions=True
        )
        assert sorted(type(outcome).__name__ for outcome in outcomes) == ["ChannelBusy", "Match"]
        with pytest.raises(ChannelBusy):
            await store.create_match(new_match(800), [])
    finally:
        await other.close()


async def test_first_game_guidance_is_noted_once_a_kind_and_never_after_a_finished_game(store):
    assert await store.first_guidance(1, "countto", "play")
    assert not await store.first_guidance(1, "countto", "play"), "each kind once"
    assert await store.first_guidance(1, "countto", "draw")
    assert await store.first_guidance(2, "countto", "play"), "each player their own"
    assert await store.first_guidance(1, "anarchy", "play"), "each game its own"
    finished = await store.create_match(
        new_match().with_changes(status=MatchStatus.FINISHED, players=(Player(3, "Cy", 0), Player(4, "Di", 1))), []
    )
    assert finished.status is MatchStatus.FINISHED
    assert not await store.first_guidance(3, "countto", "play"), "a player who finished a game of it has no tips"
    assert await store.first_guidance(3, "anarchy", "play")


@given(st.datetimes(timezones=st.just(UTC)), st.datetimes(timezones=st.just(UTC)))
def test_instants_stored_by_sqlite_sort_as_text_as_they_sort_in_time(first: datetime, second: datetime) -> None:
    # Due deadlines are found by comparing the text: its format must not depend on the moment (whole seconds too).
    texts = instant_text(first), instant_text(second)
    assert all(len(text) == len("2026-01-01T00:00:00.000000+00:00") for text in texts)
    assert (texts[0] < texts[1]) == (first < second)
    assert read_instant(texts[0]) == first


async def test_a_match_is_read_with_its_seats_as_they_stand_also_from_a_database_before_they_were_in_its_row(
    database, clock
):
    store = await database.open()
    try:
        host = make_host(store, clock)
        match = await host.open_table(guild_id=1, channel_id=5, game="countto", opener_id=1, opener_name="Ann")
        await host.join(match.id, 2, "Ben")
        await store.set_dms_closed(match.id, 2)
    finally:
        await store.close()
    seated = [(1, "Ann", 0, False), (2, "Ben", 1, True)]
    for rewound in (False, True):
        if rewound:  # as the bot before migration 20 left it: the seats only in their own table
            await database.fetch("ALTER TABLE matches DROP COLUMN seat_rows")
            await database.set_schema_version(19)
        store = await database.open()
        try:
            loaded = await store.load_match(match.id)
            assert [(p.user_id, p.name, p.seat, p.dms_closed) for p in loaded.players] == seated
        finally:
            await store.close()
