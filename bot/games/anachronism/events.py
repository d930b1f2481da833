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
    ROLLED_OFF = "rolled_off"
    """A tie (of Initiative or of an attack) settled by a roll-off: each roller's dice, in the order they rolled."""
    REROLLED = "rerolled"
    """An ability rolled one die of the attack in progress again: the seat whose roll it was, its dice before and
    after."""
    LIFE_CHANGED = "life_changed"
    """An ability took Life from a warrior (damage) or gave it Life: the change and the ability."""
    EXPERIENCE_CHANGED = "experience_changed"
    """An ability changed a warrior's Experience for the rest of the game: the change and the ability."""
    PUSHED = "pushed"
    """An ability moved a warrior that did not move itself (pushed it away, traded places): where it now stands."""
    TURNED_DOWN = "turned_down"
    """An ability turned a face-up support face down."""
    PASSED = "passed"
    """The active player spent an action doing nothing."""
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
