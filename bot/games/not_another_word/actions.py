"""What a player of Not Another Word may do on their turn: make a word, or exchange cards (rulings N4, N5).

A player with no word to make and nothing left to exchange passes, but never chooses to: the rules pass for
them (ruling N6), so passing is not an action.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.not_another_word.cards import Card


@dataclass(frozen=True)
class MakeWord:
    """Make this word from the table's stacks; the rules work out how (ruling N4)."""

    word: str

    @property
    def notation(self) -> str:
        """Text such as "word pawn"."""
        return f"word {self.word}"


@dataclass(frozen=True)
class Exchange:
    """Discard these cards and draw as many (ruling N5)."""

    cards: tuple[Card, ...]

    @property
    def notation(self) -> str:
        """Text such as "exchange Q01 Z01"."""
        return "exchange " + " ".join(self.cards)


NotAnotherWordAction = MakeWord | Exchange
