"""The rules of Anarchy: `AnarchyRules`, the game's declaration, the engine's interface, and the moves.

Dealing, playing, drawing, reshuffling and passing (rulings A1-A4), and how the match ends and who places
where (ruling A8). Which card may follow which is in `cards`; the state it all works on is in `state`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property, partial
from operator import attrgetter
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
from bot.games.anarchy import hints, inference
from bot.games.anarchy.actions import AnarchyAction, DrawCard, EndTurn, PlayCard
from bot.games.anarchy.cards import Card, can_follow, direction_after, follow_refusal, full_deck
from bot.games.anarchy.computers import COMPUTER_DELAY
from bot.games.anarchy.events import AnarchyEnd, AnarchyEvent
from bot.games.anarchy.levels import computer_levels
from bot.games.anarchy.state import AnarchyOptions, AnarchyState
from bot.games.anarchy.views import AnarchyPublicView, AnarchySeatView

HAND_SIZE = 4
RESHUFFLE_LIMIT = 5
"""How many times the play pile may be turned into a new draw pile (ruling A4 extended, see `_can_draw`)."""


def _sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=_SORT_KEY))


_SORT_KEY = attrgetter("sort_key")


def _replaced(hands: tuple[tuple[Card, ...], ...], seat: Seat, hand: tuple[Card, ...]) -> tuple:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _hand_groups(state: AnarchyState) -> tuple[inference.HandGroups, ...]:
    """What the table saw of each hand; a match stored before that was kept starts from knowing nothing."""
    return state.hand_groups or inference.unknown_hands([len(hand) for hand in state.hands])


class AnarchyRules(GameRules[AnarchyState, AnarchyAction]):
    """The rules of Anarchy, with rulings A1-A8."""

    key = "anarchy"
    title = "Anarchy"
    min_players = 2
    max_players = 6  # ruling A8 (2-4 recommended)
    practice_opponents = 3
    gives_hints = True
    state_type = AnarchyState
    event_kinds = AnarchyEvent
    end_reasons = AnarchyEnd
    fixed_fields = ("options", "dealer", "trump_indicator")
    # Each option's help is shown to players as it stands (one line under the lobby's menu): plain words, no
    # ruling codes. The rulings: drawing A3, playing on A8.
    options = (
        Option(
            COMPUTER_PLAYERS_OPTION,
            "Computer players",
            (0, 1, 2, 3, 4, 5),
            "How many of the seats are computer players; they sit after the humans.",
        ),
        COMPUTER_LEVEL,
        Option(
            "draw_then_play",
            "Play a drawn card",
            (False, True),
            "A card you draw and can play may be played at once, or kept to end your turn.",
        ),
        Option("voluntary_draw", "Draw instead of playing", (False, True), "You may draw even when you could play."),
        Option(
            "play_on",
            "Play on for places",
            (False, True),
            "After the first player goes out, the rest play on until one still holds cards.",
        ),
    )

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> AnarchyState:
        """Shuffle, pick a dealer, deal four cards each and turn up the trump indicator (ruling A1)."""
        seat_count = seating.seat_count
        if not self.min_players <= seat_count <= self.max_players:
            raise ValueError(f"Anarchy is for {self.min_players}-{self.max_players} players, not {seat_count}")
        chosen = self.resolve_options(options)
        del chosen[COMPUTER_PLAYERS_OPTION]  # the host seats them; the state keeps which seats they hold
        rng = SeededRandom(seed)
        deck = rng.shuffled(full_deck())
        dealer = rng.below(seat_count)
        hands: list[list[Card]] = [[] for _ in range(seat_count)]
        dealt = HAND_SIZE * seat_count
        for index, card in enumerate(deck[:dealt]):
            hands[(dealer + 1 + index) % seat_count].append(card)
        indicator = deck[dealt]
        return AnarchyState(
            options=AnarchyOptions(**chosen),
            dealer=dealer,
            trump_indicator=indicator,
            hands=tuple(_sorted_hand(hand) for hand in hands),
            # Ruling A1: the indicator goes face up under the draw pile and is the last card drawn.
            draw_pile=(*deck[dealt + 1 :], indicator),
            play_pile=(),
            direction=None,
            turn=(dealer + 1) % seat_count,
            drawn_card=None,
            passes_in_a_row=0,
            reshuffles=0,
            finished=(),
            result=None,
            placings=(),
            rng_state=rng.state,
            computer_seats=tuple(sorted(seating.computers)),
            hand_groups=inference.unknown_hands([HAND_SIZE] * seat_count),
        )

    def actors(self, state: AnarchyState) -> frozenset[Seat]:
        """The seat whose turn it is; nobody once the match is over."""
        return frozenset() if state.result is not None else frozenset({state.turn})

    def legal_actions(self, state: AnarchyState, seat: Seat) -> tuple[AnarchyAction, ...]:
        """Playable cards (by suit, then rank), then draw, then pass, as far as each is allowed now."""
        if state.result is not None or seat != state.turn:
            return ()
        if state.drawn_card is not None:
            return PlayCard(state.drawn_card), EndTurn()  # it was kept back only because it can be played
        plays = tuple(PlayCard(card) for card in state.hands[seat] if self._playable(state, card))
        if not plays or (state.options.voluntary_draw and self._can_draw(state)):
            return (*plays, DrawCard())
        return plays

    def apply(self, state: AnarchyState, seat: Seat, action: AnarchyAction) -> tuple[AnarchyState, list[Event]]:
        """Return the state after `seat` takes `action` and the events it caused; refuse illegal moves."""
        refusal = self._refusal(state, seat, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        if isinstance(action, PlayCard):
            return self._play(state, seat, action.card)
        if isinstance(action, DrawCard):
            return self._draw(state, seat)
        return (
            evolve(state, drawn_card=None, turn=self._next_seat(state, seat)),
            [Event(AnarchyEvent.TURN_ENDED, seat)],
        )

    def outcome(self, state: AnarchyState) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        if state.result is None:
            return None
        return Outcome(winners=state.placings[0], reason=state.result, placings=state.placings)

    def view(self, state: AnarchyState, seat: Seat | None) -> AnarchyPublicView | AnarchySeatView:
        """The public table for None; for a seat, the table plus its own hand and legal actions."""
        indicator = state.trump_indicator
        public = AnarchyPublicView(
            options=state.options,
            trump_indicator=indicator,
            trump_rank=indicator.rank,
            trump_suit=indicator.suit,
            indicator_face_up=state.indicator_face_up,
            top_card=state.top_card,
            direction=state.direction,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            to_act=None if state.result is not None else state.turn,
            deciding_on_drawn_card=state.drawn_card is not None,
            draw_pile_size=len(state.draw_pile),
            play_pile_size=len(state.play_pile),
            play_pile=state.play_pile,
            hand_groups=_hand_groups(state),
            reshuffles_left=RESHUFFLE_LIMIT - state.reshuffles,
            finished=state.finished,
            outcome=self.outcome(state),
        )
        if seat is None:
            return public
        return AnarchySeatView(
            public=public,
            seat=seat,
            hand=state.hands[seat],
            drawn_card=state.drawn_card if seat == state.turn else None,
            legal_actions=self.legal_actions(state, seat),
        )

    def hidden_from(self, state: AnarchyState, seat: Seat | None) -> frozenset[str]:
        """Codes of the cards in other seats' hands and in the draw pile, except the trump indicator."""
        hidden = {card.code for card in state.draw_pile}
        for holder, hand in enumerate(state.hands):
            if holder != seat:
                hidden.update(card.code for card in hand)
        # The indicator's code is public for the whole game (ruling A1), so no view could hide it; what stays
        # secret after a reshuffle is who holds it, and no view field says that.
        hidden.discard(state.trump_indicator.code)
        return frozenset(hidden)

    def timers(self, state: AnarchyState) -> Sequence[Timer]:
        """A computer player's turn (named by everything a move changes, so each move gets a timer of its own)."""
        if state.result is not None or state.turn not in state.computer_seats:
            return ()
        moment = (state.turn, len(state.play_pile), len(state.draw_pile), state.reshuffles, state.passes_in_a_row,
                  state.drawn_card is not None)  # fmt: skip
        key = "computer-" + "-".join(str(int(part)) for part in moment)
        return (Timer(key, COMPUTER_DELAY, partial(self._computer_action, state), state.turn),)

    @cached_property
    def _levels(self) -> ComputerLevels[AnarchyState, AnarchyAction]:
        return computer_levels(self, RESHUFFLE_LIMIT)

    def computer_levels(self) -> ComputerLevels[AnarchyState, AnarchyAction]:
        return self._levels

    def _computer_action(self, state: AnarchyState, arrival: int) -> AnarchyAction:
        return choose_action(self, state, state.turn, state.options.computer_level)

    def explain_action(self, state: AnarchyState, seat: Seat, action: AnarchyAction) -> str:
        return hints.explain(state, seat, action)

    def decision(self, state: AnarchyState, seat: Seat) -> Decision | None:
        return hints.decision(state, seat, self.legal_actions(state, seat))

    def parse_action(self, text: str) -> AnarchyAction:
        """Read "play 7C", "draw" or "pass"."""
        words = text.strip().lower().split()
        if words == ["draw"]:
            return DrawCard()
        if words == ["pass"]:
            return EndTurn()
        if len(words) == 2 and words[0] == "play":
            return PlayCard(Card.from_text(words[1]))
        raise ParseError(f"{text!r} is not an Anarchy action: try 'play 7C', 'draw' or 'pass'")

    # The moves.

    def _refusal(self, state: AnarchyState, seat: Seat, action: AnarchyAction) -> str | None:
        """Why `seat` may not take `action` now, or None when it may."""
        if state.result is not None:
            return "The game is over"
        if seat != state.turn:
            return "It is not your turn"
        drawn = state.drawn_card
        if isinstance(action, PlayCard):
            if action.card not in state.hands[seat]:
                return f"You do not hold the {action.card.label}"
            if drawn is not None and action.card != drawn:
                return f"You drew the {drawn.label}: play it or pass"
            return follow_refusal(action.card, state.top_card, state.direction, state.trump_indicator)
        if isinstance(action, DrawCard):
            if drawn is not None:
                return f"You have already drawn the {drawn.label}: play it or pass"
            if self._can_play(state, seat):
                if not state.options.voluntary_draw:
                    return "You hold a playable card, so you cannot draw"  # ruling A3
                if not self._can_draw(state):
                    # Passing is for a player who cannot play, even when drawing by choice is allowed.
                    return "Nothing is left to draw and you hold a playable card, so you must play"
            return None
        if isinstance(action, EndTurn):
            if drawn is None:
                if not self._can_draw(state) and not self._can_play(state, seat):
                    return "Nothing is left to draw: choose draw to pass your turn"
                return "You may only pass after drawing a card you could play"
            return None
        return "That is not an Anarchy action"

    def _playable(self, state: AnarchyState, card: Card) -> bool:
        return can_follow(card, state.top_card, state.direction, state.trump_indicator)

    def _followers(self, state: AnarchyState) -> int:
        return inference.followers(state.top_card, state.direction, state.trump_indicator)

    def _can_play(self, state: AnarchyState, seat: Seat) -> bool:
        return any(self._playable(state, card) for card in state.hands[seat])

    def _can_draw(self, state: AnarchyState) -> bool:
        # Ruling A4 rebuilds the draw pile from the play pile. Players could keep playing and drawing for
        # ever, so we allow only RESHUFFLE_LIMIT rebuilds; after that an empty draw pile means a pass, and
        # since every play sheds a card, the match must end by someone going out or by a block.
        return bool(state.draw_pile) or (len(state.play_pile) > 1 and state.reshuffles < RESHUFFLE_LIMIT)

    def _play(self, state: AnarchyState, seat: Seat, card: Card) -> tuple[AnarchyState, list[Event]]:
        direction = direction_after(state.direction, state.top_card, card, state.trump_indicator)
        held = state.hands[seat]
        place = held.index(card)  # a hand holds each card once
        hand = (*held[:place], *held[place + 1 :])
        groups = _hand_groups(state)
        played = {
            "hands": _replaced(state.hands, seat, hand),
            "hand_groups": _replaced(groups, seat, inference.after_playing(groups[seat], card)),
            "play_pile": (*state.play_pile, card),
            "direction": direction,
            "drawn_card": None,
            "passes_in_a_row": 0,
        }
        events = [Event(AnarchyEvent.CARD_PLAYED, seat, {"card": card.code, "direction": direction})]
        if hand:
            return evolve(state, **played, turn=self._next_seat(state, seat)), events
        return self._finish(evolve(state, **played), seat, events)

    def _finish(self, state: AnarchyState, seat: Seat, events: list[Event]) -> tuple[AnarchyState, list[Event]]:
        finished = (*state.finished, seat)
        events.append(Event(AnarchyEvent.PLAYER_FINISHED, seat, {"place": len(finished)}))
        holders = tuple(other for other in range(state.seat_count) if other not in finished)
        state = evolve(state, finished=finished)
        if not state.options.play_on:
            # The rules rank only the winner (ruling A8), so everyone else shares second place.
            return self._end(state, AnarchyEnd.OUT_OF_CARDS, ((seat,), holders), events)
        if len(holders) == 1:
            placings = (*((finisher,) for finisher in finished), holders)
            return self._end(state, AnarchyEnd.PLACINGS_COMPLETE, placings, events)
        return evolve(state, turn=self._next_seat(state, seat)), events

    def _draw(self, state: AnarchyState, seat: Seat) -> tuple[AnarchyState, list[Event]]:
        if not self._can_draw(state):
            return self._pass(state, seat)
        events = []
        if not state.draw_pile:
            # Ruling A4: everything under the top card becomes the new draw pile; the direction is kept.
            rng = SeededRandom(state.rng_state)
            draw_pile = tuple(rng.shuffled(state.play_pile[:-1]))
            turned_over = inference.mask_of(draw_pile)
            state = evolve(
                state,
                hand_groups=tuple(inference.after_reshuffle(groups, turned_over) for groups in _hand_groups(state)),
                draw_pile=draw_pile,
                play_pile=state.play_pile[-1:],
                reshuffles=state.reshuffles + 1,
                rng_state=rng.state,
            )
            events.append(Event(AnarchyEvent.PILE_RESHUFFLED, seat, {"cards": len(draw_pile)}))
        card, draw_pile = state.draw_pile[0], state.draw_pile[1:]
        public_data: dict[str, Any] = {"draw_pile": len(draw_pile)}
        took_indicator = card == state.trump_indicator and state.indicator_face_up
        if took_indicator:
            public_data["card"] = card.code  # everyone saw the face-up indicator being taken
        events.append(Event(AnarchyEvent.CARD_DRAWN, seat, public_data))
        events.append(Event(AnarchyEvent.CARD_RECEIVED, seat, {"card": card.code}, visible_to=(seat,)))
        # A player who may draw by choice shows nothing by drawing.
        could_not_follow = 0 if state.options.voluntary_draw else self._followers(state)
        drawn_mask = inference.ALL_CARDS & ~inference.card_bit(card) if took_indicator else 0
        groups = _hand_groups(state)
        if state.options.draw_then_play and self._playable(state, card):
            then = {"drawn_card": card}  # ruling A3 option: play it now or pass
        else:
            then = {"turn": self._next_seat(state, seat)}
        drawn = evolve(
            state,
            hands=_replaced(state.hands, seat, _sorted_hand((*state.hands[seat], card))),
            hand_groups=_replaced(groups, seat, inference.after_drawing(groups[seat], could_not_follow, drawn_mask)),
            draw_pile=draw_pile,
            passes_in_a_row=0,
            **then,
        )
        return drawn, events

    def _pass(self, state: AnarchyState, seat: Seat) -> tuple[AnarchyState, list[Event]]:
        passes = state.passes_in_a_row + 1
        events = [Event(AnarchyEvent.TURN_PASSED, seat, {"reason": "nothing_to_draw"})]
        holders = tuple(other for other in range(state.seat_count) if other not in state.finished)
        groups = _hand_groups(state)
        passed = inference.after_passing(groups[seat], self._followers(state))
        state = evolve(state, hand_groups=_replaced(groups, seat, passed))
        if passes < len(holders):
            return evolve(state, passes_in_a_row=passes, turn=self._next_seat(state, seat)), events
        # Ruling A4: everyone still in passed in a row, so nothing can change: fewest cards wins, ties share.
        state = evolve(state, passes_in_a_row=passes)
        sizes = sorted({len(state.hands[holder]) for holder in holders})
        by_size = tuple(tuple(holder for holder in holders if len(state.hands[holder]) == size) for size in sizes)
        placings = (*((finisher,) for finisher in state.finished), *by_size)
        return self._end(state, AnarchyEnd.BLOCKED, placings, events)

    def _end(
        self, state: AnarchyState, reason: AnarchyEnd, placings: tuple[tuple[Seat, ...], ...], events: list[Event]
    ) -> tuple[AnarchyState, list[Event]]:
        state = evolve(state, result=reason, placings=placings)
        events.append(Event(AnarchyEvent.GAME_OVER, None, encode(self.outcome(state))))
        return state, events

    def _next_seat(self, state: AnarchyState, seat: Seat) -> Seat:
        """The next seat to the left that still holds cards."""
        candidates = ((seat + step) % state.seat_count for step in range(1, state.seat_count + 1))
        return next(candidate for candidate in candidates if candidate not in state.finished)
