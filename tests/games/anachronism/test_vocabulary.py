"""The ability vocabulary's newer words, each on made-up cards (made_up.py) in a situation where it works and one
where it does not: the loader's strictness, amounts that scale, conditions on traits, elements and cultures, costs
in Life, "this turn" and timed Life changes, optional abilities with no limit, and the basic-attack prohibition.
The rulebook is quoted where it speaks. Seat 0 stands at (1, 0) facing north unless said."""

from __future__ import annotations

from dataclasses import replace

import pytest

from .made_up import ability, effect, rules_with, support
from .positions import HIT, MISS, actor, attacks, duel, fighter, front, melee, offered, play, with_dice

CHARM = "sp-t1"


def charm(*abilities: dict, **fields) -> dict:
    return support(CHARM, "Test Charm", *abilities, **fields)


def attack_bonus(data: dict) -> int:
    return data["attack_total"] - sum(data["attack_dice"])


# -- the loader ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("knack", "problem"),
    [
        (ability("continuous", effect("prohibit", what="dance", who="opponent")), "unknown 'dance'"),
        (ability("continuous", effect("fly", 1)), "unknown effect 'fly'"),
        (ability("continuous", effect("speed", 1, who="everyone")), "unknown target 'everyone'"),
        (ability("continuous", effect("speed", 1), condition="sunny"), "unknown condition 'sunny'"),
        (ability("continuous", effect("speed", 1), condition="element:plasma"), "unknown condition"),
        (ability("continuous", effect("speed", 1), condition="culture:Atlantis"), "culture no card has"),
        (ability("continuous", effect("speed", 1), condition="opponent_trait:wizard"), "trait no card has"),
        (ability("continuous", effect("speed", 1, per="moons")), "unknown thing 'moons'"),
        (ability("action", effect("extra_attack", what="immediately", attack="ranged")), "kind of attack"),
        (ability("action", effect("extra_attack", what="whenever")), "unknown 'whenever'"),
        (ability("action", effect("speed", 1), cost="lose_life:x"), "unknown cost"),
        (ability("dawn", effect("speed", 1)), "unknown trigger 'dawn'"),
        (ability("action", effect("speed", 1), duration="week"), "unknown duration 'week'"),
        (ability("action", effect("keep_best", 2)), "fewer than three"),
        (ability("action", effect("move", 1, who="opponent")), "only its own warrior"),
        (ability("action", effect("speed", 1), optional="yes"), "optional"),
        (ability("action", effect("speed", 1), when="now"), "unknown fields"),
    ],
)
def test_the_loader_refuses_an_ability_it_cannot_apply_and_names_the_card(knack, problem):
    with pytest.raises(ValueError, match=CHARM) as caught:
        rules_with(charm(knack))
    assert problem in str(caught.value)


def test_a_pool_naming_a_routine_the_game_lacks_is_refused_naming_the_card():
    with pytest.raises(ValueError, match=f"{CHARM}.*fly_away"):
        rules_with(charm(ability("action", effect("code", what="fly_away", who="opponent"))))


# -- prohibitions -------------------------------------------------------------------------------------------------


def test_a_card_may_forbid_the_opponents_basic_attack_and_weapon_attacks_stay():
    # "A card that forbids an action overrides one that allows it" (the golden rules); `basic_attack` is one the
    # game applies, so the loader takes it.
    rules = rules_with(charm(ability("continuous", effect("prohibit", what="basic_attack", who="opponent"))))
    netted = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Ulzii", "Sickle-Sword"), active=1)
    assert "attack basic 0" not in offered(netted, rules=rules)
    assert "attack sp-11 0" in offered(netted, rules=rules)
    free = duel(fighter("Kallias"), front("Ulzii", "Sickle-Sword"), active=1)
    assert "attack basic 0" in offered(free, rules=rules)
    with pytest.raises(Exception, match="forbids your warrior's basic attack"):
        play(netted, "attack basic 0", rules=rules)


