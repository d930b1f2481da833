"""Choosing forces and placing the warriors in Anachronism: a warrior and four supports (quick play or custom, or
in a tournament game from the player's stack), a team never holding a card twice; the set-up rolls; placing each
warrior in its starting row (or a teammate's), the lower roll first; and then, with both warriors placed, laying
the supports down face down in the order each player picks (the rulebook's set-up). `ForcesAndPlacement` is a
part of `AnachronismRules` (rules.py)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Event, IllegalAction, Seat, SeededRandom
from bot.games.anachronism import abilities
from bot.games.anachronism.abilities import with_fighter
from bot.games.anachronism.actions import (
    AddSupport,
    AnachronismAction,
    ChooseForce,
    ChooseWarrior,
    KeepOrder,
    LayDown,
    Place,
)
from bot.games.anachronism.arena import SIZE, facing_out, starting_row
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.dice import roll
from bot.games.anachronism.events import AnachronismEvent
from bot.games.anachronism.state import (
    FORCES,
    PLACING,
    PLAYING,
    SUPPORTS,
    SUPPORTS_PER_FORCE,
    AnachronismState,
    Fighter,
)


def force_complete(fighter: Fighter) -> bool:
    """Whether the fighter's warrior and four supports are chosen (their order is laid down later)."""
    return bool(fighter.warrior) and len(fighter.supports) == SUPPORTS_PER_FORCE


