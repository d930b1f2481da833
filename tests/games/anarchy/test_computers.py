"""Computer players of Anarchy: every move they make is legal, they finish whole matches, and they play sensibly:
shed a card rather than draw, keep trumps for when nothing else goes, prefer the play their hand can follow, and
play a card they drew when they may. Trump in these positions is the 9 of hearts: every heart and every 9."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Seating

from .positions import RULES, act, table


def computer_notation(state) -> str:
    (timer,) = RULES.timers(state)
    assert timer.seat == state.turn
    action = timer.action_at(0)
    assert action in RULES.legal_actions(state, state.turn)
    return action.notation


def computers(state, seats=(0, 1)):
    return replace(state, computer_seats=tuple(seats))


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    seats=st.integers(2, 6),
    options=st.fixed_dictionaries(
        {"draw_then_play": st.booleans(), "voluntary_draw": st.booleans(), "play_on": st.booleans()}
    ),
)
def test_computers_finish_whole_matches_with_legal_moves_only(seed, seats, options):
    state = RULES.setup(Seating(seats, computers=tuple(range(seats))), options, seed)
    keys = set()
    for _ in range(2000):
        if RULES.is_over(state):
            break
        (timer,) = RULES.timers(state)
        assert timer.key not in keys, "every move gets a timer of its own"
        keys.add(timer.key)
        state, _ = RULES.apply(state, timer.seat, timer.action_at(0))
    assert RULES.is_over(state) and RULES.timers(state) == ()


def test_a_person_has_no_computer_timer():
    state = table("9H", ("2C 3C", "4D 5D"))
    assert RULES.timers(state) == () and RULES.timers(computers(state, (1,))) == ()
    assert len(RULES.timers(computers(state, (0,)))) == 1


def test_a_computer_keeps_its_trump_when_another_card_goes():
    state = computers(table("9H", ("4H 6C KD", "2S 3S"), play_pile="5C"))
    assert computer_notation(state) == "play 6C"


def test_a_computer_plays_the_card_its_hand_can_follow():
    # 6C or 7D may go on the 6D; after the 7D the diamonds go up and the 8D can follow, after the 6C nothing can.
    state = computers(table("9H", ("6C 7D 8D", "2S 3S"), play_pile="6D"))
    assert computer_notation(state) == "play 7D"


def test_a_computer_plays_a_trump_when_nothing_else_goes():
    state = computers(table("9H", ("4H 2S", "3S 5S"), play_pile="KC"))
    assert computer_notation(state) == "play 4H"


def test_a_computer_draws_when_it_cannot_play_and_plays_the_drawn_card_when_it_may():
    state = computers(table("9H", ("2S 3S", "4D 5D"), play_pile="KC", draw_pile="QC 9H", draw_then_play=True))
    assert computer_notation(state) == "draw"
    state = act(state, "draw")
    assert state.drawn_card is not None and computer_notation(state) == "play QC"


def test_a_computer_never_draws_by_choice():
    state = computers(table("9H", ("6C 2S", "4D 5D"), play_pile="5C", voluntary_draw=True))
    assert computer_notation(state) == "play 6C"
