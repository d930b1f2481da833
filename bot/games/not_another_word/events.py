"""What can happen in a match of Not Another Word, and why a match ends: its event kinds and end reasons."""

from __future__ import annotations

from enum import StrEnum


class WordEvent(StrEnum):
    """What can happen in a match of Not Another Word."""

    WORD_MADE = "word_made"
    CARDS_EXCHANGED = "cards_exchanged"
    CARDS_DRAWN = "cards_drawn"
    """Only the drawer sees which cards they were."""
    LAST_CARD_DRAWN = "last_card_drawn"
    TURN_PASSED = "turn_passed"
    GAME_OVER = "game_over"


class WordEnd(StrEnum):
    """Why a match of Not Another Word ended."""

    OUT_OF_CARDS = "out_of_cards"
    """A player played their last card."""
    NOT_ANOTHER_WORD = "not_another_word"
    """No letter could make another word from the last one (ruling N7)."""
    TABLE_BLOCKED = "table_blocked"
    """With the option on, no other player could make a word from the last one (ruling N7)."""
    FINAL_ROUND = "final_round"
    """Everyone had their last turn after the draw pile ran out: fewest cards wins (ruling N6)."""
