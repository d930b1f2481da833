"""The checks every registered game must pass under random play, shared by the conformance suite
(tests/games/test_conformance.py, driven by Hypothesis) and the soak script (scripts/soak.py, driven by fresh
random seeds): one match, given its table, options, seed and the random players' choices, is played and checked.

Random legal play must end; `apply` must never change its input; states are stored as the host stores them (the
fixed fields once, the rest after every action) and must round-trip through real JSON at every step, their fixed
fields unchanged; no view or visible event may hold a token the game says is hidden from that seat; every event
and end reason is one the game declares; the choice context of the board and of every seat that may act (what
their controls pin) is written the same for the state read back; and the same seed and choices must give
byte-identical states.
The game's clock plays too: at any step one of its pending timers may run out instead of a player moving, as
the host would fire it, and its action must be legal; and a computer may stand in for any seat the game waits on
(as when its player's turn clock runs out), with a move `apply` must accept, and must have one whenever the game
waits on that seat alone.

Given the game's renderer, its record (/record, and the board's "Latest" lines) is checked too: every public
event has a line of its own in what `describe` tells the public (the end of the game aside: the record ends with
the outcome), those lines are the same whatever the events hidden from the public held, and none holds a token
any seat's view hides, or the name that token's card or role goes by.

A broken rule raises `ConformanceError`, an AssertionError, so pytest reports it as a failed test.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any, NoReturn

from bot.discord_ui.renderers import GameRenderer
from bot.engine import (
    COMPUTER_PLAYERS_OPTION,
    SYSTEM,
    Event,
    GameRules,
    IllegalAction,
    Option,
    Seat,
    Seating,
    canonical_json,
)
from bot.engine.codec import encode
from bot.engine.levels import COMPUTER_LEVEL_OPTION, HARD
from bot.matches import Match, MatchStatus, Player


class ConformanceError(AssertionError):
    """A game broke one of the rules every game must keep."""


def fail(reason: str) -> NoReturn:
    raise ConformanceError(reason)


def require(condition: bool, reason: str) -> None:
    if not condition:
        fail(reason)


MAX_ACTIONS = 3000
"""Far above any Anarchy match (its reshuffle limit bounds it); a game that needs more has a bug."""
ARRIVAL_STEP = 1 << 32
"""Arrival keys for timed actions, a second apart in Discord's snowflake terms."""
STAND_IN_EVERY = 5
"""About one player's move in this many is made by a computer standing in for them."""


LINE_PER_ITEM = json.JSONEncoder(ensure_ascii=False, separators=("\n", "\n"), check_circular=False)
"""Writes JSON with each key and each value on a line of its own (JSON text holds no other line break). The
codec's data has no cycles, so the check for them is skipped, as `canonical_json` does."""


def leaked(tokens: frozenset[str], text: str) -> list[str]:
    return sorted(token for token in tokens if token in text)


def stored(rules: GameRules, state: Any) -> str:
    """The state as the host stores it after every action: without the fixed fields, which it stores once."""
    return canonical_json(rules.encode_state(state, without_fixed=True))


def fixed_values(rules: GameRules, state: Any) -> dict[str, Any]:
    return {name: getattr(state, name) for name in rules.fixed_fields}


class Secrecy:
    """Checks, position after position of one match, that no view or visible event holds a token hidden from
    the seat it is shown to, in any field, as the codec writes it (what a renderer could print).

    Written with `LINE_PER_ITEM`, a token that a field holds lies within one line, and a line found clean of
    some tokens stays clean of them. So the seats kept from the same tokens are checked together, on the set of
    lines of all they are shown, and only on the lines not found clean of those tokens at the previous
    position: most of a table is as it was a move ago.
    """

    def __init__(self) -> None:
        self.clean: dict[frozenset[str], set[str]] = {}
        """The previous position's lines, by the tokens they were found clean of."""

    def check(self, rules: GameRules, state: Any, seat_count: int, events: Sequence[Event]) -> None:
        written: dict[int, tuple[Any, list[frozenset[str]]]] = {}
        viewers_by_hidden: dict[frozenset[str], list[Seat | None]] = {}
        parts_shown: dict[Seat | None, list[frozenset[str]]] = {}
        for viewer in [None, *range(seat_count)]:
            viewers_by_hidden.setdefault(rules.hidden_from(state, viewer), []).append(viewer)
            shown = [rules.view(state, viewer), *(event for event in events if event.is_visible_to(viewer))]
            parts_shown[viewer] = [part for value in shown for part in lines_of(value, written)]
        lines_by_hidden = {}
        for hidden, viewers in viewers_by_hidden.items():
            parts = {id(part): part for viewer in viewers for part in parts_shown[viewer]}
            lines = lines_by_hidden[hidden] = set().union(*parts.values())
            found = leaked(hidden, "\n".join(lines - self.clean.get(hidden, set())))
            if found:
                shown_to = [
                    viewer for viewer in viewers if leaked(hidden, "\n".join(set().union(*parts_shown[viewer])))
                ]
                secrets = sorted(line for line in lines if any(token in line for token in found))
                fail(f"seats {shown_to} (None: the public) are shown secrets {found}: {secrets}")
        self.clean = lines_by_hidden


