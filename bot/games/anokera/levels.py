"""Anokera's computer players at each level: easy plays any card the rules allow (a card that helps its own role
more often), normal is computers.py's, hard thinks ahead (bot/engine/search.py) in worlds where the other
players' roles and the unseen deck are dealt at random from what its seat sees."""

from __future__ import annotations

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import Lookahead, outcome_value, think_ahead, view_seed
from bot.games.anokera.actions import AnokeraAction
from bot.games.anokera.cards import full_deck
from bot.games.anokera.computers import computer_choice
from bot.games.anokera.state import AnokeraOptions, AnokeraState
from bot.games.anokera.views import AnokeraSeatView

SCORE_SPREAD = 20
"""Points by which a lead counts as a sure win, in a game the search cut short."""


def computer_levels(rules) -> ComputerLevels[AnokeraState, AnokeraAction]:
    """The players at each level, for `rules` (an `AnokeraRules`)."""

    def normal(state: AnokeraState, seat: Seat) -> AnokeraAction:
        rng = SeededRandom(state.rng_state ^ (state.turns * 0x9E3779B97F4A7C15 + seat))
        return computer_choice(rules.sheet, state, seat, rules.legal_actions(state, seat), rng)

    def easy(state: AnokeraState, seat: Seat) -> AnokeraAction:
        rng = SeededRandom(view_seed(rules.view(state, seat)))
        if rng.below(2):  # half the time the normal player's card, else any card at all
            return normal(state, seat)
        return rng.pick(rules.legal_actions(state, seat))

    def sample_world(view: AnokeraSeatView, seat: Seat, rng: SeededRandom) -> AnokeraState:
        return _sample_world(rules, view, seat, rng)

    lookahead = Lookahead(
        sample_world=sample_world,
        policy=normal,
        value=lambda state, seat: _value(rules, state, seat),
        worlds=6,
        playouts=24,
        depth=6,
    )

    def hard(state: AnokeraState, seat: Seat) -> AnokeraAction:
        return think_ahead(rules, lookahead, state, seat)

    return ComputerLevels(easy=easy, normal=normal, hard=hard)


def _sample_world(rules, view: AnokeraSeatView, seat: Seat, rng: SeededRandom) -> AnokeraState:
    """A whole state the seat cannot tell from the real one: the roles of the others dealt at random from the
    roles it does not hold, and the cards it cannot see (the deck past its next card, the removed cards) dealt
    in a random order."""
    public = view.public
    others = rng.shuffled([role.id for role in rules.sheet.roles if role.id != view.role])
    seat_count = len(others) - public.unused_roles + 1
    roles = tuple(view.role if holder == seat else others.pop() for holder in range(seat_count))
    seen = {*public.row, *(card for column in public.columns for card in column)}
    if public.next_card is not None:
        seen.add(public.next_card)
    unseen = rng.shuffled([card for card in full_deck() if card not in seen])
    deck_rest = max(public.deck_size - 1, 0)
    deck = (*([public.next_card] if public.next_card is not None else []), *unseen[:deck_rest])
    return AnokeraState(
        options=AnokeraOptions(),  # only the computers' options, which play no part in the rules
        computer_seats=(),
        roles=roles,
        unused_roles=tuple(others),
        citizens=public.citizens,
        deaths=public.deaths,
        row=public.row,
        deck=deck,
        removed=tuple(unseen[deck_rest:]),
        reshuffled=public.reshuffled,
        columns=public.columns,
        turn=seat if public.to_act is None else public.to_act,
        turns=0,
        first_card=public.first_card,
        last_clearer=None,
        result=None,
        placings=(),
        scores=(),
        rng_state=rng.next_u64(),
    )


def _value(rules, state: AnokeraState, seat: Seat) -> float:
    """A finished game's result; a game cut short: the seat's score against the best of the others."""
    finished = outcome_value(rules, state, seat)
    if finished is not None:
        return finished
    mine = rules.score_of(state, seat)
    best_other = max(rules.score_of(state, other) for other in range(state.seat_count) if other != seat)
    return min(max(0.5 + (mine - best_other) / (2 * SCORE_SPREAD), 0.0), 1.0)
