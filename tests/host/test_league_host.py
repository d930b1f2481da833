"""The league host on both engines: a league created, filled, started and played through ordinary tables (each
result recorded as its table ends, the next round paired), refusals that change nothing, a drop, the catch-up
after a restart that missed a table's end, and a round's deadline deciding the tables still playing."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest

from bot.leagues import Format, is_finished
from bot.matches import MatchHost, MatchStatus
from bot.matches.league_records import LeagueStatus
from bot.matches.leagues import LeagueHost, LeagueReason, LeagueRefusal, default_round_days

ORGANISER, ALICE, BOB, CARA, DAN = 100, 101, 102, 103, 104
CHANNEL = 900
THREADS = itertools.count(5000)


@pytest.fixture
def leagues(host: MatchHost, store) -> LeagueHost:
    return LeagueHost(store, host, host.games)


async def created(
    leagues: LeagueHost, format: Format = Format.SWISS, rounds: int | None = None, channel=CHANNEL, round_days=None
):
    return await leagues.create(
        guild_id=1, channel_id=channel, organiser_id=ORGANISER, game="countto", format=format, rounds=rounds,
        clock=timedelta(minutes=10), round_days=round_days,
    )  # fmt: skip


async def started(
    leagues: LeagueHost, *players: int, format: Format = Format.SWISS, rounds: int | None = None, round_days=None
):
    league = await created(leagues, format, rounds, round_days=round_days)
    for player in players:
        await leagues.join(league.id, player, f"P{player}")
    return await leagues.start(league.id, ORGANISER)


async def opened_round(leagues: LeagueHost, league_id: int) -> list[int]:
    league = await leagues.get(league_id)
    opened = []
    for pairing in await leagues.tables_to_open(league):
        dealt = await leagues.open_table(league, pairing, channel_id=next(THREADS), parent_channel_id=CHANNEL)
        opened.append(dealt.snapshot.match.id)
    return opened


async def played_out(host: MatchHost, match_id: int) -> None:
    while (snapshot := await host.load(match_id)).match.status is MatchStatus.PLAYING:
        await host.act(match_id, snapshot.match.at_seat(min(snapshot.actors)).user_id, "add 2")


async def test_a_swiss_league_plays_its_rounds_through_rated_tables(leagues, host, store):
    league = await started(leagues, ALICE, BOB, CARA, DAN, rounds=2)
    assert league.status is LeagueStatus.RUNNING and league.league.round == 1
    for round in (1, 2):
        tables = await opened_round(leagues, league.id)
        assert len(tables) == 2 and await opened_round(leagues, league.id) == []  # each game gets one table
        for match_id in tables:
            match = await host.get(match_id)
            assert match.clock_seconds == 600 and match.leaver_forfeits and match.parent_channel_id == CHANNEL
            await played_out(host, match_id)
            league = await leagues.table_over(await host.get(match_id))
            assert set(await store.rating_changes(match_id)) == {player.user_id for player in match.players}
        assert league.league.round == min(round + 1, 2)
    assert league.status is LeagueStatus.FINISHED and is_finished(league.league)
    met = [frozenset((p.first, p.second)) for p in league.league.pairings]
    assert len(set(met)) == 4  # no rematch in round 2
    stored = await store.load_league(league.id)
    assert stored == league


async def test_a_table_that_ended_while_the_bot_was_down_is_recorded_at_the_catch_up(leagues, host):
    league = await started(leagues, ALICE, BOB)
    (match_id,) = await opened_round(leagues, league.id)
    await played_out(host, match_id)  # and nobody told the league
    (running,) = await leagues.catch_up()
    assert running.status is LeagueStatus.FINISHED  # one round for two players
    assert await leagues.table_over(await host.get(match_id)) is None  # recorded once


async def test_a_dropped_player_forfeits_their_table(leagues, host):
    league = await started(leagues, ALICE, BOB, CARA, DAN, format=Format.ROUND_ROBIN)
    tables = await opened_round(leagues, league.id)
    dropped = await leagues.drop(league.id, ORGANISER, CARA)
    assert dropped.table_match_id in tables
    game = next(p for p in dropped.record.league.round_pairings() if p.has(2))
    assert game.forfeit and game.winner == game.opponent_of(2)
    with pytest.raises(LeagueRefusal) as refused:
        await leagues.drop(league.id, ORGANISER, CARA)
    assert refused.value.reason is LeagueReason.ALREADY_DROPPED


async def test_an_abandoned_league_table_counts_as_a_draw(leagues, host):
    league = await started(leagues, ALICE, BOB)
    (match_id,) = await opened_round(leagues, league.id)
    match = await host.get(match_id)
    league = await leagues.table_over(await host.abandon(match_id, match.opener_id))
    assert league.league.pairing(1, 0).outcome == "draw"


async def refused(call) -> LeagueReason:
    with pytest.raises(LeagueRefusal) as refusal:
        await call
    return refusal.value.reason


async def test_bad_requests_are_refused_and_change_nothing(leagues, store):
    with pytest.raises(LeagueRefusal) as not_offered:
        await leagues.create(
            guild_id=1, channel_id=CHANNEL, organiser_id=ORGANISER, game="anomia", format=Format.SWISS, rounds=None,
            clock=timedelta(minutes=10),
        )  # fmt: skip
    assert not_offered.value.reason is LeagueReason.GAME_NOT_OFFERED
    assert "Anomia" not in not_offered.value.details["offered"] and "Anarchy" in not_offered.value.details["offered"]
    assert await refused(created(leagues, Format.ROUND_ROBIN, rounds=3)) is LeagueReason.ROUNDS_NOT_SWISS
    for round_days in (0, 15, -1):
        assert await refused(created(leagues, round_days=round_days)) is LeagueReason.ROUND_DAYS_OUT_OF_RANGE
    league = await created(leagues)
    assert await refused(created(leagues)) is LeagueReason.CHANNEL_BUSY
    await leagues.join(league.id, ALICE, "Alice")
    assert await refused(leagues.join(league.id, ALICE, "Alice")) is LeagueReason.ALREADY_JOINED
    assert await refused(leagues.leave(league.id, BOB)) is LeagueReason.NOT_JOINED
    assert await refused(leagues.start(league.id, ALICE)) is LeagueReason.NOT_ORGANISER
    assert await refused(leagues.start(league.id, ORGANISER)) is LeagueReason.TOO_FEW
    assert await refused(leagues.drop(league.id, ORGANISER, ALICE)) is LeagueReason.NOT_STARTED
    assert await refused(leagues.get(12345)) is LeagueReason.NO_LEAGUE
    await leagues.add_computer(league.id, ORGANISER)
    running = await leagues.start(league.id, ORGANISER)
    assert await refused(leagues.join(running.id, BOB, "Bob")) is LeagueReason.ALREADY_STARTED
    assert await refused(leagues.drop(running.id, ORGANISER, BOB)) is LeagueReason.UNKNOWN_PLAYER
    assert await store.load_league(running.id) == running


async def test_the_catch_up_pairs_the_round_a_restart_missed_and_leaves_its_tables_to_open(leagues, host):
    league = await started(leagues, ALICE, BOB, CARA, DAN, format=Format.ROUND_ROBIN)
    for match_id in await opened_round(leagues, league.id):
        await played_out(host, match_id)  # the bot went down before it heard of either end
    (running,) = await leagues.catch_up()
    assert running.league.round == 2 and running.status is LeagueStatus.RUNNING
    assert len(await leagues.tables_to_open(running)) == 2  # what the Discord side opens next


def at(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


async def test_a_round_lasts_ten_turn_clocks_at_least_three_days_unless_the_organiser_says(leagues, clock):
    assert default_round_days(timedelta(minutes=10)) == 3 and default_round_days(timedelta(hours=12)) == 5
    assert default_round_days(timedelta(days=1)) == 10 and default_round_days(timedelta(days=3)) == 14
    league = await started(leagues, ALICE, BOB)
    assert league.round_days == 3 and at(league.round_deadline) == clock.now() + timedelta(days=3)
    assert await leagues.next_round_deadline() == at(league.round_deadline)


async def test_a_round_past_its_deadline_has_its_unfinished_table_finished_by_computers(leagues, host, store, clock):
    league = await started(leagues, ALICE, BOB, CARA, DAN, rounds=2, round_days=2)
    first, second = await opened_round(leagues, league.id)
    await played_out(host, first)
    league = await leagues.table_over(await host.get(first))
    assert league.league.round == 1  # the other table still plays
    clock.advance(days=2, seconds=-1)
    assert await leagues.rounds_past_deadline() == []  # not yet
    assert (await host.get(second)).status is MatchStatus.PLAYING
    clock.advance(seconds=1)
    (decided,) = await leagues.rounds_past_deadline()
    finished = await host.get(second)
    assert finished.status is MatchStatus.FINISHED
    assert [played.snapshot.match.id for played in decided.games] == [second]
    assert set(await store.rating_changes(second)) == {player.user_id for player in finished.players}  # rated
    league = decided.record
    assert league.league.round == 2 and all(p.is_decided for p in league.league.round_pairings(1))
    assert at(league.round_deadline) == clock.now() + timedelta(days=2)  # the next round's own deadline
    assert await store.load_league(league.id) == league
    assert len(await leagues.tables_to_open(league)) == 2  # the next round is paired, its tables to open
    assert await leagues.rounds_past_deadline() == []  # decided once


async def test_the_last_round_past_its_deadline_ends_the_league(leagues, host, clock):
    league = await started(leagues, ALICE, BOB, round_days=1)
    (match_id,) = await opened_round(leagues, league.id)
    clock.advance(days=3)  # the bot was down well past the deadline: it is met once
    (decided,) = await leagues.rounds_past_deadline()
    assert decided.record.status is LeagueStatus.FINISHED and decided.record.league.pairing(1, 0).is_decided
    assert (await host.get(match_id)).status is MatchStatus.FINISHED
    assert await leagues.next_round_deadline() is None
