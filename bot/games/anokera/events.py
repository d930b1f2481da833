"""What can happen in a match of Anokera, and why a match ends: its event kinds and end reasons."""

from __future__ import annotations

from enum import StrEnum


class AnokeraEvent(StrEnum):
    """What can happen in a match of Anokera."""

    CARD_PLAYED = "card_played"
    COMBO = "combo"
    """Three different resources met on top of a column and were removed; nobody died."""
    CLEARED = "cleared"
    """A column was cleared: its deaths by kind."""
    ROW_REFILLED = "row_refilled"
    DECK_RESHUFFLED = "deck_reshuffled"
    FINAL_CLEARING = "final_clearing"
    GAME_OVER = "game_over"


class AnokeraEnd(StrEnum):
    """Why a match of Anokera ended."""

    CITY_EMPTY = "city_empty"
    """Every citizen died."""
    FINAL_CLEARING = "final_clearing"
    """The deck ran out a second time and every column was cleared (ruling K5)."""
