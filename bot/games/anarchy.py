"""Anarchy: a shedding card game for 2-6 players with one standard 52-card deck.

A face-up indicator card sets trump for the whole game, and both its rank and its suit are trump. A card may
go on the play pile when it is a trump, matches the top card's rank, or follows the top card's suit in the
current direction; plays inside a non-trump suit set that direction up or down, and a Jack, Queen or King
reverses it. A player who cannot play draws. The first player to empty their hand wins.

The published rules leave several points open; rulings A1-A8 in the project's RULINGS.md settle them and are
cited where they apply. Where even the rulings are silent (a game that could otherwise run for ever, how the
seats that did not win are ranked), the decision is explained beside the code that makes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.engine import Event, GameRules, IllegalAction, Option, Outcome, ParseError, Seat, SeededRandom

SUITS = ("C", "D", "H", "S")
"""Suit codes in sorting order: clubs, diamonds, hearts, spades."""
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
RANKS = tuple(range(ACE, KING + 1))
UP, DOWN = "up", "down"
HAND_SIZE = 4
RESHUFFLE_LIMIT = 5
"""How many times the play pile may be turned into a new draw pile (ruling A4 extended, see `_can_draw`)."""

_SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
_SUIT_NAMES = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
_RANK_CODES = {ACE: "A", JACK: "J", QUEEN: "Q", KING: "K"}
_RANK_WORDS = {ACE: "Ace", JACK: "Jack", QUEEN: "Queen", KING: "King"}
_REVERSING_RANKS = (JACK, QUEEN, KING)


@dataclass(frozen=True)
class Card:
    """One playing card: rank 1-13 (Ace=1, J=11, Q=12, K=13) and suit "C", "D", "H" or "S"."""

    rank: int
    suit: str
    code: str = field(init=False, repr=False, compare=False)
    """Short ASCII id, e.g. "10D": used in notation, storage and hidden-token checks."""

    def __post_init__(self) -> None:
        if self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"No such card: rank {self.rank!r}, suit {self.suit!r}")
        # Computed once: codes are read on every hidden-token check and every encode.
        object.__setattr__(self, "code", _RANK_CODES.get(self.rank, str(self.rank)) + self.suit)

    @classmethod
    def parse(cls, code: str) -> Card:
        """Read a card code such as "7C", "10D", "QH" or "AS" (any case)."""
        card = _CARDS_BY_CODE.get(code.strip().upper())
        if card is None:
            raise ParseError(f"{code!r} is not a card: write its rank and suit, like 7C, 10D, QH or AS")
        return card

    @property
    def label(self) -> str:
        """What players read, e.g. "10♦"."""
        return _RANK_CODES.get(self.rank, str(self.rank)) + _SUIT_SYMBOLS[self.suit]

    @property
    def sort_key(self) -> tuple[int, int]:
        """Order in a hand: by suit, then by rank with the Ace low."""
        return SUITS.index(self.suit), self.rank

    def __repr__(self) -> str:
        # The code in the repr lets leak tests spot a card however a view is printed.
        return f"Card.parse({self.code!r})"


def full_deck() -> tuple[Card, ...]:
    """The 52 cards in a fixed order, before shuffling."""
    return tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


_CARDS_BY_CODE = {card.code: card for card in full_deck()}


@dataclass(frozen=True)
class PlayCard:
    """Put a card from your hand on the play pile."""

    card: Card

    @property
    def notation(self) -> str:
        """Text such as "play 7C"."""
        return f"play {self.card.code}"


@dataclass(frozen=True)
class DrawCard:
    """Take the top card of the draw pile; when nothing is left to draw, pass the turn (ruling A4)."""

    @property
    def notation(self) -> str:
        """The text "draw"."""
        return "draw"


@dataclass(frozen=True)
class EndTurn:
    """Keep the playable card you just drew and end your turn (option draw_then_play, ruling A3)."""

    @property
    def notation(self) -> str:
        """The text "pass"."""
        return "pass"


AnarchyAction = PlayCard | DrawCard | EndTurn


@dataclass(frozen=True)
class AnarchyOptions:
    """The table options chosen when the match was opened."""

    draw_then_play: bool = False
    voluntary_draw: bool = False
    play_on: bool = False


@dataclass(frozen=True)
class AnarchyState:
    """A whole match, secrets included. Only `AnarchyRules.view` may show it to players."""

    options: AnarchyOptions
    dealer: Seat
    trump_indicator: Card
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, kept sorted by `Card.sort_key`."""
    draw_pile: tuple[Card, ...]
    """Top card first. Until first drawn, the indicator lies face up at the bottom (ruling A1)."""
    play_pile: tuple[Card, ...]
    """Bottom card first; the last card is the top card."""
    direction: str | None
    turn: Seat
    drawn_card: Card | None
    """With draw_then_play: the playable card just drawn, which the seat to act may still play."""
    passes_in_a_row: int
    reshuffles: int
    finished: tuple[Seat, ...]
    """Seats that emptied their hands, in the order they did."""
    result: str | None
    """The outcome reason once the match is over, else None."""
    placings: tuple[tuple[Seat, ...], ...]
    rng_state: int

    @property
    def seat_count(self) -> int:
        """How many seats the match was dealt for."""
        return len(self.hands)

    @property
    def top_card(self) -> Card | None:
        """The card to follow, or None before the first play."""
        return self.play_pile[-1] if self.play_pile else None

    @property
    def indicator_face_up(self) -> bool:
        """Whether the trump indicator still lies face up under the draw pile (ruling A1)."""
        # Before the first reshuffle the indicator can only be at the bottom of the draw pile or out of it.
        return self.reshuffles == 0 and self.trump_indicator in self.draw_pile


