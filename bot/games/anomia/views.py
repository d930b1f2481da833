"""What players may see of a match of Anomia: the public table (everything but the order of the draw piles),
and one seat's view, the table plus the kinds of action the seat may take now.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.engine import Outcome, Seat
from bot.games.anomia.actions import AnomiaAction
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.deck import card_by_id
from bot.games.anomia.flipping import outcome_of
from bot.games.anomia.state import AnomiaOptions, AnomiaState, Phase, Resolution


@dataclass(frozen=True)
class TopCardView:
    card: str
    category: str
    category_name: str
    kind: str
    symbol: str


@dataclass(frozen=True)
class FaceOffView:
    number: int
    seats: tuple[Seat, Seat]
    categories: tuple[tuple[str, str], tuple[str, str]]
    """(category id, name) each of `seats` must answer."""
    candidates: tuple[tuple[Seat, str], ...]
    phase: Phase
    votes_yes: int
    votes_no: int
    voters: tuple[Seat, ...]
    under_vote: tuple[Seat, str] | None
    tiebreakers: int
    reminders: int
    skip_votes: int


@dataclass(frozen=True)
class AnomiaPublicView:
    """What everyone at the table may see: everything except the order of the draw piles."""

    options: AnomiaOptions
    tops: tuple[TopCardView | None, ...]
    play_pile_sizes: tuple[int, ...]
    winning_pile_sizes: tuple[int, ...]
    active_wild: tuple[str, tuple[str, str]] | None
    """The active wild's card id and its two symbol ids."""
    draw_pile_sizes: tuple[int, int]
    flipper: Seat | None
    flips_again: bool
    faceoff: FaceOffView | None
    computer_seats: tuple[Seat, ...]
    last_resolution: Resolution | None
    used_answers: int
    outcome: Outcome | None


@dataclass(frozen=True)
class AnomiaSeatView:
    """One seat's view: the public table plus the kinds of action it may take now (no example answers)."""

    public: AnomiaPublicView
    seat: Seat
    can: tuple[str, ...]
    """E.g. ("flip left", "flip right"), ("answer", "skip"), ("vote yes", "vote no"), ("challenge", "accept")."""


def public_view(content: AnomiaContent, state: AnomiaState) -> AnomiaPublicView:
    """The table as everyone may see it."""
    tops = []
    for seat in range(state.seat_count):
        top = state.top(seat)
        if top is None:
            tops.append(None)
            continue
        card = card_by_id(state.deck, top)
        category = content.category(card.category)
        tops.append(TopCardView(top, category.id, category.name, category.kind, content.symbol_id(card.symbols[0])))
    wild = state.active_wild
    faceoff = state.faceoff
    faceoff_view = None
    if faceoff is not None:
        ballot = faceoff.ballot
        under_vote = None
        if ballot is not None:
            candidate = faceoff.candidates[ballot.candidate]
            under_vote = (candidate.seat, candidate.text)
        elif faceoff.leader is not None:
            candidate = faceoff.candidates[faceoff.leader]
            under_vote = (candidate.seat, candidate.text)
        faceoff_view = FaceOffView(
            number=faceoff.number,
            seats=faceoff.seats,
            categories=tuple((c, content.category_name(c)) for c in faceoff.categories),
            candidates=tuple((c.seat, c.text) for c in faceoff.candidates),
            phase=faceoff.phase,
            votes_yes=len(ballot.yes) if ballot else 0,
            votes_no=len(ballot.no) if ballot else 0,
            voters=ballot.voters if ballot else (),
            under_vote=under_vote,
            tiebreakers=len(faceoff.tiebreakers),
            reminders=faceoff.reminders,
            skip_votes=len(faceoff.skip_votes),
        )
    return AnomiaPublicView(
        options=state.options,
        tops=tuple(tops),
        play_pile_sizes=tuple(len(pile) for pile in state.play_piles),
        winning_pile_sizes=tuple(len(pile) for pile in state.winning_piles),
        active_wild=None
        if wild is None
        else (wild, tuple(content.symbol_id(symbol) for symbol in card_by_id(state.deck, wild).symbols)),
        draw_pile_sizes=(len(state.draw_piles[0]), len(state.draw_piles[1])),
        flipper=None if state.result is not None else state.flipper,
        flips_again=state.again,
        faceoff=faceoff_view,
        computer_seats=state.computer_seats,
        last_resolution=state.last,
        used_answers=len(state.used),
        outcome=outcome_of(state),
    )


def seat_view(public: AnomiaPublicView, seat: Seat, may_answer: bool, others: Sequence[AnomiaAction]) -> AnomiaSeatView:
    """The public table plus the kinds of the seat's legal actions: "answer" for any answer (the seat may type
    one when `may_answer`), then the notation of each of its `others`."""
    can = ("answer",) if may_answer else ()
    return AnomiaSeatView(public, seat, (*can, *(action.notation for action in others)))
