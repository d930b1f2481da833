"""Flipping and moving play on: a flip (ruling M11 for wilds), which top cards match (M10), the next face-off
and who meets whom (M5, M10), handing on the flip, and the end of the match when the draw piles are empty (M13).
"""

from __future__ import annotations

from bot.engine import Event, IllegalAction, Outcome, Seat
from bot.engine.codec import encode
from bot.engine.evolve import evolve
from bot.games.anomia.actions import PILES
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.deck import card_by_id, card_data
from bot.games.anomia.events import AnomiaEnd, AnomiaEvent
from bot.games.anomia.state import AnomiaState, FaceOff, replaced


def flip(content: AnomiaContent, state: AnomiaState, seat: Seat, pile: str) -> tuple[AnomiaState, list[Event]]:
    """The flipper turns the top card of a draw pile onto their play pile, or a wild into the centre."""
    if state.faceoff is not None:
        raise IllegalAction("Finish the face-off before flipping")
    if seat != state.flipper:
        raise IllegalAction("It is not your turn to flip")
    index = PILES.index(pile)
    draw = state.draw_piles[index]
    if not draw:
        raise IllegalAction(f"The {pile} draw pile is empty: flip from the other one")
    card_id, rest = draw[0], draw[1:]
    card = card_by_id(state.deck, card_id)
    state = evolve(state, draw_piles=replaced(state.draw_piles, index, rest), flips=state.flips + 1)
    if card.is_wild:
        # Ruling M11: the wild goes to the centre, covering the last one; its drawer flips again later.
        state = evolve(state, wilds=(*state.wilds, card_id), again=True)
        events = [
            Event(
                AnomiaEvent.WILD_REVEALED,
                seat,
                {"card": card_id, "symbols": [content.symbol_id(s) for s in card.symbols], "pile": pile},
            )
        ]
    else:
        state = evolve(state, play_piles=replaced(state.play_piles, seat, (*state.play_piles[seat], card_id)))
        events = [Event(AnomiaEvent.CARD_FLIPPED, seat, {**card_data(content, card), "pile": pile})]
    return continue_play(content, state, seat, events)


def continue_play(
    content: AnomiaContent, state: AnomiaState, focus: Seat, events: list[Event]
) -> tuple[AnomiaState, list[Event]]:
    """Start the next face-off if any (ruling M10), else hand on the flip or end the game (M11, M13)."""
    pair = next_pair(state, focus)
    if pair is not None:
        return start_faceoff(content, state, pair, events)
    if not any(state.draw_piles):
        return end_game(state, events)
    flipper = state.flipper if state.again else (state.flipper + 1) % state.seat_count
    return evolve(state, flipper=flipper, again=False), events


def next_pair(state: AnomiaState, focus: Seat) -> tuple[Seat, Seat] | None:
    """Ruling M10: the focus seat's match first, with the opponent nearest clockwise; then the other seats
    clockwise from it, each with its nearest clockwise opponent. Two top cards match when they show the same
    symbol, or the active wild's two symbols, one each, unless their face-off was skipped (ruling M12)."""
    count = state.seat_count
    tops = [state.top(seat) for seat in range(count)]
    # Every pair may be tried, so each card's symbols are looked up once.
    symbols = [None if top is None else card_by_id(state.deck, top).symbols[0] for top in tops]
    wild = state.active_wild
    wild_symbols = None if wild is None else sorted(card_by_id(state.deck, wild).symbols)
    for step in range(count):
        seat = (focus + step) % count
        for distance in range(1, count):
            other = (seat + distance) % count
            pair = symbols[seat], symbols[other]
            if None in pair or tuple(sorted((tops[seat], tops[other]))) in state.skipped:
                continue
            if pair[0] == pair[1] or sorted(pair) == wild_symbols:
                return seat, other
    return None


def start_faceoff(
    content: AnomiaContent, state: AnomiaState, pair: tuple[Seat, Seat], events: list[Event]
) -> tuple[AnomiaState, list[Event]]:
    """The two seats of `pair` face off."""
    first, second = pair
    # Ruling M5: each answers the OPPONENT's category.
    categories = card_by_id(state.deck, state.top(second)).category, card_by_id(state.deck, state.top(first)).category
    number = state.faceoffs + 1
    faceoff = FaceOff(number=number, seats=pair, categories=categories)
    events.append(
        Event(
            AnomiaEvent.FACEOFF_STARTED,
            None,
            {
                "number": number,
                "seats": list(pair),
                "categories": [content.category_name(category) for category in categories],
            },
        )
    )
    return evolve(state, faceoff=faceoff, faceoffs=number), events


def end_game(state: AnomiaState, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
    """Ruling M13: most cards won wins; equal counts share a place."""
    counts = sorted({len(pile) for pile in state.winning_piles}, reverse=True)
    placings = tuple(
        tuple(seat for seat, pile in enumerate(state.winning_piles) if len(pile) == count) for count in counts
    )
    state = evolve(state, result=AnomiaEnd.PILES_EMPTY, placings=placings)
    events.append(Event(AnomiaEvent.GAME_OVER, None, encode(outcome_of(state))))
    return state, events


def outcome_of(state: AnomiaState) -> Outcome | None:
    """Most cards won wins, equal counts share (ruling M13); None while the match goes on."""
    if state.result is None:
        return None
    scores = {seat: len(pile) for seat, pile in enumerate(state.winning_piles)}
    return Outcome(winners=state.placings[0], reason=state.result, placings=state.placings, scores=scores)
