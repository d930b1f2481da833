"""Not Another Word's hints and first-game guidance, in hand-built positions, as a newcomer reads them."""

from __future__ import annotations

from bot.games.not_another_word.actions import Exchange, MakeWord
from bot.games.not_another_word.hints import FIRST_GAME_GUIDANCE

from .positions import RULES, table


def test_a_hint_says_the_word_to_type_how_it_is_made_and_what_it_leaves():
    state = table("lawn", ("pqzxjvk", "abcdefg"))
    hint = RULES.hint(state, 0)
    assert isinstance(hint.action, MakeWord) and hint.action in RULES.legal_actions(state, 0)
    assert hint.line.startswith(f"Type {hint.action.word.upper()}: you ")
    assert "which sheds a card" in hint.line or "keeps your cards" in hint.line
    assert RULES.decision(state, 0).guidance == FIRST_GAME_GUIDANCE["word"]


def test_with_no_word_the_hint_and_the_guidance_say_exchange():
    state = table("egg", ("qzxj", "abcdefg"))
    hint = RULES.hint(state, 0)
    assert isinstance(hint.action, Exchange)
    letters = ", ".join(card[0] for card in hint.action.cards)
    assert hint.line == (
        f"Exchange {letters}: no word can be made from EGG with your letters, and these are the hardest to use "
        "in short words."
    )
    assert RULES.decision(state, 0).kind == "exchange"
    assert RULES.decision(state, 1) is None and RULES.hint(state, 1) is None


def test_an_exchange_chosen_over_a_word_that_sheds_is_not_said_to_have_no_word():
    state = table("cat", ("bhmm", "abcdefg"))
    exchange = next(action for action in RULES.legal_actions(state, 0) if isinstance(action, Exchange))
    line = RULES.explain_action(state, 0, exchange)
    assert line.endswith("rather than make a word from CAT this turn.")
    assert "no word can be made" not in line
