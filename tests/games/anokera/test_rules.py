"""`AnokeraRules` (bot/games/anokera/rules.py): the deal (ruling K1), turns of one marked card or one or two
unmarked cards and every refusal (K2), refilling the row and the deck running out twice (K5), the city emptying,
the roles' scores and their ties (K6), what each seat may see, notation, timers and the computer's choice.

Scores are never written as numbers here: they are worked out from the role sheet's templates (`expected_score`),
so the tests hold while the sheet's numbers are tuned."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import IllegalAction, ParseError, Seating
from bot.engine.codec import encode
from bot.games.anokera.actions import EndTurn, PlayCard
from bot.games.anokera.cards import is_marked
from bot.games.anokera.state import CITIZENS_PER_PLAYER, ROW_SIZE
from bot.games.anokera.views import AnokeraPublicView, AnokeraSeatView

from .positions import (
    DECK,
    DISASTER,
    FAMINE,
    RULES,
    SHEET,
    VIOLENCE,
    city,
    column_letters,
    expected_score,
    holds_the_whole_deck,
    kinds,
    letters,
    play,
    refusal,
    role,
    tally,
)

ALL_ROLES = frozenset(each.id for each in SHEET.roles)


def shown(value) -> str:
    """Everything a renderer could print from a view or an event: the codec's JSON of it."""
    return json.dumps(encode(value))


def computer_game(seat_count: int = 4, seed: int = 3):
    """A whole match of computers: every state on the way and every event, in order."""
    state = RULES.setup(Seating(seat_count, computers=tuple(range(seat_count))), {}, seed)
    states, events = [state], []
    while not RULES.is_over(state):
        (timer,) = RULES.timers(state)
        state, happened = RULES.apply(state, state.turn, timer.action_at(0))
        states.append(state)
        events.extend(happened)
    return states, events


# The deal (ruling K1).


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), seat_count=st.integers(3, 5))
def test_the_deal_gives_seven_citizens_a_player_five_cards_in_the_row_and_a_secret_role_each(seed, seat_count):
    state = RULES.setup(Seating(seat_count), {}, seed)
    assert state.citizens == CITIZENS_PER_PLAYER * seat_count == 7 * seat_count
    assert state.deaths == (0, 0, 0)
    assert len(state.row) == ROW_SIZE == 5 and len(state.deck) == 31 and holds_the_whole_deck(state)
    assert state.columns == ((), (), ()) and state.removed == () and not state.reshuffled
    assert len(state.roles) == seat_count == len(set(state.roles))
    assert set(state.roles) | set(state.unused_roles) == ALL_ROLES and len(ALL_ROLES) == 9
    assert not set(state.roles) & set(state.unused_roles)
    assert 0 <= state.turn < seat_count and state.result is None and state.first_card is None


def test_the_same_seed_deals_the_same_match_and_other_seeds_other_ones():
    first = RULES.setup(Seating(4), {}, seed=5)
    assert RULES.setup(Seating(4), {}, seed=5) == first
    others = {RULES.setup(Seating(4), {}, seed=seed).deck for seed in range(6, 10)}
    assert first.deck not in others and len(others) == 4


def test_three_to_five_players_and_computers_sit_where_the_host_seats_them():
    assert (RULES.min_players, RULES.max_players) == (3, 5)
    assert RULES.resolve_options({}) == {"computer_players": 0, "computer_level": "normal"}
    for seat_count in (2, 6):
        with pytest.raises(ValueError, match="3-5 players"):
            RULES.setup(Seating(seat_count), {}, seed=1)
    state = RULES.setup(Seating(4, computers=(3, 2)), {"computer_players": 2}, seed=1)
    assert state.computer_seats == (2, 3)


# Turns (ruling K2).


def test_one_marked_card_is_a_whole_turn():
    state = city(columns=("T", "", ""), row="F*TNFT", turn=1)
    after, events = play(state, "play F11 1")
    assert after.turn == 2 and after.turns == 1 and after.first_card is None
    assert kinds(events) == ["card_played", "cleared", "row_refilled"]
    assert events[0].seat == 1 and events[0].data == {"card": "F11", "column": 0, "marked": True}


def test_an_unmarked_card_alone_ends_the_turn():
    after, events = play(city(row="FTNFT"), "play F01 3")
    assert after.turn == 1 and column_letters(after) == ("", "", "F")
    assert kinds(events) == ["card_played", "row_refilled"]


