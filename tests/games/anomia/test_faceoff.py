"""A face-off (bot/games/anomia/faceoff.py): answering and the race in Discord's order (rulings M6, M7), no
repeats (M8), ties and tie-breakers (M9), and reminders and skipping a stuck face-off (M12)."""

from __future__ import annotations

from dataclasses import replace

from bot.engine import SYSTEM
from bot.games.anomia.actions import REMIND, Command

from .positions import (
    CONTENT,
    MS,
    RULES,
    act,
    all_cards,
    events_of,
    faceoff_fruit_vs_colour,
    refusal,
    table,
)

# Judging by the lists (ruling M7) and race order (M6)


def test_lists_a_listed_answer_wins_after_settling():
    state = faceoff_fruit_vs_colour()
    state, kinds = events_of(state, 2, f"answer {100 * MS} Peaches")
    assert kinds == ["answer_given"] and state.faceoff.phase == "settling"
    assert RULES.actors(state) == {0}  # an answer is in: its player waits
    assert refusal(state, 2, f"answer {101 * MS} cherry") == "Your answer is in: wait for the result"
    assert refusal(state, 0, "settle") == "Only the game's clock may settle"
    state, kinds = events_of(state, SYSTEM, "settle")
    assert kinds[0] == "faceoff_won"
    assert state.winning_piles[2] == ("c00",)  # seat 0's fruit card
    assert state.play_piles[0] == () and state.play_piles[2] == ("c03",)
    assert state.last.winner == 2 and state.last.answer == "Peaches"


def test_race_goes_by_arrival_key_not_by_the_order_applied():
    state = faceoff_fruit_vs_colour()
    state = act(state, 2, f"answer {200 * MS} apple")  # applied first, but Discord put it second
    state, kinds = events_of(state, 0, f"answer {150 * MS} blue")
    assert "faceoff_won" in kinds  # both have answered: decided at once
    assert state.last.winner == 0 and state.winning_piles[0] == ("c03",)


# No repeats (ruling M8)


def test_no_repeat_refuses_an_answer_already_given_for_that_category():
    state = faceoff_fruit_vs_colour()
    state = act(state, 2, f"answer {10 * MS} apple")
    state = act(state, SYSTEM, "settle")
    assert ("fruit", "apple") in state.used
    again = replace(faceoff_fruit_vs_colour(), used=state.used)  # a later face-off on the same category
    assert refusal(again, 2, f"answer {20 * MS} Apples") == "Already said for this category: Apples"
    # the same word for another category is fine (seed example: orange)
    again = act(again, 0, f"answer {21 * MS} orange")
    assert again.faceoff.candidates[-1].status == "listed"


def test_no_repeat_counts_what_anyone_typed_in_the_channel():
    state = faceoff_fruit_vs_colour()
    state, kinds = events_of(state, SYSTEM, "heard Cherry!")
    assert kinds == ["answer_heard"]
    assert refusal(state, 2, f"answer {10 * MS} cherry") == "Already said for this category: cherry"
    assert refusal(state, 1, "heard cherry") == "Only the game's host reports what was heard in the channel"


def test_repeats_are_allowed_when_the_option_is_off():
    state = faceoff_fruit_vs_colour(no_repeat=False)
    state = act(state, SYSTEM, "heard cherry")
    state = act(state, 2, f"answer {10 * MS} cherry")
    assert state.faceoff.candidates[0].status == "listed"


def test_the_earlier_keyed_of_two_equal_answers_is_the_one_that_counts():
    state = faceoff_fruit_vs_colour(tie_window_ms=0)
    # after a tie both answer the same category; the later-keyed twin that arrived first becomes the repeat
    state = act(state, 2, f"answer {10 * MS} apple")
    state = act(state, 0, f"answer {10 * MS + 1} red")  # same millisecond: a tie (M9)
    assert state.faceoff.round == 1 and state.faceoff.categories[0] == state.faceoff.categories[1]
    category = next(c for c in CONTENT.categories if c.id == state.faceoff.categories[0])
    text = category.answers[0].text
    state = act(state, 2, f"answer {50 * MS} {text}")
    state, kinds = events_of(state, 0, f"answer {40 * MS} {text}")
    assert "answer_refused" in kinds and state.faceoff.candidates[0].status == "repeated"
    state = act(state, SYSTEM, "settle")
    assert state.last.winner == 0


# Ties and tie-breakers (ruling M9)


def test_equal_timestamps_tie_and_a_tiebreaker_card_gives_both_the_same_category():
    state = faceoff_fruit_vs_colour()
    before = sorted(all_cards(state))
    state = act(state, 2, f"answer {10 * MS + 5} apple")
    state, kinds = events_of(state, 0, f"answer {10 * MS + 9} red")
    assert kinds[-2:] == ["tie", "tiebreaker_flipped"]
    assert state.faceoff.categories == ("animal", "animal") and state.faceoff.tiebreakers == ("c04",)
    assert state.draw_piles[0] == ("c05",)
    assert sorted(all_cards(state)) == before
    state = act(state, 0, f"answer {20 * MS} zebra")
    state = act(state, SYSTEM, "settle")
    assert state.last.winner == 0 and state.winning_piles[0] == ("c03",)  # the loser's face-off card
    assert "c04" in state.draw_piles[0] + state.draw_piles[1]  # shuffled back
    assert sorted(all_cards(state)) == before


