"""Anarchy's computer players at each level: easy plays any card it may (drawing only when it must), normal is
computers.py's rules of thumb, hard thinks ahead (bot/engine/search.py) in worlds dealt from its seat's view."""

from __future__ import annotations

from functools import partial

from bot.engine import Seat, SeededRandom
from bot.engine.levels import ComputerLevels
from bot.engine.search import Lookahead, outcome_value, think_ahead, view_seed
from bot.games.anarchy.actions import AnarchyAction, PlayCard
from bot.games.anarchy.cards import full_deck
from bot.games.anarchy.computers import computer_move
from bot.games.anarchy.state import AnarchyState
from bot.games.anarchy.views import AnarchySeatView


def computer_levels(rules, reshuffle_limit: int) -> ComputerLevels[AnarchyState, AnarchyAction]:
    """Anarchy's players at each level, for `rules` (an `AnarchyRules`, whose draw pile may be rebuilt
    `reshuffle_limit` times)."""

    def normal(state: AnarchyState, seat: Seat) -> AnarchyAction:
        return computer_move(state, seat, rules.legal_actions(state, seat))

    def easy(state: AnarchyState, seat: Seat) -> AnarchyAction:
        legal = rules.legal_actions(state, seat)
        plays = [action for action in legal if isinstance(action, PlayCard)] or list(legal)
        return SeededRandom(view_seed(rules.view(state, seat))).pick(plays)

    lookahead = Lookahead(
        sample_world=partial(_sample_world, reshuffle_limit),
        policy=normal,
        value=lambda state, seat: _value(rules, state, seat),
        worlds=64,
        playouts=256,
    )

    def hard(state: AnarchyState, seat: Seat) -> AnarchyAction:
        return think_ahead(rules, lookahead, state, seat)

    return ComputerLevels(easy=easy, normal=normal, hard=hard)


def _sample_world(reshuffle_limit: int, view: AnarchySeatView, seat: Seat, rng: SeededRandom) -> AnarchyState:
    """A whole state the seat cannot tell from the real one: the cards it has not seen dealt at random to the
    other hands, under the top card and into the draw pile (the indicator under it while it lies face up)."""
    public = view.public
    seen = {*view.hand, *([public.top_card] if public.top_card else [])}
    if public.indicator_face_up:
        seen.add(public.trump_indicator)
    unseen = rng.shuffled([card for card in full_deck() if card not in seen])
    hands = []
    for holder, size in enumerate(public.hand_sizes):
        if holder == seat:
            hands.append(view.hand)
        else:
            hands.append(tuple(sorted(unseen[:size], key=lambda card: card.sort_key)))
            del unseen[:size]
    under_top = max(public.play_pile_size - 1, 0)
    play_pile = (*unseen[:under_top], *([public.top_card] if public.top_card else []))
    draw_pile = tuple(unseen[under_top:])
    if public.indicator_face_up:
        draw_pile = (*draw_pile, public.trump_indicator)
    return AnarchyState(
        options=public.options,
        dealer=0,
        trump_indicator=public.trump_indicator,
        hands=tuple(hands),
        draw_pile=draw_pile,
        play_pile=play_pile,
        direction=public.direction,
        turn=seat if public.to_act is None else public.to_act,
        drawn_card=view.drawn_card,
        passes_in_a_row=0,
        reshuffles=reshuffle_limit - public.reshuffles_left,
        finished=public.finished,
        result=None,
        placings=(),
        rng_state=rng.next_u64(),
    )


def _value(rules, state: AnarchyState, seat: Seat) -> float:
    """A finished game's result; a game cut short by its hand sizes: fewer cards than the best other hand is good."""
    finished = outcome_value(rules, state, seat)
    if finished is not None:
        return finished
    mine = len(state.hands[seat])
    others = min(
        len(hand) for holder, hand in enumerate(state.hands) if holder != seat and holder not in state.finished
    )
    return others / (mine + others) if mine + others else 0.5