def test_a_first_card_announcing_a_second_keeps_the_turn_for_a_second_unmarked_card():
    state = city(row="FTN*FT")
    first, events = play(state, "play F01 1 more")
    assert first.turn == 0 and first.first_card == "F01" and kinds(events) == ["card_played"]
    assert len(first.row) == 4  # the row is refilled when the turn ends, not between the cards
    second, events = play(first, "play T01 1")
    assert second.turn == 1 and second.first_card is None and column_letters(second) == ("FT", "", "")
    assert kinds(events) == ["card_played", "row_refilled"] and len(second.row) == 5


def test_after_a_first_card_the_player_may_end_the_turn_instead():
    first, _ = play(city(row="FTN*FT"), "play F01 2 more")
    after, events = play(first, "end")
    assert after.turn == 1 and after.first_card is None and kinds(events) == ["row_refilled"]
    assert column_letters(after) == ("", "F", "")


def test_the_moves_offered_at_the_first_and_the_second_card():
    state = city(row="FTN*FT*")
    offered = RULES.legal_actions(state, 0)
    row = state.row
    singles = {PlayCard(card, column) for card in row for column in range(3)}
    announcing = {PlayCard(card, column, True) for card in row if not is_marked(card) for column in range(3)}
    assert set(offered) == singles | announcing and len(offered) == len(singles) + len(announcing)
    first, _ = play(state, "play F01 1 more")
    unmarked = [card for card in first.row if not is_marked(card)]
    assert set(RULES.legal_actions(first, 0)) == {PlayCard(c, k) for c in unmarked for k in range(3)} | {EndTurn()}
    assert RULES.legal_actions(first, 1) == () and RULES.legal_actions(state, 2) == ()
    lone = city(row="FN*T*F*")  # one unmarked card: it cannot announce a second
    assert not any(action.then_another for action in RULES.legal_actions(lone, 0))


def test_refused_moves_say_why_and_change_nothing():
    state = city(row="FTN*FT")
    before = RULES.encode_state(state)
    assert refusal(state, "play F01 1", seat=1) == "It is not your turn"
    assert refusal(state, "play N11 1 more") == "A marked card is played alone, with no second card"
    assert refusal(state, "play T05 1") == "That card is no longer in the row"
    assert refusal(state, "end") == "Play a card first: a turn is one marked card or one or two unmarked cards"
    first, _ = play(state, "play F01 1 more")
    assert refusal(first, "play N11 2") == "A marked card is played alone: it cannot be your second card"
    assert refusal(first, "play F01 2") == "That card is no longer in the row"
    assert refusal(first, "play T01 2 more") == "There is no second unmarked card to play"
    assert refusal(first, "play T01 2", seat=1) == "It is not your turn"
    lone = city(row="FN*T*F*")
    assert refusal(lone, "play F01 1 more") == "There is no second unmarked card to play"
    with pytest.raises(IllegalAction, match="three columns"):
        RULES.apply(state, 0, PlayCard("F01", 3))
    assert RULES.encode_state(state) == before


# The row and the deck running out (ruling K5).


def test_the_row_is_refilled_from_the_front_of_the_deck_at_the_end_of_the_turn():
    state = city(row="FTNFT", deck="NNT*F")
    after, events = play(state, "play F01 1")
    assert after.row == (*state.row[1:], state.deck[0]) and after.deck == state.deck[1:]
    assert events[-1].data == {"cards": [state.deck[0]], "deck": 3}
    two = play(play(state, "play F01 1 more")[0], "play T01 1")[0]
    assert letters(two.row) == "NFTNN" and letters(two.deck) == "T*F"


def test_with_the_deck_out_play_goes_on_from_the_row_without_a_reshuffle():
    state = city(row="FT", deck="")
    after, events = play(state, "play F01 1")
    assert letters(after.row) == "T" and after.deck == () and not after.reshuffled
    assert kinds(events) == ["card_played"] and after.turn == 1 and holds_the_whole_deck(after)


def test_when_the_row_empties_the_removed_cards_become_a_new_deck_once():
    state = city(columns=("TN", "", ""), row="F", deck="")  # every other card was removed before
    after, events = play(state, "play F01 1")  # a combo: three more cards removed
    assert kinds(events) == ["card_played", "combo", "deck_reshuffled", "row_refilled"]
    removed = [*state.removed, "T01", "N01", "F01"]
    assert events[-2].data == {"cards": len(removed)}
    assert events[-1].data == {"cards": list(after.row), "deck": len(after.deck)}
    assert after.reshuffled and after.removed == () and len(after.row) == ROW_SIZE
    assert Counter(after.row + after.deck) == Counter(removed) and holds_the_whole_deck(after)
    assert after.turn == 1 and not RULES.is_over(after)
    again, _ = play(state, "play F01 1")
    assert again == after  # the shuffle comes from the match's own seed


