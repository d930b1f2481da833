"""What a card is worth to the computer player (computers.py) when it chooses a force or a tournament stack from
the whole pool: a rough number from its stats and its abilities, and the best support to add to supports already
chosen so that the force stays legal once face up (one card of each type and body trait, two hands in all)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.anachronism.content import BODY_TRAITS, Ability, CardPool, Support, Warrior

EFFECT_WORTH = {
    "attack_roll": 1.0, "defense_roll": 0.9, "speed": 1.5, "experience": 0.2, "damage": 1.5, "initiative": 0.1,
    "life": 0.8, "deal_damage": 1.0, "reroll": 0.6, "set_roll": 0.1, "extra_die": 1.2, "keep_best": 0.4,
    "critical": 0.8, "extra_attack": 1.2, "move": 0.3, "push": 0.2, "rotate": 0.2, "extra_slot": 0.3, "flip": 0.4,
    "prohibit": 0.6, "code": 0.3,
}  # fmt: skip
"""Roughly what one point of each effect is worth (for an effect without an amount, the effect itself)."""
TRIGGER_WORTH = {"continuous": 1.0, "action": 0.6, "reveal": 0.7, "round_start": 1.2, "round_end": 1.2,
                 "turn_end": 1.5, "after_move": 0.8}  # fmt: skip
"""How often an ability's trigger comes round, against one use (hits, misses and rolls: about once a round)."""


def ability_worth(ability: Ability) -> float:
    """A rough worth of an ability to its owner: its effects, more for a trigger that comes often, less for a
    condition, a limit or a cost."""
    worth = 0.0
    for effect in ability.effects:
        size = abs(effect.amount) or 1
        if effect.kind == "keep_best":
            size = effect.amount - 2
        sign = -1 if effect.amount < 0 and effect.who == "self" else 1
        if effect.who != "self" and effect.kind in ("attack_roll", "defense_roll", "speed", "damage", "life"):
            sign = -1 if effect.amount > 0 else 1  # a bonus to the opponent hurts; a penalty helps
        worth += sign * EFFECT_WORTH.get(effect.kind, 0.3) * size * (2 if effect.per else 1)
    worth *= TRIGGER_WORTH.get(ability.trigger, 1.0)
    if ability.condition:
        worth *= 0.6
    if ability.cost:
        worth *= 0.5
    return worth


def warrior_worth(warrior: Warrior) -> float:
    return (
        warrior.life + 1.5 * warrior.speed + 0.2 * warrior.experience + 1.5 * warrior.damage
        + 0.3 * len(warrior.grid) + sum(ability_worth(ability) for ability in warrior.abilities)
    )  # fmt: skip


def support_worth(support: Support) -> float:
    worth = sum(ability_worth(ability) for ability in support.abilities) + 0.1 * support.initiative
    if support.type == "weapon":
        worth += 1.5 * support.damage + 0.25 * len(support.grid) + sum(cell[2] for cell in support.grid) * 0.2
    return worth


def fits(pool: CardPool, chosen: Sequence[str], card: str) -> bool:
    """Whether `card` may be face up with all of `chosen`: another type, other body traits, two hands in all."""
    support = pool.support(card)
    others = [pool.support(each) for each in chosen]
    if any(other.type == support.type for other in others):
        return False
    if any(trait in other.traits for other in others for trait in support.traits if trait in BODY_TRAITS):
        return False
    return support.hands + sum(other.hands for other in others) <= 2


def best_support(pool: CardPool, chosen: Sequence[str], choices: Sequence[str]) -> list[str]:
    """`choices` from the best to add to `chosen` to the worst: those that fit first, each by its worth."""
    return sorted(choices, key=lambda card: (not fits(pool, chosen, card), -support_worth(pool.support(card)), card))
