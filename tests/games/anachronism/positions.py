"""Hand-built Anachronism positions, rigged dice, and shorthands to play and read them, shared by the tests here.

Cards are named as the players see them ("Bronze Round Shield", or a warrior by the first word of its name,
"Kallias"), never by id, so the tests follow cards.json. `fighter` builds one player's warrior and supports,
`duel` a match in play on `active`'s turn, `before_round` the last moment of a round so that ending the turn
plays the next round's reveals and start. Positions are `dataclasses.replace` on a real `setup` state.

Dice come from the match's seeded source (ruling C3), so a test that needs particular dice looks for a source
state that rolls them (`rigged`): the tests play the real rules, never a patched roll.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache

import pytest
from support import RULES as ALL_RULES

from bot.engine import Event, IllegalAction, Seating, SeededRandom
from bot.engine.codec import encode
from bot.games.anachronism.content import Ability, CardPool, Support, Warrior
from bot.games.anachronism.rules import AnachronismRules
from bot.games.anachronism.state import PLAYING, AnachronismState, Fighter

RULES: AnachronismRules = ALL_RULES["anachronism"]
"""The game's rules over the shipped cards."""
POOL: CardPool = RULES.pool
ABILITIES: dict[str, tuple[Warrior | Support, int, Ability]] = {
    ability.name: (card, index, ability)
    for card in (*POOL.warriors, *POOL.supports)
    for index, ability in enumerate(card.abilities)
}
"""Every ability in the pool by its name: the card it is on, its index there, and the ability."""


def card(name: str, pool: CardPool = POOL) -> str:
    """The id of the card called `name`: a support's whole name, or a warrior's first word ("Kallias")."""
    found = [each.id for each in pool.supports if each.name == name]
    found += [each.id for each in pool.warriors if each.name.split()[0] == name]
    (only,) = found
    return only


def holder(ability: str) -> str:
    """The id of the card with the ability called `ability`."""
    return ABILITIES[ability][0].id


def use_of(ability: str) -> str:
    """The notation for using (or saying yes to) the ability called `ability`."""
    on, index, _ = ABILITIES[ability]
    return f"use {on.id} {index}"


def fighter(
    warrior: str,
    face_up: Sequence[str] = (),
    face_down: Sequence[str] = (),
    space: tuple[int, int] = (1, 0),
    facing: str = "N",
    life: int | None = None,
    discarded: Sequence[str] = (),
    pool: CardPool = POOL,
    **fields,
) -> Fighter:
    """One player's warrior (by first name) standing in `space`, with supports by name (from `pool`): those
    discarded and face up were revealed (left of the row), the face-down ones wait in order. Life defaults to
    the card's."""
    warrior_id = card(warrior, pool)
    gone, up, down = ([card(name, pool) for name in names] for names in (discarded, face_up, face_down))
    return Fighter(
        warrior=warrior_id,
        supports=(*gone, *up, *down),
        laid=len(gone) + len(up) + len(down),
        ready=True,
        revealed=len(gone) + len(up),
        face_up=tuple(up),
        discarded=tuple(gone),
        space=space,
        facing=facing,
        life=pool.warrior(warrior_id).life if life is None else life,
        **fields,
    )


def front(warrior: str, *face_up: str, **more) -> Fighter:
    """`warrior` at (1, 1) facing south: adjacent to, and facing, seat 0 in its usual (1, 0)."""
    return fighter(warrior, face_up, space=(1, 1), facing="S", **more)


def duel(
    first: Fighter,
    second: Fighter,
    *,
    active: int = 0,
    round: int = 1,
    order: tuple[int, int] | None = None,
    actions: int | None = None,
    dice: Sequence[int] = (),
    computers: tuple[int, ...] = (),
    rules: AnachronismRules = RULES,
    **fields,
) -> AnachronismState:
    """A match in play: `active`'s turn of `round` (first in `order`, by default), with its Speed in actions
    unless `actions` says otherwise, and the next dice rolled being `dice`; `rules` are the shipped cards' unless
    a test brings cards of its own."""
    order = order or (active, 1 - active)
    base = RULES.setup(Seating(2, computers=computers), {}, seed=1)
    state = replace(
        base,
        phase=PLAYING,
        fighters=(first, second),
        round=round,
        order=order,
        stage="turn",
        turn_index=order.index(active),
        rng_state=rigged(*dice),
        **fields,
    )
    return state if actions is None else replace(state, actions_done=rules.speed(state, active) - actions)


def melee(
    *fighters: Fighter, active: int = 0, order: tuple[int, ...] = (), teams: bool = False, round: int = 1, **fields
) -> AnachronismState:
    """A match of three or four in play (two against two with `teams`): `active`'s turn of `round`, in `order`
    (by default the seats from `active` on); when `active` is last in `order`, `end` plays the next round's start."""
    count = len(fighters)
    order = order or tuple((active + step) % count for step in range(count))
    base = RULES.setup(Seating(count), {"teams": int(teams)}, seed=1)
    return replace(
        base, phase=PLAYING, fighters=fighters, round=round, order=order, stage="turn", turn_index=order.index(active),
        rng_state=rigged(), **fields,
    )  # fmt: skip


def before_round(first: Fighter, second: Fighter, round: int, dice: Sequence[int] = (), **fields) -> AnachronismState:
    """The last action of round `round - 1`, seat 1's: `end` plays the start of round `round`."""
    return duel(first, second, active=1, order=(0, 1), round=round - 1, actions=1, dice=dice, **fields)


