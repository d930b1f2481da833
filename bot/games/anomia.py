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
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import pairwise
from typing import Any

from bot.content.anomia import AnomiaContent, Category, Predicate
from bot.engine import (
    ARRIVAL_PLACEHOLDER,
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Event,
    GameRules,
    IllegalAction,
    Option,
    Outcome,
    ParseError,
    Seat,
    SeededRandom,
    Timer,
)

LEFT, RIGHT = "left", "right"
PILES = (LEFT, RIGHT)
LISTS, TRUST, VOTE = "lists", "trust", "vote"
LIVE, ASYNC = "live", "async"

OPEN, SETTLING, CHALLENGE, VOTING = "open", "settling", "challenge", "vote"
"""Face-off phases: waiting for answers; an answer is in and earlier-keyed ones may still arrive; a provisional
winner's answer may be challenged (judging "trust"); the other players are voting on an answer."""

LISTED, DOUBTFUL, UPHELD, REJECTED, REPEATED = "listed", "doubtful", "upheld", "rejected", "repeated"
"""Candidate answers: valid at once; needs a vote; a vote found it valid; a vote or challenge refused it; a
duplicate of an earlier-keyed answer for the same category (no-repeat, ruling M8)."""
_LIVE_STATUSES = (LISTED, DOUBTFUL, UPHELD)

TIMESTAMP_SHIFT = 22
"""A Discord snowflake's millisecond timestamp is the key shifted right by 22 bits (ruling M6)."""
REPRESENTATIVE_GAP_MS = 2000
"""The gap between representative arrival keys in `legal_actions`: wider than any tie window (ruling M9)."""
MAX_REMINDERS = 3
FLIP_DELAY = {LIVE: 2.0, ASYNC: 5.0}
SETTLE_DELAY = {LIVE: 0.75, ASYNC: 0.75}
REMIND_DELAY = {LIVE: 60.0, ASYNC: 12 * 3600.0}  # ruling M12
CHALLENGE_DELAY = {LIVE: 15.0, ASYNC: 12 * 3600.0}  # ruling M7: 15 s by default
COMPUTER_ANSWER_MS = {LIVE: (4000, 9000), ASYNC: (600_000, 3_600_000)}
"""How long a computer takes to answer. In async play humans answer over hours, so computers take 10-60 minutes
rather than seconds; otherwise no human could ever beat them."""
COMPUTER_PACE = {"steady": 1.0, "quick": 0.5, "slow": 2.0}
"""The `computer_pace` option: a factor on the computer's answering time."""
COMPUTER_DECISION_DELAY = {LIVE: 2.0, ASYNC: 5.0}
"""How long a computer takes to vote, or to accept or challenge in a challenge window."""
NONSENSE_WORD = "xyzzy"
"""The base of the made-up answer `legal_actions` offers as its representative wrong answer."""

_PREDICATE_WORD_TEXT = (
    "apple anchor banana bubble cat civic coffee dog egg eye fish goat hat ink igloo jam jazz kayak kite lemon "
    "level lion llama madam mango moon nest noon owl pepper pig pizza queen quilt radar rain refer rotor sun "
    "stats tree umbrella van wolf xylophone yak yellow zebra zoo balloon book door grass hill kettle letter "
    "rabbit summer tennis water window guitar orange piano rocket"
)
PREDICATE_WORDS = tuple(_PREDICATE_WORD_TEXT.split())
"""A fixed word list computers (and `legal_actions`) use for categories ruled by a predicate ("Starts with Q")."""


# Answers: normalisation and matching (ruling M7). Pure, so the rules and any renderer can share them.


def normalise_answer(text: str) -> str:
    """Accents stripped, case folded, punctuation dropped, spaces collapsed, a leading a/an/the dropped (M7)."""
    decomposed = unicodedata.normalize("NFKD", text)
    folded = "".join(char for char in decomposed if not unicodedata.combining(char)).casefold()
    kept = "".join(char for char in folded if char.isalnum() or char.isspace())
    words = kept.split()
    if len(words) > 1 and words[0] in ("a", "an", "the"):
        words = words[1:]
    return " ".join(words)


@lru_cache(maxsize=65536)
def answer_key(text: str) -> str:
    """The normalised answer without spaces, so "hip-hop", "Hip Hop" and "hiphop" compare equal."""
    return normalise_answer(text).replace(" ", "")


@lru_cache(maxsize=65536)
def plural_forms(key: str) -> frozenset[str]:
    """The key and its forms without a trailing "es" or "s": two answers match when their forms meet (M7)."""
    forms = {key}
    if key.endswith("es") and len(key) > 3:
        forms.add(key[:-2])
    if key.endswith("s") and len(key) > 2:
        forms.add(key[:-1])
    return frozenset(forms)


@lru_cache(maxsize=4096)
def accepted_forms(category: Category) -> frozenset[str]:
    """Every plural form of every listed answer and alias of `category`."""
    forms: set[str] = set()
    for answer in category.answers:
        for text in (answer.text, *answer.aliases):
            key = answer_key(text)
            if key:
                forms |= plural_forms(key)
    return frozenset(forms)


@lru_cache(maxsize=65536)
def satisfies(predicate: Predicate, text: str) -> bool:
    """Whether a one-word answer meets a predicate such as starts_with "q" or letter_count 5."""
    word = normalise_answer(text)
    if not word or not word.isalpha():
        return False  # one word, letters only
    arg = predicate.arg
    letters = answer_key(str(arg)) if isinstance(arg, str) else ""
    if predicate.name == "starts_with":
        return bool(letters) and word.startswith(letters)
    if predicate.name == "ends_with":
        return bool(letters) and word.endswith(letters)
    if predicate.name == "contains":
        return bool(letters) and letters in word
    if predicate.name == "letter_count":
        return len(word) == arg
    if predicate.name == "palindrome":
        return len(word) >= 3 and word == word[::-1]
    if predicate.name == "double_letter":
        return any(first == second for first, second in pairwise(word))
    if predicate.name == "no_letter":
        return bool(letters) and not any(letter in word for letter in letters)
    return False


def answer_matches(category: Category, text: str) -> bool:
    """Whether `text` is a listed answer or alias (plural forms allowed) or meets the category's predicate."""
    key = answer_key(text)
    if not key:
        return False
    if plural_forms(key) & accepted_forms(category):
        return True
    return category.predicate is not None and satisfies(category.predicate, text)


def _said_before(key: str, said: Sequence[str]) -> bool:
    forms = plural_forms(key)
    return any(forms & plural_forms(other) for other in said)


# Actions


@dataclass(frozen=True)
class Flip:
    """Flip the top card of the left or right draw pile onto your play pile."""

    pile: str

    @property
    def notation(self) -> str:
        return f"flip {self.pile}"


@dataclass(frozen=True)
class GiveAnswer:
    """Give an answer in a face-off; `arrival` orders answers as Discord did (a message snowflake, M6)."""

    arrival: int
    text: str

    @property
    def notation(self) -> str:
        return f"answer {self.arrival} {self.text}"


@dataclass(frozen=True)
class Heard:
    """SYSTEM: someone typed `text` in the channel during a face-off; it counts as said (ruling M8)."""

    text: str

    @property
    def notation(self) -> str:
        return f"heard {self.text}"


@dataclass(frozen=True)
class CastVote:
    """Vote on the answer under vote: yes upholds it."""

    upheld: bool

    @property
    def notation(self) -> str:
        return "vote yes" if self.upheld else "vote no"


