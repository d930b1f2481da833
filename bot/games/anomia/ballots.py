"""Votes and challenges: the other players voting on an answer (ruling M7), and the challenge window in which the
loser of a face-off judged on trust may accept the winning answer or challenge it into a vote.

A vote is opened by `faceoff.open_ballot` when the race is settled; here it is cast and decided, and the
face-off goes on by settling the race again or ends with a win.
"""

from __future__ import annotations

from bot.engine import Event, IllegalAction, Seat
from bot.engine.evolve import evolve
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.events import AnomiaEvent
from bot.games.anomia.faceoff import open_ballot, settle, win
from bot.games.anomia.state import CHALLENGE, REJECTED, UPHELD, VOTING, AnomiaState, FaceOff, replaced


def vote(content: AnomiaContent, state: AnomiaState, seat: Seat, upheld: bool) -> tuple[AnomiaState, list[Event]]:
    """A player outside the face-off votes; a majority decides, and a tied vote rejects (ruling M7)."""
    faceoff = state.faceoff
    if faceoff is None or faceoff.phase != VOTING:
        raise IllegalAction("There is nothing to vote on")
    ballot = faceoff.ballot
    if seat not in ballot.voters:
        raise IllegalAction("Only the players outside the face-off vote")
    if seat in ballot.yes + ballot.no:
        raise IllegalAction("You have already voted")
    ballot = evolve(ballot, yes=(*ballot.yes, seat)) if upheld else evolve(ballot, no=(*ballot.no, seat))
    events = [Event(AnomiaEvent.VOTE_CAST, seat, {"vote": "yes" if upheld else "no"})]
    state = evolve(state, faceoff=evolve(faceoff, ballot=ballot))
    voters = len(ballot.voters)
    if len(ballot.yes) * 2 > voters:
        return ballot_decided(content, state, True, events)
    if len(ballot.no) * 2 >= voters:
        return ballot_decided(content, state, False, events)  # a tie rejects (ruling M7)
    return state, events


def ballot_decided(
    content: AnomiaContent, state: AnomiaState, upheld: bool, events: list[Event]
) -> tuple[AnomiaState, list[Event]]:
    """An upheld answer wins a challenge, or takes its place in the race; a rejected one leaves the race."""
    faceoff = state.faceoff
    ballot = faceoff.ballot
    candidate = faceoff.candidates[ballot.candidate]
    events.append(
        Event(
            AnomiaEvent.CHALLENGE_UPHELD if upheld else AnomiaEvent.CHALLENGE_OVERTURNED,
            candidate.seat,
            {"text": candidate.text, "reason": ballot.reason, "yes": len(ballot.yes), "no": len(ballot.no)},
        )
    )
    if upheld:
        faceoff = evolve(faceoff, ballot=None, leader=None)
        faceoff = evolve(
            faceoff, candidates=replaced(faceoff.candidates, ballot.candidate, evolve(candidate, status=UPHELD))
        )
        state = evolve(state, faceoff=faceoff)
        if ballot.reason == "challenge":
            return win(content, state, ballot.candidate, events)
        return settle(content, state, events)
    events.append(Event(AnomiaEvent.ANSWER_REFUSED, candidate.seat, {"text": candidate.text, "reason": "voted_down"}))
    rejected = evolve(candidate, status=REJECTED)
    faceoff = evolve(
        faceoff, ballot=None, leader=None, candidates=replaced(faceoff.candidates, ballot.candidate, rejected)
    )
    return settle(content, evolve(state, faceoff=faceoff), events)


# The challenge window (judging "trust").


def challenge(content: AnomiaContent, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
    """The loser challenges the winning answer: the other players vote on it."""
    faceoff = challenge_window(state, seat)
    return open_ballot(state, faceoff.leader, "challenge", [])


def accept(content: AnomiaContent, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
    """The loser accepts the winning answer: it wins at once."""
    faceoff = challenge_window(state, seat)
    return win(content, state, faceoff.leader, [Event(AnomiaEvent.ANSWER_ACCEPTED, seat)])


def close_challenge(content: AnomiaContent, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
    """The clock closes the challenge window unchallenged: the answer wins."""
    faceoff = state.faceoff
    if faceoff is None or faceoff.phase != CHALLENGE:
        raise IllegalAction("No challenge window is open")
    return win(content, state, faceoff.leader, [Event(AnomiaEvent.CHALLENGE_WINDOW_CLOSED, None)])


def challenge_window(state: AnomiaState, seat: Seat) -> FaceOff:
    """The face-off whose challenge window `seat` may act in; refuses anyone but the loser, or no window."""
    faceoff = state.faceoff
    if faceoff is None or faceoff.phase != CHALLENGE:
        raise IllegalAction("No challenge window is open")
    if seat != faceoff.challenger():
        raise IllegalAction("Only the player who lost the face-off may challenge or accept")
    return faceoff
