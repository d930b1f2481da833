"""Table options in Discord: reading them typed in `/play ... options:` ("draw_then_play=on play_on=yes"), and the
lobby menu's choices; a game's own options and the host's (`table_options`) alike."""

from __future__ import annotations

from typing import Any

from bot.discord_ui.limits import SELECT_OPTIONS
from bot.discord_ui.wording import as_code
from bot.engine import GameRules
from bot.matches.seat_taking import table_options

OPTIONS_TEXT_LIMIT = 200
"""The longest `options:` text /play reads; every game's options fit in far less."""
REMINDER_HOURS = (1, 168)
"""The range of /play's reminder_hours: an hour to a week."""
CLOCKS = {"none": 0, "10m": 600, "1h": 3600, "12h": 12 * 3600, "1d": 24 * 3600, "3d": 72 * 3600}
"""/play's clock choices: how long a player may take over a move (outside their away hours) before a computer
takes it for them; seconds, 0 for no clock."""
CLOCK_NAMES = {
    "none": "no clock", "10m": "10 minutes", "1h": "1 hour", "12h": "12 hours", "1d": "1 day",
    "3d": "3 days",
}  # fmt: skip
TRUE_WORDS = {"on", "yes", "true", "1"}
FALSE_WORDS = {"off", "no", "false", "0"}


def option_word(value: Any) -> str:
    """How an option's value is written and shown: on/off for yes-no options, else the value itself."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def option_choices(rules: GameRules, chosen: dict[str, Any]) -> list[tuple[str, str, str]]:
    """Every option's every value as (label, `key=value`, help) for the lobby's menu, the chosen ones marked."""
    choices = []
    for option in table_options(rules):
        for value in option.choices:
            mark = " (now)" if chosen.get(option.key) == value else ""
            word = option_word(value)
            choices.append((f"{option.label}: {word}{mark}", f"{option.key}={word}", option.help))
    return choices[:SELECT_OPTIONS]


def parse_options(rules: GameRules, text: str) -> dict[str, Any]:
    """Map `key=value` words to option values; a bare `key` turns a yes/no option on. Raises ValueError."""
    known = {option.key: option for option in table_options(rules)}
    chosen: dict[str, Any] = {}
    for word in text.replace(",", " ").split():
        key, has_value, raw = word.partition("=")
        key = key.strip().lower()
        option = known.get(key)
        if option is None:
            offered = ", ".join(known) or "none"
            raise ValueError(f"{rules.title} has no option {as_code(key)}. Its options: {offered}.")
        value = raw.strip().lower() if has_value else "on"
        chosen[key] = _read_value(option.choices, value, option.label)
    return chosen


def _read_value(choices: tuple[Any, ...], value: str, label: str) -> Any:
    for choice in choices:
        if isinstance(choice, bool):
            if (choice and value in TRUE_WORDS) or (not choice and value in FALSE_WORDS):
                return choice
        elif str(choice).lower() == value:
            return choice
    if all(isinstance(choice, bool) for choice in choices):
        raise ValueError(f"{label} can be on or off, not {as_code(value)}.")
    shown = ", ".join(str(choice) for choice in choices)
    raise ValueError(f"{label} can be {shown}, not {as_code(value)}.")
