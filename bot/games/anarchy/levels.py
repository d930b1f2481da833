"""Anarchy's computer players at each level: easy plays any card it may (drawing only when it must), normal is
computers.py's rules of thumb, hard thinks ahead (bot/engine/search.py) in worlds dealt from its seat's view."""

from __future__ import annotations

from functools import partial

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import Lookahead, outcome_value, think_ahead, view_seed
from bot.games.anarchy.actions import AnarchyAction, PlayCard
from bot.games.anarchy.computers import computer_move
from bot.games.anarchy.state import AnarchyState
from bot.games.anarchy.worlds import sample_world


def computer_levels(rules, reshuffle_limit: int) -> ComputerLevels[AnarchyState, AnarchyAction]:
    """Anarchy's players at each level, for `rules` (an `AnarchyRules`, whose draw pile may be rebuilt
    `reshuffle_limit` times)."""

    def normal(state: AnarchyState, seat: Seat) -> AnarchyAction:
        return computer_move(state, seat, rules.legal_actions(state, seat))

    def easy(state: AnarchyState, seat: Seat) -> AnarchyAction:
        legal = rules.legal_actions(state, seat)
        plays = [action for action in legal if isinstance(action, PlayCard)] or list(legal)
        return SeededRandom(view_seed(rules.view(state, seat))).pick(plays)

    lookahead = Lookahead(
        sample_world=partial(sample_world, reshuffle_limit),
        policy=normal,
        value=lambda state, seat: _value(rules, state, seat),
        worlds=64,
        playouts=256,
    )

    def hard(state: AnarchyState, seat: Seat) -> AnarchyAction:
        return think_ahead(rules, lookahead, state, seat)

    return ComputerLevels(easy=easy, normal=normal, hard=hard)


def _value(rules, state: AnarchyState, seat: Seat) -> float:
    """A finished game's result; a game cut short by its hand sizes: fewer cards than the best other hand is good."""
    finished = outcome_value(rules, state, seat)
    if finished is not None:
        return finished
    mine = len(state.hands[seat])
    others = min(
        len(hand) for holder, hand in enumerate(state.hands) if holder != seat and holder not in state.finished
    )
    return others / (mine + others) if mine + others else 0.5
