"""Combos (ruling K3) and clearings (ruling K4) on one column (bot/games/anokera/columns.py), checked directly on
columns written as resource letters and, where a player would see it, through a card played on the table: the
K4 example, runs of every length, marked cards that kill nobody, a city emptied mid-clearing, and combos."""

from __future__ import annotations

from bot.games.anokera.columns import clear, combo

from .positions import DISASTER, FAMINE, VIOLENCE, Dealer, city, column_letters, kinds, letters, play, role, tally

FOUR_SEATS = (role(VIOLENCE, "acolyte"), role(FAMINE, "acolyte"), role(DISASTER, "acolyte"), role(VIOLENCE, "envoy"))


def cleared(column: str, citizens: int = 35):
    """Clear a column written bottom to top, with this many citizens left: its letters after, and the steps."""
    clearing = clear(Dealer().cards(column), citizens)
    return letters(clearing.column), list(clearing.steps), clearing


# Clearing (ruling K4).


def test_the_k4_example_kills_four_by_violence_then_three_by_famine_leaving_two_force():
    left, steps, clearing = cleared("NTFFFF*", citizens=28)
    assert steps == [(VIOLENCE, 4), (FAMINE, 3)]
    assert left == "FF"
    assert letters(clearing.removed) == "F*TFN"  # the two cards of each step; the skipped Force cards stay
    assert clearing.tally() == tally(violence=4, famine=3) and clearing.citizens == 21


def test_the_k4_example_played_on_the_table_kills_seven_and_names_the_clearer():
    state = city(columns=("NTFFF", "", ""), row="F*TNFT", roles=FOUR_SEATS, turn=2)
    after, events = play(state, "play F11 1")
    assert column_letters(after) == ("FF", "", "")
    assert after.deaths == tally(violence=4, famine=3) and after.citizens == 28 - 7
    assert kinds(events) == ["card_played", "cleared", "row_refilled"]
    assert events[1].data["steps"] == [[VIOLENCE, 4], [FAMINE, 3]] and events[1].seat == 2
    assert after.last_clearer == 2
    assert letters(after.removed) == "F*TFN"


def test_a_marked_card_straight_on_a_different_resource_kills_one():
    assert cleared("NTF*")[:2] == ("N", [(VIOLENCE, 1)])
    assert cleared("TN*")[:2] == ("", [(DISASTER, 1)])


def test_a_run_of_two_kills_two_and_leaves_the_card_skipped():
    assert cleared("TFF*")[:2] == ("F", [(VIOLENCE, 2)])


def test_a_long_run_kills_its_length_and_leaves_the_rest_of_the_run():
    assert cleared("TNNNNN*")[:2] == ("NNNN", [(DISASTER, 5)])
    assert cleared("FTTTTTTT*")[:2] == ("TTTTTT", [(VIOLENCE, 7)])


def test_alternating_resources_clear_one_death_a_step_until_one_resource_is_left():
    left, steps, _ = cleared("FTNFTNT*")
    assert steps == [(DISASTER, 1), (VIOLENCE, 1), (DISASTER, 1)]  # T* over N, then T over F, then N over T
    assert left == "F"


def test_a_marked_card_on_its_own_resource_or_an_empty_column_kills_nobody_and_stays():
    assert cleared("F*")[:2] == ("F*", [])
    assert cleared("FFF*")[:2] == ("FFF*", [])
    state = city(columns=("", "NN", ""), row="N*F", last_clearer=1)
    after, events = play(state, "play N11 2")
    assert column_letters(after) == ("", "NNN*", "") and after.deaths == (0, 0, 0)
    assert "cleared" not in kinds(events) and after.last_clearer == 1  # no clear that killed anyone


def test_when_the_city_empties_mid_clearing_the_rest_die_and_the_clearing_stops():
    left, steps, clearing = cleared("NTFFFF*", citizens=5)
    assert steps == [(VIOLENCE, 4), (FAMINE, 1)]  # three would die by famine, only one was left
    assert left == "FF" and clearing.citizens == 0
    left, steps, clearing = cleared("TNTNF*", citizens=1)
    assert steps == [(FAMINE, 1)] and left == "TNT" and clearing.citizens == 0  # no step after the last death


def test_a_clearing_leaves_one_resource_or_none():
    for column in ["NTFFFF*", "TFF*", "FTNFTNT*", "NNTTFF*", "TN*"]:
        left, _, _ = cleared(column)
        assert len({letter for letter in left.replace("*", "")}) <= 1, column


# Combos (ruling K3).


def test_three_different_resources_on_top_are_removed_and_nobody_dies():
    state = city(columns=("FT", "", ""), row="NFT")
    after, events = play(state, "play N01 1")
    assert column_letters(after) == ("", "", "") and after.deaths == (0, 0, 0)
    assert kinds(events) == ["card_played", "combo", "row_refilled"]
    assert events[1].data["column"] == 0 and letters(events[1].data["cards"]) == "FTN"
    assert letters(after.removed) == "FTN"


def test_two_matching_resources_on_top_make_no_combo():
    assert combo(Dealer().cards("FFT")) is None
    assert combo(Dealer().cards("TNT")) is None
    after, events = play(city(columns=("FF", "", ""), row="TN"), "play T01 1")
    assert column_letters(after) == ("FFT", "", "") and "combo" not in kinds(events)


def test_only_the_top_three_cards_are_removed():
    after, _ = play(city(columns=("NFFT", "", ""), row="NT"), "play N01 1")
    assert column_letters(after) == ("NF", "", "")


def test_a_combo_needs_three_cards():
    assert combo(Dealer().cards("FT")) is None and combo(()) is None


def test_a_marked_card_played_never_makes_a_combo_but_clears():
    after, events = play(city(columns=("TN", "", ""), row="F*T"), "play F11 1")
    assert "combo" not in kinds(events) and column_letters(after) == ("T", "", "")
    assert after.deaths == tally(famine=1)


def test_a_marked_card_lying_in_a_column_counts_as_its_resource_in_a_combo():
    # The columns docstring says a combo is the top three cards "one of each resource"; ruling K3 says marked
    # cards never *make* a combo, which the code reads as the card played: a marked card left lying in a column
    # (it killed nobody) is then one of the three.
    state = city(columns=("", "", ""), row="F*TN", turn=0)
    state, _ = play(state, "play F11 1")
    assert column_letters(state) == ("F*", "", "") and state.deaths == (0, 0, 0)
    state, _ = play(state, "play T01 1")
    state, events = play(state, "play N01 1")
    assert column_letters(state) == ("", "", "") and "combo" in kinds(events)
    assert events[1].data["cards"] == ["F11", "T01", "N01"] and "F11" in state.removed
    assert combo(Dealer().cards("F*TN")) == ("F11", "T01", "N01")
