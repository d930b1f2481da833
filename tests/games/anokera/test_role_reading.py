"""The table's history and what the hard computer reads from it: the moves and the cards come into the row, kept
in the state, play the game over again to where it is; the other players' plays make their true roles likely; and
a match stored before histories were kept still loads and is played by hard."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Seating
from bot.engine.levels import HARD, NORMAL, choose_action
from bot.games.anokera.history import packed, replay, unpacked
from bot.games.anokera.inference import RoleBelief

from .positions import RULES


def _normal_game(seed: int, seats: int = 4):
    """Every state of a game of normal computers from `seed`, the last one over."""
    state = RULES.setup(Seating(seats, computers=tuple(range(seats))), {}, seed)
    states = [state]
    while not RULES.is_over(state):
        state, _ = RULES.apply(state, state.turn, choose_action(RULES, state, state.turn, NORMAL))
        states.append(state)
    return states


def test_every_move_packs_into_one_number_and_back():
    state = _normal_game(3)[10]
    for action in RULES.legal_actions(state, state.turn):
        assert unpacked(packed(state.turn, action)) == (state.turn, action)


def test_the_history_a_player_sees_plays_the_game_over_to_where_it_is():
    states = _normal_game(5)
    assert any(state.reshuffled for state in states), "the game should run through its reshuffled deck"
    for state in states[1:]:
        public = RULES.view(state, 0).public
        made, last = replay(RULES, public.arrivals, public.moves, state.seat_count)
        assert len(made) == len(state.moves)
        assert (last.row, last.columns, last.deaths, last.citizens) == (
            state.row,
            state.columns,
            state.deaths,
            state.citizens,
        )


def test_the_plays_seen_make_the_other_players_true_roles_likely():
    likely = []
    for seed in range(4):
        state = _normal_game(seed)[24]
        belief = RoleBelief(RULES, RULES.view(state, 0), {})
        chances = [belief.chance(seat, state.roles[seat]) for seat in belief.seats]
        likely.extend(chance > 1 / 8 for chance in chances)
    # Eight roles could be each other seat's: after six rounds, its own is nearly always more likely than that.
    assert sum(likely) >= 10


def test_hard_decides_the_same_mid_game_when_only_the_other_roles_and_the_deck_differ():
    state = _normal_game(2)[20]
    seat = state.turn
    others = [other for other in range(state.seat_count) if other != seat]
    roles = list(state.roles)
    roles[others[0]], roles[others[1]] = roles[others[1]], roles[others[0]]
    changed = replace(state, roles=tuple(roles), deck=(*state.deck[:1], *reversed(state.deck[1:])))
    assert RULES.view(changed, seat) == RULES.view(state, seat)
    assert choose_action(RULES, changed, seat, HARD) == choose_action(RULES, state, seat, HARD)


def test_a_match_stored_before_histories_were_kept_loads_and_hard_plays_it():
    state = _normal_game(4)[12]
    stored = RULES.encode_state(state)
    del stored["arrivals"], stored["moves"]
    loaded = RULES.decode_state(stored)
    assert loaded.moves == () and loaded.arrivals == ()
    action = choose_action(RULES, loaded, loaded.turn, HARD)
    assert action in RULES.legal_actions(loaded, loaded.turn)
    after, _ = RULES.apply(loaded, loaded.turn, action)
    assert RULES.view(after, 0).public.moves == after.moves and len(after.moves) == 1
