"""Hints for Anarchy, and the guidance of a first game.

A hint is one line that says a move and why it is a good one, as a newcomer reads it ("Play 7♥: it follows the
5♥ in suit, and one of your other cards can follow it next time"). Which move to suggest is the computer player's
business (computers.py); this module only explains one, whichever chose it. `decision` names the kind of choice
a player faces, for the one line of guidance a first game shows at each new kind."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Decision, Seat
from bot.games.anarchy.actions import AnarchyAction, DrawCard, PlayCard
from bot.games.anarchy.cards import Card, can_follow, direction_after, is_trump
from bot.games.anarchy.state import AnarchyState


def explain(state: AnarchyState, seat: Seat, action: AnarchyAction) -> str:
    """The move in a player's words and the reason for it, in one line."""
    hand = state.hands[seat]
    if isinstance(action, DrawCard):
        on = f"the {state.top_card.label}" if state.top_card else "an empty pile (only a trump starts it)"
        return f"Draw: none of your cards can go on {on}, so you take one from the draw pile."
    if not isinstance(action, PlayCard):
        return "Keep the card you drew and end your turn: it can wait for a better moment."
    card, top, indicator = action.card, state.top_card, state.trump_indicator
    rest = [held for held in hand if held != card]
    if not rest:
        return f"Play {card.label}: it is your last card, so you go out."
    why = [_how_it_follows(card, top, indicator)]
    trumps_kept = sum(is_trump(held, indicator) for held in rest)
    if not is_trump(card, indicator) and trumps_kept:
        why.append("you keep your trumps for when nothing else goes")
    direction = direction_after(state.direction, top, card, indicator)
    if direction is not None and direction != state.direction:
        why.append(f"it turns the direction {direction}")
    followers = sum(can_follow(held, card, direction, indicator) for held in rest)
    if followers:
        many = "one of your other cards" if followers == 1 else f"{followers} of your other cards"
        why.append(f"{many} can follow it next time")
    return f"Play {card.label}: " + _joined(why) + "."


def _how_it_follows(card: Card, top: Card | None, indicator: Card) -> str:
    if top is None:
        return "it is a trump, and only a trump may start the pile"
    if is_trump(card, indicator):
        return "it is a trump, which goes on anything"
    if card.rank == top.rank:
        return f"it has the same rank as the {top.label}"
    return f"it follows the {top.label} in suit"


def _joined(parts: list[str]) -> str:
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + ", and " + parts[-1]


FIRST_GAME_GUIDANCE = {
    "start": "The pile is empty: only a trump may start it (a card of the trump's rank or suit; see the board).",
    "play": "Play a card that follows the top card: the same suit (higher or lower, as the board's Direction says), "
    "the same rank, or a trump. The first to empty their hand wins.",
    "draw": "None of your cards can follow the top card, so you must Draw; your turn then ends.",
    "drawn": "You drew a card you can play: play it now, or keep it and end your turn.",
}
"""One line for a player's first game, for each kind of decision Anarchy asks of them."""


def decision(state: AnarchyState, seat: Seat, legal: Sequence[AnarchyAction]) -> Decision | None:
    """The kind of decision the seat faces, with its first-game guidance."""
    if not legal:
        return None
    if state.drawn_card is not None:
        kind = "drawn"
    elif not any(isinstance(action, PlayCard) for action in legal):
        kind = "draw"
    else:
        kind = "start" if state.top_card is None else "play"
    return Decision(kind, FIRST_GAME_GUIDANCE[kind])
