"""Anomia's deck (bot/games/anomia/deck.py) and the deal: 92 category cards and 8 wilds (rulings M1, M2), the
three-player deck (M3), two draw piles and a random first flipper (M4), and the card ids."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import Seating
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.deck import Deck, card_by_id, card_text
from bot.games.anomia.rules import AnomiaRules

from .positions import DECK, NAMED, RULES, SYMBOLS, all_cards, table

# Deck building (rulings M1-M4)


@pytest.mark.parametrize("seat_count", [4, 5, 6])
def test_deck_has_92_category_cards_with_the_symbol_counts_and_8_wilds_on_the_cycle(seat_count):
    state = RULES.setup(Seating(seat_count), {}, seed=11)
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
    ids = [card.id for card in RULES.setup(Seating(4), {}, seed=1).deck]
    assert not [(a, b) for a in ids for b in ids if a != b and a in b]


def test_ruling_m3_three_players_remove_two_symbols_and_every_card_showing_them():
    state = RULES.setup(Seating(3), {}, seed=5)
    shown = Counter(symbol for card in state.deck for symbol in card.symbols)
    removed = set(range(8)) - set(shown)
    assert len(removed) == 2
    first, second = sorted(removed)
    assert second - first == 4  # opposite on the cycle, so no wild shows both
    assert sum(not card.is_wild for card in state.deck) == 92 - 23
    assert sum(card.is_wild for card in state.deck) == 4


def test_setup_is_deterministic_and_the_first_flipper_is_random():
    assert RULES.setup(Seating(4), {}, seed=9) == RULES.setup(Seating(4), {}, seed=9)
    assert len({RULES.setup(Seating(4), {}, seed=seed).flipper for seed in range(30)}) == 4  # ruling M4


def test_ruling_m3_two_players_are_not_offered():
    with pytest.raises(ValueError):
        RULES.setup(Seating(2), {}, seed=1)


def test_content_with_too_few_categories_is_refused():
    small = AnomiaContent(NAMED, SYMBOLS, DECK)
    with pytest.raises(ValueError):
        AnomiaRules(small).setup(Seating(4), {}, seed=1)


def test_card_by_id_finds_every_card_of_a_dealt_deck_and_of_a_hand_built_one():
    for deck in (
        RULES.setup(Seating(3), {}, seed=4).deck,
        table(["fruit/1", "wild/1-2 band/2"], wilds="wild/3-4").deck,
    ):
        for card in deck:
            assert card_by_id(deck, card.id) is card


def test_a_deck_stored_a_text_per_card_reads_back_card_for_card():
    for deck in (
        RULES.setup(Seating(3), {}, seed=4).deck,
        table(["fruit/1", "wild/1-2 band/2"], wilds="wild/3-4").deck,
    ):
        read = Deck([card_text(card) for card in deck])
        assert read == deck and deck == read and hash(read) == hash(deck)
        assert tuple(read) == deck and read[1:] == deck[1:] and list(reversed(read)) == list(reversed(deck))
        for card in deck:
            assert card_by_id(read, card.id) == card
            assert card_by_id(read, card.id) is card_by_id(read, card.id)
