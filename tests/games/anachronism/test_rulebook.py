"""The rulebook's situations an audit of the rules engine found played wrong (issue 32): each test sets the
situation up and quotes the rule it follows. Rulings are cited by id (../RULINGS.md)."""

from __future__ import annotations

from .positions import (
    MISS,
    RULES,
    act,
    actor,
    attacks,
    duel,
    fighter,
    front,
    play,
    used,
    with_dice,
)

# -- the turn sequence -----------------------------------------------------------------------------------------


def test_a_change_of_speed_during_the_turn_changes_how_many_actions_it_has():
    # "If the number of Actions the player has completed during the current turn equals or exceeds the Speed of
    # his Warrior, the player's turn ends." Kallias's Trews give +1 Speed while he is wounded; his miss lets the
    # Bronze Round Shield wound him in the middle of his turn, so he has four actions, not three.
    state = duel(fighter("Kallias", ["Studded Leather Trews"]), front("Brannoc", "Bronze Round Shield"))
    assert RULES.speed(state, 0) == 3
    state, events = play(with_dice(state, *MISS), "attack basic 1")
    assert not attacks(events)[0]["hit"] and used(events) == ["Rim Strike"]
    assert RULES.speed(state, 0) == 4 and RULES.actions_left(state) == 3
    state = act(state, "pass", "pass")
    assert actor(state) == 0 and RULES.actions_left(state) == 1
    assert RULES.view(state, None).actions_left == 1
    state = act(state, "pass")
    assert actor(state) == 1
