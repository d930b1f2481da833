"""Hand-built Not Another Word positions, and shorthands to play them, shared by the tests of this package.

`table` builds a position from letters: the word's stacks, each hand and the draw pile are written as lowercase
letters, and each letter becomes the next unused card of that letter in deck order ("e" -> E01, then E02), so
every card id is used once. Whatever the position does not name goes to the draw pile (or, when the draw pile is
given, to the discards), so a built table always holds the whole 100-card deck. `act`, `word_by`, `refusal` and
the readers below play and read positions for whoever is to act.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from support import RULES as ALL_RULES

from bot.engine import Event, IllegalAction, Seating
from bot.games.not_another_word.cards import Card, full_deck, letter_of, letters_of, sorted_hand
from bot.games.not_another_word.rules import NotAnotherWordRules
from bot.games.not_another_word.state import NotAnotherWordState

RULES: NotAnotherWordRules = ALL_RULES["not_another_word"]
"""The game's rules over the shipped word list and blocklist."""
DECK = full_deck()


class Dealer:
    """Hands out cards by letter, each id once: the lowest-numbered unused card of the letter."""

    def __init__(self) -> None:
        self.unused = list(DECK)

    def cards(self, letters: str) -> tuple[Card, ...]:
        taken = []
        for letter in letters:
            card = next((card for card in self.unused if letter_of(card) == letter), None)
            if card is None:
                raise ValueError(f"the deck has no card {letter!r} left for this position")
            self.unused.remove(card)
            taken.append(card)
        return tuple(taken)


def table(
    stacks: str | Sequence[str],
    hands: Sequence[str],
    draw: str | None = None,
    discards: str = "",
    turn: int = 0,
    computers: tuple[int, ...] = (),
    final_turns_left: int | None = None,
    **options,
) -> NotAnotherWordState:
    """A hand-built position. `stacks` is the word (one card a spot) or each stack's letters, bottom card first
    ("lp" is an L covered by a P); `hands` one letter string a seat; `draw` the draw pile's letters, top first.
    Without `draw` every card not named is in the draw pile, in deck order; with it, they are in the discards."""
    dealer = Dealer()
    piles = tuple(dealer.cards(stack) for stack in ([*stacks] if isinstance(stacks, str) else stacks))
    held = tuple(sorted_hand(dealer.cards(hand)) for hand in hands)
    thrown = dealer.cards(discards)
    drawn = None if draw is None else dealer.cards(draw)
    if drawn is None:
        drawn, rest = tuple(dealer.unused), ()
    else:
        rest = tuple(dealer.unused)
    base = RULES.setup(Seating(len(hands), computers=computers), options, seed=1)
    return replace(
        base,
        stacks=piles,
        hands=held,
        draw_pile=drawn,
        discards=(*thrown, *rest),
        turn=turn,
        turns=0,
        last_word_by=None,
        final_turns_left=final_turns_left,
        result=None,
        placings=(),
    )


def act(state: NotAnotherWordState, *notations: str) -> NotAnotherWordState:
    """Apply each action in turn for whoever is to act."""
    for notation in notations:
        state, _ = RULES.apply(state, state.turn, RULES.parse_action(notation))
    return state


def word_by(state: NotAnotherWordState, word: str) -> tuple[NotAnotherWordState, list[Event]]:
    """The seat to act makes `word`: the new state and the events."""
    return RULES.apply(state, state.turn, RULES.parse_action(f"word {word}"))


def exchange(state: NotAnotherWordState, letters: str) -> tuple[NotAnotherWordState, list[Event]]:
    """The seat to act exchanges cards showing these letters (the first held card of each)."""
    hand = list(state.hands[state.turn])
    cards = []
    for letter in letters:
        card = next(card for card in hand if letter_of(card) == letter)
        hand.remove(card)
        cards.append(card)
    return RULES.apply(state, state.turn, RULES.parse_action("exchange " + " ".join(cards)))


def refusal(state: NotAnotherWordState, notation: str, seat: int | None = None) -> str:
    """Why `notation` is refused; fails the test if it is accepted."""
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, state.turn if seat is None else seat, RULES.parse_action(notation))
    return str(caught.value)


def kinds(events: Sequence[Event]) -> list[str]:
    return [str(event.kind) for event in events]


def stack_letters(state: NotAnotherWordState) -> tuple[str, ...]:
    """Each stack's letters, bottom card first, left to right."""
    return tuple(letters_of(stack) for stack in state.stacks)


def heights(state: NotAnotherWordState) -> tuple[int, ...]:
    return tuple(len(stack) for stack in state.stacks)


def hand_letters(state: NotAnotherWordState, seat: int) -> str:
    return letters_of(state.hands[seat])


def all_cards(state: NotAnotherWordState) -> list[Card]:
    """Every card the state holds, wherever it lies."""
    return [
        *(card for stack in state.stacks for card in stack),
        *(card for hand in state.hands for card in hand),
        *state.draw_pile,
        *state.discards,
    ]


def holds_the_whole_deck(state: NotAnotherWordState) -> bool:
    """Whether the state holds each of the 100 cards exactly once."""
    return Counter(all_cards(state)) == Counter(DECK)
