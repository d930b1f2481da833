"""The dictionary in force at a table, indexed so that any question about the next word is a few lookups.

Rearranging is always allowed (ruling N4), so whether letters make a word depends only on their multiset: its
signature, the letters sorted. The index maps each signature to the words spelled by those letters. The words
that can follow a word are then found by trying each place, add and combine on the signature of its top letters
(at most 5 x 25 + 26 + 5 signatures), instead of scanning every word of the dictionary.

Whether any word can follow is asked after every word (ruling N7) and for every player's hand (the final round,
`table_blocked`), so it has faster answers still. Each signature with one letter left out maps to the letters
that complete it to a word, as a bit mask (its "holes"): a place or an add is then one lookup and one AND with
the hand's mask. And the few words that nothing at all can follow are found once, when the index is built.

"Not Another Word" (ruling N7) does not count going straight back to the word before: every move can be undone
by another (a placed letter covered again, an added one combined away, a buried one added back), so otherwise it
could never happen.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from string import ascii_lowercase

MAX_SPOTS = 5
MIN_SPOTS = 3
PLACE, ADD, COMBINE = "place", "add", "combine"


def signature(letters: str) -> str:
    """The letters sorted: equal for every arrangement of the same letters."""
    return "".join(sorted(letters))


@dataclass(frozen=True)
class Successor:
    """A way to make a new word from the letters on the table: `kind` is PLACE (card `letter` on a stack
    showing `on`), ADD (card `letter` in a new spot) or COMBINE (the stack showing `letter` buried)."""

    kind: str
    letter: str
    on: str = ""


class WordIndex:
    """The words of one dictionary, by signature."""

    def __init__(self, words: Iterable[str]) -> None:
        by_signature: dict[str, list[str]] = {}
        for word in sorted(set(words)):
            by_signature.setdefault(signature(word), []).append(word)
        self._by_signature = {key: tuple(spelled) for key, spelled in by_signature.items()}
        self.words = frozenset(word for spelled in self._by_signature.values() for word in spelled)
        holes: dict[str, int] = {}
        for key in self._by_signature:
            for letter in set(key):
                rest = key.replace(letter, "", 1)
                holes[rest] = holes.get(rest, 0) | _BIT[letter]
        self._holes = holes
        self._dead_ends = frozenset(key for key in self._by_signature if not self._can_follow(key, _EVERY_LETTER))

    def __contains__(self, word: str) -> bool:
        return word in self.words

    def __len__(self) -> int:
        return len(self.words)

    def anagrams(self, letters: str) -> tuple[str, ...]:
        """Every word spelled by exactly these letters, in alphabetical order."""
        return self._by_signature.get(signature(letters), ())

    def successors(self, letters: str, hand: str | None = None) -> Iterator[tuple[Successor, str]]:
        """Each way to make a word from the table's `letters` with cards showing `hand` (None: any letter),
        with the word it makes. Combining needs no card, so it is always tried."""
        table = signature(letters)
        offered = sorted(set(ascii_lowercase if hand is None else hand))
        for covered in sorted(set(table)):
            rest = table.replace(covered, "", 1)
            for letter in offered:
                if letter != covered:  # ruling N4: a letter may not go on the same letter
                    for word in self._by_signature.get(signature(rest + letter), ()):
                        yield Successor(PLACE, letter, covered), word
        if len(table) < MAX_SPOTS:
            for letter in offered:
                for word in self._by_signature.get(signature(table + letter), ()):
                    yield Successor(ADD, letter), word
        if len(table) > MIN_SPOTS:
            for buried in sorted(set(table)):
                for word in self._by_signature.get(table.replace(buried, "", 1), ()):
                    yield Successor(COMBINE, buried), word

    def has_successor(self, letters: str, hand: str | None = None) -> bool:
        """Whether any word can be made from the table's `letters` with cards showing `hand` (None: any letter)."""
        table = signature(letters)
        if hand is None and table in self._by_signature:
            return table not in self._dead_ends
        return self._can_follow(table, _EVERY_LETTER if hand is None else _mask(hand))

    def has_another_word(self, word: str, before: str) -> bool:
        """Whether any word but `before`, the word `word` was made from, can be made from `word` with any letter
        (ruling N7)."""
        if signature(word) in self._dead_ends:
            return False
        return any(made != before for _, made in self.successors(word))

    def _can_follow(self, table: str, hand: int) -> bool:
        """`has_successor` for a signature and the mask of the letters in hand, from the holes."""
        holes = self._holes
        for covered in set(table):
            if holes.get(table.replace(covered, "", 1), 0) & hand & ~_BIT[covered]:
                return True
        if len(table) < MAX_SPOTS and holes.get(table, 0) & hand:
            return True
        return len(table) > MIN_SPOTS and any(
            table.replace(buried, "", 1) in self._by_signature for buried in set(table)
        )


_BIT = {letter: 1 << index for index, letter in enumerate(ascii_lowercase)}
_EVERY_LETTER = (1 << len(ascii_lowercase)) - 1


def _mask(letters: str) -> int:
    mask = 0
    for letter in letters:
        mask |= _BIT[letter]
    return mask
