"""Tournament matches of Anachronism (the rulebook's tournament rules): a best of 3 or 5 games, each player with a
tournament stack built in private first (as many warriors as games, with different names, and four supports for
each, no card twice). Each game then uses one warrior and four supports of the stack that no earlier game used;
a game's cards, face-down ones too, go to its player's discard pile, which both players may look at.

The first game, and a game after a draw, start as a single game does, but for the supports: each player chooses
a warrior in private, both roll to place, and once both warriors are placed each chooses four supports and lays
them down. After a game someone won, its winner chooses (in the open) and places a warrior first, then the loser,
having seen it. The match ends when a player has won more than half its games, or when a player has no warrior
left to fight with (then more wins take it, else it is a draw).

`TournamentPlay` is a part of `AnachronismRules` (rules.py), which calls it for these steps.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Event, IllegalAction, Seat
from bot.engine.codec import encode
from bot.games.anachronism.actions import AddSupport, AnachronismAction, ChooseForce, ChooseWarrior, ClearStack
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.events import AnachronismEnd, AnachronismEvent
from bot.games.anachronism.state import (
    FORCES,
    GAME_START,
    PLACING,
    SUPPORTS_PER_FORCE,
    AnachronismState,
    Fighter,
    Stack,
    Tournament,
)


class TournamentPlay:
    """Tournament stacks and the games of a match, for `AnachronismRules`."""

    pool: CardPool

    # -- building the stacks ------------------------------------------------------------------------------------

    def stack_complete(self, state: AnachronismState, seat: Seat) -> bool:
        games, stack = state.tournament.games, state.tournament.stacks[seat]
        return len(stack.warriors) == games and len(stack.supports) == games * SUPPORTS_PER_FORCE

    def stack_actions(self, state: AnachronismState, seat: Seat) -> tuple[AnachronismAction, ...]:
        """Add a warrior with its ready-made pack, a warrior alone, or a support; or start the stack over."""
        games, stack = state.tournament.games, state.tournament.stacks[seat]
        warriors_left = games - len(stack.warriors)
        supports_left = games * SUPPORTS_PER_FORCE - len(stack.supports)
        actions: list[AnachronismAction] = []
        if warriors_left:
            fresh = [warrior for warrior in self.pool.warriors if warrior.id not in stack.warriors]
            if supports_left >= SUPPORTS_PER_FORCE:
                actions.extend(
                    ChooseForce(warrior.id, warrior.pack)
                    for warrior in fresh
                    if not set(warrior.pack) & set(stack.supports)
                )
            actions.extend(ChooseWarrior(warrior.id) for warrior in fresh)
        if supports_left:
            actions.extend(AddSupport(card.id) for card in self.pool.supports if card.id not in stack.supports)
        if stack.warriors or stack.supports:
            actions.append(ClearStack())
        return tuple(actions)

    def build_stack(
        self, state: AnachronismState, seat: Seat, action: AnachronismAction, events: list
    ) -> AnachronismState:
        if action not in self.stack_actions(state, seat):
            raise IllegalAction(
                f"Build your stack: {state.tournament.games} warriors with different names and four different "
                "supports for each, no card twice"
            )
        stack = state.tournament.stacks[seat]
        if isinstance(action, ClearStack):
            stack = Stack()
        elif isinstance(action, ChooseForce):
            supports = (*stack.supports, *action.supports)
            stack = replace(stack, warriors=(*stack.warriors, action.warrior), supports=supports)
        elif isinstance(action, ChooseWarrior):
            stack = replace(stack, warriors=(*stack.warriors, action.warrior))
        else:
            stack = replace(stack, supports=(*stack.supports, action.card))
        state = self._with_stack(state, seat, stack)
        if self.stack_complete(state, seat):
            events.append(Event(AnachronismEvent.STACK_READY, seat, {}))
            if all(self.stack_complete(state, each) for each in range(state.seat_count)):
                return replace(state, phase=FORCES)
        return state

    def _with_stack(self, state: AnachronismState, seat: Seat, stack: Stack) -> AnachronismState:
        stacks = state.tournament.stacks
        tournament = replace(state.tournament, stacks=(*stacks[:seat], stack, *stacks[seat + 1 :]))
        return replace(state, tournament=tournament)

    # -- a game's warriors and supports ---------------------------------------------------------------------------

    def warriors_left(self, state: AnachronismState, seat: Seat) -> tuple[str, ...]:
        stack = state.tournament.stacks[seat]
        return tuple(warrior for warrior in stack.warriors if warrior not in stack.used)

    def supports_left(self, state: AnachronismState, seat: Seat) -> tuple[str, ...]:
        """The seat's stack supports no earlier game used and this game's force does not hold yet."""
        stack, fighter = state.tournament.stacks[seat], state.fighters[seat]
        return tuple(card for card in stack.supports if card not in stack.used and card not in fighter.supports)

    def choose_warrior(self, state: AnachronismState, seat: Seat, action: AnachronismAction) -> AnachronismState:
        if not isinstance(action, ChooseWarrior) or action.warrior not in self.warriors_left(state, seat):
            raise IllegalAction("Choose a warrior of your stack that has not fought in this match")
        warrior = self.pool.warrior(action.warrior)
        fighter = replace(state.fighters[seat], warrior=warrior.id, life=warrior.life)
        return replace(state, fighters=(*state.fighters[:seat], fighter, *state.fighters[seat + 1 :]))

    # -- the end of a game -------------------------------------------------------------------------------------

    def game_ended(
        self, state: AnachronismState, result: AnachronismEnd, placings: tuple, events: list
    ) -> AnachronismState:
        """Score the game, discard its cards, then start the next game or end the match."""
        tournament = state.tournament
        winner = None if result is AnachronismEnd.DRAW else placings[0][0]
        stacks = tuple(
            replace(stack, used=(*stack.used, fighter.warrior, *fighter.supports))
            for stack, fighter in zip(tournament.stacks, state.fighters, strict=True)
        )
        tournament = replace(tournament, stacks=stacks, winners=(*tournament.winners, winner))
        state = replace(state, tournament=tournament)
        game = len(tournament.winners)
        wins = [tournament.wins(seat) for seat in range(state.seat_count)]
        data = {"game": game, "reason": str(result), "wins": wins}
        events.append(Event(AnachronismEvent.GAME_ENDED, winner, data))
        majority = max(wins) > tournament.games // 2
        if majority or not all(self.warriors_left(state, seat) for seat in range(state.seat_count)):
            return self._match_over(state, wins, events)
        return self._next_game(state)

    def _match_over(self, state: AnachronismState, wins: list[int], events: list) -> AnachronismState:
        ranked = sorted(set(wins), reverse=True)
        placings = tuple(tuple(seat for seat, count in enumerate(wins) if count == each) for each in ranked)
        state = replace(state, result=AnachronismEnd.MATCH, placings=placings)
        events.append(Event(AnachronismEvent.GAME_OVER, None, encode(self.outcome(state))))
        return state

    def _next_game(self, state: AnachronismState) -> AnachronismState:
        """A fresh arena: warriors chosen in private after a draw (or in the first game), else the last winner
        chooses and places first (`placing_order`)."""
        return replace(
            state,
            phase=FORCES if state.tournament.lead is None else PLACING,
            fighters=tuple(Fighter() for _ in state.fighters),
            **GAME_START,
        )

    def placing_order(self, state: AnachronismState) -> tuple[Seat, ...]:
        """Who places first: the last game's winner, in a tournament game after one; else the lower set-up roll."""
        lead = state.tournament.lead if state.tournament is not None else None
        seats = range(state.seat_count)
        if lead is not None:
            return (lead, *(seat for seat in seats if seat != lead))
        return tuple(sorted(seats, key=lambda seat: state.fighters[seat].setup_roll))


def new_tournament(games: int, seat_count: int) -> Tournament:
    return Tournament(games=games, stacks=tuple(Stack() for _ in range(seat_count)))
