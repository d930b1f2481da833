"""Hints for Not Another Word, and the guidance of a first game.

A hint is one line that says a move and why it is a good one, as a newcomer reads it ("Type PAWN: you place your
P on the L, which sheds a card, and the next player could make only 2 words from it"). Which move to suggest is
the computer player's business (computers.py); this module only explains one. `decision` names the kind of
choice a player faces, for the one line of guidance a first game shows at each new kind."""

from __future__ import annotations

from bot.engine import Decision, Seat
from bot.games.not_another_word.actions import Exchange, MakeWord, NotAnotherWordAction
from bot.games.not_another_word.cards import Card, letter_of, letters_of
from bot.games.not_another_word.dictionary import ADD, COMBINE, WordIndex
from bot.games.not_another_word.state import NotAnotherWordState


def explain(dictionary: WordIndex, state: NotAnotherWordState, seat: Seat, action: NotAnotherWordAction) -> str:
    """The move in a player's words and the reason for it, in one line."""
    hand = state.hands[seat]
    if isinstance(action, Exchange):
        return _exchange_line(dictionary, state, hand, action)
    if not isinstance(action, MakeWord):
        return "Pass: every word your letters make is one the bot does not allow, and there is nothing to exchange."
    word, previous = action.word, state.word
    how = next((move for move, made in dictionary.successors(previous, letters_of(hand)) if made == word), None)
    said = f"Type {word.upper()}"
    if how is None:
        return f"{said}: it is a word you can make from {previous.upper()}."
    if how.kind == COMBINE:
        buried = how.letter.upper()
        article = "an" if buried in LETTERS_SAID_WITH_A_VOWEL else "a"
        what = f"you join two stacks of {previous.upper()} (burying {article} {buried}), which keeps your cards"
    elif how.kind == ADD:
        what = f"you add your {how.letter.upper()} as a new spot, which sheds a card"
    else:
        what = f"you place your {how.letter.upper()} on the {how.on.upper()}, which sheds a card"
    if how.kind != COMBINE and len(hand) == 1:
        return f"{said}: {what}, your last one, so you win."
    follow_ups = sum(1 for _, following in dictionary.successors(word) if following != previous)
    if follow_ups == 0:
        return f"{said}: {what}, and no word can be made from {word.upper()}: Not Another Word, you win."
    many = "only one word" if follow_ups == 1 else f"only {follow_ups} words"
    return f"{said}: {what}, and the next player could make {many} from it, whatever their letters."


LETTERS_SAID_WITH_A_VOWEL = frozenset("AEFHILMNORSX")
"""Letters whose names begin with a vowel sound: "an N", "a B"."""

FIRST_GAME_GUIDANCE = {
    "word": "Make a new word from the table's letters and type it: put one of your letters on a stack, add one as "
    "a new spot, or join two stacks (letters may be rearranged). Each letter you place leaves your hand.",
    "exchange": "No word can be made with your letters: exchange some of them for new ones from the draw pile.",
    "pass": "No word you can make is allowed and the draw pile is empty: you pass.",
}
"""One line for a player's first game, for each kind of decision Not Another Word asks of them."""


def decision(dictionary: WordIndex, state: NotAnotherWordState, seat: Seat) -> Decision | None:
    """The kind of decision the seat faces, with its first-game guidance."""
    if state.result is not None or seat != state.turn:
        return None
    if next(dictionary.successors(state.word, letters_of(state.hands[seat])), None) is not None:
        kind = "word"
    else:
        kind = "exchange" if state.draw_pile else "pass"
    return Decision(kind, FIRST_GAME_GUIDANCE[kind])


def _exchange_line(dictionary: WordIndex, state: NotAnotherWordState, hand: tuple[Card, ...], action: Exchange) -> str:
    """Why to exchange: no word to make, only words that shed nothing, or (a move the hard computer would not
    suggest) a trade chosen over a word."""
    letters = ", ".join(letter_of(card).upper() for card in action.cards)
    word = state.word.upper()
    moves = [move for move, _ in dictionary.successors(state.word, letters_of(hand))]
    if not moves:
        return (
            f"Exchange {letters}: no word can be made from {word} with your letters, and these are the hardest to use "
            "in short words."
        )
    if all(move.kind == COMBINE for move in moves):
        return (
            f"Exchange {letters}: the only words you can make from {word} join its stacks and shed no card, so you "
            "trade these letters for new ones."
        )
    return f"Exchange {letters}: you trade these letters for new ones rather than make a word from {word} this turn."
