"""Which renderer draws which game; a new game adds its renderer here, beside its rules in bot/games."""

from bot.content.anomia import load_anomia_content
from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.renderers.anarchy import AnarchyRenderer
from bot.discord_ui.renderers.anomia import AnomiaRenderer

RENDERERS: dict[str, GameRenderer] = {
    "anarchy": AnarchyRenderer(),
    "anomia": AnomiaRenderer(load_anomia_content()),
}
