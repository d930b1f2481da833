"""The host's part of Play again, on both engines: the tables in a channel's threads (someone's practice listed to
them alone), the table a finished one was played again in (and the one a lobby follows), and a bot-opened thread's
archiving a day after its table ended."""

from __future__ import annotations

from datetime import timedelta

from support import make_host

from bot.matches import DeadlineKind, MatchHost, MatchStatus

ALICE, BOB = 101, 102
PARENT = 900


async def opened(host: MatchHost, channel_id: int, *, parent: int | None = PARENT, follows: int | None = None) -> int:
    match = await host.open_table(
        guild_id=1, channel_id=channel_id, game="countto", opener_id=ALICE, opener_name="Alice",
        options={"target": 5}, parent_channel_id=parent, follows_match_id=follows,
    )  # fmt: skip
    await host.join(match.id, BOB, "Bob")
    return match.id


async def finished(host: MatchHost, match_id: int) -> None:
    await host.start(match_id, ALICE)
    while (snapshot := await host.load(match_id)).match.status is MatchStatus.PLAYING:
        await host.act(match_id, snapshot.match.at_seat(min(snapshot.actors)).user_id, "add 1")


async def listed(host: MatchHost, parent: int, limit: int, shown_to: int = ALICE) -> list[int]:
    """The ids of the live tables in the channel's threads, as `shown_to` may hear of them."""
    return [snapshot.match.id for snapshot in await host.tables_in_threads_of(parent, limit, shown_to=shown_to)]


async def test_the_live_tables_in_a_channels_threads_are_listed_oldest_first(host):
    first, second = await opened(host, 501), await opened(host, 502)
    await opened(host, 503, parent=None)  # a table in a channel, or in a thread the bot did not open
    elsewhere = await opened(host, 504, parent=PARENT + 1)
    await host.start(second, ALICE)
    done = await opened(host, 505)
    await host.abandon(done, ALICE)
    assert await listed(host, PARENT, 10) == [first, second]
    assert await listed(host, PARENT, 1) == [first]
    assert await listed(host, PARENT + 1, 10) == [elsewhere]


async def test_someones_practice_tables_in_a_channels_threads_are_listed_to_them_alone_past_the_limit(host):
    practices = [
        (await host.open_practice(channel_id=600 + number, game="anarchy", opener_id=BOB, opener_name="Bob",
                                  guild_id=1, parent_channel_id=PARENT)).snapshot.match.id
        for number in range(12)
    ]  # fmt: skip
    first, second = await opened(host, 501), await opened(host, 502)
    assert await listed(host, PARENT, 10) == [first, second], "Bob's practice is his alone"
    assert await listed(host, PARENT, 11, shown_to=BOB) == practices[:11]


async def test_a_finished_table_links_to_the_newest_table_played_again_from_it_and_a_lobby_to_its_own(host):
    old = await opened(host, 501)
    await finished(host, old)
    assert (await host.load(old)).linked is None
    closed = await opened(host, 502, follows=old)
    await host.abandon(closed, ALICE)
    again = await opened(host, 503, follows=old)
    assert (await host.load(old)).linked.id == again
    lobby = await host.load(again)
    assert lobby.match.follows_match_id == old and lobby.linked.id == old
    await host.start(again, ALICE)
    assert (await host.load(again)).linked is None, "a running game's board shows no link"


async def test_a_bot_opened_thread_is_archived_a_day_after_its_table_ended_whatever_the_end(host, store, clock):
    played, abandoned, in_channel = (
        await opened(host, 501),
        await opened(host, 502),
        await opened(host, 503, parent=None),
    )
    await finished(host, played)
    await finished(host, in_channel)
    await host.abandon(abandoned, ALICE)
    clock.advance(hours=23, minutes=59)
    assert await host.fire_due_deadlines() == []
    clock.advance(minutes=2)
    fired = await host.fire_due_deadlines()
    assert sorted((each.kind, each.match.id) for each in fired) == [
        (DeadlineKind.THREAD_ARCHIVE, played),
        (DeadlineKind.THREAD_ARCHIVE, abandoned),
    ]
    assert await store.deadlines_of(played) == [] and await host.fire_due_deadlines() == []


async def test_an_expired_lobby_in_a_bot_opened_thread_is_archived_a_day_after_it_expired(host, store, clock):
    match_id = await opened(host, 501)
    clock.advance(hours=25)
    (expired,) = await host.fire_due_deadlines()
    assert expired.match.status is MatchStatus.EXPIRED
    (archive,) = await store.deadlines_of(match_id)
    assert archive.kind is DeadlineKind.THREAD_ARCHIVE
    assert archive.due_at == expired.match.updated_at + timedelta(days=1)
    clock.advance(hours=24)
    (fired,) = await host.fire_due_deadlines()
    assert fired.kind is DeadlineKind.THREAD_ARCHIVE


async def test_a_second_host_on_the_same_database_fires_an_archive_once(host, database, clock):
    other = make_host(await database.open(), clock)
    match_id = await opened(host, 501)
    await host.abandon(match_id, ALICE)
    clock.advance(hours=25)
    fired = [*await host.fire_due_deadlines(), *await other.fire_due_deadlines()]
    assert [each.kind for each in fired] == [DeadlineKind.THREAD_ARCHIVE]
    await other.store.close()


async def test_a_thread_with_a_new_table_in_it_is_not_archived(host, clock):
    match_id = await opened(host, 501)
    await host.abandon(match_id, ALICE)
    clock.advance(hours=12)
    await opened(host, 501, parent=None)  # /play in that thread
    clock.advance(hours=13)
    assert await host.fire_due_deadlines() == []
