"""Votes and challenges (bot/games/anomia/ballots.py, ruling M7): unlisted answers voted on under "lists",
every winning answer under "vote", and the challenge window under "trust"."""

from __future__ import annotations

from bot.engine import SYSTEM

from .positions import (
    MS,
    RULES,
    act,
    events_of,
    faceoff_fruit_vs_colour,
    refusal,
)


def test_lists_an_unlisted_answer_goes_to_a_vote_of_the_other_players():
    state = faceoff_fruit_vs_colour()
    state = act(state, 2, f"answer {10 * MS} dragonfruit")
    state, kinds = events_of(state, SYSTEM, "settle")
    assert kinds == ["vote_opened"] and state.faceoff.phase == "vote"
    assert RULES.actors(state) == {1, 3}
    assert refusal(state, 0, "vote yes") == "Only the players outside the face-off vote"
    state = act(state, 1, "vote yes")
    assert refusal(state, 1, "vote no") == "You have already voted"
    state, kinds = events_of(state, 3, "vote yes")
    assert kinds[:3] == ["vote_cast", "challenge_upheld", "faceoff_won"]
    assert state.last.winner == 2


def test_a_tied_vote_rejects_and_the_face_off_goes_on():
    state = faceoff_fruit_vs_colour()
    state = act(state, 2, f"answer {10 * MS} dragonfruit")
    state = act(state, SYSTEM, "settle")
    state = act(state, 1, "vote yes")
    state, kinds = events_of(state, 3, "vote no")
    assert "challenge_overturned" in kinds and "answer_refused" in kinds
    assert state.faceoff.phase == "open" and RULES.actors(state) == {0, 2}
    assert refusal(state, 2, f"answer {20 * MS} dragonfruit") == "Already said for this category: dragonfruit"


def test_an_earlier_unlisted_answer_is_voted_on_before_a_later_listed_one():
    state = faceoff_fruit_vs_colour()
    state = act(state, 0, f"answer {50 * MS} apple")  # seat 0 must name a colour: apple is unlisted there
    state, kinds = events_of(state, 2, f"answer {60 * MS} cherry")
    assert kinds[-1] == "vote_opened" and state.faceoff.ballot.candidate == 0
    state, kinds = events_of(state, 1, "vote no")  # one of two voters against: a tie, which rejects
    assert "faceoff_won" in kinds and state.last.winner == 2


def test_trust_any_answer_wins_unless_the_loser_challenges():
    state = faceoff_fruit_vs_colour(judging="trust")
    state = act(state, 2, f"answer {10 * MS} dragonfruit")
    state = act(state, SYSTEM, "settle")
    assert state.faceoff.phase == "challenge" and RULES.actors(state) == {0}
    assert [action.notation for action in RULES.legal_actions(state, 0)] == ["challenge", "accept"]
    assert refusal(state, 2, "challenge") == "Only the player who lost the face-off may challenge or accept"
    closed, kinds = events_of(state, SYSTEM, "close challenge")
    assert "faceoff_won" in kinds and closed.last.winner == 2
    accepted, kinds = events_of(state, 0, "accept")
    assert "faceoff_won" in kinds and accepted.last.winner == 2


def test_trust_a_challenge_opens_a_vote_that_can_overturn_the_answer():
    state = faceoff_fruit_vs_colour(judging="trust")
    state = act(state, 2, f"answer {10 * MS} dragonfruit")
    state = act(state, SYSTEM, "settle")
    state, kinds = events_of(state, 0, "challenge")
    assert kinds == ["challenge_opened"] and RULES.actors(state) == {1, 3}
    upheld = act(state, 1, "vote yes")
    upheld, kinds = events_of(upheld, 3, "vote yes")
    assert "faceoff_won" in kinds and upheld.last.winner == 2
    overturned = act(state, 1, "vote no")
    assert overturned.faceoff.phase == "open" and overturned.faceoff.candidates[0].status == "rejected"
    # the face-off goes on: seat 0 may still win it
    overturned = act(overturned, 0, f"answer {30 * MS} red")
    overturned = act(overturned, SYSTEM, "settle", "close challenge")
    assert overturned.last.winner == 0


def test_vote_every_winning_answer_is_voted_on_even_a_listed_one():
    state = faceoff_fruit_vs_colour(judging="vote")
    state = act(state, 2, f"answer {10 * MS} apple")
    state = act(state, SYSTEM, "settle")
    assert state.faceoff.phase == "vote"
    state = act(state, 1, "vote yes")
    state = act(state, 3, "vote yes")
    assert state.last.winner == 2
