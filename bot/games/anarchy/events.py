"""What can happen in a match of Anarchy, and why a match ends: the kinds of its events and its end reasons."""

from __future__ import annotations

from enum import StrEnum


class AnarchyEvent(StrEnum):
    """What can happen in a match of Anarchy."""

    CARD_PLAYED = "card_played"
    CARD_DRAWN = "card_drawn"
    CARD_RECEIVED = "card_received"
    """Only the drawer sees which card it was."""
    PILE_RESHUFFLED = "pile_reshuffled"
    TURN_PASSED = "turn_passed"
    TURN_ENDED = "turn_ended"
    PLAYER_FINISHED = "player_finished"
    GAME_OVER = "game_over"


class AnarchyEnd(StrEnum):
    """Why a match of Anarchy ended."""

    OUT_OF_CARDS = "out_of_cards"
    """A player emptied their hand."""
    PLACINGS_COMPLETE = "placings_complete"
    """With play_on: everyone but one went out."""
    BLOCKED = "blocked"
    """Nobody could play or draw (ruling A4): fewest cards wins."""
