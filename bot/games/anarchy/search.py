"""Anarchy's own search for the hard computer: every playable card tried in many worlds, each played out fast.

The only choice Anarchy leaves a player who can play is which card, and the draws decide most games, so a card
is judged over many worlds (each dealt from the seat's view, worlds.py) rather than a few long looks. To afford
them, a play-out does not go through `AnarchyRules.apply` (which checks and reports every move): it plays on
cards kept as 52-bit masks (inference.py's bits) by the same rules (rulings A2, A4-A7), until someone goes out
or the game is blocked. Every seat plays as the normal computer does (computers.py), hard's own seat included.

A play-out ends when one of the seats still in goes out: only the first out wins (ruling A8), and with "play
on", once a player is out, the next place is the best one left. As the normal computer would, a player plays a
card it just drew when it may ("play a drawn card") and never draws by choice, and so does hard itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.engine import Seat, SeededRandom
from bot.engine.search import view_seed
from bot.games.anarchy.actions import AnarchyAction, PlayCard
from bot.games.anarchy.cards import Card, direction_after, is_trump
from bot.games.anarchy.inference import DECK, followers, mask_of
from bot.games.anarchy.state import AnarchyState
from bot.games.anarchy.views import AnarchySeatView

_INDEX = {card: index for index, card in enumerate(DECK)}


@dataclass(frozen=True)
class Budget:
    """How hard thinks: each playable card is played out in `worlds` worlds (the same worlds for every card)."""

    worlds: int = 128
    margin: float = 0.04
    """How much better than the normal computer's own card (in the share of worlds won) another must do to be
    played instead: a closer call is mostly the noise of the worlds dealt."""


class PlayoutTable:
    """The fixed facts of one match for fast play-outs: trump, and which card may follow which."""

    def __init__(self, indicator: Card) -> None:
        self.indicator = indicator
        self.trumps = mask_of(card for card in DECK if is_trump(card, indicator))
        self._followers: dict[tuple[int | None, str | None], int] = {}
        self._direction: dict[tuple[str | None, int | None, int], str | None] = {}

    def followers(self, top: int | None, direction: str | None) -> int:
        key = (top, direction)
        found = self._followers.get(key)
        if found is None:
            found = self._followers[key] = followers(None if top is None else DECK[top], direction, self.indicator)
        return found

    def direction_after(self, direction: str | None, top: int | None, played: int) -> str | None:
        key = (direction, top, played)
        if key not in self._direction:
            on = None if top is None else DECK[top]
            self._direction[key] = direction_after(direction, on, DECK[played], self.indicator)
        return self._direction[key]

    def normal_play(self, hand: int, top: int | None, direction: str | None) -> int | None:
        """The card the normal computer plays from `hand` (computers.py), or None when it cannot play."""
        playable = hand & self.followers(top, direction)
        best, best_key = None, None
        while playable:
            low = playable & -playable
            playable ^= low
            card = low.bit_length() - 1
            after = self.direction_after(direction, top, card)
            following = self.followers(card, after)
            key = (not self.trumps & low, ((hand ^ low) & following).bit_count(), DECK[card].rank)
            if best_key is None or key > best_key:  # the first of equals, as in the hand's order
                best, best_key = card, key
        return best


def think(
    rules,
    reshuffle_limit: int,
    sample_world: Callable[[AnarchySeatView, Seat, SeededRandom], AnarchyState],
    normal: Callable[[AnarchyState, Seat], AnarchyAction],
    budget: Budget,
    state: AnarchyState,
    seat: Seat,
) -> AnarchyAction:
    """The card hard plays for `seat`, or the only move it has; it reads only the seat's view."""
    legal = rules.legal_actions(state, seat)
    plays = [action for action in legal if isinstance(action, PlayCard)]
    own = normal(state, seat)
    if len(plays) <= 1 or state.drawn_card is not None:
        return own
    view = rules.view(state, seat)
    rng = SeededRandom(view_seed(view))
    table = PlayoutTable(view.public.trump_indicator)
    worlds = [sample_world(view, seat, rng) for _ in range(budget.worlds)]
    won = [sum(play_out(table, reshuffle_limit, world, seat, play.card) for world in worlds) for play in plays]
    best = max(range(len(plays)), key=lambda index: (won[index], -index))
    if own in plays and won[best] < won[plays.index(own)] + budget.margin * len(worlds):
        return own
    return plays[best]


def play_out(table: PlayoutTable, reshuffle_limit: int, world: AnarchyState, seat: Seat, card: Card) -> float:
    """Play `card` for `seat` in `world`, then play on as the normal computer would: 1 if `seat` goes out first,
    a share of a blocked game's win, else 0."""
    hands = [mask_of(hand) for hand in world.hands]
    out = set(world.finished)
    draw_pile = [_INDEX[each] for each in world.draw_pile]
    play_pile = [_INDEX[each] for each in world.play_pile]
    rng = SeededRandom(world.rng_state)
    reshuffles = world.reshuffles
    seats = len(hands)
    top = play_pile[-1] if play_pile else None
    direction = world.direction
    played = _INDEX[card]
    turn, passes = seat, 0
    while True:
        if played is not None:
            direction = table.direction_after(direction, top, played)
            hands[turn] &= ~(1 << played)
            play_pile.append(played)
            top, passes = played, 0
            if not hands[turn]:
                return 1.0 if turn == seat else 0.0
        else:
            if not draw_pile and len(play_pile) > 1 and reshuffles < reshuffle_limit:
                draw_pile = rng.shuffled(play_pile[:-1])
                del play_pile[:-1]
                reshuffles += 1
            if draw_pile:
                drawn = draw_pile.pop(0)
                hands[turn] |= 1 << drawn
                passes = 0
                if world.options.draw_then_play and table.followers(top, direction) >> drawn & 1:
                    played = drawn  # the same seat plays the card it drew
                    continue
            else:
                passes += 1
                holders = [other for other in range(seats) if other not in out]
                if passes >= len(holders):
                    fewest = min(hands[holder].bit_count() for holder in holders)
                    tied = [holder for holder in holders if hands[holder].bit_count() == fewest]
                    return 1.0 / len(tied) if seat in tied else 0.0
        turn = _next_seat(turn, seats, out)
        played = table.normal_play(hands[turn], top, direction)


def _next_seat(seat: Seat, seats: int, out: set[Seat]) -> Seat:
    return next(
        candidate for candidate in ((seat + step) % seats for step in range(1, seats + 1)) if candidate not in out
    )
