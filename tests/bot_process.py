"""`python -m bot` in a process of its own, pointed at a fake Discord: `python tests/bot_process.py API GATEWAY`.

The same main() as production; only discord.py's two base addresses are moved to the fake, as
`FakeDiscord.redirect` does in-process. Tests use it to signal and kill a real bot process.
"""

from __future__ import annotations

import sys

import discord
import yarl

from bot.__main__ import main

if __name__ == "__main__":
    discord.http.Route.BASE = sys.argv[1]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2])
    sys.exit(main())
