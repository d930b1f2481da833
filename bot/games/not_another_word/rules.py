"""The rules of Not Another Word: `NotAnotherWordRules`, the game's declaration, the engine's interface, and the
turns: dealing the starting word (ruling N3), words (N4), exchanges (N5), the final round (N6) and the end (N7).

How a typed word is read is in `judging`; the dictionary's index is in `dictionary`; the state is in `state`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from itertools import combinations
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
    TypedMove,
)
from bot.engine.codec import encode
from bot.engine.evolve import evolve
from bot.engine.levels import COMPUTER_LEVEL, ComputerLevels, choose_action
from bot.games.not_another_word import hints
from bot.games.not_another_word.actions import Exchange, MakeWord, NotAnotherWordAction, Pass
from bot.games.not_another_word.cards import (
    Card,
    deck_holds,
    full_deck,
    letter_of,
    letters_of,
    read_card,
    sorted_hand,
)
from bot.games.not_another_word.computers import COMPUTER_DELAY
from bot.games.not_another_word.content import COMMON_WORD_SIZE, DICTIONARY_SIZES, WordContent
from bot.games.not_another_word.dictionary import COMBINE, WordIndex
from bot.games.not_another_word.events import WordEnd, WordEvent
from bot.games.not_another_word.judging import arranged, combined_with, judge
from bot.games.not_another_word.levels import computer_levels
from bot.games.not_another_word.state import NotAnotherWordOptions, NotAnotherWordState, TurnSeen
from bot.games.not_another_word.views import NotAnotherWordPublicView, NotAnotherWordSeatView

HAND_SIZE = 7
MAX_PLAYERS = 8
TYPED_WORD_LIMIT = 15
"""A chat message of one run of letters up to this long, from the player to act, is read as their word."""
COMMON, UNCOMMON = "common", "uncommon"


class NotAnotherWordRules(GameRules[NotAnotherWordState, NotAnotherWordAction]):
    """The rules of Not Another Word, with rulings N1-N7, over a word list and its blocklist."""

    key = "not_another_word"
    title = "Not Another Word"
    min_players = 2
    max_players = MAX_PLAYERS
    practice_opponents = 2
    gives_hints = True
    state_type = NotAnotherWordState
    event_kinds = WordEvent
    end_reasons = WordEnd
    takes_typed_moves = True
    fixed_fields = ("options", "computer_seats")
    # Each option's help is shown to players as it stands (one line under the lobby's menu): plain words, no
    # ruling codes. The rulings: dictionary N1, starting word N3, table blocked N7.
    options = (
        Option(
            "dictionary",
            "Dictionary",
            tuple(DICTIONARY_SIZES),
            "common: everyday words; large: more rare ones; expert: every word of the big list.",
        ),
        Option("start_word", "Starting word", (COMMON, UNCOMMON), "An uncommon starting word is harder to build on."),
        Option(
            "table_blocked",
            "Table blocked",
            (False, True),
            "The last word also wins when no other player can make a word from it with their own cards.",
        ),
        Option(
            COMPUTER_PLAYERS_OPTION,
            "Computer players",
            tuple(range(MAX_PLAYERS)),
            "How many of the seats are computer players; they sit after the humans.",
        ),
        COMPUTER_LEVEL,
    )

    def __init__(self, content: WordContent) -> None:
        self.content = content
        self._levels = computer_levels(self)
        self.dictionaries = {name: WordIndex(content.words_up_to(size)) for name, size in DICTIONARY_SIZES.items()}
        self._starting_words = {
            (name, band): tuple(
                word
                for word in content.words_up_to(size)
                if (content.sizes[word] <= COMMON_WORD_SIZE) == (band == COMMON)
                and word not in content.blocklist
                and deck_holds(word)
            )
            for name, size in DICTIONARY_SIZES.items()
            for band in (COMMON, UNCOMMON)
        }

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> NotAnotherWordState:
        """Deal the starting word from the deck's own cards (ruling N3), then seven cards each; a random seat
        starts, as if sitting left of the dealer."""
        seat_count = seating.seat_count
        if not self.min_players <= seat_count <= self.max_players:
            raise ValueError(f"{self.title} is for {self.min_players}-{self.max_players} players, not {seat_count}")
        chosen = NotAnotherWordOptions(**self.resolve_options(options))
        rng = SeededRandom(seed)
        dictionary = self.dictionaries[chosen.dictionary]
        candidates = self._starting_words[(chosen.dictionary, chosen.start_word)]
        word = rng.pick(candidates)
        while not dictionary.has_successor(word):  # a word nobody could follow would end the game at once
            word = rng.pick(candidates)
        deck = list(full_deck())
        stacks = []
        for letter in word:
            card = next(card for card in deck if letter_of(card) == letter)
            deck.remove(card)
            stacks.append((card,))
        deck = rng.shuffled(deck)
        dealt = HAND_SIZE * seat_count
        return NotAnotherWordState(
            options=chosen,
            computer_seats=tuple(sorted(seating.computers)),
            stacks=tuple(stacks),
            hands=tuple(sorted_hand(deck[seat:dealt:seat_count]) for seat in range(seat_count)),
            draw_pile=tuple(deck[dealt:]),
            discards=(),
            turn=rng.below(seat_count),
            turns=0,
            last_word_by=None,
            final_turns_left=None,
            result=None,
            placings=(),
        )

    def actors(self, state: NotAnotherWordState) -> frozenset[Seat]:
        """The seat whose turn it is; nobody once the match is over."""
        return frozenset() if state.result is not None else frozenset({state.turn})

    def legal_actions(self, state: NotAnotherWordState, seat: Seat) -> tuple[NotAnotherWordAction, ...]:
        """Every word the seat can make (alphabetically), then every different exchange, smallest first; or,
        when its only words are blocklisted and there is nothing to exchange for, those words and a pass."""
        if state.result is not None or seat != state.turn:
            return ()
        hand = state.hands[seat]
        words = sorted({word for _, word in self._dictionary(state).successors(state.word, letters_of(hand))})
        exchanges: dict[str, Exchange] = {}
        for count in range(1, min(len(hand), len(state.draw_pile)) + 1):
            for cards in combinations(hand, count):
                exchanges.setdefault(letters_of(cards), Exchange(cards))
        passes = (Pass(),) if self._may_pass(state, seat) else ()
        return (*(MakeWord(word) for word in words), *exchanges.values(), *passes)

    def apply(
        self, state: NotAnotherWordState, seat: Seat, action: NotAnotherWordAction
    ) -> tuple[NotAnotherWordState, list[Event]]:
        """Return the state after `seat` takes `action` and the events it caused; refuse illegal moves."""
        if state.result is not None:
            raise IllegalAction("The game is over")
        if seat != state.turn:
            raise IllegalAction("It is not your turn")
        if isinstance(action, MakeWord):
            return self._make_word(state, seat, action.word)
        if isinstance(action, Exchange):
            return self._exchange(state, seat, action.cards)
        if isinstance(action, Pass):
            return self._pass(state, seat)
        raise IllegalAction("That is not a Not Another Word move")

    def outcome(self, state: NotAnotherWordState) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        if state.result is None:
            return None
        return Outcome(winners=state.placings[0], reason=state.result, placings=state.placings)

    def view(self, state: NotAnotherWordState, seat: Seat | None) -> NotAnotherWordPublicView | NotAnotherWordSeatView:
        """The public table for None; for a seat, the table with its hand."""
        public = NotAnotherWordPublicView(
            options=state.options,
            word=state.word,
            heights=tuple(len(stack) for stack in state.stacks),
            hand_sizes=tuple(len(hand) for hand in state.hands),
            to_act=None if state.result is not None else state.turn,
            draw_pile_size=len(state.draw_pile),
            discard_pile_size=len(state.discards),
            final_turns_left=state.final_turns_left,
            outcome=self.outcome(state),
            turns_seen=state.turns_seen,
        )
        if seat is None:
            return public
        may_exchange = state.result is None and seat == state.turn
        limit = min(len(state.hands[seat]), len(state.draw_pile)) if may_exchange else 0
        return NotAnotherWordSeatView(public, seat, state.hands[seat], limit)

    def hidden_from(self, state: NotAnotherWordState, seat: Seat | None) -> frozenset[str]:
        """The draw pile's cards, and every hand but the seat's own."""
        hidden = set(state.draw_pile)
        for holder, hand in enumerate(state.hands):
            if holder != seat:
                hidden.update(hand)
        return frozenset(hidden)

    def parse_action(self, text: str) -> NotAnotherWordAction:
        """Read "word pawn", "exchange Q01 Z01" or "pass"."""
        verb, _, rest = text.strip().partition(" ")
        if verb.lower() == "pass" and not rest.strip():
            return Pass()
        if verb.lower() == "word" and rest.strip():
            return MakeWord(rest.strip().lower())
        if verb.lower() == "exchange" and rest.split():
            return Exchange(tuple(read_card(card) for card in rest.split()))
        raise ParseError(f"{text!r} is not a Not Another Word move: try 'word pawn' or 'exchange Q01 Z01'")

    def read_typed(
        self, state: NotAnotherWordState, seat: Seat | None, text: str, arrival: int, *, commanded: bool = False
    ) -> TypedMove | None:
        """A message from the player to act that is one run of letters is their word; anything else is chat. A
        command's text is their word however it is written, refused with its reason as the box's would be."""
        word = text.strip()
        if seat is None:
            return None
        if not commanded and not (word.isascii() and word.isalpha() and len(word) <= TYPED_WORD_LIMIT):
            return None
        return TypedMove(MakeWord(word.lower()))

    def computer_levels(self) -> ComputerLevels[NotAnotherWordState, NotAnotherWordAction]:
        return self._levels

    def timers(self, state: NotAnotherWordState) -> Sequence[Timer]:
        """A computer player's turn; it decides when its timer falls due."""
        if state.result is not None or state.turn not in state.computer_seats:
            return ()
        return (Timer(f"computer-{state.turns}", COMPUTER_DELAY, partial(self._computer_action, state), state.turn),)

    def explain_action(self, state: NotAnotherWordState, seat: Seat, action: NotAnotherWordAction) -> str:
        return hints.explain(self._dictionary(state), state, seat, action)

    def decision(self, state: NotAnotherWordState, seat: Seat) -> Decision | None:
        return hints.decision(self._dictionary(state), state, seat)

    # The turns.

    def _dictionary(self, state: NotAnotherWordState) -> WordIndex:
        return self.dictionaries[state.options.dictionary]

    def _computer_action(self, state: NotAnotherWordState, arrival: int) -> NotAnotherWordAction:
        return choose_action(self, state, state.turn, state.options.computer_level)

    def _make_word(self, state: NotAnotherWordState, seat: Seat, word: str) -> tuple[NotAnotherWordState, list[Event]]:
        hand = state.hands[seat]
        previous = state.word
        move = judge(previous, word, letters_of(hand), self._dictionary(state), state.options.dictionary)
        card = None if move.kind == COMBINE else next(card for card in hand if letter_of(card) == move.letter)
        on = combined_with(state.stacks, move.letter) if move.kind == COMBINE else move.on
        remaining = hand if card is None else tuple(held for held in hand if held != card)
        state = evolve(
            state,
            stacks=arranged(state.stacks, move, word, card),
            hands=_replaced(state.hands, seat, remaining),
            last_word_by=seat,
            turns_seen=(*state.turns_seen, TurnSeen(seat, previous, made=word)),
        )
        data: dict[str, Any] = {"word": word, "previous": previous, "how": move.kind, "letter": move.letter, "on": on}
        if card is not None:
            data["card"] = card
        events = [Event(WordEvent.WORD_MADE, seat, data)]
        if not remaining:
            return self._end(state, WordEnd.OUT_OF_CARDS, seat, events)
        if not self._dictionary(state).has_another_word(word, previous):
            return self._end(state, WordEnd.NOT_ANOTHER_WORD, seat, events)
        if state.options.table_blocked and not any(
            self._can_make_word(state, other) for other in range(state.seat_count) if other != seat
        ):
            return self._end(state, WordEnd.TABLE_BLOCKED, seat, events)
        return self._turn_done(state, events)

    def _exchange(
        self, state: NotAnotherWordState, seat: Seat, cards: tuple[Card, ...]
    ) -> tuple[NotAnotherWordState, list[Event]]:
        hand = state.hands[seat]
        if not cards:
            raise IllegalAction("Choose at least one card to exchange")
        if len(set(cards)) != len(cards) or not set(cards) <= set(hand):
            raise IllegalAction("You can only exchange cards you hold")
        if len(cards) > len(state.draw_pile):
            if not state.draw_pile:
                raise IllegalAction("The draw pile is empty, so there is nothing to exchange for")
            raise IllegalAction(f"The draw pile holds only {len(state.draw_pile)}: exchange that many at most")
        drawn, draw_pile = state.draw_pile[: len(cards)], state.draw_pile[len(cards) :]
        kept = tuple(card for card in hand if card not in cards)
        state = evolve(
            state,
            hands=_replaced(state.hands, seat, sorted_hand((*kept, *drawn))),
            draw_pile=draw_pile,
            discards=(*state.discards, *cards),
            turns_seen=(*state.turns_seen, TurnSeen(seat, state.word, exchanged=letters_of(cards))),
        )
        events = [
            Event(WordEvent.CARDS_EXCHANGED, seat, {"cards": list(cards), "draw_pile": len(draw_pile)}),
            Event(WordEvent.CARDS_DRAWN, seat, {"cards": list(drawn)}, visible_to=(seat,)),
        ]
        if not draw_pile:
            # Ruling N6: once this turn ends, everyone, the drawer included, has exactly one more turn.
            events.append(Event(WordEvent.LAST_CARD_DRAWN, seat, {"turns": state.seat_count}))
            return self._turn_done(evolve(state, final_turns_left=state.seat_count + 1), events)
        return self._turn_done(state, events)

    def _pass(self, state: NotAnotherWordState, seat: Seat) -> tuple[NotAnotherWordState, list[Event]]:
        if state.draw_pile:
            raise IllegalAction("You can still exchange cards, so you cannot pass")
        if not self._may_pass(state, seat):
            raise IllegalAction("You have a word to make, so you cannot pass")
        return self._turn_done(state, [Event(WordEvent.TURN_PASSED, seat, {"reason": "only_blocklisted"})])

    def _turn_done(self, state: NotAnotherWordState, events: list[Event]) -> tuple[NotAnotherWordState, list[Event]]:
        """Hand the turn on, passing for players who have no move in the final round (ruling N6)."""
        while True:
            left = None if state.final_turns_left is None else state.final_turns_left - 1
            state = evolve(
                state, turn=(state.turn + 1) % state.seat_count, turns=state.turns + 1, final_turns_left=left
            )
            if left == 0:
                return self._end_final_round(state, events)
            if state.draw_pile or self._can_move(state, state.turn):
                return state, events
            events.append(Event(WordEvent.TURN_PASSED, state.turn, {"reason": "no_move"}))

    def _can_make_word(self, state: NotAnotherWordState, seat: Seat) -> bool:
        return self._dictionary(state).has_successor(state.word, letters_of(state.hands[seat]))

    def _can_move(self, state: NotAnotherWordState, seat: Seat) -> bool:
        """Whether a seat with nothing left to exchange for has a word to make. A computer plays no blocklisted
        word, so one whose only words are blocklisted passes too."""
        if seat not in state.computer_seats:
            return self._can_make_word(state, seat)
        return self._has_allowed_word(state, seat)

    def _has_allowed_word(self, state: NotAnotherWordState, seat: Seat) -> bool:
        words = self._dictionary(state).successors(state.word, letters_of(state.hands[seat]))
        return any(word not in self.content.blocklist for _, word in words)

    def _may_pass(self, state: NotAnotherWordState, seat: Seat) -> bool:
        """Whether the seat to act may pass: nothing to exchange for, and no word but blocklisted ones, which a
        computer standing in for it would not play (ruling N1)."""
        return not state.draw_pile and not self._has_allowed_word(state, seat)

    def _end_final_round(
        self, state: NotAnotherWordState, events: list[Event]
    ) -> tuple[NotAnotherWordState, list[Event]]:
        sizes = sorted({len(hand) for hand in state.hands})
        placings = tuple(
            tuple(seat for seat in range(state.seat_count) if len(state.hands[seat]) == size) for size in sizes
        )
        state = evolve(state, result=WordEnd.FINAL_ROUND, placings=placings)
        events.append(Event(WordEvent.GAME_OVER, None, encode(self.outcome(state))))
        return state, events

    def _end(
        self, state: NotAnotherWordState, reason: WordEnd, winner: Seat, events: list[Event]
    ) -> tuple[NotAnotherWordState, list[Event]]:
        """The word's maker wins; everyone else places by how few cards they hold."""
        others = [seat for seat in range(state.seat_count) if seat != winner]
        sizes = sorted({len(state.hands[seat]) for seat in others})
        placings = ((winner,), *(tuple(seat for seat in others if len(state.hands[seat]) == size) for size in sizes))
        state = evolve(state, result=reason, placings=placings)
        events.append(Event(WordEvent.GAME_OVER, None, encode(self.outcome(state))))
        return state, events


def _replaced(hands: tuple[tuple[Card, ...], ...], seat: Seat, hand: tuple[Card, ...]) -> tuple:
    return (*hands[:seat], hand, *hands[seat + 1 :])
