"""The layers import only downwards: pure rules know no host, storage or Discord, and the host knows no Discord.

cogs -> bot/discord_ui -> bot/matches -> bot/games -> bot/engine, with bot/storage beside the host; checked
on the source, so a stray import fails here before it can creep into a game.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLATFORM = ("discord", "aiosqlite", "sqlite3", "asyncpg")
ABOVE_GAMES = ("bot.matches", "bot.storage", "bot.discord_ui", "bot.catalogue", "bot.app", "cogs")
FORBIDDEN = {
    "bot/engine": ("bot.games", *ABOVE_GAMES, *PLATFORM),
    "bot/games": (*ABOVE_GAMES, *PLATFORM),
    "bot/leagues": (*ABOVE_GAMES, *PLATFORM),
    "bot/matches": ("bot.storage", "bot.discord_ui", "bot.catalogue", "bot.app", "cogs", "discord"),
    "bot/storage": ("bot.discord_ui", "bot.catalogue", "bot.app", "cogs", "discord"),
    "bot/discord_ui": ("bot.storage", "bot.app", "cogs"),
}
IMPURE = ("random", "time", "os", "pathlib", "io")
"""Pure rules use the engine's seeded random source, and read no clock and no file."""


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def within(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_above_itself(layer: str):
    offences = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sorted((ROOT / layer).rglob("*.py"))
        for name in sorted(imported_modules(path))
        if any(within(name, forbidden) for forbidden in FORBIDDEN[layer])
    ]
    assert not offences, "\n".join(offences)


@pytest.mark.parametrize("layer", ["bot/engine", "bot/games", "bot/leagues"])
def test_rules_are_pure(layer: str):
    offences = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        offences += [f"{path.relative_to(ROOT)} imports {name}" for name in imported_modules(path) if name in IMPURE]
        offences += [
            f"{path.relative_to(ROOT)} calls open()"
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "open"
        ]
    assert not offences, "\n".join(offences)


def test_the_check_sees_a_forbidden_import(tmp_path):
    module = tmp_path / "leaky.py"
    module.write_text("from bot.storage.sqlite import SqliteStore\nimport discord.ui\n", encoding="utf-8")
    assert imported_modules(module) == {"bot.storage.sqlite", "discord.ui"}
