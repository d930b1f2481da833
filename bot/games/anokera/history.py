"""What an Anokera table has seen, kept small enough to store with every state: the cards in the order they came
into the row (`arrivals`), and every move (`moves`), each packed in one small number. All of it was seen face up.

`replay` plays the game over again from them, move by move, as the hard computer does to read the other players'
roles from what they played (`inference`).
"""

from __future__ import annotations

from bot.engine import Seat, Seating
from bot.engine.evolve import evolve
from bot.games.anokera.actions import AnokeraAction, EndTurn, PlayCard
from bot.games.anokera.cards import Card, full_deck
from bot.games.anokera.columns import COLUMNS
from bot.games.anokera.state import ROW_SIZE, AnokeraState

DECK_ORDER = full_deck()
CARD_NUMBER = {card: number for number, card in enumerate(DECK_ORDER)}
_END = len(DECK_ORDER)
"""The card number that stands for ending the turn."""
_PER_SEAT = (_END + 1) * COLUMNS * 2


def card_numbers(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(CARD_NUMBER[card] for card in cards)


def packed(seat: Seat, action: AnokeraAction) -> int:
    """A move in one number: the seat, the card (or the end of the turn), the column and whether a second card
    follows."""
    if isinstance(action, EndTurn):
        return seat * _PER_SEAT + _END * COLUMNS * 2
    return seat * _PER_SEAT + (CARD_NUMBER[action.card] * COLUMNS + action.column) * 2 + action.then_another


def unpacked(move: int) -> tuple[Seat, AnokeraAction]:
    seat, rest = divmod(move, _PER_SEAT)
    rest, then_another = divmod(rest, 2)
    card, column = divmod(rest, COLUMNS)
    if card == _END:
        return seat, EndTurn()
    return seat, PlayCard(DECK_ORDER[card], column, bool(then_another))


def replay(
    rules, arrivals: tuple[int, ...], moves: tuple[int, ...], seat_count: int
) -> tuple[list[tuple[AnokeraState, Seat, AnokeraAction]], AnokeraState | None]:
    """Each move with the state it was made in, as far as the table saw it (the roles and the rest of the deal are
    only placeholders; the deck holds just the cards that have come into the row since), and the state after the
    last move; no moves and None for a history that does not fit the rules (one stored before histories were
    kept)."""
    if len(arrivals) < ROW_SIZE or not moves:
        return [], None
    cards = tuple(DECK_ORDER[number] for number in arrivals)
    first_deal = len(DECK_ORDER)
    dealt = rules.setup(Seating(seat_count), {}, seed=0)
    state = evolve(dealt, row=cards[:ROW_SIZE], deck=cards[ROW_SIZE:first_deal], turn=unpacked(moves[0])[0])
    made: list[tuple[AnokeraState, Seat, AnokeraAction]] = []
    for move in moves:
        seat, action = unpacked(move)
        if state.result is not None or action not in rules.legal_actions(state, seat):
            return [], None
        made.append((state, seat, action))
        reshuffled = state.reshuffled
        state, _ = rules.apply(state, seat, action)
        if state.reshuffled and not reshuffled:
            # The new deck's order is the one the table saw come into the row, not the replay's own shuffle.
            state = evolve(state, row=cards[first_deal : first_deal + ROW_SIZE], deck=cards[first_deal + ROW_SIZE :])
    return made, state
