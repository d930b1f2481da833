"""Anarchy's actions (bot/games/anarchy/actions.py): their notation, and reading it back with `parse_action`."""

from __future__ import annotations

import pytest

from bot.engine import ParseError
from bot.games.anarchy.actions import DrawCard, EndTurn, PlayCard
from bot.games.anarchy.cards import Card, full_deck

from .positions import RULES


def test_every_action_notation_round_trips():
    actions = [*(PlayCard(card) for card in full_deck()), DrawCard(), EndTurn()]
    for action in actions:
        assert RULES.parse_action(action.notation) == action
    assert RULES.parse_action("  Play   qh ") == PlayCard(Card.from_text("QH"))
    assert PlayCard(Card.from_text("7C")).notation == "play 7C"


@pytest.mark.parametrize("text", ["", "play", "play 7C 8C", "draw 2", "fold", "play 1H", "put 7C"])
def test_parse_action_rejects_other_text(text):
    with pytest.raises(ParseError):
        RULES.parse_action(text)
