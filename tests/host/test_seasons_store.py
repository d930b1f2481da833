"""Seasons and feats in the store, on both engines: a result takes its server's season, a season's leaderboard
counts its games only, a season's end waits to be posted once, the next season starts from the ratings carried
over, and each player's feats are kept with the game they were first done in."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from support import store_finished_game

from bot.achievements import FINISHED, WIN
from bot.players import ServerSettings

GUILD, QUIET_GUILD = 1, 2
NOVEMBER = datetime(2026, 11, 30, 20, 0, tzinfo=UTC)
DECEMBER = datetime(2026, 12, 1, 0, 0, tzinfo=UTC)


async def test_a_seasons_results_leaderboard_end_and_carry_over(store):
    await store.save_server_settings(GUILD, ServerSettings(season="month", season_channel_id=77))
    assert (await store.server_settings(GUILD)).season_channel_id == 77
    november = [
        await store_finished_game(store, GUILD, {1: 1, 2: 2}, at=NOVEMBER + timedelta(minutes=minute))
        for minute in range(3)
    ]
    elsewhere = await store_finished_game(store, QUIET_GUILD, {1: 1, 2: 2}, at=NOVEMBER)  # a server without seasons

    board = await store.season_leaderboard("anarchy", GUILD, "2026-11", min_games=3, offset=0, limit=10, user_id=2)
    assert [(row.place, row.user_id, row.games, row.wins) for row in board.rows] == [(1, 1, 3, 3), (2, 2, 3, 0)]
    assert board.ranked == 2 and board.own.place == 2
    last = (await store.rating_changes(november[-1]))[1].after
    assert board.rows[0].rating == pytest.approx(last)
    assert await store.seasons_played(GUILD, "anarchy") == ["2026-11"]
    assert (
        await store.seasons_played(GUILD, None) == ["2026-11"] and await store.seasons_played(QUIET_GUILD, None) == []
    )
    assert await store.season_games(GUILD, "2026-11") == ["anarchy"]

    assert await store.due_season_ends(NOVEMBER + timedelta(hours=3)) == []
    assert await store.next_season_end() == DECEMBER
    assert [tuple(due) for due in await store.due_season_ends(DECEMBER)] == [(GUILD, "2026-11")]
    await store.season_posted(GUILD, "2026-11")
    assert await store.due_season_ends(DECEMBER) == [] and await store.next_season_end() is None

    december = await store_finished_game(store, GUILD, {1: 1, 3: 2}, at=DECEMBER + timedelta(hours=1))
    started = (await store.rating_changes(december))[1].before
    assert started == pytest.approx(1000 + (last - 1000) / 2), "halfway back toward 1,000"
    quiet = await store_finished_game(store, QUIET_GUILD, {1: 1, 3: 2}, at=DECEMBER + timedelta(hours=1))
    kept = (await store.rating_changes(elsewhere))[1].after
    assert (await store.rating_changes(quiet))[1].before == pytest.approx(kept), "no seasons here: nothing carried"
    empty = await store.season_leaderboard("anarchy", GUILD, "2026-12", min_games=3, offset=0, limit=10, user_id=1)
    assert empty.rows == () and empty.own is None


async def test_feats_are_kept_with_the_game_they_were_first_done_in(store):
    first = await store_finished_game(store, GUILD, {1: 1, 2: 2}, at=NOVEMBER)
    second = await store_finished_game(store, GUILD, {1: 1, -1: 2}, at=NOVEMBER + timedelta(hours=1))
    assert await store.feats_of(GUILD, 1) == {("anarchy", WIN), ("anarchy", FINISHED)}
    assert await store.feats_of(GUILD, -1) == frozenset(), "computer players do nothing here"
    assert await store.feats_of(QUIET_GUILD, 1) == frozenset()
    with_first = await store.feats_until(first)
    assert with_first[1] == (frozenset(), frozenset({("anarchy", WIN), ("anarchy", FINISHED)}))
    assert with_first[2] == (frozenset(), frozenset({("anarchy", FINISHED)}))
    with_second = await store.feats_until(second)
    assert with_second[1][0] == with_second[1][1], "nothing new in the second game"