@dataclass(frozen=True)
class AnarchyPublicView:
    """What everyone at the table may see."""

    options: AnarchyOptions
    trump_indicator: Card
    trump_rank: int
    trump_suit: str
    indicator_face_up: bool
    top_card: Card | None
    direction: str | None
    hand_sizes: tuple[int, ...]
    to_act: Seat | None
    deciding_on_drawn_card: bool
    draw_pile_size: int
    play_pile_size: int
    reshuffles_left: int
    finished: tuple[Seat, ...]
    outcome: Outcome | None

    def to_json(self) -> dict[str, Any]:
        """JSON data for renderers and leak checks; cards appear as codes."""
        return {
            "options": {
                "draw_then_play": self.options.draw_then_play,
                "voluntary_draw": self.options.voluntary_draw,
                "play_on": self.options.play_on,
            },
            "trump_indicator": self.trump_indicator.code,
            "trump_rank": self.trump_rank,
            "trump_suit": self.trump_suit,
            "indicator_face_up": self.indicator_face_up,
            "top_card": self.top_card.code if self.top_card else None,
            "direction": self.direction,
            "hand_sizes": list(self.hand_sizes),
            "to_act": self.to_act,
            "deciding_on_drawn_card": self.deciding_on_drawn_card,
            "draw_pile_size": self.draw_pile_size,
            "play_pile_size": self.play_pile_size,
            "reshuffles_left": self.reshuffles_left,
            "finished": list(self.finished),
            "outcome": self.outcome.to_json() if self.outcome else None,
        }


