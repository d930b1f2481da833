"""Computer players: a force from a ready-made pack, a place facing the other warrior, and on each turn the move
that brings the other warrior into its best attack grid cell, an attack when the odds favour it, its Action
abilities, and sensible answers to the game's questions."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import Seat, SeededRandom
from bot.games.anachronism.abilities import opposing
from bot.games.anachronism.actions import (
    AddSupport,
    Aim,
    AnachronismAction,
    Attack,
    ChooseForce,
    ChooseWarrior,
    Decline,
    Discard,
    EndTurn,
    KeepOrder,
    Move,
    Place,
    UseAbility,
)
from bot.games.anachronism.arena import grid_spaces, starting_row, step
from bot.games.anachronism.state import (
    CHOOSE_TARGET,
    DISCARD,
    FORCES,
    PLACING,
    STACKS,
    STEP,
    SUPPORTS,
    USE,
    AnachronismState,
)

if TYPE_CHECKING:
    from bot.games.anachronism.rules import AnachronismRules


def computer_move(rules: AnachronismRules, state: AnachronismState, seat: Seat) -> AnachronismAction:
    actions = rules.legal_actions(state, seat)
    chance = SeededRandom(state.rng_state ^ seat)
    if state.phase in (STACKS, FORCES, SUPPORTS) or not state.fighters[seat].warrior:
        return _force(rules, state, seat, actions, chance)
    if state.phase == PLACING:
        places = [action for action in actions if isinstance(action, Place)]
        return min(places, key=lambda place: _placing_distance(state, seat, place))
    if state.offers:
        offer = state.offers[0]
        if offer.kind == DISCARD:
            keep = max(
                offer.options, key=lambda card: (rules.pool.support(card).damage, rules.pool.support(card).initiative)
            )
            return Discard(next(card for card in offer.options if card != keep))
        if offer.kind == STEP:
            return _closer(rules, state, seat, actions) or Decline()
        if offer.kind == CHOOSE_TARGET:
            aims = [action for action in actions if isinstance(action, Aim)]
            return min(aims, key=lambda aim: (state.fighters[aim.seat].life, aim.seat))
        if offer.kind == USE:
            return UseAbility(offer.card, offer.index) if _worth_using(state, seat) else Decline()
    attacks = [action for action in actions if isinstance(action, Attack)]
    if attacks:
        return max(attacks, key=lambda attack: _expected(rules, state, seat, attack))
    uses = [action for action in actions if isinstance(action, UseAbility)]
    if uses:
        return uses[0]
    return _closer(rules, state, seat, actions) or EndTurn()


def _closer(rules: AnachronismRules, state: AnachronismState, seat: Seat, actions) -> Move | None:
    """The move that best brings an opposing warrior into an attack grid, if it is better than staying; with no
    attack in reach either way, the move that closes in on the nearest opposing warrior."""
    moves = [action for action in actions if isinstance(action, Move)]
    if not moves:
        return None
    best = max(moves, key=lambda move: _prospect(rules, state, seat, move))
    here = _prospect_here(rules, state, seat)
    if _prospect(rules, state, seat, best) > here:
        return best
    if here >= 0:
        return None
    nearest = min(moves, key=lambda move: _distance(state, seat, step(state.fighters[seat].space, move.direction)))
    there = step(state.fighters[seat].space, nearest.direction)
    return nearest if _distance(state, seat, there) < _distance(state, seat, state.fighters[seat].space) else None


def _distance(state: AnachronismState, seat: Seat, space) -> int:
    """Spaces to the nearest opposing warrior."""
    return min(
        (abs(space[0] - where[0]) + abs(space[1] - where[1]) for where in
         (state.fighters[other].space for other in opposing(state, seat))),
        default=0,
    )  # fmt: skip


def _force(rules: AnachronismRules, state: AnachronismState, seat: Seat, actions, chance) -> AnachronismAction:
    """Ready-made packs: a warrior with its pack (a stack of them, in a tournament), or in a tournament game any
    warrior left, then its own pack's supports while the stack still has them."""
    packs = [action for action in actions if isinstance(action, ChooseForce)]
    if packs:
        return chance.pick(packs)
    warriors = [action for action in actions if isinstance(action, ChooseWarrior)]
    if warriors:
        return chance.pick(warriors)
    adds = [action for action in actions if isinstance(action, AddSupport)]  # a force or stack begun for it
    if adds:
        fighter = state.fighters[seat]
        pack = rules.pool.warrior(fighter.warrior).pack if fighter.warrior else ()
        own = [action for action in adds if action.card in pack]
        return own[0] if own else chance.pick(adds)
    return KeepOrder()


def _worth_using(state: AnachronismState, seat: Seat) -> bool:
    """Use an offered ability unless it is a re-roll of a roll already good for us."""
    attack = state.attack
    if attack is None:
        return True
    mine = sum(attack.attack_dice if attack.attacker == seat else attack.defense_dice)
    return mine <= 7


def _expected(rules: AnachronismRules, state: AnachronismState, seat: Seat, attack: Attack) -> float:
    modifier = rules.grid_of(state, seat, attack.source)[state.fighters[attack.target].space]
    damage = 1 if attack.source == "basic" else rules.pool.support(attack.source).damage
    return damage * (1 + modifier / 6)


def _placing_distance(state: AnachronismState, seat: Seat, place: Place) -> tuple:
    """How far a starting space is from the nearest placed opposing warrior (from the row's middle, with none):
    close, to strike first."""
    space = starting_row(seat if place.row < 0 else place.row)[place.column]
    others = [state.fighters[other].space for other in opposing(state, seat)]
    if not others:
        return abs(place.column - 1.5), place.row
    return min(abs(space[0] - other[0]) + abs(space[1] - other[1]) for other in others), place.row, place.column


def _best_cell(rules: AnachronismRules, state: AnachronismState, seat: Seat, space, facing) -> float:
    """How well the warrior at `space` facing `facing` could attack an opposing warrior (-1: not at all)."""
    fighter = state.fighters[seat]
    best = -1.0
    # A weapon that has attacked this turn cannot again: closing in for it would waste the turn's actions.
    weapons = [card for card in rules.weapons(state, seat) if card not in fighter.weapon_attacks]
    sources = [rules.pool.warrior(fighter.warrior).grid] + [rules.pool.support(card).grid for card in weapons]
    for cells in sources:
        grid = grid_spaces(space, facing, cells)
        for other in opposing(state, seat):
            where = state.fighters[other].space
            if where in grid:
                best = max(best, grid[where] + 1)
    return best


def _prospect(rules: AnachronismRules, state: AnachronismState, seat: Seat, move: Move) -> float:
    there = step(state.fighters[seat].space, move.direction)
    return _best_cell(rules, state, seat, there, move.facing)


def _prospect_here(rules: AnachronismRules, state: AnachronismState, seat: Seat) -> float:
    fighter = state.fighters[seat]
    return _best_cell(rules, state, seat, fighter.space, fighter.facing)
