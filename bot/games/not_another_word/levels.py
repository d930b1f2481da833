"""Not Another Word's computer players at each level: easy makes any word it finds (a common one more often) and
exchanges at random, normal is computers.py's rules of thumb, hard plays each of its choices out in worlds dealt
from its seat's view (search.py)."""

from __future__ import annotations

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import view_seed
from bot.games.not_another_word.actions import Exchange, MakeWord, NotAnotherWordAction
from bot.games.not_another_word.computers import computer_move
from bot.games.not_another_word.playouts import NormalPlays
from bot.games.not_another_word.search import hard_choice
from bot.games.not_another_word.state import NotAnotherWordState

COMMON_ENOUGH = 30
"""Easy prefers words of SCOWL size at most this (the everyday ones), as a casual player would."""


def computer_levels(rules) -> ComputerLevels[NotAnotherWordState, NotAnotherWordAction]:
    """The players at each level, for `rules` (a `NotAnotherWordRules`)."""
    content = rules.content

    def normal(state: NotAnotherWordState, seat: Seat) -> NotAnotherWordAction:
        dictionary = rules.dictionaries[state.options.dictionary]
        hand, pile = state.hands[seat], len(state.draw_pile)
        return computer_move(dictionary, content.blocklist, content.sizes, state.word, hand, pile)

    def easy(state: NotAnotherWordState, seat: Seat) -> NotAnotherWordAction:
        rng = SeededRandom(view_seed(rules.view(state, seat)))
        legal = rules.legal_actions(state, seat)
        words = [action for action in legal if isinstance(action, MakeWord) and action.word not in content.blocklist]
        common = [action for action in words if content.sizes.get(action.word, 100) <= COMMON_ENOUGH]
        if words:
            return rng.pick(common or words)
        exchanges = [action for action in legal if isinstance(action, Exchange)]
        return rng.pick(exchanges) if exchanges else normal(state, seat)

    plays: dict[str, NormalPlays] = {}

    def hard(state: NotAnotherWordState, seat: Seat) -> NotAnotherWordAction:
        # The words that follow each word are listed once per dictionary, the first time hard plays with it.
        name = state.options.dictionary
        if name not in plays:
            plays[name] = NormalPlays(rules.dictionaries[name], content.blocklist, content.sizes)
        action = hard_choice(plays[name], rules.view(state, seat))
        return normal(state, seat) if action is None else action

    return ComputerLevels(easy=easy, normal=normal, hard=hard)
