"""Settings from the environment and an optional .env file; .env.example documents every one."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_PATH = "anthology.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to do."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: Path
    guild_ids: tuple[int, ...] = ()
    log_level: str = "INFO"

    @classmethod
    def from_environment(cls, environment: Mapping[str, str]) -> Settings:
        token = environment.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(
                "DISCORD_TOKEN is not set. Copy .env.example to .env and paste your bot's token "
                "(Discord Developer Portal > your application > Bot > Reset Token)."
            )
        guild_text = environment.get("GUILD_IDS", "").strip()
        try:
            guild_ids = tuple(int(part) for part in guild_text.replace(" ", "").split(",") if part)
        except ValueError:
            raise ConfigError(f"GUILD_IDS must be server ids separated by commas, not {guild_text!r}.") from None
        log_level = environment.get("LOG_LEVEL", "INFO").strip().upper() or "INFO"
        if log_level not in LOG_LEVELS:
            raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}.")
        database_path = Path(environment.get("DATABASE_PATH", "").strip() or DEFAULT_DATABASE_PATH)
        return cls(token=token, database_path=database_path, guild_ids=guild_ids, log_level=log_level)


def load_settings(env_file: str | Path = ".env") -> Settings:
    """Read .env (if present; real environment variables win) and then the environment."""
    load_dotenv(env_file, override=False)
    return Settings.from_environment(os.environ)
