"""Whole matches of Not Another Word played at random, words preferred to exchanges by a random degree: every
match ends, the 100 cards are all somewhere at every step, each once, and the stacks always spell a word of the
table's dictionary, the starting word included. Every action offered is one `apply` accepts."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Seating
from bot.games.not_another_word.actions import MakeWord
from bot.games.not_another_word.cards import letter_of

from .positions import RULES, holds_the_whole_deck

STEP_LIMIT = 1000
"""Far above any match: each exchange shortens the draw pile, and combines need adds between them."""


def check(state) -> None:
    assert holds_the_whole_deck(state)
    assert all(stack for stack in state.stacks) and 3 <= len(state.stacks) <= 5
    assert "".join(letter_of(stack[-1]) for stack in state.stacks) == state.word
    assert state.word in RULES.dictionaries[state.options.dictionary]
    assert all(hand == tuple(sorted(hand)) for hand in state.hands)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seat_count=st.integers(2, 6),
    dictionary=st.sampled_from(("common", "large", "expert")),
    start_word=st.sampled_from(("common", "uncommon")),
    table_blocked=st.booleans(),
    word_preference=st.floats(0.2, 1.0),
)
def test_random_matches_end_with_every_card_kept_and_a_word_always_on_the_table(
    seed, seat_count, dictionary, start_word, table_blocked, word_preference
):
    options = {"dictionary": dictionary, "start_word": start_word, "table_blocked": table_blocked}
    state = RULES.setup(Seating(seat_count), options, seed)
    chooser = random.Random(seed)
    check(state)
    for _ in range(STEP_LIMIT):
        if RULES.is_over(state):
            break
        actions = RULES.legal_actions(state, state.turn)
        assert actions, "the seat to act always has a move: the rules pass for those who have none"
        words = [action for action in actions if isinstance(action, MakeWord)]
        pick = words if words and chooser.random() < word_preference else actions
        state, _ = RULES.apply(state, state.turn, chooser.choice(pick))
        check(state)
    assert RULES.is_over(state), "the match did not end"
    outcome = RULES.outcome(state)
    assert sorted(seat for group in outcome.placings for seat in group) == list(range(seat_count))
    assert outcome.winners == outcome.placings[0]
    fewest = min(len(hand) for hand in state.hands)
    if outcome.reason == "final_round":
        assert state.draw_pile == () and {len(state.hands[seat]) for seat in outcome.winners} == {fewest}
    if outcome.reason == "out_of_cards":
        assert [len(state.hands[seat]) for seat in outcome.winners] == [0]
