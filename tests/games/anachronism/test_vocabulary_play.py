"""The ability vocabulary's newer words in play, each on made-up cards (made_up.py) in a situation where it works
and one where it does not: triggers at the end of a turn or a round, after moving and on a defeat; extra dice,
three dice keeping two, choosing the die to re-roll and hits counted as critical; a move followed by more
effects; and created attacks limited to basic or weapon attacks. The rulebook is quoted where it speaks. Seat 0
stands at (1, 0) facing north unless said; (1, 1) facing south is adjacent, in front."""

from __future__ import annotations

import pytest

from .made_up import ability, effect, rules_with, support, warrior
from .positions import (
    HIT,
    MISS,
    actor,
    attacks,
    card,
    duel,
    fighter,
    front,
    melee,
    offered,
    play,
    with_dice,
)

CHARM = "sp-t1"
TINKER = "wr-t1"


def charm(*abilities: dict, **fields) -> dict:
    return support(CHARM, "Test Charm", *abilities, **fields)


def tinker(*abilities: dict, **stats) -> dict:
    """Tinker: Kallias's numbers (Life 8, Speed 3, Damage 1, +1 in front) with the abilities given."""
    return warrior(TINKER, "Tinker the Tester", *abilities, **stats)


# -- triggers ------------------------------------------------------------------------------------------------------


def test_an_end_of_turn_ability_is_used_when_its_owners_turn_ends_not_the_others():
    rules = rules_with(tinker(ability("turn_end", effect("life", 1))))
    state = duel(fighter("Tinker", pool=rules.pool), fighter("Arshan", space=(3, 3)), order=(0, 1), rules=rules)
    state, _ = play(state, "end", rules=rules)
    assert state.fighters[0].life == 9 and actor(state) == 1
    state, _ = play(state, "end", rules=rules)  # Arshan's turn ends, and the round
    assert state.round == 2 and state.fighters[0].life == 9


def test_an_end_of_round_ability_waits_for_the_last_turn_of_the_round():
    rules = rules_with(charm(ability("round_end", effect("life", 1))))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), fighter("Arshan", space=(3, 3)),
                 order=(0, 1), rules=rules)  # fmt: skip
    state, _ = play(state, "end", rules=rules)
    assert state.fighters[0].life == 8, "the round goes on"
    state, _ = play(state, "end", rules=rules)
    assert state.round == 2 and state.fighters[0].life == 9


def test_the_fifth_rounds_end_of_round_abilities_come_before_the_game_is_decided():
    rules = rules_with(charm(ability("round_end", effect("life", 2))))
    state = duel(fighter("Kallias", ["Test Charm"], life=6, pool=rules.pool),
                 fighter("Arshan", space=(3, 3)), active=1, order=(0, 1), round=5, rules=rules)  # fmt: skip
    state, _ = play(state, "end", rules=rules)
    assert state.placings == ((0,), (1,)), "8 Life against 7"


def test_an_after_move_ability_answers_a_move_action_but_not_an_abilitys_move():
    rules = rules_with(tinker(ability("after_move", effect("life", 1))))
    state = duel(fighter("Tinker", ["Reed-Gate Chariot"], pool=rules.pool), fighter("Arshan", space=(3, 3)),
                 rules=rules)  # fmt: skip
    moved, _ = play(state, "move N N", rules=rules)
    assert moved.fighters[0].life == 9
    dash, _ = play(state, f"use {card('Reed-Gate Chariot')} 0", rules=rules)
    dash, _ = play(dash, "move N N", rules=rules)
    assert dash.fighters[0].life == 8


def test_an_on_defeat_ability_answers_the_owners_own_kill_in_a_game_that_goes_on():
    rules = rules_with(tinker(ability("on_defeat", effect("life", 2))))
    state = melee(
        fighter("Tinker", pool=rules.pool), front("Arshan", life=1), fighter("Hrafnhild", space=(2, 1), facing="W")
    )
    after, _ = play(with_dice(state, *HIT), "attack basic 1", rules=rules)
    assert after.fighters[1].fallen and after.fighters[0].life == 10
    theirs = melee(
        fighter("Tinker", pool=rules.pool), front("Arshan", life=1), fighter("Hrafnhild", space=(2, 1), facing="W"),
        active=2,
    )  # fmt: skip
    after, _ = play(with_dice(theirs, *HIT), "attack basic 1", rules=rules)
    assert after.fighters[1].fallen and after.fighters[0].life == 8, "Hrafnhild's kill, not Tinker's"


# -- dice ---------------------------------------------------------------------------------------------------------


def test_an_extra_die_is_added_to_the_attack_roll_and_not_to_the_defence():
    # "A Card Ability that reads 'when you make attack rolls, roll one extra die' is additive" (additive abilities).
    rules = rules_with(charm(ability("continuous", effect("extra_die", 1, what="attack"))))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), actions=3, rules=rules)
    _, events = play(with_dice(state, 6, 5, 1, 1, 2), "attack basic 1", rules=rules)
    (data,) = attacks(events)
    assert data["attack_dice"] == [6, 5, 1] and data["attack_total"] == 13 and data["defense_dice"] == [1, 2]
    defending = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), active=1, rules=rules)
    _, events = play(with_dice(defending, *HIT), "attack basic 0", rules=rules)
    assert len(attacks(events)[0]["defense_dice"]) == 2