def test_the_second_run_out_clears_every_column_left_to_right_and_ends_the_game():
    state = city(columns=("NTFFF", "TN", "F"), row="F", deck="", reshuffled=True, last_clearer=2)
    after, events = play(state, "play F01 3")
    assert kinds(events) == ["card_played", "final_clearing", "cleared", "cleared", "game_over"]
    assert [event.data["column"] for event in events if event.kind == "cleared"] == [0, 1]
    assert all(event.seat is None for event in events[1:])  # the game's own clearing, nobody's card
    assert events[2].data["steps"] == [[VIOLENCE, 3], [FAMINE, 2]] and events[3].data["steps"] == [[DISASTER, 1]]
    assert column_letters(after) == ("F", "", "FF")
    assert after.deaths == tally(violence=3, famine=2, disaster=1) and after.citizens == 21 - 6
    assert after.result == "final_clearing" and RULES.outcome(after).reason == "final_clearing"
    assert after.last_clearer == 2 and holds_the_whole_deck(after) and RULES.actors(after) == frozenset()


def test_a_final_clearing_that_empties_the_city_stops_there():
    state = city(columns=("NTFFF", "TN", "TF"), row="F", deck="", reshuffled=True, citizens=4, deaths=tally(famine=17))
    after, events = play(state, "play F01 3")
    assert [event.data["column"] for event in events if event.kind == "cleared"] == [0]
    assert after.citizens == 0 and after.deaths == tally(violence=3, famine=18)
    assert column_letters(after) == ("F", "TN", "TFF")  # the columns right of the last death stay as they were
    assert after.result == "city_empty"


def test_with_nothing_removed_the_first_run_out_goes_straight_to_the_final_clearing():
    # Every card but the last one in the row lies in a column of its own resource, so nothing was ever removed.
    state = city(columns=("F" * 9 + "F*F*", "T" * 10 + "T*T*", "N" * 10 + "N*N*"), row="F", deck="", removed="")
    assert holds_the_whole_deck(state)
    after, events = play(state, "play F01 1")
    assert "final_clearing" in kinds(events) and after.result == "final_clearing"
    assert "deck_reshuffled" not in kinds(events), "an empty pile is not shuffled into a deck"
    assert after.deaths == (0, 0, 0) and after.citizens == 21


# The city emptying, and the end.


def test_the_city_emptying_ends_the_game_at_once():
    state = city(columns=("TF", "", ""), row="F*TNFT", deck="NN", citizens=2, deaths=tally(famine=19), turn=1)
    after, events = play(state, "play F11 1")
    assert after.citizens == 0 and after.deaths == tally(violence=2, famine=19)
    assert kinds(events) == ["card_played", "cleared", "game_over"]  # no refill: the game is over
    assert after.result == "city_empty" and RULES.is_over(after) and after.row == state.row[1:]
    assert RULES.legal_actions(after, after.turn) == () and RULES.timers(after) == ()
    assert refusal(after, "play T01 1") == "The game is over"


def test_a_clearing_kills_no_more_than_the_citizens_left():
    state = city(columns=("TFFF", "", ""), row="F*", citizens=2, deaths=tally(disaster=19))
    after, _ = play(state, "play F11 1")
    assert after.deaths == tally(violence=2, disaster=19) and after.citizens == 0


def ended(roles, deaths, last_clearer=None):
    """A match brought to its end by a final clearing that kills nobody, with these deaths counted before."""
    state = city(
        columns=("F", "T", "N"),
        row="F",
        deck="",
        reshuffled=True,
        roles=roles,
        deaths=deaths,
        last_clearer=last_clearer,
    )
    after, _ = play(state, "play F01 1")
    assert after.result == "final_clearing" and after.deaths == deaths
    return after


def place_of(state, seat) -> int:
    return next(place for place, group in enumerate(state.placings) if seat in group)


