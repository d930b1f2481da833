"""The rules of Anokera: `AnokeraRules`, the game's declaration, the engine's interface, and the turns: the deal
(ruling K1), playing cards (K2) with combos (K3) and clearings (K4), refilling the row, the deck running out (K5),
and the end with the roles' scores and their ties (K6).

Combos and clearings on one column are in `columns`; the role sheet and its scoring are in `content`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
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
    Timer,
)
from bot.engine.codec import encode
from bot.engine.evolve import evolve
from bot.engine.levels import COMPUTER_LEVEL, ComputerLevels, choose_action
from bot.games.anokera import hints
from bot.games.anokera.actions import AnokeraAction, EndTurn, PlayCard
from bot.games.anokera.cards import DEATHS, Card, full_deck, is_marked, read_card
from bot.games.anokera.columns import COLUMNS, Clearing, clear, combo
from bot.games.anokera.computers import COMPUTER_DELAY
from bot.games.anokera.content import RoleSheet
from bot.games.anokera.events import AnokeraEnd, AnokeraEvent
from bot.games.anokera.history import card_numbers, packed
from bot.games.anokera.levels import computer_levels
from bot.games.anokera.state import CITIZENS_PER_PLAYER, ROW_SIZE, AnokeraOptions, AnokeraState
from bot.games.anokera.views import AnokeraPublicView, AnokeraSeatView, Reveal

MAX_PLAYERS = 5


class AnokeraRules(GameRules[AnokeraState, AnokeraAction]):
    """The rules of Anokera, with rulings K1-K6, over a role sheet."""

    key = "anokera"
    title = "Anokera"
    min_players = 3
    max_players = MAX_PLAYERS
    practice_opponents = 3
    gives_hints = True
    state_type = AnokeraState
    event_kinds = AnokeraEvent
    end_reasons = AnokeraEnd
    fixed_fields = ("options", "computer_seats", "roles", "unused_roles")
    options = (
        Option(
            COMPUTER_PLAYERS_OPTION,
            "Computer players",
            tuple(range(MAX_PLAYERS)),
            "How many of the seats are computer players; they sit after the humans.",
        ),
        COMPUTER_LEVEL,
    )

    def __init__(self, sheet: RoleSheet) -> None:
        self.sheet = sheet
        self._levels = computer_levels(self)

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> AnokeraState:
        """Seven citizens a player, the shuffled deck face up with five cards in the row, three empty columns,
        a secret role each from the nine, and a random first player (ruling K1)."""
        seat_count = seating.seat_count
        if not self.min_players <= seat_count <= self.max_players:
            raise ValueError(f"Anokera is for {self.min_players}-{self.max_players} players, not {seat_count}")
        chosen = AnokeraOptions(**self.resolve_options(options))
        rng = SeededRandom(seed)
        roles = rng.shuffled([role.id for role in self.sheet.roles])
        deck = rng.shuffled(full_deck())
        return AnokeraState(
            options=chosen,
            computer_seats=tuple(sorted(seating.computers)),
            roles=tuple(roles[:seat_count]),
            unused_roles=tuple(roles[seat_count:]),
            citizens=CITIZENS_PER_PLAYER * seat_count,
            deaths=(0, 0, 0),
            row=tuple(deck[:ROW_SIZE]),
            deck=tuple(deck[ROW_SIZE:]),
            removed=(),
            reshuffled=False,
            columns=((), (), ()),
            turn=rng.below(seat_count),
            turns=0,
            first_card=None,
            last_clearer=None,
            result=None,
            placings=(),
            scores=(),
            rng_state=rng.state,
            arrivals=card_numbers(deck[:ROW_SIZE]),
        )

    def actors(self, state: AnokeraState) -> frozenset[Seat]:
        """The seat whose turn it is; nobody once the match is over."""
        return frozenset() if state.result is not None else frozenset({state.turn})

    def legal_actions(self, state: AnokeraState, seat: Seat) -> tuple[AnokeraAction, ...]:
        """Each row card on each column; at the first card, each unmarked one also announcing a second (when
        another unmarked card is in the row); after it, the unmarked cards and ending the turn."""
        if state.result is not None or seat != state.turn:
            return ()
        unmarked = [card for card in state.row if not is_marked(card)]
        if state.first_card is not None:
            return (*(PlayCard(card, column) for card in unmarked for column in range(COLUMNS)), EndTurn())
        actions: list[AnokeraAction] = []
        for card in state.row:
            for column in range(COLUMNS):
                actions.append(PlayCard(card, column))
                if not is_marked(card) and len(unmarked) > 1:
                    actions.append(PlayCard(card, column, then_another=True))
        return tuple(actions)

    def apply(self, state: AnokeraState, seat: Seat, action: AnokeraAction) -> tuple[AnokeraState, list[Event]]:
        """Return the state after `seat` takes `action` and the events it caused; refuse illegal moves."""
        if state.result is not None:
            raise IllegalAction("The game is over")
        if seat != state.turn:
            raise IllegalAction("It is not your turn")
        if isinstance(action, EndTurn):
            if state.first_card is None:
                raise IllegalAction("Play a card first: a turn is one marked card or one or two unmarked cards")
            return self._end_turn(evolve(state, moves=(*state.moves, packed(seat, action))), [])
        if isinstance(action, PlayCard):
            return self._play(state, seat, action)
        raise IllegalAction("That is not an Anokera move")

    def outcome(self, state: AnokeraState) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        if state.result is None:
            return None
        return Outcome(
            winners=state.placings[0],
            reason=state.result,
            placings=state.placings,
            scores=dict(enumerate(state.scores)),
        )

    def view(self, state: AnokeraState, seat: Seat | None) -> AnokeraPublicView | AnokeraSeatView:
        """The public city for None; for a seat, the city with its own role and moves."""
        over = state.result is not None
        public = AnokeraPublicView(
            citizens=state.citizens,
            deaths=state.deaths,
            row=state.row,
            next_card=state.deck[0] if state.deck else None,
            deck_size=len(state.deck),
            reshuffled=state.reshuffled,
            columns=state.columns,
            to_act=None if over else state.turn,
            first_card=state.first_card,
            unused_roles=len(state.unused_roles),
            reveals=self._reveals(state) if over else (),
            outcome=self.outcome(state),
            arrivals=state.arrivals,
            moves=state.moves,
        )
        if seat is None:
            return public
        return AnokeraSeatView(public, seat, state.roles[seat], tuple(self.legal_actions(state, seat)))

    def hidden_from(self, state: AnokeraState, seat: Seat | None) -> frozenset[str]:
        """The role cards nobody was dealt, always; and until the end, every role but the seat's own."""
        hidden = set(state.unused_roles)
        if state.result is None:
            hidden.update(role for holder, role in enumerate(state.roles) if holder != seat)
        return frozenset(hidden)

    def parse_action(self, text: str) -> AnokeraAction:
        """Read "play F03 2", "play F03 2 more" or "end"."""
        words = text.strip().split()
        if words == ["end"]:
            return EndTurn()
        if len(words) in (3, 4) and words[0] == "play" and words[2] in ("1", "2", "3") and words[3:] in ([], ["more"]):
            return PlayCard(read_card(words[1]), int(words[2]) - 1, then_another=len(words) == 4)
        raise ParseError(f"{text!r} is not an Anokera move: try 'play F03 2', 'play F03 2 more' or 'end'")

    def timers(self, state: AnokeraState) -> Sequence[Timer]:
        """A computer player's next card; it decides when its timer falls due."""
        if state.result is not None or state.turn not in state.computer_seats:
            return ()
        step = "second" if state.first_card is not None else "first"
        action = partial(self._computer_action, state)
        return (Timer(f"computer-{state.turns}-{step}", COMPUTER_DELAY, action, state.turn),)

    def score_of(self, state: AnokeraState, seat: Seat, deaths: Sequence[int] | None = None) -> int:
        """The seat's score from its role and the deaths so far (or the `deaths` given)."""
        tally = dict(zip(DEATHS, state.deaths if deaths is None else deaths, strict=True))
        return self.sheet.score(state.roles[seat], tally, state.seat_count)

    def explain_action(self, state: AnokeraState, seat: Seat, action: AnokeraAction) -> str:
        return hints.explain(self.sheet, state, seat, action)

    def decision(self, state: AnokeraState, seat: Seat) -> Decision | None:
        return hints.decision(state) if seat in self.actors(state) else None

    # The turns.

    def computer_levels(self) -> ComputerLevels[AnokeraState, AnokeraAction]:
        return self._levels

    def _computer_action(self, state: AnokeraState, arrival: int) -> AnokeraAction:
        return choose_action(self, state, state.turn, state.options.computer_level)

    def _play(self, state: AnokeraState, seat: Seat, action: PlayCard) -> tuple[AnokeraState, list[Event]]:
        card, column = action.card, action.column
        if card not in state.row:
            raise IllegalAction("That card is no longer in the row")
        if not 0 <= column < COLUMNS:
            raise IllegalAction("There are three columns")
        marked = is_marked(card)
        if state.first_card is not None and marked:
            raise IllegalAction("A marked card is played alone: it cannot be your second card")
        if action.then_another:
            if marked:
                raise IllegalAction("A marked card is played alone, with no second card")
            if state.first_card is not None or not any(not is_marked(other) for other in state.row if other != card):
                raise IllegalAction("There is no second unmarked card to play")
        cards = (*state.columns[column], card)
        events = [Event(AnokeraEvent.CARD_PLAYED, seat, {"card": card, "column": column, "marked": marked})]
        removed = state.removed
        citizens, deaths, last_clearer = state.citizens, state.deaths, state.last_clearer
        if marked:
            clearing = clear(cards, citizens)
            cards, removed, citizens = clearing.column, removed + clearing.removed, clearing.citizens
            deaths = _added(deaths, clearing.tally())
            if clearing.steps:
                events.append(self._cleared_event(column, clearing, seat, card))
                last_clearer = seat
        else:
            three = combo(cards)
            if three is not None:
                cards, removed = cards[:-3], removed + three
                events.append(Event(AnokeraEvent.COMBO, seat, {"column": column, "cards": list(three)}))
        state = evolve(
            state,
            row=tuple(other for other in state.row if other != card),
            columns=_replaced(state.columns, column, cards),
            removed=removed,
            citizens=citizens,
            deaths=deaths,
            last_clearer=last_clearer,
            first_card=card if action.then_another else None,
            moves=(*state.moves, packed(seat, action)),
        )
        if not citizens:
            return self._end(state, AnokeraEnd.CITY_EMPTY, events)
        if action.then_another:
            return state, events
        return self._end_turn(state, events)

    def _end_turn(self, state: AnokeraState, events: list[Event]) -> tuple[AnokeraState, list[Event]]:
        """Refill the row from the deck; when the row is empty, reshuffle once, or clear every column (ruling K5)."""
        row, deck, arrivals = state.row, state.deck, state.arrivals
        refill = deck[: ROW_SIZE - len(row)]
        if refill:
            row, deck, arrivals = row + refill, deck[len(refill) :], arrivals + card_numbers(refill)
            events.append(Event(AnokeraEvent.ROW_REFILLED, None, {"cards": list(refill), "deck": len(deck)}))
        state = evolve(
            state,
            row=row,
            deck=deck,
            arrivals=arrivals,
            first_card=None,
            turns=state.turns + 1,
            turn=(state.turn + 1) % state.seat_count,
        )
        if row:
            return state, events
        if not state.reshuffled and state.removed:
            rng = SeededRandom(state.rng_state)
            deck = tuple(rng.shuffled(state.removed))
            row, deck = deck[:ROW_SIZE], deck[ROW_SIZE:]
            events.append(Event(AnokeraEvent.DECK_RESHUFFLED, None, {"cards": len(state.removed)}))
            events.append(Event(AnokeraEvent.ROW_REFILLED, None, {"cards": list(row), "deck": len(deck)}))
            arrivals = state.arrivals + card_numbers(row)
            state = evolve(
                state, row=row, deck=deck, arrivals=arrivals, removed=(), reshuffled=True, rng_state=rng.state
            )
            return state, events
        return self._final_clearing(state, events)

    def _final_clearing(self, state: AnokeraState, events: list[Event]) -> tuple[AnokeraState, list[Event]]:
        """Clear every column once, left to right, as if a marked card had been played on it (ruling K5)."""
        events.append(Event(AnokeraEvent.FINAL_CLEARING, None, {}))
        columns, citizens, deaths, removed = list(state.columns), state.citizens, state.deaths, state.removed
        for column in range(COLUMNS):
            clearing = clear(columns[column], citizens)
            columns[column], citizens = clearing.column, clearing.citizens
            deaths, removed = _added(deaths, clearing.tally()), removed + clearing.removed
            if clearing.steps:
                events.append(self._cleared_event(column, clearing))
        state = evolve(state, columns=tuple(columns), citizens=citizens, deaths=deaths, removed=removed)
        return self._end(state, AnokeraEnd.CITY_EMPTY if not citizens else AnokeraEnd.FINAL_CLEARING, events)

    def _end(self, state: AnokeraState, reason: AnokeraEnd, events: list[Event]) -> tuple[AnokeraState, list[Event]]:
        """Score every role; rank by score, then deaths of the player's own kind, then the last clear (K6)."""
        scores = tuple(self.score_of(state, seat) for seat in range(state.seat_count))
        deaths = dict(zip(DEATHS, state.deaths, strict=True))

        def rank(seat: Seat) -> tuple[int, int, bool]:
            own = deaths[self.sheet.patron_of(state.roles[seat]).death]
            return scores[seat], own, seat == state.last_clearer

        ranks = sorted({rank(seat) for seat in range(state.seat_count)}, reverse=True)
        placings = tuple(tuple(seat for seat in range(state.seat_count) if rank(seat) == each) for each in ranks)
        state = evolve(state, result=reason, placings=placings, scores=scores, first_card=None)
        events.append(Event(AnokeraEvent.GAME_OVER, None, encode(self.outcome(state))))
        return state, events

    def _reveals(self, state: AnokeraState) -> tuple[Reveal, ...]:
        deaths = dict(zip(DEATHS, state.deaths, strict=True))
        return tuple(
            Reveal(seat, role, self.sheet.score_lines(role, deaths, state.seat_count), state.scores[seat])
            for seat, role in enumerate(state.roles)
        )

    @staticmethod
    def _cleared_event(column: int, clearing: Clearing, seat: Seat | None = None, card: Card | None = None) -> Event:
        """A clearing's deaths, step by step; `seat` played the marked `card` that made it (None: the game's own
        final clearing)."""
        data = {"column": column, "steps": [list(step) for step in clearing.steps], "card": card}
        return Event(AnokeraEvent.CLEARED, seat, data)


def _added(deaths: tuple[int, int, int], more: tuple[int, int, int]) -> tuple[int, int, int]:
    return tuple(before + extra for before, extra in zip(deaths, more, strict=True))


def _replaced(columns: tuple, index: int, column: tuple[Card, ...]) -> tuple:
    return (*columns[:index], column, *columns[index + 1 :])
