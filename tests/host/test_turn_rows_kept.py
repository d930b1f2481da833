"""A move that only passes the turn on leaves the turn's deadline row as it was (`rows_serve`): whatever players do
and whenever they do it, the reminders, the clocks running out and the computer's moves come at the very same
moments, to the same players, as when every move rewrites the row. Count To with a clock of an hour (reminders at
half an hour and 54 minutes), one player with away hours, moves at random minutes; the runs are compared."""

from __future__ import annotations

import asyncio
import tempfile
from datetime import time, timedelta
from pathlib import Path
from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st
from support import FakeClock, make_host

from bot.players import PlayerSettings
from bot.storage import SqliteStore

ALICE, BOB = 101, 102

steps = st.lists(st.tuples(st.integers(1, 100), st.booleans()), min_size=1, max_size=12)
"""Minutes to let pass, a minute at a time, then whether the player to act moves."""


async def played(moments: list[tuple[int, bool]], away: tuple[int, int]) -> tuple[list, tuple]:
    """What fired at each minute (time, kind, seats) and the game at the end (status, state)."""
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "anthology.sqlite3")
        try:
            clock = FakeClock()
            host = make_host(store, clock)
            match = await host.open_table(
                guild_id=1, channel_id=500, game="countto", opener_id=ALICE, opener_name="Alice",
                clock=timedelta(hours=1),
            )  # fmt: skip
            await host.join(match.id, BOB, "Bob")
            await store.save_player_settings(BOB, PlayerSettings("UTC", time(away[0]), time(away[1])))
            await host.start(match.id, ALICE)
            fired = []
            for minutes, moves in moments:
                for _ in range(minutes):
                    clock.advance(minutes=1)
                    fired += [(clock.now(), each.kind, each.seats) for each in await host.fire_due_deadlines()]
                snapshot = await host.load(match.id)
                if moves and snapshot.actors:
                    (seat,) = snapshot.actors
                    await host.act(match.id, snapshot.match.at_seat(seat).user_id, "add 1")
            final = (await host.load(match.id)).match
            return fired, (final.status, final.state_json)
        finally:
            await store.close()


@settings(max_examples=25, deadline=None)
@given(moments=steps, away=st.tuples(st.integers(12, 16), st.integers(13, 23)))
def test_reminders_and_clocks_come_as_when_every_move_rewrote_the_turns_row(moments, away):
    kept = asyncio.run(played(moments, away))
    with mock.patch("bot.storage.sqlite_statements.rows_serve", lambda rows, wanted: False):
        rewritten = asyncio.run(played(moments, away))
    assert kept == rewritten
