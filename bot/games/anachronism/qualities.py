"""What a warrior is and has, for the ability interpreter (abilities.py): the conditions on traits, elements and
cultures (`trait:X`, `opponent_element:X`, ...) and the amounts that scale (`per`: "+1 Speed for each of your
face-up support cards"). Both read the card pool and the match; neither changes it."""

from __future__ import annotations

from bot.engine import Seat
from bot.games.anachronism.content import CardPool, Effect
from bot.games.anachronism.state import AnachronismState, AttackRoll


def has_quality(pool: CardPool, state: AnachronismState, seat: Seat, quality: str, value: str) -> bool:
    """Whether `seat` has the quality: a trait of its warrior or of one of its face-up supports, or its warrior's
    element or culture."""
    fighter = state.fighters[seat]
    if not fighter.warrior:
        return False
    warrior = pool.warrior(fighter.warrior)
    if quality == "element":
        return warrior.element == value
    if quality == "culture":
        return warrior.culture == value
    return value in warrior.traits or any(value in pool.support(card).traits for card in fighter.face_up)


def quality_holds(
    pool: CardPool, state: AnachronismState, seat: Seat, condition: str, attack: AttackRoll | None,
    opposing: tuple[Seat, ...],
) -> bool:  # fmt: skip
    """Whether a `quality:value` condition holds for `seat`: its own, or for `opponent_...` the opposing warrior's
    (the other warrior of `attack` when `seat` is in it, else any of `opposing`)."""
    quality, _, value = condition.partition(":")
    if not quality.startswith("opponent_"):
        return has_quality(pool, state, seat, quality, value)
    if attack is not None and seat in (attack.attacker, attack.defender):
        opposing = (attack.defender if seat == attack.attacker else attack.attacker,)
    return any(has_quality(pool, state, other, quality.removeprefix("opponent_"), value) for other in opposing)


def count_of(pool: CardPool, state: AnachronismState, seat: Seat, per: str) -> int:
    """How many of `per` (see content.PER) `seat` has now."""
    fighter = state.fighters[seat]
    if per == "face_up_support":
        return len(fighter.face_up)
    if per == "face_down_support":
        return len(fighter.face_down)
    if per == "discarded_support":
        return len(fighter.discarded)
    if per == "life_lost":
        return max(0, pool.warrior(fighter.warrior).life - fighter.life) if fighter.warrior else 0
    if per == "round":
        return state.round
    return 1


def amount(pool: CardPool, state: AnachronismState, owner: Seat, effect: Effect) -> int:
    """The effect's amount for its owner now: counted once for each of its `per`, if it says one."""
    return effect.amount * count_of(pool, state, owner, effect.per) if effect.per else effect.amount
