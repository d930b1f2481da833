"""Settings from the environment and an optional .env file; .env.example documents every one."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import load_dotenv

DEFAULT_DATABASE_PATH = "anthology.sqlite3"
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
POSTGRES_SCHEMES = ("postgresql://", "postgres://")
DEFAULT_TURN_NOTICE_DELAY_SECONDS = 5.0
"""How long a turn notice waits for its player to act or look at the table before it is sent."""


class ConfigError(Exception):
    """A setting is missing or malformed; the message says what to do."""


@dataclass(frozen=True)
class Settings:
    token: str
    database_path: Path
    guild_ids: tuple[int, ...] = ()
    log_level: str = "INFO"
    database_url: str | None = None
    """A PostgreSQL database (postgresql://...), used instead of the SQLite file at `database_path` when set."""
    shard_count: int | None = None
    """How many shards the bot has in all (every process says the same); None: as many as Discord recommends."""
    shard_ids: tuple[int, ...] = ()
    """The shards this process runs; empty: all of them (`shard_count` of them, or Discord's recommendation)."""
    turn_notice_delay: float = DEFAULT_TURN_NOTICE_DELAY_SECONDS
    """Seconds a turn notice waits for its player to act or look at the table first (0: it is sent at once)."""

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
        database_url = environment.get("DATABASE_URL", "").strip() or None
        if database_url is not None and not database_url.startswith(POSTGRES_SCHEMES):
            raise ConfigError(
                "DATABASE_URL must be a PostgreSQL URL such as postgresql://user:password@host:5432/anthology "
                "(or left empty for SQLite at DATABASE_PATH)."
            )
        shard_count, shard_ids = _shards(environment)
        delay_text = environment.get("TURN_NOTICE_DELAY", "").strip()
        try:
            turn_notice_delay = float(delay_text) if delay_text else DEFAULT_TURN_NOTICE_DELAY_SECONDS
        except ValueError:
            turn_notice_delay = -1.0
        if not 0 <= turn_notice_delay <= 600:
            raise ConfigError(f"TURN_NOTICE_DELAY must be a number of seconds from 0 to 600, not {delay_text!r}.")
        return cls(
            token=token,
            database_path=database_path,
            guild_ids=guild_ids,
            log_level=log_level,
            database_url=database_url,
            shard_count=shard_count,
            shard_ids=shard_ids,
            turn_notice_delay=turn_notice_delay,
        )


def _shards(environment: Mapping[str, str]) -> tuple[int | None, tuple[int, ...]]:
    """SHARD_COUNT and SHARD_IDS: the shards in all, and the ones this process runs (see .env.example)."""
    count_text = environment.get("SHARD_COUNT", "").strip()
    ids_text = environment.get("SHARD_IDS", "").replace(" ", "")
    if not count_text:
        if ids_text:
            raise ConfigError(
                "SHARD_IDS needs SHARD_COUNT: set SHARD_COUNT to the number of shards all processes run together."
            )
        return None, ()
    try:
        count = int(count_text)
    except ValueError:
        count = 0
    if count < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of shards, 1 or more, not {count_text!r}.")
    try:
        shard_ids = tuple(int(part) for part in ids_text.split(",") if part)
    except ValueError:
        raise ConfigError(f"SHARD_IDS must be shard numbers separated by commas, not {ids_text!r}.") from None
    outside = [shard for shard in shard_ids if not 0 <= shard < count]
    if outside:
        raise ConfigError(f"SHARD_IDS must be between 0 and {count - 1} (SHARD_COUNT is {count}), not {outside[0]}.")
    if len(set(shard_ids)) != len(shard_ids):
        raise ConfigError(f"SHARD_IDS names a shard twice: {ids_text!r}.")
    return count, tuple(sorted(shard_ids))


def load_settings(env_file: str | Path = ".env") -> Settings:
    """Read .env (if present; real environment variables win) and then the environment."""
    load_dotenv(env_file, override=False)
    return Settings.from_environment(os.environ)
