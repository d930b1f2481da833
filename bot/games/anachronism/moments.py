"""The moments abilities answer beyond the round's start and the attacks (combat.py): after your warrior moves
(`after_move`), when an opposing warrior falls to yours (`on_defeat`), at the end of your turn (`turn_end`) and
at the end of the round (`round_end`); and the stages of a round where abilities are used one player after another
(`TIMED`: the Reveal, the start of the round, the end of a turn and of the round). `Moments` is a part of
`AnachronismRules`, like combat.py; rules.py moves the round through its stages."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Seat
from bot.games.anachronism import abilities
from bot.games.anachronism.abilities import in_play
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.state import USE, AnachronismState, Offer

TIMED = {
    "reveal": ("reveal", "round_start"),
    "round_start": ("round_start", "turn_start"),
    "turn_end": ("turn_end", "turn_over"),
    "round_end": ("round_end", "round_over"),
}
"""The round's stages where abilities are used one player after another: the stage's trigger, and the stage that
follows once they are done."""


class Moments:
    """Abilities answering a move, a defeat, the end of a turn or of a round, for `AnachronismRules`."""

    pool: CardPool

    def timed_seats(self, state: AnachronismState, trigger: str) -> tuple[Seat, ...]:
        """Who uses abilities at a timed moment: at the end of a turn, the player whose turn it was; else each
        player in turn order."""
        return (state.active,) if trigger == "turn_end" else state.order

    def _next_timed_ability(self, state: AnachronismState, events: list) -> AnachronismState:
        """Use the next ability of the stage's moment (`TIMED`: Reveal, start of round, end of turn, end of round)
        in turn order, or move on to the stage after when none is left. A
        player's abilities at the same moment: the ones that must be used first, one by one (in this card pool
        their effects do not depend on their order), then the optional ones together, in the order the player
        chooses (see `_same_moment`)."""
        trigger, after = TIMED[state.stage]
        for seat in self.timed_seats(state, trigger):
            fighter = state.fighters[seat]
            if fighter.fallen:
                continue
            due = [
                (f"{seat}:{card}:{index}", card, index, ability)  # both players may bring the same card
                for card, index, ability in in_play(self.pool, fighter)
                if ability.trigger == trigger
                and f"{seat}:{card}:{index}" not in state.handled
                and (trigger != "reveal" or card == fighter.turned_up)
            ]
            for key, card, index, ability in due:
                if not ability.optional:
                    state = replace(state, handled=(*state.handled, key))
                    if abilities.usable(self.pool, state, seat, card, index, ability):
                        return self._use(state, seat, card, index, ability, events)
                    return state
            state = replace(state, handled=(*state.handled, *(key for key, *_ in due)))
            offers = tuple(
                Offer(seat, USE, card, index)
                for _, card, index, ability in due
                if abilities.usable(self.pool, state, seat, card, index, ability)
                # nobody is asked a question with no real choice in it
                and self._does_something(state, seat, card, index, ability)
            )
            if offers:
                return replace(state, offers=offers)
        return replace(state, stage=after)

    def _moment(self, state: AnachronismState, seat: Seat, trigger: str, events: list) -> AnachronismState:
        """`seat`'s abilities with `trigger`, now: those that must be used are, one after another; the optional
        ones that would do something are offered together (the player chooses their order)."""
        offers = []
        for card, index, ability in list(in_play(self.pool, state.fighters[seat])):
            if self._over(state) or state.fighters[seat].fallen:
                return state
            if ability.trigger != trigger or not abilities.usable(self.pool, state, seat, card, index, ability):
                continue
            if not ability.optional:
                state = self._use(state, seat, card, index, ability, events)
            elif self._does_something(state, seat, card, index, ability):
                offers.append(Offer(seat, USE, card, index))
        if self._over(state):
            return state
        return replace(state, offers=(*state.offers, *offers))

    def _after_move(self, state: AnachronismState, seat: Seat, events: list) -> AnachronismState:
        """The warrior moved a space with an action of its turn: its `after_move` abilities."""
        return self._moment(state, seat, "after_move", events)

    def _defeated_by(
        self, state: AnachronismState, by: Seat | None, down: tuple[Seat, ...], events: list
    ) -> AnachronismState:
        """Warriors in `down` fell, and the game goes on: if `by`'s attack or ability felled an opposing one, its
        `on_defeat` abilities."""
        if by is None or by in down or state.fighters[by].fallen:
            return state
        if all(abilities.team_of(state, seat) == abilities.team_of(state, by) for seat in down):
            return state
        return self._moment(state, by, "on_defeat", events)
