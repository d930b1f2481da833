"""What the hard computer reads of the other hands from the turns the table saw (reading.py): every seat sees the
same record of words and exchanges, and against normal computers the reading is never wrong: the letters left
unseen are exactly the other hands and the draw pile, and no hand holds a letter it is read to lack."""

from __future__ import annotations

from collections import Counter

from bot.engine import Seating
from bot.engine.levels import NORMAL, choose_action
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.playouts import NormalPlays
from bot.games.not_another_word.reading import read_table
from bot.games.not_another_word.state import TurnSeen

from .positions import RULES, exchange, table, word_by

PLAYS = NormalPlays(RULES.dictionaries["common"], RULES.content.blocklist, RULES.content.sizes)


def test_every_seat_sees_each_word_made_and_each_exchange_with_its_letters():
    state = table("lawn", ["pq", "rz"])
    state, _ = word_by(state, "pawn")
    state, _ = exchange(state, "z")
    for seat in (0, 1, None):
        view = RULES.view(state, seat)
        public = view if seat is None else view.public
        assert public.turns_seen == (TurnSeen(0, "lawn", made="pawn"), TurnSeen(1, "pawn", exchanged="z"))


def _normal_games(seeds, seats):
    for seed in seeds:
        state = RULES.setup(Seating(seats, computers=tuple(range(seats))), {}, seed)
        while RULES.outcome(state) is None:
            yield state
            state, _ = RULES.apply(state, state.turn, choose_action(RULES, state, state.turn, NORMAL))


def test_against_normal_computers_the_reading_of_the_other_hands_is_never_wrong():
    read_something = 0
    for seats in (2, 3):
        for state in _normal_games(range(6), seats):
            seat = state.turn
            reading = read_table(PLAYS, RULES.view(state, seat))
            hidden = [letters_of(hand) for holder, hand in enumerate(state.hands) if holder != seat]
            assert Counter(reading.unseen) == Counter("".join(hidden) + letters_of(state.draw_pile))
            for holder, hand in reading.hands.items():
                held = letters_of(state.hands[holder])
                assert not set(held) & reading.hands[holder].lacks
                assert sum(letter not in hand.kept_lacks for letter in held) >= hand.kept
                read_something += bool(hand.lacks or hand.kept_lacks)
    assert read_something > 50


def test_a_match_stored_before_turns_were_kept_is_read_from_the_word_showing_alone():
    state = table(["bc", "a", "t"], ["pq", "rz"])  # a buried B, and no record of the turn that buried it
    reading = read_table(PLAYS, RULES.view(state, 0))
    unseen = Counter(reading.unseen)
    assert unseen["b"] == 3 and unseen["c"] == 2 and reading.hands == {}
