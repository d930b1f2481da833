"""Hand-built Anokera positions, and shorthands to play and read them, shared by the tests of this package.

`city` builds a position from resource letters: a column, the row, the deck or the removed pile is written bottom to
top (or first to last) as letters, "F", "T" or "N", each followed by "*" for a marked card ("NTFFFF*"). Each letter
becomes the lowest-numbered unused card of that resource and kind ("F" -> F01, then F02; "F*" -> F11, then F12),
so every card id is used once; the row is dealt first, so its cards have the lowest numbers. Whatever the position
does not name goes to the deck (or, when the deck is given, to the removed pile), so a built position always holds
all 36 cards. Roles are picked from the real role sheet by god and template (`role`), never by number, so the tests
follow the sheet when its numbers are tuned.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest
from support import RULES as ALL_RULES

from bot.engine import Event, IllegalAction, Seating
from bot.games.anokera.cards import DEATHS, Card, full_deck, is_marked, resource_of
from bot.games.anokera.content import RoleSheet
from bot.games.anokera.rules import AnokeraRules
from bot.games.anokera.state import CITIZENS_PER_PLAYER, AnokeraState

RULES: AnokeraRules = ALL_RULES["anokera"]
"""The game's rules over the shipped role sheet."""
SHEET: RoleSheet = RULES.sheet
DECK = full_deck()
VIOLENCE, FAMINE, DISASTER = DEATHS


def role(patron: str, template: str) -> str:
    """The id of the sheet's role serving the god of `patron` (a kind of death) with this template."""
    (found,) = [each.id for each in SHEET.roles if each.patron == patron and each.template == template]
    return found


DEFAULT_ROLES = (role(VIOLENCE, "acolyte"), role(FAMINE, "zealot"), role(DISASTER, "envoy"))
"""Three seats serving three different gods with three different templates."""


class Dealer:
    """Hands out cards by resource letter, each id once: "F" the lowest unused unmarked Force, "F*" the lowest
    unused marked one."""

    def __init__(self) -> None:
        self.unused = list(DECK)

    def cards(self, letters: str) -> tuple[Card, ...]:
        tokens = re.findall(r"[FTN]\*?|.", letters.replace(" ", ""))
        taken = []
        for token in tokens:
            if token[0] not in "FTN":
                raise ValueError(f"{token!r} is not a resource letter")
            marked = token.endswith("*")
            card = next((c for c in self.unused if resource_of(c) == token[0] and is_marked(c) == marked), None)
            if card is None:
                raise ValueError(f"the deck has no card {token!r} left for this position")
            self.unused.remove(card)
            taken.append(card)
        return tuple(taken)


def city(
    columns: Sequence[str] = ("", "", ""),
    row: str = "FTNFT",
    deck: str | None = None,
    removed: str | None = None,
    roles: Sequence[str] = DEFAULT_ROLES,
    deaths: tuple[int, int, int] = (0, 0, 0),
    citizens: int | None = None,
    turn: int = 0,
    computers: tuple[int, ...] = (),
    reshuffled: bool = False,
    last_clearer: int | None = None,
) -> AnokeraState:
    """A hand-built position: three columns bottom to top, the row, the deck (first card next), the seats' roles
    (the rest of the sheet's roles unused, in sheet order) and the deaths so far. Citizens default to those the
    deaths left. Cards not named go to the deck when `deck` is None, else to the removed pile."""
    dealer = Dealer()
    built_row = dealer.cards(row)
    built_columns = tuple(dealer.cards(column) for column in columns)
    built_deck = None if deck is None else dealer.cards(deck)
    built_removed = None if removed is None else dealer.cards(removed)
    rest = tuple(dealer.unused)
    if built_deck is None:
        built_deck, rest = rest, ()
    if built_removed is None:
        built_removed, rest = rest, ()
    if rest:
        raise ValueError(f"the position leaves {len(rest)} cards nowhere: leave the deck or the removed pile open")
    seat_count = len(roles)
    base = RULES.setup(Seating(seat_count, computers=computers), {}, seed=1)
    return replace(
        base,
        roles=tuple(roles),
        unused_roles=tuple(each.id for each in SHEET.roles if each.id not in roles),
        citizens=CITIZENS_PER_PLAYER * seat_count - sum(deaths) if citizens is None else citizens,
        deaths=deaths,
        row=built_row,
        deck=built_deck,
        removed=built_removed,
        reshuffled=reshuffled,
        columns=built_columns,
        turn=turn,
        last_clearer=last_clearer,
    )


def act(state: AnokeraState, *notations: str) -> AnokeraState:
    """Apply each action in turn for whoever is to act."""
    for notation in notations:
        state, _ = RULES.apply(state, state.turn, RULES.parse_action(notation))
    return state


def play(state: AnokeraState, notation: str) -> tuple[AnokeraState, list[Event]]:
    """The seat to act takes the action written as `notation`: the new state and the events."""
    return RULES.apply(state, state.turn, RULES.parse_action(notation))


def refusal(state: AnokeraState, notation: str, seat: int | None = None) -> str:
    """Why `notation` is refused; fails the test if it is accepted."""
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, state.turn if seat is None else seat, RULES.parse_action(notation))
    return str(caught.value)


def kinds(events: Sequence[Event]) -> list[str]:
    return [str(event.kind) for event in events]


def letters(cards: Sequence[Card]) -> str:
    """Cards as resource letters, a marked one followed by "*": the notation `city` reads."""
    return "".join(resource_of(card) + ("*" if is_marked(card) else "") for card in cards)


def column_letters(state: AnokeraState) -> tuple[str, ...]:
    return tuple(letters(column) for column in state.columns)


def tally(deaths: Mapping[str, int] | None = None, **by_kind: int) -> tuple[int, int, int]:
    """Deaths by kind in the state's order: tally(violence=4, famine=3)."""
    given = {**(deaths or {}), **by_kind}
    return tuple(given.get(kind, 0) for kind in DEATHS)


def all_cards(state: AnokeraState) -> list[Card]:
    """Every card the state holds, wherever it lies."""
    return [*state.row, *state.deck, *(card for column in state.columns for card in column), *state.removed]


def holds_the_whole_deck(state: AnokeraState) -> bool:
    """Whether the state holds each of the 36 cards exactly once."""
    return Counter(all_cards(state)) == Counter(DECK)


def expected_score(role_id: str, deaths: tuple[int, int, int], players: int) -> int:
    """A role's score worked out here from its template's numbers on the sheet, as ruling K6 describes it: points
    per death of the god's kind, of the kind it scorns and of the third kind, and the bonus per player when the
    god's kind has the most deaths (a tie counts)."""
    patron, template = SHEET.patron_of(role_id), SHEET.template_of(role_id)
    by_kind = dict(zip(DEATHS, deaths, strict=True))
    ally = next(kind for kind in DEATHS if kind not in (patron.death, patron.scorns))
    score = template.own * by_kind[patron.death] + template.rival * by_kind[patron.scorns]
    score += template.ally * by_kind[ally]
    if by_kind[patron.death] == max(deaths):
        score += template.most_per_player * players
    return score
