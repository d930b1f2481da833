"""Anomia's actions (bot/games/anomia/actions.py): their notation, and reading it back with `parse_action`."""

from __future__ import annotations

import pytest

from bot.engine import ParseError
from bot.games.anomia.actions import CastVote, Command, Flip, GiveAnswer, Heard

from .positions import (
    RULES,
)


@pytest.mark.parametrize(
    "action",
    [
        Flip("left"),
        Flip("right"),
        GiveAnswer(123456789012345678, "New York"),
        GiveAnswer(0, "rock n roll"),
        Heard("cherry pie"),
        CastVote(True),
        CastVote(False),
        *(Command(word) for word in ("settle", "challenge", "accept", "close challenge", "skip", "remind")),
    ],
)
def test_every_action_notation_round_trips(action):
    assert RULES.parse_action(action.notation) == action


@pytest.mark.parametrize("text", ["", "flip up", "answer soon apple", "answer 5", "vote maybe", "dance"])
def test_parse_action_rejects_other_text(text):
    with pytest.raises(ParseError):
        RULES.parse_action(text)
