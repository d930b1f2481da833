"""Not Another Word's computer players at each level: easy makes any word it finds (a common one more often) and
exchanges at random, normal is computers.py's rules of thumb, hard thinks ahead (bot/engine/search.py) over its
words in worlds dealt from its seat's view."""

from __future__ import annotations

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import Lookahead, outcome_value, think_ahead, view_seed
from bot.games.not_another_word.actions import Exchange, MakeWord, NotAnotherWordAction
from bot.games.not_another_word.cards import full_deck, letter_of, sorted_hand
from bot.games.not_another_word.computers import computer_move, ranked_words
from bot.games.not_another_word.state import NotAnotherWordState
from bot.games.not_another_word.views import NotAnotherWordSeatView

COMMON_ENOUGH = 30
"""Easy prefers words of SCOWL size at most this (the everyday ones), as a casual player would."""
CANDIDATES = 4
"""Hard weighs the normal player's favourite words, this many of them: the rest are rarely better, and every word
weighed costs playouts."""


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

    lookahead = Lookahead(
        sample_world=_sample_world,
        policy=normal,
        value=lambda state, seat: _value(rules, state, seat),
        worlds=16,
        playouts=48,
        depth=2,
    )

    def hard(state: NotAnotherWordState, seat: Seat) -> NotAnotherWordAction:
        # The normal player's favourite words are weighed against each other; with no word, its exchange stands.
        dictionary = rules.dictionaries[state.options.dictionary]
        words = ranked_words(dictionary, content.blocklist, content.sizes, state.word, state.hands[seat])
        if not words:
            return normal(state, seat)
        choices = [MakeWord(word) for word in words[:CANDIDATES]]
        return think_ahead(rules, lookahead, state, seat, choices)

    return ComputerLevels(easy=easy, normal=normal, hard=hard)


def _sample_world(view: NotAnotherWordSeatView, seat: Seat, rng: SeededRandom) -> NotAnotherWordState:
    """A whole state the seat cannot tell from the real one: the letters showing on the word are cards of those
    letters, and every card it has not seen is dealt at random under them, to the other hands, to the discards
    and to the draw pile (in a random order)."""
    public = view.public
    unseen = [card for card in full_deck() if card not in view.hand]
    tops = []
    for letter in public.word:
        card = next(card for card in unseen if letter_of(card) == letter)
        unseen.remove(card)
        tops.append(card)
    unseen = rng.shuffled(unseen)

    def deal(count: int) -> tuple:
        dealt = tuple(unseen[:count])
        del unseen[:count]
        return dealt

    stacks = tuple((*deal(height - 1), top) for height, top in zip(public.heights, tops, strict=True))
    hands = tuple(
        view.hand if holder == seat else sorted_hand(deal(size)) for holder, size in enumerate(public.hand_sizes)
    )
    discards = deal(public.discard_pile_size)
    return NotAnotherWordState(
        options=public.options,
        computer_seats=(),
        stacks=stacks,
        hands=hands,
        draw_pile=deal(public.draw_pile_size),
        discards=discards,
        turn=seat if public.to_act is None else public.to_act,
        turns=0,
        last_word_by=None,
        final_turns_left=public.final_turns_left,
        result=None,
        placings=(),
    )


def _value(rules, state: NotAnotherWordState, seat: Seat) -> float:
    """A finished game's result; a game cut short: fewer cards in hand than the best other hand is good."""
    finished = outcome_value(rules, state, seat)
    if finished is not None:
        return finished
    mine = len(state.hands[seat])
    others = min(len(hand) for holder, hand in enumerate(state.hands) if holder != seat)
    return others / (mine + others) if mine + others else 0.5
