"""The ability interpreter: what the cards in play add to a warrior's numbers right now, whether an ability's
condition holds, and what one ability does when it is used. The turn structure (rules.py) decides when.

Cards in play are the warrior and its face-up supports (face-down cards have no effect). A `continuous` ability
counts while its card is in play and its condition holds; other abilities' number changes and prohibitions last
for their `duration` (`Lasting` in the state), and, with none given, while their card is in play, except Life
and Experience changes, which are permanent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from bot.engine import Event, Seat
from bot.games.anachronism.actions import Move, Rotate
from bot.games.anachronism.arena import FACINGS, STEPS, adjacent, on_arena, step
from bot.games.anachronism.content import Ability, CardPool, Effect
from bot.games.anachronism.events import AnachronismEvent
from bot.games.anachronism.qualities import amount, quality_holds
from bot.games.anachronism.state import WHILE_IN_PLAY, AnachronismState, AttackRoll, Fighter, Lasting
from bot.games.anachronism.views import Prohibition

NUMBERS = ("attack_roll", "defense_roll", "speed", "experience", "damage", "initiative")


def in_play(pool: CardPool, fighter: Fighter) -> Iterator[tuple[str, int, Ability]]:
    """Every ability of the warrior and its face-up supports: (card id, index on the card, ability)."""
    if fighter.warrior:
        for index, ability in enumerate(pool.warrior(fighter.warrior).abilities):
            yield fighter.warrior, index, ability
    for card in fighter.face_up:
        for index, ability in enumerate(pool.support(card).abilities):
            yield card, index, ability


def is_in_play(fighter: Fighter, card: str) -> bool:
    return card == fighter.warrior or card in fighter.face_up


def left_play(
    state: AnachronismState, seat: Seat, cards: tuple[str, ...], *, next_turn: bool = False
) -> AnachronismState:
    """The match once `seat`'s `cards` left play: the effects their abilities gave with no duration end (the
    ability durations), and with `next_turn` (the warrior fell) those lasting until its next turn too (ruling
    C8). Effects with another duration run their course."""
    ending = (WHILE_IN_PLAY, "until_your_next_turn") if next_turn else (WHILE_IN_PLAY,)
    return ended(
        state,
        lambda each: each.seat == seat and each.until in ending and (each.card in cards or each.until != WHILE_IN_PLAY),
    )


def ended(state: AnachronismState, over: Callable[[Lasting], bool], events: list | None = None) -> AnachronismState:
    """The match once the lasting effects `over` picks have run their course: a Life change given for a while is
    undone (Life gained is lost again, Life lost comes back: an ability's duration), on a warrior still standing."""
    for each in state.lasting:
        if not over(each) or each.effect.kind != "life":
            continue
        fighter = state.fighters[each.target]
        if fighter.space is not None:
            state = with_fighter(state, each.target, replace(fighter, life=fighter.life - each.effect.amount))
            if events is not None:
                told = {"change": -each.effect.amount, "card": each.card, "ended": True}
                events.append(Event(AnachronismEvent.LIFE_CHANGED, each.target, told))
    return replace(state, lasting=tuple(each for each in state.lasting if not over(each)))


def team_of(state: AnachronismState, seat: Seat) -> int:
    """The seat's team: in a game of two against two, seats 0 and 2 against 1 and 3; else each seat its own."""
    return seat % 2 if state.teams else seat


def teammates_of(state: AnachronismState, seat: Seat) -> tuple[Seat, ...]:
    """The seat and its teammates (in a free-for-all, the seat alone)."""
    return tuple(other for other in range(state.seat_count) if team_of(state, other) == team_of(state, seat))


def standing(state: AnachronismState) -> tuple[Seat, ...]:
    """The seats whose warrior is in the arena."""
    return tuple(seat for seat, fighter in enumerate(state.fighters) if fighter.space is not None)


def opposing(state: AnachronismState, seat: Seat) -> tuple[Seat, ...]:
    """The opposing warriors in the arena: every other one, but for a teammate (the multiplayer rules)."""
    return tuple(other for other in standing(state) if team_of(state, other) != team_of(state, seat))


def adjacent_opposing(state: AnachronismState, seat: Seat) -> tuple[Seat, ...]:
    mine = state.fighters[seat].space
    return tuple(
        other for other in opposing(state, seat) if mine is not None and adjacent(mine, state.fighters[other].space)
    )


def other_party(attack: AttackRoll, seat: Seat) -> Seat:
    """The other warrior of an attack `seat` is in."""
    return attack.defender if seat == attack.attacker else attack.attacker


def holds(
    pool: CardPool, state: AnachronismState, seat: Seat, ability: Ability, attack: AttackRoll | None = None
) -> bool:
    """Whether the ability's condition holds for `seat` now (during `attack`, for conditions about an attack).
    "Adjacent" is to an opposing warrior; "not adjacent", to none."""
    condition = ability.condition
    mine = state.fighters[seat]
    if condition in ("adjacent", "not_adjacent"):
        return bool(adjacent_opposing(state, seat)) == (condition == "adjacent")
    if condition in ("weapon_attack", "basic_attack"):
        return attack is not None and (attack.source == "basic") == (condition == "basic_attack")
    if condition == "doubles":
        # A roll an ability set was not rolled: it is no doubles, whatever its halves show.
        return attack is not None and attack.doubles(seat)
    if condition == "wounded":
        return bool(mine.warrior) and mine.life < pool.warrior(mine.warrior).life
    if condition == "first_in_round":
        return bool(state.order) and state.order[0] == seat
    if ":" in condition:
        return quality_holds(pool, state, seat, condition, attack, opposing(state, seat))
    return True


def applies_to(state: AnachronismState, owner: Seat, effect: Effect, seat: Seat, target: Seat = -1) -> bool:
    """Whether `owner`'s effect is on `seat`: its own warrior, or the warrior it was aimed at (`target`; a
    continuous one, every opposing warrior, or for "another" every warrior but its own)."""
    if effect.who == "self":
        return seat == owner
    if target >= 0:
        return seat == target
    return seat != owner if effect.who == "another" else seat in opposing(state, owner)


def amounts_on(
    pool: CardPool, state: AnachronismState, seat: Seat, kind: str, attack: AttackRoll | None = None
) -> list[tuple[Effect, int]]:
    """Each effect of `kind` the cards in play and lasting effects put on `seat` right now, with its amount."""
    found = []
    for owner, fighter in enumerate(state.fighters):
        for _, _, ability in in_play(pool, fighter):
            if ability.trigger != "continuous" or not holds(pool, state, owner, ability, attack):
                continue
            found.extend(
                (effect, amount(pool, state, owner, effect))
                for effect in ability.effects
                if effect.kind == kind and applies_to(state, owner, effect, seat)
            )
    found.extend(
        (lasting.effect, lasting.effect.amount)
        for lasting in state.lasting
        if lasting.effect.kind == kind and applies_to(state, lasting.seat, lasting.effect, seat, lasting.target)
    )
    return found


def number(pool: CardPool, state: AnachronismState, seat: Seat, kind: str, attack: AttackRoll | None = None) -> int:
    """What the cards in play and lasting effects add to `seat`'s `kind` (see NUMBERS) right now."""
    return sum(value for _, value in amounts_on(pool, state, seat, kind, attack))


def extra_slot(pool: CardPool, state: AnachronismState, seat: Seat, what: str) -> int:
    """How many more cards of a type or body trait the seat may have in play: one, while one of its own cards
    says "you may have another" of it. Such abilities replace the limit rather than add to it (additive
    abilities): two of them still allow one more. Each is about its owner's own cards, so two players' never
    meet over the same choice."""
    return int(
        any(
            effect.kind == "extra_slot" and effect.what == what
            for _, _, ability in in_play(pool, state.fighters[seat])
            if ability.trigger == "continuous"
            for effect in ability.effects
        )
    )


def prohibitions(pool: CardPool, state: AnachronismState, seat: Seat) -> tuple[Prohibition, ...]:
    """What the cards in play and lasting effects forbid `seat` to do now (move, rotate, weapon_attack), and
    why."""
    found = [
        Prohibition(effect.what, card, owner, "")
        for owner, fighter in enumerate(state.fighters)
        for card, _, ability in in_play(pool, fighter)
        if ability.trigger == "continuous" and holds(pool, state, owner, ability)
        for effect in ability.effects
        if effect.kind == "prohibit" and applies_to(state, owner, effect, seat)
    ]
    found.extend(
        Prohibition(lasting.effect.what, lasting.card, lasting.seat, lasting.until)
        for lasting in state.lasting
        if lasting.effect.kind == "prohibit" and applies_to(state, lasting.seat, lasting.effect, seat, lasting.target)
    )
    return tuple(found)


def prohibited(pool: CardPool, state: AnachronismState, seat: Seat, what: str) -> bool:
    """Whether a card forbids `seat` to `what` (move, rotate, weapon_attack)."""
    return any(each.what == what for each in prohibitions(pool, state, seat))


def usable(pool: CardPool, state: AnachronismState, seat: Seat, card: str, index: int, ability: Ability,
           attack: AttackRoll | None = None) -> bool:  # fmt: skip
    """Whether the ability's condition holds, its usage limit is not spent and its cost can be paid (Life only
    while more than it costs is left, so that paying never fells the warrior)."""
    return (
        holds(pool, state, seat, ability, attack)
        and not spent(state, seat, card, index, ability)
        and state.fighters[seat].life > ability.life_cost
    )


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


def without_turn_uses(fighter: Fighter) -> Fighter:
    """The fighter with its "once each turn" abilities usable again: a new turn, or a new situation outside one."""
    return replace(fighter, uses=tuple(use for use in fighter.uses if not use.endswith(":turn")))


def with_fighter(state: AnachronismState, seat: Seat, fighter: Fighter) -> AnachronismState:
    return replace(state, fighters=(*state.fighters[:seat], fighter, *state.fighters[seat + 1 :]))


def toward(state: AnachronismState, seat: Seat, other: Seat) -> str:
    """The facing that best turns `seat`'s warrior toward `other`'s."""
    mine, theirs = state.fighters[seat].space, state.fighters[other].space
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


def ability_moves(pool: CardPool, state: AnachronismState, seat: Seat) -> tuple[Move | Rotate, ...]:
    """What an ability's move lets `seat`'s warrior do next: a one-space move, or a turn in place instead ("you
    may rotate your warrior in addition to or instead of the movement": the glossary). None while a card
    forbids it to move, since the turn is part of that move."""
    moves = one_space_moves(pool, state, seat)
    if prohibited(pool, state, seat, "move") or prohibited(pool, state, seat, "rotate"):
        return moves
    facing = state.fighters[seat].facing
    return (*moves, *(Rotate(each) for each in FACINGS if each != facing))


def pushed_away(pool: CardPool, state: AnachronismState, seat: Seat, other: Seat) -> AnachronismState:
    """Move `other`'s warrior one space directly away from `seat`'s warrior, if that space is free and no card
    forbids it to move: being pushed is moving, since moving is a warrior changing its place in the arena (the
    glossary), and a card that forbids an action overrides one that allows it (the golden rules). Trading places
    (routines.py) follows the same rule."""
    if prohibited(pool, state, other, "move"):
        return state
    away = toward(state, seat, other)
    there = step(state.fighters[other].space, away)
    if on_arena(there) and not occupied(state, there):
        state = with_fighter(state, other, replace(state.fighters[other], space=there))
    return state
