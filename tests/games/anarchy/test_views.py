"""What players of Anarchy see (bot/games/anarchy/views.py), what stays hidden, and the state codec."""

from __future__ import annotations

import json

from bot.engine import Seating
from bot.engine.codec import encode
from bot.games.anarchy.actions import DrawCard
from bot.games.anarchy.cards import UP, Card
from bot.games.anarchy.views import AnarchyPublicView, AnarchySeatView

from .positions import RULES, act, legal, table


def test_views_show_own_hand_and_hide_others():
    state = RULES.setup(Seating(3), {}, seed=11)
    public = RULES.view(state, None)
    assert isinstance(public, AnarchyPublicView)
    assert public.trump_indicator == state.trump_indicator and public.hand_sizes == (4, 4, 4)
    assert (public.trump_rank, public.trump_suit) == (state.trump_indicator.rank, state.trump_indicator.suit)
    for seat in range(3):
        seat_view = RULES.view(state, seat)
        assert isinstance(seat_view, AnarchySeatView) and seat_view.hand == state.hands[seat]
        text = json.dumps(encode(seat_view), ensure_ascii=False) + repr(seat_view)
        hidden = RULES.hidden_from(state, seat)
        assert len(hidden) == 52 - 4 - 1  # everything but the own hand and the face-up indicator
        assert not [token for token in hidden if token in text]
        assert state.trump_indicator.code in text


def test_seat_view_lists_legal_actions_only_for_the_seat_to_act():
    state = RULES.setup(Seating(2), {}, seed=3)
    assert RULES.view(state, state.turn).legal_actions == RULES.legal_actions(state, state.turn)
    assert RULES.view(state, 1 - state.turn).legal_actions == ()


def test_ruling_a1_trump_stays_shown_after_the_indicator_is_drawn():
    state = table("4S", ("2C", "3D"), play_pile="9H", draw_pile="4S", direction=UP)
    after, events = RULES.apply(state, 0, DrawCard())
    assert events[0].data == {"draw_pile": 0, "card": "4S"}  # everyone saw the face-up card taken
    view = RULES.view(after, 1)
    assert view.public.trump_indicator == Card.from_text("4S") and not view.public.indicator_face_up


def test_codec_round_trips_through_json():
    state = RULES.setup(Seating(4), {"play_on": True}, seed=21)
    for _ in range(40):
        if RULES.is_over(state):
            break
        data = json.loads(json.dumps(RULES.encode_state(state)))
        assert RULES.decode_state(data) == state
        state = act(state, legal(state)[-1])
