"""What players see (bot/games/anomia/views.py): nothing of the draw piles, and a seat's kinds of action."""

from __future__ import annotations

import json

from bot.engine import Seating
from bot.engine.codec import encode
from bot.games.anomia.views import AnomiaPublicView, AnomiaSeatView

from .positions import (
    RULES,
    act,
    faceoff_fruit_vs_colour,
)


def test_views_show_no_card_or_category_of_the_draw_piles():
    state = RULES.setup(Seating(4), {}, seed=2)
    step = 0
    cards = {card.id: card for card in state.deck}
    while not RULES.is_over(state) and step < 200:
        hidden = RULES.hidden_from(state, None)
        assert all(RULES.hidden_from(state, seat) == hidden for seat in range(4))
        for viewer in (None, 0, 1, 2, 3):
            text = json.dumps(encode(RULES.view(state, viewer)))
            for card_id in hidden:
                assert card_id not in text
                if cards[card_id].category:
                    assert f'"{cards[card_id].category}"' not in text
        actor = sorted(RULES.actors(state))[0]
        state = act(state, actor, RULES.legal_actions(state, actor)[0].notation)
        step += 1


def test_seat_view_lists_action_kinds_without_example_answers():
    state = faceoff_fruit_vs_colour()
    view = RULES.view(state, 0)
    assert isinstance(view, AnomiaSeatView) and view.can == ("answer",)
    assert isinstance(RULES.view(state, None), AnomiaPublicView)
    data = encode(view)["public"]
    assert data["faceoff"]["seats"] == [2, 0]
    assert data["faceoff"]["categories"] == [["fruit", "A fruit"], ["colour", "A colour"]]
    assert data["tops"][0]["category_name"] == "A fruit" and data["tops"][1]["symbol"] == "s2"
