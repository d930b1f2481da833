"""Every game in the catalogue has every part, and the parts agree: rules, renderer, rules help and content."""

from __future__ import annotations

import re
from enum import StrEnum

import pytest
from support import GAMES

from bot.catalogue import CATALOGUE, GameEntry, load_games
from bot.discord_ui.renderers import GameRenderer
from bot.engine import GameRules

ENTRIES = {entry.key: entry for entry in CATALOGUE}


def test_keys_are_unique_and_every_entry_is_built():
    assert len(ENTRIES) == len(CATALOGUE)
    assert set(GAMES) == set(ENTRIES)


@pytest.mark.parametrize("entry", CATALOGUE, ids=list(ENTRIES))
def test_every_game_declares_its_rules_completely(entry: GameEntry):
    rules = GAMES[entry.key].rules
    assert isinstance(rules, entry.rules) and issubclass(entry.rules, GameRules)
    assert rules.key == entry.key and rules.title
    for declared in (rules.event_kinds, rules.end_reasons):
        assert issubclass(declared, StrEnum) and len(declared) > 0
    assert isinstance(rules.state_type, type)
    for option in rules.options:
        # Shown to players under the lobby's options menu, which has room for 100 characters.
        assert 0 < len(option.help) <= 100 and not re.search(r"\b[A-Z]\d+\b", option.help), option.help


@pytest.mark.parametrize("entry", CATALOGUE, ids=list(ENTRIES))
def test_every_game_has_a_renderer(entry: GameEntry):
    renderer = GAMES[entry.key].renderer
    assert isinstance(renderer, entry.renderer) and issubclass(entry.renderer, GameRenderer)
    for method in ("board", "outcome_text"):
        assert getattr(type(renderer), method) is not getattr(GameRenderer, method), f"{method} is not drawn"
    if renderer.has_private_panel:
        assert type(renderer).panel is not GameRenderer.panel
        assert renderer.panel_label and renderer.panel_noun


@pytest.mark.parametrize("entry", CATALOGUE, ids=list(ENTRIES))
def test_every_game_has_rules_help_titled_with_its_name(entry: GameEntry):
    help_text = GAMES[entry.key].rules_help
    assert help_text.splitlines()[0] == f"# {entry.title}"
    assert not re.search(r"\((?:rulings? )?[A-Z]\d", help_text), "rulings are said in words, not by their codes"
    assert help_text.count("\n## ") >= 2, "a few topics, each under its own heading"


@pytest.mark.parametrize("entry", CATALOGUE, ids=list(ENTRIES))
def test_every_game_names_content_that_exists_with_its_licence(entry: GameEntry):
    folder = entry.content_folder()
    assert (entry.parse_content is None) == (not entry.content_files)
    for name in entry.content_files:
        assert (folder / name).is_file(), f"{entry.key} reads data/{entry.key}/{name}"
    if entry.content_files:
        assert (folder / "README.md").is_file(), "content keeps its origin and licence beside it"


def test_a_missing_part_stops_loading_with_the_file_named(tmp_path):
    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "seats.md").write_text("# Seats and results\n", encoding="utf-8")
    with pytest.raises(FileNotFoundError, match=r"anarchy\.md"):
        load_games(tmp_path)