@dataclass(frozen=True)
class AnarchySeatView:
    """What one seat may see: the public view, its own hand and what it may do now."""

    public: AnarchyPublicView
    seat: Seat
    hand: tuple[Card, ...]
    drawn_card: Card | None
    legal_actions: tuple[AnarchyAction, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON data for renderers and leak checks; cards appear as codes."""
        return {
            "public": self.public.to_json(),
            "seat": self.seat,
            "hand": [card.code for card in self.hand],
            "drawn_card": self.drawn_card.code if self.drawn_card else None,
            "legal_actions": [action.notation for action in self.legal_actions],
        }


def is_trump(card: Card, indicator: Card) -> bool:
    """Whether `card` is trump: it shares the indicator's rank or its suit (ruling A1)."""
    return card.rank == indicator.rank or card.suit == indicator.suit


def direction_after(direction: str | None, top: Card | None, played: Card, indicator: Card) -> str | None:
    """The direction once `played` lands on `top` (rulings A5, A6, A7)."""
    # Ruling A5: any play inside a non-trump suit decides the direction, whichever rule made it legal, so a
    # trump by rank (the 5 of clubs with 5s trump) still turns the clubs down. Aces never decide (A7).
    if (
        top is not None
        and played.suit == top.suit
        and played.suit != indicator.suit
        and ACE not in (played.rank, top.rank)
    ):
        direction = UP if played.rank > top.rank else DOWN
    # Ruling A6: a face card then reverses whatever direction there is, including one it has just set.
    if played.rank in _REVERSING_RANKS and direction is not None:
        direction = DOWN if direction == UP else UP
    return direction


def can_follow(card: Card, top: Card | None, direction: str | None, indicator: Card) -> bool:
    """Whether `card` may go on `top` now (seed rules 1-4, rulings A2, A7)."""
    if is_trump(card, indicator):
        return True
    if top is None:
        return False  # ruling A2: only a trump starts the play pile
    if card.rank == top.rank:
        return True
    if card.suit != top.suit:
        return False
    if ACE in (card.rank, top.rank) or direction is None:  # ruling A7: an Ace is above and below
        return True
    return card.rank > top.rank if direction == UP else card.rank < top.rank


def follow_refusal(card: Card, top: Card | None, direction: str | None, indicator: Card) -> str | None:
    """Why `card` may not go on `top` now, in words a player can act on, or None when it may."""
    if can_follow(card, top, direction, indicator):
        return None
    if top is None:
        return "The first card must be a trump"
    return f"{card.label} does not follow the {top.label}: play {_what_follows(top, direction, indicator)}"


def _what_follows(top: Card, direction: str | None, indicator: Card) -> str:
    choices = []
    if top.suit != indicator.suit:
        suit = _SUIT_NAMES[top.suit]
        if direction is None or top.rank == ACE:
            choices.append(f"a {suit}")
        else:
            comparison = "higher" if direction == UP else "lower"
            choices.append(f"a {suit} {comparison} than {_rank_word(top.rank)}")
    if top.rank != indicator.rank:
        choices.append(_with_article(_rank_word(top.rank)))
    choices.append("a trump")
    if len(choices) <= 2:
        return " or ".join(choices)
    return ", ".join(choices[:-1]) + ", or " + choices[-1]


def _rank_word(rank: int) -> str:
    return _RANK_WORDS.get(rank, str(rank))


def _with_article(word: str) -> str:
    return ("an " if word[0] in "A8" else "a ") + word


def _sorted_hand(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda card: card.sort_key))


def _replaced(hands: tuple[tuple[Card, ...], ...], seat: Seat, hand: tuple[Card, ...]) -> tuple:
    return (*hands[:seat], hand, *hands[seat + 1 :])


