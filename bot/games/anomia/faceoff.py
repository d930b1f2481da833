"""A face-off, from the first answer to its end: answering (rulings M5-M8), settling the race (M6, M7, M9),
opening a vote on an answer, ties and tie-breakers (M9), the win (M10), and reminders and skipping (M12).

Votes and challenges, which end by settling the race again or by a win, are in `ballots`.
"""

from __future__ import annotations

from bot.engine import SYSTEM, Event, IllegalAction, Seat, SeededRandom
from bot.engine.evolve import evolve
from bot.games.anomia.actions import GiveAnswer, timestamp
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.deck import card_by_id, card_data
from bot.games.anomia.events import AnomiaEvent
from bot.games.anomia.flipping import continue_play
from bot.games.anomia.judging import answer_key, answer_matches, said_before
from bot.games.anomia.state import (
    CHALLENGE,
    DOUBTFUL,
    LISTED,
    OPEN,
    REJECTED,
    REPEATED,
    SETTLING,
    TRUST,
    VOTE,
    VOTING,
    AnomiaState,
    Ballot,
    Candidate,
    Resolution,
    replaced,
    with_used,
)

MAX_REMINDERS = 3

# Answering.


def give_answer(
    content: AnomiaContent, state: AnomiaState, seat: Seat, action: GiveAnswer
) -> tuple[AnomiaState, list[Event]]:
    """A face-off player's answer to the category they must answer, judged as the `judging` option says."""
    faceoff = state.faceoff
    if faceoff is None:
        raise IllegalAction("There is no face-off to answer")
    if seat not in faceoff.seats:
        raise IllegalAction("You are not in this face-off")  # ruling M5
    if faceoff.phase == VOTING:
        raise IllegalAction("Wait: the other players are voting on an answer")
    if faceoff.phase == CHALLENGE:
        raise IllegalAction("The face-off is decided unless the answer is challenged")
    if faceoff.has_live_answer(seat):
        raise IllegalAction("Your answer is in: wait for the result")
    text = " ".join(action.text.split())
    key = answer_key(text)
    if not key:
        raise IllegalAction("That answer has no letters or digits")
    category_id = faceoff.category_of(seat)
    if state.options.no_repeat and already_said(state, category_id, key, action.arrival):
        raise IllegalAction(f"Already said for this category: {text}")  # ruling M8
    category = content.category(category_id)
    judging = state.options.judging
    if judging == TRUST:
        status = LISTED
    elif judging == VOTE:
        status = DOUBTFUL
    else:
        status = LISTED if answer_matches(category, text) else DOUBTFUL
    candidates = list(faceoff.candidates)
    events = [Event(AnomiaEvent.ANSWER_GIVEN, seat, {"text": text, "arrival": action.arrival})]
    if state.options.no_repeat:
        # A later-keyed twin that arrived first is the repeat, not this one (rulings M6, M8).
        for index, other in enumerate(candidates):
            if (
                other.is_live
                and other.category == category_id
                and other.arrival > action.arrival
                and said_before(key, [answer_key(other.text)])
            ):
                candidates[index] = evolve(other, status=REPEATED)
                events.append(Event(AnomiaEvent.ANSWER_REFUSED, other.seat, {"text": other.text, "reason": "repeated"}))
    candidates.append(Candidate(seat, text, action.arrival, category_id, status))
    faceoff = evolve(faceoff, candidates=tuple(candidates))
    state = evolve(state, faceoff=faceoff, arrival_high=max(state.arrival_high, action.arrival))
    answered = {candidate.seat for candidate in faceoff.candidates if candidate.is_live}
    if answered == set(faceoff.seats):
        # Both have answered: decide now (see the docstring of `bot.games.anomia.rules`).
        return settle(content, state, events)
    if answered:
        return evolve(state, faceoff=evolve(faceoff, phase=SETTLING)), events
    return evolve(state, faceoff=evolve(faceoff, phase=OPEN)), events


def already_said(state: AnomiaState, category_id: str, key: str, arrival: int) -> bool:
    """Whether an answer with this key and arrival would repeat one said for the category (ruling M8)."""
    said = [used_key for used_category, used_key in state.used if used_category == category_id]
    faceoff = state.faceoff
    for candidate in faceoff.candidates if faceoff else ():
        if candidate.category != category_id:
            continue
        # Answers of this round count only when Discord put them first (ruling M6).
        if candidate.status == REJECTED or candidate.arrival <= arrival:
            said.append(answer_key(candidate.text))
    return said_before(key, said)


def hear(state: AnomiaState, seat: Seat, text: str) -> tuple[AnomiaState, list[Event]]:
    """SYSTEM notes what someone else typed in the channel during a face-off."""
    if seat != SYSTEM:
        raise IllegalAction("Only the game's host reports what was heard in the channel")
    faceoff = state.faceoff
    if faceoff is None:
        raise IllegalAction("No face-off is open")
    key = answer_key(text)
    if not key:
        raise IllegalAction("Nothing to note")
    # Ruling M8: typed by anyone in the channel, it counts as said for both categories in play.
    used = with_used(state.used, [(category, key) for category in set(faceoff.categories)])
    return evolve(state, used=used), [Event(AnomiaEvent.ANSWER_HEARD, None, {"text": " ".join(text.split())})]