def test_three_dice_keep_the_best_two_and_two_such_abilities_do_not_add_up():
    # "'When you make attack rolls, roll three dice' is a replacement ability" (additive abilities): not additive.
    keep = ability("continuous", effect("keep_best", 3))
    rules = rules_with(charm(keep), tinker(keep))
    state = duel(fighter("Tinker", ["Test Charm"], pool=rules.pool), front("Arshan"), rules=rules)
    _, events = play(with_dice(state, 1, 6, 5, 2, 2, 2), "attack basic 1", rules=rules)
    (data,) = attacks(events)
    assert data["attack_dice"] == [6, 5] and data["attack_total"] == 12 and data["attack_rolled"] == [1, 6, 5]
    assert data["defense_dice"] == [2, 2], "Arshan rolls two"
    bare = duel(fighter("Kallias"), front("Arshan"), rules=rules)
    _, events = play(with_dice(bare, 1, 6, 5, 2), "attack basic 1", rules=rules)
    assert attacks(events)[0]["attack_dice"] == [1, 6] and "attack_rolled" not in attacks(events)[0]


def test_the_best_two_of_three_are_doubles_when_they_match():
    rules = rules_with(charm(ability("continuous", effect("keep_best", 3, what="attack"))))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), rules=rules)
    _, events = play(with_dice(state, 6, 1, 6, 1, 2), "attack basic 1", rules=rules)
    assert attacks(events)[0]["critical"] and attacks(events)[0]["damage"] == 2


def test_the_player_chooses_which_die_to_roll_again():
    # "If a Card Ability allows a player to re-roll or modify any dice, players must wait to see all rolls before
    # choosing whether to re-roll or modify any dice" (resolving attacks).
    rules = rules_with(charm(ability("after_rolls", effect("reroll", what="choose"), limit="once_each_turn")))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), rules=rules)
    state, _ = play(with_dice(state, 6, 1, 4, 4, 5), "attack basic 1", rules=rules)
    assert offered(state, rules=rules) == [f"use {CHARM} 0", "decline"]
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    assert offered(state, rules=rules) == ["reroll 1", "reroll 2"] and state.offers[0].options == ("6", "1")
    assert rules.view(state, None).question.kind == "die"
    state, events = play(state, "reroll 2", rules=rules)
    assert [event.data["dice"] for event in events if event.kind == "rerolled"] == [[6, 5]]
    assert attacks(events)[0]["attack_dice"] == [6, 5]


def test_a_set_roll_has_no_die_to_choose():
    rules = rules_with(charm(ability("after_rolls", effect("reroll", what="choose"), limit="once_each_turn")))
    state = duel(fighter("Kallias", ["Test Charm"], set_next_roll=7, pool=rules.pool), front("Arshan"), rules=rules)
    state, events = play(with_dice(state, 4, 4), "attack basic 1", rules=rules)
    assert not state.offers and attacks(events)[0]["attack_dice"] == [3, 4]


def test_a_hit_an_ability_counts_as_critical_doubles_its_base_damage():
    # "Card Abilities may cause a hit to become or be considered Critical Hit" (the glossary: critical hit).
    rules = rules_with(charm(ability("continuous", effect("critical", 1), condition="basic_attack")))
    state = duel(fighter("Kallias", ["Test Charm", "Sickle-Sword"], pool=rules.pool), front("Arshan"), rules=rules)
    _, events = play(with_dice(state, *HIT), "attack basic 1", rules=rules)
    assert attacks(events)[0]["critical"] and attacks(events)[0]["damage"] == 2
    _, events = play(with_dice(state, *HIT), f"attack {card('Sickle-Sword')} 1", rules=rules)
    assert not attacks(events)[0]["critical"] and attacks(events)[0]["damage"] == 2, "a weapon attack: the blade's 2"
    _, events = play(with_dice(state, *MISS), "attack basic 1", rules=rules)
    assert not attacks(events)[0]["critical"], "a miss is no hit"


def test_an_after_roll_choice_makes_the_attack_in_progress_critical():
    rules = rules_with(charm(ability("after_rolls", effect("critical", 1), limit="once_each_round")))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), actions=2, rules=rules)
    state, _ = play(with_dice(state, *HIT), "attack basic 1", rules=rules)
    state, events = play(state, f"use {CHARM} 0", rules=rules)
    assert attacks(events)[0]["damage"] == 2
    state, events = play(with_dice(state, *HIT), "attack basic 1", rules=rules)
    assert not state.offers and attacks(events)[0]["damage"] == 1, "once each round"


# -- a move, then more ---------------------------------------------------------------------------------------------