# -- dice -------------------------------------------------------------------------------------------------------

SEARCH_LIMIT = 3_000_000


@cache
def rigged(*dice: int | None) -> int:
    """A random source's state whose next dice are `dice` (None: any value)."""

    def accept(rolled: tuple[int, ...]) -> bool:
        return all(want in (None, got) for want, got in zip(dice, rolled, strict=True))

    return rigged_where(len(dice), accept)


def rigged_where(count: int, accept: Callable[[tuple[int, ...]], bool]) -> int:
    """A random source's state whose next `count` dice are ones `accept` takes."""
    if not count:
        return 1
    stream = SeededRandom(12345)
    states, rolled = [], []
    for _ in range(SEARCH_LIMIT):
        states.append(stream.state)
        rolled.append(stream.between(1, 6))
        if len(rolled) >= count and accept(tuple(rolled[-count:])):
            start = states[-count]
            check = SeededRandom(start)
            assert tuple(check.between(1, 6) for _ in range(count)) == tuple(rolled[-count:])
            return start
    raise AssertionError("no source rolls those dice: ask for fewer")


def with_dice(state: AnachronismState, *dice: int | None) -> AnachronismState:
    """The state with the next dice rolled being `dice` (None: any value)."""
    return replace(state, rng_state=rigged(*dice))


HIT = (6, 5, 1, 2)
"""An attack roll of 11 against a defence of 3, no doubles: a hit whatever the bonuses in these tests."""
MISS = (1, 2, 6, 5)
"""3 against 11: a miss."""
CRITICAL = (6, 6, 1, 2)
"""Doubles that hit."""
OUTCOMES = {
    "hit": lambda attack, defense: sum(attack) >= sum(defense) + 4 and attack[0] != attack[1],
    "miss": lambda attack, defense: sum(attack) + 3 <= sum(defense),
}
"""Rolls that hit (without doubles) or miss whatever the bonuses in these tests: a margin of 4, or 3 the other way."""


@cache
def rigged_attacks(*outcomes: str) -> int:
    """A random source's state whose next attacks (four dice each) are plain hits or misses, in order."""

    def accept(dice: tuple[int, ...]) -> bool:
        return all(
            OUTCOMES[outcome](dice[4 * number : 4 * number + 2], dice[4 * number + 2 : 4 * number + 4])
            for number, outcome in enumerate(outcomes)
        )

    return rigged_where(4 * len(outcomes), accept)


def with_attacks(state: AnachronismState, *outcomes: str) -> AnachronismState:
    """The state with its next attacks rolled as plain hits or misses ("hit", "miss"), in order."""
    return replace(state, rng_state=rigged_attacks(*outcomes))


# -- playing ------------------------------------------------------------------------------------------------------


def actor(state: AnachronismState) -> int:
    (seat,) = RULES.actors(state)
    return seat


HIT_OR_MISS = ("on_hit", "on_being_hit", "on_miss", "on_being_missed")


def play(
    state: AnachronismState,
    notation: str,
    seat: int | None = None,
    *,
    yes_to_hits: bool = True,
    rules: AnachronismRules = RULES,
) -> tuple[AnachronismState, list[Event]]:
    """The seat to act (or `seat`) takes the action written as `notation`: the new state and the events. Then,
    unless `yes_to_hits` is off, each limited ability offered after a hit or a miss is said yes to, as a player
    who wants it would, and a move it gives stops where it is (the tests of the offer itself turn that off)."""
    state, events = rules.apply(state, actor(state) if seat is None else seat, rules.parse_action(notation))
    while yes_to_hits and state.offers and state.offers[0].kind in ("use", "step"):
        offer = state.offers[0]
        on = rules.pool.warrior(offer.card) if offer.card.startswith("wr-") else rules.pool.support(offer.card)
        if on.abilities[offer.index].trigger not in HIT_OR_MISS:
            break
        answer = f"use {offer.card} {offer.index}" if offer.kind == "use" else "decline"
        state, more = rules.apply(state, offer.seat, rules.parse_action(answer))
        events = [*events, *more]
    return state, events


def act(state: AnachronismState, *notations: str, rules: AnachronismRules = RULES) -> AnachronismState:
    """Apply each action in turn for whoever is to act."""
    for notation in notations:
        state, _ = play(state, notation, rules=rules)
    return state


def refusal(state: AnachronismState, notation: str, seat: int | None = None) -> str:
    """Why `notation` is refused; fails the test if it is accepted."""
    with pytest.raises(IllegalAction) as caught:
        play(state, notation, seat)
    return str(caught.value)


def offered(state: AnachronismState, seat: int | None = None, rules: AnachronismRules = RULES) -> list[str]:
    """The notations of what the seat to act (or `seat`) may do now."""
    return [action.notation for action in rules.legal_actions(state, actor(state) if seat is None else seat)]


def kinds(events: Sequence[Event]) -> list[str]:
    return [str(event.kind) for event in events]


def attacks(events: Sequence[Event]) -> list[dict]:
    """The data of every attack made, in order."""
    return [dict(event.data) for event in events if event.kind == "attacked"]


def used(events: Sequence[Event]) -> list[str]:
    """The names of the abilities used, in order."""
    return [event.data["ability"] for event in events if event.kind == "ability_used"]


def shown(value) -> str:
    """Everything a renderer could print from a view or an event: the codec's JSON of it."""
    return json.dumps(encode(value))
