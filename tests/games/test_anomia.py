"""Anomia's rules: deck building, matching, face-offs and judging, races and ties, cascades, wilds, skips, the end,
computer players, views and codec, and a golden playthrough (rulings M1-M13).

The tests use a small content pool built here, so they do not change when data/anomia is edited; one test loads
the shipped content through the registry.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from bot.content.anomia import AnomiaContent, Answer, Category, DeckSpec, Predicate, Symbol
from bot.engine import SYSTEM, IllegalAction, ParseError, canonical_json
from bot.games.anomia import (
    AnomiaOptions,
    AnomiaPublicView,
    AnomiaRules,
    AnomiaSeatView,
    AnomiaState,
    Card,
    CastVote,
    Command,
    Flip,
    GiveAnswer,
    Heard,
    answer_matches,
    normalise_answer,
    satisfies,
)

GOLDEN = Path(__file__).parent / "golden" / "anomia_seed_3.txt"
MS = 1 << 22
"""One millisecond in arrival keys (Discord snowflakes keep the timestamp above bit 22, ruling M6)."""

NAMED = (
    Category("fruit", "A fruit", "thing", (Answer("Apple"), Answer("Peach"), Answer("Orange"), Answer("Cherry"))),
    Category("colour", "A colour", "word", (Answer("Red"), Answer("Orange"), Answer("Blue"), Answer("Green"))),
    Category("band", "A band", "title", (Answer("The Beatles", ("Beatles", "the fab four")), Answer("ABBA"))),
    Category(
        "city",
        "A city",
        "place",
        (Answer("São Paulo"), Answer("New York", ("NYC", "new york city")), Answer("Tokyo")),
    ),
    Category("animal", "An animal", "thing", (Answer("Horse"), Answer("Fox"), Answer("Zebra"))),
    Category("qword", "A word starting with Q", "word", (), Predicate("starts_with", "q")),
    Category("palin", "A palindrome", "word", (), Predicate("palindrome")),
)
FILLERS = tuple(
    Category(
        f"filler{index:03d}", f"Filler {index}", "thing", (Answer(f"item {index} one"), Answer(f"item {index} two"))
    )
    for index in range(100)
)
SYMBOLS = tuple(Symbol(f"s{index}", f"Symbol {index}", "*", "grey") for index in range(8))
DECK = DeckSpec(92, (12, 12, 12, 12, 11, 11, 11, 11), 8, tuple((index, (index + 1) % 8) for index in range(8)))
CONTENT = AnomiaContent(NAMED + FILLERS, SYMBOLS, DECK)
RULES = AnomiaRules(CONTENT)


def table(
    piles: list[str],
    draw: tuple[str, str] = ("", ""),
    wilds: str = "",
    flipper: int = 0,
    computers: tuple[int, ...] = (),
    **options,
) -> AnomiaState:
    """A hand-built position. Cards are written "category/symbol" (a category card) or "wild/3-4"; piles are
    space-separated, play piles bottom first, draw piles top first. Card ids are given in order of writing.
    Judging is "lists" unless given: most tests look at answers the lists decide."""
    options.setdefault("judging", "lists")
    deck: list[Card] = []

    def cards(text: str) -> tuple[str, ...]:
        ids = []
        for spec in text.split():
            name, symbols = spec.split("/")
            if name == "wild":
                first, second = symbols.split("-")
                card = Card(f"w{sum(card.is_wild for card in deck)}", (int(first), int(second)))
            else:
                card = Card(f"c{sum(not card.is_wild for card in deck):02d}", (int(symbols),), name)
            deck.append(card)
            ids.append(card.id)
        return tuple(ids)

    play_piles = tuple(cards(pile) for pile in piles)
    draw_piles = (cards(draw[0]), cards(draw[1]))
    return AnomiaState(
        options=AnomiaOptions(**options),
        deck=tuple(deck),
        computer_seats=computers,
        draw_piles=draw_piles,
        play_piles=play_piles,
        winning_piles=((),) * len(piles),
        wilds=cards(wilds),
        flipper=flipper,
        again=False,
        flips=0,
        faceoff=None,
        faceoffs=0,
        used=(),
        skipped=(),
        arrival_high=0,
        last=None,
        result=None,
        placings=(),
        rng_state=99,
    )


def act(state: AnomiaState, seat: int, *notations: str) -> AnomiaState:
    for notation in notations:
        state, _ = RULES.apply(state, seat, RULES.parse_action(notation))
    return state


def events_of(state: AnomiaState, seat: int, notation: str) -> tuple[AnomiaState, list[str]]:
    state, events = RULES.apply(state, seat, RULES.parse_action(notation))
    return state, [event.kind for event in events]


def refusal(state: AnomiaState, seat: int, notation: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(state, seat, RULES.parse_action(notation))
    return str(caught.value)


def faceoff_fruit_vs_colour(**options) -> AnomiaState:
    """Seat 0 shows a fruit, seat 2 flips a colour with the same symbol: seat 0 must name a colour, seat 2 a fruit."""
    state = table(
        ["fruit/1", "band/2", "", "city/3"], draw=("colour/1 animal/4 filler000/5", "filler001/6"), flipper=2, **options
    )
    state = act(state, 2, "flip left")
    assert state.faceoff is not None and state.faceoff.seats == (2, 0)
    return state


def all_cards(state: AnomiaState) -> list[str]:
    held = [card for pile in (*state.draw_piles, *state.play_piles, *state.winning_piles) for card in pile]
    return held + list(state.wilds) + list(state.faceoff.tiebreakers if state.faceoff else ())


# Deck building (rulings M1-M4)


@pytest.mark.parametrize("seat_count", [4, 5, 6])
def test_deck_has_92_category_cards_with_the_symbol_counts_and_8_wilds_on_the_cycle(seat_count):
    state = RULES.setup(seat_count, {}, seed=11)
    category_cards = [card for card in state.deck if not card.is_wild]
    wilds = [card for card in state.deck if card.is_wild]
    assert len(category_cards) == 92 and len(wilds) == 8
    assert sorted(Counter(card.symbols[0] for card in category_cards).values()) == [11] * 4 + [12] * 4
    assert Counter(card.symbols[0] for card in category_cards)[0] == 12  # counts follow the symbol order (M2)
    assert sorted(tuple(sorted(card.symbols)) for card in wilds) == sorted(
        tuple(sorted((index, (index + 1) % 8))) for index in range(8)
    )
    assert len({card.category for card in category_cards}) == 92  # 92 different categories sampled (M1)
    assert len({card.id for card in state.deck}) == 100
    assert sorted(all_cards(state)) == sorted(card.id for card in state.deck)
    assert abs(len(state.draw_piles[0]) - len(state.draw_piles[1])) <= 1  # two draw piles (M4)


def test_card_ids_are_never_part_of_one_another():
    ids = [card.id for card in RULES.setup(4, {}, seed=1).deck]
    assert not [(a, b) for a in ids for b in ids if a != b and a in b]


def test_ruling_m3_three_players_remove_two_symbols_and_every_card_showing_them():
    state = RULES.setup(3, {}, seed=5)
    shown = Counter(symbol for card in state.deck for symbol in card.symbols)
    removed = set(range(8)) - set(shown)
    assert len(removed) == 2
    first, second = sorted(removed)
    assert second - first == 4  # opposite on the cycle, so no wild shows both
    assert sum(not card.is_wild for card in state.deck) == 92 - 23
    assert sum(card.is_wild for card in state.deck) == 4


def test_setup_is_deterministic_and_the_first_flipper_is_random():
    assert RULES.setup(4, {}, seed=9) == RULES.setup(4, {}, seed=9)
    assert len({RULES.setup(4, {}, seed=seed).flipper for seed in range(30)}) == 4  # ruling M4


def test_ruling_m3_two_players_are_not_offered():
    with pytest.raises(ValueError):
        RULES.setup(2, {}, seed=1)


def test_options_and_their_defaults():
    assert RULES.resolve_options({}) == {
        "judging": "trust",
        "no_repeat": True,
        "tie_window_ms": 0,
        "timing": "live",
        "computer_players": 0,
        "computer_pace": "steady",
    }
    state = RULES.setup(5, {"computer_players": 2, "judging": "trust"}, seed=1)
    assert state.computer_seats == (3, 4)  # computers sit after the humans
    assert RULES.setup(3, {"computer_players": 5}, seed=1).computer_seats == (1, 2)  # seat 0 stays human


def test_content_with_too_few_categories_is_refused():
    small = AnomiaContent(NAMED, SYMBOLS, DECK)
    with pytest.raises(ValueError):
        AnomiaRules(small).setup(4, {}, seed=1)


# Answers: normalisation, lists, plurals, aliases, predicates (ruling M7)


@pytest.mark.parametrize(
    ("text", "normalised"),
    [
        ("  The Beatles!! ", "beatles"),
        ("São   Paulo", "sao paulo"),
        ("AN Apple", "apple"),
        ("the", "the"),
        ("Jay-Z", "jayz"),
        ("Crème Brûlée", "creme brulee"),
        ("a\tb", "b"),
    ],
)
def test_normalise_answer(text, normalised):
    assert normalise_answer(text) == normalised


@pytest.mark.parametrize(
    ("category", "text", "matches"),
    [
        ("fruit", "apples", True),
        ("fruit", "PEACHES", True),
        ("fruit", "an apple", True),
        ("fruit", "grape", False),
        ("animal", "horses", True),
        ("animal", "foxes", True),
        ("band", "beatles", True),
        ("band", "The Fab Four", True),
        ("city", "nyc", True),
        ("city", "new-york", True),
        ("city", "sao paulo", True),
        ("city", "paris", False),
        ("qword", "quilt", True),
        ("qword", "queen bee", False),  # predicates take one word
        ("qword", "apple", False),
        ("palin", "Level", True),
        ("palin", "levels", False),
        ("fruit", "", False),
        ("fruit", "!!!", False),
    ],
)
def test_answer_matches_lists_aliases_plurals_and_predicates(category, text, matches):
    assert answer_matches(next(c for c in NAMED if c.id == category), text) is matches


@pytest.mark.parametrize(
    ("predicate", "yes", "no"),
    [
        (Predicate("starts_with", "Qu"), "quick", "aqua"),
        (Predicate("ends_with", "y"), "jolly", "yak"),
        (Predicate("contains", "oo"), "balloon", "bolo"),
        (Predicate("letter_count", 5), "zebra", "zebras"),
        (Predicate("palindrome"), "kayak", "kayaks"),
        (Predicate("double_letter"), "coffee", "cofe"),
        (Predicate("no_letter", "e"), "piano", "piece"),
    ],
)
def test_predicates(predicate, yes, no):
    assert satisfies(predicate, yes)
    assert not satisfies(predicate, no)
    assert not satisfies(predicate, "two words")


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


# Judging (ruling M7) and race order (M6)


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


# Reminders and skipping (ruling M12)


def test_reminders_are_capped_and_open_the_way_to_a_skip():
    state = faceoff_fruit_vs_colour()
    assert refusal(state, 0, "skip") == "Only a face-off that nobody has answered after a reminder may be skipped"
    keys = []
    for _ in range(3):
        timer = next(timer for timer in RULES.timers(state) if timer.action == "remind")
        keys.append(timer.key)
        assert timer.delay_seconds == 60 and timer.seat == SYSTEM
        state, kinds = events_of(state, SYSTEM, "remind")
        assert kinds == ["faceoff_reminder"]
    assert len(set(keys)) == 3
    assert not [timer for timer in RULES.timers(state) if timer.action == "remind"]
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


# Computer players


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
        assert (timer.seat, timer.delay_seconds, timer.action) == (2, delay, "flip right")
    human = table(["fruit/1", "band/2", "city/3"], draw=("animal/4", ""), flipper=1, computers=(2,))
    assert RULES.timers(human) == ()


def test_computer_answers_from_the_list_with_an_arrival_placeholder_after_four_to_nine_seconds():
    state = table(["fruit/1", "band/2", ""], draw=("colour/1 filler000/6", ""), flipper=2, computers=(2,))
    state = act(state, 2, "flip left")
    (answer,) = [timer for timer in RULES.timers(state) if timer.seat == 2]
    assert answer.action.startswith("answer {arrival} ")
    text = answer.action.removeprefix("answer {arrival} ")
    assert normalise_answer(text) in {"apple", "peach", "orange", "cherry"}
    assert 4 <= answer.delay_seconds <= 9
    state = act(state, 2, answer.action.replace("{arrival}", str(7 * MS)))
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
    assert votes == [(1, "vote no", 2.0), (3, "vote no", 2.0)]
    trust = table(
        ["fruit/1", "band/2", ""], draw=("colour/1 filler000/6", ""), flipper=2, computers=(0,), judging="trust"
    )
    trust = act(trust, 2, "flip left", f"answer {1 * MS} apple")
    trust = act(trust, SYSTEM, "settle")
    timers = {timer.key: timer for timer in RULES.timers(trust)}
    assert timers["challenge-1"].action == "close challenge" and timers["challenge-1"].delay_seconds == 15
    assert timers["challenge-1-0"].action == "accept" and timers["challenge-1-0"].seat == 0


# Notation, codec, views


@pytest.mark.parametrize(
    "action",
    [
        Flip("left"),
        Flip("right"),
        GiveAnswer(123456789012345678, "New York"),
        GiveAnswer(0, "rock n roll"),
        Heard("cherry pie"),
        CastVote(True),
        CastVote(False),
        *(Command(word) for word in ("settle", "challenge", "accept", "close challenge", "skip", "remind")),
    ],
)
def test_every_action_notation_round_trips(action):
    assert RULES.parse_action(action.notation) == action


@pytest.mark.parametrize("text", ["", "flip up", "answer soon apple", "answer 5", "vote maybe", "dance"])
def test_parse_action_rejects_other_text(text):
    with pytest.raises(ParseError):
        RULES.parse_action(text)


def test_codec_round_trips_through_json_for_a_whole_game():
    state = RULES.setup(5, {"judging": "trust", "computer_players": 2}, seed=21)
    chooser = random.Random(21)
    for _ in range(3000):
        if RULES.is_over(state):
            break
        assert RULES.decode_state(json.loads(canonical_json(RULES.encode_state(state)))) == state
        actor = chooser.choice(sorted(RULES.actors(state)))
        state = act(state, actor, chooser.choice(RULES.legal_actions(state, actor)).notation)
    assert RULES.is_over(state)
    assert RULES.decode_state(json.loads(canonical_json(RULES.encode_state(state)))) == state


def test_views_show_no_card_or_category_of_the_draw_piles():
    state = RULES.setup(4, {}, seed=2)
    step = 0
    cards = {card.id: card for card in state.deck}
    while not RULES.is_over(state) and step < 200:
        hidden = RULES.hidden_from(state, None)
        assert all(RULES.hidden_from(state, seat) == hidden for seat in range(4))
        for viewer in (None, 0, 1, 2, 3):
            text = json.dumps(RULES.view(state, viewer).to_json())
            for card_id in hidden:
                assert card_id not in text
                if cards[card_id].category:
                    assert f'"{cards[card_id].category}"' not in text
        actor = sorted(RULES.actors(state))[0]
        state = act(state, actor, RULES.legal_actions(state, actor)[0].notation)
        step += 1


def test_seat_view_lists_action_kinds_without_example_answers():
    state = faceoff_fruit_vs_colour()
    view = RULES.view(state, 0)
    assert isinstance(view, AnomiaSeatView) and view.can == ("answer",)
    assert isinstance(RULES.view(state, None), AnomiaPublicView)
    data = view.to_json()["public"]
    assert data["faceoff"]["seats"] == [2, 0]
    assert data["faceoff"]["categories"] == [["fruit", "A fruit"], ["colour", "A colour"]]
    assert data["tops"][0]["category_name"] == "A fruit" and data["tops"][1]["symbol"] == "s2"


def test_legal_answers_are_accepted_and_include_a_listed_and_a_made_up_one():
    state = faceoff_fruit_vs_colour()
    notations = [action.notation for action in RULES.legal_actions(state, 2)]
    assert [notation.split(" ", 2)[2] for notation in notations] == ["Apple", "xyzzy"]
    for notation in notations:
        RULES.apply(state, 2, RULES.parse_action(notation))


def test_registry_serves_anomia_with_the_shipped_content():
    from bot.games import GAMES

    rules = GAMES["anomia"]
    assert rules.title == "Anomia" and len(rules.content.categories) >= 250  # ruling M1
    state = rules.setup(4, {}, seed=1)
    assert len(state.deck) == 100


# The golden playthrough


def golden_transcript(seed: int = 3, seat_count: int = 4) -> str:
    """One match with default options: a pending settle or challenge timer fires first, otherwise a random
    actor takes a random legal action (Python's random.Random(seed), stable across versions for choice)."""
    state = RULES.setup(seat_count, {}, seed)
    lines = [
        f"Anomia golden playthrough: seed {seed}, {seat_count} seats, default options, the test content.",
        "A pending settle fires first; otherwise a random actor (random.Random(seed)) takes a random legal action.",
        f"First flipper: seat {state.flipper}.",
    ]
    chooser = random.Random(seed)
    step = 0
    while not RULES.is_over(state):
        assert step < 3000
        timer = next((t for t in RULES.timers(state) if t.action in ("settle", "close challenge")), None)
        if timer is not None:
            seat, notation = SYSTEM, timer.action
        else:
            actors = sorted(RULES.actors(state))
            seat = chooser.choice(actors)
            notation = chooser.choice(RULES.legal_actions(state, seat)).notation
        state, events = RULES.apply(state, seat, RULES.parse_action(notation))
        step += 1
        who = "clock" if seat == SYSTEM else f"seat {seat}"
        lines.append(f"{step:3d}. {who} {notation}: {'; '.join(describe(event) for event in events)}")
        lines.append(f"     {board(state)}")
    outcome = RULES.outcome(state)
    lines.append(f"Outcome: {outcome.reason}; winners {list(outcome.winners)}; placings {list(outcome.placings)}")
    return "\n".join(lines) + "\n"


def describe(event) -> str:
    data = {key: value for key, value in event.data.items() if key not in ("category",)}
    details = ", ".join(f"{key}={value}" for key, value in data.items())
    return f"{event.kind}({details})" if details else event.kind


def board(state: AnomiaState) -> str:
    view = RULES.view(state, None).to_json()
    tops = " | ".join(
        f"{seat}: {top['category_name']} {top['symbol']} [{size}]" if top else f"{seat}: -- [0]"
        for seat, (top, size) in enumerate(zip(view["tops"], view["play_pile_sizes"], strict=True))
    )
    wild = view["active_wild"][1] if view["active_wild"] else "-"
    return f"draw {view['draw_pile_sizes']} wild {wild} won {view['winning_pile_sizes']} | {tops}"


def test_golden_playthrough_seed_3():
    transcript = golden_transcript()
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(transcript, encoding="utf-8")
    assert transcript == GOLDEN.read_text(encoding="utf-8"), "rerun with UPDATE_GOLDEN=1 after a deliberate change"
