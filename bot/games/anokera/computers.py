"""Computer players: which card a computer plays on its turn, and when.

A computer knows its own role and everything on the table. It weighs each card it could play on each column by what
that play alone does to its own score, and usually takes the best; but now and then, and whenever nothing it could
play changes its score, it plays another harmless card, so that its choices do not spell out its role.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import SeededRandom
from bot.games.anokera.actions import AnokeraAction, EndTurn, PlayCard

COMPUTER_DELAY = 3.0
"""Seconds a computer takes over each card: long enough for players to see the board change."""
OBVIOUS_SHARE = 3
"""A computer plays the best card for its role about this many times in four, and another harmless card otherwise."""


def computer_choice(
    actions: tuple[AnokeraAction, ...], gain: Callable[[AnokeraAction], int], rng: SeededRandom
) -> AnokeraAction:
    """Pick among the legal `actions` by what each does to the computer's own score (`gain`)."""
    plays = [action for action in actions if isinstance(action, PlayCard)]
    # A second card is worth playing only when it helps; the same goes for announcing one at the first card.
    singles = [action for action in plays if not action.then_another]
    scored = sorted(((gain(action), action.notation, action) for action in singles), reverse=True)
    best_gain = scored[0][0]
    if EndTurn() in actions and best_gain <= 0:
        return EndTurn()
    harmless = [action for points, _, action in scored if points >= 0]
    if best_gain > 0 and (rng.below(4) < OBVIOUS_SHARE or len(harmless) == 1):
        best = scored[0][2]
        then_another = PlayCard(best.card, best.column, then_another=True)
        return then_another if then_another in plays and rng.below(2) else best
    return rng.pick(harmless or [action for _, _, action in scored])