# Settling the race.


def settle_command(content: AnomiaContent, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
    """The clock closes the settling window that the first answer opened."""
    faceoff = state.faceoff
    if faceoff is None or faceoff.phase != SETTLING:
        raise IllegalAction("There is no answer waiting to be settled")
    return settle(content, state, [])


def settle(content: AnomiaContent, state: AnomiaState, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
    """Decide the race (rulings M6, M7, M9): the earliest-keyed live answer leads; a doubtful one goes to a
    vote; a rival answer within the tie window makes a tie; otherwise the leader wins (in trust mode,
    provisionally: the loser may challenge)."""
    faceoff = state.faceoff
    live = sorted((candidate.arrival, index) for index, candidate in enumerate(faceoff.candidates) if candidate.is_live)
    if not live:
        return evolve(state, faceoff=evolve(faceoff, phase=OPEN, leader=None, ballot=None)), events
    _, first = live[0]
    leader = faceoff.candidates[first]
    if leader.status == DOUBTFUL:
        return open_ballot(state, first, "vote", events)
    window = state.options.tie_window_ms
    rival = next(
        (
            index
            for arrival, index in live
            if faceoff.candidates[index].seat != leader.seat
            and timestamp(arrival) - timestamp(leader.arrival) <= window
        ),
        None,
    )
    if rival is not None:
        if faceoff.candidates[rival].status == DOUBTFUL:
            return open_ballot(state, rival, "vote", events)
        return tie(content, state, (leader.seat, faceoff.candidates[rival].seat), events)
    if state.options.judging == TRUST and leader.status == LISTED:
        faceoff = evolve(faceoff, phase=CHALLENGE, leader=first, ballot=None)
        challenger = faceoff.opponent(leader.seat)
        data = {"text": leader.text, "challenger": challenger}
        events.append(Event(AnomiaEvent.CHALLENGE_WINDOW_OPENED, leader.seat, data))
        return evolve(state, faceoff=faceoff), events
    return win(content, state, first, events)


def open_ballot(
    state: AnomiaState, candidate: int, reason: str, events: list[Event]
) -> tuple[AnomiaState, list[Event]]:
    """Put a candidate answer to the vote of the players outside the face-off (see `ballots`)."""
    faceoff = state.faceoff
    voters = tuple(seat for seat in range(state.seat_count) if seat not in faceoff.seats)
    ballot = Ballot(candidate=candidate, reason=reason, voters=voters)
    answer = faceoff.candidates[candidate]
    kind = AnomiaEvent.CHALLENGE_OPENED if reason == "challenge" else AnomiaEvent.VOTE_OPENED
    events.append(Event(kind, answer.seat, {"text": answer.text, "voters": list(voters)}))
    return evolve(state, faceoff=evolve(faceoff, phase=VOTING, ballot=ballot)), events


def tie(
    content: AnomiaContent, state: AnomiaState, seats: tuple[Seat, Seat], events: list[Event]
) -> tuple[AnomiaState, list[Event]]:
    """Ruling M9: a tie-breaker card from the draw piles gives both tied players the same new category; a
    wild drawn for it goes back under its pile. With no category card left to draw, the race is re-run."""
    faceoff = state.faceoff
    events.append(Event(AnomiaEvent.TIE, None, {"seats": list(seats)}))
    used = with_used(state.used, [(c.category, answer_key(c.text)) for c in faceoff.candidates])
    faceoff = evolve(faceoff, round=faceoff.round + 1, candidates=(), phase=OPEN, leader=None, ballot=None)
    piles = [list(pile) for pile in state.draw_piles]
    source = next((pile for pile in piles if any(not card_by_id(state.deck, card).is_wild for card in pile)), None)
    if source is None:
        events.append(Event(AnomiaEvent.TIEBREAKER_UNAVAILABLE, None, {"seats": list(seats)}))
        return evolve(state, faceoff=faceoff, used=used), events
    wilds_put_back = 0
    while card_by_id(state.deck, source[0]).is_wild:
        source.append(source.pop(0))  # put back at the bottom; ids of draw-pile cards stay unmentioned
        wilds_put_back += 1
    tiebreaker = card_by_id(state.deck, source.pop(0))
    faceoff = evolve(
        faceoff,
        categories=(tiebreaker.category, tiebreaker.category),
        tiebreakers=(*faceoff.tiebreakers, tiebreaker.id),
    )
    events.append(
        Event(
            AnomiaEvent.TIEBREAKER_FLIPPED, None, {**card_data(content, tiebreaker), "wilds_put_back": wilds_put_back}
        )
    )
    return (
        evolve(state, faceoff=faceoff, used=used, draw_piles=(tuple(piles[0]), tuple(piles[1]))),
        events,
    )


# Ends of a face-off.


def win(content: AnomiaContent, state: AnomiaState, index: int, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
    """The winner takes the loser's top card into their winning pile; then cascades (ruling M10)."""
    faceoff = state.faceoff
    candidate = faceoff.candidates[index]
    winner, loser = candidate.seat, faceoff.opponent(candidate.seat)
    card = state.top(loser)
    state = evolve(
        state,
        play_piles=replaced(state.play_piles, loser, state.play_piles[loser][:-1]),
        winning_piles=replaced(state.winning_piles, winner, (*state.winning_piles[winner], card)),
        last=Resolution(faceoff.seats, "answered", winner, candidate.text, card),
    )
    events.append(
        Event(
            AnomiaEvent.FACEOFF_WON,
            winner,
            {
                "winner": winner,
                "loser": loser,
                "answer": candidate.text,
                "card": card,
                # Which message won, so the channel can mark it.
                "arrival": candidate.arrival,
            },
        )
    )
    state = close_faceoff(state)
    return continue_play(content, state, loser, events)


def close_faceoff(state: AnomiaState) -> AnomiaState:
    """Note every answer given as said (M8) and shuffle the tie-breaker cards back (M9)."""
    faceoff = state.faceoff
    used = with_used(state.used, [(c.category, answer_key(c.text)) for c in faceoff.candidates])
    rng = SeededRandom(state.rng_state)
    piles = [list(pile) for pile in state.draw_piles]
    for card in faceoff.tiebreakers:
        pile = piles[rng.below(2)]
        pile.insert(rng.below(len(pile) + 1), card)
    return evolve(
        state,
        faceoff=None,
        used=used,
        draw_piles=(tuple(piles[0]), tuple(piles[1])),
        rng_state=rng.state,
    )


# A stuck face-off: reminders and skipping (ruling M12).


def may_skip(state: AnomiaState) -> bool:
    """Ruling M12: a face-off nobody has answered, after at least one reminder, may be skipped."""
    faceoff = state.faceoff
    return faceoff is not None and faceoff.phase == OPEN and faceoff.reminders > 0


def skip_voters(state: AnomiaState) -> tuple[Seat, ...]:
    """The human players outside the face-off: a majority of them may skip it (ruling M12)."""
    return tuple(
        seat for seat in range(state.seat_count) if seat not in state.faceoff.seats and seat not in state.computer_seats
    )


def skip_command(content: AnomiaContent, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
    """The opener skips a stuck face-off at once; another player votes to skip it (ruling M12)."""
    if not may_skip(state):
        raise IllegalAction("Only a face-off that nobody has answered after a reminder may be skipped")
    faceoff = state.faceoff
    if seat == state.opener:
        return skip(content, state, [Event(AnomiaEvent.FACEOFF_SKIPPED, seat, {"by": "opener"})])
    voters = skip_voters(state)
    if seat not in voters:
        raise IllegalAction("Only the table's opener or the other players may skip a face-off")
    if seat in faceoff.skip_votes:
        raise IllegalAction("You have already voted to skip")
    votes = (*faceoff.skip_votes, seat)
    events = [Event(AnomiaEvent.VOTE_CAST, seat, {"vote": "skip"})]
    if len(votes) * 2 > len(voters):
        events.append(Event(AnomiaEvent.FACEOFF_SKIPPED, seat, {"by": "majority"}))
        return skip(content, state, events)
    return evolve(state, faceoff=evolve(faceoff, skip_votes=votes)), events


def skip(content: AnomiaContent, state: AnomiaState, events: list[Event]) -> tuple[AnomiaState, list[Event]]:
    """Both top cards go to the bottom of their play piles (ruling M12); that pair never faces off again."""
    faceoff = state.faceoff
    first, second = faceoff.seats
    pair = tuple(sorted((state.top(first), state.top(second))))
    piles = state.play_piles
    for seat in faceoff.seats:
        pile = piles[seat]
        piles = replaced(piles, seat, (pile[-1], *pile[:-1]))
    state = evolve(
        state,
        play_piles=piles,
        skipped=tuple(sorted({*state.skipped, pair})),
        last=Resolution(faceoff.seats, "skipped"),
    )
    return continue_play(content, close_faceoff(state), first, events)


def remind(content: AnomiaContent, state: AnomiaState, seat: Seat) -> tuple[AnomiaState, list[Event]]:
    """The clock reminds the face-off players of their categories, at most `MAX_REMINDERS` times (M12)."""
    faceoff = state.faceoff
    if faceoff is None or faceoff.phase != OPEN:
        raise IllegalAction("No face-off is waiting for answers")
    if faceoff.reminders >= MAX_REMINDERS:
        raise IllegalAction("The players have been reminded enough")
    faceoff = evolve(faceoff, reminders=faceoff.reminders + 1)
    event = Event(
        AnomiaEvent.FACEOFF_REMINDER,
        None,
        {
            "seats": list(faceoff.seats),
            "categories": [content.category_name(category) for category in faceoff.categories],
            "reminder": faceoff.reminders,
        },
    )
    return evolve(state, faceoff=faceoff), [event]
