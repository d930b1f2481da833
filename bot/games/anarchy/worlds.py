"""Worlds for Anarchy's hard computer: whole states its seat cannot tell from the real one, dealt from its view.

The seat knows its own hand, every card of the play pile (each was seen played) and, while it lies face up, the
trump indicator; the rest are in the other hands or the draw pile. The other hands are dealt to fit what the
table saw of them (`AnarchyPublicView.hand_groups`, see inference.py): the most telling group first, each card
the first of the shuffled unseen cards that group allows.
"""

from __future__ import annotations

from bot.engine import Seat, SeededRandom
from bot.games.anarchy.cards import Card
from bot.games.anarchy.inference import DECK, HandGroups, card_bit, unknown_hands
from bot.games.anarchy.state import AnarchyState
from bot.games.anarchy.views import AnarchySeatView


def sample_world(reshuffle_limit: int, view: AnarchySeatView, seat: Seat, rng: SeededRandom) -> AnarchyState:
    """A whole state consistent with `view`, the hidden cards dealt at random from `rng` to fit what was seen."""
    public = view.public
    seen = {*view.hand, *public.play_pile}
    if public.indicator_face_up:
        seen.add(public.trump_indicator)
    unseen = rng.shuffled([card for card in DECK if card not in seen])
    hands = tuple(
        view.hand if holder == seat else _dealt(_groups(public.hand_groups, holder, size), unseen)
        for holder, size in enumerate(public.hand_sizes)
    )
    draw_pile = tuple(unseen)
    if public.indicator_face_up:
        draw_pile = (*draw_pile, public.trump_indicator)
    return AnarchyState(
        options=public.options,
        dealer=0,
        trump_indicator=public.trump_indicator,
        hands=hands,
        draw_pile=draw_pile,
        play_pile=public.play_pile,
        direction=public.direction,
        turn=seat if public.to_act is None else public.to_act,
        drawn_card=view.drawn_card,
        passes_in_a_row=0,
        reshuffles=reshuffle_limit - public.reshuffles_left,
        finished=public.finished,
        result=None,
        placings=(),
        rng_state=rng.next_u64(),
        hand_groups=public.hand_groups,
    )


def _groups(hand_groups: tuple[HandGroups, ...], holder: Seat, size: int) -> HandGroups:
    """The holder's groups, or nothing known when they do not add up to its hand (a match stored without them)."""
    groups = hand_groups[holder] if holder < len(hand_groups) else ()
    return groups if sum(count for count, _ in groups) == size else unknown_hands([size])[0]


def _dealt(groups: HandGroups, unseen: list[Card]) -> tuple[Card, ...]:
    """A hand for `groups`, taken out of `unseen`."""
    hand = []
    for count, excluded in sorted(groups, key=lambda group: -group[1].bit_count()):
        for _ in range(count):
            # Where the seen moves cannot be met (they always can, unless the sampler dealt an earlier group
            # a card a later one needed), any card will do rather than none.
            index = next((index for index, card in enumerate(unseen) if not excluded & card_bit(card)), 0)
            hand.append(unseen.pop(index))
    return tuple(sorted(hand, key=lambda card: card.sort_key))
