"""Computer players of Anarchy: shed a card whenever one can be played, keeping trumps for when nothing else goes,
and of the plays, the one that leaves the most of its own hand able to follow it next time; draw only when it
cannot play (or, with "draw instead of playing", never by choice); play a drawn card it may play."""

from __future__ import annotations

from bot.engine import Seat
from bot.games.anarchy.actions import AnarchyAction, DrawCard, EndTurn, PlayCard
from bot.games.anarchy.cards import can_follow, direction_after, is_trump
from bot.games.anarchy.state import AnarchyState

COMPUTER_DELAY = 2.0
"""Seconds a computer takes over a turn, so that players can follow it on the board."""


def computer_move(state: AnarchyState, seat: Seat, legal: tuple[AnarchyAction, ...]) -> AnarchyAction:
    """The computer's choice among `legal`, the actions the rules allow `seat` now."""
    plays = [action for action in legal if isinstance(action, PlayCard)]
    if not plays:
        return next(action for action in legal if isinstance(action, DrawCard | EndTurn))
    return max(plays, key=lambda play: _keeps(state, seat, play))


def _keeps(state: AnarchyState, seat: Seat, play: PlayCard) -> tuple[bool, int, int]:
    """How good a play is: not spending a trump, then how many of the cards left could follow it, then the higher
    card (a low card is easier to follow with later)."""
    indicator = state.trump_indicator
    card = play.card
    direction = direction_after(state.direction, state.top_card, card, indicator)
    rest = [held for held in state.hands[seat] if held != card]
    followers = sum(can_follow(held, card, direction, indicator) for held in rest)
    return not is_trump(card, indicator), followers, card.rank