def lines_of(value: Any, written: dict[int, tuple[Any, list[frozenset[str]]]]) -> list[frozenset[str]]:
    """The lines of a view or event as the codec writes it (brackets aside), in parts, each value written once
    in `written` (by id, kept with the value so that the id stays its own). A field of an object whose value is
    written already brings its parts: a table that every seat's view holds is written once."""
    known = written.get(id(value))
    if known is not None:
        return known[1]
    fields = object_fields(type(value))
    shared = {name: written[id(getattr(value, name))][1] for name in fields if id(getattr(value, name)) in written}
    parts = [part for name, known_parts in shared.items() for part in (*known_parts, fields[name])]
    # The rest, field by field if some are shared (each as the codec writes a value of its type), else whole.
    rest = {name: encode(getattr(value, name)) for name in fields if name not in shared} if shared else encode(value)
    parts.append(frozenset(LINE_PER_ITEM.encode(rest).split("\n")))
    written[id(value)] = (value, parts)
    return parts


@functools.cache
def object_fields(cls: type) -> dict[str, frozenset[str]]:
    """The fields that the codec writes by name for a value of `cls` (none but a dataclass's that it writes as
    an object, and no derived field), each with the line of its key."""
    if not dataclasses.is_dataclass(cls) or getattr(cls, "__json_compact__", False):
        return {}
    return {
        field.name: frozenset([LINE_PER_ITEM.encode(field.name)]) for field in dataclasses.fields(cls) if field.init
    }


@dataclasses.dataclass(frozen=True)
class Recording:
    """How a game's record is written: its renderer, and the names a hidden token (a card's or a role's id) goes
    by in words, which no line of the record may hold while the token is hidden."""

    renderer: GameRenderer
    names_of: Callable[[str], Sequence[str]] = lambda token: ()


def card_names(renderer: Any, token: str) -> Sequence[str]:
    """An Anachronism card's name (a warrior's, a support's)."""
    pool = renderer.pool
    if pool.has(token):
        return ((pool.warrior(token) if token.startswith("wr-") else pool.support(token)).name,)
    return ()


def role_names(renderer: Any, token: str) -> Sequence[str]:
    """An Anokera role's name."""
    return (renderer.sheet.role(token).name,)


NAMED_SECRETS: dict[str, Callable[[Any, str], Sequence[str]]] = {"anachronism": card_names, "anokera": role_names}
"""The games whose hidden tokens go by names a line could hold: their cards' and roles' names are their own. (A
letter or a playing card's rank and suit could be anyone's: those games' lines are checked against the tokens,
and against the events hidden from the public.)"""


def recording_of(key: str, renderer: GameRenderer) -> Recording:
    """How the game `key` writes its record, with its renderer."""
    named = NAMED_SECRETS.get(key)
    return Recording(renderer, functools.partial(named, renderer) if named else lambda token: ())


GAME_OVER = "game_over"
"""The event kind that ends a match, in every game: the record tells it with the outcome, not a line of its own."""


def record_table(rules: GameRules, seat_count: int, options: Mapping[str, Any]) -> Match:
    """A finished table as the record sees it: the seats' players by name, and no state (a renderer's lines come
    from the events alone)."""
    computers = seating(seat_count, dict(options)).computers
    players = tuple(
        Player(-(seat + 1) if seat in computers else seat + 1, f"Player {seat + 1}", seat) for seat in range(seat_count)
    )
    moment = datetime(2026, 1, 1, tzinfo=UTC)
    return Match(1, rules.key, 1, 1, 1, MatchStatus.FINISHED, dict(options), 0, 1, moment, moment, players)


