"""Computer players: which word a computer makes on its turn, or which cards it exchanges, and when.

A computer sees only what its seat may see: its hand, the word and the dictionary. It plays the word that sheds
a card and leaves the next player the fewest words to make, ending the game when it can; it never plays a
blocklisted word. With no word it exchanges its least useful cards while the draw pile lasts, and after that
it passes: the rules pass by themselves for a seat with no word at all, so a computer only ever passes for a
seat whose only words are blocklisted, as when it stands in for a player whose turn clock ran out.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.games.not_another_word.actions import Exchange, MakeWord, NotAnotherWordAction, Pass
from bot.games.not_another_word.cards import Card, letter_of, letters_of
from bot.games.not_another_word.dictionary import COMBINE, WordIndex

COMPUTER_DELAY = 3.0
"""Seconds a computer takes over its turn: long enough for players to see the board change."""
USEFULNESS = "esaroilntudcpmhgbykfwvzxjq"
"""Letters from the most to the least useful in short words; a stuck computer exchanges from the end."""
HARD_LETTERS = frozenset("jqxzvkwfy")


def computer_move(
    dictionary: WordIndex, blocklist: frozenset[str], sizes: Mapping[str, int], word: str,
    hand: tuple[Card, ...], draw_pile_size: int,
) -> NotAnotherWordAction:  # fmt: skip
    """The computer's move: a word it may play, else an exchange, else a pass."""
    words = ranked_words(dictionary, blocklist, sizes, word, hand)
    if words:
        return MakeWord(words[0])
    if draw_pile_size == 0:
        return Pass()
    return Exchange(_least_useful(hand, draw_pile_size))


def ranked_words(
    dictionary: WordIndex, blocklist: frozenset[str], sizes: Mapping[str, int], word: str, hand: tuple[Card, ...]
) -> list[str]:
    """The words the hand can make from `word`, the computer's favourite first."""
    letters = letters_of(hand)
    ranked = {}
    for move, made in dictionary.successors(word, letters):
        if made in blocklist:
            continue
        sheds = move.kind != COMBINE
        goes_out = sheds and len(hand) == 1
        follow_ups = sum(1 for _, following in dictionary.successors(made) if following != word)
        # Ending the game beats everything, then shedding a card, then leaving few words, then common words.
        rank = (goes_out, follow_ups == 0, sheds, -follow_ups, -sizes.get(made, 100), made)
        ranked[made] = max(rank, ranked.get(made, rank))
    return sorted(ranked, key=ranked.__getitem__, reverse=True)


def _least_useful(hand: tuple[Card, ...], limit: int) -> tuple[Card, ...]:
    """The hard letters of the hand (at least the one least useful card), at most `limit` of them."""
    by_use = sorted(hand, key=lambda card: (-USEFULNESS.index(letter_of(card)), card))
    hard = [card for card in by_use if letter_of(card) in HARD_LETTERS] or by_use[:1]
    return tuple(sorted(hard[:limit]))
