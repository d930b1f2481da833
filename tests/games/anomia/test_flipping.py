"""Flipping and moving play on (bot/games/anomia/flipping.py): matching top cards and who faces whom (rulings M5,
M10), cascades (M10), wild cards (M11) and the end of the match (M13)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import SYSTEM

from .positions import (
    MS,
    RULES,
    act,
    events_of,
    faceoff_fruit_vs_colour,
    refusal,
    table,
)

# Matching (ruling M10) and the face-off seats and categories (M5)


def test_same_symbol_starts_a_faceoff_where_each_answers_the_opponents_category():
    state = faceoff_fruit_vs_colour()
    faceoff = state.faceoff
    assert faceoff.category_of(2) == "fruit" and faceoff.category_of(0) == "colour"
    assert RULES.actors(state) == {0, 2}
    assert refusal(state, 1, "answer 5 apple") == "You are not in this face-off"


def test_no_match_passes_the_flip_clockwise():
    state = table(["fruit/1", "band/2", "city/3"], draw=("colour/4 animal/5", ""), flipper=2)
    state = act(state, 2, "flip left")
    assert state.faceoff is None and state.flipper == 0
    assert refusal(state, 2, "flip left") == "It is not your turn to flip"
    assert refusal(state, 0, "flip right") == "The right draw pile is empty: flip from the other one"
    assert [action.notation for action in RULES.legal_actions(state, 0)] == ["flip left"]


def test_active_wild_matches_its_two_symbols_one_on_each_card():
    state = table(["fruit/1", "band/2", "city/3"], draw=("wild/1-3 animal/5", ""), flipper=1)
    state, kinds = events_of(state, 1, "flip left")
    assert "wild_revealed" in kinds and "faceoff_started" in kinds
    assert state.faceoff.seats == (2, 0)  # found clockwise from the flipper: seat 2 then its nearest opponent
    assert state.active_wild == "w0"


def test_a_new_wild_covers_the_old_one():
    state = table(["fruit/1", "band/2", "city/3"], wilds="wild/1-3", draw=("wild/2-3 animal/5", ""), flipper=0)
    state = act(state, 0, "flip left")
    assert state.wilds == ("w1", "w0") and state.active_wild == "w0"  # the old wild 1-3 is covered
    assert state.faceoff.seats == (1, 2)


# Cascades (ruling M10) and wild cards (M11)


def test_cascade_the_losers_new_top_card_faces_off_first_nearest_clockwise():
    # Seat 2 flips a colour/1 onto its city/5 and faces seat 1; losing, its city/5 matches seats 3 and 0.
    state = table(["animal/5", "fruit/1", "city/5", "qword/5", "palin/6"], draw=("colour/1 filler000/2", ""), flipper=2)
    state = act(state, 2, "flip left")
    assert state.faceoff.seats == (2, 1)
    state = act(state, 1, f"answer {5 * MS} blue")  # seat 1 answers seat 2's colour
    state, kinds = events_of(state, SYSTEM, "settle")
    assert kinds == ["faceoff_won", "faceoff_started"]
    assert state.faceoff.seats == (2, 3)  # the loser first, then its nearest clockwise match (not seat 0)


def test_cascade_finishes_before_the_flip_moves_on():
    state = table(["animal/5", "fruit/1", "city/5"], draw=("colour/1 filler000/2", ""), flipper=2)
    state = act(state, 2, "flip left")
    state = act(state, 1, f"answer {5 * MS} blue")
    state = act(state, SYSTEM, "settle")
    assert state.faceoff.seats == (2, 0)
    state = act(state, 0, f"answer {6 * MS} paris")  # unlisted: goes to a vote of seat 1
    state = act(state, SYSTEM, "settle")
    state = act(state, 1, "vote yes")
    assert state.faceoff is None and state.flipper == 0  # next clockwise from the seat that flipped


def test_ruling_m11_a_wild_drawer_flips_again():
    state = table(["fruit/1", "band/2", "city/3"], draw=("wild/4-5 animal/6", "filler000/7"), flipper=1)
    state = act(state, 1, "flip left")
    assert state.faceoff is None and state.flipper == 1 and state.active_wild == "w0"
    state = act(state, 1, "flip left")
    assert state.flipper == 2


def test_ruling_m11_the_wild_drawer_flips_again_only_after_the_face_offs():
    state = table(["fruit/1", "band/2", "city/3"], draw=("wild/1-2 animal/6", "filler000/7"), flipper=2)
    state = act(state, 2, "flip left")
    assert state.faceoff.seats == (0, 1) and RULES.actors(state) == {0, 1}
    state = act(state, 0, f"answer {5 * MS} abba")
    state = act(state, SYSTEM, "settle")
    assert state.faceoff is None and state.flipper == 2 and not state.again


# The end (ruling M13)


def test_the_game_ends_when_the_piles_are_empty_and_no_face_off_is_left_most_cards_wins():
    state = table(["fruit/1", "band/2", "city/3"], draw=("animal/1", ""), flipper=2)
    state = replace(state, winning_piles=(("x1",), ("x2", "x3"), ()))
    state = act(state, 2, "flip left")
    state = act(state, 0, f"answer {5 * MS} zebra")
    state, kinds = events_of(state, SYSTEM, "settle")
    assert kinds[-1] == "game_over"
    outcome = RULES.outcome(state)
    assert outcome.reason == "piles_empty"
    assert outcome.winners == (0, 1) and outcome.placings == ((0, 1), (2,))  # equal counts share
    assert RULES.actors(state) == frozenset()
    assert refusal(state, 0, "flip left") == "The game is over"