class AnarchyRules(GameRules[AnarchyState, AnarchyAction]):
    """The rules of Anarchy, with rulings A1-A8."""

    key = "anarchy"
    title = "Anarchy"
    min_players = 2
    max_players = 6  # ruling A8 (2-4 recommended)
    options = (
        Option(
            "draw_then_play",
            "Play a drawn card",
            (False, True),
            "After drawing, a playable drawn card may be played at once; or pass to keep it (ruling A3).",
        ),
        Option(
            "voluntary_draw",
            "Draw instead of playing",
            (False, True),
            "A player who could play may draw instead (ruling A3).",
        ),
        Option(
            "play_on",
            "Play on for places",
            (False, True),
            "After the first player goes out, the rest play on until one still holds cards (ruling A8).",
        ),
    )

    def setup(self, seat_count: int, options: Mapping[str, Any], seed: int) -> AnarchyState:
        """Shuffle, pick a dealer, deal four cards each and turn up the trump indicator (ruling A1)."""
        if not self.min_players <= seat_count <= self.max_players:
            raise ValueError(
                f"Anarchy is for {self.min_players}-{self.max_players} players, not {seat_count}"
            )
        chosen = self.resolve_options(options)
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

    def apply(
        self, state: AnarchyState, seat: Seat, action: AnarchyAction
    ) -> tuple[AnarchyState, list[Event]]:
        """Return the state after `seat` takes `action` and the events it caused; refuse illegal moves."""
        refusal = self._refusal(state, seat, action)
        if refusal is not None:
            raise IllegalAction(refusal)
        if isinstance(action, PlayCard):
            return self._play(state, seat, action.card)
        if isinstance(action, DrawCard):
            return self._draw(state, seat)
        return (
            replace(state, drawn_card=None, turn=self._next_seat(state, seat)),
            [Event("turn_ended", seat)],
        )

    def outcome(self, state: AnarchyState) -> Outcome | None:
        """How the match ended ("out_of_cards", "placings_complete" or "blocked"), or None."""
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

    def parse_action(self, text: str) -> AnarchyAction:
        """Read "play 7C", "draw" or "pass"."""
        words = text.strip().lower().split()
        if words == ["draw"]:
            return DrawCard()
        if words == ["pass"]:
            return EndTurn()
        if len(words) == 2 and words[0] == "play":
            return PlayCard(Card.parse(words[1]))
        raise ParseError(f"{text!r} is not an Anarchy action: try 'play 7C', 'draw' or 'pass'")

    def encode_state(self, state: AnarchyState) -> dict[str, Any]:
        """JSON data with cards as codes."""
        return {
            "options": {
                "draw_then_play": state.options.draw_then_play,
                "voluntary_draw": state.options.voluntary_draw,
                "play_on": state.options.play_on,
            },
            "dealer": state.dealer,
            "trump_indicator": state.trump_indicator.code,
            "hands": [[card.code for card in hand] for hand in state.hands],
            "draw_pile": [card.code for card in state.draw_pile],
            "play_pile": [card.code for card in state.play_pile],
            "direction": state.direction,
            "turn": state.turn,
            "drawn_card": state.drawn_card.code if state.drawn_card else None,
            "passes_in_a_row": state.passes_in_a_row,
            "reshuffles": state.reshuffles,
            "finished": list(state.finished),
            "result": state.result,
            "placings": [list(group) for group in state.placings],
            "rng_state": state.rng_state,
        }

    def decode_state(self, data: Any) -> AnarchyState:
        """The state `encode_state` described."""

        def cards(codes: Sequence[str]) -> tuple[Card, ...]:
            return tuple(_CARDS_BY_CODE[code] for code in codes)

        return AnarchyState(
            options=AnarchyOptions(**data["options"]),
            dealer=data["dealer"],
            trump_indicator=_CARDS_BY_CODE[data["trump_indicator"]],
            hands=tuple(cards(hand) for hand in data["hands"]),
            draw_pile=cards(data["draw_pile"]),
            play_pile=cards(data["play_pile"]),
            direction=data["direction"],
            turn=data["turn"],
            drawn_card=_CARDS_BY_CODE[data["drawn_card"]] if data["drawn_card"] else None,
            passes_in_a_row=data["passes_in_a_row"],
            reshuffles=data["reshuffles"],
            finished=tuple(data["finished"]),
            result=data["result"],
            placings=tuple(tuple(group) for group in data["placings"]),
            rng_state=data["rng_state"],
        )

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

    def _can_play(self, state: AnarchyState, seat: Seat) -> bool:
        return any(self._playable(state, card) for card in state.hands[seat])

    def _can_draw(self, state: AnarchyState) -> bool:
        # Ruling A4 rebuilds the draw pile from the play pile. Players could keep playing and drawing for
        # ever, so we allow only RESHUFFLE_LIMIT rebuilds; after that an empty draw pile means a pass, and
        # since every play sheds a card, the match must end by someone going out or by a block.
        return bool(state.draw_pile) or (len(state.play_pile) > 1 and state.reshuffles < RESHUFFLE_LIMIT)

    def _play(self, state: AnarchyState, seat: Seat, card: Card) -> tuple[AnarchyState, list[Event]]:
        direction = direction_after(state.direction, state.top_card, card, state.trump_indicator)
        hand = tuple(held for held in state.hands[seat] if held != card)
        state = replace(
            state,
            hands=_replaced(state.hands, seat, hand),
            play_pile=(*state.play_pile, card),
            direction=direction,
            drawn_card=None,
            passes_in_a_row=0,
        )
        events = [Event("card_played", seat, {"card": card.code, "direction": direction})]
        if hand:
            return replace(state, turn=self._next_seat(state, seat)), events
        return self._finish(state, seat, events)

    def _finish(
        self, state: AnarchyState, seat: Seat, events: list[Event]
    ) -> tuple[AnarchyState, list[Event]]:
        finished = (*state.finished, seat)
        events.append(Event("player_finished", seat, {"place": len(finished)}))
        holders = tuple(other for other in range(state.seat_count) if other not in finished)
        state = replace(state, finished=finished)
        if not state.options.play_on:
            # The rules rank only the winner (ruling A8), so everyone else shares second place.
            return self._end(state, "out_of_cards", ((seat,), holders), events)
        if len(holders) == 1:
            placings = (*((finisher,) for finisher in finished), holders)
            return self._end(state, "placings_complete", placings, events)
        return replace(state, turn=self._next_seat(state, seat)), events

    def _draw(self, state: AnarchyState, seat: Seat) -> tuple[AnarchyState, list[Event]]:
        if not self._can_draw(state):
            return self._pass(state, seat)
        events = []
        if not state.draw_pile:
            # Ruling A4: everything under the top card becomes the new draw pile; the direction is kept.
            rng = SeededRandom(state.rng_state)
            draw_pile = tuple(rng.shuffled(state.play_pile[:-1]))
            state = replace(
                state,
                draw_pile=draw_pile,
                play_pile=state.play_pile[-1:],
                reshuffles=state.reshuffles + 1,
                rng_state=rng.state,
            )
            events.append(Event("pile_reshuffled", seat, {"cards": len(draw_pile)}))
        card, draw_pile = state.draw_pile[0], state.draw_pile[1:]
        public_data: dict[str, Any] = {"draw_pile": len(draw_pile)}
        if card == state.trump_indicator and state.indicator_face_up:
            public_data["card"] = card.code  # everyone saw the face-up indicator being taken
        events.append(Event("card_drawn", seat, public_data))
        events.append(Event("card_received", seat, {"card": card.code}, visible_to=(seat,)))
        state = replace(
            state,
            hands=_replaced(state.hands, seat, _sorted_hand((*state.hands[seat], card))),
            draw_pile=draw_pile,
            passes_in_a_row=0,
        )
        if state.options.draw_then_play and self._playable(state, card):
            return replace(state, drawn_card=card), events  # ruling A3 option: play it now or pass
        return replace(state, turn=self._next_seat(state, seat)), events

    def _pass(self, state: AnarchyState, seat: Seat) -> tuple[AnarchyState, list[Event]]:
        passes = state.passes_in_a_row + 1
        events = [Event("turn_passed", seat, {"reason": "nothing_to_draw"})]
        holders = tuple(other for other in range(state.seat_count) if other not in state.finished)
        if passes < len(holders):
            return replace(state, passes_in_a_row=passes, turn=self._next_seat(state, seat)), events
        # Ruling A4: everyone still in passed in a row, so nothing can change: fewest cards wins, ties share.
        state = replace(state, passes_in_a_row=passes)
        sizes = sorted({len(state.hands[holder]) for holder in holders})
        by_size = tuple(
            tuple(holder for holder in holders if len(state.hands[holder]) == size) for size in sizes
        )
        placings = (*((finisher,) for finisher in state.finished), *by_size)
        return self._end(state, "blocked", placings, events)

    def _end(
        self, state: AnarchyState, reason: str, placings: tuple[tuple[Seat, ...], ...], events: list[Event]
    ) -> tuple[AnarchyState, list[Event]]:
        state = replace(state, result=reason, placings=placings)
        events.append(Event("game_over", None, self.outcome(state).to_json()))
        return state, events

    def _next_seat(self, state: AnarchyState, seat: Seat) -> Seat:
        """The next seat to the left that still holds cards."""
        candidates = ((seat + step) % state.seat_count for step in range(1, state.seat_count + 1))
        return next(candidate for candidate in candidates if candidate not in state.finished)