@dataclass(frozen=True)
class Command:
    """A word action: settle, challenge, accept, close challenge, skip or remind."""

    word: str

    @property
    def notation(self) -> str:
        return self.word


SETTLE, CHALLENGE_WORD, ACCEPT, CLOSE_CHALLENGE, SKIP, REMIND = (
    "settle",
    "challenge",
    "accept",
    "close challenge",
    "skip",
    "remind",
)
_COMMANDS = (SETTLE, CHALLENGE_WORD, ACCEPT, CLOSE_CHALLENGE, SKIP, REMIND)
_SYSTEM_COMMANDS = (SETTLE, CLOSE_CHALLENGE, REMIND)

AnomiaAction = Flip | GiveAnswer | Heard | CastVote | Command


# State


@dataclass(frozen=True)
class AnomiaOptions:
    """The table options chosen when the match was opened."""

    judging: str = TRUST
    no_repeat: bool = True
    tie_window_ms: int = 0
    timing: str = LIVE
    computer_players: int = 0
    computer_pace: str = "steady"


@dataclass(frozen=True)
class Card:
    """A category card (one symbol) or a wild card (two symbols). Symbols are indexes into the content's list."""

    id: str
    symbols: tuple[int, ...]
    category: str | None = None

    @property
    def is_wild(self) -> bool:
        return self.category is None


@dataclass(frozen=True)
class Candidate:
    """An answer given in the current round of a face-off."""

    seat: Seat
    text: str
    arrival: int
    category: str
    status: str

    @property
    def is_live(self) -> bool:
        return self.status in _LIVE_STATUSES


@dataclass(frozen=True)
class Ballot:
    """A vote among the other players on one candidate answer."""

    candidate: int
    """Index into the face-off's candidates."""
    reason: str
    """"vote" (an answer that needs one, ruling M7) or "challenge" (the loser challenged it)."""
    voters: tuple[Seat, ...]
    yes: tuple[Seat, ...] = ()
    no: tuple[Seat, ...] = ()


@dataclass(frozen=True)
class FaceOff:
    """Two players racing to answer each other's category (ruling M5)."""

    number: int
    seats: tuple[Seat, Seat]
    categories: tuple[str, str]
    """The category each of `seats` must answer: the opponent's, or after a tie the tie-breaker's (M9)."""
    phase: str = OPEN
    round: int = 0
    """Counts ties: each tie starts a new round with new categories."""
    candidates: tuple[Candidate, ...] = ()
    leader: int | None = None
    """In the challenge phase: the candidate that wins unless challenged."""
    ballot: Ballot | None = None
    tiebreakers: tuple[str, ...] = ()
    reminders: int = 0
    skip_votes: tuple[Seat, ...] = ()

    def category_of(self, seat: Seat) -> str:
        return self.categories[self.seats.index(seat)]

    def opponent(self, seat: Seat) -> Seat:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]


@dataclass(frozen=True)
class Resolution:
    """How the last face-off ended: "answered" or "skipped"."""

    seats: tuple[Seat, Seat]
    reason: str
    winner: Seat | None = None
    answer: str | None = None
    card: str | None = None


@dataclass(frozen=True)
class AnomiaState:
    """A whole match, draw piles included. Only `AnomiaRules.view` may show it to players."""

    options: AnomiaOptions
    deck: tuple[Card, ...]
    """Every card of this match, in id order."""
    computer_seats: tuple[Seat, ...]
    draw_piles: tuple[tuple[str, ...], tuple[str, ...]]
    """Left and right draw piles, top card first."""
    play_piles: tuple[tuple[str, ...], ...]
    """Each seat's play pile, bottom first: the last card is the top card."""
    winning_piles: tuple[tuple[str, ...], ...]
    wilds: tuple[str, ...]
    """Wild cards in the centre, oldest first: the last one is active (ruling M11)."""
    flipper: Seat
    """Whose flip it is, or during face-offs who flipped last."""
    again: bool
    """The last flip was a wild, so its flipper flips again once face-offs are done (ruling M11)."""
    flips: int
    faceoff: FaceOff | None
    faceoffs: int
    used: tuple[tuple[str, str], ...]
    """(category id, answer key) pairs already said this game (ruling M8), sorted."""
    skipped: tuple[tuple[str, str], ...]
    """Pairs of top cards whose face-off was skipped: they do not face off again (ruling M12)."""
    arrival_high: int
    """The highest arrival key seen, for representative keys in `legal_actions`."""
    last: Resolution | None
    result: str | None
    placings: tuple[tuple[Seat, ...], ...]
    rng_state: int

    @property
    def seat_count(self) -> int:
        return len(self.play_piles)

    def top(self, seat: Seat) -> str | None:
        pile = self.play_piles[seat]
        return pile[-1] if pile else None

    @property
    def active_wild(self) -> str | None:
        return self.wilds[-1] if self.wilds else None


# Views


@dataclass(frozen=True)
class TopCardView:
    card: str
    category: str
    category_name: str
    kind: str
    symbol: str


@dataclass(frozen=True)
class FaceOffView:
    number: int
    seats: tuple[Seat, Seat]
    categories: tuple[tuple[str, str], tuple[str, str]]
    """(category id, name) each of `seats` must answer."""
    candidates: tuple[tuple[Seat, str], ...]
    phase: str
    votes_yes: int
    votes_no: int
    voters: tuple[Seat, ...]
    under_vote: tuple[Seat, str] | None
    tiebreakers: int
    reminders: int
    skip_votes: int

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seats": list(self.seats),
            "categories": [list(category) for category in self.categories],
            "candidates": [list(candidate) for candidate in self.candidates],
            "phase": self.phase,
            "votes_yes": self.votes_yes,
            "votes_no": self.votes_no,
            "voters": list(self.voters),
            "under_vote": list(self.under_vote) if self.under_vote else None,
            "tiebreakers": self.tiebreakers,
            "reminders": self.reminders,
            "skip_votes": self.skip_votes,
        }


@dataclass(frozen=True)
class AnomiaPublicView:
    """What everyone at the table may see: everything except the order of the draw piles."""

    options: AnomiaOptions
    tops: tuple[TopCardView | None, ...]
    play_pile_sizes: tuple[int, ...]
    winning_pile_sizes: tuple[int, ...]
    active_wild: tuple[str, tuple[str, str]] | None
    """The active wild's card id and its two symbol ids."""
    draw_pile_sizes: tuple[int, int]
    flipper: Seat | None
    flips_again: bool
    faceoff: FaceOffView | None
    computer_seats: tuple[Seat, ...]
    last_resolution: Resolution | None
    used_answers: int
    outcome: Outcome | None

    def to_json(self) -> dict[str, Any]:
        """JSON data for renderers and leak checks."""
        last = self.last_resolution
        return {
            "options": {
                "judging": self.options.judging,
                "no_repeat": self.options.no_repeat,
                "tie_window_ms": self.options.tie_window_ms,
                "timing": self.options.timing,
                "computer_players": self.options.computer_players,
                "computer_pace": self.options.computer_pace,
            },
            "tops": [
                None
                if top is None
                else {
                    "card": top.card,
                    "category": top.category,
                    "category_name": top.category_name,
                    "kind": top.kind,
                    "symbol": top.symbol,
                }
                for top in self.tops
            ],
            "play_pile_sizes": list(self.play_pile_sizes),
            "winning_pile_sizes": list(self.winning_pile_sizes),
            "active_wild": [self.active_wild[0], list(self.active_wild[1])] if self.active_wild else None,
            "draw_pile_sizes": list(self.draw_pile_sizes),
            "flipper": self.flipper,
            "flips_again": self.flips_again,
            "faceoff": self.faceoff.to_json() if self.faceoff else None,
            "computer_seats": list(self.computer_seats),
            "last_resolution": None
            if last is None
            else {
                "seats": list(last.seats),
                "reason": last.reason,
                "winner": last.winner,
                "answer": last.answer,
                "card": last.card,
            },
            "used_answers": self.used_answers,
            "outcome": self.outcome.to_json() if self.outcome else None,
        }


