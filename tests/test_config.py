"""Settings and start-up: what an operator sees when something is missing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import RULES

from bot.config import ConfigError, Settings
from bot.discord_ui.options import parse_options


def test_settings_read_every_documented_variable():
    settings = Settings.from_environment(
        {"DISCORD_TOKEN": " abc ", "DATABASE_PATH": "/tmp/x.db", "GUILD_IDS": "1, 2", "LOG_LEVEL": "debug"}
    )
    assert settings == Settings("abc", Path("/tmp/x.db"), (1, 2), "DEBUG")
    defaults = Settings.from_environment({"DISCORD_TOKEN": "abc"})
    assert defaults.database_path == Path("anthology.sqlite3")
    assert defaults.guild_ids == ()


def test_turn_notices_wait_five_seconds_unless_told_otherwise():
    assert Settings.from_environment({"DISCORD_TOKEN": "abc"}).turn_notice_delay == 5.0
    assert Settings.from_environment({"DISCORD_TOKEN": "abc", "TURN_NOTICE_DELAY": " 0 "}).turn_notice_delay == 0.0
    assert Settings.from_environment({"DISCORD_TOKEN": "abc", "TURN_NOTICE_DELAY": "2.5"}).turn_notice_delay == 2.5


@pytest.mark.parametrize(
    ("environment", "complaint"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "x", "GUILD_IDS": "my server"}, "GUILD_IDS"),
        ({"DISCORD_TOKEN": "x", "LOG_LEVEL": "loud"}, "LOG_LEVEL"),
        ({"DISCORD_TOKEN": "x", "DATABASE_URL": "mysql://db/anthology"}, "DATABASE_URL must be a PostgreSQL URL"),
        ({"DISCORD_TOKEN": "x", "SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number of shards, 1 or more"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "between 0 and 1 .SHARD_COUNT is 2., not 2"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "between 0 and 1"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "2", "SHARD_IDS": "one"}, "SHARD_IDS must be shard numbers"),
        ({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "1,1"}, "names a shard twice"),
        ({"DISCORD_TOKEN": "x", "TURN_NOTICE_DELAY": "soon"}, "TURN_NOTICE_DELAY must be a number of seconds"),
        ({"DISCORD_TOKEN": "x", "TURN_NOTICE_DELAY": "-1"}, "from 0 to 600, not '-1'"),
    ],
)
def test_bad_settings_say_what_to_fix(environment, complaint):
    with pytest.raises(ConfigError, match=complaint):
        Settings.from_environment(environment)


def test_a_database_url_chooses_postgresql_and_none_keeps_sqlite():
    url = "postgresql://bot:secret@db:5432/anthology"
    assert Settings.from_environment({"DISCORD_TOKEN": "x", "DATABASE_URL": f" {url} "}).database_url == url
    assert Settings.from_environment({"DISCORD_TOKEN": "x", "DATABASE_URL": ""}).database_url is None


def test_shard_settings_name_the_count_and_the_shards_this_process_runs():
    recommended = Settings.from_environment({"DISCORD_TOKEN": "x"})
    assert (recommended.shard_count, recommended.shard_ids) == (None, ())
    every_shard_here = Settings.from_environment({"DISCORD_TOKEN": "x", "SHARD_COUNT": " 3 "})
    assert (every_shard_here.shard_count, every_shard_here.shard_ids) == (3, ())
    some = Settings.from_environment({"DISCORD_TOKEN": "x", "SHARD_COUNT": "4", "SHARD_IDS": "3, 1"})
    assert (some.shard_count, some.shard_ids) == (4, (1, 3))


def test_env_example_documents_every_setting():
    text = (Path(__file__).resolve().parent.parent / ".env.example").read_text()
    documented = (
        "DISCORD_TOKEN",
        "DATABASE_PATH",
        "DATABASE_URL",
        "GUILD_IDS",
        "LOG_LEVEL",
        "SHARD_COUNT",
        "SHARD_IDS",
    )
    for name in documented:
        assert f"{name}=" in text


def test_running_without_a_token_prints_one_line_and_exits_2(tmp_path):
    environment = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    finished = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=60
    )
    assert finished.returncode == 2
    assert finished.stderr.strip().count("\n") == 0
    assert "DISCORD_TOKEN is not set" in finished.stderr
    assert "Traceback" not in finished.stderr


def test_table_options_are_read_from_words():
    anarchy = RULES["anarchy"]
    assert parse_options(anarchy, "draw_then_play=on play_on=yes") == {"draw_then_play": True, "play_on": True}
    assert parse_options(anarchy, "voluntary_draw") == {"voluntary_draw": True}
    assert parse_options(anarchy, "") == {}
    with pytest.raises(ValueError, match="has no option `speed`"):
        parse_options(anarchy, "speed=fast")
    with pytest.raises(ValueError, match="on or off"):
        parse_options(anarchy, "play_on=maybe")
