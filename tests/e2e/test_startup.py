"""Start-up as an operator meets it: `python -m bot`'s main() against a fake Discord that rejects the token, a
Discord it cannot reach, and database files it cannot use. Each ends with one line and status 2, and leaves the
database's folder as it was."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import socket
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from fakediscord import FakeDiscord
from postgres_server import free_port

from bot.__main__ import main
from bot.storage import SqliteStore


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
    assert list(tmp_path.iterdir()) == [], "no database is made for a token Discord refused"


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


BOT_PROCESS = Path(__file__).parent.parent / "bot_process.py"


async def run_bot_process(
    api_base: str, database: Path, *, answer_seconds: float | None = None, prefix: list[str] | None = None
) -> tuple[int, str]:
    """Run the real bot process with Discord's API at `api_base` and its database at `database` until it ends
    (within a minute); its exit status and what it printed on stderr. `prefix`: a command to run it through."""
    environment = {**os.environ, "DISCORD_TOKEN": "a-token", "DATABASE_PATH": str(database), "DATABASE_URL": ""}
    arguments = [api_base, "ws://127.0.0.1:9/"] + ([] if answer_seconds is None else [str(answer_seconds)])
    process = await asyncio.create_subprocess_exec(
        *(prefix or []), sys.executable, str(BOT_PROCESS), *arguments, env=environment, cwd=database.parent,
        stderr=asyncio.subprocess.PIPE,
    )  # fmt: skip
    try:
        _, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    return process.returncode, err.decode()


def the_one_line(err: str) -> str:
    """What start-up told the operator: one line, with nothing beside it but discord.py's note (INFO) that it is
    logging in."""
    told = [line for line in err.splitlines() if " INFO discord.client: logging in" not in line]
    assert len(told) == 1 and "Traceback" not in err, err
    return told[0]


def assert_unreachable(status: int, err: str, trouble: str, folder: Path) -> None:
    assert status == 2, err
    line = the_one_line(err)
    assert line.startswith("anthology: Cannot reach Discord at ") and trouble in line
    assert "firewall and proxy" in line and "discordstatus.com" in line
    assert list(folder.iterdir()) == [], "no database is made before Discord took the token"


@pytest.mark.parametrize(
    ("api_base", "trouble"),
    [
        (lambda: f"http://127.0.0.1:{free_port()}/api/v10", "the connection to 127.0.0.1:"),
        # .invalid never resolves (RFC 6761); bot_process.py answers it without asking the network's DNS.
        (lambda: "https://discord.invalid/api/v10", "the name discord.invalid does not resolve (DNS)"),
    ],
    ids=["refused", "DNS"],
)
async def test_a_discord_it_cannot_connect_to_is_named_in_one_line_and_nothing_is_made(tmp_path, api_base, trouble):
    status, err = await run_bot_process(api_base(), tmp_path / "anthology.sqlite3")
    assert_unreachable(status, err, trouble, tmp_path)


async def test_a_discord_that_never_answers_is_given_up_on_in_one_line_and_nothing_is_made(tmp_path):
    with socket.create_server(("127.0.0.1", 0)) as listener:  # the kernel takes connections for it; it never reads
        silent = f"http://127.0.0.1:{listener.getsockname()[1]}/api/v10"
        status, err = await run_bot_process(silent, tmp_path / "anthology.sqlite3", answer_seconds=1)
    assert_unreachable(status, err, "it did not answer within 1 seconds", tmp_path)


async def test_an_existing_database_is_left_as_it_was_when_discord_cannot_be_reached(tmp_path):
    database = tmp_path / "anthology.sqlite3"
    await (await SqliteStore.open(database)).close()
    before = database.read_bytes()
    status, err = await run_bot_process(f"http://127.0.0.1:{free_port()}/api/v10", database)
    assert status == 2 and "Cannot reach Discord" in the_one_line(err)
    assert database.read_bytes() == before
    assert [path.name for path in tmp_path.iterdir()] == ["anthology.sqlite3"], "no -wal or -shm left"


READ_ONLY_BIND = [
    "unshare",
    "--mount",
    "--propagation",
    "private",
    "sh",
    "-c",
    'mount --bind -o ro "$0" "$0" && exec "$@"',
]
"""A command prefix (its first argument: a file) that runs the rest with that file on a read-only mount of its own,
seen by that process alone: read-only even to root, whom a file's mode does not stop."""


def can_bind_read_only(file: Path) -> bool:
    trial = subprocess.run([*READ_ONLY_BIND, str(file), "true"], capture_output=True, check=False)
    return trial.returncode == 0


async def test_a_read_only_database_in_a_writable_folder_is_named_in_one_line_and_left_as_it_was(tmp_path):
    database = tmp_path / "anthology.sqlite3"
    await (await SqliteStore.open(database)).close()
    database.chmod(0o444)
    before = database.read_bytes()
    read_only = []
    if os.geteuid() == 0:  # root writes to a file of any mode; a read-only mount stops it
        if not can_bind_read_only(database):
            pytest.skip("as root only a read-only mount makes a file read-only, and this machine allows none")
        read_only = [*READ_ONLY_BIND, str(database)]
    status, err = await run_bot_process(f"http://127.0.0.1:{free_port()}/api/v10", database, prefix=read_only)
    assert status == 2, err
    line = the_one_line(err)
    assert "is read-only to this user" in line and str(database) in line
    assert database.read_bytes() == before and stat.S_IMODE(database.stat().st_mode) == 0o444
    assert [path.name for path in tmp_path.iterdir()] == ["anthology.sqlite3"], "no -wal or -shm left"


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
