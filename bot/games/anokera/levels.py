"""Anokera's computer players at each level: easy plays any card the rules allow (a card that helps its own role
more often), normal is computers.py's, hard thinks ahead (search.py) in worlds where the other players' roles are
dealt as likely as their plays make them (inference.py) and the unseen deck at random."""

from __future__ import annotations

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import view_seed
from bot.games.anokera.actions import AnokeraAction
from bot.games.anokera.computers import computer_choice
from bot.games.anokera.search import AnokeraSearch
from bot.games.anokera.state import AnokeraState


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

    search = AnokeraSearch(rules, policy=normal)

    def hard(state: AnokeraState, seat: Seat) -> AnokeraAction:
        # Only the seat's view: the normal player's random source is part of the hidden state, so hard plays
        # its imagined normal computers only in the worlds it samples.
        return search.choose(rules.view(state, seat))

    return ComputerLevels(easy=easy, normal=normal, hard=hard)
