"""Drawing in Anarchy: a player who cannot play draws, and its options (ruling A3); an empty draw pile is
reshuffled, or the turn passes, and a run of passes blocks the game (ruling A4).
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import canonical_json
from bot.engine.codec import encode
from bot.games.anarchy.actions import DrawCard
from bot.games.anarchy.cards import UP, Card
from bot.games.anarchy.rules import RESHUFFLE_LIMIT

from .positions import RULES, act, cards, legal, refusal, table

# Drawing (ruling A3) and its options


def test_ruling_a3_a_player_who_cannot_play_draws_one_card_and_the_turn_ends():
    state = table("4S", ("9D", "2D"), play_pile="9H", draw_pile="8H 2C 4S", direction=UP)
    assert legal(state) == ["play 9D"]
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="10H 3C 4S", direction=UP)
    assert legal(stuck) == ["draw"]
    after, events = RULES.apply(stuck, 0, DrawCard())
    assert after.hands[0] == cards("2C 10H") and after.turn == 1 and after.drawn_card is None
    assert [event.kind for event in events] == ["card_drawn", "card_received"]


def test_ruling_a3_drawn_card_is_private_to_the_drawer():
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="10H 3C 4S", direction=UP)
    _, (public, private) = RULES.apply(stuck, 0, DrawCard())
    assert public.visible_to is None and "10H" not in canonical_json(encode(public))
    assert private.visible_to == (0,) and private.data == {"card": "10H"}
    assert not private.is_visible_to(1) and not private.is_visible_to(None)


def test_ruling_a3_option_draw_then_play_offers_the_drawn_card_or_pass():
    stuck = table("4S", ("2C 3C", "2D"), play_pile="9H", draw_pile="10H 5C 4S", direction=UP, draw_then_play=True)
    drawn = act(stuck, "draw")
    assert drawn.turn == 0 and drawn.drawn_card == Card.from_text("10H")
    assert legal(drawn) == ["play 10H", "pass"]
    assert refusal(drawn, "draw") == "You have already drawn the 10♥: play it or pass"
    played = act(drawn, "play 10H")
    assert played.top_card == Card.from_text("10H") and played.turn == 1 and played.direction == UP
    kept = act(drawn, "pass")
    assert kept.turn == 1 and Card.from_text("10H") in kept.hands[0] and kept.drawn_card is None


def test_ruling_a3_option_draw_then_play_only_the_drawn_card_may_be_played():
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="10H 2H", direction=UP, draw_then_play=True)
    drawn = act(stuck, "draw")
    assert refusal(replace(drawn, hands=(cards("2C 10H JH"), drawn.hands[1])), "play JH") == (
        "You drew the 10♥: play it or pass"
    )


def test_ruling_a3_option_draw_then_play_unplayable_draw_ends_the_turn():
    stuck = table("4S", ("2C", "2D"), play_pile="9H", draw_pile="3H 2H", direction=UP, draw_then_play=True)
    drawn = act(stuck, "draw")
    assert drawn.turn == 1 and drawn.drawn_card is None


def test_ruling_a3_option_voluntary_draw_lets_a_player_who_can_play_draw():
    state = table("4S", ("9D", "2D"), play_pile="9H", draw_pile="8H 2C", direction=UP, voluntary_draw=True)
    assert legal(state) == ["play 9D", "draw"]
    assert act(state, "draw").hands[0] == cards("9D 8H")


# Empty draw pile: reshuffle, pass and block (ruling A4)


def test_ruling_a4_reshuffle_keeps_top_card_and_direction():
    state = table("4S", ("2C", "3D"), play_pile="5H 6H 7H 8H", draw_pile="", direction=UP)
    after, events = RULES.apply(state, 0, DrawCard())
    assert after.play_pile == cards("8H") and after.direction == UP
    assert sorted(c.code for c in (*after.draw_pile, *after.hands[0])) == sorted(["2C", "5H", "6H", "7H"])
    assert len(after.draw_pile) == 2 and after.reshuffles == 1 and after.rng_state != state.rng_state
    assert events[0].kind == "pile_reshuffled" and events[0].data == {"cards": 3}
    assert RULES.apply(state, 0, DrawCard())[0] == after  # the stored rng makes it repeatable


def test_ruling_a4_nothing_to_shuffle_means_pass():
    state = table("4S", ("2C", "3D", "5D 6D"), play_pile="8H", draw_pile="", direction=UP)
    assert legal(state) == ["draw"]
    assert refusal(state, "pass") == "Nothing is left to draw: choose draw to pass your turn"
    after, events = RULES.apply(state, 0, DrawCard())
    assert [event.kind for event in events] == ["turn_passed"]
    assert after.turn == 1 and after.passes_in_a_row == 1 and after.hands == state.hands


def test_ruling_a4_every_player_passing_in_a_row_blocks_the_game_fewest_cards_win_ties_share():
    state = table("4S", ("2C", "3D", "5D 6D"), play_pile="8H", draw_pile="", direction=UP)
    state = act(state, "draw", "draw")
    assert RULES.outcome(state) is None
    state, events = RULES.apply(state, 2, DrawCard())
    outcome = RULES.outcome(state)
    assert outcome.reason == "blocked" and outcome.winners == (0, 1)
    assert outcome.placings == ((0, 1), (2,))
    assert events[-1].kind == "game_over" and RULES.actors(state) == frozenset()


def test_ruling_a4_a_draw_or_play_breaks_a_run_of_passes():
    state = table("4S", ("2C", "9H 3D"), play_pile="8H", draw_pile="", direction=UP)
    state = act(state, "draw")
    assert state.passes_in_a_row == 1
    state = act(state, "play 9H")
    assert state.passes_in_a_row == 0


def test_reshuffle_limit_then_an_empty_draw_pile_means_pass():
    # Not in the rulings: a limit on rebuilding the draw pile guarantees every match ends (see _can_draw).
    state = table("4S", ("2C", "3D"), play_pile="5H 8H", draw_pile="", direction=UP)
    state = replace(state, reshuffles=RESHUFFLE_LIMIT)
    _, events = RULES.apply(state, 0, DrawCard())
    assert [event.kind for event in events] == ["turn_passed"]
    assert RULES.view(state, None).reshuffles_left == 0


def test_voluntary_draw_never_lets_a_player_who_can_play_pass():
    state = table("4S", ("9D", "2D"), play_pile="9H", draw_pile="", direction=UP, voluntary_draw=True)
    assert legal(state) == ["play 9D"]
    assert refusal(state, "draw") == "Nothing is left to draw and you hold a playable card, so you must play"
