"""What the table works out about each hand of Anarchy from the moves it saw (bot/games/anarchy/inference.py),
and the hard computer's worlds dealt to fit it (bot/games/anarchy/worlds.py)."""

from __future__ import annotations

import json

from bot.engine import Seating, SeededRandom
from bot.engine.levels import NORMAL, choose_action
from bot.games.anarchy.cards import UP, Card, can_follow
from bot.games.anarchy.inference import card_bit, followers
from bot.games.anarchy.rules import RESHUFFLE_LIMIT
from bot.games.anarchy.worlds import sample_world

from .positions import RULES, act, cards, table


def _fits(hand, groups) -> bool:
    """Whether the hand's cards can be shared out among the groups, none to a group that rules it out."""
    left = list(hand)
    for count, excluded in sorted(groups, key=lambda group: -group[1].bit_count()):
        for _ in range(count):
            index = next((index for index, card in enumerate(left) if not excluded & card_bit(card)), None)
            if index is None:
                return False
            left.pop(index)
    return not left


def test_a_player_who_draws_is_seen_to_hold_nothing_that_could_follow():
    state = table("4S", ("2C 2D", "KC"), play_pile="9H", draw_pile="10H 3C 4S", direction=UP)
    after = act(state, "draw")
    groups = RULES.view(after, 1).public.hand_groups[0]
    could_follow = followers(Card.from_text("9H"), UP, Card.from_text("4S"))
    assert groups == ((2, could_follow), (1, 0))  # the two held cards, and the one drawn that nobody saw
    assert could_follow & card_bit(Card.from_text("10H")) and not could_follow & card_bit(Card.from_text("2C"))


def test_a_card_played_leaves_the_group_that_tells_the_most():
    state = table("4S", ("2C 2D", "KC"), play_pile="9H", draw_pile="10H 3C 4S", direction=UP)
    after = act(state, "draw", "draw", "play 10H")  # seat 1 cannot follow either; seat 0 plays what it drew
    groups = RULES.view(after, 1).public.hand_groups[0]
    assert sum(count for count, _ in groups) == 2 and _fits(after.hands[0], groups)
    # The 10 of hearts could follow the 9, so it can only have been the card drawn: both held cards stay ruled out
    assert groups[0][1] & card_bit(Card.from_text("JH"))


def test_taking_the_face_up_indicator_is_known_to_everyone():
    state = table("4S", ("2C 2D", "KC"), play_pile="9H", draw_pile="4S", direction=UP)
    after = act(state, "draw")
    world = sample_world(RESHUFFLE_LIMIT, RULES.view(after, 1), 1, SeededRandom(5))
    assert Card.from_text("4S") in world.hands[0]


def test_cards_turned_over_into_a_new_draw_pile_are_in_no_hand():
    state = table("4S", ("2C 2D", "KC"), play_pile="7H 8H 9H", draw_pile="", direction=UP)
    after = act(state, "draw")  # the 7 and 8 of hearts become the draw pile, and seat 0 draws one of them
    groups = after.hand_groups[0]
    assert all(mask & card_bit(Card.from_text("7H")) for _, mask in groups[:-1])
    assert _fits(after.hands[0], groups)


def test_worlds_deal_the_other_hand_only_cards_it_may_hold_and_keep_the_play_pile_seen():
    state = table("4S", ("2C 2D 3D", "KC 5D"), play_pile="8H 9H", direction=UP)
    after = act(state, "draw")
    view = RULES.view(after, 1)
    could_follow = followers(Card.from_text("9H"), UP, Card.from_text("4S"))
    rng = SeededRandom(11)
    for _ in range(30):
        world = sample_world(RESHUFFLE_LIMIT, view, 1, rng)
        assert world.play_pile == cards("8H 9H") and world.hands[1] == view.hand
        held_before = [
            card for card in world.hands[0] if can_follow(card, Card.from_text("9H"), UP, world.trump_indicator)
        ]
        assert len(held_before) <= 1  # only the card drawn may be one that could have followed
        assert len(world.hands[0]) == 4 and not could_follow & 0


def test_whole_matches_keep_every_hand_within_what_the_table_saw():
    for seed in range(8):
        state = RULES.setup(Seating(3, 0, (0, 1, 2)), {"computer_players": 2}, seed)
        while not RULES.is_over(state):
            state, _ = RULES.apply(state, state.turn, choose_action(RULES, state, state.turn, NORMAL))
            assert all(_fits(hand, groups) for hand, groups in zip(state.hands, state.hand_groups, strict=True))
        assert len(json.dumps(RULES.encode_state(state))) < 1500  # a few groups a seat, not a list of moves
