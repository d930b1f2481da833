"""`python -m bot`: run Anthology until stopped. Configuration problems end with one clear line, status 2."""

from __future__ import annotations

import asyncio
import logging
import sys

import discord

from bot.app import run
from bot.config import ConfigError, load_settings
from bot.storage import DatabaseTooNew


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
        asyncio.run(run(settings))
    except discord.LoginFailure:
        print(
            "anthology: Discord rejected DISCORD_TOKEN. Reset the token in the Developer Portal "
            "(your application > Bot) and put the new one in .env.",
            file=sys.stderr,
        )
        return 2
    except DatabaseTooNew as error:
        print(f"anthology: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
