"""`python -m bot` in a process of its own, pointed at a fake Discord: `python tests/bot_process.py API GATEWAY
[SECONDS]`.

The same main() as production; only discord.py's two base addresses are moved to the fake, as
`FakeDiscord.redirect` does in-process, and SECONDS, when given, replaces how long logging in waits for Discord's
answer. Host names under .invalid fail to resolve here, as RFC 6761 asks of every resolver, so a test of a name
that does not resolve sends no query out of the machine. Tests start, signal and kill such processes through
`BotProcess`, each with its own settings (a SQLite file, or a PostgreSQL database several processes share, and the
shards it runs).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import aiohttp.connector
import discord
import yarl
from fakediscord import ScriptError

import bot.app
from bot.__main__ import main

if TYPE_CHECKING:
    from fakediscord import FakeChannel, FakeDiscord, ScriptedUser

UNSET = {
    "DATABASE_PATH": "",
    "DATABASE_URL": "",
    "SHARD_COUNT": "",
    "SHARD_IDS": "",
    "GUILD_IDS": "",
    "TURN_NOTICE_DELAY": "0",
}
"""Settings a test does not give are set empty, so neither the test's own environment nor a .env file beside
it can choose them; turn notices go at once, as the tests wait for them."""
STARTUP_SECONDS = 60
"""How long a process may take to come up (import, open its database, connect) before the test gives up on it."""


class BotProcess:
    """A real bot process against the fake, with the settings a test gives it (DATABASE_PATH or DATABASE_URL,
    SHARD_COUNT, SHARD_IDS). It runs shard 0 of 1 unless they say otherwise."""

    def __init__(self, fake: FakeDiscord, **settings: str) -> None:
        self.fake = fake
        self.environment = {**os.environ, **UNSET, "DISCORD_TOKEN": fake.token, **settings}
        shard_ids = settings.get("SHARD_IDS", "")
        self.shard_ids = [int(shard) for shard in shard_ids.split(",")] if shard_ids else []
        self.shard_ids = self.shard_ids or list(range(int(settings.get("SHARD_COUNT") or 1)))
        self.process: asyncio.subprocess.Process | None = None

    @property
    def connected(self) -> bool:
        """Whether one of its shards has a gateway connection open."""
        return any(self.fake.gateway.connection_of(shard) is not None for shard in self.shard_ids)

    async def start(self, channel: FakeChannel, user: ScriptedUser, *, stderr: Path | None = None) -> None:
        """Start it, and return once it answers `user`'s /status in `channel` (of a server one of its shards
        hears). `stderr`: a file for what it logs (by default it shares the test's)."""
        log = stderr.open("ab") if stderr is not None else None
        try:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable, __file__, self.fake.api_base, self.fake.gateway_url, env=self.environment, stderr=log
            )
        finally:
            if log is not None:
                log.close()  # the process has its own copy
        give_up_at = asyncio.get_running_loop().time() + STARTUP_SECONDS
        while asyncio.get_running_loop().time() < give_up_at:
            if self.process.returncode is not None:
                raise RuntimeError(f"the bot process ended with status {self.process.returncode}")
            if self.connected:
                try:
                    handle = await user.slash(channel, "status")
                    await handle.response(timeout=2)
                    return
                except (ScriptError, TimeoutError):
                    pass
            await asyncio.sleep(0.05)
        raise TimeoutError("the bot process did not come up")

    async def kill(self) -> None:
        """SIGKILL: no goodbye to Discord or the database; returns once the gateway saw its connections drop."""
        self.process.kill()
        await self.process.wait()
        await self.fake.wait_for(lambda: not self.connected, 5, "the gateway to notice")

    async def stop(self) -> int:
        """SIGTERM, as `docker stop` sends; returns the exit status."""
        self.process.send_signal(signal.SIGTERM)
        return await asyncio.wait_for(self.process.wait(), 10)

    async def end(self) -> None:
        """Kill it if it still runs (for a test's `finally`)."""
        if self.process is not None and self.process.returncode is None:
            self.process.kill()
            await self.process.wait()


class _ResolverThatKnowsInvalid(aiohttp.connector.DefaultResolver):
    async def resolve(self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET):
        if host == "invalid" or host.endswith(".invalid"):
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return await super().resolve(host, port, family)


if __name__ == "__main__":
    discord.http.Route.BASE = sys.argv[1]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
    if len(sys.argv) > 3:
        bot.app.DISCORD_ANSWER_SECONDS = float(sys.argv[3])
    aiohttp.connector.DefaultResolver = _ResolverThatKnowsInvalid
    sys.exit(main())
