"""Computer players and the game's clock (bot/games/anomia/computers.py): flips, answers, pace, votes and
challenges as timers, and the example answers `legal_actions` offers."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import SYSTEM
from bot.games.anomia.actions import ACCEPT, CLOSE_CHALLENGE, CastVote, Command, Flip, GiveAnswer
from bot.games.anomia.judging import normalise_answer

from .positions import (
    MS,
    RULES,
    act,
    faceoff_fruit_vs_colour,
    table,
)


def test_computer_flips_after_two_seconds_live_five_async():
    for timing, delay in [("live", 2.0), ("async", 5.0)]:
        state = table(
            ["fruit/1", "band/2", "city/3"],
            draw=("animal/4", "filler000/5 filler001/6"),
            flipper=2,
            computers=(2,),
            timing=timing,
        )
        (timer,) = RULES.timers(state)
        assert (timer.seat, timer.delay_seconds, timer.action) == (2, delay, Flip("right"))
    human = table(["fruit/1", "band/2", "city/3"], draw=("animal/4", ""), flipper=1, computers=(2,))
    assert RULES.timers(human) == ()


def test_computer_answers_from_the_list_with_the_arrival_of_when_it_falls_due_after_four_to_nine_seconds():
    state = table(["fruit/1", "band/2", ""], draw=("colour/1 filler000/6", ""), flipper=2, computers=(2,))
    state = act(state, 2, "flip left")
    (answer,) = [timer for timer in RULES.timers(state) if timer.seat == 2]
    action = answer.action_at(7 * MS)
    assert isinstance(action, GiveAnswer) and action.arrival == 7 * MS
    assert answer.action_at(8 * MS) == GiveAnswer(8 * MS, action.text)  # only the arrival key depends on when
    assert action.notation == f"answer {7 * MS} {action.text}"
    assert normalise_answer(action.text) in {"apple", "peach", "orange", "cherry"}
    assert 4 <= answer.delay_seconds <= 9
    state, _ = RULES.apply(state, 2, action)
    assert not [timer for timer in RULES.timers(state) if timer.seat == 2]
    assert [timer.key for timer in RULES.timers(state)] == ["settle-1"]
    assert RULES.timers(state)[0].delay_seconds == 0.75


def test_computer_pace_scales_the_answering_time():
    delays = {}
    for pace in ("steady", "quick", "slow"):
        state = table(
            ["fruit/1", "band/2", ""], draw=("colour/1 filler000/6", ""), flipper=2, computers=(2,), computer_pace=pace
        )
        state = act(state, 2, "flip left")
        (answer,) = [timer for timer in RULES.timers(state) if timer.seat == 2]
        delays[pace] = answer.delay_seconds
    assert delays["quick"] == delays["steady"] / 2 and delays["slow"] == delays["steady"] * 2


def test_computer_with_nothing_to_say_stays_quiet():
    state = table(["fruit/1", "band/2", ""], draw=("colour/1", ""), flipper=2, computers=(2,))
    state = act(state, 2, "flip left")
    state = replace(state, used=tuple(sorted(("fruit", key) for key in ("apple", "peach", "orange", "cherry"))))
    assert not [timer for timer in RULES.timers(state) if timer.seat == 2]


def test_computers_vote_and_challenge_by_the_list():
    state = faceoff_fruit_vs_colour(computers=(1, 3))
    voting = act(state, 2, f"answer {10 * MS} dragonfruit")
    voting = act(voting, SYSTEM, "settle")
    votes = sorted((timer.seat, timer.action, timer.delay_seconds) for timer in RULES.timers(voting))
    assert votes == [(1, CastVote(False), 2.0), (3, CastVote(False), 2.0)]
    trust = table(
        ["fruit/1", "band/2", ""], draw=("colour/1 filler000/6", ""), flipper=2, computers=(0,), judging="trust"
    )
    trust = act(trust, 2, "flip left", f"answer {1 * MS} apple")
    trust = act(trust, SYSTEM, "settle")
    timers = {timer.key: timer for timer in RULES.timers(trust)}
    assert timers["challenge-1"].action == Command(CLOSE_CHALLENGE) and timers["challenge-1"].delay_seconds == 15
    assert timers["challenge-1-0"].action == Command(ACCEPT) and timers["challenge-1-0"].seat == 0


# Example answers in `legal_actions`


def test_legal_answers_are_accepted_and_include_a_listed_and_a_made_up_one():
    state = faceoff_fruit_vs_colour()
    notations = [action.notation for action in RULES.legal_actions(state, 2)]
    assert [notation.split(" ", 2)[2] for notation in notations] == ["Apple", "xyzzy"]
    for notation in notations:
        RULES.apply(state, 2, RULES.parse_action(notation))
