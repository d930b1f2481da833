"""Anarchy's computer players at each level: easy plays any card it may (drawing only when it must), normal is
computers.py's rules of thumb, hard thinks ahead (search.py): every card it may play, played out fast in many
worlds dealt from its seat's view to fit what the table saw of each hand (worlds.py, inference.py)."""

from __future__ import annotations

from functools import partial

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import view_seed
from bot.games.anarchy import search
from bot.games.anarchy.actions import AnarchyAction, PlayCard
from bot.games.anarchy.computers import computer_move
from bot.games.anarchy.state import AnarchyState
from bot.games.anarchy.worlds import sample_world

HARD_BUDGET = search.Budget()


def computer_levels(rules, reshuffle_limit: int) -> ComputerLevels[AnarchyState, AnarchyAction]:
    """Anarchy's players at each level, for `rules` (an `AnarchyRules`, whose draw pile may be rebuilt
    `reshuffle_limit` times)."""

    def normal(state: AnarchyState, seat: Seat) -> AnarchyAction:
        return computer_move(state, seat, rules.legal_actions(state, seat))

    def easy(state: AnarchyState, seat: Seat) -> AnarchyAction:
        legal = rules.legal_actions(state, seat)
        plays = [action for action in legal if isinstance(action, PlayCard)] or list(legal)
        return SeededRandom(view_seed(rules.view(state, seat))).pick(plays)

    hard = partial(search.think, rules, reshuffle_limit, partial(sample_world, reshuffle_limit), normal, HARD_BUDGET)
    return ComputerLevels(easy=easy, normal=normal, hard=hard)
