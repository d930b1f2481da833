"""A small Anomia content pool, hand-built positions, and shorthands to play them, shared by this package's tests.

The tests use the content built here, so they do not change when data/anomia is edited (test_content checks
the shipped content). `table` builds a position from "category/symbol" cards; `act`, `events_of` and `refusal`
apply notations; `seating` seats players as the host does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from bot.engine import COMPUTER_PLAYERS_OPTION, IllegalAction, Seating
from bot.games.anomia.content import AnomiaContent, Answer, Category, DeckSpec, Predicate, Symbol
from bot.games.anomia.rules import AnomiaRules
from bot.games.anomia.state import AnomiaOptions, AnomiaState, Card

MS = 1 << 22
"""One millisecond in arrival keys (Discord snowflakes keep the timestamp above bit 22, ruling M6)."""

NAMED = (
    Category("fruit", "A fruit", "thing", (Answer("Apple"), Answer("Peach"), Answer("Orange"), Answer("Cherry"))),
    Category("colour", "A colour", "word", (Answer("Red"), Answer("Orange"), Answer("Blue"), Answer("Green"))),
    Category("band", "A band", "title", (Answer("The Beatles", ("Beatles", "the fab four")), Answer("ABBA"))),
    Category(
        "city",
        "A city",
        "place",
        (Answer("São Paulo"), Answer("New York", ("NYC", "new york city")), Answer("Tokyo")),
    ),
    Category("animal", "An animal", "thing", (Answer("Horse"), Answer("Fox"), Answer("Zebra"))),
    Category("qword", "A word starting with Q", "word", (), Predicate("starts_with", "q")),
    Category("palin", "A palindrome", "word", (), Predicate("palindrome")),
)
FILLERS = tuple(
    Category(
        f"filler{index:03d}", f"Filler {index}", "thing", (Answer(f"item {index} one"), Answer(f"item {index} two"))
    )
    for index in range(100)
)
SYMBOLS = tuple(Symbol(f"s{index}", f"Symbol {index}", "*", "grey") for index in range(8))
DECK = DeckSpec(92, (12, 12, 12, 12, 11, 11, 11, 11), 8, tuple((index, (index + 1) % 8) for index in range(8)))
CONTENT = AnomiaContent(NAMED + FILLERS, SYMBOLS, DECK)
RULES = AnomiaRules(CONTENT)


def seating(seat_count: int, options: Mapping[str, Any] | None = None) -> Seating:
    """Seats as the host fills them: the opener at seat 0, the computer players the options ask for in the last
    seats, and always at least one person."""
    computers = min((options or {}).get(COMPUTER_PLAYERS_OPTION, 0), seat_count - 1)
    return Seating(seat_count, opener=0, computers=tuple(range(seat_count - computers, seat_count)))


def table(
    piles: list[str],
    draw: tuple[str, str] = ("", ""),
    wilds: str = "",
    flipper: int = 0,
    computers: tuple[int, ...] = (),
    **options,
) -> AnomiaState:
    """A hand-built position. Cards are written "category/symbol" (a category card) or "wild/3-4"; piles are
    space-separated, play piles bottom first, draw piles top first. Card ids are given in order of writing.
    Judging is "lists" unless given: most tests look at answers the lists decide."""
    options.setdefault("judging", "lists")
    deck: list[Card] = []

    def cards(text: str) -> tuple[str, ...]:
        ids = []
        for spec in text.split():
            name, symbols = spec.split("/")
            if name == "wild":
                first, second = symbols.split("-")
                card = Card(f"w{sum(card.is_wild for card in deck)}", (int(first), int(second)))
            else:
                card = Card(f"c{sum(not card.is_wild for card in deck):02d}", (int(symbols),), name)
            deck.append(card)
            ids.append(card.id)
        return tuple(ids)

    play_piles = tuple(cards(pile) for pile in piles)
    draw_piles = (cards(draw[0]), cards(draw[1]))
    return AnomiaState(
        options=AnomiaOptions(**options),
        deck=tuple(deck),
        computer_seats=computers,
        draw_piles=draw_piles,
        play_piles=play_piles,
        winning_piles=((),) * len(piles),
        wilds=cards(wilds),
        flipper=flipper,
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
        rng_state=99,
    )


def act(state: AnomiaState, seat: int, *notations: str) -> AnomiaState:
    for notation in notations:
        state, _ = RULES.apply(state, seat, RULES.parse_action(notation))
    return state


def events_of(state: AnomiaState, seat: int, notation: str) -> tuple[AnomiaState, list[str]]:
    state, events = RULES.apply(state, seat, RULES.parse_action(notation))
    return state, [event.kind for event in events]


def refusal(state: AnomiaState, seat: int, notation: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, RULES.parse_action(notation))
    return str(caught.value)


def faceoff_fruit_vs_colour(**options) -> AnomiaState:
    """Seat 0 shows a fruit, seat 2 flips a colour with the same symbol: seat 0 must name a colour, seat 2 a fruit."""
    state = table(
        ["fruit/1", "band/2", "", "city/3"], draw=("colour/1 animal/4 filler000/5", "filler001/6"), flipper=2, **options
    )
    state = act(state, 2, "flip left")
    assert state.faceoff is not None and state.faceoff.seats == (2, 0)
    return state


def all_cards(state: AnomiaState) -> list[str]:
    held = [card for pile in (*state.draw_piles, *state.play_piles, *state.winning_piles) for card in pile]
    return held + list(state.wilds) + list(state.faceoff.tiebreakers if state.faceoff else ())
