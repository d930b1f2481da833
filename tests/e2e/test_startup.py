"""Start-up as an operator meets it: `python -m bot`'s main() against a fake Discord that rejects the token, and
against database files it cannot use."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sqlite3
import sys
from pathlib import Path

import pytest
from fakediscord import FakeDiscord
from postgres_server import free_port

from bot.__main__ import main


async def test_a_rejected_token_prints_one_clear_line_and_exits_2(tmp_path, monkeypatch, capsys):
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))  # main() configures logging; undo it after
    monkeypatch.setattr(root, "level", root.level)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "not-the-right-token")
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "anthology.sqlite3"))
    async with FakeDiscord() as fake:
        with fake.redirect():
            # main() runs its own event loop, as `python -m bot` does; the fake keeps serving on this one.
            status = await asyncio.to_thread(main)
    assert status == 2
    err = capsys.readouterr().err
    assert "Discord rejected DISCORD_TOKEN" in err
    assert "Traceback" not in err


def run_main(monkeypatch, database: Path) -> int:
    root = logging.getLogger()
    monkeypatch.setattr(root, "handlers", list(root.handlers))
    monkeypatch.setattr(root, "level", root.level)
    monkeypatch.setenv("DISCORD_TOKEN", "a-token-that-is-never-sent")
    monkeypatch.setenv("DATABASE_PATH", str(database))
    return main()


def a_damaged_database(path: Path) -> None:
    """A real database, cut short the way a full disk or a bad copy leaves one."""
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE filler (text TEXT)")
    connection.executemany("INSERT INTO filler VALUES (?)", [("x" * 500,) for _ in range(200)])
    connection.commit()
    connection.close()
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


@pytest.mark.parametrize(
    ("make", "complaint"),
    [
        (lambda path: path.write_bytes(b"this is not a database, just some text\n" * 100), "not an Anthology database"),
        (a_damaged_database, "is damaged"),
        (lambda path: path.mkdir(), "is a folder"),
    ],
    ids=["garbage", "truncated", "folder"],
)
def test_an_unusable_database_is_named_in_one_line_and_left_as_it_was(tmp_path, monkeypatch, capsys, make, complaint):
    database = tmp_path / "anthology.sqlite3"
    make(database)
    before = database.read_bytes() if database.is_file() else None
    assert run_main(monkeypatch, database) == 2
    err = capsys.readouterr().err
    assert complaint in err and str(database) in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert (database.read_bytes() if database.is_file() else None) == before
    assert sorted(path.name for path in tmp_path.iterdir()) == ["anthology.sqlite3"]


def test_a_database_in_a_missing_folder_is_named(tmp_path, monkeypatch, capsys):
    database = tmp_path / "no such folder" / "anthology.sqlite3"
    assert run_main(monkeypatch, database) == 2
    err = capsys.readouterr().err
    assert "does not exist" in err and str(database) in err and "Traceback" not in err
    assert not database.parent.exists()


def test_a_postgresql_database_it_cannot_reach_is_named_in_one_line_without_its_password(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DATABASE_URL", f"postgresql://bot:s3cret@127.0.0.1:{free_port()}/anthology")
    assert run_main(monkeypatch, tmp_path / "anthology.sqlite3") == 2
    err = capsys.readouterr().err
    assert "Cannot reach the database postgresql://bot:***@127.0.0.1:" in err and "s3cret" not in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == [], "no SQLite file is made beside it"


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
async def test_a_stop_signal_stops_a_real_bot_process_cleanly(tmp_path, stop):
    database = tmp_path / "anthology.sqlite3"
    environment = {**os.environ, "DISCORD_TOKEN": "", "DATABASE_PATH": str(database), "LOG_LEVEL": "INFO"}
    async with FakeDiscord() as fake:
        fake.create_guild("Game Night").create_text_channel("games")
        environment["DISCORD_TOKEN"] = fake.token
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            str(Path(__file__).parent.parent / "bot_process.py"),
            fake.api_base,
            fake.gateway_url,
            env=environment,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            await fake.wait_for(lambda: fake.gateway.identifies, 30, "the bot process to connect")
            await fake.wait_for(lambda: (tmp_path / "anthology.sqlite3-wal").exists(), 10, "the database in use")
            process.send_signal(stop)
            status = await asyncio.wait_for(process.wait(), 10)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
        err = (await process.stderr.read()).decode()
    assert status == 0, err
    assert "Traceback" not in err and "ERROR" not in err and "voice" not in err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["anthology.sqlite3"], "no -wal or -shm left"
