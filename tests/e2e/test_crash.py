"""A real bot process killed with SIGKILL at random moments of a game, and started again each time.

No acknowledged move may be lost or applied twice (checked against the action log, also for a kill in the middle
of a stream of moves on several tables), and after each start the table must catch up by itself:
the board shows the game's current version, the player to act has been told and every change's announcements
were said, without anyone moving.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

from anthology_driver import choose_first
from bot_process import BotProcess
from fakediscord import FakeChannel, FakeDiscord, ScriptedUser
from support import RULES

KILLS = 3


def stored(database: Path) -> dict:
    """The newest started table's row, seats and logged versions, as the file holds them."""
    with sqlite3.connect(database) as connection:
        connection.row_factory = sqlite3.Row
        query = "SELECT * FROM matches WHERE status != 'lobby' ORDER BY id DESC LIMIT 1"
        match = dict(connection.execute(query).fetchone())
        of_match = (match["id"],)
        seats = connection.execute("SELECT * FROM seats WHERE match_id = ?", of_match)
        match["seats"] = {row["seat"]: row["user_id"] for row in seats}
        actions = connection.execute("SELECT version FROM actions WHERE match_id = ? ORDER BY version", of_match)
        match["log"] = [row["version"] for row in actions]
    return match


@contextlib.asynccontextmanager
async def two_players_at_a_bot_process(
    database: Path,
) -> AsyncIterator[tuple[FakeDiscord, FakeChannel, BotProcess, dict[int, ScriptedUser]]]:
    """A real bot process on `database`, started, in a server whose #games has alice and bob (by user id, in that
    order); the process is ended afterwards, however the test went."""
    async with FakeDiscord() as fake:
        guild = fake.create_guild("Game Night")
        channel = guild.create_text_channel("games")
        alice, bob = guild.add_member("alice"), guild.add_member("bob")
        bot = BotProcess(fake, DATABASE_PATH=str(database))
        await bot.start(channel, alice)
        try:
            yield fake, channel, bot, {alice.id: alice, bob.id: bob}
        finally:
            await bot.end()


async def test_kill_9_at_random_moments_loses_nothing_and_the_table_catches_up(tmp_path):
    database = tmp_path / "anthology.sqlite3"
    chance = random.Random(2026)
    async with two_players_at_a_bot_process(database) as (fake, channel, bot, users):
        alice, bob = users.values()
        board = await (await alice.slash(channel, "play", game="anarchy", thread=False)).response()
        await (await bob.click(board, "Join")).response()
        await (await alice.click(board, "Start")).response()
        kill_at = sorted(chance.sample(range(2, 14), KILLS))
        acknowledged = 0
        for move in range(16):
            match = stored(database)
            if match["status"] != "playing":
                break
            state = RULES["anarchy"].decode_state(json.loads(match["state"]) | json.loads(match["fixed_state"]))
            (seat,) = RULES["anarchy"].actors(state)
            player = users[match["seats"][seat]]
            panel = await (await player.click(board, "My hand")).response()
            handle = await choose_first(player, panel)
            if move not in kill_at:
                reply = await handle.response()
                assert not reply.ephemeral or "out of date" not in (reply.content or "")
                acknowledged += 1
                continue
            # At once, or a few milliseconds on: before the commit, between it and the reply, or after.
            await asyncio.sleep(chance.choice((0, 0.002, 0.005, 0.02)))
            acknowledged += 1 if handle.responded else 0
            await bot.kill()
            before = stored(database)
            await bot.start(channel, alice)
            # The table catches up by itself: the board shows this version, the player to act was told.
            await fake.wait_for(
                lambda: (
                    (now := stored(database))["board_version"] == now["version"]
                    and now["turn_told_version"] >= now["turn_notice_version"]
                    and now["announced_version"] == now["version"]
                ),
                10,
                "the board, the turn notice and the announcements to catch up",
            )
            assert stored(database)["version"] == before["version"], "nothing moved while catching up"
        match = stored(database)
        moves = match["log"]
        assert moves == sorted(set(moves)), "no move applied twice"
        assert len(moves) >= acknowledged, "no acknowledged move lost"
        assert moves == list(range(moves[0], moves[0] + len(moves))), "the log has no gaps"


def logged(database: Path, match_id: int) -> dict[int, int]:
    """version -> user id of each logged action of a match."""
    with sqlite3.connect(database) as connection:
        rows = connection.execute("SELECT version, user_id FROM actions WHERE match_id = ?", (match_id,))
        return dict(rows.fetchall())


def live_match(database: Path, channel_id: int) -> sqlite3.Row | None:
    with sqlite3.connect(database) as connection:
        connection.row_factory = sqlite3.Row
        return connection.execute(
            "SELECT * FROM matches WHERE channel_id = ? AND status = 'playing'", (channel_id,)
        ).fetchone()


async def test_kill_9_in_a_stream_of_moves_on_several_tables_loses_and_doubles_nothing(tmp_path):
    database = tmp_path / "anthology.sqlite3"
    async with FakeDiscord() as fake:
        guild = fake.create_guild("Game Night")
        tables = []
        for number in range(3):
            channel = guild.create_text_channel(f"table-{number}")
            tables.append((channel, guild.add_member(f"ann{number}"), guild.add_member(f"ben{number}")))
        bot = BotProcess(fake, DATABASE_PATH=str(database))
        await bot.start(tables[0][0], tables[0][1])
        acknowledged: list[tuple[int, int, int]] = []  # (match id, version the move made, user id)
        try:
            boards = []
            for channel, ann, ben in tables:
                board = await (await ann.slash(channel, "play", game="anarchy", thread=False)).response()
                await (await ben.click(board, "Join")).response()
                await (await ann.click(board, "Start")).response()
                boards.append(board)

            async def keep_playing(channel, ann, ben, board) -> None:
                users = {ann.id: ann, ben.id: ben}
                while (match := live_match(database, channel.id)) is not None:
                    state = RULES["anarchy"].decode_state(json.loads(match["state"]) | json.loads(match["fixed_state"]))
                    (seat,) = RULES["anarchy"].actors(state)
                    with sqlite3.connect(database) as connection:
                        (user_id,) = connection.execute(
                            "SELECT user_id FROM seats WHERE match_id = ? AND seat = ?", (match["id"], seat)
                        ).fetchone()
                    player = users[user_id]
                    panel = await (await player.click(board, "My hand")).response()
                    reply = await (await choose_first(player, panel)).response()
                    if not (reply.ephemeral and "out of date" in (reply.content or "")):
                        acknowledged.append((match["id"], match["version"] + 1, user_id))

            streams = [
                asyncio.create_task(keep_playing(*table, board)) for table, board in zip(tables, boards, strict=True)
            ]
            await asyncio.sleep(random.Random(9).uniform(1.0, 2.0))
            await bot.kill()  # in the middle of the stream: moves in flight on every table
            for stream in streams:
                stream.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
        finally:
            await bot.end()
        assert len(acknowledged) >= 6, "the stream was under way"
        for match_id in {match_id for match_id, _, _ in acknowledged}:
            log = logged(database, match_id)
            assert sorted(log) == list(range(min(log), min(log) + len(log))), "no gap and nothing twice"
            for _, version, user_id in (entry for entry in acknowledged if entry[0] == match_id):
                assert log.get(version) == user_id, "every acknowledged move is in the log as its player's"
