"""Thinking ahead with a game's own rules: the `hard` computer players of every game.

The search sees what its seat sees and nothing else. From the seat's view (`GameRules.view`) the game's
`Lookahead.sample_world` deals the cards and roles the seat cannot see at random, consistently with that view,
and draws a new random source for the dice and draws to come; each such world is a state the rules can play on.
Each legal action is then tried in those worlds (a bandit over the actions, UCB1, spreads the tries towards the
promising ones), each try played out by every seat as the game's normal computer would play, for a number of
moves, and scored by `Lookahead.value`. The action with the best average wins, if it beats what the policy
itself would choose (in the first world) by a margin; else the policy's choice stands.

This is determinized Monte Carlo search ("perfect information Monte Carlo"): it can be fooled where hiding or
revealing information is the point, but it plays the cards it holds well, and it costs a fixed number of rule
applications per move. The budget is a count of playouts, not a time, so a decision is the same for the same
view: the random source is seeded from the view itself, never from the hidden state.
"""

from __future__ import annotations

import hashlib
import math
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
EXPLORATION = 0.7
"""UCB1's exploration weight: values lie in [0, 1], and a little below the textbook sqrt(2) keeps more of a small
budget on the actions that look best."""


@dataclass(frozen=True)
class Lookahead(Generic[StateT, ActionT]):
    """What the search needs of one game beyond its rules.

    `sample_world(view, seat, rng)` is a whole state consistent with `view`, the seat's view, with everything the
    view hides dealt at random from `rng` (a new random source for chance included). `policy(state, seat)` is how
    every seat plays in the imagined futures. `value(state, seat)` is how good a state, over or cut short, is for
    the seat, from 0 (lost) to 1 (won). `worlds` states are sampled and `playouts` tries shared out among the
    actions; each try runs at most `depth` moves.
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
    worlds = [lookahead.sample_world(view, seat, rng) for _ in range(lookahead.worlds)]
    tries = [0] * len(choices)
    totals = [0.0] * len(choices)
    for playout in range(lookahead.playouts):
        index = _next_to_try(tries, totals, playout)
        world = worlds[playout % len(worlds)]
        try:
            after, _ = rules.apply(world, seat, choices[index])
        except IllegalAction:  # a world the sampler got wrong for this action: it tells nothing about it
            value = 0.0
        else:
            value = _played_out(rules, lookahead, after, seat)
        tries[index] += 1
        totals[index] += value
    best = max(range(len(choices)), key=lambda index: (totals[index] / max(tries[index], 1), tries[index], -index))
    own = lookahead.policy(worlds[0], seat)
    if own not in choices:
        return choices[best]
    mine = choices.index(own)
    average = [total / max(count, 1) for total, count in zip(totals, tries, strict=True)]
    return choices[best] if average[best] >= average[mine] + MARGIN else own


def _next_to_try(tries: list[int], totals: list[float], done: int) -> int:
    """UCB1: every action once, then the one whose average plus its uncertainty is highest."""
    for index, count in enumerate(tries):
        if count == 0:
            return index
    spread = EXPLORATION * math.sqrt(math.log(done))
    return max(range(len(tries)), key=lambda index: totals[index] / tries[index] + spread / math.sqrt(tries[index]))


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
