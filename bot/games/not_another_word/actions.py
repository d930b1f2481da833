"""What a player of Not Another Word may do on their turn: make a word, exchange cards (rulings N4, N5), or pass.

A player with no word to make and nothing left to exchange passes without choosing to: the rules pass for them
(ruling N6). `Pass` is for a seat whose only words are on the blocklist, with nothing left to exchange for: a
computer never plays such a word (ruling N1), so one standing in for the seat passes instead, and its player
may too.
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


@dataclass(frozen=True)
class Pass:
    """Pass the turn: only when every word the seat's hand makes is on the blocklist and the draw pile is empty."""

    @property
    def notation(self) -> str:
        return "pass"


NotAnotherWordAction = MakeWord | Exchange | Pass
