"""Hints for Anokera, and the guidance of a first game.

A hint is one line that says a move and why it is a good one for the player's own secret role ("Play the marked
Force on column 2: it clears the column (4 die by Violence), which scores you 12 points as the Acolyte of ...").
Which move to suggest is the computer player's business (computers.py); this module only explains one, weighing
a play with the computer's own measures. The line speaks of the player's own role only, which is theirs to see.
`decision` names the kind of choice a player faces, for the one line of guidance a first game shows."""

from __future__ import annotations

from bot.engine import Decision, Seat
from bot.games.anokera.actions import AnokeraAction, PlayCard
from bot.games.anokera.cards import DEATHS, card_name, is_marked
from bot.games.anokera.columns import clear, combo
from bot.games.anokera.computers import _potential, _score
from bot.games.anokera.content import RoleSheet
from bot.games.anokera.state import AnokeraState


def explain(sheet: RoleSheet, state: AnokeraState, seat: Seat, action: AnokeraAction) -> str:
    """The move in a player's words and the reason for it, in one line."""
    if not isinstance(action, PlayCard):
        return "End turn: a second card would not help your role now."
    card, column = action.card, action.column
    role = sheet.role(state.roles[seat])
    said = f"Play the {card_name(card)} on column {column + 1}"
    if action.then_another:
        said += ", then a second card"
    cards = (*state.columns[column], card)
    if is_marked(card):
        clearing = clear(cards, state.citizens)
        tally = clearing.tally()
        deaths = [_deaths(count, kind) for kind, count in zip(DEATHS, tally, strict=True) if count]
        if not deaths:
            return f"{said}: a marked card there kills no one, and it keeps the others guessing your role."
        after = tuple(now + more for now, more in zip(state.deaths, tally, strict=True))
        players = state.seat_count
        gained = _score(sheet, role.id, after, players) - _score(sheet, role.id, state.deaths, players)
        scores = _points(gained, role.name)
        return f"{said}: it clears the column ({', '.join(deaths)}), which {scores}."
    if combo(cards) is not None:
        return f"{said}: its top three are then one of each resource, a combo: they go, and no one dies."
    before, after_play = (
        _potential(sheet, role.id, held, state.deaths, state.citizens, state.seat_count)
        for held in (state.columns[column], cards)
    )
    if after_play > before:
        return (
            f"{said}: a marked card on that column later could then score you up to {after_play} points as the "
            f"{role.name}."
        )
    return f"{said}: it does your role ({role.name}) no harm, and keeps the others guessing it."


def _deaths(count: int, kind: str) -> str:
    return f"{count} {'dies' if count == 1 else 'die'} by {kind.capitalize()}"


def _points(gained: int, role: str) -> str:
    if gained > 0:
        return f"scores you {gained} points as the {role}"
    if gained == 0:
        return f"costs you nothing as the {role}"
    return f"costs you {-gained} points as the {role}, less than any other card would"


FIRST_GAME_GUIDANCE = {
    "first": "Play one marked card (it clears its column and citizens die) or one unmarked card, then maybe a second; "
    "your secret role (on this panel) says which deaths score for you.",
    "second": "You may play a second unmarked card from the row, or end your turn.",
}
"""One line for a player's first game, for each kind of decision Anokera asks of them."""


def decision(state: AnokeraState) -> Decision:
    """The kind of decision the seat to play faces, with its first-game guidance."""
    kind = "second" if state.first_card is not None else "first"
    return Decision(kind, FIRST_GAME_GUIDANCE[kind])
