"""Not Another Word's content: the word list and the blocklist, from data/not_another_word (ruling N1).

words.txt holds every word of 3 to 5 letters from SCOWL's English and American word lists with the smallest
SCOWL size it appears at (10 is the most common; scripts/build_wordlist.py made it once). The table option
`dictionary` keeps the words up to a size. blocklist.txt lists words the dealer never deals and computer players
never play; players may still type them. `parse_content` reads both texts, which the composition root loads once.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

CONTENT_FILES = ("words.txt", "blocklist.txt")
DICTIONARY_SIZES = {"common": 60, "large": 70, "expert": 80}
"""The `dictionary` option: the largest SCOWL size of a word in each (ruling N1)."""
COMMON_WORD_SIZE = 35
"""Starting words no larger than this SCOWL size are "common"; larger ones (within the dictionary) "uncommon"."""
WORD_LENGTHS = range(3, 6)


@dataclass(frozen=True)
class WordContent:
    """Every word with its SCOWL size, and the blocklist."""

    sizes: Mapping[str, int]
    blocklist: frozenset[str]

    def words_up_to(self, size: int) -> tuple[str, ...]:
        """The words of SCOWL size `size` and below, in alphabetical order."""
        return tuple(sorted(word for word, word_size in self.sizes.items() if word_size <= size))


def parse_content(files: Mapping[str, str]) -> WordContent:
    """Read words.txt ("word size" lines) and blocklist.txt (a word a line); lines starting with # are notes."""
    sizes = {}
    for number, line in _lines(files["words.txt"]):
        word, _, size = line.partition(" ")
        if not (word.isascii() and word.isalpha() and word.islower() and len(word) in WORD_LENGTHS):
            raise ValueError(f"words.txt line {number}: {word!r} is not a word of 3 to 5 letters a-z")
        if not size.isdigit():
            raise ValueError(f"words.txt line {number}: {word!r} has no SCOWL size")
        sizes[word] = int(size)
    blocklist = frozenset(line for _, line in _lines(files["blocklist.txt"]))
    return WordContent(sizes, blocklist)


def _lines(text: str) -> list[tuple[int, str]]:
    return [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.startswith("#")
    ]
