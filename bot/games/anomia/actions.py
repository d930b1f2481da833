"""What a player (or the game's clock) may do in Anomia, and the text notation each action is stored as.

Flips, answers, votes and the command words; `parse` reads a notation back. An answer carries its arrival key,
the Discord message snowflake that orders answers in a race (ruling M6).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import ParseError

LEFT, RIGHT = "left", "right"
PILES = (LEFT, RIGHT)
"""The two draw piles, in the order of `AnomiaState.draw_piles`."""

TIMESTAMP_SHIFT = 22
"""A Discord snowflake's millisecond timestamp is the key shifted right by 22 bits (ruling M6)."""


def timestamp(arrival: int) -> int:
    """The millisecond timestamp of an arrival key (ruling M6)."""
    return arrival >> TIMESTAMP_SHIFT


@dataclass(frozen=True)
class Flip:
    """Flip the top card of the left or right draw pile onto your play pile."""

    pile: str

    @property
    def notation(self) -> str:
        return f"flip {self.pile}"


@dataclass(frozen=True)
class GiveAnswer:
    """Give an answer in a face-off; `arrival` orders answers as Discord did (a message snowflake, M6)."""

    arrival: int
    text: str

    @property
    def notation(self) -> str:
        return f"answer {self.arrival} {self.text}"


@dataclass(frozen=True)
class Heard:
    """SYSTEM: someone typed `text` in the channel during a face-off; it counts as said (ruling M8)."""

    text: str

    @property
    def notation(self) -> str:
        return f"heard {self.text}"


@dataclass(frozen=True)
class CastVote:
    """Vote on the answer under vote: yes upholds it."""

    upheld: bool

    @property
    def notation(self) -> str:
        return "vote yes" if self.upheld else "vote no"


@dataclass(frozen=True)
class Command:
    """A word action: settle, challenge, accept, close challenge, skip or remind."""

    word: str

    @property
    def notation(self) -> str:
        return self.word


SETTLE, CHALLENGE_WORD, ACCEPT, CLOSE_CHALLENGE, SKIP, REMIND = (
    "settle",
    "challenge",
    "accept",
    "close challenge",
    "skip",
    "remind",
)
COMMANDS = (SETTLE, CHALLENGE_WORD, ACCEPT, CLOSE_CHALLENGE, SKIP, REMIND)
SYSTEM_COMMANDS = (SETTLE, CLOSE_CHALLENGE, REMIND)
"""The commands only the game's clock (SYSTEM) gives."""

AnomiaAction = Flip | GiveAnswer | Heard | CastVote | Command


def parse(text: str) -> AnomiaAction:
    """Read "flip left", "answer <arrival> <text>", "heard <text>", "vote yes", "skip" and the rest."""
    words = text.split()
    if not words:
        raise ParseError("An empty message is not an Anomia action")
    head = words[0].lower()
    if head == "flip" and len(words) == 2 and words[1].lower() in PILES:
        return Flip(words[1].lower())
    if head == "answer" and len(words) >= 3:
        if not words[1].isdigit():
            raise ParseError(f"{text!r}: an answer starts with its arrival key, a whole number")
        return GiveAnswer(int(words[1]), " ".join(words[2:]))
    if head == "heard" and len(words) >= 2:
        return Heard(" ".join(words[1:]))
    if head == "vote" and len(words) == 2 and words[1].lower() in ("yes", "no"):
        return CastVote(words[1].lower() == "yes")
    joined = " ".join(word.lower() for word in words)
    if joined in COMMANDS:
        return Command(joined)
    raise ParseError(
        f"{text!r} is not an Anomia action: try 'flip left', 'answer <arrival> <text>', 'vote yes' or 'skip'"
    )
