"""Which of the three word moves a typed word is, or why it is none (ruling N4), and the stacks it leaves.

Rearranging is always allowed, so a move is read from the letters alone: the same number of letters with one
changed is a place, one letter more is an add, one fewer is a combine. The checks run in the order a player
would ask about them: the word's shape, then the letters, then the cards in hand, then the dictionary.
"""

from __future__ import annotations

from collections import Counter
from string import ascii_lowercase

from bot.engine import IllegalAction
from bot.games.not_another_word.cards import Card, letter_of
from bot.games.not_another_word.dictionary import ADD, COMBINE, MAX_SPOTS, MIN_SPOTS, PLACE, Successor, WordIndex


def judge(current: str, word: str, hand: str, dictionary: WordIndex, dictionary_name: str) -> Successor:
    """How `word` is made from the `current` word with cards showing `hand`; IllegalAction says why it cannot be."""
    shown = word.upper()
    if not word or any(letter not in ascii_lowercase for letter in word):
        raise IllegalAction("A word is written with the letters A to Z only")
    if not MIN_SPOTS <= len(word) <= MAX_SPOTS:
        raise IllegalAction(f"Words are {MIN_SPOTS} to {MAX_SPOTS} letters; {shown} has {len(word)}")
    before, after = Counter(current), Counter(word)
    gained, lost = after - before, before - after
    added, removed = sum(gained.values()), sum(lost.values())
    if not gained and not lost:
        if word == current:
            raise IllegalAction(f"{shown} is already the word. A letter cannot go on the same letter")
        raise IllegalAction(f"{shown} only rearranges {current.upper()}: place, add or combine a letter too")
    if added > 1 or removed > 1:
        changed = max(added, removed)
        raise IllegalAction(
            f"From {current.upper()} to {shown} changes {changed} letters: a turn changes one letter at a time"
        )
    if added and removed:
        move = Successor(PLACE, _only(gained), _only(lost))
    elif added:
        move = Successor(ADD, _only(gained))
    else:
        move = Successor(COMBINE, _only(lost))
    if move.kind != COMBINE and move.letter not in hand:
        raise IllegalAction(f"You do not hold {_with_article(move.letter)}")
    if word not in dictionary:
        raise IllegalAction(f"{shown} is not a word in this table's dictionary ({dictionary_name})")
    return move


def arranged(stacks: tuple[tuple[Card, ...], ...], move: Successor, word: str, card: Card | None) -> tuple:
    """The stacks once `move` is made with `card` (none for a combine) and they are rearranged to spell `word`.

    A card goes on the leftmost stack showing the covered letter. A combine puts the buried stack under its left
    neighbour (its right one when it is leftmost), as two stacks lying side by side are pushed together. Stacks
    showing the same letter keep their order."""
    piles = [list(stack) for stack in stacks]
    tops = [letter_of(pile[-1]) for pile in piles]
    if move.kind == PLACE:
        piles[tops.index(move.on)].append(card)
    elif move.kind == ADD:
        piles.append([card])
    else:
        buried = tops.index(move.letter)
        upper = buried - 1 if buried > 0 else 1
        piles[upper] = piles[buried] + piles[upper]
        del piles[buried]
    unused = list(piles)
    ordered = []
    for letter in word:
        pile = next(pile for pile in unused if letter_of(pile[-1]) == letter)
        unused.remove(pile)
        ordered.append(tuple(pile))
    return tuple(ordered)


def combined_with(stacks: tuple[tuple[Card, ...], ...], buried_letter: str) -> str:
    """The letter of the stack a combine puts on top of the stack showing `buried_letter` (see `arranged`)."""
    tops = [letter_of(stack[-1]) for stack in stacks]
    buried = tops.index(buried_letter)
    return tops[buried - 1 if buried > 0 else 1]


def _only(letters: Counter[str]) -> str:
    (letter,) = letters.elements()
    return letter


def _with_article(letter: str) -> str:
    return ("an " if letter in "aefhilmnorsx" else "a ") + letter.upper()