class ForcesAndPlacement:
    """Forces, set-up rolls and placement, for `AnachronismRules` (which begins the first round)."""

    pool: CardPool

    def _choose_force(self, state: AnachronismState, seat: Seat, force: ChooseForce, events: list) -> AnachronismState:
        pool = self.pool
        if not pool.has(force.warrior) or force.warrior not in {warrior.id for warrior in pool.warriors}:
            raise IllegalAction("That is not a warrior")
        supports = force.supports
        # A custom force starts with none (`ChooseWarrior`) and adds them one by one.
        if supports and (len(supports) != SUPPORTS_PER_FORCE or len(set(supports)) != SUPPORTS_PER_FORCE):
            raise IllegalAction("A force is a warrior and four different support cards")
        if not all(self._is_support(card) for card in supports):
            raise IllegalAction("Those are not all support cards")
        if {force.warrior, *supports} & self._teammates_cards(state, seat):
            raise IllegalAction("Your teammate has one of those cards: a team may not have a card twice")
        warrior = pool.warrior(force.warrior)
        return with_fighter(state, seat, Fighter(warrior=warrior.id, supports=supports, life=warrior.life))

    def _is_support(self, card: str) -> bool:
        return self.pool.has(card) and card in {support.id for support in self.pool.supports}

    def _support_choices(self, state: AnachronismState, seat: Seat) -> tuple[str, ...]:
        """The supports the seat may add to its force now: any of the pool, or in a tournament game its stack's."""
        if state.tournament is not None:
            return self.supports_left(state, seat)
        taken = {*state.fighters[seat].supports, *self._teammates_cards(state, seat)}
        return tuple(card.id for card in self.pool.supports if card.id not in taken)

    def _teammates_cards(self, state: AnachronismState, seat: Seat) -> set[str]:
        """The cards the seat's teammates have chosen: a team may not have a card twice (the multiplayer rules)."""
        cards: set[str] = set()
        for other in abilities.teammates_of(state, seat):
            if other != seat:
                cards.update((state.fighters[other].warrior, *state.fighters[other].supports))
        return cards - {""}

    def _forces(self, state: AnachronismState, seat: Seat, action: AnachronismAction, events: list) -> AnachronismState:
        """Choose a force (in a tournament game, its supports once the warriors are placed); once every force is
        chosen, roll to place. Once the warriors are placed, each player lays the supports down in order, and
        once all are laid the first round begins (the rulebook's set-up)."""
        fighter = state.fighters[seat]
        if not fighter.warrior:
            if isinstance(action, ChooseWarrior):
                state = self._choose_force(state, seat, ChooseForce(action.warrior, ()), events)
            elif isinstance(action, ChooseForce):
                state = self._choose_force(state, seat, action, events)
            else:
                raise IllegalAction("Choose your warrior and four supports first")
            return self._force_chosen(state, seat, events)
        if len(fighter.supports) < SUPPORTS_PER_FORCE:
            if not isinstance(action, AddSupport):
                raise IllegalAction("Add four different supports to your force first")
            if action.card not in self._support_choices(state, seat):
                raise IllegalAction(
                    "Add a support of your stack that no game has used and your force does not have yet"
                    if state.tournament is not None
                    else "Add a support card that neither your force nor your teammate's has yet"
                    if state.teams
                    else "Add a support card your force does not have yet"
                )
            state = with_fighter(state, seat, replace(fighter, supports=(*fighter.supports, action.card)))
            return self._force_chosen(state, seat, events)
        if isinstance(action, LayDown):
            if action.card not in fighter.supports[fighter.laid :]:
                raise IllegalAction("That support is not one still to lay down")
            rest = [card for card in fighter.supports[fighter.laid :] if card != action.card]
            supports = (*fighter.supports[: fighter.laid], action.card, *rest)
            laid = fighter.laid + 1
            fighter = replace(fighter, supports=supports, laid=laid, ready=laid >= SUPPORTS_PER_FORCE - 1)
        elif isinstance(action, KeepOrder):
            fighter = replace(fighter, ready=True)
        else:
            raise IllegalAction("Lay your supports down in order, or keep the order they are in")
        state = with_fighter(state, seat, fighter)
        if not fighter.ready:
            return state
        events.append(Event(AnachronismEvent.FORCE_CHOSEN, seat, {}))
        if not all(each.ready for each in state.fighters):
            return state
        return self._begin_round(replace(state, phase=PLAYING), events)

    def _force_chosen(self, state: AnachronismState, seat: Seat, events: list) -> AnachronismState:
        """In a single game's choice of forces: once the seat's force is whole, say so; once every force is,
        roll to place."""
        if state.phase != FORCES or not force_complete(state.fighters[seat]):
            return state
        events.append(Event(AnachronismEvent.FORCE_CHOSEN, seat, {}))
        if not all(force_complete(each) for each in state.fighters):
            return state
        return self._setup_rolls(state, events)

    def _setup_rolls(self, state: AnachronismState, events: list) -> AnachronismState:
        """Set-up rolls: ties are rolled again; the lower total places first."""
        rng = SeededRandom(state.rng_state)
        while True:
            rolls = [roll(rng) for _ in state.fighters]
            if len({sum(dice) for dice in rolls}) == len(rolls):
                break
        for each, dice in enumerate(rolls):
            state = with_fighter(state, each, replace(state.fighters[each], setup_roll=sum(dice)))
            events.append(Event(AnachronismEvent.SETUP_ROLLED, each, {"dice": list(dice)}))
        return replace(state, phase=PLACING, rng_state=rng.state)

    def _placing(self, state: AnachronismState) -> Seat:
        return next(seat for seat in self.placing_order(state) if state.fighters[seat].space is None)

    def _rows_of(self, state: AnachronismState, seat: Seat) -> tuple[int, ...]:
        """The starting rows the seat may place in (`Place.row`): its own (-1), and in a team game its teammate's
        too, which teammates may share (the multiplayer rules)."""
        return (-1, *(other for other in abilities.teammates_of(state, seat) if other != seat))

    def _place(self, state: AnachronismState, seat: Seat, place: Place, events: list) -> AnachronismState:
        owner = seat if place.row < 0 else place.row
        row = starting_row(owner)
        free = place.row in self._rows_of(state, seat) and 0 <= place.column < SIZE
        if not free or abilities.occupied(state, row[place.column]):
            raise IllegalAction("Choose a free space in your starting row")
        column = place.column
        fighter = replace(state.fighters[seat], space=row[column], facing=facing_out(owner))
        state = with_fighter(state, seat, fighter)
        placed = {"warrior": fighter.warrior, "space": list(row[column]), "facing": fighter.facing}
        events.append(Event(AnachronismEvent.PLACED, seat, placed))
        if any(each.space is None for each in state.fighters):
            return state
        # "Each player then places his four Support Cards face-down": laid once both warriors are placed (in a
        # tournament game, chosen from the stack then too).
        return replace(state, phase=SUPPORTS)
