"""Hints for Anachronism, and the guidance of a first game.

A hint is one line that says a move and why it is a good one, as a newcomer reads it ("Basic attack on Ulzii the
Far Rider: it stands in that attack grid at +1, the best odds and damage you have"). Which move to suggest is the
computer player's business (computers.py); this module only explains one. Warriors are named by their cards, as
the board shows them; only the player's own supports are named before they are revealed. `decision` names the
kind of choice a player faces, for the one line of guidance a first game shows at each new kind."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine import Decision, Seat
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
    KeepOrder,
    Move,
    Place,
    Rotate,
    UseAbility,
)
from bot.games.anachronism.arena import FACING_NAMES, grid_spaces, space_name, starting_row, step
from bot.games.anachronism.state import FORCES, PLACING, PLAYING, STACKS, SUPPORTS, AnachronismState

if TYPE_CHECKING:
    from bot.games.anachronism.rules import AnachronismRules


def explain(rules: AnachronismRules, state: AnachronismState, seat: Seat, action: AnachronismAction) -> str:
    """The move in a player's words and the reason for it, in one line."""
    pool = rules.pool
    if isinstance(action, ChooseForce):
        warrior = pool.warrior(action.warrior)
        return f"Take {warrior.name} with its ready-made pack: its four supports were chosen to work with it."
    if isinstance(action, ChooseWarrior):
        return f"Take {pool.warrior(action.warrior).name}: any warrior left makes a fair start."
    if isinstance(action, AddSupport):
        return f"Add {pool.support(action.card).name}: it suits your warrior, or is the best of what is left."
    if isinstance(action, KeepOrder):
        return "Keep this order: the supports are revealed left first, one each round, and any order works."
    if isinstance(action, Place):
        space = space_name(starting_row(seat if action.row < 0 else action.row)[action.column])
        return f"Place your warrior on {space}: the nearest space to the other warriors, to strike first."
    if isinstance(action, Discard):
        return f"Discard {pool.support(action.card).name}: you keep the card that deals more damage."
    if isinstance(action, Aim):
        target = state.fighters[action.seat]
        return f"Aim at {_warrior_name(rules, state, action.seat)}: it has the least life left ({target.life})."
    if isinstance(action, UseAbility):
        card = pool.warrior(action.card) if action.card.startswith("wr-") else pool.support(action.card)
        return f"Use {card.abilities[action.index].name}: it helps you now, at no cost to your attacks."
    if isinstance(action, Decline):
        return "Decline: what the ability would change is already good for you."
    if isinstance(action, Attack):
        return _attack_line(rules, state, seat, action)
    if isinstance(action, Move):
        return _move_line(rules, state, seat, action)
    if isinstance(action, Rotate):
        return f"Face {FACING_NAMES[action.facing]}: it turns your attack grid toward another warrior."
    return "End turn: no attack is in reach, and no move brings one closer."


def _warrior_name(rules: AnachronismRules, state: AnachronismState, seat: Seat) -> str:
    return rules.pool.warrior(state.fighters[seat].warrior).name


def _attack_line(rules: AnachronismRules, state: AnachronismState, seat: Seat, attack: Attack) -> str:
    modifier = rules.grid_of(state, seat, attack.source)[state.fighters[attack.target].space]
    name = "Basic attack" if attack.source == "basic" else f"Attack with {rules.pool.support(attack.source).name}"
    target = _warrior_name(rules, state, attack.target)
    return f"{name} on {target}: it stands in that attack grid at {modifier:+d}, the best odds and damage you have."


def _move_line(rules: AnachronismRules, state: AnachronismState, seat: Seat, move: Move) -> str:
    fighter = state.fighters[seat]
    there = step(fighter.space, move.direction)
    said = f"Move {FACING_NAMES[move.direction]} to {space_name(there)}, then face {FACING_NAMES[move.facing]}"
    for other in opposing(state, seat):
        space = state.fighters[other].space
        sources = ["basic", *rules.weapons(state, seat)]
        if any(space in _grid_from(rules, state, seat, source, there, move.facing) for source in sources):
            return f"{said}: it brings {_warrior_name(rules, state, other)} into your attack grid."
    return f"{said}: it closes in on the nearest warrior, so that you can attack next."


def _grid_from(
    rules: AnachronismRules, state: AnachronismState, seat: Seat, source: str, space: tuple[int, int], facing: str
) -> dict[tuple[int, int], int]:
    """The spaces the seat could attack with `source` from `space` facing `facing`."""
    fighter = state.fighters[seat]
    cells = rules.pool.warrior(fighter.warrior).grid if source == "basic" else rules.pool.support(source).grid
    return grid_spaces(space, facing, cells)


FIRST_GAME_GUIDANCE = {
    STACKS: "Build your tournament stack: the warriors (and their supports) you will fight with, one per game.",
    FORCES: "Choose your warrior and its four supports: a ready-made pack is a good start.",
    PLACING: "Place your warrior in your starting row: it faces the arena, and a warrior nearer the others "
    "strikes sooner.",
    SUPPORTS: "Lay your supports face down in order: the leftmost is turned up first, one each round.",
    PLAYING: "Your turn: move one space, turn, attack a warrior inside your attack grid, or use an ability; "
    "each costs an action (the board counts them).",
    "question": "The game asks you a question about an ability: answer it to go on.",
}
"""One line for a player's first game, for each kind of decision Anachronism asks of them."""


def decision(state: AnachronismState, seat: Seat, actors: frozenset[Seat]) -> Decision | None:
    """The kind of decision the seat faces, with its first-game guidance."""
    if seat not in actors:
        return None
    kind = "question" if state.offers and state.offers[0].seat == seat else state.phase
    return Decision(kind, FIRST_GAME_GUIDANCE[kind])
