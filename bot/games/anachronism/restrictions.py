"""Card restrictions, for `AnachronismRules`: one face-up support of each type and each body trait (two where an
ability allows another), two hands in all; cards that break them are discarded at once whenever that arises,
their player choosing which where there is a choice. A part of the rules, like combat.py and forces.py; it uses
their `pool`."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Event, Seat
from bot.games.anachronism import abilities
from bot.games.anachronism.abilities import with_fighter
from bot.games.anachronism.content import BODY_TRAITS, SUPPORT_TYPES, CardPool
from bot.games.anachronism.events import AnachronismEvent
from bot.games.anachronism.state import DISCARD, AnachronismState, Offer


class CardRestrictions:
    """Which face-up supports break a card restriction, and their discard."""

    pool: CardPool

    def offending(self, state: AnachronismState, seat: Seat) -> tuple[str, ...]:
        """The face-up supports breaking a card restriction (one per type and per body trait, or two where an
        ability allows another; two hands in all), or none when the cards in play are legal."""
        pool, fighter = self.pool, state.fighters[seat]
        cards = [pool.support(card) for card in fighter.face_up]
        # Checked after every step: the abilities that allow another card are looked up only where two are in play.
        for kind in SUPPORT_TYPES:
            same = [card.id for card in cards if card.type == kind]
            if len(same) > 1 and len(same) > 1 + abilities.extra_slot(pool, state, seat, kind):
                return tuple(same)
        for trait in BODY_TRAITS:
            same = [card.id for card in cards if trait in card.traits]
            if len(same) > 1 and len(same) > 1 + abilities.extra_slot(pool, state, seat, trait):
                return tuple(same)
        if sum(card.hands for card in cards) > 2:
            return tuple(card.id for card in cards if card.hands)
        return ()

    def _restrictions(self, state: AnachronismState, events: list) -> AnachronismState:
        """Each player in turn order discards offending cards until legal; the player chooses which when there is
        a choice (the card restriction rules), before any other question. Once that choice is made this runs
        again (a card discarded may not be enough)."""
        if any(offer.kind == DISCARD for offer in state.offers):
            return state
        for seat in state.order or range(state.seat_count):
            if state.fighters[seat].fallen:
                continue
            offending = self.offending(state, seat)
            if len(offending) > 1:
                return replace(state, offers=(Offer(seat, DISCARD, options=offending), *state.offers))
            if offending:
                state = self._discard(state, seat, offending[0], events)
        return state

    def _discard(self, state: AnachronismState, seat: Seat, card: str, events: list) -> AnachronismState:
        fighter = state.fighters[seat]
        fighter = replace(
            fighter,
            face_up=tuple(each for each in fighter.face_up if each != card),
            discarded=(*fighter.discarded, card),
        )
        events.append(Event(AnachronismEvent.DISCARDED, seat, {"card": card}))
        return abilities.left_play(with_fighter(state, seat, fighter), seat, (card,))
