"""The hard computer of Not Another Word (search.py) and the quick model its play-outs run on (playouts.py): the
model plays exactly as the normal computer and the rules do, and hard takes a win when it has one, exchanges
rather than waste its turn when it cannot shed, and chooses only from what its seat can see."""

from __future__ import annotations

from bot.engine import Seating
from bot.engine.levels import HARD, NORMAL, choose_action
from bot.games.not_another_word.actions import Exchange, MakeWord
from bot.games.not_another_word.cards import letters_of
from bot.games.not_another_word.computers import computer_move
from bot.games.not_another_word.playouts import NormalPlays, Table, normal_exchange

from .positions import RULES, table

CONTENT = RULES.content
PLAYS = NormalPlays(RULES.dictionaries["common"], CONTENT.blocklist, CONTENT.sizes)


def _normal_games(seeds, seats=2, **options):
    """Every position of whole games between normal computers, from these seeds."""
    for seed in seeds:
        state = RULES.setup(Seating(seats, computers=tuple(range(seats))), options, seed)
        while RULES.outcome(state) is None:
            yield state
            state, _ = RULES.apply(state, state.turn, choose_action(RULES, state, state.turn, NORMAL))


def _as_letters(state) -> Table:
    hands = [letters_of(hand) for hand in state.hands]
    return Table(state.turn, state.word, hands, letters_of(state.draw_pile), state.final_turns_left,
                 state.options.table_blocked)  # fmt: skip


def test_the_play_outs_choose_every_word_and_exchange_as_the_normal_computer_does():
    for state in _normal_games(range(12)):
        hand = state.hands[state.turn]
        expected = computer_move(
            RULES.dictionaries["common"], CONTENT.blocklist, CONTENT.sizes, state.word, hand, len(state.draw_pile)
        )
        chosen = PLAYS.choice(state.word, letters_of(hand))
        if isinstance(expected, MakeWord):
            assert chosen is not None and chosen.made == expected.word
        else:
            assert chosen is None
            assert sorted(normal_exchange(letters_of(hand), len(state.draw_pile))) == sorted(letters_of(expected.cards))


def test_a_played_out_game_ends_as_the_rules_end_it():
    for options in ({}, {"table_blocked": True}):
        for seats in (2, 3):
            for state in list(_normal_games(range(4), seats, **options))[::5]:
                final = state
                while RULES.outcome(final) is None:
                    action = choose_action(RULES, final, final.turn, NORMAL)
                    final, _ = RULES.apply(final, final.turn, action)
                assert _as_letters(state).played_out(PLAYS) == RULES.outcome(final).winners


def test_the_last_card_drawn_ends_the_game_after_a_round_with_the_fewest_cards_winning():
    state = table("fox", ["qj", "kwv"], draw="z", turn=0)  # no word for anyone: seat 0 exchanges the last card
    final = state
    while RULES.outcome(final) is None:
        final, _ = RULES.apply(final, final.turn, choose_action(RULES, final, final.turn, NORMAL))
    assert RULES.outcome(final).winners == (0,)
    assert _as_letters(state).played_out(PLAYS) == (0,)


def test_hard_makes_its_last_card_into_a_word_to_win():
    state = table("lawn", ["rsq", "p"], turn=1, computer_level=HARD)
    assert choose_action(RULES, state, 1, HARD) == MakeWord("pawn")


def test_hard_without_a_word_to_shed_exchanges_cards_it_holds():
    state = table("fox", ["qjv", "eeeeaaa"], turn=0, computer_level=HARD)
    action = choose_action(RULES, state, 0, HARD)
    assert isinstance(action, Exchange) and action in RULES.legal_actions(state, 0)
