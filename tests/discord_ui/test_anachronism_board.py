"""The Anachronism board's picture shades the grid of the active warrior's face-up weapon, else its own grid."""

from __future__ import annotations

from datetime import UTC, datetime

from games.anachronism.positions import POOL, RULES, card, duel, fighter
from support import GAMES

from bot.discord_ui.renderers.arena_picture import arena_png
from bot.matches import Match, MatchStatus, Player

RENDERER = GAMES["anachronism"].renderer


def table() -> Match:
    players = (Player(1, "Ada", 0), Player(2, "Bo", 1))
    when = datetime(2026, 1, 1, tzinfo=UTC)
    return Match(
        id=1, guild_id=1, channel_id=1, game="anachronism", status=MatchStatus.PLAYING, players=players, opener_id=1,
        options={}, seed=7, version=1, created_at=when, updated_at=when,
    )  # fmt: skip


def test_the_picture_shades_the_active_weapons_grid_and_otherwise_the_warriors_own():
    spear = next(support.name for support in POOL.supports if support.type == "weapon")
    armed = RULES.view(duel(fighter("Kaito", [spear]), fighter("Itzel", space=(2, 3), facing="S")), None)
    unarmed = RULES.view(duel(fighter("Kaito"), fighter("Itzel", space=(2, 3), facing="S")), None)
    names = ["Ada", "Bo"]
    assert RENDERER.board_picture(table(), armed) == arena_png(armed, POOL, names, card(spear))
    assert RENDERER.board_picture(table(), unarmed) == arena_png(unarmed, POOL, names)
