"""Why the host turned a request down. A refusal carries a reason and the facts behind it; the adapter that
asked words it for the user (bot/discord_ui/wording.py), so the host holds no platform's words."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class RefusalReason(StrEnum):
    NO_TABLE = "no_table"
    """The table a button or id names no longer exists."""
    NO_TABLE_HERE = "no_table_here"
    BAD_OPTION = "bad_option"
    """details: detail (the game's own words), or unknown_game (a game that does not exist)."""
    CHANNEL_BUSY = "channel_busy"
    NOT_IN_GAME = "not_in_game"
    """details: at_table (asked of a table, not a running game), someone_else (the opener named a stranger), left
    (the player left the running game)."""
    ALREADY_SEATED = "already_seated"
    """details: playing (someone at a running game asked to take a seat over)."""
    CANNOT_COME_BACK = "cannot_come_back"
    """A player who left a running game asked to take a seat in it again (ruling S2)."""
    NO_FREE_SEAT = "no_free_seat"
    """No seat of the running game may be taken over. details: taken (the seat asked for was just taken)."""
    TABLE_FULL = "table_full"
    """details: max_players."""
    NOT_ENOUGH_PLAYERS = "not_enough_players"
    """details: game (its title), needed, seated."""
    NOT_OPENER = "not_opener"
    """details: opener_id, attempt (an Attempt)."""
    NOT_STARTED = "not_started"
    ALREADY_STARTED = "already_started"
    """details: attempt (Attempt.LEAVE when a seated player tried to leave a running game), or none."""
    GAME_OVER = "game_over"
    """details: status (the table's MatchStatus)."""
    STALE_BOARD = "stale_board"
    """What the clicked control showed its player has changed (bot/matches/pins.py). details: board (the control
    was the board's, or a copy of it; else a private panel's)."""
    CHANGED_MEANWHILE = "changed_meanwhile"
    """Another request changed the match at the same moment."""
    NOT_YOUR_TURN = "not_your_turn"
    """details: waiting_for (the names of the players who may act)."""
    TYPED_ONLY = "typed_only"
    """A click or a box carried a move the game takes only typed, in a message or a command."""
    ILLEGAL_ACTION = "illegal_action"
    """details: detail (the game's own reason), or attempt (Attempt.REMOVE_YOURSELF)."""
    NO_RECORD = "no_record"
    """No finished game to show the record of. details: table (the id asked for, or None: the channel's)."""
    NOT_FINISHED = "not_finished"
    """A game's record or replay was asked for while it is still being played. details: replay (the replay)."""
    NO_REPLAY = "no_replay"
    """An abandoned game has no replay, nor one whose log the rules no longer take. details: table, unreadable
    (the log)."""
    NOTHING_TO_TYPE = "nothing_to_type"
    """A typed move was sent where the game expects none from this player now."""


class Attempt(StrEnum):
    """What a player tried that the host refused for who they are or when they tried it."""

    START = "start"
    ABANDON = "abandon"
    REMOVE_PLAYER = "remove_player"
    CHANGE_OPTIONS = "change_options"
    REMOVE_YOURSELF = "remove_yourself"
    LEAVE = "leave"


class Refusal(Exception):
    """A request the host refused; nothing changed. `reason` is a `RefusalReason`, or the reasons of a kind of request
    of its own (a league's); `details` hold the facts its wording needs."""

    def __init__(self, reason: StrEnum, **details: Any) -> None:
        super().__init__(reason.value, details)
        self.reason = reason
        self.details = details
