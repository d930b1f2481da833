"""Why the host turned a request down. Each refusal carries a short message for the user who asked."""

from __future__ import annotations

from enum import StrEnum


class RefusalReason(StrEnum):
    NO_TABLE = "no_table"
    CHANNEL_BUSY = "channel_busy"
    NOT_IN_GAME = "not_in_game"
    ALREADY_SEATED = "already_seated"
    TABLE_FULL = "table_full"
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    NOT_OPENER = "not_opener"
    NOT_STARTED = "not_started"
    ALREADY_STARTED = "already_started"
    GAME_OVER = "game_over"
    STALE_BOARD = "stale_board"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL_ACTION = "illegal_action"
    BAD_OPTION = "bad_option"


class Refusal(Exception):
    """A request the host refused; nothing changed. `str(refusal)` is the reply to show."""

    def __init__(self, reason: RefusalReason, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message