# -- amounts that scale ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("per", "fields", "bonus"),
    [
        ("face_up_support", {"face_up": ["Test Charm", "Sickle-Sword"]}, 2),
        ("face_up_support", {"face_up": ["Test Charm"]}, 1),
        ("face_down_support", {"face_up": ["Test Charm"], "face_down": ["Sickle-Sword"]}, 1),
        ("discarded_support", {"face_up": ["Test Charm"], "discarded": ["Sickle-Sword", "Bronze Round Shield"]}, 2),
        ("life_lost", {"face_up": ["Test Charm"], "life": 5}, 3),
        ("life_lost", {"face_up": ["Test Charm"]}, 0),
        ("round", {"face_up": ["Test Charm"]}, 3),
    ],
)
def test_an_amount_counted_for_each_of_something(per, fields, bonus):
    # The rulebook's own example of an ability: "You gain +1 speed for each of your face up support cards."
    rules = rules_with(charm(ability("continuous", effect("speed", 1, per=per))))
    state = duel(fighter("Kallias", pool=rules.pool, **fields), front("Arshan"), round=3, rules=rules)
    assert rules.speed(state, 0) == 3 + bonus
    hidden = duel(fighter("Kallias", face_down=["Test Charm"], pool=rules.pool), front("Arshan"), round=3)
    assert rules.speed(hidden, 0) == 3, "a face-down card counts for nothing"


def test_a_scaled_amount_is_counted_when_a_lasting_effect_is_given_and_then_kept():
    rules = rules_with(charm(ability("action", effect("attack_roll", 1, per="face_up_support"), duration="round")))
    state = duel(fighter("Kallias", ["Test Charm", "Sickle-Sword"], pool=rules.pool), front("Arshan"), rules=rules)
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    assert [each.effect.amount for each in state.lasting] == [2]


# -- conditions on traits, elements and cultures ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "holds", "fails"),
    [
        # "Other cards may reference these Traits in their Card Abilities" (the warrior card).
        ("trait:hoplite", ("Kallias", [], "Arshan"), ("Arshan", [], "Kallias")),
        ("trait:bow", ("Kallias", ["Horn-and-Sinew Bow"], "Arshan"), ("Kallias", ["Sickle-Sword"], "Arshan")),
        # "Certain cards have effects based on these Elements" (the warrior card).
        ("element:metal", ("Kallias", [], "Arshan"), ("Arshan", [], "Kallias")),
        ("culture:Hellenic", ("Kallias", [], "Arshan"), ("Hrafnhild", [], "Arshan")),
        ("opponent_element:water", ("Kallias", [], "Hrafnhild"), ("Kallias", [], "Arshan")),
        ("opponent_culture:Persian", ("Kallias", [], "Arshan"), ("Kallias", [], "Hrafnhild")),
        ("opponent_trait:noble", ("Kallias", [], "Arshan"), ("Kallias", [], "Hrafnhild")),
    ],
)
def test_a_condition_on_a_trait_an_element_or_a_culture(condition, holds, fails):
    rules = rules_with(charm(ability("continuous", effect("speed", 2), condition=condition)))
    for (mine, cards, theirs), bonus in ((holds, 2), (fails, 0)):
        state = duel(fighter(mine, ["Test Charm", *cards], pool=rules.pool), front(theirs), rules=rules)
        assert rules.speed(state, 0) == rules.pool.warrior(state.fighters[0].warrior).speed + bonus, (mine, theirs)


def test_an_attack_bonus_against_an_element_counts_against_that_warrior_only():
    rules = rules_with(charm(ability("continuous", effect("attack_roll", 2), condition="opponent_element:water")))
    for other, bonus in (("Hrafnhild", 3), ("Arshan", 1)):  # Kallias's grid gives +1 in front
        state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front(other), rules=rules)
        _, events = play(with_dice(state, *HIT), "attack basic 1", rules=rules)
        assert attack_bonus(attacks(events)[0]) == bonus


def test_an_ability_on_an_opponent_of_a_trait_is_aimed_only_at_such_a_warrior():
    rules = rules_with(
        charm(ability("action", effect("deal_damage", 1, who="opponent"), condition="opponent_trait:cavalry"))
    )
    state = melee(
        fighter("Kallias", ["Test Charm"], pool=rules.pool),
        fighter("Arshan", space=(3, 3)),
        fighter("Hrafnhild", space=(0, 3)),
    )
    after, _ = play(state, f"use {CHARM} 0", rules=rules)
    assert not after.offers, "one warrior is cavalry: no question whom to aim at"
    assert [each.life for each in after.fighters] == [8, 6, 7]  # Arshan (Life 7) took 1; Hrafnhild (7) none
    without = melee(fighter("Kallias", ["Test Charm"], pool=rules.pool), fighter("Hrafnhild", space=(3, 3)),
                    fighter("Kallias", space=(0, 3)))  # fmt: skip
    assert f"use {CHARM} 0" not in offered(without, rules=rules)


