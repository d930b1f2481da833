"""The rules of Anachronism for two to four players: `AnachronismRules`, the game's declaration, the engine's
interface, and the turn structure: forces, set-up rolls and placement, five rounds of reveals, card restrictions,
Reveal and start-of-round abilities, turns of actions, ties, and the answers to the game's questions.

With three or four players (the multiplayer rules), every warrior fights every other, or two against two with
the option `teams`: abilities on "your opponent" are aimed at an opposing warrior (the other warrior of the attack
they come from, else one their owner chooses), a defeated warrior leaves the arena, and the last warrior or team
standing wins. Tournament matches (`tournament`) are for two.

Attacks and what a used ability does are in `combat`, dice beyond two and re-rolls in `rolls`, the abilities
answering a move, a defeat or the end of a turn or round in `moments`, choosing forces and placing in `forces`,
turn order and tie-breaks in `initiative` (each a part of `AnachronismRules`); what the cards add to a warrior's
numbers is in `abilities` (the interpreter); the arena's geometry is in `arena`.
The flow runs as a small machine (`_continue`): it goes on by itself until a player must act or choose.
Rounds move through `stage`: card restrictions, Reveal abilities, start-of-round abilities, then each turn
(`turn_start`, `turn`, its end-of-turn abilities `turn_end`, `turn_over`), then end-of-round abilities
(`round_end`, `round_over`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from bot.engine import (
    COMPUTER_PLAYERS_OPTION,
    Decision,
    Event,
    GameRules,
    IllegalAction,
    Option,
    Outcome,
    ParseError,
    Seat,
    Seating,
    SeededRandom,
)
from bot.engine.levels import COMPUTER_LEVEL, level_chosen
from bot.games.anachronism import abilities, hints
from bot.games.anachronism.abilities import in_play, number, with_fighter
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
    LayDown,
    Move,
    Pass,
    Place,
    RerollDie,
    Rotate,
    UseAbility,
)
from bot.games.anachronism.arena import FACINGS, grid_spaces, starting_row, step
from bot.games.anachronism.combat import HIT_OR_MISS, Combat
from bot.games.anachronism.content import Ability, CardPool
from bot.games.anachronism.events import AnachronismEnd, AnachronismEvent
from bot.games.anachronism.forces import ForcesAndPlacement, force_complete
from bot.games.anachronism.initiative import Initiative
from bot.games.anachronism.moments import TIMED, Moments
from bot.games.anachronism.restrictions import CardRestrictions
from bot.games.anachronism.rolls import Rolls
from bot.games.anachronism.routines import ROUTINES
from bot.games.anachronism.state import (
    CHOOSE_ATTACK,
    CHOOSE_DIE,
    CHOOSE_TARGET,
    DISCARD,
    FORCES,
    GAME_START,
    PLACING,
    PLAYING,
    ROUNDS,
    STACKS,
    STEP,
    SUPPORTS,
    SUPPORTS_PER_FORCE,
    USE,
    AnachronismState,
    AttackRoll,
    Fighter,
    Offer,
)
from bot.games.anachronism.tournament import TournamentPlay, new_tournament
from bot.games.anachronism.views import AnachronismPublicView, AnachronismSeatView, FighterView, MatchScore

MATCH_OPTION, TEAMS_OPTION = "match", "teams"


class AnachronismRules(
    Combat,
    Rolls,
    Moments,
    ForcesAndPlacement,
    Initiative,
    TournamentPlay,
    CardRestrictions,
    GameRules[AnachronismState, AnachronismAction],
):
    """The rules of Anachronism for two to four players, single games and tournament matches, with rulings C1-C8,
    over a pool of cards."""

    key = "anachronism"
    title = "Anachronism"
    min_players = 2
    max_players = 4
    gives_hints = True
    state_type = AnachronismState
    event_kinds = AnachronismEvent
    end_reasons = AnachronismEnd
    fixed_fields = ("computer_seats",)
    options = (
        Option(COMPUTER_PLAYERS_OPTION, "Computer players", (0, 1, 2, 3), "Computer players take that many seats."),
        COMPUTER_LEVEL,
        Option(TEAMS_OPTION, "Teams", (0, 1), "1: four players, two against two (seats 1 and 3 against 2 and 4)."),
        Option(
            MATCH_OPTION,
            "Match",
            (1, 3, 5),
            "1: a single game; 3 or 5: a match, best of 3 or 5 games, from a stack of 3 or 5 warriors each.",
        ),
    )

    def __init__(self, pool: CardPool) -> None:
        for card in (*pool.warriors, *pool.supports):
            for ability in card.abilities:
                for effect in ability.effects:
                    if effect.kind == "code" and effect.what not in ROUTINES:
                        raise ValueError(
                            f"cards.json: card {card.id}'s ability {ability.name!r} names a routine the "
                            f"game does not have ({effect.what!r})"
                        )
        self.pool = pool

    # -- the engine's interface ----------------------------------------------------------------------------

    def seating_problem(self, seat_count: int, options: Mapping[str, Any]) -> str | None:
        if options[MATCH_OPTION] != 1 and seat_count != 2:
            return "A tournament match (the option match) is for 2 players."
        if options[TEAMS_OPTION] and seat_count != 4:
            return "Two against two (the option teams) needs 4 players, computer players included."
        return None

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> AnachronismState:
        """Empty fighters: each player first chooses a force in private (in a tournament match, a stack)."""
        chosen = self.resolve_options(options)
        problem = self.seating_problem(seating.seat_count, chosen)
        if problem or not self.min_players <= seating.seat_count <= self.max_players:
            raise ValueError(problem or "Anachronism is for 2 to 4 players")
        games = chosen[MATCH_OPTION]
        return AnachronismState(
            computer_seats=tuple(sorted(seating.computers)),
            phase=FORCES if games == 1 else STACKS,
            fighters=tuple(Fighter() for _ in range(seating.seat_count)),
            **GAME_START,
            result=None,
            placings=(),
            rng_state=SeededRandom(seed).state,
            steps=0,
            tournament=None if games == 1 else new_tournament(games, seating.seat_count),
            teams=bool(chosen[TEAMS_OPTION]),
            computer_level=level_chosen(chosen),
        )

    def actors(self, state: AnachronismState) -> frozenset[Seat]:
        if state.result is not None:
            return frozenset()
        seats = range(state.seat_count)
        if state.phase == STACKS:
            return frozenset(seat for seat in seats if not self.stack_complete(state, seat))
        if state.phase == FORCES and state.tournament is not None:
            return frozenset(seat for seat in seats if not state.fighters[seat].warrior)
        if state.phase == FORCES:
            return frozenset(seat for seat in seats if not force_complete(state.fighters[seat]))
        if state.phase == SUPPORTS:
            return frozenset(seat for seat in seats if not state.fighters[seat].ready)
        if state.phase == PLACING:
            return frozenset({self._placing(state)})
        if state.offers:
            return frozenset({state.offers[0].seat})
        return frozenset({state.active})

    def legal_actions(self, state: AnachronismState, seat: Seat) -> tuple[AnachronismAction, ...]:
        if seat not in self.actors(state):
            return ()
        fighter = state.fighters[seat]
        if state.phase == STACKS:
            return self.stack_actions(state, seat)
        if state.phase == FORCES and state.tournament is not None:
            return tuple(ChooseWarrior(warrior) for warrior in self.warriors_left(state, seat))
        if state.phase in (FORCES, SUPPORTS):
            if not fighter.warrior:
                taken = self._teammates_cards(state, seat)
                free = [warrior for warrior in self.pool.warriors if warrior.id not in taken]
                packs = tuple(ChooseForce(each.id, each.pack) for each in free if not set(each.pack) & taken)
                return (*packs, *(ChooseWarrior(warrior.id) for warrior in free))
            if len(fighter.supports) < SUPPORTS_PER_FORCE:
                return tuple(AddSupport(card) for card in self._support_choices(state, seat))
            return (*(LayDown(card) for card in fighter.supports[fighter.laid :]), KeepOrder())
        if state.phase == PLACING:
            if not fighter.warrior:  # a tournament game after one someone won: choose, then place
                return tuple(ChooseWarrior(warrior) for warrior in self.warriors_left(state, seat))
            return tuple(
                Place(column, row)
                for row in self._rows_of(state, seat)
                for column, space in enumerate(starting_row(seat if row < 0 else row))
                if not abilities.occupied(state, space)
            )
        if state.offers:
            offer = state.offers[0]
            if offer.kind == DISCARD:
                return tuple(Discard(card) for card in offer.options)
            if offer.kind == STEP:
                return (*abilities.ability_moves(self.pool, state, seat), Decline())
            if offer.kind == CHOOSE_ATTACK:
                return tuple(Attack(source, offer.target) for source in offer.options)
            if offer.kind == CHOOSE_TARGET:
                return tuple(Aim(int(each)) for each in offer.options)
            if offer.kind == CHOOSE_DIE:
                return tuple(RerollDie(position) for position in range(1, len(offer.options) + 1))
            return (*(UseAbility(each.card, each.index) for each in self._same_moment(state)), Decline())
        return self._turn_actions(state, seat)

    def apply(self, state: AnachronismState, seat: Seat, action: AnachronismAction) -> tuple[AnachronismState, list]:
        if state.result is not None:
            raise IllegalAction("The game is over")
        if seat not in self.actors(state):
            if state.phase == FORCES and force_complete(state.fighters[seat]):
                raise IllegalAction("Your force is chosen: you lay its supports down once the warriors are placed")
            raise IllegalAction("It is not your turn")
        events: list[Event] = []
        if state.phase == STACKS:
            state = self.build_stack(state, seat, action, events)
        elif state.phase == FORCES and state.tournament is not None:
            state = self.choose_warrior(state, seat, action)
            if all(fighter.warrior for fighter in state.fighters):
                state = self._setup_rolls(state, events)
        elif state.phase in (FORCES, SUPPORTS):
            state = self._forces(state, seat, action, events)
        elif state.phase == PLACING and not state.fighters[seat].warrior:
            state = self.choose_warrior(state, seat, action)
        elif state.phase == PLACING:
            if not isinstance(action, Place):
                raise IllegalAction("Place your warrior in your starting row first")
            state = self._place(state, seat, action, events)
        elif state.offers:
            state = self._answer(state, seat, action, events)
        else:
            state = self._act(state, seat, action, events)
        return self._continue(replace(state, steps=state.steps + 1), events), events

    def outcome(self, state: AnachronismState) -> Outcome | None:
        if state.result is None:
            return None
        # Everyone placed together (a draw, or a match with equal wins): nobody won.
        winners = () if len(state.placings) == 1 else state.placings[0]
        sides = tuple(sorted({abilities.teammates_of(state, seat) for seat in range(state.seat_count)}))
        return Outcome(winners, state.result, state.placings, sides=sides if state.teams else ())

    def view(self, state: AnachronismState, seat: Seat | None) -> AnachronismPublicView | AnachronismSeatView:
        actors = self.actors(state)
        # Forces, stacks and supports are chosen in private; a warrior chosen from a stack shows once placed.
        private = state.phase in (STACKS, FORCES, SUPPORTS) or len(actors) != 1
        offered = () if private else self.legal_actions(state, min(actors))
        offered = tuple(action for action in offered if not isinstance(action, ChooseWarrior))
        modifiers = tuple(
            (action.notation, self._modifier(state, min(actors), action))
            for action in offered
            if isinstance(action, Attack)
        )
        public = AnachronismPublicView(
            phase=state.phase,
            teams=state.teams,
            round=state.round,
            order=state.order,
            active=state.active,
            actions_left=self.actions_left(state),
            placing=self._placing(state) if state.phase == PLACING and state.result is None else None,
            fighters=tuple(self._fighter_view(state, each) for each in range(state.seat_count)),
            question=state.offers[0] if state.offers else None,
            pending_roll=self._pending_roll(state),
            offered=tuple(offered),
            attack_modifiers=modifiers,
            outcome=self.outcome(state),
            match=self._score(state),
        )
        if seat is None:
            return public
        fighter = state.fighters[seat]
        offer = state.offers[0] if state.offers and state.offers[0].seat == seat else None
        actions = self.legal_actions(state, seat)
        single = state.tournament is None
        from_pool = single or state.phase == STACKS
        if from_pool:
            # The choice of warriors and supports is the pool itself: listing it would name the other player's
            # cards. A tournament game's choices are the seat's own stack, which it may see.
            pool_choices = (ChooseForce, ChooseWarrior, AddSupport)
            actions = tuple(action for action in actions if not isinstance(action, pool_choices))
        choosing = single and state.phase == FORCES and not fighter.warrior
        building = (
            single and state.phase == FORCES and bool(fighter.warrior) and len(fighter.supports) < SUPPORTS_PER_FORCE
        )
        stack = None if single else state.tournament.stacks[seat]
        return AnachronismSeatView(
            public, seat, fighter.warrior, fighter.supports, offer, actions, choosing, building, stack,
            stacking=state.phase == STACKS and seat in self.actors(state),
            team_cards=tuple(sorted(self._teammates_cards(state, seat))),
        )  # fmt: skip

    def choice_context(self, state: AnachronismState, seat: Seat | None) -> Any:
        """While forces, supports or stacks are chosen, every seat chooses at once and in private: a seat's choice
        rests on its own force and what its teammates took, not on who else is ready."""
        view = self.view(state, seat)
        if seat is None or state.phase not in (STACKS, FORCES, SUPPORTS):
            return view
        return replace(view, public=replace(view.public, fighters=(), match=None))

    def _score(self, state: AnachronismState) -> MatchScore | None:
        tournament = state.tournament
        if tournament is None:
            return None
        finished = len(tournament.winners)
        return MatchScore(
            games=tournament.games,
            game=finished if state.result is not None else finished + 1,
            wins=tuple(tournament.wins(seat) for seat in range(state.seat_count)),
            draws=sum(winner is None for winner in tournament.winners),
            discards=tuple(stack.used for stack in tournament.stacks),
            stacks_ready=tuple(self.stack_complete(state, seat) for seat in range(state.seat_count)),
            lead=tournament.lead,
        )

    def hidden_from(self, state: AnachronismState, seat: Seat | None) -> frozenset[str]:
        """Another player's face-down supports, their warrior until it is placed, and the cards of their tournament
        stack that no game has used. Teammates see each other's forces: they choose them together, never the same
        card twice."""
        team = () if seat is None else abilities.teammates_of(state, seat)
        hidden = set()
        for other, fighter in enumerate(state.fighters):
            if other in team:
                continue
            hidden.update(fighter.supports[fighter.revealed :])
            if fighter.space is None and not fighter.fallen and fighter.warrior:
                hidden.add(fighter.warrior)
            if state.tournament is not None:
                stack = state.tournament.stacks[other]
                hidden.update(card for card in (*stack.warriors, *stack.supports) if card not in stack.used)
        if state.tournament is not None:
            for stack in state.tournament.stacks:
                hidden.difference_update(stack.used)  # the discard piles are open to both players
            if seat is not None:
                own = state.tournament.stacks[seat]
                hidden.difference_update((*own.warriors, *own.supports))
        # Both players may bring the same card: one that is public on the other side, or in the seat's own force,
        # names nothing secret.
        for fighter in state.fighters:
            hidden.difference_update((*fighter.face_up, *fighter.discarded, *fighter.turned_down))
            if fighter.space is not None or fighter.fallen:
                hidden.discard(fighter.warrior)
        for each in team:
            hidden.difference_update((state.fighters[each].warrior, *state.fighters[each].supports))
        return frozenset(hidden)

    def explain_action(self, state: AnachronismState, seat: Seat, action: AnachronismAction) -> str:
        return hints.explain(self, state, seat, action)

    def decision(self, state: AnachronismState, seat: Seat) -> Decision | None:
        return hints.decision(state, seat, self.actors(state))

    def parse_action(self, text: str) -> AnachronismAction:
        words = text.strip().split()
        simple = {"pass": Pass(), "end": EndTurn(), "decline": Decline(), "ready": KeepOrder(), "clear": ClearStack()}
        try:
            if len(words) == 1 and words[0] in simple:
                return simple[words[0]]
            verb, rest = words[0], words[1:]
            if verb == "force" and len(rest) == 1 + SUPPORTS_PER_FORCE:
                return ChooseForce(rest[0], tuple(rest[1:]))
            if verb == "warrior" and len(rest) == 1:
                return ChooseWarrior(rest[0])
            if verb == "add" and len(rest) == 1:
                return AddSupport(rest[0])
            if verb == "lay" and len(rest) == 1:
                return LayDown(rest[0])
            if verb == "place" and len(rest) in (1, 2):
                return Place(int(rest[0]) - 1, int(rest[1]) if len(rest) == 2 else -1)
            if verb == "aim" and len(rest) == 1:
                return Aim(int(rest[0]))
            if verb == "move" and len(rest) == 2 and set(rest) <= set(FACINGS):
                return Move(rest[0], rest[1])
            if verb == "face" and len(rest) == 1 and rest[0] in FACINGS:
                return Rotate(rest[0])
            if verb == "attack" and len(rest) == 2:
                return Attack(rest[0], int(rest[1]))
            if verb == "use" and len(rest) == 2:
                return UseAbility(rest[0], int(rest[1]))
            if verb == "reroll" and len(rest) == 1:
                return RerollDie(int(rest[0]))
            if verb == "discard" and len(rest) == 1:
                return Discard(rest[0])
        except (IndexError, ValueError):
            pass
        raise ParseError(f"{text!r} is not an Anachronism action")

    # -- numbers ---------------------------------------------------------------------------------------------

    def actions_left(self, state: AnachronismState) -> int:
        """The actions left in the turn in play: the turn ends once the actions completed equal or exceed the
        warrior's Speed as it is now, so a change of Speed during the turn counts (the turn sequence)."""
        seat = state.active
        if seat is None or state.stage != "turn" or state.result is not None or state.fighters[seat].fallen:
            return 0
        return max(0, self.speed(state, seat) - state.actions_done)

    def speed(self, state: AnachronismState, seat: Seat) -> int:
        return self.pool.warrior(state.fighters[seat].warrior).speed + number(self.pool, state, seat, "speed")

    def experience(self, state: AnachronismState, seat: Seat) -> int:
        fighter = state.fighters[seat]
        base = self.pool.warrior(fighter.warrior).experience + fighter.experience_change
        return base + number(self.pool, state, seat, "experience")

    def grid_of(self, state: AnachronismState, seat: Seat, source: str) -> dict[tuple[int, int], int]:
        """The spaces `seat` can attack with `source` ("basic" or a weapon), with their modifiers."""
        fighter = state.fighters[seat]
        cells = self.pool.warrior(fighter.warrior).grid if source == "basic" else self.pool.support(source).grid
        return grid_spaces(fighter.space, fighter.facing, cells)

    def _modifier(self, state: AnachronismState, seat: Seat, attack: Attack) -> int:
        """The roll modifier an attack would have: its grid cell's and the cards' (see `_resolve_attack`)."""
        cell = self.grid_of(state, seat, attack.source)[state.fighters[attack.target].space]
        # The attack as it would be made, so that bonuses for weapon or basic attacks count; it has no dice yet,
        # so none for doubles.
        pending = AttackRoll(seat, attack.target, attack.source, cell, False, (0, 0), (0, 0), set_rolls=(seat,))
        return cell + number(self.pool, state, seat, "attack_roll", pending)

    def weapons(self, state: AnachronismState, seat: Seat) -> tuple[str, ...]:
        return tuple(card for card in state.fighters[seat].face_up if self.pool.support(card).type == "weapon")

    # -- rounds ----------------------------------------------------------------------------------------------

    def _begin_round(self, state: AnachronismState, events: list) -> AnachronismState:
        """Reveal the leftmost face-down supports and settle the turn order by Initiative (null for a player who
        turned no card up: in the fifth round, both)."""
        round_number = state.round + 1
        state = abilities.ended(state, lambda each: each.until == "round", events)
        fighters = tuple(replace(fighter, uses=()) for fighter in state.fighters)
        state = replace(state, round=round_number, fighters=fighters, handled=(), turn_index=0)
        events.append(Event(AnachronismEvent.ROUND_STARTED, None, {"round": round_number}))
        initiative: dict[Seat, int | None] = {}
        for seat, fighter in enumerate(state.fighters):
            if fighter.fallen:
                continue
            card = ""
            # The leftmost face-down card, whatever turned it down: by the fifth round, none is left unless an
            # ability turned one down again.
            if fighter.face_down:
                card = fighter.face_down[0]
                fighter = fighter.turning_up(card)
                events.append(Event(AnachronismEvent.REVEALED, seat, {"card": card}))
            state = with_fighter(state, seat, replace(fighter, turned_up=card))
        for seat in abilities.standing(state):
            fighter = state.fighters[seat]
            # Only a card turned up this round has an Initiative: with none (the fifth round, or every card
            # already turned by an ability) it is null.
            if fighter.turned_up:
                bonus = number(self.pool, state, seat, "initiative")
                initiative[seat] = self.pool.support(fighter.turned_up).initiative + bonus
            else:
                initiative[seat] = None
        state, order = self._order(state, initiative, events)
        return replace(state, order=order, stage="restrictions")

    def _continue(self, state: AnachronismState, events: list) -> AnachronismState:
        """Run the game on until a player must act or choose (or it is over)."""
        while state.phase == PLAYING and state.result is None and not state.offers:
            # An illegal combination of cards is put right as soon as it arises, whatever made it (a card turned
            # up or down, or one paid away): the card restrictions.
            state = self._restrictions(state, events)
            if state.offers:
                break
            state = self._check_defeat(state, events)  # a Life change given for a while may have ended
            if self._over(state):
                break
            if state.attack is not None:
                state = self._resolve_attack(state, events)
            elif state.queued:
                state = self._roll_attack(replace(state, queued=state.queued[1:]), state.queued[0], events)
            elif state.stage == "restrictions":
                state = replace(state, stage="reveal")  # the restrictions held, after Initiative: Reveal abilities
            elif state.stage in TIMED:
                state = self._next_timed_ability(state, events)
            elif state.stage == "turn_over":
                state = self._next_turn(state, events)
            elif state.stage == "round_over":
                state = self._round_over(state, events)
            elif state.stage == "turn_start":
                state = self._start_turn(state, events)
            elif self.actions_left(state) > 0:
                return state
            else:
                state = self._end_turn(state, events)
        return state

    def _start_turn(self, state: AnachronismState, events: list) -> AnachronismState:
        seat = state.active
        if state.fighters[seat].fallen:
            return replace(state, stage="turn")  # out of the arena: no turn (no actions left)
        state = abilities.ended(state, lambda each: each.seat == seat and each.until == "until_your_next_turn", events)
        # "Once each turn" starts afresh for both players: a use outside any turn (during a Reveal ability's
        # attack, say) was its own situation and does not count against this turn (usage restrictions).
        fighters = tuple(abilities.without_turn_uses(fighter) for fighter in state.fighters)
        state = replace(state, stage="turn", fighters=fighters)
        state = with_fighter(state, seat, replace(state.fighters[seat], weapon_attacks=()))
        state = replace(state, actions_done=0)
        events.append(Event(AnachronismEvent.TURN_STARTED, seat, {"actions": self.actions_left(state)}))
        return state

    def _end_turn(self, state: AnachronismState, events: list) -> AnachronismState:
        """The turn ends: first its warrior's end-of-turn abilities (the stage `turn_end`)."""
        return replace(state, stage="turn_end")

    def _next_turn(self, state: AnachronismState, events: list) -> AnachronismState:
        """What lasted "this turn" ends; the next player's turn, or after the last the end of the round."""
        state = abilities.ended(state, lambda each: each.until == "turn", events)
        index = state.turn_index + 1
        if index < len(state.order):
            return replace(state, turn_index=index, stage="turn_start", actions_done=0)
        return replace(state, turn_index=index, stage="round_end", actions_done=0)

    def _round_over(self, state: AnachronismState, events: list) -> AnachronismState:
        if state.round >= ROUNDS:
            return self._finish_after_five(state, events)
        return self._begin_round(state, events)

    # -- answers to offers --------------------------------------------------------------------------------------

    def _answer(self, state: AnachronismState, seat: Seat, action: AnachronismAction, events: list) -> AnachronismState:
        offer, rest = state.offers[0], state.offers[1:]
        if offer.kind == DISCARD:
            if not isinstance(action, Discard) or action.card not in offer.options:
                raise IllegalAction("Choose one of the offending cards to discard")
            state = self._discard(replace(state, offers=rest), seat, action.card, events)
            return self._restrictions(state, events)
        if offer.kind == STEP:
            return self._step(state, seat, action, events)
        if offer.kind == CHOOSE_ATTACK:
            if not isinstance(action, Attack) or action.source not in offer.options or action.target != offer.target:
                raise IllegalAction("Choose what to make this attack with")
            return self._queue_created(replace(state, offers=rest), seat, offer.target, action.source, offer.at_plus)
        if offer.kind == CHOOSE_DIE:
            if not isinstance(action, RerollDie) or not 1 <= action.die <= len(offer.options):
                raise IllegalAction("Choose which die to roll again")
            return self._reroll(replace(state, offers=rest), offer.target, events, own=False, die=action.die - 1)
        if offer.kind == CHOOSE_TARGET:
            if not isinstance(action, Aim) or str(action.seat) not in offer.options:
                raise IllegalAction("Choose which opposing warrior the ability is aimed at")
            ability = self._ability(offer.card, offer.index)
            return self._use(
                replace(state, offers=rest), seat, offer.card, offer.index, ability, events, aim=action.seat
            )
        group = self._same_moment(state)
        rest = state.offers[len(group) :]
        if isinstance(action, Decline):
            # The simultaneous-abilities rule: a player who passes on a hit or a miss while the other player may
            # still answer it is asked again if the other uses an ability of theirs.
            passing = tuple(each for each in group if self._ability(each.card, each.index).trigger in HIT_OR_MISS)
            others_to_answer = any(
                each.kind == USE and each.seat != seat and self._ability(each.card, each.index).trigger in HIT_OR_MISS
                for each in rest
            )
            return replace(state, offers=rest, passed=passing if passing and others_to_answer else state.passed)
        chosen = next((each for each in group if isinstance(action, UseAbility) and
                       (each.card, each.index) == (action.card, action.index)), None)  # fmt: skip
        if chosen is None:
            raise IllegalAction("Answer the question first: use an ability it offers, or decline")
        others = tuple(each for each in group if each != chosen)
        ability = self._ability(chosen.card, chosen.index)
        state = replace(state, offers=(*others, *rest))
        after_rolls = state.attack is not None and ability.trigger == "after_rolls"
        if after_rolls:
            state = replace(state, attack=replace(state.attack, reacted=(*state.attack.reacted, seat)))
        state = self._use(state, seat, chosen.card, chosen.index, ability, events, aim=chosen.target)
        # What this one did may leave the others at the same moment spent, or with nothing to do.
        state = replace(
            state, offers=tuple(each for each in state.offers if each not in others or self._still_worth(state, each))
        )
        # The simultaneous-abilities rule: an active player who passed may, having seen the other player's use,
        # use theirs after all.
        active = self._roll_owner(state) if state.attack is not None else None
        if after_rolls and seat != active and active is not None and active not in state.attack.reacted:
            state = replace(state, offers=(*self._after_roll_offers(state, active), *state.offers))
        if ability.trigger in HIT_OR_MISS and state.passed and all(each.seat != seat for each in state.passed):
            again = tuple(each for each in state.passed if self._still_worth(state, each))
            # Asked once this ability is done: after any move or choice it gave its owner.
            done = next(
                (place for place, each in enumerate(state.offers) if each.seat != seat or each.kind == USE),
                len(state.offers),
            )
            state = replace(state, offers=(*state.offers[:done], *again, *state.offers[done:]), passed=())
        return state

    def _same_moment(self, state: AnachronismState) -> tuple[Offer, ...]:
        """The offers to use an ability at the front of the queue that one seat was given at the same moment (the
        game makes such offers one after another): the player uses them in the order they choose, or declines
        the rest."""
        group = []
        for offer in state.offers:
            if offer.kind != USE or offer.seat != state.offers[0].seat:
                break
            group.append(offer)
        return tuple(group)

    def _still_worth(self, state: AnachronismState, offer: Offer) -> bool:
        ability = self._ability(offer.card, offer.index)
        return not abilities.spent(state, offer.seat, offer.card, offer.index, ability) and self._does_something(
            state, offer.seat, offer.card, offer.index, ability, aim=offer.target
        )

    def _step(self, state: AnachronismState, seat: Seat, action: AnachronismAction, events: list) -> AnachronismState:
        """One space of an ability's move, where the player chooses, then a free turn; or a turn in place instead,
        which ends the move; or stop here (decline)."""
        offer, rest = state.offers[0], state.offers[1:]
        if isinstance(action, Decline):
            return self._after_step(replace(state, offers=rest), offer, events)
        if action not in abilities.ability_moves(self.pool, state, seat):
            raise IllegalAction("Move your warrior one space it can go to, turn it, or stop here")
        if isinstance(action, Rotate):
            events.append(Event(AnachronismEvent.ROTATED, seat, {"facing": action.facing}))
            state = with_fighter(replace(state, offers=rest), seat, replace(state.fighters[seat], facing=action.facing))
            return self._after_step(state, offer, events)
        state = self._moved(replace(state, offers=rest), seat, action, events)
        if offer.steps > 1 and abilities.one_space_moves(self.pool, state, seat):
            return replace(state, offers=(replace(offer, steps=offer.steps - 1), *rest))
        return self._after_step(state, offer, events)

    def _ability(self, card: str, index: int) -> Ability:
        source = self.pool.warrior(card) if card.startswith("wr-") else self.pool.support(card)
        return source.abilities[index]

    # -- the turn's actions -------------------------------------------------------------------------------------

    def _turn_actions(self, state: AnachronismState, seat: Seat) -> tuple[AnachronismAction, ...]:
        pool, fighter = self.pool, state.fighters[seat]
        actions: list[AnachronismAction] = list(abilities.one_space_moves(pool, state, seat))
        if not abilities.prohibited(pool, state, seat, "rotate"):
            actions.extend(Rotate(facing) for facing in FACINGS if facing != fighter.facing)
        actions.extend(self._attacks(state, seat))
        for card, index, ability in in_play(pool, fighter):
            # An Action ability that would do nothing (a dash with nowhere to go) is not offered.
            if (
                ability.trigger == "action"
                and abilities.usable(pool, state, seat, card, index, ability)
                and self._does_something(state, seat, card, index, ability)
            ):
                actions.append(UseAbility(card, index))
        return (*actions, Pass(), EndTurn())

    def _attacks(self, state: AnachronismState, seat: Seat) -> list[Attack]:
        """Attacks on each opposing warrior in a grid (teammates are not attacked)."""
        attacks = []
        armed = not abilities.prohibited(self.pool, state, seat, "weapon_attack")
        for target in abilities.opposing(state, seat):
            where = state.fighters[target].space
            if where in self.grid_of(state, seat, "basic") and "basic" in self.usable_sources(state, seat, "basic"):
                attacks.append(Attack("basic", target))
            for weapon in self.weapons(state, seat) if armed else ():
                if weapon not in state.fighters[seat].weapon_attacks and where in self.grid_of(state, seat, weapon):
                    attacks.append(Attack(weapon, target))
        return attacks

    def _act(self, state: AnachronismState, seat: Seat, action: AnachronismAction, events: list) -> AnachronismState:
        if action not in self._turn_actions(state, seat):
            raise IllegalAction(self._why_not(state, seat, action))
        if isinstance(action, EndTurn):
            return self._end_turn(state, events)
        state = replace(state, actions_done=state.actions_done + 1)
        fighter = state.fighters[seat]
        if isinstance(action, Move):
            return self._after_move(self._moved(state, seat, action, events), seat, events)
        if isinstance(action, Rotate):
            events.append(Event(AnachronismEvent.ROTATED, seat, {"facing": action.facing}))
            return with_fighter(state, seat, replace(fighter, facing=action.facing))
        if isinstance(action, Attack):
            modifier = self.grid_of(state, seat, action.source)[state.fighters[action.target].space]
            if action.source != "basic":
                state = with_fighter(
                    state, seat, replace(fighter, weapon_attacks=(*fighter.weapon_attacks, action.source))
                )
            pending = AttackRoll(seat, action.target, action.source, modifier, False, (0, 0), (0, 0))
            return self._roll_attack(state, pending, events)
        if isinstance(action, UseAbility):
            return self._use(state, seat, action.card, action.index, self._ability(action.card, action.index), events)
        events.append(Event(AnachronismEvent.PASSED, seat, {}))
        return state

    def _moved(self, state: AnachronismState, seat: Seat, move: Move, events: list) -> AnachronismState:
        fighter = state.fighters[seat]
        there = step(fighter.space, move.direction)
        events.append(Event(AnachronismEvent.MOVED, seat, {"to": list(there), "facing": move.facing}))
        return with_fighter(state, seat, replace(fighter, space=there, facing=move.facing))

    def _why_not(self, state: AnachronismState, seat: Seat, action: AnachronismAction) -> str:
        if isinstance(action, Move):
            if abilities.prohibited(self.pool, state, seat, "move"):
                return "A card forbids your warrior to move"
            if action.facing != state.fighters[seat].facing and abilities.prohibited(self.pool, state, seat, "rotate"):
                return "A card forbids your warrior to turn: move keeping its facing"
            return "Your warrior cannot move there: off the arena, or into another warrior"
        if isinstance(action, Rotate):
            if abilities.prohibited(self.pool, state, seat, "rotate"):
                return "A card forbids your warrior to turn"
            return "Your warrior cannot turn that way now"
        if isinstance(action, Attack):
            if action.source != "basic" and action.source in state.fighters[seat].weapon_attacks:
                return "That weapon has already attacked this turn"
            if action.source != "basic" and abilities.prohibited(self.pool, state, seat, "weapon_attack"):
                return "A card forbids your warrior to attack with a weapon"
            if action.source == "basic" and abilities.prohibited(self.pool, state, seat, "basic_attack"):
                return "A card forbids your warrior's basic attack"
            if state.seat_count == 2:
                return "The other warrior is not in that attack grid"
            target = action.target
            if (
                0 <= target < state.seat_count
                and target != seat
                and abilities.team_of(state, target) == abilities.team_of(state, seat)
            ):
                return "Teammates do not attack each other"
            return "That warrior is not an opposing warrior in that attack grid"
        if isinstance(action, UseAbility):
            return "That ability cannot be used now"
        return "That is not something you can do on your turn"

    # -- views ----------------------------------------------------------------------------------------

    def _chosen(self, state: AnachronismState, fighter: Fighter) -> bool:
        """Whether the player has made the choice the phase asks for: a force (in a tournament game, a warrior),
        or the supports laid down."""
        if state.phase == FORCES:
            return bool(fighter.warrior) if state.tournament else force_complete(fighter)
        return fighter.ready

    def _fighter_view(self, state: AnachronismState, seat: Seat) -> FighterView:
        fighter = state.fighters[seat]
        placed = fighter.space is not None or fighter.fallen  # a fallen warrior was seen in the arena
        return FighterView(
            seat=seat,
            warrior=fighter.warrior if placed else "",
            space=fighter.space,
            facing=fighter.facing,
            life=fighter.life if placed else 0,
            speed=self.speed(state, seat) if placed else 0,
            experience=self.experience(state, seat) if placed else 0,
            face_up=fighter.face_up,
            face_down=len(fighter.face_down),
            discarded=fighter.discarded,
            team=abilities.team_of(state, seat),
            fallen=fighter.fallen,
            chosen=self._chosen(state, fighter),
            prohibited=abilities.prohibitions(self.pool, state, seat) if fighter.space is not None else (),
        )
