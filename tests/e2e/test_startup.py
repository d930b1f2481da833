"""Start-up as an operator meets it: `python -m bot`'s main() against a fake Discord that rejects the token."""

from __future__ import annotations

import asyncio
import logging

from fakediscord import FakeDiscord

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
