"""What the store tells about finished games: rating changes, a player's record, leaderboards; and an old
database whose past results are rated when it upgrades."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta

import pytest
from support import store_finished_game

from bot.ratings import rated
from bot.storage import SqliteStore
from bot.storage.migrations import MIGRATIONS

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
GUILD = 9


async def test_a_finished_game_tells_each_players_rating_before_and_after(store):
    first = await store_finished_game(store, GUILD, {1: 1, 2: 2})
    second = await store_finished_game(store, GUILD, {1: 2, 2: 1}, at=START + timedelta(hours=1))
    changes = await store.rating_changes(first)
    assert changes[1].before == pytest.approx(1000.0) and changes[1].change > 0 > changes[2].change
    later = await store.rating_changes(second)
    assert later[1].before == pytest.approx(changes[1].after), "the next game starts from where the last left off"
    unrated = await store_finished_game(store, None, {1: 1, 2: 2})
    assert await store.rating_changes(unrated) == {}, "a game outside a server is not rated"


async def test_a_game_in_teams_is_rated_by_team(store):
    match_id = await store_finished_game(
        store, GUILD, {1: 1, 3: 1, 2: 2, 4: 2}, game="anachronism", teams=((1, 3), (2, 4))
    )
    expected = rated({}, {1: 1, 3: 1, 2: 2, 4: 2}, teams=[(1, 3), (2, 4)])
    changes = await store.rating_changes(match_id)
    assert {user: change.after for user, change in changes.items()} == {
        user: pytest.approx(rating.shown) for user, rating in expected.items()
    }


async def test_a_players_record_counts_games_and_wins_per_game_most_played_first(store):
    for hour, places in enumerate([{1: 1, 2: 2}, {1: 2, 2: 1}, {1: 1, 3: 2}]):
        await store_finished_game(store, GUILD, places, at=START + timedelta(hours=hour))
    await store_finished_game(store, GUILD, {1: 1, 2: 2}, game="anomia", at=START + timedelta(hours=5))
    await store_finished_game(store, GUILD + 1, {1: 1, 2: 2})  # another server's game
    stats = await store.player_stats(GUILD, 1, None, recent=10)
    assert [(tally.game, tally.played, tally.wins) for tally in stats.tallies] == [("anarchy", 3, 2), ("anomia", 1, 1)]
    anarchy = stats.tallies[0]
    assert len(anarchy.trend) == 3 and anarchy.rating == pytest.approx(anarchy.trend[-1])
    assert [game.game for game in stats.recent] == ["anomia", "anarchy", "anarchy", "anarchy"], "newest first"
    assert stats.recent[1].place == 1 and stats.recent[1].players == 2 and stats.recent[1].won
    only = await store.player_stats(GUILD, 1, "anomia", recent=10)
    assert [tally.game for tally in only.tallies] == ["anomia"] and len(only.recent) == 1
    nobody = await store.player_stats(GUILD, 77, None, recent=10)
    assert nobody.tallies == () and nobody.recent == ()


async def test_the_leaderboard_ranks_people_with_enough_games_best_first_and_finds_the_askers_place(store):
    # Player 10 + n beats everyone above them: the lower the id, the better the player.
    people = list(range(11, 26))
    for hour, user_id in enumerate(people):
        for game in range(3):
            others = {other: 2 for other in people if other > user_id} or {-1: 2}
            await store_finished_game(
                store, GUILD, {user_id: 1, **others}, at=START + timedelta(hours=hour, minutes=game)
            )
    await store_finished_game(
        store, GUILD, {99: 1, -1: 2}, at=START + timedelta(days=2)
    )  # one game: not enough to be ranked
    page = await store.leaderboard("anarchy", GUILD, min_games=3, offset=0, limit=10, user_id=25)
    assert page.ranked == 15 and [row.place for row in page.rows] == list(range(1, 11))
    ratings = [row.rating for row in page.rows]
    assert ratings == sorted(ratings, reverse=True)
    assert all(row.user_id > 0 for row in page.rows), "computer players are never on a leaderboard"
    assert page.own is not None and page.own.user_id == 25 and page.own.place > 10
    second = await store.leaderboard("anarchy", GUILD, min_games=3, offset=10, limit=10, user_id=99)
    assert [row.place for row in second.rows] == list(range(11, 16)) and second.own is None
    everyone = {row.user_id for row in page.rows} | {row.user_id for row in second.rows}
    assert everyone == set(people)
    assert (await store.leaderboard("anomia", GUILD, min_games=3, offset=0, limit=10, user_id=25)).ranked == 0


def version_7_database(path, results: list[tuple[datetime, int, dict[int, int]]]) -> None:
    """A database as a bot from before ratings left it: schema version 7, these results (finished at, server,
    places) stored and never rated."""
    with sqlite3.connect(path) as old:
        for number, script in enumerate(MIGRATIONS[:7], start=1):
            old.executescript(f"{script}\nPRAGMA user_version = {number};")
        for match_id, (at, guild_id, places) in enumerate(results, start=1):
            old.execute(
                "INSERT INTO matches (id, game, guild_id, channel_id, opener_id, status, options, seed, version,"
                " reminder_after_seconds, created_at, updated_at) VALUES (?, 'anarchy', ?, ?, 1, 'finished', '{}',"
                " 1, 9, 0, ?, ?)",
                (match_id, guild_id, 6000 + match_id, at.isoformat(), at.isoformat()),
            )
            old.execute(
                "INSERT INTO results (match_id, game, guild_id, finished_at, reason, outcome)"
                " VALUES (?, 'anarchy', ?, ?, 'won', '{}')",
                (match_id, guild_id, at.isoformat(timespec="microseconds")),
            )
            old.executemany(
                "INSERT INTO result_players (match_id, user_id, place, won) VALUES (?, ?, ?, ?)",
                [(match_id, user_id, place, int(place == 1)) for user_id, place in places.items()],
            )


async def test_an_old_database_rates_its_past_results_in_finishing_order_when_it_upgrades(db_path):
    # Stored in one order, finished in another: the upgrade follows the finishing times.
    version_7_database(
        db_path,
        [
            (START + timedelta(hours=2), GUILD, {2: 1, 1: 2}),
            (START, GUILD, {1: 1, 2: 2}),
            (START + timedelta(hours=1), GUILD + 1, {1: 1, 3: 2}),
        ],
    )
    upgraded = await SqliteStore.open(db_path)
    try:
        first = rated({}, {1: 1, 2: 2})
        second = rated(first, {2: 1, 1: 2})
        stats = await upgraded.player_stats(GUILD, 1, "anarchy", recent=10)
        assert stats.tallies[0].rating == pytest.approx(second[1].shown)
        assert stats.tallies[0].trend == (pytest.approx(first[1].shown), pytest.approx(second[1].shown))
        elsewhere = await upgraded.player_stats(GUILD + 1, 1, None, recent=10)
        assert elsewhere.tallies[0].rating == pytest.approx(rated({}, {1: 1, 3: 2})[1].shown)
        page = await upgraded.leaderboard("anarchy", GUILD, min_games=1, offset=0, limit=10, user_id=1)
        assert [(row.user_id, row.games, row.wins) for row in page.rows] == [(2, 2, 1), (1, 2, 1)]
    finally:
        await upgraded.close()


async def test_ratings_shown_on_the_old_scale_are_rated_anew_from_1000_when_the_database_upgrades(db_path):
    store = await SqliteStore.open(db_path)
    try:
        await store_finished_game(store, GUILD, {1: 1, 2: 2})
    finally:
        await store.close()
    with sqlite3.connect(db_path) as older:  # as the bot before migration 12 left it: mu - 3 sigma, around 0
        older.execute("UPDATE ratings SET shown = mu - 3 * sigma")
        older.execute("UPDATE result_players SET rating_before = 0, rating_after = rating_after - 1000")
        older.execute("DROP TABLE replay_states")  # migrations 13's to 16's, made again on the way up
        older.execute("DROP TABLE first_game_guidance")
        older.executescript(  # migration 15's
            "DROP INDEX result_players_season; DROP TABLE season_ends; DROP TABLE feats;"
            " ALTER TABLE server_settings DROP COLUMN season;"
            " ALTER TABLE server_settings DROP COLUMN season_channel_id;"
            " ALTER TABLE results DROP COLUMN season; ALTER TABLE result_players DROP COLUMN season;"
            " ALTER TABLE ratings DROP COLUMN season;"
        )
        older.execute("DROP TABLE league_tables")  # and migration 16's
        older.execute("DROP TABLE leagues")
        older.execute("ALTER TABLE matches DROP COLUMN deadline_rows")  # and migration 19's
        older.execute("ALTER TABLE matches DROP COLUMN seat_rows")  # and migration 20's
        older.execute("PRAGMA user_version = 11")
    upgraded = await SqliteStore.open(db_path)
    try:
        expected = rated({}, {1: 1, 2: 2})
        for user in (1, 2):
            stats = await upgraded.player_stats(GUILD, user, "anarchy", recent=10)
            assert stats.tallies[0].rating == pytest.approx(expected[user].shown)
        assert round(expected[1].shown) > 1000 > round(expected[2].shown)
        changes = await upgraded.rating_changes(1)
        assert changes[1].before == pytest.approx(1000.0) and changes[2].after == pytest.approx(expected[2].shown)
    finally:
        await upgraded.close()
