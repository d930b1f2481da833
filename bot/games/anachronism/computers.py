"""Computer players: a force chosen from the whole pool (a warrior and the supports worth most to it that can be
face up together, card_values.py), a place facing the other warrior, and on each turn the attack with the most
damage to expect, an Action ability where it is worth more than that, or the move that brings an opposing warrior
into its best attack grid cell; and an answer to every question the game asks: abilities used where they help,
the die to re-roll, what to attack with, whom to aim at, where an ability's move goes, what to discard."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bot.engine import Seat, SeededRandom
from bot.games.anachronism import abilities
from bot.games.anachronism.abilities import opposing, other_party
from bot.games.anachronism.actions import (
    AddSupport,
    Aim,
    AnachronismAction,
    Attack,
    ChooseForce,
    ChooseWarrior,
    ClearStack,
    Decline,
    Discard,
    EndTurn,
    KeepOrder,
    Move,
    Place,
    RerollDie,
    UseAbility,
)
from bot.games.anachronism.arena import grid_spaces, starting_row, step
from bot.games.anachronism.card_values import best_support, fits, support_worth, warrior_worth
from bot.games.anachronism.content import Ability, CardPool
from bot.games.anachronism.state import (
    CHOOSE_ATTACK,
    CHOOSE_DIE,
    CHOOSE_TARGET,
    DISCARD,
    FORCES,
    PLACING,
    STACKS,
    STEP,
    SUPPORTS,
    SUPPORTS_PER_FORCE,
    USE,
    AnachronismState,
    AttackRoll,
    Offer,
)

if TYPE_CHECKING:
    from bot.games.anachronism.rules import AnachronismRules

BUFFS = ("attack_roll", "damage", "extra_die", "keep_best", "critical")
"""Effects that make the warrior's own attacks better: worth giving before an attack in reach."""


def computer_move(rules: AnachronismRules, state: AnachronismState, seat: Seat) -> AnachronismAction:
    actions = rules.legal_actions(state, seat)
    choice = _decide(rules, state, seat, actions)
    if choice in actions:
        return choice
    # Whatever the question, never stuck: any answer but starting a tournament stack over.
    return next(action for action in actions if not isinstance(action, ClearStack))


def _decide(rules: AnachronismRules, state: AnachronismState, seat: Seat, actions) -> AnachronismAction:
    chance = SeededRandom(state.rng_state ^ seat)
    if state.phase in (STACKS, FORCES, SUPPORTS) or not state.fighters[seat].warrior:
        return _force(rules, state, seat, actions, chance)
    if state.phase == PLACING:
        places = [action for action in actions if isinstance(action, Place)]
        return min(places, key=lambda place: _placing_distance(state, seat, place))
    if state.offers:
        return _answer(rules, state, seat, state.offers[0], actions)
    attacks = [action for action in actions if isinstance(action, Attack)]
    best_attack = max(attacks, key=lambda attack: _expected(rules, state, seat, attack), default=None)
    attack_worth = _expected(rules, state, seat, best_attack) if best_attack else 0.0
    uses = [action for action in actions if isinstance(action, UseAbility)]
    best_use = max(uses, key=lambda use: _use_worth(rules, state, seat, use, bool(attacks)), default=None)
    use_worth = _use_worth(rules, state, seat, best_use, bool(attacks)) if best_use else 0.0
    if best_use is not None and use_worth > max(attack_worth, 0.15):
        return best_use
    if best_attack is not None:
        return best_attack
    closer = _closer(rules, state, seat, actions)
    if closer is not None:
        return closer
    return best_use if best_use is not None and use_worth > 0 else EndTurn()


def _answer(rules: AnachronismRules, state: AnachronismState, seat: Seat, offer: Offer, actions) -> AnachronismAction:
    pool = rules.pool
    if offer.kind == DISCARD:
        keep = max(offer.options, key=lambda card: (pool.support(card).damage, support_worth(pool.support(card))))
        return Discard(next(card for card in offer.options if card != keep))
    if offer.kind == STEP:
        return _closer(rules, state, seat, actions) or Decline()
    if offer.kind == CHOOSE_TARGET:
        aims = [action for action in actions if isinstance(action, Aim)]
        return min(aims, key=lambda aim: (state.fighters[aim.seat].life, aim.seat))
    if offer.kind == CHOOSE_DIE:
        # Your own lowest die, or the other player's highest.
        values = [int(value) for value in offer.options]
        pick = min if offer.target == seat else max
        return RerollDie(values.index(pick(values)) + 1)
    if offer.kind == CHOOSE_ATTACK:
        attacks = [action for action in actions if isinstance(action, Attack)]
        return max(attacks, key=lambda attack: _expected(rules, state, seat, attack, offer.at_plus))
    if offer.kind == USE:
        worth = _worth_using(rules, state, seat, _ability_of(pool, offer.card, offer.index))
        return UseAbility(offer.card, offer.index) if worth else Decline()
    return actions[0]


def _ability_of(pool: CardPool, card: str, index: int) -> Ability:
    return (pool.warrior(card) if card.startswith("wr-") else pool.support(card)).abilities[index]


def _worth_using(rules: AnachronismRules, state: AnachronismState, seat: Seat, ability: Ability) -> bool:
    """Use an offered ability unless it costs Life the warrior can ill spare, re-rolls a roll already good for us
    (or one of the other player's already poor), or sets a roll lower than an average one."""
    if ability.life_cost and state.fighters[seat].life <= ability.life_cost + 2:
        return False
    attack = state.attack
    for effect in ability.effects:
        if effect.kind == "reroll" and attack is not None:
            target = seat if effect.who == "self" else other_party(attack, seat)
            total = sum(attack.counted(target))
            if (total > 7) if target == seat else (total < 7):
                return False
        if effect.kind == "set_roll" and effect.amount < 7:
            return False
    return True


