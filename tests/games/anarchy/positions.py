"""Hand-built Anarchy positions, and shorthands to play them, shared by the tests of this package.

`table` builds a position from card codes; `act` applies notations for whoever is to act; `legal` and `refusal`
read what the seat to act may do and why it may not.
"""

from __future__ import annotations

import pytest

from bot.engine import IllegalAction
from bot.games.anarchy.cards import Card, full_deck
from bot.games.anarchy.rules import AnarchyRules
from bot.games.anarchy.state import AnarchyOptions, AnarchyState

RULES = AnarchyRules()


def cards(codes: str) -> tuple[Card, ...]:
    return tuple(Card.from_text(code) for code in codes.split())


def table(
    trump: str,
    hands: tuple[str, ...],
    play_pile: str = "",
    draw_pile: str | None = None,
    direction: str | None = None,
    turn: int = 0,
    **options: bool,
) -> AnarchyState:
    """A hand-built position. Without `draw_pile`, every other card is in it, the indicator last (A1)."""
    indicator = Card.from_text(trump)
    held = [cards(hand) for hand in hands]
    pile = cards(play_pile)
    if draw_pile is None:
        used = {*pile, indicator, *(card for hand in held for card in hand)}
        draw = (*(card for card in full_deck() if card not in used), indicator)
    else:
        draw = cards(draw_pile)
    return AnarchyState(
        options=AnarchyOptions(**options),
        dealer=len(hands) - 1,
        trump_indicator=indicator,
        hands=tuple(tuple(sorted(hand, key=lambda card: card.sort_key)) for hand in held),
        draw_pile=draw,
        play_pile=pile,
        direction=direction,
        turn=turn,
        drawn_card=None,
        passes_in_a_row=0,
        reshuffles=0,
        finished=(),
        result=None,
        placings=(),
        rng_state=12345,
    )


def act(state: AnarchyState, *notations: str) -> AnarchyState:
    """Apply each action in turn for whoever is to act."""
    for notation in notations:
        state, _ = RULES.apply(state, state.turn, RULES.parse_action(notation))
    return state


def legal(state: AnarchyState) -> list[str]:
    return [action.notation for action in RULES.legal_actions(state, state.turn)]


def refusal(state: AnarchyState, notation: str, seat: int | None = None) -> str:
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, state.turn if seat is None else seat, RULES.parse_action(notation))
    return str(caught.value)


def all_cards(state: AnarchyState) -> list[Card]:
    return [*state.draw_pile, *state.play_pile, *(card for hand in state.hands for card in hand)]