def check_record(
    rules: GameRules, recording: Recording, table: Match, state: Any, seat_count: int, events: Sequence[Event]
) -> None:
    """The record's lines for these events: a line for each public event, none changed by a private one, and none
    naming what a seat's view hides."""
    renderer = recording.renderer
    public = [event for event in events if event.is_visible_to(None)]
    for event in public:
        if event.kind != GAME_OVER:
            require(bool(renderer.describe(table, [event], None)), f"the public event {event} has no record line")
    lines = renderer.describe(table, events, None)
    require(lines == renderer.describe(table, public, None), f"events hidden from the public change {lines}")
    hidden = frozenset().union(*(rules.hidden_from(state, viewer) for viewer in [None, *range(seat_count)]))
    text = "\n".join(lines)
    found = leaked(hidden, text) + sorted(
        name for token in hidden for name in recording.names_of(token) if name in text
    )
    require(not found, f"the record names what a seat's view hides, {found}: {lines}")


def check_position(
    rules: GameRules,
    state: Any,
    text: str,
    fixed: Mapping[str, Any],
    seat_count: int,
    secrecy: Secrecy,
    events: Sequence[Event] = (),
) -> Any:
    """Check a reachable position, its stored JSON `text` (its `fixed` fields decoded apart), and the events
    that led to it. Returns the state read back from `text`, equal to `state` in every field: the fixed ones
    too, so they must still be as dealt."""
    stored_state = rules.decode_state(json.loads(text), fixed)
    require(stored_state == state, "the stored state reads back as a different state")
    actors = rules.actors(state)
    require(actors <= set(range(seat_count)), f"the actors {sorted(actors)} are not all seats of the table")
    require(rules.is_over(state) == (not actors), "the match is over exactly when nobody may act")
    for seat in range(seat_count):
        actions = rules.legal_actions(state, seat)
        require(bool(actions) == (seat in actors), f"seat {seat} has legal actions exactly when it may act")
        for action in actions:
            require(rules.parse_action(action.notation) == action, f"{action.notation!r} reads back as {action}")
    for seat in (None, *sorted(actors)):
        # A control pins a fingerprint of this (bot/matches/pins.py): it must be written the same after a restart.
        context = canonical_json(encode(rules.choice_context(state, seat)))
        require(context == canonical_json(encode(rules.choice_context(stored_state, seat))), "a choice context moved")
    secrecy.check(rules, state, seat_count, events)
    return stored_state


def refuses(rules: GameRules, state: Any, seat: Seat, action: Any) -> bool:
    """Whether the rules refuse `action` from `seat` with IllegalAction: what `pytest.raises` checks, at a
    fraction of its cost (it runs for several seats at every step)."""
    try:
        rules.apply(state, seat, action)
    except IllegalAction:
        return True
    return False


def seating(seat_count: int, options: dict) -> Seating:
    """Seats as the host fills them: the opener first, computer players last, at least one person."""
    computers = min(options.get(COMPUTER_PLAYERS_OPTION, 0), seat_count - 1)
    return Seating(seat_count, opener=0, computers=tuple(range(seat_count - computers, seat_count)))