def _use_worth(rules: AnachronismRules, state: AnachronismState, seat: Seat, use: UseAbility, armed: bool) -> float:
    """About how much Life an Action ability takes from the other side, or is worth to its own: damage dealt, an
    attack made, Life gained when wounded, a bonus to attacks in reach with actions left for them."""
    ability = _ability_of(rules.pool, use.card, use.index)
    fighter = state.fighters[seat]
    if ability.life_cost and fighter.life <= ability.life_cost + 2:
        return 0.0  # Life it can ill spare
    worth = 0.0
    for effect in ability.effects:
        if effect.kind == "deal_damage" and effect.who != "self":
            worth += effect.amount
        elif effect.kind == "extra_attack":
            worth += _created_worth(rules, state, seat, effect, armed)
        elif effect.kind == "life" and effect.who == "self" and effect.amount > 0 and not ability.duration:
            worth += 0.5 * effect.amount if fighter.life < rules.pool.warrior(fighter.warrior).life else 0.0
        elif effect.kind in BUFFS and effect.who == "self" and armed and rules.actions_left(state) > 1:
            worth += 0.25 * max(1, effect.amount)
        elif effect.kind == "move" and not armed:
            worth += 0.05
        elif effect.kind == "flip" or (effect.kind == "prohibit" and ability.duration):
            worth += 0.2
    return worth - 0.5 * ability.life_cost


def _created_worth(rules: AnachronismRules, state: AnachronismState, seat: Seat, effect, armed: bool) -> float:
    """What an attack an Action ability makes is worth: "at +X", the best of what it may be made with; from a grid,
    the best in reach now, or after a move before it, about half a hit."""
    targets = opposing(state, seat)
    if effect.what == "at_plus":
        sources = rules.usable_sources(state, seat, effect.attack or "basic")
        return max((_expected(rules, state, seat, Attack(source, target), effect.amount)
                    for source in sources for target in targets), default=0.0)  # fmt: skip
    if not armed:
        return 0.5  # offered with nothing in reach: a move before it may bring something
    return max((_expected(rules, state, seat, Attack(source, target))
                for target in targets for source in rules.sources_in_reach(state, seat, target, effect.attack)),
               default=0.0)  # fmt: skip


@cache
def _beats(margin: int) -> float:
    """The chance that two dice plus `margin` beat two dice, ties counting half."""
    sums = [a + b for a in range(1, 7) for b in range(1, 7)]
    wins = sum((mine + margin > theirs) + 0.5 * (mine + margin == theirs) for mine in sums for theirs in sums)
    return wins / len(sums) ** 2


def _expected(
    rules: AnachronismRules, state: AnachronismState, seat: Seat, attack: Attack, at_plus: int | None = None
) -> float:
    """The damage an attack may be expected to do: its chance to hit from the grid's and the cards' modifiers
    (or "at +X" alone) against the defence's, times its damage, doubles' critical hits included."""
    pool, target = rules.pool, attack.target
    pending = AttackRoll(seat, target, attack.source, 0, at_plus is not None, (0, 0), (0, 0), set_rolls=(seat,))
    bonus = at_plus if at_plus is not None else rules._modifier(state, seat, attack)
    defense = abilities.number(pool, state, target, "defense_roll", pending)
    base = pool.warrior(state.fighters[seat].warrior).damage if attack.source == "basic" else pool.support(
        attack.source
    ).damage  # fmt: skip
    damage = base * 7 / 6 + abilities.number(pool, state, seat, "damage", pending)
    return _beats(bonus - defense) * max(0.0, damage)


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
    """A force from the whole pool: one of the two warriors worth most, then one of the two supports worth most
    to add to those already chosen; for a tournament stack, as many such forces as the match has games."""
    pool = rules.pool
    warriors = [action for action in actions if isinstance(action, ChooseWarrior)]
    adds = [action.card for action in actions if isinstance(action, AddSupport)]
    if state.phase == STACKS:
        stack = state.tournament.stacks[seat]
        # Warriors first (the best ones), then supports by what the stack already holds, four per warrior.
        if warriors:
            return _pick_warrior(pool, warriors, chance)
        return AddSupport(best_support(pool, _current_force(stack.supports), adds)[0]) if adds else KeepOrder()
    if warriors:
        return _pick_warrior(pool, warriors, chance)
    packs = [action for action in actions if isinstance(action, ChooseForce)]
    if adds:
        chosen = state.fighters[seat].supports
        ranked = best_support(pool, chosen, adds)
        # One of the two best that fit, so that forces vary from game to game.
        return AddSupport(chance.pick([card for card in ranked[:2] if fits(pool, chosen, card)] or ranked[:1]))
    return chance.pick(packs) if packs else KeepOrder()


def _pick_warrior(pool: CardPool, warriors: list[ChooseWarrior], chance: SeededRandom) -> ChooseWarrior:
    ranked = sorted(warriors, key=lambda action: -warrior_worth(pool.warrior(action.warrior)))
    return chance.pick(ranked[:2])


def _current_force(stack_supports: tuple[str, ...]) -> tuple[str, ...]:
    """The supports of the force a stack is filling now: the last, unfinished group of four."""
    return stack_supports[len(stack_supports) - len(stack_supports) % SUPPORTS_PER_FORCE :]


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
