"""The computer levels: every game offers them, each level chooses a legal move, and hard never uses what its seat
cannot see (a hidden card changed under the same view leaves its decision as it was)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from support import RULES

from bot.catalogue import PROJECT_ROOT
from bot.engine import Seating
from bot.engine.levels import COMPUTER_LEVEL_OPTION, EASY, HARD, LEVELS, NORMAL, choose_action
from bot.games.anachronism.state import PLAYING


def test_every_game_offers_the_three_levels_with_normal_the_default_and_a_help_line():
    for rules in RULES.values():
        (option,) = [option for option in rules.options if option.key == COMPUTER_LEVEL_OPTION]
        assert option.choices == (NORMAL, EASY, HARD) and option.default == NORMAL
        assert "easy" in option.help and "hard" in option.help
        assert rules.computer_levels() is not None


def _played(rules, seats: int, seed: int, moves: int, options: dict | None = None):
    """A state `moves` moves into a game of normal computers."""
    state = rules.setup(Seating(seats, 0, tuple(range(seats))), options or {}, seed)
    for _ in range(moves):
        seat = min(rules.actors(state))
        state, _ = rules.apply(state, seat, choose_action(rules, state, seat, NORMAL))
    return state


@pytest.mark.parametrize("game", ["anarchy", "not_another_word", "anokera", "anachronism"])
@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_only_legal_moves_to_the_end(game, level):
    rules = RULES[game]
    seats = 3 if game == "anokera" else 2
    state = rules.setup(Seating(seats, 0, tuple(range(seats))), {"computer_level": level}, seed=3)
    for _ in range(3000):
        if rules.is_over(state):
            break
        seat = min(rules.actors(state))
        action = choose_action(rules, state, seat, level if seat == 0 else NORMAL)
        assert action in rules.legal_actions(state, seat)
        state, _ = rules.apply(state, seat, action)
    assert rules.is_over(state)


def _first_hard_decision(rules, seats, seed, hidden_change, options=None, start=0):
    """The first state from `start` moves on where hard has a real choice and `hidden_change` finds something
    hidden to change, with the changed state."""
    state = _played(rules, seats, seed, start, options)
    for _ in range(400):
        seat = min(rules.actors(state))
        if len(rules.legal_actions(state, seat)) > 2:
            changed = hidden_change(state, seat)
            if changed is not None:
                return state, changed, seat
        state, _ = rules.apply(state, seat, choose_action(rules, state, seat, NORMAL))
    raise AssertionError("no decision found")


def _anarchy_change(state, seat):
    other = 1 - seat
    if not state.hands[other] or len(state.draw_pile) < 2:
        return None
    theirs, pile = state.hands[other][0], state.draw_pile[0]
    hand = tuple(sorted((*state.hands[other][1:], pile), key=lambda card: card.sort_key))
    hands = tuple(hand if holder == other else held for holder, held in enumerate(state.hands))
    return replace(state, hands=hands, draw_pile=(theirs, *state.draw_pile[1:]), rng_state=state.rng_state + 1)


def _word_change(state, seat):
    other = 1 - seat
    if len(state.draw_pile) < 2:
        return None
    pile = next((card for card in state.draw_pile if card[0] != state.hands[other][0][0]), None)
    if pile is None:
        return None
    hand = tuple(sorted((*state.hands[other][1:], pile)))
    draw = tuple(state.hands[other][0] if card == pile else card for card in state.draw_pile)
    hands = tuple(hand if holder == other else held for holder, held in enumerate(state.hands))
    return replace(state, hands=hands, draw_pile=draw)


def _anokera_change(state, seat):
    others = [other for other in range(state.seat_count) if other != seat]
    roles = list(state.roles)
    roles[others[0]], roles[others[1]] = roles[others[1]], roles[others[0]]
    deck = (*state.deck[:1], *reversed(state.deck[1:]))
    return replace(state, roles=tuple(roles), deck=deck, rng_state=state.rng_state + 1)


def _anachronism_change(rules, state, seat):
    if state.phase != PLAYING:
        return None
    other = 1 - seat
    fighter = state.fighters[other]
    if fighter.revealed >= len(fighter.supports):
        return None
    hidden = fighter.supports[-1]
    swap = next(card.id for card in rules.pool.supports if card.id not in fighter.supports)
    supports = tuple(swap if card == hidden else card for card in fighter.supports)
    fighters = tuple(
        replace(each, supports=supports) if holder == other else each for holder, each in enumerate(state.fighters)
    )
    return replace(state, fighters=fighters, rng_state=state.rng_state + 1)


@pytest.mark.parametrize(
    ("game", "seats", "change"),
    [
        ("anarchy", 2, _anarchy_change),
        ("not_another_word", 2, _word_change),
        ("anokera", 4, _anokera_change),
        ("anachronism", 2, None),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_hard_decides_the_same_when_only_hidden_cards_differ(game, seats, change, seed):
    rules = RULES[game]
    hidden_change = change or (lambda state, seat: _anachronism_change(rules, state, seat))
    state, changed, seat = _first_hard_decision(rules, seats, seed, hidden_change)
    assert changed != state and rules.view(changed, seat) == rules.view(state, seat)
    assert choose_action(rules, changed, seat, HARD) == choose_action(rules, state, seat, HARD)
    assert choose_action(rules, changed, seat, EASY) == choose_action(rules, state, seat, EASY)


def test_the_strength_bench_runs_in_a_reduced_form():
    finished = subprocess.run(
        [sys.executable, "bench/computer_levels_bench.py", "--games", "1", "--workers", "1",
         "--only", "anarchy", "--only", "not_another_word"],
        cwd=PROJECT_ROOT, capture_output=True, text=True, timeout=600, check=True,
    )  # fmt: skip
    assert "hard vs normal" in finished.stdout and "Hard think time per move" in finished.stdout