def play(
    rules: GameRules,
    seat_count: int,
    options: dict,
    seed: int,
    choices: list[int],
    check: bool = True,
    recording: Recording | None = None,
    played: list[tuple[Seat, Any, list[Event]]] | None = None,
) -> tuple[list[str], tuple[int, Any]]:
    """Play one match to its end, checking every invariant unless `check` is off (and its record, given how it
    is written).

    Returns what the host would store: the fixed fields, then the state after setup and after each action; and
    the last action with its seat. Each action taken, with its seat and events, is added to `played` if given
    (what the host logs).
    """
    state = rules.setup(seating(seat_count, options), rules.resolve_options(options), seed)
    dealt = fixed_values(rules, state)
    history = [canonical_json(rules.encode_fixed(state)), stored(rules, state)]
    if check:
        # Matches stored before the fixed fields were kept apart hold whole states, which must round-trip too.
        # Once is enough: afterwards the rest round-trips at every step and the fixed fields stay as dealt.
        whole = rules.decode_state(json.loads(canonical_json(rules.encode_state(state))))
        require(whole == state, "the whole dealt state reads back as a different state")
        fixed = rules.decode_fixed(json.loads(history[0]))
        secrecy = Secrecy()
        stored_state = check_position(rules, state, history[-1], fixed, seat_count, secrecy)
        table = record_table(rules, seat_count, options)
    fallback = random.Random(seed)  # chooses once Hypothesis's list of choices runs out
    last_move: tuple[int, Any] | None = None
    hint_checked = seed % 4 != 0  # see below: a hint is checked in one match of four
    for step in range(MAX_ACTIONS):
        actors = sorted(rules.actors(state))
        if not actors:
            require(last_move is not None, "a match must not be over before it starts")
            return history, last_move
        timers = rules.timers(state)
        choice = choices[step] if step < len(choices) else fallback.randrange(1 << 16)
        movers = [*actors, SYSTEM] if timers else actors
        if movers[choice % len(movers)] == SYSTEM:
            timer = timers[choice % len(timers)]
            seat, action = timer.seat, timer.action_at((step + 1) * ARRIVAL_STEP)
        else:
            seat = movers[choice % len(movers)]
            # Now and then a computer stands in for the seat, as when its player's turn clock runs out: whatever
            # the game, whoever the seat, its move must be one `apply` accepts. It may sit out only where the game
            # does not wait on that seat alone (an Anomia face-off, where a computer that knows no answer keeps
            # quiet): else the match would wait for ever.
            stand_in = rules.stand_in(state, seat, (step + 1) * ARRIVAL_STEP) if choice % STAND_IN_EVERY == 0 else None
            if choice % STAND_IN_EVERY == 0 and check:
                waits_on_seat = actors == [seat] and not any(timer.seat == SYSTEM for timer in timers)
                require(stand_in is not None or not waits_on_seat, f"no computer move stands in for seat {seat}")
            if stand_in is not None and check and rules.gives_hints and not hint_checked:
                # A hint suggests what the hard computer would do (whatever the table's level), a move the rules
                # accept, in a line that tells the player nothing hidden. Once a match, in one match of four: hard
                # thinks for a tenth of a second or so, and the many matches played here give every kind of
                # position.
                hint_checked = True
                hint = rules.hint(state, seat)
                levels = rules.computer_levels()
                hard = stand_in if levels is None else levels.hard(state, seat)
                require(hint is not None and hint.action == hard, f"the hint for seat {seat} is not the computer's")
                rules.apply(state, seat, hint.action)
                require(bool(hint.line.strip()), "a hint without a line")
                hidden = leaked(rules.hidden_from(state, seat), hint.line)
                require(not hidden, f"a hint tells seat {seat} of {hidden}")
            if stand_in is not None:
                action = stand_in
            else:
                actions = rules.legal_actions(state, seat)
                action = actions[choice % len(actions)]
        previous = state
        state, events = rules.apply(previous, seat, action)
        last_move = (seat, action)
        if played is not None:
            played.append((seat, action, events))
        history.append(stored(rules, state))
        # Stored once, the fixed fields must stay as dealt, in a replay too (the same objects compare at once).
        require(fixed_values(rules, state) == dealt, "a fixed field changed")
        if not check:
            continue
        # The input must still be the state its stored text reads back as, equal as the round trip measures it.
        require(previous == stored_state, "apply changed its input")
        strangers = [event.kind for event in events if not isinstance(event.kind, rules.event_kinds)]
        require(not strangers, f"events of kinds the game does not declare: {strangers}")
        for outsider in set(range(seat_count)) - set(actors) - {seat}:
            require(refuses(rules, previous, outsider, action), f"seat {outsider} may {action} out of turn")
        stored_state = check_position(rules, state, history[-1], fixed, seat_count, secrecy, events)
        if recording is not None:
            check_record(rules, recording, table, state, seat_count, events)
    fail(f"{rules.key} did not end within {MAX_ACTIONS} actions")


def drawn_from(option: Option) -> tuple:
    """The choices random play draws an option from: every one but the hard computer level, whose search takes a
    quarter of a second a move (tests/engine/test_computer_levels.py plays it to the end in every game that has one)."""
    if option.key == COMPUTER_LEVEL_OPTION:
        return tuple(choice for choice in option.choices if choice != HARD)
    return tuple(option.choices)


def playable_options(rules: GameRules, seat_count: int, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The `chosen` options, with those the game refuses at this table size (as the host would) falling back to
    their defaults one by one, in the order the game declares them."""
    options = dict(chosen)
    for option in rules.options:
        if rules.seating_problem(seat_count, rules.resolve_options(options)) is None:
            break
        options[option.key] = option.default
    return options


def check_match(
    rules: GameRules,
    seat_count: int,
    options: dict,
    seed: int,
    choices: list[int],
    recording: Recording | None = None,
) -> None:
    """Play one match with every check (its record's too, given how it is written), then check its end and that
    replaying it gives the same match."""
    history, (seat, action) = play(rules, seat_count, options, seed, choices, recording=recording)
    final = rules.decode_state(json.loads(history[-1]), rules.decode_fixed(json.loads(history[0])))
    reason = rules.outcome(final).reason
    if not isinstance(reason, rules.end_reasons):
        fail(f"the match ended for {reason!r}, not one of the game's end reasons")
    if not refuses(rules, final, seat, action):  # the host checks game over too, but the rules must be safe
        fail(f"after the match ended, seat {seat} may still {action}")
    replay, _ = play(rules, seat_count, options, seed, choices, check=False)
    if replay != history:
        fail("the same seed and choices gave a different match")
