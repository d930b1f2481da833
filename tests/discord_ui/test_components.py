"""Controls' custom_ids: within Discord's 100 characters for the largest match id and the longest action, and
read back with the pin of what they showed; controls an older bot posted, pinned to a version, still read."""

from __future__ import annotations

from support import RULES

from bot.discord_ui.components import ActionButton, EntryBox, SeveralSelect
from bot.engine import Seating
from bot.matches.host import LARGEST_ID
from bot.matches.pins import is_board_pin, pin_of

CUSTOM_ID_LIMIT = 100


def test_the_longest_custom_ids_fit_and_read_back_their_pin():
    rules = RULES["anarchy"]
    state = rules.setup(Seating(2), rules.resolve_options({}), 7)
    for pin in (pin_of(rules, state, 0), pin_of(rules, state, None), "123456"):
        button = ActionButton(LARGEST_ID, pin, "x" * 60)
        several = SeveralSelect(LARGEST_ID, pin, "v" * 20, [("a", "a")], 1, "")
        box = EntryBox(LARGEST_ID, pin, "v" * 20, "title", "field", "")
        for control in (button, several, box):
            assert len(control.custom_id) <= CUSTOM_ID_LIMIT
            found = type(control).template.fullmatch(control.custom_id)
            assert found is not None and found["pin"] == pin and int(found["match_id"]) == LARGEST_ID


def test_a_pin_says_whose_context_it_is():
    rules = RULES["anarchy"]
    state = rules.setup(Seating(2), rules.resolve_options({}), 7)
    assert is_board_pin(pin_of(rules, state, None))
    assert not is_board_pin(pin_of(rules, state, 0)) and not is_board_pin("42")
    assert pin_of(rules, state, 0) != pin_of(rules, state, 1), "each seat's hand is its own"
