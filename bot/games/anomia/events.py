"""What can happen in a match of Anomia, and why a match ends: the kinds of its events and its end reasons."""

from __future__ import annotations

from enum import StrEnum


class AnomiaEvent(StrEnum):
    """What can happen in a match of Anomia."""

    CARD_FLIPPED = "card_flipped"
    WILD_REVEALED = "wild_revealed"
    FACEOFF_STARTED = "faceoff_started"
    ANSWER_GIVEN = "answer_given"
    ANSWER_HEARD = "answer_heard"
    """Someone else said an answer in the channel: it counts as said (ruling M8)."""
    ANSWER_REFUSED = "answer_refused"
    ANSWER_ACCEPTED = "answer_accepted"
    CHALLENGE_WINDOW_OPENED = "challenge_window_opened"
    CHALLENGE_WINDOW_CLOSED = "challenge_window_closed"
    CHALLENGE_OPENED = "challenge_opened"
    VOTE_OPENED = "vote_opened"
    VOTE_CAST = "vote_cast"
    CHALLENGE_UPHELD = "challenge_upheld"
    CHALLENGE_OVERTURNED = "challenge_overturned"
    TIE = "tie"
    TIEBREAKER_FLIPPED = "tiebreaker_flipped"
    TIEBREAKER_UNAVAILABLE = "tiebreaker_unavailable"
    FACEOFF_WON = "faceoff_won"
    FACEOFF_SKIPPED = "faceoff_skipped"
    FACEOFF_REMINDER = "faceoff_reminder"
    GAME_OVER = "game_over"


class AnomiaEnd(StrEnum):
    """Why a match of Anomia ended."""

    PILES_EMPTY = "piles_empty"
    """The draw piles ran out and no face-off was left: most cards won wins (ruling M13)."""