def test_the_scores_follow_the_sheet_and_the_highest_wins():
    roles = (role(VIOLENCE, "zealot"), role(FAMINE, "envoy"), role(DISASTER, "acolyte"), role(FAMINE, "acolyte"))
    deaths = tally(violence=9, famine=5, disaster=6)
    state = ended(roles, deaths)
    outcome = RULES.outcome(state)
    expected = {seat: expected_score(each, deaths, 4) for seat, each in enumerate(roles)}
    assert dict(outcome.scores) == expected and state.scores == tuple(expected.values())
    assert outcome.winners == outcome.placings[0]
    ranked = [expected[group[0]] for group in outcome.placings]
    assert ranked == sorted(ranked, reverse=True)
    assert sorted(seat for group in outcome.placings for seat in group) == [0, 1, 2, 3]


DEATHS_INDEX = {VIOLENCE: 0, FAMINE: 1, DISASTER: 2}


def find_tie(same_own: bool, players: int = 3):
    """Two roles of different gods and deaths (at least one of each kind, fewer than the city holds) that give both
    the same score, with the same number of deaths of each one's own kind or not (then the first role has more):
    searched from the sheet's numbers, so the position follows any tuning."""
    roles = [each.id for each in SHEET.roles]
    for first, second in permutations(roles, 2):
        own_first, own_second = (DEATHS_INDEX[SHEET.patron_of(each).death] for each in (first, second))
        if own_first == own_second:
            continue
        for deaths in product(range(1, 9), repeat=3):
            if sum(deaths) >= 7 * players or (deaths[own_first] == deaths[own_second]) != same_own:
                continue
            if same_own == (deaths[own_first] > deaths[own_second]):
                continue  # when they differ, the first role has more of its own kind
            if expected_score(first, deaths, players) == expected_score(second, deaths, players):
                third = next(each for each in roles if each not in (first, second))
                return (first, second, third), deaths
    pytest.fail("no tie of this kind with the sheet's numbers")


def test_a_tie_goes_to_more_deaths_of_the_players_own_kind():
    roles, deaths = find_tie(same_own=False)
    state = ended(roles, deaths, last_clearer=1)  # the last clear does not outweigh the deaths
    assert state.scores[0] == state.scores[1]
    assert place_of(state, 0) < place_of(state, 1)


def test_then_a_tie_goes_to_the_player_who_made_the_last_clear():
    roles, deaths = find_tie(same_own=True)
    for clearer, first, second in [(0, 0, 1), (1, 1, 0)]:
        state = ended(roles, deaths, last_clearer=clearer)
        assert state.scores[0] == state.scores[1]
        assert place_of(state, first) < place_of(state, second)


def test_the_last_clear_that_ends_the_game_breaks_the_tie_it_made():
    roles = (role(VIOLENCE, "acolyte"), role(FAMINE, "acolyte"), role(DISASTER, "zealot"))
    deaths = tally(violence=10, famine=9, disaster=1)  # one citizen left of 21
    state = city(columns=("N", "", ""), row="F*", roles=roles, deaths=deaths, turn=1, last_clearer=0)
    after, _ = play(state, "play F11 1")
    assert after.result == "city_empty" and after.deaths == tally(violence=10, famine=10, disaster=1)
    assert after.scores[0] == after.scores[1] and after.last_clearer == 1
    assert place_of(after, 1) < place_of(after, 0)


def test_otherwise_tied_players_share_their_place():
    roles, deaths = find_tie(same_own=True)
    for clearer in (None, 2):
        state = ended(roles, deaths, last_clearer=clearer)
        assert place_of(state, 0) == place_of(state, 1)
        outcome = RULES.outcome(state)
        if place_of(state, 0) == 0:
            assert set(outcome.winners) >= {0, 1}


# What each seat may see.


def role_ids_in(text: str) -> set[str]:
    return {each for each in ALL_ROLES if each in text}


def test_until_the_end_each_seat_sees_its_own_role_and_no_other():
    state = RULES.setup(Seating(4), {}, seed=11)
    state, _ = play(state, RULES.legal_actions(state, state.turn)[0].notation)
    public = RULES.view(state, None)
    assert isinstance(public, AnokeraPublicView) and public.reveals == () and public.outcome is None
    assert role_ids_in(shown(public)) == set() and public.unused_roles == 5
    assert RULES.hidden_from(state, None) == ALL_ROLES
    for seat in range(4):
        view = RULES.view(state, seat)
        assert isinstance(view, AnokeraSeatView) and view.role == state.roles[seat] and view.public == public
        assert view.legal_actions == tuple(RULES.legal_actions(state, seat))
        assert role_ids_in(shown(view)) == {state.roles[seat]}
        assert RULES.hidden_from(state, seat) == ALL_ROLES - {state.roles[seat]}


