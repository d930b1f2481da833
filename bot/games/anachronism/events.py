"""What can happen in a match of Anachronism, and why a match ends: its event kinds and end reasons."""

from __future__ import annotations

from enum import StrEnum


class AnachronismEvent(StrEnum):
    FORCE_CHOSEN = "force_chosen"
    """Public: only that a choice was made."""
    SETUP_ROLLED = "setup_rolled"
    PLACED = "placed"
    ROUND_STARTED = "round_started"
    REVEALED = "revealed"
    INITIATIVE = "initiative"
    DISCARDED = "discarded"
    ABILITY_USED = "ability_used"
    MOVED = "moved"
    ROTATED = "rotated"
    ATTACKED = "attacked"
    TURN_STARTED = "turn_started"
    FELL = "fell"
    """Warriors defeated in a game of more than two, who leave the arena (in a game of two, the game ends)."""
    STACK_READY = "stack_ready"
    """Public: only that a tournament stack is complete."""
    GAME_ENDED = "game_ended"
    """One game of a tournament match ended; the match goes on."""
    GAME_OVER = "game_over"


class AnachronismEnd(StrEnum):
    DEFEAT = "defeat"
    """A warrior's Life fell to 0 or below."""
    LIFE = "life"
    """After the fifth round, more Life won (or, with equal Life, more Experience)."""
    DRAW = "draw"
    """After the fifth round, Life and Experience were equal."""
    MATCH = "match"
    """A tournament match: the player who won more of its games won it (with equal wins, nobody did)."""
