"""Computer players: which card a computer plays on its turn, and when.

A computer knows its own role and everything on the table. It values each card it could play on each column by
what that play does to its own score now (a marked card's clearing) and to what a marked card could later make
of that column for it (its potential: the best score a marked card of any resource would add there). It usually
takes the best; but now and then it plays another harmless card, so that its choices do not spell out its role.
It plays a second unmarked card when one would also help.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from bot.engine import Seat, SeededRandom
from bot.games.anokera.actions import AnokeraAction, EndTurn, PlayCard
from bot.games.anokera.cards import DEATHS, MARKED_NUMBERS, RESOURCES, Card, is_marked, resource_of
from bot.games.anokera.columns import clear, combo
from bot.games.anokera.content import RoleSheet
from bot.games.anokera.state import AnokeraState

COMPUTER_DELAY = 3.0
"""Seconds a computer takes over each card: long enough for players to see the board change."""
OBVIOUS_SHARE = 3
"""A computer plays its best card about this many times in four, and another harmless card otherwise."""
POTENTIAL_WEIGHT = 0.5
"""How much a column's promise for a later clearing counts against points scored now."""
_PROBES = tuple(f"{resource}{MARKED_NUMBERS[0]}" for resource in RESOURCES)
"""A marked card of each resource, to ask what a clearing would make of a column."""


def computer_choice(
    sheet: RoleSheet, state: AnokeraState, seat: Seat, actions: tuple[AnokeraAction, ...], rng: SeededRandom
) -> AnokeraAction:
    """Pick among the legal `actions` by their value to this seat's role."""
    plays = [action for action in actions if isinstance(action, PlayCard)]
    valued = _valued(sheet, state.roles[seat], state, plays)
    best_value, _, best = valued[0]
    if EndTurn() in actions and best_value <= 0:
        return EndTurn()
    harmless = [action for value, _, action in valued if value >= 0]
    if best_value <= 0 or (rng.below(4) >= OBVIOUS_SHARE and len(harmless) > 1):
        best = rng.pick(harmless or [action for _, _, action in valued])
    return _announced(best, plays, valued)


def choice_chances(
    sheet: RoleSheet, role: str, state: AnokeraState, actions: tuple[AnokeraAction, ...]
) -> dict[AnokeraAction, float]:
    """How likely `computer_choice` is to take each action, for a seat of `role` in `state`: what the hard
    computer reads the other players' roles by."""
    plays = [action for action in actions if isinstance(action, PlayCard)]
    valued = _valued(sheet, role, state, plays)
    best_value, _, best = valued[0]
    if EndTurn() in actions and best_value <= 0:
        return {EndTurn(): 1.0}
    harmless = [action for value, _, action in valued if value >= 0]
    chances: dict[AnokeraAction, float] = {}
    if best_value <= 0:
        picked = harmless or [action for _, _, action in valued]
        for action in picked:
            chance = chances.get(_announced(action, plays, valued), 0.0)
            chances[_announced(action, plays, valued)] = chance + 1 / len(picked)
        return chances
    if len(harmless) <= 1:
        return {_announced(best, plays, valued): 1.0}
    chances[_announced(best, plays, valued)] = OBVIOUS_SHARE / 4
    for action in harmless:
        announced = _announced(action, plays, valued)
        chances[announced] = chances.get(announced, 0.0) + (1 - OBVIOUS_SHARE / 4) / len(harmless)
    return chances


def _valued(
    sheet: RoleSheet, role: str, state: AnokeraState, plays: list[PlayCard]
) -> list[tuple[float, str, PlayCard]]:
    """Each play of a single card with its value to `role`, best first."""
    potential = _potentials(sheet)
    potentials = [
        potential(role, _resources(column), state.deaths, state.citizens, state.seat_count) for column in state.columns
    ]
    return sorted(
        ((_value(sheet, potential, role, state, potentials, action.card, action.column), action.notation, action)
         for action in plays if not action.then_another),
        reverse=True,
    )  # fmt: skip


def _announced(best: PlayCard, plays: list[PlayCard], valued: list[tuple[float, str, PlayCard]]) -> PlayCard:
    """`best`, announcing a second card when another unmarked card would also help."""
    then_another = PlayCard(best.card, best.column, then_another=True)
    if then_another in plays and any(
        value > 0 for value, _, action in valued if action.card != best.card and not is_marked(action.card)
    ):
        return then_another
    return best


def _value(
    sheet: RoleSheet,
    potential: Callable,
    role: str,
    state: AnokeraState,
    potentials: list[int],
    card: Card,
    column: int,
) -> float:
    """Points the play scores for `role` now, plus the change in its column's potential (`potentials`: each
    column's before the play)."""
    players = state.seat_count
    cards = (*state.columns[column], card)
    deaths, citizens = state.deaths, state.citizens
    gained = 0
    if is_marked(card):
        clearing = clear(cards, citizens)
        after_deaths = tuple(now + more for now, more in zip(deaths, clearing.tally(), strict=True))
        gained = _score(sheet, role, after_deaths, players) - _score(sheet, role, deaths, players)
        cards, deaths, citizens = clearing.column, after_deaths, clearing.citizens
    elif combo(cards) is not None:
        cards = cards[:-3]
    change = potential(role, _resources(cards), deaths, citizens, players) - potentials[column]
    return gained + POTENTIAL_WEIGHT * change


_POTENTIALS: dict[RoleSheet, Callable] = {}
"""Each role sheet's `potential`, remembered: play-outs of the hard computer ask it of the same columns again and
again."""


def _resources(column: tuple[Card, ...]) -> str:
    """A column's resources from the bottom up, all a clearing looks at: "FFT"."""
    return "".join(resource_of(card) for card in column)


def _potentials(sheet: RoleSheet) -> Callable[[str, str, tuple[int, ...], int, int], int]:
    """`potential(role, resources, deaths, citizens, players)`: the most a marked card of any resource played on a
    column of these resources (`_resources`) would add to the role's score (at least 0)."""
    if sheet not in _POTENTIALS:

        @lru_cache(maxsize=1 << 16)
        def potential(role: str, resources: str, deaths: tuple[int, ...], citizens: int, players: int) -> int:
            now = _score(sheet, role, deaths, players)
            best = 0
            for probe in _PROBES:
                tally = clear((*resources, probe), citizens).tally()
                after = tuple(count + more for count, more in zip(deaths, tally, strict=True))
                best = max(best, _score(sheet, role, after, players) - now)
            return best

        _POTENTIALS[sheet] = potential
    return _POTENTIALS[sheet]


def _score(sheet: RoleSheet, role: str, deaths: tuple[int, ...], players: int) -> int:
    return sheet.score(role, dict(zip(DEATHS, deaths, strict=True)), players)


def _potential(
    sheet: RoleSheet, role: str, column: tuple[Card, ...], deaths: tuple[int, ...], citizens: int, players: int
) -> int:
    """The most a marked card of any resource played on this column would add to the role's score (at least 0)."""
    return _potentials(sheet)(role, _resources(column), deaths, citizens, players)
