"""Anachronism's computer players at each level: easy takes any action the rules offer in a round, at
random, normal is computers.py's, hard thinks ahead (search.py) through the dice in worlds where the other
players' face-down supports, unused tournament cards and the dice to come are dealt at random, weighing each attack
and Action ability against normal's move by playing each future out mostly to the game's end.

Hard brings the force that won most often against normal's forces when both were played by normal (`HARD_FORCE`),
where the rules let it; stacks and places are chosen as normal at every level: the search weighs the moves of a round.

Hard's worlds are made from the state with everything the seat may not see (`AnachronismRules.hidden_from`: the
others' face-down supports and unused tournament cards) dealt afresh, and a new random source for the dice: what is
left is what the seat's view shows, so two states the seat cannot tell apart give it the same worlds."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import Lookahead, outcome_value, view_seed
from bot.games.anachronism.abilities import teammates_of
from bot.games.anachronism.actions import AddSupport, AnachronismAction, ChooseWarrior, KeepOrder
from bot.games.anachronism.computers import computer_move
from bot.games.anachronism.search import weighed_choice
from bot.games.anachronism.state import FORCES, PLAYING, SUPPORTS, AnachronismState, Stack

HARD_FORCE = ("wr-22", ("sp-15", "sp-95", "sp-73", "sp-55"))
"""Hard's force, its supports in the order they are laid down (the leftmost revealed first): Tejpal of the Thar
Wells with the Gilded Lance, the War Elephant (2 damage an action, adjacent), the Hymn Beneath the Great Dome and
the Cow-Tail Leg Fringes. Found by playing forces, each slot changed in turn, against the forces normal chooses
(both sides played by normal): it won 0.79 +- 0.03 of 600 games, where normal's own choice of Tejpal's supports won
0.61 and a choice by card worth alone (card_values.py) cannot see how the cards play together."""
LIFE_SPREAD = 8
"""Points of Life by which a lead counts as a sure win, in a game the search cut short."""
WORLDS, DEPTH = 8, 40
"""The search's budget: worlds each choice is played out in, moves per play-out. A game lasts about 30 moves, so
40 plays most futures to their end: cut off 8 moves on by Life alone, the search played worse than normal with the
same force (0.63 against 0.81 of the same 200 games), preferring to stay out of reach over closing in."""


def computer_levels(rules) -> ComputerLevels[AnachronismState, AnachronismAction]:
    """The players at each level, for `rules` (an `AnachronismRules`)."""

    def normal(state: AnachronismState, seat: Seat) -> AnachronismAction:
        return computer_move(rules, state, seat)

    def easy(state: AnachronismState, seat: Seat) -> AnachronismAction:
        if state.phase != PLAYING:
            return normal(state, seat)
        return SeededRandom(view_seed(rules.view(state, seat))).pick(rules.legal_actions(state, seat))

    def hard(state: AnachronismState, seat: Seat) -> AnachronismAction:
        if state.phase in (FORCES, SUPPORTS):
            return _hard_force_step(rules, state, seat) or normal(state, seat)
        if state.phase != PLAYING:
            return normal(state, seat)
        masked = _masked(rules, state, seat)
        lookahead = Lookahead(
            sample_world=lambda view, seat, rng: _dealt(rules, masked, seat, rng),
            policy=normal,
            value=lambda state, seat: _value(rules, state, seat),
            worlds=WORLDS,
            depth=DEPTH,
        )
        return weighed_choice(rules, lookahead, state, seat, rules.legal_actions(state, seat))

    return ComputerLevels(easy=easy, normal=normal, hard=hard)


def _hard_force_step(rules, state: AnachronismState, seat: Seat) -> AnachronismAction | None:
    """The next step towards `HARD_FORCE`: its warrior, its next support, then its order kept; None where the rules
    do not offer that step (a tournament game's stack, a teammate holding one of its cards)."""
    warrior, supports = HARD_FORCE
    fighter = state.fighters[seat]
    if not fighter.warrior:
        step = ChooseWarrior(warrior)
    elif fighter.warrior != warrior or fighter.supports != supports[: len(fighter.supports)]:
        return None
    elif len(fighter.supports) < len(supports):
        step = AddSupport(supports[len(fighter.supports)])
    else:
        step = KeepOrder()
    return step if step in rules.legal_actions(state, seat) else None


def _hidden_slots(state: AnachronismState, seat: Seat) -> list[tuple[Seat, int]]:
    """(seat, index) of each support the seat may not see: the others' never turned up (see `hidden_from`)."""
    team = teammates_of(state, seat)
    return [
        (other, index)
        for other, fighter in enumerate(state.fighters)
        if other not in team
        for index in range(fighter.revealed, len(fighter.supports))
    ]


def _masked(rules, state: AnachronismState, seat: Seat) -> AnachronismState:
    """The state with every card the seat may not see replaced by a blank and the dice source zeroed: all the
    search may build its worlds from."""
    fighters = list(state.fighters)
    for other, index in _hidden_slots(state, seat):
        supports = list(fighters[other].supports)
        supports[index] = ""
        fighters[other] = replace(fighters[other], supports=tuple(supports))
    tournament = state.tournament
    if tournament is not None:
        team = teammates_of(state, seat)
        stacks = tuple(stack if other in team else _blank_stack(stack) for other, stack in enumerate(tournament.stacks))
        tournament = replace(tournament, stacks=stacks)
    return replace(state, fighters=tuple(fighters), tournament=tournament, rng_state=0)


def _blank_stack(stack: Stack) -> Stack:
    return replace(
        stack,
        warriors=tuple(card if card in stack.used else "" for card in stack.warriors),
        supports=tuple(card if card in stack.used else "" for card in stack.supports),
    )


def _dealt(rules, masked: AnachronismState, seat: Seat, rng: SeededRandom) -> AnachronismState:
    """A world: each blank dealt a random card of its kind that its holder does not already show, and new dice."""
    supports = [card.id for card in rules.pool.supports]
    warriors = [card.id for card in rules.pool.warriors]

    def fill(cards: tuple[str, ...], pool: list[str]) -> tuple[str, ...]:
        free = rng.shuffled([card for card in pool if card not in cards])
        return tuple(card or free.pop() for card in cards)

    fighters = tuple(replace(fighter, supports=fill(fighter.supports, supports)) for fighter in masked.fighters)
    tournament = masked.tournament
    if tournament is not None:
        stacks = tuple(
            replace(stack, warriors=fill(stack.warriors, warriors), supports=fill(stack.supports, supports))
            for stack in tournament.stacks
        )
        tournament = replace(tournament, stacks=stacks)
    return replace(masked, fighters=fighters, tournament=tournament, rng_state=rng.next_u64())


def _value(rules, state: AnachronismState, seat: Seat) -> float:
    """A finished game's result; a game cut short: the Life of the seat's side against the strongest other."""
    finished = outcome_value(rules, state, seat)
    if finished is not None:
        return finished
    team = teammates_of(state, seat)
    mine = sum(max(state.fighters[member].life, 0) for member in team)
    others = [max(fighter.life, 0) for other, fighter in enumerate(state.fighters) if other not in team]
    best_other = max(others) if others else 0
    return min(max(0.5 + (mine - best_other) / (2 * LIFE_SPREAD), 0.0), 1.0)
