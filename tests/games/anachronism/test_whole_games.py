"""Whole matches of Anachronism, played at random or by the computers (a random mix of both), of two, three and
four players and tournament matches: every match ends within the five rounds (each game, in a tournament); no
warrior's Life ever rises above its card's value plus the Life its abilities gave (in games of two); at most one
attack waits at a time; every computer action is a legal one; and nobody is shown another player's face-down
supports, unplaced warrior or unused tournament stack (but for a teammate's).
"""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Seating
from bot.engine.codec import encode
from bot.games.anachronism.state import ROUNDS

from .positions import ABILITIES, POOL, RULES

ACTION_LIMIT = 400
"""Far above any match: five rounds of a few actions each, and the choices around them."""


def healing(events, seat: int) -> int:
    """The Life abilities gave `seat` in these events."""
    total = 0
    for event in events:
        if event.kind != "ability_used":
            continue
        for effect in ABILITIES[event.data["ability"]][2].effects:
            target = event.seat if effect.who == "self" else 1 - event.seat
            if effect.kind == "life" and target == seat:
                total += effect.amount
    return total


def secrets_of(state, viewer) -> set[str]:
    """What `viewer` (None: the public) may not be shown, worked out here: the other players' face-down supports
    and unplaced warriors, and in a tournament match their stack cards no game has used; but for cards that are
    public anyway (in play, discarded, in a discard pile) or in the viewer's own force or stack."""
    secret, known = set(), set()
    for seat, fighter in enumerate(state.fighters):
        if viewer is not None and (seat == viewer or (state.teams and seat % 2 == viewer % 2)):
            known.update((fighter.warrior, *fighter.supports))  # the viewer's own force, or a teammate's
            continue
        secret.update(fighter.supports[fighter.revealed :])
        if fighter.space is None and fighter.warrior and not fighter.fallen:
            secret.add(fighter.warrior)
    for seat, stack in enumerate(state.tournament.stacks if state.tournament else ()):
        known.update(stack.used)
        if seat == viewer:
            known.update((*stack.warriors, *stack.supports))
        else:
            secret.update(card for card in (*stack.warriors, *stack.supports) if card not in stack.used)
    for fighter in state.fighters:
        known.update((*fighter.face_up, *fighter.discarded, *fighter.turned_down))
        if fighter.space is not None or fighter.fallen:
            known.add(fighter.warrior)
    return secret - known


def computer_action(state, seat: int):
    """What the computer in `seat` would do now: always a legal action."""
    (timer,) = [each for each in RULES.timers(state) if each.seat == seat]
    action = timer.action_at(0)
    assert action in RULES.legal_actions(state, seat)
    return action


def assert_secrets_kept(state, events) -> None:
    """The game hides what `secrets_of` says, and no view or visible event holds any of it."""
    for viewer in (None, *range(state.seat_count)):
        assert RULES.hidden_from(state, viewer) == secrets_of(state, viewer)
        shown = json.dumps([encode(RULES.view(state, viewer)), *(encode(e) for e in events if e.is_visible_to(viewer))])
        assert not [card for card in secrets_of(state, viewer) if card in shown]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), computer_share=st.sampled_from((0.0, 0.5, 1.0)))
