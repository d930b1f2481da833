"""Judging answers (ruling M7): how an answer is normalised, and whether it is listed for a category or meets
its predicate. Pure text functions over the content's categories, so the rules, the computer players, the
renderer and the tests share them; none of them looks at a match.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import pairwise

from bot.games.anomia.content import Category, Predicate

_PREDICATE_WORD_TEXT = (
    "apple anchor banana bubble cat civic coffee dog egg eye fish goat hat ink igloo jam jazz kayak kite lemon "
    "level lion llama madam mango moon nest noon owl pepper pig pizza queen quilt radar rain refer rotor sun "
    "stats tree umbrella van wolf xylophone yak yellow zebra zoo balloon book door grass hill kettle letter "
    "rabbit summer tennis water window guitar orange piano rocket"
)
PREDICATE_WORDS = tuple(_PREDICATE_WORD_TEXT.split())
"""A fixed word list computers (and `legal_actions`) use for categories ruled by a predicate ("Starts with Q")."""


def normalise_answer(text: str) -> str:
    """Accents stripped, case folded, punctuation dropped, spaces collapsed, a leading a/an/the dropped (M7)."""
    decomposed = unicodedata.normalize("NFKD", text)
    folded = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    kept = "".join(char for char in folded if char.isalnum() or char.isspace())
    words = kept.split()
    if len(words) > 1 and words[0] in ("a", "an", "the"):
        words = words[1:]
    return " ".join(words)


@lru_cache(maxsize=65536)
def answer_key(text: str) -> str:
    """The normalised answer without spaces, so "hip-hop", "Hip Hop" and "hiphop" compare equal."""
    return normalise_answer(text).replace(" ", "")


@lru_cache(maxsize=65536)
def plural_forms(key: str) -> frozenset[str]:
    """The key and its forms without a trailing "es" or "s": two answers match when their forms meet (M7)."""
    forms = {key}
    if key.endswith("es") and len(key) > 3:
        forms.add(key[:-2])
    if key.endswith("s") and len(key) > 2:
        forms.add(key[:-1])
    return frozenset(forms)


@cache
def accepted_forms(category: Category) -> frozenset[str]:
    """Every plural form of every listed answer and alias of `category` (a fifth of a millisecond to build, so
    the rules build every category's when they load, rather than in the middle of a face-off)."""
    forms: set[str] = set()
    for answer in category.answers:
        for text in (answer.text, *answer.aliases):
            key = answer_key(text)
            if key:
                forms |= plural_forms(key)
    return frozenset(forms)


@lru_cache(maxsize=65536)
def satisfies(predicate: Predicate, text: str) -> bool:
    """Whether a one-word answer meets a predicate such as starts_with "q" or letter_count 5."""
    word = normalise_answer(text)
    if not word or not word.isalpha():
        return False  # one word, letters only
    arg = predicate.arg
    letters = answer_key(str(arg)) if isinstance(arg, str) else ""
    if predicate.name == "starts_with":
        return bool(letters) and word.startswith(letters)
    if predicate.name == "ends_with":
        return bool(letters) and word.endswith(letters)
    if predicate.name == "contains":
        return bool(letters) and letters in word
    if predicate.name == "letter_count":
        return len(word) == arg
    if predicate.name == "palindrome":
        return len(word) >= 3 and word == word[::-1]
    if predicate.name == "double_letter":
        return any(first == second for first, second in pairwise(word))
    if predicate.name == "no_letter":
        return bool(letters) and not any(letter in word for letter in letters)
    return False


def answer_matches(category: Category, text: str) -> bool:
    """Whether `text` is a listed answer or alias (plural forms allowed) or meets the category's predicate."""
    key = answer_key(text)
    if not key:
        return False
    if plural_forms(key) & accepted_forms(category):
        return True
    return category.predicate is not None and satisfies(category.predicate, text)


def said_before(key: str, said: Sequence[str]) -> bool:
    """Whether the answer key meets one of the keys in `said`, plural forms allowed: a repeat (ruling M8)."""
    forms = plural_forms(key)
    return any(forms & plural_forms(other) for other in said)


def said_forms(said: Sequence[str]) -> frozenset[str]:
    """Every plural form of the keys in `said`. `said_before(key, said)` is whether the key's forms meet these,
    so a caller that checks many keys against the same keys builds this once and tests each key's forms."""
    return frozenset().union(*map(plural_forms, said))
