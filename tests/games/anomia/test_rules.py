"""`AnomiaRules` (bot/games/anomia/rules.py): its options and seating, the state's round trip through JSON over
a whole game, and reading typed chat as moves."""

from __future__ import annotations

import json
import random

from bot.engine import SYSTEM, Seating, TypedMove, canonical_json
from bot.games.anomia.actions import GiveAnswer, Heard

from .positions import MS, RULES, act, faceoff_fruit_vs_colour, seating, table


def test_options_and_their_defaults():
    assert RULES.resolve_options({}) == {
        "judging": "trust",
        "no_repeat": True,
        "tie_window_ms": 0,
        "timing": "live",
        "computer_players": 0,
        "computer_pace": "steady",
        "computer_level": "normal",
    }
    options = {"computer_players": 2, "judging": "trust"}
    state = RULES.setup(seating(5, options), options, seed=1)
    assert state.computer_seats == (3, 4)  # computers sit after the humans
    assert seating(3, {"computer_players": 5}).computers == (1, 2)  # seat 0 stays human
    assert RULES.setup(seating(3, {"computer_players": 5}), {"computer_players": 5}, seed=1).computer_seats == (1, 2)


def test_setup_takes_the_seating_the_host_gives():
    state = RULES.setup(Seating(5, opener=3, computers=(4, 1)), {}, seed=1)
    assert state.opener == 3  # ruling M12: the opener may skip a stuck face-off
    assert state.computer_seats == (1, 4)
    assert RULES.setup(Seating(4), {}, seed=1).opener == 0


def test_codec_round_trips_through_json_for_a_whole_game():
    options = {"judging": "trust", "computer_players": 2}
    state = RULES.setup(seating(5, options), options, seed=21)
    chooser = random.Random(21)
    for _ in range(3000):
        if RULES.is_over(state):
            break
        assert RULES.decode_state(json.loads(canonical_json(RULES.encode_state(state)))) == state
        actor = chooser.choice(sorted(RULES.actors(state)))
        state = act(state, actor, chooser.choice(RULES.legal_actions(state, actor)).notation)
    assert RULES.is_over(state)
    assert RULES.decode_state(json.loads(canonical_json(RULES.encode_state(state)))) == state


def test_a_state_stored_before_the_opener_was_kept_loads_with_seat_0_as_opener():
    state = RULES.setup(Seating(4, opener=2), {}, seed=3)
    data = json.loads(canonical_json(RULES.encode_state(state)))
    del data["opener"]
    assert RULES.decode_state(data).opener == 0


def test_typed_chat_is_a_face_off_players_answer_and_anything_else_said_is_heard():
    quiet = table(["fruit/1", "band/2", "city/3"], draw=("animal/4", ""), flipper=0)
    assert RULES.read_typed(quiet, 0, "apple", 5 * MS) is None  # outside face-offs chat is just chat
    state = faceoff_fruit_vs_colour()
    assert RULES.read_typed(state, 2, "  Peaches ", 5 * MS) == TypedMove(GiveAnswer(5 * MS, "Peaches"))
    assert RULES.read_typed(state, 1, "cherry pie", 6 * MS) == TypedMove(Heard("cherry pie"), by_game=True)
    assert RULES.read_typed(state, None, "cherry", 6 * MS) == TypedMove(Heard("cherry"), by_game=True)
    assert RULES.read_typed(state, 2, "   ", 7 * MS) is None
    settling = act(state, 2, f"answer {10 * MS} apple")
    assert RULES.read_typed(settling, 0, "red", 11 * MS) == TypedMove(GiveAnswer(11 * MS, "red"))
    window = act(faceoff_fruit_vs_colour(judging="trust"), 2, f"answer {10 * MS} apple")
    window = act(window, SYSTEM, "settle")
    assert window.faceoff.phase == "challenge"
    assert RULES.read_typed(window, 0, "red", 12 * MS) == TypedMove(Heard("red"), by_game=True)
