"""Computer players and the game's clock: what a computer answers and how long it takes, how it votes, accepts
or challenges, and every timer of a match (flips, answers, votes, settling, challenge windows, reminders).

Also the example answers `legal_actions` offers, which draw on what a computer knows to say.
"""

from __future__ import annotations

from functools import partial

from bot.engine import Seat, SeededRandom, Timer
from bot.games.anomia.actions import (
    ACCEPT,
    CHALLENGE_WORD,
    CLOSE_CHALLENGE,
    LEFT,
    REMIND,
    RIGHT,
    SETTLE,
    TIMESTAMP_SHIFT,
    CastVote,
    Command,
    Flip,
    GiveAnswer,
    timestamp,
)
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.faceoff import MAX_REMINDERS
from bot.games.anomia.judging import PREDICATE_WORDS, answer_key, answer_matches, plural_forms, said_forms, satisfies
from bot.games.anomia.state import ASYNC, CHALLENGE, LIVE, OPEN, SETTLING, VOTING, AnomiaState

FLIP_DELAY = {LIVE: 2.0, ASYNC: 5.0}
SETTLE_DELAY = {LIVE: 0.75, ASYNC: 0.75}
REMIND_DELAY = {LIVE: 60.0, ASYNC: 12 * 3600.0}  # ruling M12
CHALLENGE_DELAY = {LIVE: 15.0, ASYNC: 12 * 3600.0}  # ruling M7: 15 s by default
COMPUTER_ANSWER_MS = {LIVE: (4000, 9000), ASYNC: (600_000, 3_600_000)}
"""How long a computer takes to answer. In async play humans answer over hours, so computers take 10-60 minutes
rather than seconds; otherwise no human could ever beat them."""
COMPUTER_PACE = {"steady": 1.0, "quick": 0.5, "slow": 2.0}
"""The `computer_pace` option: a factor on the computer's answering time."""
COMPUTER_DECISION_DELAY = {LIVE: 2.0, ASYNC: 5.0}
"""How long a computer takes to vote, or to accept or challenge in a challenge window."""
REPRESENTATIVE_GAP_MS = 2000
"""The gap between representative arrival keys in `legal_actions`: wider than any tie window (ruling M9)."""
NONSENSE_WORD = "xyzzy"
"""The base of the made-up answer `legal_actions` offers as its representative wrong answer."""


def timers_of(content: AnomiaContent, state: AnomiaState) -> tuple[Timer, ...]:
    """The game's clock and its computer players: flips, answers, votes, settling, challenge windows and
    reminders. A computer's answer races typed ones, so it takes the arrival key of the moment it falls due."""
    if state.result is not None:
        return ()
    timing = state.options.timing
    faceoff = state.faceoff
    if faceoff is None:
        if state.flipper not in state.computer_seats:
            return ()
        pile = LEFT if len(state.draw_piles[0]) >= len(state.draw_piles[1]) else RIGHT
        return (Timer(f"flip-{state.flips}", FLIP_DELAY[timing], Flip(pile), state.flipper),)
    number = faceoff.number
    pending: list[Timer] = []
    if faceoff.phase == OPEN and faceoff.reminders < MAX_REMINDERS:
        pending.append(Timer(f"remind-{number}-{faceoff.reminders + 1}", REMIND_DELAY[timing], Command(REMIND)))
    if faceoff.phase == SETTLING:
        pending.append(Timer(f"settle-{number}", SETTLE_DELAY[timing], Command(SETTLE)))
    if faceoff.phase in (OPEN, SETTLING):
        for seat in faceoff.seats:
            if seat not in state.computer_seats:
                continue
            if faceoff.has_live_answer(seat):
                continue
            text = computer_answer(content, state, seat)
            if text is None:
                continue  # nothing it knows for this category: it stays quiet
            given = sum(1 for c in faceoff.candidates if c.seat == seat)
            pending.append(
                Timer(
                    f"answer-{number}-{faceoff.round}-{seat}-{given}",
                    computer_delay(state, seat),
                    partial(GiveAnswer, text=text),
                    seat,
                )
            )
    if faceoff.phase == CHALLENGE:
        pending.append(Timer(f"challenge-{number}", CHALLENGE_DELAY[timing], Command(CLOSE_CHALLENGE)))
        challenger = faceoff.challenger()
        if challenger in state.computer_seats:
            candidate = faceoff.candidates[faceoff.leader]
            listed = answer_matches(content.category(candidate.category), candidate.text)
            pending.append(
                Timer(
                    f"challenge-{number}-{challenger}",
                    COMPUTER_DECISION_DELAY[timing],
                    Command(ACCEPT if listed else CHALLENGE_WORD),
                    challenger,
                )
            )
    if faceoff.phase == VOTING:
        ballot = faceoff.ballot
        candidate = faceoff.candidates[ballot.candidate]
        listed = answer_matches(content.category(candidate.category), candidate.text)  # computers vote by list
        for seat in ballot.voters:
            if seat in state.computer_seats and seat not in ballot.yes + ballot.no:
                pending.append(
                    Timer(
                        f"vote-{number}-{faceoff.round}-{ballot.candidate}-{seat}",
                        COMPUTER_DECISION_DELAY[timing],
                        CastVote(listed),
                        seat,
                    )
                )
    return tuple(pending)


