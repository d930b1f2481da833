"""A match of Not Another Word as stored: the table options and the whole state, secrets included.

The codec writes these dataclasses as JSON by their type hints, so every type named in them is imported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import Seat
from bot.engine.levels import NORMAL
from bot.games.not_another_word.cards import Card, letters_of
from bot.games.not_another_word.events import WordEnd


@dataclass(frozen=True)
class NotAnotherWordOptions:
    """The table options chosen when the match was opened."""

    dictionary: str = "common"
    start_word: str = "common"
    table_blocked: bool = False
    computer_players: int = 0
    computer_level: str = NORMAL


@dataclass(frozen=True)
class TurnSeen:
    """One turn as the whole table saw it: whose it was, the word it was taken on, and the word made or the letters
    exchanged (passes are left out: they change no hand)."""

    seat: Seat
    word: str
    made: str = ""
    exchanged: str = ""


@dataclass(frozen=True)
class NotAnotherWordState:
    """A whole match, secrets included. Only `NotAnotherWordRules.view` may show it to players."""

    options: NotAnotherWordOptions
    computer_seats: tuple[Seat, ...]
    stacks: tuple[tuple[Card, ...], ...]
    """The word on the table, left to right; each stack from its bottom card to the card showing."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, in alphabetical order."""
    draw_pile: tuple[Card, ...]
    """Top card first."""
    discards: tuple[Card, ...]
    """Cards given up in exchanges, face up, in the order they were discarded."""
    turn: Seat
    turns: int
    """How many turns have been taken (passes included)."""
    last_word_by: Seat | None
    final_turns_left: int | None
    """Once the last card is drawn: how many turns the final round has left (ruling N6)."""
    result: WordEnd | None
    placings: tuple[tuple[Seat, ...], ...]
    turns_seen: tuple[TurnSeen, ...] = ()
    """Every word made and exchange, oldest first: all public, and what the hard computer reads the other hands
    from (a seat that could not make a better word lacked its letters)."""

    @property
    def seat_count(self) -> int:
        """How many seats the match was dealt for."""
        return len(self.hands)

    @property
    def word(self) -> str:
        """The word on the table: the letter showing on each stack."""
        return letters_of(tuple(stack[-1] for stack in self.stacks))