# -- costs ------------------------------------------------------------------------------------------------------


def test_a_cost_in_life_is_paid_first_and_only_with_more_life_than_it_takes():
    # "Some Card Abilities require that a cost be paid before the beneficial part of the ability can occur."
    rules = rules_with(charm(ability("action", effect("deal_damage", 2, who="opponent"), cost="lose_life:1")))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), rules=rules)
    after, _ = play(state, f"use {CHARM} 0", rules=rules)
    assert [each.life for each in after.fighters] == [7, 5]
    weak = duel(fighter("Kallias", ["Test Charm"], life=1, pool=rules.pool), front("Arshan"), rules=rules)
    assert f"use {CHARM} 0" not in offered(weak, rules=rules), "paying would fell him"


# -- durations ------------------------------------------------------------------------------------------------


def test_a_this_turn_bonus_counts_for_the_turn_and_ends_with_it():
    rules = rules_with(charm(ability("action", effect("attack_roll", 2), duration="turn")))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), actions=3, rules=rules)
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    state, events = play(with_dice(state, *MISS), "attack basic 1", rules=rules)
    assert attack_bonus(attacks(events)[0]) == 3
    state, _ = play(state, "end", rules=rules)
    assert actor(state) == 1 and state.lasting == ()


def test_life_given_for_a_round_is_taken_back_when_the_round_ends():
    # "Unless a Card Ability specifies a duration, all Life and Experience changes are permanent."
    rules = rules_with(
        charm(ability("action", effect("life", 2), duration="round", name="Borrowed Vigour")),
        support("sp-t2", "Test Tonic", ability("action", effect("life", 2), name="Lasting Vigour"), kind="inspiration"),
    )
    state = duel(fighter("Kallias", ["Test Charm", "Test Tonic"], pool=rules.pool), fighter("Arshan", space=(3, 3)),
                 order=(0, 1), rules=rules)  # fmt: skip
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    state, _ = play(state, "use sp-t2 0", rules=rules)
    assert state.fighters[0].life == 12
    state, _ = play(state, "end", rules=rules)
    state, events = play(state, "end", rules=rules)
    assert state.round == 2 and state.fighters[0].life == 10, "the timed 2 went, the permanent 2 stayed"
    assert any(event.kind == "life_changed" and event.data.get("ended") for event in events)


def test_a_warrior_kept_standing_only_by_timed_life_falls_when_it_ends():
    rules = rules_with(charm(ability("action", effect("life", 2), duration="turn")))
    state = duel(fighter("Kallias", ["Test Charm"], life=1, pool=rules.pool), fighter("Arshan", space=(3, 3)),
                 rules=rules)  # fmt: skip
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    state = replace(state, fighters=(replace(state.fighters[0], life=2), state.fighters[1]))  # two damage taken
    state, _ = play(state, "end", rules=rules)
    assert state.result is not None and state.placings == ((1,), (0,))


# -- optional abilities with no limit ----------------------------------------------------------------------------


def test_an_optional_ability_with_no_limit_is_offered_every_time_and_may_be_declined():
    # "Card Abilities that do not have such restrictions may be used as often as you like. EXAMPLE: A Card
    # Ability that reads, 'After you are missed, you may gain one life' may be used as many times each round as
    # an opponent Attacks and misses you."
    rules = rules_with(charm(ability("on_being_missed", effect("life", 1), optional=True)))
    state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), active=1, actions=3,
                 rules=rules)  # fmt: skip
    state, _ = play(with_dice(state, *MISS), "attack basic 0", rules=rules, yes_to_hits=False)
    assert offered(state, rules=rules) == [f"use {CHARM} 0", "decline"]
    state, _ = play(state, "decline", rules=rules)
    assert state.fighters[0].life == 8
    state, _ = play(with_dice(state, *MISS), "attack basic 0", rules=rules, yes_to_hits=False)
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    state, _ = play(with_dice(state, *MISS), "attack basic 0", rules=rules, yes_to_hits=False)
    state, _ = play(state, f"use {CHARM} 0", rules=rules)
    assert state.fighters[0].life == 10
    hit, _ = play(with_dice(duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), active=1),
                            *HIT), "attack basic 0", rules=rules, yes_to_hits=False)  # fmt: skip
    assert not hit.offers, "a hit is not a miss"
