"""The interface every game implements, and the small values it speaks in.

A game is a `GameRules` subclass: a declarative description (key, title, player counts, options, the kinds of
event it reports and the reasons it can end for) and the same short set of pure methods. The host, not the
game, checks membership, turn order, out-of-date clicks (`choice_context`) and game over before it calls
`apply`; the game raises `IllegalAction` for a move its rules forbid.

States and actions are the game's own frozen values. A state is a frozen dataclass that the engine's codec
writes as JSON and reads back exactly; an action's `notation` is short text that `parse_action` reads back, so
actions can be stored in the log.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from bot.engine import codec

if TYPE_CHECKING:
    from bot.engine.levels import ComputerLevels

Seat = int
"""A player's place in turn order, from 0. Only the host knows which Discord user sits where."""

SYSTEM: Seat = -1
"""The seat of the game itself: timers that run out act as SYSTEM (see `GameRules.timers`)."""

COMPUTER_PLAYERS_OPTION = "computer_players"
"""A game that offers computer players declares an Option with this key (choices: how many). The host then
seats that many computer players after the humans; the game plays them through `timers`."""

JSON = Any


class IllegalAction(ValueError):
    """The rules forbid this action now. The message is a short reason a player can read."""


class ParseError(ValueError):
    """The text is not an action of this game at all."""


class Action(Protocol):
    """An action value: frozen, with a text notation that `GameRules.parse_action` reads back."""

    @property
    def notation(self) -> str: ...


@dataclass(frozen=True)
class Event:
    """Something that happened, in the past tense (`CardPlayed`), for the log and for showing players.

    `kind` is a member of the game's `event_kinds`. `visible_to` is None for a public event, else the seats that
    may see it (a drawn card is seen by its drawer only). `data` holds JSON values.
    """

    kind: StrEnum
    seat: Seat | None = None
    data: Mapping[str, JSON] = field(default_factory=dict)
    visible_to: tuple[Seat, ...] | None = None

    def is_visible_to(self, seat: Seat | None) -> bool:
        """Whether `seat` (None: the public) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


@dataclass(frozen=True)
class Outcome:
    """How a finished match ended.

    `winners` share the win; `placings` lists every seat best first where the game ranks them (a seat's
    place is its index; tied seats are grouped); `reason` is a member of the game's `end_reasons`. `sides` are
    the teams in a game played in teams (each a tuple of seats), empty when every seat plays for itself.
    """

    winners: tuple[Seat, ...]
    reason: StrEnum
    placings: tuple[tuple[Seat, ...], ...] = ()
    scores: Mapping[Seat, int] = field(default_factory=dict)
    sides: tuple[tuple[Seat, ...], ...] = ()

    def ranking(self, seat_count: int) -> tuple[tuple[int, tuple[Seat, ...]], ...]:
        """Each group of tied seats with its place (1 first), best first; a place after a tie skips as many as
        shared it (1, 1, 3). A game that ranks only its winners places everyone else together after them."""
        groups = self.placings or (
            self.winners,
            tuple(seat for seat in range(seat_count) if seat not in self.winners),
        )
        return placed(groups)


def placed(groups: Iterable[Sequence[Seat]]) -> tuple[tuple[int, tuple[Seat, ...]], ...]:
    """The non-empty groups of tied seats, best first, each with its place (1 first): a place after a tie skips
    as many as shared it (1, 1, 3)."""
    ranked, place = [], 1
    for group in groups:
        if group:
            ranked.append((place, tuple(group)))
            place += len(group)
    return tuple(ranked)


@dataclass(frozen=True)
class Option:
    """A table option the opener may set. The first of `choices` is the default."""

    key: str
    label: str
    choices: tuple[Any, ...]
    help: str = ""

    @property
    def default(self) -> Any:
        return self.choices[0]


@dataclass(frozen=True)
class Seating:
    """Who sits at a new match: how many seats, the seat of the player who opened the table (a game may give
    them a say, like skipping a stuck face-off), and the seats the host fills with computer players."""

    seat_count: int
    opener: Seat = 0
    computers: tuple[Seat, ...] = ()


@dataclass(frozen=True)
class Timer:
    """An action the host takes for the game `delay_seconds` after the timer first appears in `timers`.

    A timer keeps its first due time while later states still list the same `key`; it is dropped when a
    state no longer lists it. `seat` is SYSTEM for the game's own clock (a challenge window closing) or a
    computer player's seat. An action that races others (a computer's answer) is given as a function of the
    arrival key of the moment the timer fell due, which the host supplies.
    """

    key: str
    delay_seconds: float
    action: Action | Callable[[int], Action]
    seat: Seat = SYSTEM

    def action_at(self, arrival: int) -> Action:
        """The action to take, for a timer that fell due at the moment with this arrival key."""
        return self.action(arrival) if callable(self.action) else self.action


@dataclass(frozen=True)
class Hint:
    """A move suggested to a player (`GameRules.hint`): the action, and one line that says it and why, in the
    player's words ("Play 7♥: it follows the 5♥ and keeps your trumps")."""

    action: Action
    line: str


