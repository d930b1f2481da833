"""Thinking ahead with a game's own rules: the `hard` computer players of every game.

The search sees what its seat sees and nothing else. From the seat's view (`GameRules.view`) the game's
`Lookahead.sample_world` deals the cards and roles the seat cannot see at random, consistently with that view,
and draws a new random source for the dice and draws to come; each such world is a state the rules can play on.
Each legal action is then tried in every one of those worlds, each try played out by every seat as the game's
normal computer would play, for a number of moves, and scored by `Lookahead.value`. The action with the best
average wins, if it beats what the policy itself would choose (in the first world) by a margin; else the policy's
choice stands.

This is determinized Monte Carlo search ("perfect information Monte Carlo"): it can be fooled where hiding or
revealing information is the point, but it plays the cards it holds well, and it costs a fixed number of rule
applications per move. The budget is a count of playouts, not a time, so a decision is the same for the same
view: the random source is seeded from the view itself, never from the hidden state.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from bot.engine import codec
from bot.engine.rng import SeededRandom
from bot.engine.rules import SYSTEM, GameRules, IllegalAction, Seat

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")

MARGIN = 0.08
"""How much better than the policy's own choice (in the share of playouts won) another action must score to be
taken instead: with a small budget a close call is mostly noise, and the policy's choice is a sound one."""


@dataclass(frozen=True)
class Lookahead(Generic[StateT, ActionT]):
    """What the search needs of one game beyond its rules.

    `sample_world(view, seat, rng)` is a whole state consistent with `view`, the seat's view, with everything the
    view hides dealt at random from `rng` (a new random source for chance included). `policy(state, seat)` is how
    every seat plays in the imagined futures. `value(state, seat)` is how good a state, over or cut short, is for
    the seat, from 0 (lost) to 1 (won). Each action is tried in the same worlds, at most `worlds` of them and as
    many as `playouts` tries in all allow (one at least); each try runs at most `depth` moves.
    """

    sample_world: Callable[[Any, Seat, SeededRandom], StateT]
    policy: Callable[[StateT, Seat], ActionT]
    value: Callable[[StateT, Seat], float]
    worlds: int = 8
    playouts: int = 64
    depth: int = 40


def view_seed(view: Any) -> int:
    """A seed made from a view alone: the same view, whatever the hidden state behind it, gives the same seed."""
    digest = hashlib.sha256(codec.canonical_json(codec.encode(view)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def think_ahead(
    rules: GameRules, lookahead: Lookahead, state: Any, seat: Seat, legal: Sequence[Any] | None = None
) -> Any:
    """The action the search finds best for `seat`. `legal` are the seat's choices (by default its legal actions,
    which its player is shown); the search itself reads only the seat's view."""
    choices = list(rules.legal_actions(state, seat) if legal is None else legal)
    if len(choices) <= 1:
        return choices[0] if choices else None
    view = rules.view(state, seat)
    rng = SeededRandom(view_seed(view))
    count = max(1, min(lookahead.worlds, lookahead.playouts // len(choices)))
    worlds = [lookahead.sample_world(view, seat, rng) for _ in range(count)]
    # Every choice is played out in the same worlds, whose random sources fix the dice and draws to come: the
    # choices are compared under the same luck, so a difference between them is the choice's, not the dice's.
    averages = [
        sum(value_of_choice(rules, lookahead, world, seat, choice) for world in worlds) / count for choice in choices
    ]
    best = max(range(len(choices)), key=lambda index: (averages[index], -index))
    own = lookahead.policy(worlds[0], seat)
    if own not in choices:
        return choices[best]
    return choices[best] if averages[best] >= averages[choices.index(own)] + MARGIN else own


def value_of_choice(rules: GameRules, lookahead: Lookahead, world: Any, seat: Seat, choice: Any) -> float:
    """How `choice` plays out in `world` for `seat`."""
    try:
        after, _ = rules.apply(world, seat, choice)
    except IllegalAction:  # a world the sampler got wrong for this action: it tells nothing for it
        return 0.0
    return _played_out(rules, lookahead, after, seat)


def _played_out(rules: GameRules, lookahead: Lookahead, state: Any, seat: Seat) -> float:
    """Play `state` on as the policy would, for at most `depth` moves, and score it for `seat`."""
    for _ in range(lookahead.depth):
        if rules.is_over(state):
            break
        actors = rules.actors(state)
        if actors:
            actor = min(actors)
            action = lookahead.policy(state, actor)
        else:
            clock = next((timer for timer in rules.timers(state) if timer.seat == SYSTEM), None)
            if clock is None:
                break
            actor, action = SYSTEM, clock.action_at(0)
        if action is None:
            break
        state, _ = rules.apply(state, actor, action)
    return lookahead.value(state, seat)


def outcome_value(rules: GameRules, state: Any, seat: Seat) -> float | None:
    """A finished game's value for `seat`: 1 for a sole win, shared wins split, 0 for a loss; None while it goes on."""
    outcome = rules.outcome(state)
    if outcome is None:
        return None
    if seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)
