"""Anarchy's cards: suits and ranks, the 52-card deck, and which card may follow which (rulings A1, A2, A5-A7).

Everything here is about cards alone, with no match state: whether a card is trump, whether it may go on the
top card in the current direction, the direction once it lands, and in words why it may not.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, final

from bot.engine import ParseError

SUITS = ("C", "D", "H", "S")
"""Suit codes in sorting order: clubs, diamonds, hearts, spades."""
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = tuple(range(ACE, KING + 1))
UP, DOWN = "up", "down"

_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_NAMES = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
_RANK_CODES = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}
_RANK_WORDS = {ACE: "Ace", JACK: "Jack", QUEEN: "Queen", KING: "King"}
_REVERSING_RANKS = (JACK, QUEEN, KING)


@final  # its codes are its stored form, which the codec reads directly
@dataclass(frozen=True)
class Card:
    """One playing card: rank 1-13 (Ace=1, J=11, Q=12, K=13) and suit "C", "D", "H" or "S"."""

    rank: int
    suit: str
    code: str = field(init=False, repr=False, compare=False)
    """Short ASCII id, e.g. "10D": used in notation, storage and hidden-token checks."""
    TEXT_FIELD: ClassVar[str] = "code"
    """Where the codec reads a card's stored text (its `to_text()`): a state writes dozens of cards."""
    sort_key: tuple[int, int] = field(init=False, repr=False, compare=False)
    """Order in a hand: by suit, then by rank with the Ace low."""

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"No such card: rank {self.rank!r}, suit {self.suit!r}")
        # Computed once: codes are read on every hidden-token check and every encode, sort keys on every draw.
        object.__setattr__(self, "code", _RANK_CODES.get(self.rank, str(self.rank)) + self.suit)
        object.__setattr__(self, "sort_key", (SUITS.index(self.suit), self.rank))

    @classmethod
    def from_text(cls, code: str) -> Card:
        """Read a card code such as "7C", "10D", "QH" or "AS" (any case)."""
        card = _CARDS_BY_CODE.get(code) or _CARDS_BY_CODE.get(code.strip().upper())  # first as stored
        if card is None:
            raise ParseError(f"{code!r} is not a card: write its rank and suit, like 7C, 10D, QH or AS")
        return card

    def to_text(self) -> str:
        """The card's code, as stored."""
        return self.code

    @classmethod
    def every_value(cls) -> tuple[Card, ...]:
        """The 52 cards: the codec reads a stored card by looking its code up among them."""
        return tuple(_CARDS_BY_CODE.values())

    @property
    def label(self) -> str:
        """What players read, e.g. "10♦"."""
        return _RANK_CODES.get(self.rank, str(self.rank)) + _SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        # The code in the repr lets leak tests spot a card however a view is printed.
        return f"Card.from_text({self.code!r})"


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order, before shuffling."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


_CARDS_BY_CODE = {card.code: card for card in full_deck()}


def is_trump(card: Card, indicator: Card) -> bool:
    """Whether `card` is trump: it shares the indicator's rank or its suit (ruling A1)."""
    return card.rank == indicator.rank or card.suit == indicator.suit


def direction_after(direction: str | None, top: Card | None, played: Card, indicator: Card) -> str | None:
    """The direction once `played` lands on `top` (rulings A5, A6, A7)."""
    # Ruling A5: any play inside a non-trump suit decides the direction, whichever rule made it legal, so a
    # trump by rank (the 5 of clubs with 5s trump) still turns the clubs down. Aces never decide (A7).
    if (
        top is not None
        and played.suit == top.suit
        and played.suit != indicator.suit
        and ACE not in (played.rank, top.rank)
    ):
        direction = UP if played.rank > top.rank else DOWN
    # Ruling A6: a face card then reverses whatever direction there is, including one it has just set.
    if played.rank in _REVERSING_RANKS and direction is not None:
        direction = DOWN if direction == UP else UP
    return direction


def can_follow(card: Card, top: Card | None, direction: str | None, indicator: Card) -> bool:
    """Whether `card` may go on `top` now (seed rules 1-4, rulings A2, A7)."""
    if is_trump(card, indicator):
        return True
    if top is None:
        return False  # ruling A2: only a trump starts the play pile
    if card.rank == top.rank:
        return True
    if card.suit != top.suit:
        return False
    if ACE in (card.rank, top.rank) or direction is None:  # ruling A7: an Ace is above and below
        return True
    return card.rank > top.rank if direction == UP else card.rank < top.rank


def follow_refusal(card: Card, top: Card | None, direction: str | None, indicator: Card) -> str | None:
    """Why `card` may not go on `top` now, in words a player can act on, or None when it may."""
    if can_follow(card, top, direction, indicator):
        return None
    if top is None:
        return "The first card must be a trump"
    return f"{card.label} does not follow the {top.label}: play {_what_follows(top, direction, indicator)}"


def _what_follows(top: Card, direction: str | None, indicator: Card) -> str:
    choices = []
    if top.suit != indicator.suit:
        suit = _SUIT_NAMES[top.suit]
        if direction is None or top.rank == ACE:
            choices.append(f"a {suit}")
        else:
            comparison = "higher" if direction == UP else "lower"
            choices.append(f"a {suit} {comparison} than {_rank_word(top.rank)}")
    if top.rank != indicator.rank:
        choices.append(_with_article(_rank_word(top.rank)))
    choices.append("a trump")
    if len(choices) <= 2:
        return " or ".join(choices)
    return ", ".join(choices[:-1]) + ", or " + choices[-1]


def _rank_word(rank: int) -> str:
    return _RANK_WORDS.get(rank, str(rank))


def _with_article(word: str) -> str:
    return ("an " if word[0] in "A8" else "a ") + word
