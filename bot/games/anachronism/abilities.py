"""The ability interpreter: what the cards in play add to a warrior's numbers right now, whether an ability's
condition holds, and what one ability does when it is used. The turn structure (rules.py) decides when.

Cards in play are the warrior and its face-up supports (face-down cards have no effect). A `continuous` ability
counts while its card is in play and its condition holds; other abilities' number changes last for their
`duration` (`Lasting` in the state), and, with none given, for the round, except Life and Experience changes,
which are permanent.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from bot.engine import Seat
from bot.games.anachronism.actions import Move
from bot.games.anachronism.arena import FACINGS, STEPS, adjacent, on_arena, step
from bot.games.anachronism.content import Ability, CardPool, Effect
from bot.games.anachronism.dice import is_double
from bot.games.anachronism.state import AnachronismState, AttackRoll, Fighter

NUMBERS = ("attack_roll", "defense_roll", "speed", "experience", "damage", "initiative")


def in_play(pool: CardPool, fighter: Fighter) -> Iterator[tuple[str, int, Ability]]:
    """Every ability of the warrior and its face-up supports: (card id, index on the card, ability)."""
    if fighter.warrior:
        for index, ability in enumerate(pool.warrior(fighter.warrior).abilities):
            yield fighter.warrior, index, ability
    for card in fighter.face_up:
        for index, ability in enumerate(pool.support(card).abilities):
            yield card, index, ability


def opponent_of(state: AnachronismState, seat: Seat) -> Seat:
    """The other warrior (a two-player match)."""
    return 1 - seat


def holds(
    pool: CardPool, state: AnachronismState, seat: Seat, ability: Ability, attack: AttackRoll | None = None
) -> bool:
    """Whether the ability's condition holds for `seat` now (during `attack`, for conditions about an attack)."""
    condition = ability.condition
    mine, theirs = state.fighters[seat], state.fighters[opponent_of(state, seat)]
    if condition in ("adjacent", "not_adjacent"):
        close = mine.space is not None and theirs.space is not None and adjacent(mine.space, theirs.space)
        return close == (condition == "adjacent")
    if condition in ("weapon_attack", "basic_attack"):
        return attack is not None and (attack.source == "basic") == (condition == "basic_attack")
    if condition == "doubles":
        # A roll an ability set was not rolled: it is no doubles, whatever its halves show.
        if attack is None or seat in attack.set_rolls:
            return False
        return is_double(attack.attack_dice if attack.attacker == seat else attack.defense_dice)
    if condition == "wounded":
        return bool(mine.warrior) and mine.life < pool.warrior(mine.warrior).life
    if condition == "first_in_round":
        return bool(state.order) and state.order[0] == seat
    return True


def applies_to(owner: Seat, effect: Effect, seat: Seat) -> bool:
    return (effect.who == "self") == (owner == seat)


def number(pool: CardPool, state: AnachronismState, seat: Seat, kind: str, attack: AttackRoll | None = None) -> int:
    """What the cards in play and lasting effects add to `seat`'s `kind` (see NUMBERS) right now."""
    total = 0
    for owner, fighter in enumerate(state.fighters):
        for _, _, ability in in_play(pool, fighter):
            if ability.trigger != "continuous" or not holds(pool, state, owner, ability, attack):
                continue
            total += sum(
                effect.amount for effect in ability.effects if effect.kind == kind and applies_to(owner, effect, seat)
            )
    for lasting in state.lasting:
        if lasting.effect.kind == kind and applies_to(lasting.seat, lasting.effect, seat):
            total += lasting.effect.amount
    return total


def extra_slots(pool: CardPool, state: AnachronismState, seat: Seat, what: str) -> int:
    """How many more cards of a type or body trait the seat may have in play (abilities like "another Head")."""
    fighter = state.fighters[seat]
    return sum(
        1
        for _, _, ability in in_play(pool, fighter)
        if ability.trigger == "continuous"
        for effect in ability.effects
        if effect.kind == "extra_slot" and effect.what == what
    )


