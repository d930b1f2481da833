"""Matches stored by an earlier version of the bot still load and play on.

tests/host/fixtures/written_by_0_1_0.sql is a database written by version 0.1.0 (before games were packages and
states had one generic codec): a three-player Anarchy game five moves in, an Anomia game with a computer player
stopped in the settling window of a face-off, and an open lobby. Each must resume, decode to the same data, and
take its next move (an SQLite file: there are no PostgreSQL databases that old). Matches started since keep what
never changes after the deal apart, written once, on either engine.
"""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

from support import RULES, make_host

from bot.engine import GameRules, canonical_json
from bot.matches import MatchStatus
from bot.matches.snapshots import decode_state
from bot.storage import SqliteStore

FIXTURE = Path(__file__).parent / "fixtures" / "written_by_0_1_0.sql"


async def test_a_database_from_version_0_1_0_resumes_and_plays_on(tmp_path, clock):
    path = tmp_path / "old.sqlite3"
    connection = sqlite3.connect(path)
    connection.executescript(FIXTURE.read_text(encoding="utf-8"))
    connection.close()
    store = await SqliteStore.open(path)
    try:
        host = make_host(store, clock)
        live, unreadable = await host.resume()
        assert (live, unreadable) == (3, [])
        matches = {match.game: match async for match in store.live_matches() if match.status is MatchStatus.PLAYING}

        anarchy = matches["anarchy"]
        stored = json.loads(anarchy.state_json)
        # Written before Anarchy had computer players: its state reads as having none, at the normal level, and
        # (written before what the table saw of each hand was kept) as knowing nothing of the hands yet.
        options = {**stored["options"], "computer_level": "normal"}
        expected = {**stored, "computer_seats": [], "hand_groups": [], "options": options}
        assert RULES["anarchy"].encode_state(RULES["anarchy"].decode_state(stored)) == expected
        snapshot = host.snapshot(anarchy)
        (seat,) = snapshot.actors
        action = snapshot.seat_view(seat).legal_actions[0].notation
        result = await host.act(anarchy.id, anarchy.at_seat(seat).user_id, action, pin=str(anarchy.version))
        assert result.match.version == anarchy.version + 1

        anomia = matches["anomia"]
        stored = json.loads(anomia.state_json)
        state = RULES["anomia"].decode_state(stored)
        assert state.opener == 0 and state.computer_seats == (3,)
        # The fields added since: who opened the table, which was always seat 0 then, and the computers' level.
        options = {**stored["options"], "computer_level": "normal"}
        assert RULES["anomia"].encode_state(state) == {**stored, "opener": 0, "options": options}
        assert canonical_json(RULES["anomia"].encode_state(state)) != anomia.state_json
        assert state.faceoff.phase == "settling"
        clock.advance(hours=1)  # past the settling window, whenever the fixture was written
        fired = await host.fire_due_deadlines()
        assert [item.match.id for item in fired if item.result is not None] == [anomia.id]
        settled = (await host.load(anomia.id)).public_view
        assert settled.faceoff is None or settled.faceoff.phase != "settling"
    finally:
        await store.close()


async def test_what_never_changes_after_the_deal_is_stored_once(host, store):
    match = await host.open_table(guild_id=1, channel_id=9, game="anomia", opener_id=1, opener_name="Ada")
    for user_id, name in ((2, "Bo"), (3, "Cy")):
        await host.join(match.id, user_id, name)
    started = (await host.start(match.id, 1)).match
    assert set(json.loads(started.fixed_json)) == {"options", "deck", "computer_seats", "opener"}
    assert "deck" not in json.loads(started.state_json)
    view = host.snapshot(started).public_view
    flipped = await host.act(match.id, started.at_seat(view.flipper).user_id, "flip left")
    stored = await store.load_match(match.id)
    assert stored.fixed_json == started.fixed_json and stored.state_json != started.state_json
    assert host.snapshot(stored).public_view == flipped.snapshot.public_view


async def test_an_anomia_deck_stored_as_whole_cards_still_reads_and_plays_on(host, store):
    # Matches dealt before decks were stored a text per card hold whole cards in the part stored once.
    match = await host.open_table(guild_id=1, channel_id=9, game="anomia", opener_id=1, opener_name="Ada")
    for user_id, name in ((2, "Bo"), (3, "Cy")):
        await host.join(match.id, user_id, name)
    started = (await host.start(match.id, 1)).match
    rules = RULES["anomia"]
    dealt = decode_state(rules, started)
    assert all(isinstance(card, str) for card in json.loads(started.fixed_json)["deck"])
    whole = canonical_json(GameRules.encode_fixed(rules, dealt))
    assert all(isinstance(card, list) for card in json.loads(whole)["deck"])
    written_before = started.with_changes(fixed_json=whole, version=started.version + 1)
    assert await store.save_match(written_before, expected_version=started.version)

    stored = await store.load_match(match.id)
    assert decode_state(rules, stored) == dealt
    view = host.snapshot(stored).public_view
    assert view == host.snapshot(started).public_view
    flipped = await host.act(match.id, stored.at_seat(view.flipper).user_id, "flip left")
    assert flipped.match.version == written_before.version + 1
    after = await store.load_match(match.id)
    assert after.fixed_json == whole and host.snapshot(after).public_view == flipped.snapshot.public_view


async def test_an_action_log_written_before_it_was_kept_in_key_order_reads_whole_and_grows(tmp_path, clock):
    path = tmp_path / "old.sqlite3"
    with contextlib.closing(sqlite3.connect(path)) as connection:
        connection.executescript(FIXTURE.read_text(encoding="utf-8"))
        logged_before = connection.execute(
            "SELECT match_id, version, seat, user_id, action, events, at FROM actions ORDER BY match_id, version"
        ).fetchall()
    store = await SqliteStore.open(path)
    try:
        host = make_host(store, clock)
        await host.resume()
        (anarchy,) = [
            match
            async for match in store.live_matches()
            if match.game == "anarchy" and match.status is MatchStatus.PLAYING
        ]
        old_moves = [row for row in logged_before if row[0] == anarchy.id]
        assert [(entry.version, entry.action) for entry in await store.action_log(anarchy.id)] == [
            (row[1], row[4]) for row in old_moves
        ]
        snapshot = host.snapshot(anarchy)
        (seat,) = snapshot.actors
        action = snapshot.seat_view(seat).legal_actions[0].notation
        await host.act(anarchy.id, anarchy.at_seat(seat).user_id, action)
        log = await store.action_log(anarchy.id)
        assert [entry.action for entry in log] == [row[4] for row in old_moves] + [action]
        assert [version for version, _ in await store.logged_events(anarchy.id, old_moves[-1][1])] == [log[-1].version]
    finally:
        await store.close()
    with contextlib.closing(sqlite3.connect(path)) as connection:
        logged_after = connection.execute(
            "SELECT match_id, version, seat, user_id, action, events, at FROM actions ORDER BY match_id, version"
        ).fetchall()
    kept = {row[:2] for row in logged_before}
    assert [row for row in logged_after if row[:2] in kept] == logged_before, "every old row, as it was written"
