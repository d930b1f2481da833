"""How the hard Anokera computer thinks ahead: the worlds it imagines, the choices it compares, and how it judges
where a game is heading.

Every score in Anokera is worked out from the tally of deaths by kind alone, and the city always empties, so a game
is decided by where the tally ends. The normal computer steers the tally towards its own role's points and looks no
further; hard asks instead how likely a tally is to make it the winner, given that the other players' roles are
dealt from the eight it does not hold (`win_chance`), whoever gains along with it.

The search reads only the seat's view. It deals what the seat cannot see into a few worlds: the other roles as
likely as the plays the seat has seen them make (`inference`), the deck past its next card and the removed cards
at random. It tries each choice that differs (two unmarked cards of one resource on
one column are the same play) in the same worlds, plays each try a couple of rounds on as the normal computers
would, and judges the position reached by its win chance over every way the citizens still alive may yet die.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from bot.engine import Seat, SeededRandom
from bot.engine.search import view_seed
from bot.games.anokera.actions import AnokeraAction, PlayCard
from bot.games.anokera.cards import DEATHS, full_deck, is_marked, resource_of
from bot.games.anokera.content import RoleSheet
from bot.games.anokera.inference import RoleBelief
from bot.games.anokera.state import AnokeraOptions, AnokeraState
from bot.games.anokera.views import AnokeraSeatView

PLAYOUTS = 60
"""Play-outs per decision, shared among the choices: with about ten choices, six worlds each."""
WORLDS = (3, 8)
"""The fewest and the most worlds each choice is tried in."""
DEPTH = 8
"""Moves each play-out runs, two rounds at four players: long enough to see who takes the marked cards a play
leaves in reach, short enough for many worlds."""

Deaths = tuple[int, int, int]


@dataclass(frozen=True)
class AnokeraSearch:
    """The hard player's search for one role sheet: `rules` (an `AnokeraRules`) and how every seat plays in the
    imagined futures (`policy`, the normal computer)."""

    rules: object
    policy: Callable[[AnokeraState, Seat], AnokeraAction]

    def __post_init__(self) -> None:
        object.__setattr__(self, "_win_chance", lru_cache(maxsize=None)(self._exact_win_chance))
        object.__setattr__(self, "_outlook", lru_cache(maxsize=None)(self._exact_outlook))
        object.__setattr__(self, "_remembered", {})

    def choose(self, view: AnokeraSeatView) -> AnokeraAction:
        """The choice whose play-outs from the seat's `view` score best for it."""
        choices = distinct_choices(view)
        if len(choices) == 1:
            return choices[0]
        rng = SeededRandom(view_seed(view))
        count = max(WORLDS[0], min(WORLDS[1], PLAYOUTS // len(choices)))
        belief = RoleBelief(self.rules, view, self._remembered)
        worlds = [sample_world(self.rules, view, rng, belief.deal(rng)) for _ in range(count)]
        # Every choice is played out in the same worlds, so that a difference between them is the choice's and not
        # the luck of the deal.
        totals = [sum(self._played_out(world, view.seat, choice) for world in worlds) for choice in choices]
        return choices[max(range(len(choices)), key=lambda index: (totals[index], -index))]

    def _played_out(self, world: AnokeraState, seat: Seat, choice: AnokeraAction) -> float:
        state, _ = self.rules.apply(world, seat, choice)
        for _ in range(DEPTH):
            if state.result is not None:
                break
            state, _ = self.rules.apply(state, state.turn, self.policy(state, state.turn))
        role, players = world.roles[seat], world.seat_count
        if state.result is not None:
            return self._win_chance(role, state.deaths, players)
        return self._outlook(role, state.deaths, state.citizens, players)

    def _exact_win_chance(self, role: str, deaths: Deaths, players: int) -> float:
        """The seat's share of the win at a final tally, on average over every way the other seats' roles may be
        dealt from those it does not hold (a tie on score and on deaths of one's own kind splits the win)."""
        sheet: RoleSheet = self.rules.sheet
        tally = dict(zip(DEATHS, deaths, strict=True))

        def rank(role_id: str) -> tuple[int, int]:
            return sheet.score(role_id, tally, players), tally[sheet.patron_of(role_id).death]

        mine = rank(role)
        others = [rank(other.id) for other in sheet.roles if other.id != role]
        deals = list(combinations(others, players - 1))
        won = sum(
            1 / (1 + sum(other == mine for other in dealt)) for dealt in deals if all(other <= mine for other in dealt)
        )
        return won / len(deals)

    def _exact_outlook(self, role: str, deaths: Deaths, citizens: int, players: int) -> float:
        """The win chance averaged over every way the `citizens` still alive may yet die, each split of them among
        the three kinds counted alike: what a tally so far promises, knowing nothing of the columns."""
        finals = [
            (deaths[0] + first, deaths[1] + second, deaths[2] + citizens - first - second)
            for first in range(citizens + 1)
            for second in range(citizens - first + 1)
        ]
        return sum(self._win_chance(role, final, players) for final in finals) / len(finals)


def distinct_choices(view: AnokeraSeatView) -> list[AnokeraAction]:
    """The seat's legal actions, one for each play that differs: the same resource, marked or not, on columns that
    hold the same cards in the same order."""
    columns = view.public.columns
    chosen: dict[tuple, AnokeraAction] = {}
    for action in view.legal_actions:
        if isinstance(action, PlayCard):
            column = tuple((resource_of(card), is_marked(card)) for card in columns[action.column])
            key: tuple = (resource_of(action.card), is_marked(action.card), column, action.then_another)
        else:
            key = ("end",)
        chosen.setdefault(key, action)
    return list(chosen.values())


def sample_world(rules, view: AnokeraSeatView, rng: SeededRandom, dealt: dict[Seat, str]) -> AnokeraState:
    """A whole state the seat cannot tell from the real one: the other seats' roles as `dealt`, and the cards it
    cannot see (the deck past its next card, the removed cards) dealt in a random order, with a new random source
    of its own."""
    public, seat = view.public, view.seat
    roles = tuple(view.role if holder == seat else dealt[holder] for holder in range(len(dealt) + 1))
    unused = [role.id for role in rules.sheet.roles if role.id not in roles]
    seen = {*public.row, *(card for column in public.columns for card in column)}
    if public.next_card is not None:
        seen.add(public.next_card)
    unseen = rng.shuffled([card for card in full_deck() if card not in seen])
    deck_rest = max(public.deck_size - 1, 0)
    deck = (*([public.next_card] if public.next_card is not None else []), *unseen[:deck_rest])
    return AnokeraState(
        options=AnokeraOptions(),  # only the computers' options, which play no part in the rules
        computer_seats=(),
        roles=roles,
        unused_roles=tuple(unused),
        citizens=public.citizens,
        deaths=public.deaths,
        row=public.row,
        deck=deck,
        removed=tuple(unseen[deck_rest:]),
        reshuffled=public.reshuffled,
        columns=public.columns,
        turn=seat if public.to_act is None else public.to_act,
        turns=0,
        first_card=public.first_card,
        last_clearer=None,
        result=None,
        placings=(),
        scores=(),
        rng_state=rng.next_u64(),
    )
