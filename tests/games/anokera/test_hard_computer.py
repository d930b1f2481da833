"""The hard Anokera computer: it compares each play that differs once, and it takes the clearing that makes it
the winner when the city is about to empty."""

from __future__ import annotations

from bot.engine.levels import HARD, choose_action
from bot.games.anokera.actions import PlayCard
from bot.games.anokera.cards import DEATHS
from bot.games.anokera.search import distinct_choices

from .positions import RULES, city, role

VIOLENCE, FAMINE, DISASTER = DEATHS
FOUR_ROLES = (
    role(VIOLENCE, "acolyte"),
    role(FAMINE, "zealot"),
    role(DISASTER, "envoy"),
    role(FAMINE, "acolyte"),
)


def test_hard_compares_each_play_that_differs_once():
    state = city(row="FFTNT", roles=FOUR_ROLES)
    view = RULES.view(state, 0)
    choices = distinct_choices(view)
    # Three resources, alone or with a second card, on three empty columns that are all alike.
    assert len(choices) == 6
    assert set(choices) <= set(view.legal_actions)
    assert {(choice.card[0], choice.then_another) for choice in choices} == {
        (resource, more) for resource in "FTN" for more in (False, True)
    }


def test_hard_takes_the_last_clearing_that_makes_its_god_the_winner():
    # Three citizens are left; a marked Force on the Force run above a Terror kills all three by violence, which
    # then has the most deaths: the acolyte of violence in seat 0 wins.
    state = city(columns=("TFF", "", ""), row="F*NTNT", roles=FOUR_ROLES, deaths=(8, 9, 8), citizens=3, turn=0)
    action = choose_action(RULES, state, 0, HARD)
    assert isinstance(action, PlayCard) and action.card.startswith("F1") and action.column == 0
    after, _ = RULES.apply(state, 0, action)
    assert RULES.outcome(after).winners == (0,)
