"""Anarchy's hard computer (bot/games/anarchy/search.py): its fast play-outs end as the rules would end them, and
it plays only legal cards from what its seat sees."""

from __future__ import annotations

import pytest

from bot.engine import Seating, SeededRandom
from bot.engine.levels import HARD, NORMAL, choose_action
from bot.games.anarchy.actions import PlayCard
from bot.games.anarchy.rules import RESHUFFLE_LIMIT
from bot.games.anarchy.search import PlayoutTable, play_out
from bot.games.anarchy.worlds import sample_world

from .positions import RULES


def _ruled_play_out(world, seat, card) -> float:
    """The same play-out through the rules: `seat` wins it when it goes out before the others still in."""
    state, _ = RULES.apply(world, seat, PlayCard(card))
    while not RULES.is_over(state) and len(state.finished) == len(world.finished):
        state, _ = RULES.apply(state, state.turn, choose_action(RULES, state, state.turn, NORMAL))
    if len(state.finished) > len(world.finished):
        return 1.0 if state.finished[len(world.finished)] == seat else 0.0
    tied = RULES.outcome(state).placings[len(world.finished)]
    return 1.0 / len(tied) if seat in tied else 0.0


@pytest.mark.parametrize(("seats", "options"), [(2, {}), (3, {"draw_then_play": True}), (3, {"play_on": True})])
def test_fast_play_outs_end_as_the_rules_would(seats, options):
    rng = SeededRandom(seats)
    for seed in range(3):
        state = RULES.setup(Seating(seats, 0, tuple(range(seats))), {"computer_players": seats - 1, **options}, seed)
        while not RULES.is_over(state):
            seat = state.turn
            plays = [action for action in RULES.legal_actions(state, seat) if isinstance(action, PlayCard)]
            if plays and state.drawn_card is None:
                world = sample_world(RESHUFFLE_LIMIT, RULES.view(state, seat), seat, rng)
                table = PlayoutTable(world.trump_indicator)
                for play in plays:
                    assert play_out(table, RESHUFFLE_LIMIT, world, seat, play.card) == _ruled_play_out(
                        world, seat, play.card
                    )
            state, _ = RULES.apply(state, seat, choose_action(RULES, state, seat, NORMAL))


def test_hard_plays_a_whole_match_with_legal_moves_only():
    state = RULES.setup(Seating(2, 0, (0, 1)), {"computer_players": 1, "computer_level": HARD}, 9)
    while not RULES.is_over(state):
        action = choose_action(RULES, state, state.turn, HARD if state.turn == 0 else NORMAL)
        assert action in RULES.legal_actions(state, state.turn)
        state, _ = RULES.apply(state, state.turn, action)
