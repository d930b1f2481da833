"""The hard computer's own choices in Anachronism (bot/games/anachronism/levels.py): the force it brings, a whole
legal force wherever the rules keep it from bringing that one, and in play normal's move but where its search
finds an attack or an ability clearly better (search.py)."""

from __future__ import annotations

from bot.engine import Seating
from bot.engine.levels import HARD, NORMAL, choose_action
from bot.games.anachronism.actions import Attack, UseAbility
from bot.games.anachronism.card_values import fits
from bot.games.anachronism.levels import HARD_FORCE
from bot.games.anachronism.state import PLAYING

from .positions import POOL, RULES


def _forces_chosen(seats: int, levels: tuple[str, ...], options: dict, seed: int = 5):
    """The state once every computer, at its seat's level, has chosen its force, placed and laid its supports."""
    state = RULES.setup(Seating(seats, computers=tuple(range(seats))), {"computer_players": seats - 1, **options}, seed)
    while state.phase != PLAYING:
        seat = min(RULES.actors(state))
        action = choose_action(RULES, state, seat, levels[seat])
        assert action in RULES.legal_actions(state, seat)
        state, _ = RULES.apply(state, seat, action)
    return state


def test_hard_brings_its_force_with_its_supports_in_its_order_and_normal_still_chooses_its_own():
    state = _forces_chosen(2, (HARD, NORMAL), {})
    hard, normal = state.fighters
    assert (hard.warrior, hard.supports) == HARD_FORCE
    assert all(fits(POOL, [other for other in hard.supports if other != card], card) for card in hard.supports)
    assert (normal.warrior, normal.supports) != HARD_FORCE


def test_two_hard_teammates_bring_whole_forces_that_never_share_a_card():
    state = _forces_chosen(4, (HARD, HARD, HARD, HARD), {"teams": 1})
    first, _, third, _ = state.fighters  # seats 1 and 3 (0 and 2) are a team
    assert (first.warrior, first.supports) == HARD_FORCE
    assert len(third.supports) == 4 and third.warrior
    assert not {third.warrior, *third.supports} & {first.warrior, *first.supports}


def test_in_play_hard_departs_from_normals_move_only_for_an_attack_or_ability_its_search_finds_better():
    # Seed 264 puts hard in seat 0; in round 2 its search strikes with its warrior rather than send the elephant.
    state = RULES.setup(Seating(2, 0, (0, 1)), {"computer_players": 1}, 264)
    departures = []
    while not RULES.is_over(state):
        seat = min(RULES.actors(state))
        action = choose_action(RULES, state, seat, HARD if seat == 0 else NORMAL)
        if seat == 0 and state.phase == PLAYING and action != choose_action(RULES, state, seat, NORMAL):
            departures.append(action)
        state, _ = RULES.apply(state, seat, action)
    assert departures
    assert all(isinstance(action, (Attack, UseAbility)) for action in departures)
