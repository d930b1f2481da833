"""The dice of an attack roll beyond two: extra dice (`extra_die`, additive), "roll three dice, the best two
count" (`keep_best`, a replacement, so the largest applies: the additive abilities), and re-rolling one die,
the one the game picks or the one the player chooses (`reroll` with `what` `choose`). `Rolls` is a part of
`AnachronismRules`, like combat.py, which rolls and counts the attack."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Event, Seat, SeededRandom
from bot.games.anachronism import abilities
from bot.games.anachronism.abilities import with_fighter
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.events import AnachronismEvent
from bot.games.anachronism.state import CHOOSE_DIE, AnachronismState, AttackRoll, Offer


def dice_plan(pool: CardPool, state: AnachronismState, seat: Seat, attack: AttackRoll) -> tuple[int, int]:
    """How many dice `seat` rolls in `attack` and how many of them count (0: all)."""
    role = "attack" if seat == attack.attacker else "defense"

    def for_this_roll(kind: str) -> list[int]:
        return [value for effect, value in abilities.amounts_on(pool, state, seat, kind, attack)
                if effect.what in ("", role)]  # fmt: skip

    extra = max(0, sum(for_this_roll("extra_die")))
    best = max(for_this_roll("keep_best"), default=0)
    if best >= 3:
        return best + extra, 2 + extra
    return 2 + extra, 0


class Rolls:
    """Rolling and re-rolling dice, for `AnachronismRules`."""

    pool: CardPool

    def _dice(
        self, state: AnachronismState, seat: Seat, attack: AttackRoll, rng: SeededRandom
    ) -> tuple[tuple[int, ...], int, AnachronismState]:
        """`seat`'s dice in `attack`, how many count, and the match once a set roll is spent: a roll an ability set
        is two halves of that value, with no die to add or re-roll."""
        fighter = state.fighters[seat]
        if fighter.set_next_roll:
            value = fighter.set_next_roll
            return (value // 2, value - value // 2), 0, with_fighter(state, seat, replace(fighter, set_next_roll=0))
        count, keep = dice_plan(self.pool, state, seat, attack)
        return tuple(rng.between(1, 6) for _ in range(count)), keep, state

    def _reroll(
        self, state: AnachronismState, target: Seat, events: list, *, own: bool, die: int | None = None
    ) -> AnachronismState:
        """Roll one die of `target`'s roll again: `die`, or the lowest counted die of your own roll, the highest of
        another's."""
        attack = state.attack
        if target in attack.set_rolls:
            return state  # no dice were rolled
        rng = SeededRandom(state.rng_state)
        dice = attack.dice_of(target)
        if die is None:
            counted = attack.counted(target)
            die = dice.index(min(counted) if own else max(counted))
        before = dice
        dice = tuple(rng.between(1, 6) if position == die else value for position, value in enumerate(dice))
        events.append(Event(AnachronismEvent.REROLLED, target, {"was": list(before), "dice": list(dice)}))
        attack = replace(attack, attack_dice=dice) if attack.attacker == target else replace(attack, defense_dice=dice)
        return replace(state, attack=attack, rng_state=rng.state)

    def _choose_die(self, state: AnachronismState, seat: Seat, card: str, index: int, target: Seat) -> AnachronismState:
        """Ask `seat` which die of `target`'s roll to re-roll: the options are the dice as they show, in order."""
        attack = state.attack
        if target in attack.set_rolls:
            return state
        options = tuple(str(value) for value in attack.dice_of(target))
        choice = Offer(seat, CHOOSE_DIE, card, index, options=options, target=target)
        return replace(state, offers=(choice, *state.offers))