def test_the_table_sees_the_decks_next_card_but_not_the_order_of_the_rest():
    state = RULES.setup(Seating(3), {}, seed=4)
    public = RULES.view(state, None)
    assert public.next_card == state.deck[0] and public.deck_size == 31
    text = shown(RULES.view(state, 0))
    assert not [card for card in state.deck[1:] if card in text]


def test_no_event_of_a_whole_match_names_a_role():
    _, events = computer_game()
    assert all(event.visible_to is None for event in events)
    assert role_ids_in("\n".join(shown(event) for event in events)) == set()


def test_at_the_end_every_seated_role_is_shown_with_its_score_and_the_unused_stay_hidden():
    states, _ = computer_game(seat_count=3)
    state = states[-1]
    public = RULES.view(state, None)
    by_kind = dict(zip((VIOLENCE, FAMINE, DISASTER), state.deaths, strict=True))
    assert [(reveal.seat, reveal.role) for reveal in public.reveals] == list(enumerate(state.roles))
    for reveal in public.reveals:
        assert reveal.lines == SHEET.score_lines(reveal.role, by_kind, 3)
        assert reveal.score == sum(line.points for line in reveal.lines) == state.scores[reveal.seat]
        assert reveal.score == expected_score(reveal.role, state.deaths, 3)
    assert public.unused_roles == 6 and public.to_act is None and public.outcome == RULES.outcome(state)
    for viewer in (None, 0, 1, 2):
        assert RULES.hidden_from(state, viewer) == frozenset(state.unused_roles)
        assert role_ids_in(shown(RULES.view(state, viewer))) == set(state.roles)


# Notation, timers and the computer.


def test_notation_round_trips_for_every_legal_action():
    state = city(row="FTN*FT*")
    first, _ = play(state, "play F01 1 more")
    for position in (state, first):
        actions = RULES.legal_actions(position, 0)
        for action in actions:
            assert RULES.parse_action(action.notation) == action
    assert PlayCard("F03", 1, True).notation == "play F03 2 more" and EndTurn().notation == "end"
    assert RULES.parse_action(" play f03 2 ") == PlayCard("F03", 1)
    for text in ["play F13 1", "play F03 4", "play F03 0", "play F03", "play F03 2 later", "end turn", "", "F03"]:
        with pytest.raises(ParseError):
            RULES.parse_action(text)


def test_only_a_computer_to_act_has_a_timer_and_it_plays_a_legal_card():
    computer = city(row="FTN*FT", turn=1, computers=(1,))
    (timer,) = RULES.timers(computer)
    assert timer.seat == 1 and timer.delay_seconds > 0
    action = timer.action_at(0)
    assert action in RULES.legal_actions(computer, 1)
    assert RULES.timers(city(row="FTN*FT", turn=0, computers=(1,))) == ()
    first, _ = play(city(row="FTN*FT", turn=1, computers=(1,)), "play F01 1 more")
    (second,) = RULES.timers(first)
    assert second.key != timer.key and second.action_at(0) in RULES.legal_actions(first, 1)


@st.composite
def computer_positions(draw: st.DrawFn):
    """A computer to act, some random moves into a dealt match."""
    seed = draw(st.integers(0, 2**32))
    seat_count = draw(st.integers(3, 5))
    state = RULES.setup(Seating(seat_count, computers=tuple(range(seat_count))), {}, seed)
    chooser = random.Random(seed)
    for _ in range(draw(st.integers(0, 40))):
        actions = RULES.legal_actions(state, state.turn)
        if not actions:
            break
        state, _ = RULES.apply(state, state.turn, chooser.choice(actions))
    return state


@settings(max_examples=40, deadline=None)
@given(state=computer_positions())
def test_the_computer_always_plays_a_legal_move_and_the_same_one_for_the_same_position(state):
    if RULES.is_over(state):
        assert RULES.timers(state) == ()
        return
    (timer,) = RULES.timers(state)
    action = timer.action_at(0)
    assert action in RULES.legal_actions(state, state.turn)
    assert timer.action_at(12345) == action
    copy = RULES.decode_state(json.loads(json.dumps(RULES.encode_state(state))))
    assert RULES.timers(copy)[0].action_at(0) == action


def test_a_played_card_leaves_the_row_and_every_card_stays_on_the_table():
    state = city(columns=("NT", "", ""), row="F*TN", deck="FF")
    after, _ = play(state, "play F11 1")
    assert "F11" not in after.row and holds_the_whole_deck(after)
    assert sorted(DECK) == sorted([*after.row, *after.deck, *after.removed, *(c for col in after.columns for c in col)])