def said_keys(state: AnomiaState, category_id: str) -> list[str]:
    """The answer keys already said for a category: this game's, and this face-off round's."""
    said = [key for category, key in state.used if category == category_id]
    if state.faceoff is not None:
        said += [answer_key(c.text) for c in state.faceoff.candidates if c.category == category_id]
    return said


def known_answers(content: AnomiaContent, state: AnomiaState, category_id: str) -> list[str]:
    """Answers a computer (or `legal_actions`) could give: listed ones, or predicate words, not yet said."""
    return unsaid_answers(content, category_id, said_forms(said_keys(state, category_id)))


def unsaid_answers(content: AnomiaContent, category_id: str, said: frozenset[str]) -> list[str]:
    """The category's listed answers, or predicate words, that repeat none of the `said_forms` `said`."""
    category = content.category(category_id)
    texts = [answer.text for answer in category.answers]
    if category.predicate is not None:
        texts += [word for word in PREDICATE_WORDS if satisfies(category.predicate, word)]
    keyed = [(text, answer_key(text)) for text in texts]
    return [text for text, key in keyed if key and plural_forms(key).isdisjoint(said)]


def representative_answers(content: AnomiaContent, state: AnomiaState, seat: Seat) -> list[GiveAnswer]:
    """The example answers `legal_actions` offers a face-off player: a known one, a tie with a rival's answer
    when there is one, and a made-up one."""
    faceoff = state.faceoff
    category_id = faceoff.category_of(seat)
    fresh = (timestamp(state.arrival_high) + REPRESENTATIVE_GAP_MS) << TIMESTAMP_SHIFT
    said = said_keys(state, category_id)
    forms = said_forms(said)
    known = unsaid_answers(content, category_id, forms)
    actions = []
    if known:
        actions.append(GiveAnswer(fresh, known[0]))
        rivals = [c for c in faceoff.candidates if c.seat != seat and c.is_live]
        if rivals:
            # An answer with the same timestamp as the rival's: a tie under any window (ruling M9).
            actions.append(GiveAnswer(rivals[-1].arrival ^ 1, known[0]))
    made_up = next(
        NONSENSE_WORD + "x" * extra
        for extra in range(len(said) + 1)
        if plural_forms(answer_key(NONSENSE_WORD + "x" * extra)).isdisjoint(forms)
    )
    actions.append(GiveAnswer(fresh, made_up))
    return actions


def computer_answer(content: AnomiaContent, state: AnomiaState, seat: Seat) -> str | None:
    """What a computer in the face-off answers, or None when it knows nothing for its category."""
    known = known_answers(content, state, state.faceoff.category_of(seat))
    if not known:
        return None
    return computer_rng(state, seat).pick(known)


def computer_delay(state: AnomiaState, seat: Seat) -> float:
    """How many seconds a computer in the face-off takes to answer."""
    low, high = COMPUTER_ANSWER_MS[state.options.timing]
    rng = computer_rng(state, seat)
    rng.next_u64()  # not the draw that picked the answer
    return rng.between(low, high) / 1000 * COMPUTER_PACE[state.options.computer_pace]


def computer_rng(state: AnomiaState, seat: Seat) -> SeededRandom:
    """A random source for a computer's choices that depends on the state without advancing it."""
    faceoff = state.faceoff
    given = sum(1 for c in faceoff.candidates if c.seat == seat)
    return SeededRandom(state.rng_state ^ (faceoff.number * 1_000_003 + faceoff.round * 1009 + seat * 31 + given))
