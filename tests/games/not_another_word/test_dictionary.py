"""The dictionary's index (bot/games/not_another_word/dictionary.py) against a brute-force scan of every word.

Ruling N4 reads a move from letter multisets alone (rearranging is always allowed): a place keeps the length and
swaps one letter for a different one from the hand, an add puts one more letter from the hand (5 at most), a
combine drops one letter (3 at least). `successors`, `has_successor` and `anagrams` must agree exactly with that
definition applied to each word of each dictionary level, for any table and any hand (None: every letter).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from string import ascii_lowercase

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.not_another_word.content import DICTIONARY_SIZES
from bot.games.not_another_word.dictionary import ADD, COMBINE, PLACE, WordIndex

from .positions import RULES

LEVELS = tuple(DICTIONARY_SIZES)


@cache
def level_words(level: str) -> tuple[str, ...]:
    """The level's words straight from the content, not from the index under test."""
    return tuple(sorted(word for word, size in RULES.content.sizes.items() if size <= DICTIONARY_SIZES[level]))


@cache
def scan_table(level: str, length: int) -> tuple[tuple[str, frozenset[str], Counter[str]], ...]:
    """The level's words of one length, each with its set and multiset of letters."""
    return tuple((word, frozenset(word), Counter(word)) for word in level_words(level) if len(word) == length)


def brute_force_successors(level: str, current: str, hand: str | None) -> set[tuple[str, str, str, str]]:
    """Every (kind, letter, covered letter, word) a move from `current` can make, by scanning the whole level."""
    table = Counter(current)
    table_letters = frozenset(current)
    found = set()
    for length in (len(current) - 1, len(current), len(current) + 1):
        for word, letters, counts in scan_table(level, length):
            if len(letters - table_letters) > 1:
                continue  # a quick necessary condition: at most one letter comes from the hand
            gained, lost = counts - table, table - counts
            if gained.total() == 1 and lost.total() == 1:
                (letter,), (covered,) = gained, lost
                if hand is None or letter in hand:
                    found.add((PLACE, letter, covered, word))
            elif gained.total() == 1 and not lost and len(word) <= 5:
                (letter,) = gained
                if hand is None or letter in hand:
                    found.add((ADD, letter, "", word))
            elif lost.total() == 1 and not gained and len(word) >= 3:
                (buried,) = lost
                found.add((COMBINE, buried, "", word))
    return found


def index_successors(level: str, current: str, hand: str | None) -> list[tuple[str, str, str, str]]:
    index: WordIndex = RULES.dictionaries[level]
    return [(move.kind, move.letter, move.on, word) for move, word in index.successors(current, hand)]


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, str]:
    """A level, and a current word: a word of the level, or any 3 to 5 letters."""
    level = draw(st.sampled_from(LEVELS))
    letters = st.text(ascii_lowercase, min_size=3, max_size=5)
    return level, draw(st.one_of(st.sampled_from(level_words(level)), letters))


HANDS = st.one_of(st.none(), st.text(ascii_lowercase, max_size=7))


@settings(max_examples=100, deadline=None)
@given(tables(), HANDS)
def test_successors_are_exactly_the_moves_a_scan_of_the_dictionary_finds(level_and_word, hand):
    level, current = level_and_word
    listed = index_successors(level, current, hand)
    assert len(listed) == len(set(listed)), "a move is listed twice"
    assert set(listed) == brute_force_successors(level, current, hand)


@settings(max_examples=100, deadline=None)
@given(tables(), HANDS)
def test_has_successor_says_whether_any_move_exists(level_and_word, hand):
    level, current = level_and_word
    expected = bool(brute_force_successors(level, current, hand))
    assert RULES.dictionaries[level].has_successor(current, hand) is expected


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(LEVELS), st.data())
def test_anagrams_are_every_word_of_exactly_those_letters_in_alphabetical_order(level, data):
    letters = data.draw(
        st.one_of(
            st.sampled_from(level_words(level)).flatmap(lambda word: st.permutations(word).map("".join)),
            st.text(ascii_lowercase, min_size=1, max_size=6),
        )
    )
    wanted = Counter(letters)
    expected = tuple(word for word, _, counts in scan_table(level, len(letters)) if counts == wanted)
    assert RULES.dictionaries[level].anagrams(letters) == expected


def test_known_moves_and_dead_ends():
    common = RULES.dictionaries["common"]
    assert ("place", "p", "l", "pawn") in index_successors("common", "lawn", "p")
    assert ("add", "r", "", "prawn") in index_successors("common", "pawn", "r")
    assert ("combine", "n", "", "warp") in index_successors("common", "prawn", "")
    assert not common.has_successor("cat", "")  # three letters: no combine, and no card to place
    assert not common.has_successor("oxbow")  # no letter at all makes a word from it
    assert common.anagrams("tops") == ("opts", "post", "pots", "spot", "stop", "tops")
    assert "lawn" in common and "bawn" not in common and len(common) == len(level_words("common"))


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LEVELS), st.data())
def test_every_move_can_be_undone_by_another_move(level, data):
    """Place, add and combine are each other's inverses: from the word made, the word before is always one move
    away (place the covered letter back; combine away the added letter; add back the buried one)."""
    index = RULES.dictionaries[level]
    before = data.draw(st.sampled_from(level_words(level)))
    for move, made in index.successors(before):
        undo = "" if move.kind == ADD else (move.on if move.kind == PLACE else move.letter)
        assert before in {word for _, word in index.successors(made, undo)}
