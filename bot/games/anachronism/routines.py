"""Named routines for the rare ability the effect vocabulary cannot say (the `code` effect, its `what` naming the
routine). Each takes the card pool, the match, the ability's owner and the opposing warrior it is aimed at, and
returns the match after the effect;
`AnachronismRules` refuses a card pool that names a routine not listed in `ROUTINES`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from bot.engine import Seat
from bot.games.anachronism.abilities import prohibited, with_fighter
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.state import AnachronismState


def trade_places(pool: CardPool, state: AnachronismState, seat: Seat, other: Seat) -> AnachronismState:
    """The two warriors swap spaces, each keeping its facing; a card that forbids either to move stops it (the
    golden rules: a card that forbids overrides one that allows)."""
    if prohibited(pool, state, seat, "move") or prohibited(pool, state, other, "move"):
        return state
    mine, theirs = state.fighters[seat], state.fighters[other]
    state = with_fighter(state, seat, replace(mine, space=theirs.space))
    return with_fighter(state, other, replace(theirs, space=mine.space))


ROUTINES: dict[str, Callable[[CardPool, AnachronismState, Seat, Seat], AnachronismState]] = {
    "trade_places": trade_places
}
