"""What the table can work out about each hand of Anarchy from the moves it saw, kept small enough to store.

Each seat's hand is described as groups of cards, each group a count and the set of cards (a 52-bit mask, one
bit per card of `full_deck`) that none of its cards can be. A player who draws because it cannot play holds no
card that could have followed the top card, so that set joins the masks of all its groups, and the drawn card
starts a group of its own that nothing is known of yet (the face-up trump indicator excepted: everyone saw it
taken). A card played comes out of the most telling group that could have held it, so that what is still
assumed of the others never rules out a card they might hold. When the play pile becomes the draw pile, the
cards turned over were in no hand, so every group rules them out as well.

The rules keep these groups in the state (`AnarchyState.hand_groups`) and every seat's view shows them: they say
nothing a player who watched the table could not know. The hard computer deals its imagined worlds to fit them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from bot.games.anarchy.cards import Card, can_follow, full_deck

HandGroups = tuple[tuple[int, int], ...]
"""One seat's hand: (count, mask of the cards none of them can be) groups, oldest first."""

DECK = full_deck()
_BIT = {card.code: 1 << index for index, card in enumerate(DECK)}
"""Each card's bit, by its code: a string's hash is kept, a card's is worked out in Python at every look-up."""
ALL_CARDS = (1 << len(DECK)) - 1


def card_bit(card: Card) -> int:
    """The card's bit in a mask."""
    return _BIT[card.code]


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of a set of cards."""
    mask = 0
    for card in cards:
        mask |= _BIT[card.code]
    return mask


@cache
def followers(top: Card | None, direction: str | None, indicator: Card) -> int:
    """The mask of every card that may go on `top` now."""
    return mask_of(card for card in DECK if can_follow(card, top, direction, indicator))


def unknown_hands(sizes: Sequence[int]) -> tuple[HandGroups, ...]:
    """Hands nothing is known of yet, as dealt."""
    return tuple(((size, 0),) if size else () for size in sizes)


def after_drawing(groups: HandGroups, could_not_follow: int, drawn_mask: int) -> HandGroups:
    """A hand after its player drew: none of its cards is in `could_not_follow` (0 when the draw shows nothing),
    and the drawn card is none of `drawn_mask`."""
    return _merged((*((count, mask | could_not_follow) for count, mask in groups), (1, drawn_mask)))


def after_passing(groups: HandGroups, could_not_follow: int) -> HandGroups:
    """A hand whose player passed with nothing to draw: none of its cards could follow."""
    return _merged(tuple((count, mask | could_not_follow) for count, mask in groups))


def after_playing(groups: HandGroups, card: Card) -> HandGroups:
    """A hand after its player played `card`: one card fewer in the most telling group that allows it."""
    if not groups:
        return groups
    bit = _BIT[card.code]
    allowing = [index for index, (_, mask) in enumerate(groups) if not mask & bit] or list(range(len(groups)))
    # The group that rules out the most cards, the oldest of equals: taking from it never rules out a card
    # the others might hold (their masks are smaller, so a card that fitted it fits them).
    chosen = max(allowing, key=lambda index: (groups[index][1].bit_count(), -index))
    count, mask = groups[chosen]
    rest = (*groups[:chosen], *(((count - 1, mask),) if count > 1 else ()), *groups[chosen + 1 :])
    return _merged(rest)


def after_reshuffle(groups: HandGroups, turned_over: int) -> HandGroups:
    """A hand when the play pile became the draw pile: it holds none of the cards turned over."""
    return tuple((count, mask | turned_over) for count, mask in groups)


def _merged(groups: HandGroups) -> HandGroups:
    """Neighbouring groups with the same mask as one, so the stored groups stay few."""
    merged: list[tuple[int, int]] = []
    for count, mask in groups:
        if merged and merged[-1][1] == mask:
            merged[-1] = (merged[-1][0] + count, mask)
        else:
            merged.append((count, mask))
    return tuple(merged)