def prohibited(pool: CardPool, state: AnachronismState, seat: Seat, what: str) -> bool:
    """Whether another warrior's card forbids `seat` to `what` (move, rotate, weapon_attack)."""
    for owner, fighter in enumerate(state.fighters):
        for _, _, ability in in_play(pool, fighter):
            if ability.trigger != "continuous" or not holds(pool, state, owner, ability):
                continue
            if any(e.kind == "prohibit" and e.what == what and applies_to(owner, e, seat) for e in ability.effects):
                return True
    return any(
        lasting.effect.kind == "prohibit"
        and lasting.effect.what == what
        and applies_to(lasting.seat, lasting.effect, seat)
        for lasting in state.lasting
    )


def usable(pool: CardPool, state: AnachronismState, seat: Seat, card: str, index: int, ability: Ability,
           attack: AttackRoll | None = None) -> bool:  # fmt: skip
    """Whether the ability's condition holds and its usage limit is not spent."""
    return holds(pool, state, seat, ability, attack) and not spent(state, seat, card, index, ability)


def spent(state: AnachronismState, seat: Seat, card: str, index: int, ability: Ability) -> bool:
    """Whether the ability's usage limit is used up for now."""
    return bool(ability.limit) and _use_key(card, index, ability) in state.fighters[seat].uses


def _use_key(card: str, index: int, ability: Ability) -> str:
    return f"{card}:{index}:{'turn' if ability.limit == 'once_each_turn' else 'round'}"


def mark_used(state: AnachronismState, seat: Seat, card: str, index: int, ability: Ability) -> AnachronismState:
    if not ability.limit:
        return state
    fighter = state.fighters[seat]
    return with_fighter(state, seat, replace(fighter, uses=(*fighter.uses, _use_key(card, index, ability))))


def with_fighter(state: AnachronismState, seat: Seat, fighter: Fighter) -> AnachronismState:
    return replace(state, fighters=(*state.fighters[:seat], fighter, *state.fighters[seat + 1 :]))


def toward(state: AnachronismState, seat: Seat) -> str:
    """The facing that best turns `seat`'s warrior toward the other warrior."""
    mine, theirs = state.fighters[seat].space, state.fighters[opponent_of(state, seat)].space
    if mine is None or theirs is None:
        return state.fighters[seat].facing
    dx, dy = theirs[0] - mine[0], theirs[1] - mine[1]
    return max(FACINGS, key=lambda facing: STEPS[facing][0] * dx + STEPS[facing][1] * dy)


def occupied(state: AnachronismState, space: tuple[int, int]) -> bool:
    return any(fighter.space == space for fighter in state.fighters)


def one_space_moves(pool: CardPool, state: AnachronismState, seat: Seat) -> tuple[Move, ...]:
    """The one-space moves `seat`'s warrior may make now, each with the facings it may take after: never off the
    arena or into another warrior, none when a card forbids moving, and no turn when a card forbids rotating
    (the free turn after a move is a rotation)."""
    if prohibited(pool, state, seat, "move"):
        return ()
    fighter = state.fighters[seat]
    facings = FACINGS if not prohibited(pool, state, seat, "rotate") else (fighter.facing,)
    moves = []
    for direction in FACINGS:
        there = step(fighter.space, direction)
        if on_arena(there) and not occupied(state, there):
            moves.extend(Move(direction, facing) for facing in facings)
    return tuple(moves)


def pushed_away(state: AnachronismState, seat: Seat) -> AnachronismState:
    """Move the other warrior one space directly away from `seat`'s warrior, if that space is free."""
    other = opponent_of(state, seat)
    away = toward(state, seat)
    there = step(state.fighters[other].space, away)
    if on_arena(there) and not occupied(state, there):
        state = with_fighter(state, other, replace(state.fighters[other], space=there))
    return state