@dataclass(frozen=True)
class AnomiaSeatView:
    """One seat's view: the public table plus the kinds of action it may take now (no example answers)."""

    public: AnomiaPublicView
    seat: Seat
    can: tuple[str, ...]
    """E.g. ("flip left", "flip right"), ("answer", "skip"), ("vote yes", "vote no"), ("challenge", "accept")."""

    def to_json(self) -> dict[str, Any]:
        return {"public": self.public.to_json(), "seat": self.seat, "can": list(self.can)}


def _replaced(items: tuple, index: int, value: Any) -> tuple:
    return (*items[:index], value, *items[index + 1 :])


def _timestamp(arrival: int) -> int:
    return arrival >> TIMESTAMP_SHIFT


_DECK_INDEXES: dict[int, tuple[tuple[Card, ...], dict[str, Card]]] = {}


def _cards_by_id(deck: tuple[Card, ...]) -> dict[str, Card]:
    """The deck's cards by id. Cached by identity (hashing 100 cards on every call is slow); each entry keeps
    its deck alive, so an id is never reused while cached."""
    entry = _DECK_INDEXES.get(id(deck))
    if entry is None or entry[0] is not deck:
        if len(_DECK_INDEXES) >= 64:
            _DECK_INDEXES.clear()
        entry = (deck, {card.id: card for card in deck})
        _DECK_INDEXES[id(deck)] = entry
    return entry[1]