def test_random_and_computer_matches_end_within_five_rounds_with_life_from_abilities_only(seed, computer_share):
    state = RULES.setup(Seating(2, computers=(0, 1)), {}, seed)
    chooser = random.Random(seed)
    ceiling = [0, 0]
    for _ in range(ACTION_LIMIT):
        if RULES.is_over(state):
            break
        seat = chooser.choice(sorted(RULES.actors(state)))
        actions = RULES.legal_actions(state, seat)
        assert actions, "a seat the game waits on always has something to do"
        action = computer_action(state, seat) if chooser.random() < computer_share else chooser.choice(actions)
        before = state
        state, events = RULES.apply(state, seat, action)
        for each, fighter in enumerate(state.fighters):
            if fighter.warrior and not before.fighters[each].warrior:
                ceiling[each] = POOL.warrior(fighter.warrior).life
            ceiling[each] += healing(events, each)
            assert fighter.life <= ceiling[each]
        assert 0 <= state.round <= ROUNDS and (state.attack is None or state.offers)
        assert_secrets_kept(state, events)
    assert RULES.is_over(state), "the match did not end"
    outcome = RULES.outcome(state)
    assert sorted(seat for group in outcome.placings for seat in group) == [0, 1]
    lives = [fighter.life for fighter in state.fighters]
    if min(lives) <= 0:  # a warrior fell: the other won (both falling at once would be a draw)
        assert all(lives[seat] > 0 for seat in outcome.winners) and outcome.reason in ("defeat", "draw")
        return
    assert state.round == ROUNDS and outcome.reason in ("life", "draw")
    experiences = [RULES.experience(state, seat) for seat in (0, 1)]
    assert (outcome.reason == "draw") == (lives[0] == lives[1] and experiences[0] == experiences[1])


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), games=st.sampled_from((3, 5)), computer_share=st.sampled_from((0.0, 0.5, 1.0)))
def test_random_and_computer_tournament_matches_use_each_stack_card_once_and_end_by_the_score(
    seed, games, computer_share
):
    state = RULES.setup(Seating(2, computers=(0, 1)), {"match": games}, seed)
    chooser = random.Random(seed)
    for _ in range(ACTION_LIMIT * games * 2):
        if RULES.is_over(state):
            break
        seat = chooser.choice(sorted(RULES.actors(state)))
        actions = RULES.legal_actions(state, seat)
        if chooser.random() < computer_share:
            action = computer_action(state, seat)
        else:
            # Starting a stack over now and then, not so often that a stack is never built.
            cleared = [each for each in actions if each.notation == "clear"]
            others = [each for each in actions if each.notation != "clear"] or actions
            action = chooser.choice(cleared if cleared and chooser.random() < 0.02 else others)
        before = state
        state, events = RULES.apply(state, seat, action)
        for each, stack in enumerate(state.tournament.stacks if not RULES.is_over(state) else ()):
            cards = (*stack.warriors, *stack.supports)
            assert len(set(cards)) == len(cards) and len(stack.warriors) <= games
            fighter = state.fighters[each]
            in_force = [card for card in (fighter.warrior, *fighter.supports) if card]
            assert set(in_force) <= set(cards) - set(stack.used), "a game's cards come from the stack, unused"
        if len(state.tournament.winners) > len(before.tournament.winners):
            assert all(len(stack.used) == 5 * len(state.tournament.winners) for stack in state.tournament.stacks)
        assert_secrets_kept(state, events)
    assert RULES.is_over(state), "the match did not end"
    tournament = state.tournament
    wins = [tournament.wins(seat) for seat in (0, 1)]
    outcome = RULES.outcome(state)
    out_of_warriors = any(len(stack.used) == 5 * games for stack in tournament.stacks)
    assert max(wins) > games // 2 or out_of_warriors
    assert outcome.winners == (() if wins[0] == wins[1] else (wins.index(max(wins)),))


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    table=st.sampled_from(((3, 0), (4, 0), (4, 1))),
    computer_share=st.sampled_from((0.5, 1.0)),
)
def test_random_and_computer_matches_of_three_or_four_end_with_the_last_side_standing_or_after_five_rounds(
    seed, table, computer_share
):
    seats, teams = table
    state = RULES.setup(Seating(seats, computers=tuple(range(seats))), {"teams": teams}, seed)
    chooser = random.Random(seed)
    for _ in range(ACTION_LIMIT * 2):
        if RULES.is_over(state):
            break
        actors = RULES.actors(state)
        assert not [seat for seat in actors if state.fighters[seat].fallen], "a fallen warrior never acts"
        seat = chooser.choice(sorted(actors))
        actions = RULES.legal_actions(state, seat)
        action = computer_action(state, seat) if chooser.random() < computer_share else chooser.choice(actions)
        state, events = RULES.apply(state, seat, action)
        assert all(fighter.space is None for fighter in state.fighters if fighter.fallen)
        spaces = [fighter.space for fighter in state.fighters if fighter.space is not None]
        assert len(spaces) == len(set(spaces)), "two warriors never share a space"
        assert_secrets_kept(state, events)
    assert RULES.is_over(state), "the match did not end"
    outcome = RULES.outcome(state)
    assert sorted(seat for group in outcome.placings for seat in group) == list(range(seats))
    assert state.round <= ROUNDS
    if teams and outcome.winners:
        assert len({seat % 2 for seat in outcome.winners}) == 1, "one team wins"
    standing = [seat for seat, fighter in enumerate(state.fighters) if fighter.life > 0]
    if state.round < ROUNDS or len({seat % 2 if teams else seat for seat in standing}) <= 1:
        assert outcome.reason in ("defeat", "draw")
