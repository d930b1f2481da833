"""Anarchy's hints and first-game guidance, in hand-built positions, as a newcomer reads them. Trump is the 9 of
hearts: every heart and every 9."""

from __future__ import annotations

from bot.games.anarchy.hints import FIRST_GAME_GUIDANCE

from .positions import RULES, act, table


def test_a_hint_names_the_card_and_says_it_follows_and_keeps_the_trumps():
    state = table("9H", ("5C 7C KC 2H", "3D 4D"), play_pile="6C", direction="up")
    hint = RULES.hint(state, 0)
    assert hint.action in RULES.legal_actions(state, 0)
    assert hint.line == (
        "Play K♣: it follows the 6♣ in suit, you keep your trumps for when nothing else goes, it turns the "
        "direction down, and 3 of your other cards can follow it next time."
    )


def test_a_trump_starts_the_pile_and_a_last_card_goes_out():
    state = table("9H", ("4H 5C", "3D 4D"))
    assert RULES.hint(state, 0).line.startswith("Play 4♥: it is a trump, and only a trump may start the pile")
    state = table("9H", ("4H", "3D 4D"), play_pile="6H")
    assert RULES.hint(state, 0).line == "Play 4♥: it is your last card, so you go out."


def test_a_player_who_cannot_follow_is_told_to_draw_and_why():
    state = table("9H", ("2S 3S", "3D 4D"), play_pile="KC", direction="up")
    line = RULES.hint(state, 0).line
    assert line == "Draw: none of your cards can go on the K♣, so you take one from the draw pile."


def test_no_hint_for_a_seat_that_is_not_to_act():
    state = table("9H", ("2S 3S", "3D 4D"), play_pile="KC")
    assert RULES.hint(state, 1) is None


def test_each_kind_of_decision_has_its_own_line_of_guidance():
    assert RULES.decision(table("9H", ("4H 5C", "3D")), 0).guidance == FIRST_GAME_GUIDANCE["start"]
    assert RULES.decision(table("9H", ("5C", "3D"), play_pile="6C"), 0).kind == "play"
    assert RULES.decision(table("9H", ("2S", "3D"), play_pile="KC", direction="up"), 0).kind == "draw"
    drawn = table("9H", ("2S", "3D"), play_pile="KC", draw_pile="9H 8C", direction="down", draw_then_play=True)
    drawn = act(drawn, "draw")
    assert RULES.decision(drawn, 0).kind == "drawn"
    assert RULES.decision(drawn, 1) is None
