"""Hard's search in Anachronism: of a turn's choices, the few that differ in kind, each played out in the same
worlds, and normal's move kept unless another beats it by more than the worlds' luck could.

A turn offers up to twenty actions, most of them steps and turns that differ little. The engine's flat search
(bot/engine/search.py) shares its play-outs among all of them, which in this game left each action one world:
whichever happened to win in that world where normal's move lost was taken, and those overrides cost hard about
five games in a hundred (0.685 of 400 games against 0.752 with normal's moves and the same force). Here only the
attacks and Action abilities are weighed against normal's move, in every world, and another is taken only where
its gain, world by world (the same world and dice each way), is both large (`MARGIN`) and clear of the spread of
those gains (`SPREAD` standard errors).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from bot.engine import Seat, SeededRandom
from bot.engine.search import Lookahead, value_of_choice, view_seed
from bot.games.anachronism.actions import AnachronismAction, Attack, UseAbility
from bot.games.anachronism.state import AnachronismState

MARGIN = 0.05
"""How much more of the worlds another choice must win than normal's move, on average."""
SPREAD = 1.0
"""How many standard errors of the world-by-world gains the average gain must be: luck is no gain. (Two asked,
hard departed from normal's move so rarely that 2 games of 400 ended otherwise, against 5.)"""
WEIGHED = (Attack, UseAbility)
"""The kinds of choice weighed against normal's move: each attack and ability differs in kind, and there are few."""


def weighed_choice(
    rules, lookahead: Lookahead, state: AnachronismState, seat: Seat, choices: Sequence[AnachronismAction]
) -> AnachronismAction:
    """The seat's choice among `choices` (its legal actions): normal's move, or an attack or Action ability that
    wins clearly more of the worlds dealt from the seat's view (`lookahead.worlds` of them)."""
    view = rules.view(state, seat)
    rng = SeededRandom(view_seed(view))
    worlds = [lookahead.sample_world(view, seat, rng) for _ in range(lookahead.worlds)]
    # Normal's move as the seat's view shows it: its choices in a turn never depend on what the worlds deal.
    own = lookahead.policy(worlds[0], seat)
    if own not in choices:  # a world the sampler got wrong for this choice: nothing to weigh it against
        own = choices[0]
    rivals = [choice for choice in choices if choice != own and isinstance(choice, WEIGHED)]
    if not rivals:
        return own
    kept = [value_of_choice(rules, lookahead, world, seat, own) for world in worlds]
    best, best_gain = own, 0.0
    for rival in rivals:
        tried = [value_of_choice(rules, lookahead, world, seat, rival) for world in worlds]
        gains = [theirs - mine for theirs, mine in zip(tried, kept, strict=True)]
        gain = sum(gains) / len(gains)
        spread = math.sqrt(sum((each - gain) ** 2 for each in gains) / max(len(gains) - 1, 1) / len(gains))
        if gain >= max(MARGIN, SPREAD * spread) and gain > best_gain:
            best, best_gain = rival, gain
    return best
