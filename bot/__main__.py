"""`python -m bot`: run Anthology until stopped. Configuration problems, a rejected token, a Discord it cannot reach
and a database it cannot use each end with one clear line, status 2.

Ctrl+C (SIGINT) and SIGTERM, which service managers and `docker stop` send, both stop it the same clean way: the
gateway is closed, messages under way are finished, and the database is checkpointed and closed; status 0.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import threading

import discord

from bot.app import AnthologyBot, DiscordUnreachable, run
from bot.config import ConfigError, load_settings
from bot.runtime import run_on_fastest_loop
from bot.storage import DatabaseUnusable


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as error:
        print(f"anthology: {error}", file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s", stream=sys.stderr
    )
    try:
        run_on_fastest_loop(_serve(settings))
    except discord.LoginFailure:
        print(
            "anthology: Discord rejected DISCORD_TOKEN. Reset the token in the Developer Portal "
            "(your application > Bot) and put the new one in .env.",
            file=sys.stderr,
        )
        return 2
    except (DiscordUnreachable, DatabaseUnusable) as error:
        print(f"anthology: {error}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    return 0


async def _serve(settings) -> None:
    """`run` until SIGTERM or Ctrl+C, which cancel it and close the bot; a cancelled run closes everything it
    opened. Cancelling alone is not enough: on Python 3.11, asyncio.wait_for (which discord.py awaits while it
    connects) swallows a cancellation that comes as what it waits for completes, and the bot ran on. Closing the
    bot, as discord.py's own close does, makes its run end by itself."""
    serving = asyncio.current_task()
    bots: list[AnthologyBot] = []
    closing: set[asyncio.Task[None]] = set()

    def stop() -> None:
        serving.cancel()
        if bots:
            close = asyncio.create_task(bots[-1].close())
            closing.add(close)
            close.add_done_callback(closing.discard)

    if threading.current_thread() is threading.main_thread():  # signals reach only the main thread
        for signal_number in (signal.SIGTERM, signal.SIGINT):
            asyncio.get_running_loop().add_signal_handler(signal_number, stop)
    with contextlib.suppress(asyncio.CancelledError):
        await run(settings, started=bots.append)


if __name__ == "__main__":
    sys.exit(main())
