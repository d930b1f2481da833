"""Anokera's hints and first-game guidance, in hand-built positions: a hint weighs a play for the player's own
secret role and says so, in words a newcomer reads."""

from __future__ import annotations

from bot.games.anokera.actions import PlayCard
from bot.games.anokera.hints import FIRST_GAME_GUIDANCE

from .positions import DEFAULT_ROLES, RULES, SHEET, act, city


def test_a_marked_card_that_kills_for_your_role_is_explained_with_its_deaths_and_points():
    # Seat 0 is the Acolyte of Violence: a marked Force on Terror kills by violence.
    state = city(columns=("TFF", "", ""), row="F*NNNN")
    hint = RULES.hint(state, 0)
    assert hint.action == PlayCard(state.row[0], 0)
    role = SHEET.role(DEFAULT_ROLES[0]).name
    assert hint.line.startswith("Play the marked Force on column 1: it clears the column (3 die by Violence), ")
    assert hint.line.endswith(f"points as the {role}.")


def test_the_guidance_tells_a_first_card_from_a_second():
    state = city(row="FTNFT")
    assert RULES.decision(state, 0).guidance == FIRST_GAME_GUIDANCE["first"]
    second = act(state, f"play {state.row[0]} 1 more")
    assert RULES.decision(second, 0).kind == "second"
    assert RULES.decision(second, 1) is None
