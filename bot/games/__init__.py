"""The registry of playable games, by key.

Adding a game means writing its rules module (a `GameRules` subclass) and adding an instance of it to
`_RULES` below; the host, the /rules command and the conformance tests all find it here.
"""

from bot.content.anomia import load_anomia_content
from bot.engine import GameRules
from bot.games.anarchy import AnarchyRules
from bot.games.anomia import AnomiaRules

_RULES: tuple[GameRules, ...] = (AnarchyRules(), AnomiaRules(load_anomia_content()))

GAMES: dict[str, GameRules] = {rules.key: rules for rules in _RULES}


def get_game(key: str) -> GameRules:
    """The rules registered under `key`; KeyError names the known games when there is none."""
    try:
        return GAMES[key]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise KeyError(f"No game is registered as {key!r}; known games: {known}") from None
