"""A real bot process killed with SIGKILL at random moments of a game, and started again each time.

No acknowledged move may be lost or applied twice, and after each start the table must catch up by itself:
the board shows the game's current version, the player to act has been told and every change's announcements
were said, without anyone moving.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sqlite3
import sys
from pathlib import Path

from anthology_driver import choose_first
from fakediscord import FakeDiscord, ScriptError
from support import RULES

KILLS = 3
BOT_PROCESS = Path(__file__).parent.parent / "bot_process.py"


class BotProcess:
    """`python -m bot` in its own process against the fake, on one database file."""

    def __init__(self, fake: FakeDiscord, database: Path) -> None:
        self.fake = fake
        self.environment = {**os.environ, "DISCORD_TOKEN": fake.token, "DATABASE_PATH": str(database)}
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, channel, user) -> None:
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, str(BOT_PROCESS), self.fake.api_base, self.fake.gateway_url, env=self.environment
        )
        # Ready when it answers a command.
        for _ in range(200):
            if self.fake.gateway.connection is not None:
                try:
                    handle = await user.slash(channel, "status")
                    await handle.response(timeout=2)
                    return
                except (ScriptError, TimeoutError):
                    pass
            await asyncio.sleep(0.05)
        raise TimeoutError("the bot process did not come up")

    async def kill(self) -> None:
        self.process.kill()
        await self.process.wait()
        await self.fake.wait_for(lambda: self.fake.gateway.connection is None, 5, "the gateway to notice")


def stored(database: Path) -> dict:
    with sqlite3.connect(database) as connection:
        connection.row_factory = sqlite3.Row
        match = dict(connection.execute("SELECT * FROM matches WHERE status != 'lobby' ORDER BY id LIMIT 1").fetchone())
        match["seats"] = {row["seat"]: row["user_id"] for row in connection.execute("SELECT * FROM seats")}
        match["log"] = [row["version"] for row in connection.execute("SELECT version FROM actions ORDER BY version")]
    return match


async def test_kill_9_at_random_moments_loses_nothing_and_the_table_catches_up(tmp_path):
    database = tmp_path / "anthology.sqlite3"
    chance = random.Random(2026)
    async with FakeDiscord() as fake:
        guild = fake.create_guild("Game Night")
        channel = guild.create_text_channel("games")
        alice, bob = guild.add_member("alice"), guild.add_member("bob")
        users = {alice.id: alice, bob.id: bob}
        bot = BotProcess(fake, database)
        await bot.start(channel, alice)
        try:
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
        finally:
            if bot.process is not None and bot.process.returncode is None:
                bot.process.terminate()
                await bot.process.wait()
