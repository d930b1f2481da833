"""The catalogue: every game the bot offers, with all of its parts named in one place.

A game is four parts: its rules (a `GameRules` class in bot/games/<key>/), its renderer (a `GameRenderer` class in
bot/discord_ui/renderers/), its rules help (docs/rules/<key>.md, shown by /rules topic by topic with
docs/rules/seats.md, which every game shares) and its content (the files in data/<key>/ that its `parse_content`
reads; a game with none names no files). `load_games` reads the content and the rules help once, in the
composition root, and builds the rules and renderers from them; importing this module reads no file.
tests/test_catalogue.py checks that every entry has every part and that they agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.renderers.anachronism import AnachronismRenderer
from bot.discord_ui.renderers.anarchy import AnarchyRenderer
from bot.discord_ui.renderers.anokera import AnokeraRenderer
from bot.discord_ui.renderers.anomia import AnomiaRenderer
from bot.discord_ui.renderers.not_another_word import NotAnotherWordRenderer
from bot.engine import GameRules
from bot.games.anachronism import content as anachronism_content
from bot.games.anachronism.timing import AnachronismGame
from bot.games.anarchy.rules import AnarchyRules
from bot.games.anokera import content as anokera_content
from bot.games.anokera.rules import AnokeraRules
from bot.games.anomia import content as anomia_content
from bot.games.anomia.rules import AnomiaRules
from bot.games.not_another_word import content as word_content
from bot.games.not_another_word.rules import NotAnotherWordRules

PROJECT_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class GameEntry:
    """One game's parts. The rules and renderer classes take the parsed content when the game has any."""

    rules: type[GameRules]
    renderer: type[GameRenderer]
    content_files: tuple[str, ...] = ()
    parse_content: Callable[[Mapping[str, str]], Any] | None = None

    @property
    def key(self) -> str:
        return self.rules.key

    @property
    def title(self) -> str:
        return self.rules.title

    def rules_help_path(self, root: Path = PROJECT_ROOT) -> Path:
        return root / "docs" / "rules" / f"{self.key}.md"

    def content_folder(self, root: Path = PROJECT_ROOT) -> Path:
        return root / "data" / self.key


CATALOGUE: tuple[GameEntry, ...] = (
    GameEntry(AnarchyRules, AnarchyRenderer),
    GameEntry(AnomiaRules, AnomiaRenderer, anomia_content.CONTENT_FILES, anomia_content.parse_content),
    GameEntry(NotAnotherWordRules, NotAnotherWordRenderer, word_content.CONTENT_FILES, word_content.parse_content),
    GameEntry(AnokeraRules, AnokeraRenderer, anokera_content.CONTENT_FILES, anokera_content.parse_content),
    GameEntry(
        AnachronismGame, AnachronismRenderer, anachronism_content.CONTENT_FILES, anachronism_content.parse_content
    ),
)


@dataclass(frozen=True)
class Game:
    """One game, built: its rules, its renderer, its rules help and the help every game shares (markdown)."""

    rules: GameRules
    renderer: GameRenderer
    rules_help: str
    seats_help: str = ""

    @property
    def title(self) -> str:
        return self.rules.title


def load_games(root: Path = PROJECT_ROOT) -> dict[str, Game]:
    """Read every game's content and rules help once and build its rules and renderer, by key."""
    games = {}
    seats_help = (root / "docs" / "rules" / "seats.md").read_text(encoding="utf-8")
    for entry in CATALOGUE:
        if entry.parse_content is None:
            rules, renderer = entry.rules(), entry.renderer()
        else:
            folder = entry.content_folder(root)
            content = entry.parse_content(
                {name: (folder / name).read_text(encoding="utf-8") for name in entry.content_files}
            )
            rules, renderer = entry.rules(content), entry.renderer(content)
        rules_help = entry.rules_help_path(root).read_text(encoding="utf-8")
        games[entry.key] = Game(rules, renderer, rules_help, seats_help)
    return games
