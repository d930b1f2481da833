"""Anomia: a party card game for 3-6 players about blurting out examples faster than an opponent.

Players take turns flipping category cards ("A breakfast cereal") from two draw piles onto their own play piles.
When two players' top cards show the same symbol, or the two symbols of the active wild card, those two face off:
each must give an example of the OPPONENT's category, and the first valid answer in Discord's message order wins
the loser's top card. A loser's next card may start a new face-off (a cascade). When the draw piles are empty and
no face-off is possible, the most cards won wins.

The published rules leave much open for a chat game; rulings M1-M13 in the project's RULINGS.md settle it and are
cited where they apply. Where even they are silent, the decision is explained beside the code that makes it.

How play always moves on, with legal actions alone (no timers): the flipper's only actions are flips, which empty
the draw piles; a face-off's first answer starts a short settling window that a SYSTEM "settle" timer closes, but
as soon as BOTH face-off players have answered, the race is decided at once (neither can still be ahead, unless
they sent two messages and the earlier is still in flight: a risk we accept); votes end when decided; the loser's
"accept" ends a challenge window. Ties draw tie-breakers from the draw piles and, with none left, re-run the race.

This module holds `AnomiaRules`: the game's declaration and the engine's interface, which hands each action to
the module that plays it (see the package's docstring for the map).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import chain
from typing import Any

from bot.engine import (
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Event,
    GameRules,
    IllegalAction,
    Option,
    Outcome,
    Seat,
    Seating,
    SeededRandom,
    Timer,
    TypedMove,
)
from bot.engine.codec import JSON, decode_fields
from bot.engine.levels import ComputerLevels
from bot.games.anomia.actions import (
    ACCEPT,
    CHALLENGE_WORD,
    CLOSE_CHALLENGE,
    PILES,
    REMIND,
    SETTLE,
    SKIP,
    SYSTEM_COMMANDS,
    AnomiaAction,
    CastVote,
    Command,
    Flip,
    GiveAnswer,
    Heard,
    parse,
)
from bot.games.anomia.ballots import accept, challenge, close_challenge, vote
from bot.games.anomia.computers import COMPUTER_PACE, representative_answers, timers_of
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.deck import Deck, build_deck, card_text
from bot.games.anomia.events import AnomiaEnd, AnomiaEvent
from bot.games.anomia.faceoff import give_answer, hear, may_skip, remind, settle_command, skip_command, skip_voters
from bot.games.anomia.flipping import flip, outcome_of
from bot.games.anomia.judging import accepted_forms
from bot.games.anomia.levels import COMPUTER_LEVEL_HERE, computer_levels
from bot.games.anomia.state import (
    ASYNC,
    CHALLENGE,
    LISTS,
    LIVE,
    OPEN,
    SETTLING,
    TRUST,
    VOTE,
    VOTING,
    AnomiaOptions,
    AnomiaState,
)
from bot.games.anomia.views import AnomiaPublicView, AnomiaSeatView, public_view, seat_view

_COMMAND_HANDLERS = {
    SETTLE: settle_command,
    CHALLENGE_WORD: challenge,
    ACCEPT: accept,
    CLOSE_CHALLENGE: close_challenge,
    SKIP: skip_command,
    REMIND: remind,
}
"""What each command word does; each takes the content, the state and the seat that gave it."""


class AnomiaRules(GameRules[AnomiaState, AnomiaAction]):
    """The rules of Anomia, with rulings M1-M13, over a pool of categories and symbols."""

    key = "anomia"
    title = "Anomia"
    state_type = AnomiaState
    event_kinds = AnomiaEvent
    end_reasons = AnomiaEnd
    takes_typed_moves = True
    fixed_fields = ("options", "deck", "computer_seats", "opener")
    min_players = 3
    max_players = 6  # ruling M3: two players are not offered
    practice_opponents = 3
    # Each option's help is shown to players as it stands (one line under the lobby's menu): plain words, no
    # ruling codes. The rulings: judging M7 (trust the default), no repeats M8, ties M9, reminders M12.
    options = (
        Option(
            "judging",
            "Judging",
            (TRUST, LISTS, VOTE),
            "trust: answers win, the loser may challenge; lists: others go to a vote; vote: all are voted on.",
        ),
        Option("no_repeat", "No repeats", (True, False), "An answer already said for a category cannot win again."),
        Option(
            "tie_window_ms",
            "Tie window (milliseconds)",
            (0, 250, 500, 1000),
            "Answers this many milliseconds apart are a tie, settled by a tie-breaker card.",
        ),
        Option("timing", "Timing", (LIVE, ASYNC), "live: reminders after a minute; async: after 12 hours."),
        Option(
            COMPUTER_PLAYERS_OPTION,
            "Computer players",
            (0, 1, 2, 3, 4, 5),
            "How many of the seats are computer players; they sit after the humans.",
        ),
        Option(
            "computer_pace",
            "Computer pace",
            tuple(COMPUTER_PACE),
            "How long computer players take to answer: steady (4-9 s live), quick (half that), slow (twice).",
        ),
        COMPUTER_LEVEL_HERE,
    )

    def __init__(self, content: AnomiaContent) -> None:
        self.content = content
        for category in content.categories:
            accepted_forms(category)  # built now, so no answer waits for its category's
        self._last_public: tuple[AnomiaState | None, AnomiaPublicView | None] = (None, None)
        """The last state whose public table `view` built, and that table."""

    def encode_fixed(self, state: AnomiaState) -> JSON:
        """The fixed fields, the deck as a text per card (`card_text`), which reads back a card at a time."""
        return {**super().encode_fixed(state), "deck": [card_text(card) for card in state.deck]}

    def decode_fixed(self, data: JSON) -> Mapping[str, Any]:
        """What `encode_fixed` wrote, or, in a match dealt before decks were stored as text, whole cards."""
        deck = data["deck"]
        if deck and not isinstance(deck[0], str):
            return super().decode_fixed(data)
        others = tuple(name for name in self.fixed_fields if name != "deck")
        return {**decode_fields(self.state_type, data, others), "deck": Deck(deck)}

    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> AnomiaState:
        """Build the deck (M1-M3), shuffle it into two draw piles (M4) and pick the first flipper at random."""
        seat_count = seating.seat_count
        if not self.min_players <= seat_count <= self.max_players:
            raise ValueError(f"Anomia is for {self.min_players}-{self.max_players} players, not {seat_count}")
        chosen = AnomiaOptions(**self.resolve_options(options))
        rng = SeededRandom(seed)
        deck = build_deck(self.content, seat_count, rng)
        shuffled = rng.shuffled([card.id for card in deck])
        half = (len(shuffled) + 1) // 2
        return AnomiaState(
            options=chosen,
            deck=deck,
            computer_seats=tuple(sorted(seating.computers)),
            draw_piles=(tuple(shuffled[:half]), tuple(shuffled[half:])),
            play_piles=((),) * seat_count,
            winning_piles=((),) * seat_count,
            wilds=(),
            flipper=rng.below(seat_count),  # ruling M4
            again=False,
            flips=0,
            faceoff=None,
            faceoffs=0,
            used=(),
            skipped=(),
            arrival_high=0,
            last=None,
            result=None,
            placings=(),
            rng_state=rng.state,
            opener=seating.opener,
        )

    def actors(self, state: AnomiaState) -> frozenset[Seat]:
        """The flipper; both face-off players (and, once reminded, those who may skip); voters; the loser in a
        challenge window; nobody once the game is over."""
        if state.result is not None:
            return frozenset()
        faceoff = state.faceoff
        if faceoff is None:
            return frozenset({state.flipper})
        if faceoff.phase == VOTING:
            ballot = faceoff.ballot
            return frozenset(seat for seat in ballot.voters if seat not in ballot.yes + ballot.no)
        if faceoff.phase == CHALLENGE:
            return frozenset({faceoff.challenger()})
        # A player whose answer is in waits for the race to be decided (the first answer in Discord's order
        # counts, so a second one could not win it for them).
        seats = {seat for seat in faceoff.seats if not faceoff.has_live_answer(seat)}
        if may_skip(state):
            seats.add(state.opener)
            seats.update(seat for seat in skip_voters(state) if seat not in faceoff.skip_votes)
        return frozenset(seats)

    def legal_actions(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaAction, ...]:
        """Flips; for face-off players a few representative answers (one listed, one made up); votes; challenge
        or accept; skip where allowed. Answer texts are free, so the answers listed are examples only."""
        may_answer, others = self._offer(state, seat)
        if may_answer:
            return (*representative_answers(self.content, state, seat), *others)
        return others

    def _offer(self, state: AnomiaState, seat: Seat) -> tuple[bool, tuple[AnomiaAction, ...]]:
        """Whether `seat` may answer now, and its legal actions other than answers."""
        if seat not in self.actors(state):
            return False, ()
        faceoff = state.faceoff
        if faceoff is None:
            return False, tuple(Flip(pile) for pile, cards in zip(PILES, state.draw_piles, strict=True) if cards)
        if faceoff.phase == VOTING:
            return False, (CastVote(True), CastVote(False))
        if faceoff.phase == CHALLENGE:
            return False, (Command(CHALLENGE_WORD), Command(ACCEPT))
        may_answer = seat in faceoff.seats and not faceoff.has_live_answer(seat)
        if may_skip(state) and (seat == state.opener or seat not in faceoff.seats):
            return may_answer, (Command(SKIP),)
        return may_answer, ()

    def apply(self, state: AnomiaState, seat: Seat, action: AnomiaAction) -> tuple[AnomiaState, list[Event]]:
        """Return the state after `seat` (or SYSTEM) takes `action`, and its events; refuse illegal moves."""
        if state.result is not None:
            raise IllegalAction("The game is over")
        if isinstance(action, Flip):
            return flip(self.content, state, seat, action.pile)
        if isinstance(action, GiveAnswer):
            return give_answer(self.content, state, seat, action)
        if isinstance(action, Heard):
            return hear(state, seat, action.text)
        if isinstance(action, CastVote):
            return vote(self.content, state, seat, action.upheld)
        if isinstance(action, Command):
            if action.word in SYSTEM_COMMANDS and seat != SYSTEM:
                raise IllegalAction(f"Only the game's clock may {action.word}")
            return _COMMAND_HANDLERS[action.word](self.content, state, seat)
        raise IllegalAction("That is not an Anomia action")

    def outcome(self, state: AnomiaState) -> Outcome | None:
        """Most cards won wins, equal counts share (ruling M13); reason PILES_EMPTY."""
        return outcome_of(state)

    def view(self, state: AnomiaState, seat: Seat | None) -> AnomiaPublicView | AnomiaSeatView:
        """The public table for None; for a seat, the table plus the kinds of action it may take."""
        # Views of one state come in runs (the host's snapshot shows the table, then seats' views of it), and
        # every seat's holds the same table: it is built once per state. The state is kept, so `is` is safe.
        last_state, public = self._last_public
        if state is not last_state:
            public = public_view(self.content, state)
            self._last_public = (state, public)
        if seat is None:
            return public
        return seat_view(public, seat, *self._offer(state, seat))  # kinds of action: no example answers needed

    def choice_context(self, state: AnomiaState, seat: Seat | None) -> Any:
        """The table less what others add while a seat decides: votes and skip votes cast, reminders, and the
        chat heard as said. Voters vote at once, and a vote, a skip or a challenge rests on the answer and the
        cards, not on how the others voted or what they said meanwhile."""
        view = self.view(state, seat)
        public = view if seat is None else view.public
        faceoff = public.faceoff
        if faceoff is not None:
            faceoff = replace(faceoff, votes_yes=0, votes_no=0, skip_votes=0, reminders=0)
        calm = replace(public, faceoff=faceoff, used_answers=0)
        return calm if seat is None else replace(view, public=calm)

    def hidden_from(self, state: AnomiaState, seat: Seat | None) -> frozenset[str]:
        """The ids of the cards in the draw piles, the same for every seat."""
        return frozenset(chain.from_iterable(state.draw_piles))

    def parse_action(self, text: str) -> AnomiaAction:
        """Read "flip left", "answer <arrival> <text>", "heard <text>", "vote yes", "skip" and the rest."""
        return parse(text)

    def typed_only(self, action: AnomiaAction) -> bool:
        """Answers race by their message's arrival key (ruling M6), and what was heard is the channel's own
        chat: both come only from typed messages."""
        return isinstance(action, GiveAnswer | Heard)

    def read_typed(
        self, state: AnomiaState, seat: Seat | None, text: str, arrival: int, *, commanded: bool = False
    ) -> TypedMove | None:
        """In a face-off, a face-off player's message is their answer, raced by its arrival key (ruling M6);
        anything else said meanwhile counts as said (ruling M8). Outside face-offs chat is just chat."""
        faceoff = state.faceoff
        text = text.strip()
        if faceoff is None or not text:
            return None
        if seat in faceoff.seats and faceoff.phase in (OPEN, SETTLING):
            return TypedMove(GiveAnswer(arrival, text))
        return TypedMove(Heard(text), by_game=True)

    def computer_levels(self) -> ComputerLevels[AnomiaState, AnomiaAction]:
        return computer_levels(self)

    def timers(self, state: AnomiaState) -> Sequence[Timer]:
        """The game's clock and its computer players: flips, answers, votes, settling, challenge windows and
        reminders. A computer's answer races typed ones, so it takes the arrival key of the moment it falls due."""
        return timers_of(self.content, state)