class AnomiaRules(GameRules[AnomiaState, AnomiaAction]):
    """The rules of Anomia, with rulings M1-M13, over a pool of categories and symbols."""

    key = "anomia"
    title = "Anomia"
    min_players = 3
    max_players = 6  # ruling M3: two players are not offered
    options = (
        Option(
            "judging",
            "Judging",
            (TRUST, LISTS, VOTE),
            "trust: any answer wins, the loser may challenge; lists: listed answers win at once, others go to a "
            "vote; vote: every winning answer is voted on (ruling M7: trust is the default).",
        ),
        Option("no_repeat", "No repeats", (True, False), "An answer already said for a category cannot win (M8)."),
        Option(
            "tie_window_ms",
            "Tie window (ms)",
            (0, 250, 500, 1000),
            "Answers this close in Discord's timestamps tie and go to a tie-breaker (ruling M9).",
        ),
        Option("timing", "Timing", (LIVE, ASYNC), "live: reminders after 60 s; async: after 12 hours (M12)."),
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
    )

    def __init__(self, content: AnomiaContent) -> None:
        self.content = content
        self._categories = {category.id: category for category in content.categories}
        self._last_view: tuple[AnomiaState, AnomiaPublicView] | None = None

    # The interface.

    def setup(self, seat_count: int, options: Mapping[str, Any], seed: int) -> AnomiaState:
        """Build the deck (M1-M3), shuffle it into two draw piles (M4) and pick the first flipper at random."""
        if not self.min_players <= seat_count <= self.max_players:
            raise ValueError(f"Anomia is for {self.min_players}-{self.max_players} players, not {seat_count}")
        chosen = AnomiaOptions(**self.resolve_options(options))
        rng = SeededRandom(seed)
        deck = build_deck(self.content, seat_count, rng)
        shuffled = rng.shuffled([card.id for card in deck])
        half = (len(shuffled) + 1) // 2
        # Computer seats are the last ones; at least seat 0, the opener, stays human whatever was asked for.
        computers = min(chosen.computer_players, seat_count - 1)
        return AnomiaState(
            options=chosen,
            deck=deck,
            computer_seats=tuple(range(seat_count - computers, seat_count)),
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
            return frozenset({self._challenger(faceoff)})
        # A player whose answer is in waits for the race to be decided (the first answer in Discord's order
        # counts, so a second one could not win it for them).
        seats = {seat for seat in faceoff.seats if not self._has_live_answer(faceoff, seat)}
        if self._may_skip(state):
            seats.add(0)
            seats.update(seat for seat in self._skip_voters(state) if seat not in faceoff.skip_votes)
        return frozenset(seats)

    def legal_actions(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaAction, ...]:
        """Flips; for face-off players a few representative answers (one listed, one made up); votes; challenge
        or accept; skip where allowed. Answer texts are free, so the answers listed are examples only."""
        if seat not in self.actors(state):
            return ()
        faceoff = state.faceoff
        if faceoff is None:
            return tuple(Flip(pile) for pile, cards in zip(PILES, state.draw_piles, strict=True) if cards)
        if faceoff.phase == VOTING:
            return CastVote(True), CastVote(False)
        if faceoff.phase == CHALLENGE:
            return Command(CHALLENGE_WORD), Command(ACCEPT)
        actions: list[AnomiaAction] = []
        if seat in faceoff.seats and not self._has_live_answer(faceoff, seat):
            actions.extend(self._representative_answers(state, seat))
        if self._may_skip(state) and (seat == 0 or seat not in faceoff.seats):
            actions.append(Command(SKIP))
        return tuple(actions)

    def apply(self, state: AnomiaState, seat: Seat, action: AnomiaAction) -> tuple[AnomiaState, list[Event]]:
        """Return the state after `seat` (or SYSTEM) takes `action`, and its events; refuse illegal moves."""
        if state.result is not None:
            raise IllegalAction("The game is over")
        if isinstance(action, Flip):
            return self._flip(state, seat, action.pile)
        if isinstance(action, GiveAnswer):
            return self._answer(state, seat, action)
        if isinstance(action, Heard):
            return self._heard(state, seat, action.text)
        if isinstance(action, CastVote):
            return self._vote(state, seat, action.upheld)
        if isinstance(action, Command):
            if action.word in _SYSTEM_COMMANDS and seat != SYSTEM:
                raise IllegalAction(f"Only the game's clock may {action.word}")
            handlers = {
                SETTLE: self._settle_command,
                CHALLENGE_WORD: self._challenge,
                ACCEPT: self._accept,
                CLOSE_CHALLENGE: self._close_challenge,
                SKIP: self._skip_command,
                REMIND: self._remind,
            }
            return handlers[action.word](state, seat)
        raise IllegalAction("That is not an Anomia action")

    def outcome(self, state: AnomiaState) -> Outcome | None:
        """Most cards won wins, equal counts share (ruling M13); reason "piles_empty"."""
        if state.result is None:
            return None
        scores = {seat: len(pile) for seat, pile in enumerate(state.winning_piles)}
        return Outcome(winners=state.placings[0], reason=state.result, placings=state.placings, scores=scores)

    def view(self, state: AnomiaState, seat: Seat | None) -> AnomiaPublicView | AnomiaSeatView:
        """The public table for None; for a seat, the table plus the kinds of action it may take."""
        cached = self._last_view
        if cached is not None and cached[0] is state:
            public = cached[1]
        else:
            public = self._public_view(state)
            self._last_view = (state, public)  # one view per seat is asked for each state: build it once
        if seat is None:
            return public
        can: list[str] = []
        for action in self.legal_actions(state, seat):
            word = "answer" if isinstance(action, GiveAnswer) else action.notation
            if word not in can:
                can.append(word)
        return AnomiaSeatView(public, seat, tuple(can))

    def hidden_from(self, state: AnomiaState, seat: Seat | None) -> frozenset[str]:
        """The ids of the cards in the draw piles, the same for every seat."""
        return frozenset(card for pile in state.draw_piles for card in pile)

    def parse_action(self, text: str) -> AnomiaAction:
        """Read "flip left", "answer <arrival> <text>", "heard <text>", "vote yes", "skip" and the rest."""
        words = text.split()
        if not words:
            raise ParseError("An empty message is not an Anomia action")
        head = words[0].lower()
        if head == "flip" and len(words) == 2 and words[1].lower() in PILES:
            return Flip(words[1].lower())
        if head == "answer" and len(words) >= 3:
            if not words[1].isdigit():
                raise ParseError(f"{text!r}: an answer starts with its arrival key, a whole number")
            return GiveAnswer(int(words[1]), " ".join(words[2:]))
        if head == "heard" and len(words) >= 2:
            return Heard(" ".join(words[1:]))
        if head == "vote" and len(words) == 2 and words[1].lower() in ("yes", "no"):
            return CastVote(words[1].lower() == "yes")
        joined = " ".join(word.lower() for word in words)
        if joined in _COMMANDS:
            return Command(joined)
        raise ParseError(
            f"{text!r} is not an Anomia action: try 'flip left', 'answer <arrival> <text>', 'vote yes' or 'skip'"
        )

    def encode_state(self, state: AnomiaState) -> dict[str, Any]:
        """JSON data; cards appear as ids, the deck once with each card's symbols and category."""
        faceoff = state.faceoff
        last = state.last
        return {
            "options": {
                "judging": state.options.judging,
                "no_repeat": state.options.no_repeat,
                "tie_window_ms": state.options.tie_window_ms,
                "timing": state.options.timing,
                "computer_players": state.options.computer_players,
                "computer_pace": state.options.computer_pace,
            },
            "deck": [[card.id, list(card.symbols), card.category] for card in state.deck],
            "computer_seats": list(state.computer_seats),
            "draw_piles": [list(pile) for pile in state.draw_piles],
            "play_piles": [list(pile) for pile in state.play_piles],
            "winning_piles": [list(pile) for pile in state.winning_piles],
            "wilds": list(state.wilds),
            "flipper": state.flipper,
            "again": state.again,
            "flips": state.flips,
            "faceoff": None if faceoff is None else _encode_faceoff(faceoff),
            "faceoffs": state.faceoffs,
            "used": [list(pair) for pair in state.used],
            "skipped": [list(pair) for pair in state.skipped],
            "arrival_high": state.arrival_high,
            "last": None
            if last is None
            else {
                "seats": list(last.seats),
                "reason": last.reason,
                "winner": last.winner,
                "answer": last.answer,
                "card": last.card,
            },
            "result": state.result,
            "placings": [list(group) for group in state.placings],
            "rng_state": state.rng_state,
        }

    def decode_state(self, data: Any) -> AnomiaState:
        """The state `encode_state` described."""
        last = data["last"]
        return AnomiaState(
            options=AnomiaOptions(**data["options"]),
            deck=tuple(Card(card_id, tuple(symbols), category) for card_id, symbols, category in data["deck"]),
            computer_seats=tuple(data["computer_seats"]),
            draw_piles=(tuple(data["draw_piles"][0]), tuple(data["draw_piles"][1])),
            play_piles=tuple(tuple(pile) for pile in data["play_piles"]),
            winning_piles=tuple(tuple(pile) for pile in data["winning_piles"]),
            wilds=tuple(data["wilds"]),
            flipper=data["flipper"],
            again=data["again"],
            flips=data["flips"],
            faceoff=None if data["faceoff"] is None else _decode_faceoff(data["faceoff"]),
            faceoffs=data["faceoffs"],
            used=tuple((category, key) for category, key in data["used"]),
            skipped=tuple((first, second) for first, second in data["skipped"]),
            arrival_high=data["arrival_high"],
            last=None
            if last is None
            else Resolution(
                seats=(last["seats"][0], last["seats"][1]),
                reason=last["reason"],
                winner=last["winner"],
                answer=last["answer"],
                card=last["card"],
            ),
            result=data["result"],
            placings=tuple(tuple(group) for group in data["placings"]),
            rng_state=data["rng_state"],
        )

    def timers(self, state: AnomiaState) -> Sequence[Timer]:
        """The game's clock and its computer players: flips, answers, votes, settling, challenge windows and
        reminders. Computer answers carry "{arrival}", which the host replaces with the current instant's key."""
        if state.result is not None:
            return ()
        timing = state.options.timing
        faceoff = state.faceoff
        if faceoff is None:
            if state.flipper not in state.computer_seats:
                return ()
            pile = LEFT if len(state.draw_piles[0]) >= len(state.draw_piles[1]) else RIGHT
            return (Timer(f"flip-{state.flips}", FLIP_DELAY[timing], f"flip {pile}", state.flipper),)
        number = faceoff.number
        timers: list[Timer] = []
        if faceoff.phase == OPEN and faceoff.reminders < MAX_REMINDERS:
            timers.append(Timer(f"remind-{number}-{faceoff.reminders + 1}", REMIND_DELAY[timing], REMIND))
        if faceoff.phase == SETTLING:
            timers.append(Timer(f"settle-{number}", SETTLE_DELAY[timing], SETTLE))
        if faceoff.phase in (OPEN, SETTLING):
            for seat in faceoff.seats:
                if seat not in state.computer_seats:
                    continue
                if self._has_live_answer(faceoff, seat):
                    continue
                text = self._computer_answer(state, seat)
                if text is None:
                    continue  # nothing it knows for this category: it stays quiet
                given = sum(1 for c in faceoff.candidates if c.seat == seat)
                timers.append(
                    Timer(
                        f"answer-{number}-{faceoff.round}-{seat}-{given}",
                        self._computer_delay(state, seat),
                        f"answer {ARRIVAL_PLACEHOLDER} {text}",
                        seat,
                    )
                )
        if faceoff.phase == CHALLENGE:
            timers.append(Timer(f"challenge-{number}", CHALLENGE_DELAY[timing], CLOSE_CHALLENGE))
            challenger = self._challenger(faceoff)
            if challenger in state.computer_seats:
                candidate = faceoff.candidates[faceoff.leader]
                listed = answer_matches(self._category(candidate.category), candidate.text)
                timers.append(
                    Timer(
                        f"challenge-{number}-{challenger}",
                        COMPUTER_DECISION_DELAY[timing],
                        ACCEPT if listed else CHALLENGE_WORD,
                        challenger,
                    )
                )
        if faceoff.phase == VOTING:
            ballot = faceoff.ballot
            candidate = faceoff.candidates[ballot.candidate]
            listed = answer_matches(self._category(candidate.category), candidate.text)  # computers vote by list
            for seat in ballot.voters:
                if seat in state.computer_seats and seat not in ballot.yes + ballot.no:
                    timers.append(
                        Timer(
                            f"vote-{number}-{faceoff.round}-{ballot.candidate}-{seat}",
                            COMPUTER_DECISION_DELAY[timing],
                            CastVote(listed).notation,
                            seat,
                        )
                    )
        return tuple(timers)

    # Flipping.

    def _flip(self, state: AnomiaState, seat: Seat, pile: str) -> tuple[AnomiaState, list[Event]]:
        if state.faceoff is not None:
            raise IllegalAction("Finish the face-off before flipping")
        if seat != state.flipper:
            raise IllegalAction("It is not your turn to flip")
        index = PILES.index(pile)
        draw = state.draw_piles[index]
        if not draw:
            raise IllegalAction(f"The {pile} draw pile is empty: flip from the other one")
        card_id, rest = draw[0], draw[1:]
        card = _cards_by_id(state.deck)[card_id]
        state = replace(state, draw_piles=_replaced(state.draw_piles, index, rest), flips=state.flips + 1)
        if card.is_wild:
            # Ruling M11: the wild goes to the centre, covering the last one; its drawer flips again later.
            state = replace(state, wilds=(*state.wilds, card_id), again=True)
            events = [
                Event(
                    "wild_revealed",
                    seat,
                    {"card": card_id, "symbols": [self._symbol_id(s) for s in card.symbols], "pile": pile},
                )
            ]
        else:
            state = replace(state, play_piles=_replaced(state.play_piles, seat, (*state.play_piles[seat], card_id)))
            events = [Event("card_flipped", seat, {**self._card_data(card), "pile": pile})]
        return self._continue(state, seat, events)

    def _continue(self, state: AnomiaState, focus: Seat, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
        """Start the next face-off if any (ruling M10), else hand on the flip or end the game (M11, M13)."""
        pair = self._next_pair(state, focus)
        if pair is not None:
            return self._start_faceoff(state, pair, events)
        if not any(state.draw_piles):
            return self._end(state, events)
        flipper = state.flipper if state.again else (state.flipper + 1) % state.seat_count
        return replace(state, flipper=flipper, again=False), events

    def _next_pair(self, state: AnomiaState, focus: Seat) -> tuple[Seat, Seat] | None:
        """Ruling M10: the focus seat's match first, with the opponent nearest clockwise; then the other seats
        clockwise from it, each with its nearest clockwise opponent."""
        count = state.seat_count
        for step in range(count):
            seat = (focus + step) % count
            for distance in range(1, count):
                other = (seat + distance) % count
                if self._match(state, seat, other):
                    return seat, other
        return None

    def _match(self, state: AnomiaState, first: Seat, second: Seat) -> bool:
        """Same symbol on both top cards, or the active wild's two symbols, one on each (ruling M10)."""
        tops = state.top(first), state.top(second)
        if None in tops or tuple(sorted(tops)) in state.skipped:
            return False
        cards = _cards_by_id(state.deck)
        symbols = cards[tops[0]].symbols[0], cards[tops[1]].symbols[0]
        if symbols[0] == symbols[1]:
            return True
        wild = state.active_wild
        return wild is not None and sorted(symbols) == sorted(cards[wild].symbols)

    def _start_faceoff(
        self, state: AnomiaState, pair: tuple[Seat, Seat], events: list[Event]
    ) -> tuple[AnomiaState, list[Event]]:
        cards = _cards_by_id(state.deck)
        first, second = pair
        # Ruling M5: each answers the OPPONENT's category.
        categories = cards[state.top(second)].category, cards[state.top(first)].category
        number = state.faceoffs + 1
        faceoff = FaceOff(number=number, seats=pair, categories=categories)
        events.append(
            Event(
                "faceoff_started",
                None,
                {
                    "number": number,
                    "seats": list(pair),
                    "categories": [self._category_name(category) for category in categories],
                },
            )
        )
        return replace(state, faceoff=faceoff, faceoffs=number), events

    # Answering.

    def _answer(self, state: AnomiaState, seat: Seat, action: GiveAnswer) -> tuple[AnomiaState, list[Event]]:
        faceoff = state.faceoff
        if faceoff is None:
            raise IllegalAction("There is no face-off to answer")
        if seat not in faceoff.seats:
            raise IllegalAction("You are not in this face-off")  # ruling M5
        if faceoff.phase == VOTING:
            raise IllegalAction("Wait: the other players are voting on an answer")
        if faceoff.phase == CHALLENGE:
            raise IllegalAction("The face-off is decided unless the answer is challenged")
        if self._has_live_answer(faceoff, seat):
            raise IllegalAction("Your answer is in: wait for the result")
        text = " ".join(action.text.split())
        key = answer_key(text)
        if not key:
            raise IllegalAction("That answer has no letters or digits")
        category_id = faceoff.category_of(seat)
        if state.options.no_repeat and self._already_said(state, category_id, key, action.arrival):
            raise IllegalAction(f"Already said for this category: {text}")  # ruling M8
        category = self._category(category_id)
        judging = state.options.judging
        if judging == TRUST:
            status = LISTED
        elif judging == VOTE:
            status = DOUBTFUL
        else:
            status = LISTED if answer_matches(category, text) else DOUBTFUL
        candidates = list(faceoff.candidates)
        events = [Event("answer_given", seat, {"text": text, "arrival": action.arrival})]
        if state.options.no_repeat:
            # A later-keyed twin that arrived first is the repeat, not this one (rulings M6, M8).
            for index, other in enumerate(candidates):
                if (
                    other.is_live
                    and other.category == category_id
                    and other.arrival > action.arrival
                    and _said_before(key, [answer_key(other.text)])
                ):
                    candidates[index] = replace(other, status=REPEATED)
                    events.append(Event("answer_refused", other.seat, {"text": other.text, "reason": "repeated"}))
        candidates.append(Candidate(seat, text, action.arrival, category_id, status))
        faceoff = replace(faceoff, candidates=tuple(candidates))
        state = replace(state, faceoff=faceoff, arrival_high=max(state.arrival_high, action.arrival))
        answered = {candidate.seat for candidate in faceoff.candidates if candidate.is_live}
        if answered == set(faceoff.seats):
            return self._settle(state, events)  # both have answered: decide now (see the module docstring)
        if answered:
            return replace(state, faceoff=replace(faceoff, phase=SETTLING)), events
        return replace(state, faceoff=replace(faceoff, phase=OPEN)), events

    def _already_said(self, state: AnomiaState, category_id: str, key: str, arrival: int) -> bool:
        said = [used_key for used_category, used_key in state.used if used_category == category_id]
        faceoff = state.faceoff
        for candidate in faceoff.candidates if faceoff else ():
            if candidate.category != category_id:
                continue
            # Answers of this round count only when Discord put them first (ruling M6).
            if candidate.status == REJECTED or candidate.arrival <= arrival:
                said.append(answer_key(candidate.text))
        return _said_before(key, said)

    def _heard(self, state: AnomiaState, seat: Seat, text: str) -> tuple[AnomiaState, list[Event]]:
        if seat != SYSTEM:
            raise IllegalAction("Only the game's host reports what was heard in the channel")
        faceoff = state.faceoff
        if faceoff is None:
            raise IllegalAction("No face-off is open")
        key = answer_key(text)
        if not key:
            raise IllegalAction("Nothing to note")
        # Ruling M8: typed by anyone in the channel, it counts as said for both categories in play.
        used = self._with_used(state.used, [(category, key) for category in set(faceoff.categories)])
        return replace(state, used=used), [Event("answer_heard", None, {"text": " ".join(text.split())})]

    def _settle_command(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
        faceoff = state.faceoff
        if faceoff is None or faceoff.phase != SETTLING:
            raise IllegalAction("There is no answer waiting to be settled")
        return self._settle(state, [])

    def _settle(self, state: AnomiaState, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
        """Decide the race (rulings M6, M7, M9): the earliest-keyed live answer leads; a doubtful one goes to a
        vote; a rival answer within the tie window makes a tie; otherwise the leader wins (in trust mode,
        provisionally: the loser may challenge)."""
        faceoff = state.faceoff
        live = sorted(
            (candidate.arrival, index) for index, candidate in enumerate(faceoff.candidates) if candidate.is_live
        )
        if not live:
            return replace(state, faceoff=replace(faceoff, phase=OPEN, leader=None, ballot=None)), events
        _, first = live[0]
        leader = faceoff.candidates[first]
        if leader.status == DOUBTFUL:
            return self._open_ballot(state, first, "vote", events)
        window = state.options.tie_window_ms
        rival = next(
            (
                index
                for arrival, index in live
                if faceoff.candidates[index].seat != leader.seat
                and _timestamp(arrival) - _timestamp(leader.arrival) <= window
            ),
            None,
        )
        if rival is not None:
            if faceoff.candidates[rival].status == DOUBTFUL:
                return self._open_ballot(state, rival, "vote", events)
            return self._tie(state, (leader.seat, faceoff.candidates[rival].seat), events)
        if state.options.judging == TRUST and leader.status == LISTED:
            faceoff = replace(faceoff, phase=CHALLENGE, leader=first, ballot=None)
            challenger = faceoff.opponent(leader.seat)
            data = {"text": leader.text, "challenger": challenger}
            events.append(Event("challenge_window_opened", leader.seat, data))
            return replace(state, faceoff=faceoff), events
        return self._win(state, first, events)

    def _open_ballot(
        self, state: AnomiaState, candidate: int, reason: str, events: list[Event]
    ) -> tuple[AnomiaState, list[Event]]:
        faceoff = state.faceoff
        voters = tuple(seat for seat in range(state.seat_count) if seat not in faceoff.seats)
        ballot = Ballot(candidate=candidate, reason=reason, voters=voters)
        answer = faceoff.candidates[candidate]
        kind = "challenge_opened" if reason == "challenge" else "vote_opened"
        events.append(Event(kind, answer.seat, {"text": answer.text, "voters": list(voters)}))
        return replace(state, faceoff=replace(faceoff, phase=VOTING, ballot=ballot)), events

    def _vote(self, state: AnomiaState, seat: Seat, upheld: bool) -> tuple[AnomiaState, list[Event]]:
        faceoff = state.faceoff
        if faceoff is None or faceoff.phase != VOTING:
            raise IllegalAction("There is nothing to vote on")
        ballot = faceoff.ballot
        if seat not in ballot.voters:
            raise IllegalAction("Only the players outside the face-off vote")
        if seat in ballot.yes + ballot.no:
            raise IllegalAction("You have already voted")
        ballot = replace(ballot, yes=(*ballot.yes, seat)) if upheld else replace(ballot, no=(*ballot.no, seat))
        events = [Event("vote_cast", seat, {"vote": "yes" if upheld else "no"})]
        state = replace(state, faceoff=replace(faceoff, ballot=ballot))
        voters = len(ballot.voters)
        if len(ballot.yes) * 2 > voters:
            return self._ballot_decided(state, True, events)
        if len(ballot.no) * 2 >= voters:
            return self._ballot_decided(state, False, events)  # a tie rejects (ruling M7)
        return state, events

    def _ballot_decided(self, state: AnomiaState, upheld: bool, events: list[Event]) -> tuple[AnomiaState, list]:
        faceoff = state.faceoff
        ballot = faceoff.ballot
        candidate = faceoff.candidates[ballot.candidate]
        events.append(
            Event(
                "challenge_upheld" if upheld else "challenge_overturned",
                candidate.seat,
                {"text": candidate.text, "reason": ballot.reason, "yes": len(ballot.yes), "no": len(ballot.no)},
            )
        )
        if upheld:
            faceoff = replace(faceoff, ballot=None, leader=None)
            faceoff = replace(
                faceoff, candidates=_replaced(faceoff.candidates, ballot.candidate, replace(candidate, status=UPHELD))
            )
            state = replace(state, faceoff=faceoff)
            if ballot.reason == "challenge":
                return self._win(state, ballot.candidate, events)
            return self._settle(state, events)
        events.append(Event("answer_refused", candidate.seat, {"text": candidate.text, "reason": "voted_down"}))
        rejected = replace(candidate, status=REJECTED)
        faceoff = replace(
            faceoff, ballot=None, leader=None, candidates=_replaced(faceoff.candidates, ballot.candidate, rejected)
        )
        return self._settle(replace(state, faceoff=faceoff), events)

    @staticmethod
    def _has_live_answer(faceoff: FaceOff, seat: Seat) -> bool:
        return any(candidate.seat == seat and candidate.is_live for candidate in faceoff.candidates)

    def _challenger(self, faceoff: FaceOff) -> Seat:
        return faceoff.opponent(faceoff.candidates[faceoff.leader].seat)

    def _challenge(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
        faceoff = self._challenge_window(state, seat)
        return self._open_ballot(state, faceoff.leader, "challenge", [])

    def _accept(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
        faceoff = self._challenge_window(state, seat)
        return self._win(state, faceoff.leader, [Event("answer_accepted", seat)])

    def _close_challenge(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
        faceoff = state.faceoff
        if faceoff is None or faceoff.phase != CHALLENGE:
            raise IllegalAction("No challenge window is open")
        return self._win(state, faceoff.leader, [Event("challenge_window_closed", None)])

    def _challenge_window(self, state: AnomiaState, seat: Seat) -> FaceOff:
        faceoff = state.faceoff
        if faceoff is None or faceoff.phase != CHALLENGE:
            raise IllegalAction("No challenge window is open")
        if seat != self._challenger(faceoff):
            raise IllegalAction("Only the player who lost the face-off may challenge or accept")
        return faceoff

    # Ends of a face-off.

    def _win(self, state: AnomiaState, index: int, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
        """The winner takes the loser's top card into their winning pile; then cascades (ruling M10)."""
        faceoff = state.faceoff
        candidate = faceoff.candidates[index]
        winner, loser = candidate.seat, faceoff.opponent(candidate.seat)
        card = state.top(loser)
        state = replace(
            state,
            play_piles=_replaced(state.play_piles, loser, state.play_piles[loser][:-1]),
            winning_piles=_replaced(state.winning_piles, winner, (*state.winning_piles[winner], card)),
            last=Resolution(faceoff.seats, "answered", winner, candidate.text, card),
        )
        events.append(
            Event(
                "faceoff_won",
                winner,
                {
                    "winner": winner,
                    "loser": loser,
                    "answer": candidate.text,
                    "card": card,
                    # Which message won, so the channel can mark it.
                    "arrival": candidate.arrival,
                },
            )
        )
        state = self._close_faceoff(state)
        return self._continue(state, loser, events)

    def _close_faceoff(self, state: AnomiaState) -> AnomiaState:
        """Note every answer given as said (M8) and shuffle the tie-breaker cards back (M9)."""
        faceoff = state.faceoff
        used = self._with_used(state.used, [(c.category, answer_key(c.text)) for c in faceoff.candidates])
        rng = SeededRandom(state.rng_state)
        piles = [list(pile) for pile in state.draw_piles]
        for card in faceoff.tiebreakers:
            pile = piles[rng.below(2)]
            pile.insert(rng.below(len(pile) + 1), card)
        return replace(
            state,
            faceoff=None,
            used=used,
            draw_piles=(tuple(piles[0]), tuple(piles[1])),
            rng_state=rng.state,
        )

    def _tie(self, state: AnomiaState, seats: tuple[Seat, Seat], events: list[Event]) -> tuple[AnomiaState, list]:
        """Ruling M9: a tie-breaker card from the draw piles gives both tied players the same new category; a
        wild drawn for it goes back under its pile. With no category card left to draw, the race is re-run."""
        faceoff = state.faceoff
        events.append(Event("tie", None, {"seats": list(seats)}))
        used = self._with_used(state.used, [(c.category, answer_key(c.text)) for c in faceoff.candidates])
        faceoff = replace(faceoff, round=faceoff.round + 1, candidates=(), phase=OPEN, leader=None, ballot=None)
        cards = _cards_by_id(state.deck)
        piles = [list(pile) for pile in state.draw_piles]
        source = next((pile for pile in piles if any(not cards[card].is_wild for card in pile)), None)
        if source is None:
            events.append(Event("tiebreaker_unavailable", None, {"seats": list(seats)}))
            return replace(state, faceoff=faceoff, used=used), events
        wilds_put_back = 0
        while cards[source[0]].is_wild:
            source.append(source.pop(0))  # put back at the bottom; ids of draw-pile cards stay unmentioned
            wilds_put_back += 1
        tiebreaker = cards[source.pop(0)]
        faceoff = replace(
            faceoff,
            categories=(tiebreaker.category, tiebreaker.category),
            tiebreakers=(*faceoff.tiebreakers, tiebreaker.id),
        )
        events.append(
            Event("tiebreaker_flipped", None, {**self._card_data(tiebreaker), "wilds_put_back": wilds_put_back})
        )
        return (
            replace(state, faceoff=faceoff, used=used, draw_piles=(tuple(piles[0]), tuple(piles[1]))),
            events,
        )

    def _may_skip(self, state: AnomiaState) -> bool:
        """Ruling M12: a face-off nobody has answered, after at least one reminder, may be skipped."""
        faceoff = state.faceoff
        return faceoff is not None and faceoff.phase == OPEN and faceoff.reminders > 0

    def _skip_voters(self, state: AnomiaState) -> tuple[Seat, ...]:
        """The human players outside the face-off: a majority of them may skip it (ruling M12)."""
        return tuple(
            seat
            for seat in range(state.seat_count)
            if seat not in state.faceoff.seats and seat not in state.computer_seats
        )

    def _skip_command(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
        if not self._may_skip(state):
            raise IllegalAction("Only a face-off that nobody has answered after a reminder may be skipped")
        faceoff = state.faceoff
        if seat == 0:
            return self._skip(state, [Event("faceoff_skipped", seat, {"by": "opener"})])
        voters = self._skip_voters(state)
        if seat not in voters:
            raise IllegalAction("Only the table's opener or the other players may skip a face-off")
        if seat in faceoff.skip_votes:
            raise IllegalAction("You have already voted to skip")
        votes = (*faceoff.skip_votes, seat)
        events = [Event("vote_cast", seat, {"vote": "skip"})]
        if len(votes) * 2 > len(voters):
            events.append(Event("faceoff_skipped", seat, {"by": "majority"}))
            return self._skip(state, events)
        return replace(state, faceoff=replace(faceoff, skip_votes=votes)), events

    def _skip(self, state: AnomiaState, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
        """Both top cards go to the bottom of their play piles (ruling M12); that pair never faces off again."""
        faceoff = state.faceoff
        first, second = faceoff.seats
        pair = tuple(sorted((state.top(first), state.top(second))))
        piles = state.play_piles
        for seat in faceoff.seats:
            pile = piles[seat]
            piles = _replaced(piles, seat, (pile[-1], *pile[:-1]))
        state = replace(
            state,
            play_piles=piles,
            skipped=tuple(sorted({*state.skipped, pair})),
            last=Resolution(faceoff.seats, "skipped"),
        )
        return self._continue(self._close_faceoff(state), first, events)

    def _remind(self, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
        faceoff = state.faceoff
        if faceoff is None or faceoff.phase != OPEN:
            raise IllegalAction("No face-off is waiting for answers")
        if faceoff.reminders >= MAX_REMINDERS:
            raise IllegalAction("The players have been reminded enough")
        faceoff = replace(faceoff, reminders=faceoff.reminders + 1)
        event = Event(
            "faceoff_reminder",
            None,
            {
                "seats": list(faceoff.seats),
                "categories": [self._category_name(category) for category in faceoff.categories],
                "reminder": faceoff.reminders,
            },
        )
        return replace(state, faceoff=faceoff), [event]

    def _end(self, state: AnomiaState, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
        """Ruling M13: most cards won wins; equal counts share a place."""
        counts = sorted({len(pile) for pile in state.winning_piles}, reverse=True)
        placings = tuple(
            tuple(seat for seat, pile in enumerate(state.winning_piles) if len(pile) == count) for count in counts
        )
        state = replace(state, result="piles_empty", placings=placings)
        events.append(Event("game_over", None, self.outcome(state).to_json()))
        return state, events

    # Helpers.

    def _with_used(self, used: tuple[tuple[str, str], ...], pairs: Sequence[tuple[str, str]]) -> tuple:
        return tuple(sorted({*used, *(pair for pair in pairs if pair[1])}))

    def _category(self, category_id: str) -> Category:
        category = self._categories.get(category_id)
        if category is None:
            return Category(category_id, category_id, "thing", ())
        return category

    def _category_name(self, category_id: str) -> str:
        return self._category(category_id).name

    def _symbol_id(self, index: int) -> str:
        return self.content.symbols[index].id

    def _card_data(self, card: Card) -> dict[str, Any]:
        category = self._category(card.category)
        return {
            "card": card.id,
            "category": category.id,
            "category_name": category.name,
            "symbol": self._symbol_id(card.symbols[0]),
        }

    def _said_keys(self, state: AnomiaState, category_id: str) -> list[str]:
        said = [key for category, key in state.used if category == category_id]
        if state.faceoff is not None:
            said += [answer_key(c.text) for c in state.faceoff.candidates if c.category == category_id]
        return said

    def _known_answers(self, state: AnomiaState, category_id: str) -> list[str]:
        """Answers a computer (or `legal_actions`) could give: listed ones, or predicate words, not yet said."""
        category = self._category(category_id)
        said = self._said_keys(state, category_id)
        texts = [answer.text for answer in category.answers]
        if category.predicate is not None:
            texts += [word for word in PREDICATE_WORDS if satisfies(category.predicate, word)]
        return [text for text in texts if answer_key(text) and not _said_before(answer_key(text), said)]

    def _representative_answers(self, state: AnomiaState, seat: Seat) -> list[GiveAnswer]:
        faceoff = state.faceoff
        category_id = faceoff.category_of(seat)
        fresh = (_timestamp(state.arrival_high) + REPRESENTATIVE_GAP_MS) << TIMESTAMP_SHIFT
        known = self._known_answers(state, category_id)
        actions = []
        if known:
            actions.append(GiveAnswer(fresh, known[0]))
            rivals = [c for c in faceoff.candidates if c.seat != seat and c.is_live]
            if rivals:
                # An answer with the same timestamp as the rival's: a tie under any window (ruling M9).
                actions.append(GiveAnswer(rivals[-1].arrival ^ 1, known[0]))
        said = self._said_keys(state, category_id)
        made_up = next(
            NONSENSE_WORD + "x" * extra
            for extra in range(len(said) + 1)
            if not _said_before(answer_key(NONSENSE_WORD + "x" * extra), said)
        )
        actions.append(GiveAnswer(fresh, made_up))
        return actions

    def _computer_answer(self, state: AnomiaState, seat: Seat) -> str | None:
        known = self._known_answers(state, state.faceoff.category_of(seat))
        if not known:
            return None
        return self._computer_rng(state, seat).pick(known)

    def _computer_delay(self, state: AnomiaState, seat: Seat) -> float:
        low, high = COMPUTER_ANSWER_MS[state.options.timing]
        rng = self._computer_rng(state, seat)
        rng.next_u64()  # not the draw that picked the answer
        return rng.between(low, high) / 1000 * COMPUTER_PACE[state.options.computer_pace]

    def _computer_rng(self, state: AnomiaState, seat: Seat) -> SeededRandom:
        """A random source for a computer's choices that depends on the state without advancing it."""
        faceoff = state.faceoff
        given = sum(1 for c in faceoff.candidates if c.seat == seat)
        return SeededRandom(state.rng_state ^ (faceoff.number * 1_000_003 + faceoff.round * 1009 + seat * 31 + given))

    def _public_view(self, state: AnomiaState) -> AnomiaPublicView:
        cards = _cards_by_id(state.deck)
        tops = []
        for seat in range(state.seat_count):
            top = state.top(seat)
            if top is None:
                tops.append(None)
                continue
            card = cards[top]
            category = self._category(card.category)
            tops.append(TopCardView(top, category.id, category.name, category.kind, self._symbol_id(card.symbols[0])))
        wild = state.active_wild
        faceoff = state.faceoff
        faceoff_view = None
        if faceoff is not None:
            ballot = faceoff.ballot
            under_vote = None
            if ballot is not None:
                candidate = faceoff.candidates[ballot.candidate]
                under_vote = (candidate.seat, candidate.text)
            elif faceoff.leader is not None:
                candidate = faceoff.candidates[faceoff.leader]
                under_vote = (candidate.seat, candidate.text)
            faceoff_view = FaceOffView(
                number=faceoff.number,
                seats=faceoff.seats,
                categories=tuple((c, self._category_name(c)) for c in faceoff.categories),
                candidates=tuple((c.seat, c.text) for c in faceoff.candidates),
                phase=faceoff.phase,
                votes_yes=len(ballot.yes) if ballot else 0,
                votes_no=len(ballot.no) if ballot else 0,
                voters=ballot.voters if ballot else (),
                under_vote=under_vote,
                tiebreakers=len(faceoff.tiebreakers),
                reminders=faceoff.reminders,
                skip_votes=len(faceoff.skip_votes),
            )
        return AnomiaPublicView(
            options=state.options,
            tops=tuple(tops),
            play_pile_sizes=tuple(len(pile) for pile in state.play_piles),
            winning_pile_sizes=tuple(len(pile) for pile in state.winning_piles),
            active_wild=None
            if wild is None
            else (wild, tuple(self._symbol_id(symbol) for symbol in cards[wild].symbols)),
            draw_pile_sizes=(len(state.draw_piles[0]), len(state.draw_piles[1])),
            flipper=None if state.result is not None else state.flipper,
            flips_again=state.again,
            faceoff=faceoff_view,
            computer_seats=state.computer_seats,
            last_resolution=state.last,
            used_answers=len(state.used),
            outcome=self.outcome(state),
        )


def build_deck(content: AnomiaContent, seat_count: int, rng: SeededRandom) -> tuple[Card, ...]:
    """Sample the categories (M1), give them symbols by the deck's counts (M2), add the wilds on the 8-cycle
    (M2); with three seats remove two symbols and every card and wild that shows either (M3).

    Card ids are "c00".."c91" (two digits, so no id is part of another) and "w0".."w7"; ids are given after a
    shuffle, so an id says nothing about its card.
    """
    spec = content.deck
    if len(content.categories) < spec.category_cards:
        raise ValueError(f"Anomia needs {spec.category_cards} categories; the content has {len(content.categories)}")
    categories = rng.sample(content.categories, spec.category_cards)
    symbols = rng.shuffled([index for index, count in enumerate(spec.symbol_counts) for _ in range(count)])
    faces = list(zip(symbols, (category.id for category in categories), strict=True))
    removed: set[int] = set()
    if seat_count == 3:
        # Ruling M3. We remove two OPPOSITE symbols of the cycle (i and i+4): never both on one wild, so four
        # wilds go and four stay, and with counts 12,12,12,12,11,11,11,11 always one 12 and one 11 go (23 cards).
        first = rng.below(len(spec.symbol_counts))
        removed = {first, (first + len(spec.symbol_counts) // 2) % len(spec.symbol_counts)}
    faces = [face for face in faces if face[0] not in removed]
    width = len(str(spec.category_cards - 1))
    cards = [
        Card(f"c{index:0{width}d}", (symbol,), category_id)
        for index, (symbol, category_id) in enumerate(rng.shuffled(faces))
    ]
    wild_pairs = [pair for pair in spec.wild_pairs if not removed & set(pair)]
    cards += [Card(f"w{index}", tuple(pair)) for index, pair in enumerate(wild_pairs)]
    return tuple(cards)


def _encode_faceoff(faceoff: FaceOff) -> dict[str, Any]:
    ballot = faceoff.ballot
    return {
        "number": faceoff.number,
        "seats": list(faceoff.seats),
        "categories": list(faceoff.categories),
        "phase": faceoff.phase,
        "round": faceoff.round,
        "candidates": [[c.seat, c.text, c.arrival, c.category, c.status] for c in faceoff.candidates],
        "leader": faceoff.leader,
        "ballot": None
        if ballot is None
        else {
            "candidate": ballot.candidate,
            "reason": ballot.reason,
            "voters": list(ballot.voters),
            "yes": list(ballot.yes),
            "no": list(ballot.no),
        },
        "tiebreakers": list(faceoff.tiebreakers),
        "reminders": faceoff.reminders,
        "skip_votes": list(faceoff.skip_votes),
    }


def _decode_faceoff(data: Mapping[str, Any]) -> FaceOff:
    ballot = data["ballot"]
    return FaceOff(
        number=data["number"],
        seats=(data["seats"][0], data["seats"][1]),
        categories=(data["categories"][0], data["categories"][1]),
        phase=data["phase"],
        round=data["round"],
        candidates=tuple(
            Candidate(seat, text, arrival, category, status)
            for seat, text, arrival, category, status in data["candidates"]
        ),
        leader=data["leader"],
        ballot=None
        if ballot is None
        else Ballot(
            candidate=ballot["candidate"],
            reason=ballot["reason"],
            voters=tuple(ballot["voters"]),
            yes=tuple(ballot["yes"]),
            no=tuple(ballot["no"]),
        ),
        tiebreakers=tuple(data["tiebreakers"]),
        reminders=data["reminders"],
        skip_votes=tuple(data["skip_votes"]),
    )
