"""What a board or panel control pins, so that a click on it is refused as out of date only when it matters.

A control's pin is a short fingerprint of the choice context it was made from (`GameRules.choice_context`): a
private panel's of its seat's, the board's of the public one. A click is as shown while the clicking seat's
context (or the public one) still has that fingerprint: another player's pick in a phase where everyone chooses
at once, or someone's leaving, leaves it as it was; a change to what the player saw makes it out of date.

Controls an older version of the bot posted pin the match's version instead (digits only): such a click is as
shown only on that very version, as it always was, since what it showed cannot be worked out any more.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

from bot.engine import GameRules, Seat, canonical_json
from bot.engine.codec import encode

PANEL, BOARD = "p", "b"
"""The first letter of a pin: whose context it is, a seat's (its private panel) or the public's (the board)."""
PIN_PATTERN = r"\d{1,19}|[pb][a-z2-7]{8}"
"""A pin in a custom_id: a fingerprint, or an older control's version."""
_FINGERPRINT_BYTES = 5
"""40 bits, written as 8 letters: a changed context keeps its pin by chance once in a trillion."""


def pin_of(rules: GameRules, state: Any, seat: Seat | None) -> str:
    """The pin of the choices `seat`'s private panel offers in `state` (None: those the board offers)."""
    context = canonical_json(encode(rules.choice_context(state, seat))).encode()
    digest = hashlib.blake2b(context, digest_size=_FINGERPRINT_BYTES).digest()
    return (BOARD if seat is None else PANEL) + base64.b32encode(digest).decode().lower()


def is_board_pin(pin: str) -> bool:
    """Whether the control was made for the shared board (or a copy of it), not for one seat's private panel.
    An older control's version cannot tell: it is taken for a panel's, as most controls a player holds are."""
    return pin.startswith(BOARD)


def still_as_shown(rules: GameRules, state: Any, version: int, seat: Seat, pin: str) -> bool:
    """Whether a control with this pin, clicked by `seat`, still offers what it showed: the choices it was made
    from are those of the match as it is (`version`, `state`)."""
    if pin.isdigit():
        return int(pin) == version
    return pin == pin_of(rules, state, None if pin.startswith(BOARD) else seat)