@dataclass(frozen=True)
class Decision:
    """The kind of choice a seat faces now (`GameRules.decision`), with one line of guidance for a newcomer facing
    that kind for the first time ("Play a card that follows the top card: ...")."""

    kind: str
    guidance: str


@dataclass(frozen=True)
class TypedMove:
    """A chat message read as an action. `by_game` actions are taken by the game itself (SYSTEM), such as
    noting that an answer was said aloud; they never need a reply."""

    action: Action
    by_game: bool = False


def resolve_options(options: Sequence[Option], given: Mapping[str, Any] | None, title: str) -> dict[str, Any]:
    """Every option's value: the given ones checked against their choices, the rest defaulted; `title` names
    whose options they are in the refusal of an unknown one."""
    given = dict(given or {})
    known = {option.key: option for option in options}
    unknown = sorted(set(given) - set(known))
    if unknown:
        raise ValueError(f"{title} has no option {', '.join(unknown)}")
    resolved = {}
    for key, option in known.items():
        value = given.get(key, option.default)
        if value not in option.choices:
            shown = ", ".join(str(choice) for choice in option.choices)
            raise ValueError(f"{option.label} must be one of: {shown}")
        resolved[key] = value
    return resolved


StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT", bound=Action)


class GameRules(ABC, Generic[StateT, ActionT]):
    """The rules of one game. Subclasses are stateless; every method is pure and deterministic."""

    key: ClassVar[str]
    """Short identifier used in commands and storage, e.g. "anarchy"."""
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    practice_opponents: ClassVar[int] = 1
    """How many computer players a practice table seats against its one player: the usual number for a good game."""
    gives_hints: ClassVar[bool] = False
    """Whether `hint` suggests moves: a game that does explains them in `explain_action`."""
    options: ClassVar[tuple[Option, ...]] = ()
    state_type: ClassVar[type]
    """The frozen dataclass of a whole match; the engine's codec stores it."""
    event_kinds: ClassVar[type[StrEnum]]
    """Every kind of event the game reports."""
    end_reasons: ClassVar[type[StrEnum]]
    """Every reason a match of this game can end for."""
    takes_typed_moves: ClassVar[bool] = False
    """Whether players move by typing text (see `read_typed`)."""
    fixed_fields: ClassVar[tuple[str, ...]] = ()
    """Fields of `state_type` that never change after `setup` (a shuffled deck's cards): stored once per match
    rather than with every action."""

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Return every option's value: the given ones checked against their choices, the rest defaulted."""
        return resolve_options(self.options, given, self.title)

    def seating_problem(self, seat_count: int, options: Mapping[str, Any]) -> str | None:
        """Why these options cannot be played by this many (a sentence for the players), or None when they can;
        the host asks before `setup`. Most games take any count between their minimum and maximum."""
        return None

    @abstractmethod
    def setup(self, seating: Seating, options: Mapping[str, Any], seed: int) -> StateT:
        """Deal a new match for the seated players with resolved options, from a seed."""

    @abstractmethod
    def actors(self, state: StateT) -> frozenset[Seat]:
        """The seats that may act now (one in a turn-based game; both players of an Anomia face-off)."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: Seat) -> Sequence[ActionT]:
        """The actions `seat` may take now; empty when it may not act. Free-text games list what they can."""

    @abstractmethod
    def apply(self, state: StateT, seat: Seat, action: ActionT) -> tuple[StateT, list[Event]]:
        """Return the state after `seat` (or SYSTEM, for a timer) takes `action`. Never changes `state`."""

    @abstractmethod
    def outcome(self, state: StateT) -> Outcome | None:
        """How the match ended, or None while it goes on."""

    @abstractmethod
    def view(self, state: StateT, seat: Seat | None) -> Any:
        """What `seat` may see (None: the public). The only way information leaves a state."""

    def choice_context(self, state: StateT, seat: Seat | None) -> Any:
        """What a choice offered to `seat` (None: on the public board) rests on: a click from a panel or board made
        from another context is out of date. By default all that seat sees; a game where seats choose at once
        leaves out the others' progress, so that one seat's pick does not put the others' panels out of date."""
        return self.view(state, seat)

    @abstractmethod
    def hidden_from(self, state: StateT, seat: Seat | None) -> frozenset[str]:
        """Tokens (card ids, role names) that must not appear anywhere in `seat`'s view: tests check it."""

    @abstractmethod
    def parse_action(self, text: str) -> ActionT:
        """Read an action back from its notation; raise ParseError for text that is no action."""

    def encode_state(self, state: StateT, *, without_fixed: bool = False) -> JSON:
        """JSON data from which `decode_state` rebuilds an equal state; `without_fixed` leaves out the
        `fixed_fields`, stored apart (see `encode_fixed`)."""
        if without_fixed:
            return codec.encode_omitting(state, frozenset(self.fixed_fields))
        return codec.encode(state)

    def encode_fixed(self, state: StateT) -> JSON:
        """JSON data of the state's `fixed_fields` alone."""
        return {name: codec.encode(getattr(state, name)) for name in self.fixed_fields}

    def decode_fixed(self, data: JSON) -> Mapping[str, Any]:
        """The values of the `fixed_fields` from what `encode_fixed` wrote."""
        return codec.decode_fields(self.state_type, data, self.fixed_fields)

    def decode_state(self, data: JSON, fixed: Mapping[str, Any] | None = None) -> StateT:
        """The state that `encode_state` described; `fixed` holds the `fixed_fields` when `data` lacks them."""
        if fixed is None:
            return codec.decode(self.state_type, data)
        return codec.decode_given(self.state_type, data, fixed)

    def decode_event(self, data: JSON) -> Event:
        """An event as the log stores it (`codec.encode` of an Event), read back with this game's kinds."""
        visible_to = data.get("visible_to")
        return Event(
            self.event_kinds(data["kind"]),
            data.get("seat"),
            data.get("data") or {},
            None if visible_to is None else tuple(visible_to),
        )

    def timers(self, state: StateT) -> Sequence[Timer]:
        """Timed actions pending in this state; games without a clock have none."""
        return ()

    def computer_levels(self) -> ComputerLevels | None:
        """The game's computer players at each level (see bot/engine/levels.py); None for a game without."""
        return None

    def stand_in(self, state: StateT, seat: Seat, arrival: int) -> ActionT | None:
        """What a computer player would do for `seat` now (its player's turn clock ran out, or the computer plays
        the seat for them); None when a computer would not act (it knows no answer, say). Every game's state
        lists the seats its computer players hold in `computer_seats`, and asks for their moves as timers: the
        move is that timer's, in a state where the seat is one of them."""
        computers = getattr(state, "computer_seats", None)
        if computers is None or seat == SYSTEM:
            return None
        standing_in = replace(state, computer_seats=tuple(sorted({*computers, seat})))
        timer = next((timer for timer in self.timers(standing_in) if timer.seat == seat), None)
        return None if timer is None else timer.action_at(arrival)

    def taken_over(self, state: StateT, seat: Seat) -> StateT:
        """The state once a person took over `seat`, a computer player's until then: the computer no longer plays
        it (its timers stop). Every game's state lists its computer players' seats in `computer_seats`."""
        computers = getattr(state, "computer_seats", None)
        if computers is None:
            return state
        return replace(state, computer_seats=tuple(each for each in computers if each != seat))

    def hint(self, state: StateT, seat: Seat) -> Hint | None:
        """The move suggested to `seat` now, with a line saying why; None when the seat may not act (or the game
        gives no hints). Which move (`suggested_action`) and why (`explain_action`) are apart, so that the
        suggestion can come from any computer player while the explanation stays the game's."""
        if not self.gives_hints or seat not in self.actors(state) or self.is_over(state):
            return None
        action = self.suggested_action(state, seat)
        if action is None:
            return None
        return Hint(action, self.explain_action(state, seat, action))

    def suggested_action(self, state: StateT, seat: Seat) -> ActionT | None:
        """The move to suggest to `seat`: what the game's hard computer player would make for it, whatever level
        the table's computers play at (the strongest play the bot knows; it sees only what the seat sees)."""
        levels = self.computer_levels()
        if levels is None:
            return self.stand_in(state, seat, arrival=0)
        return levels.hard(state, seat)

    def explain_action(self, state: StateT, seat: Seat, action: ActionT) -> str:
        """One line that says `action` in a player's words and why it is a good move for `seat` in `state`."""
        return action.notation

    def decision(self, state: StateT, seat: Seat) -> Decision | None:
        """The kind of choice `seat` faces now on its private panel, with a line of guidance for a first game;
        None when it has none to make (or the game guides no one)."""
        return None

    def read_typed(
        self, state: StateT, seat: Seat | None, text: str, arrival: int, *, commanded: bool = False
    ) -> TypedMove | None:
        """The move a typed message stands for (None: it is just chat). `seat` is None for someone who may not
        act now; `arrival` orders messages as the platform received them, and is the only order a race uses.
        `commanded`: the text came with a command sent to move by text, so all of it is meant as a move, even
        where the same words said in chat would stay chat; a malformed one is then refused with its reason."""
        return None

    def typed_only(self, action: ActionT) -> bool:
        """Whether `action` may come only from a typed message (`read_typed`), never from a click or a box: a move
        raced by its arrival key, which only the platform's own message ids may carry."""
        return False

    def is_over(self, state: StateT) -> bool:
        """Whether the match has ended."""
        return self.outcome(state) is not None
