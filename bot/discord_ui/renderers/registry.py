"""Which renderer draws which game; a new game adds its renderer here, beside its rules in bot/games."""

from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.renderers.anarchy import AnarchyRenderer

RENDERERS: dict[str, GameRenderer] = {"anarchy": AnarchyRenderer()}