def test_tie_window_option():
    for window, gap, tied in [(0, 1, False), (250, 250, True), (250, 251, False), (1000, 900, True)]:
        state = faceoff_fruit_vs_colour(tie_window_ms=window)
        state = act(state, 2, f"answer {1000 * MS} apple")
        state = act(state, 0, f"answer {(1000 + gap) * MS} red")
        assert (state.faceoff is not None and state.faceoff.round == 1) is tied, (window, gap)


def test_a_wild_drawn_for_a_tiebreaker_goes_back_and_another_is_drawn():
    state = table(["fruit/1", "band/2", ""], draw=("colour/1 wild/3-4 animal/5", ""), flipper=2)
    state = act(state, 2, "flip left", f"answer {1 * MS} apple")
    state, kinds = events_of(state, 0, f"answer {1 * MS} red")
    assert kinds[-2:] == ["tie", "tiebreaker_flipped"]
    assert state.faceoff.categories == ("animal", "animal")
    assert state.draw_piles[0] == ("w0",)  # put back under the pile


def test_with_no_tiebreaker_left_the_race_is_run_again():
    state = table(["fruit/1", "band/2", ""], draw=("colour/1 wild/3-4", ""), flipper=2)
    state = act(state, 2, "flip left", f"answer {1 * MS} apple")
    state, kinds = events_of(state, 0, f"answer {1 * MS} red")
    assert kinds[-1] == "tiebreaker_unavailable"
    assert state.faceoff.categories == ("fruit", "colour") and state.faceoff.phase == "open"
    assert refusal(state, 2, f"answer {5 * MS} apple") == "Already said for this category: apple"


# Reminders and skipping (ruling M12)


def test_reminders_are_capped_and_open_the_way_to_a_skip():
    state = faceoff_fruit_vs_colour()
    assert refusal(state, 0, "skip") == "Only a face-off that nobody has answered after a reminder may be skipped"
    keys = []
    for _ in range(3):
        timer = next(timer for timer in RULES.timers(state) if timer.action == Command(REMIND))
        keys.append(timer.key)
        assert timer.delay_seconds == 60 and timer.seat == SYSTEM
        state, kinds = events_of(state, SYSTEM, "remind")
        assert kinds == ["faceoff_reminder"]
    assert len(set(keys)) == 3
    assert not [timer for timer in RULES.timers(state) if timer.action == Command(REMIND)]
    assert refusal(state, SYSTEM, "remind") == "The players have been reminded enough"
    assert RULES.actors(state) == {0, 1, 2, 3}


def test_the_opener_alone_skips_a_stuck_face_off_and_both_cards_go_under():
    state = table(["band/2 fruit/1", "city/3", "animal/4 colour/5"], draw=("colour/1 filler000/6", ""), flipper=2)
    state = act(state, 2, "flip left")
    assert state.faceoff.seats == (2, 0)
    state = act(state, SYSTEM, "remind")
    assert [action.notation for action in RULES.legal_actions(state, 1)] == ["skip"]
    state, kinds = events_of(state, 0, "skip")
    assert kinds == ["faceoff_skipped"]
    assert state.play_piles[0] == ("c01", "c00") and state.play_piles[2] == ("c05", "c03", "c04")
    assert state.last.reason == "skipped" and state.flipper == 0


def test_a_majority_of_the_other_players_skips():
    state = table(["fruit/1", "city/3", "band/2", "animal/4", "qword/5"], draw=("colour/1 filler000/6", ""), flipper=2)
    state = act(state, 2, "flip left")
    assert state.faceoff.seats == (2, 0)
    state = act(state, SYSTEM, "remind")
    assert refusal(state, 2, "skip") == "Only the table's opener or the other players may skip a face-off"
    state, kinds = events_of(state, 1, "skip")
    assert kinds == ["vote_cast"] and state.faceoff is not None
    assert refusal(state, 1, "skip") == "You have already voted to skip"
    state, kinds = events_of(state, 3, "skip")
    assert kinds == ["vote_cast", "faceoff_skipped"] and state.faceoff is None


def test_a_skipped_pair_does_not_face_off_again_at_once():
    state = table(["fruit/1", "band/2", ""], draw=("colour/1 filler000/6", ""), flipper=2)
    state = act(state, 2, "flip left")
    state = act(state, SYSTEM, "remind")
    state = act(state, 0, "skip")  # one-card piles: the same cards stay on top
    assert state.faceoff is None and state.flipper == 0