def test_a_move_then_an_attack_attacks_once_the_move_is_done():
    rules = rules_with(
        charm(ability("action", effect("move", 2), effect("extra_attack", what="if_possible"), name="Charge"))
    )
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), fighter("Arshan", space=(1, 3), facing="S"),
                 rules=rules)  # fmt: skip
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    state, _ = play(state, "move N N", rules=rules)
    assert state.offers[0].kind == "step"
    state, events = play(with_dice(state, *HIT), "move N N", rules=rules)
    assert state.fighters[0].space == (1, 2) and len(attacks(events)) == 1 and attacks(events)[0]["created"]
    stopped, _ = play(state := duel(fighter("Kallias", ["Test Charm"], pool=rules.pool),
                                    fighter("Arshan", space=(1, 3), facing="S"), rules=rules),
                      f"use {CHARM} 0", rules=rules)  # fmt: skip
    stopped, events = play(stopped, "decline", rules=rules)
    assert stopped.fighters[0].space == (1, 0) and attacks(events) == [], "Arshan is out of reach from here"


# -- created attacks limited to basic or weapon attacks --------------------------------------------------------


@pytest.mark.parametrize(("kind", "cards", "source"), [
    ("weapon", ["Sickle-Sword"], "sp-11"),
    ("weapon", [], None),
    ("basic", ["Sickle-Sword"], "basic"),
])  # fmt: skip
def test_an_extra_attack_of_one_kind_is_made_only_with_that_kind(kind, cards, source):
    # "Card Abilities that allow extra Attacks that specify 'Basic' or 'Weapon' Attacks only allow Attacks of that
    # kind" ("extra", "additional" and "created" attacks).
    rules = rules_with(
        tinker(ability("on_hit", effect("extra_attack", what="immediately", attack=kind), limit="once_each_turn"))
    )
    state = duel(fighter("Tinker", cards, pool=rules.pool), front("Arshan"), rules=rules)
    state = with_dice(state, *HIT, *HIT)
    _, events = play(state, "attack basic 1", rules=rules)
    made = [each["source"] for each in attacks(events) if each["created"]]
    assert made == ([source] if source else [])


def test_an_attack_at_plus_x_may_be_a_weapon_attack_so_a_bow_can_be_used():
    # "Card Abilities that create an Attack made 'at +X' can be made irrespective of the position of the Attacker
    # and Defender. No other Modifiers of any kind can be applied to the Attack Roll."
    rules = rules_with(charm(ability("action", effect("extra_attack", 1, what="at_plus", attack="weapon"))))
    bow = card("Horn-and-Sinew Bow")
    state = duel(fighter("Kallias", ["Test Charm", "Horn-and-Sinew Bow"], pool=rules.pool),
                 fighter("Arshan", space=(3, 3)), rules=rules)  # fmt: skip
    _, events = play(with_dice(state, *HIT), f"use {CHARM} 0", rules=rules)
    (data,) = attacks(events)
    assert data["source"] == bow and data["damage"] == 2 and data["attack_total"] - sum(data["attack_dice"]) == 1
    unarmed = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), fighter("Arshan", space=(3, 3)), rules=rules)
    assert f"use {CHARM} 0" not in offered(unarmed, rules=rules), "no weapon: nothing to attack with"


def test_with_two_weapons_the_player_chooses_which_makes_the_attack_at_plus_x():
    rules = rules_with(
        charm(ability("action", effect("extra_attack", 1, what="at_plus", attack="weapon"))),
        tinker(ability("continuous", effect("extra_slot", what="weapon"))),  # a second weapon may be face up
    )
    state = duel(fighter("Tinker", ["Test Charm", "Sickle-Sword", "Bundle of Javelins"], pool=rules.pool),
                 fighter("Arshan", space=(3, 3)), rules=rules)  # fmt: skip
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    javelins = card("Bundle of Javelins")
    assert offered(state, rules=rules) == ["attack sp-11 1", f"attack {javelins} 1"]
    state = with_dice(state, *HIT)
    _, events = play(state, f"attack {javelins} 1", rules=rules)
    assert attacks(events)[0]["source"] == javelins and attacks(events)[0]["attack_total"] == 12


def test_an_attack_at_plus_x_with_the_basic_attack_is_not_made_while_a_card_forbids_basic_attacks():
    # "A card that forbids an action overrides one that allows it" (the golden rules).
    rules = rules_with(
        charm(ability("action", effect("extra_attack", 2, what="at_plus"))),
        support("sp-t2", "Test Net", ability("continuous", effect("prohibit", what="basic_attack", who="opponent"))),
    )
    free = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), fighter("Arshan", space=(3, 3)), rules=rules)
    _, events = play(with_dice(free, *HIT), f"use {CHARM} 0", rules=rules)
    assert [each["source"] for each in attacks(events)] == ["basic"]
    netted = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool),
                  fighter("Arshan", ["Test Net"], space=(3, 3), pool=rules.pool), rules=rules)  # fmt: skip
    assert f"use {CHARM} 0" not in offered(netted, rules=rules)
