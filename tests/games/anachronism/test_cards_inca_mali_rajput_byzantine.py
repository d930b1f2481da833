"""The Inca, Mali, Rajput and Byzantine cards (issue 32): the eight warriors wr-17..wr-24 and the supports
sp-66..sp-97, their packs and stats, and for each of their 40 abilities what it does in play and that it does
nothing when its condition fails, its limit is spent or its trigger does not come.

Nebet-Ankhu is the plain attacker (her grid adds nothing ahead; her one ability heals her at a round's start, when
wounded) and Arshan the plain holder of a support (his one ability only adds to his Initiative). Seat 0 stands at
(1, 0) facing north; (1, 1) facing south is adjacent, in front; (1, 2) is two spaces ahead.
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.games.anachronism import abilities
from bot.games.anachronism.content import BODY_TRAITS, SUPPORT_TYPES

from .positions import (
    HIT,
    MISS,
    POOL,
    RULES,
    act,
    actor,
    attacks,
    before_round,
    card,
    duel,
    fighter,
    front,
    offered,
    play,
    use_of,
    used,
    with_attacks,
    with_dice,
)
from .test_abilities import attack, attack_bonus, defense_bonus

CULTURES = ("Inca", "Mali", "Rajput", "Byzantine")
WARRIORS = [each for each in POOL.warriors if each.culture in CULTURES]
SUPPORTS = [each for each in POOL.supports if each.culture in CULTURES]


def apart(warrior: str, *face_up: str, **more):
    """`warrior` two spaces ahead of seat 0, facing it: not adjacent."""
    return fighter(warrior, face_up, space=(1, 2), facing="S", **more)


# -- the cards ----------------------------------------------------------------------------------------------------


def test_four_cultures_bring_eight_warriors_and_eight_supports_of_each_type():
    assert [each.id for each in WARRIORS] == [f"wr-{number}" for number in range(17, 25)]
    assert [each.id for each in SUPPORTS] == [f"sp-{number}" for number in range(66, 98)]
    assert Counter(each.type for each in SUPPORTS) == dict.fromkeys(SUPPORT_TYPES, 8)
    assert Counter(each.culture for each in (*WARRIORS, *SUPPORTS)) == dict.fromkeys(CULTURES, 10)


def test_each_pack_is_one_support_of_each_type_from_its_culture_legal_and_in_no_other_pack():
    packed = [support for warrior in WARRIORS for support in warrior.pack]
    assert sorted(packed) == sorted(each.id for each in SUPPORTS)
    for warrior in WARRIORS:
        supports = [POOL.support(each) for each in warrior.pack]
        assert sorted(each.type for each in supports) == sorted(SUPPORT_TYPES)
        assert {each.culture for each in supports} == {warrior.culture}
        assert sum(each.hands for each in supports) <= 2
        traits = [trait for each in supports for trait in each.traits if trait in BODY_TRAITS]
        assert len(traits) == len(set(traits))


def test_the_stats_are_in_the_real_games_ranges():  # ruling C6
    for warrior in WARRIORS:
        assert 6 <= warrior.life <= 9 and warrior.speed == 3 and 2 <= warrior.experience <= 9
        assert warrior.damage == 1 and len(warrior.abilities) == 1
    for support in SUPPORTS:
        assert 0 <= support.initiative <= 9 and len(support.abilities) == 1
        if support.type == "weapon":
            assert 1 <= support.damage <= 3 and 1 <= support.hands <= 2


def test_no_ability_here_is_the_same_as_another_cards_in_the_pool():
    def rule(ability):
        return ability.trigger, ability.cost, ability.condition, ability.duration, ability.limit, ability.effects

    everywhere = Counter(rule(ability) for each in (*POOL.warriors, *POOL.supports) for ability in each.abilities)
    assert [each.id for each in (*WARRIORS, *SUPPORTS) if everywhere[rule(each.abilities[0])] > 1] == []


# -- warriors -----------------------------------------------------------------------------------------------------

# Over the Next Ridge (Chaska): once each turn, after a miss, move up to two spaces.


def test_over_the_next_ridge_runs_chaska_two_spaces_after_a_miss_but_not_after_a_hit():
    state = duel(fighter("Chaska"), front("Arshan"))
    missed, _ = play(with_dice(state, *MISS), "attack basic 1", yes_to_hits=False)
    assert offered(missed) == [use_of("Over the Next Ridge"), "decline"]
    for answer in (use_of("Over the Next Ridge"), "move E N", "move N N"):
        missed, _ = play(missed, answer, yes_to_hits=False)
    assert missed.fighters[0].space == (2, 1) and not missed.offers and RULES.actions_left(missed) == 2
    hit, events = attack(state, "basic", HIT)
    assert attacks(events)[0]["hit"] and used(events) == [] and not hit.offers


# Set Like Fitted Stone (Amaru): once each round, after being hit, defense rolls +2 until his next turn.


def test_set_like_fitted_stone_braces_amaru_after_the_first_hit_of_the_round_until_his_turn():
    state = with_attacks(duel(fighter("Nebet-Ankhu"), front("Amaru", life=9)), "hit", "hit", "hit")
    state, events = play(state, "attack basic 1")
    assert used(events) == ["Set Like Fitted Stone"]
    state, events = play(state, "attack basic 1")
    assert defense_bonus(attacks(events)[0]) == 2 and used(events) == []  # once each round
    state = act(state, "end")  # Amaru's turn: it is over
    assert actor(state) == 1 and abilities.number(POOL, state, 1, "defense_roll") == 0


def test_set_like_fitted_stone_does_nothing_after_a_miss():
    state = with_attacks(duel(fighter("Nebet-Ankhu"), front("Amaru")), "miss", "hit")
    state, events = play(state, "attack basic 1")
    assert used(events) == []
    _, events = play(state, "attack basic 1")
    assert defense_bonus(attacks(events)[0]) == 0


# Arrow Behind the Arrow (Sira): once each turn, after a hit with no opponent adjacent, deal 1 damage.


def test_arrow_behind_the_arrow_adds_a_damage_to_a_hit_from_afar_only():
    far = duel(fighter("Sira", ["Bow of Barbed Reeds"]), apart("Arshan"))
    after, events = attack(far, "Bow of Barbed Reeds", HIT)
    assert "Arrow Behind the Arrow" in used(events) and after.fighters[1].life == 7 - 2 - 1
    near = duel(fighter("Sira"), front("Arshan"))
    after, events = attack(near, "basic", HIT)
    assert used(events) == [] and after.fighters[1].life == 6


# Beat of the War Drum (Bakary): at the start of each round, may deal 1 damage to an adjacent opponent.


@pytest.mark.parametrize("adjacent", [True, False])
def test_beat_of_the_war_drum_hurts_an_adjacent_opponent_at_the_start_of_a_round(adjacent):
    arshan = front("Arshan") if adjacent else fighter("Arshan", space=(1, 3), facing="S")
    state = act(before_round(fighter("Bakary"), arshan, round=2), "end")
    if adjacent:
        assert offered(state) == [use_of("Beat of the War Drum"), "decline"]
        state = act(state, use_of("Beat of the War Drum"))
    assert state.stage == "turn" and state.fighters[1].life == (6 if adjacent else 7)


# No Step Back (Kesar): while wounded, attack rolls +2 and defense rolls -1.


@pytest.mark.parametrize(("life", "attack_plus", "defense_plus"), [(6, 3, -1), (7, 1, 0)], ids=["wounded", "unhurt"])
def test_no_step_back_makes_a_wounded_kesar_strike_harder_and_guard_worse(life, attack_plus, defense_plus):
    _, events = attack(duel(fighter("Kesar", life=life), front("Arshan")), "basic", HIT)
    assert attack_bonus(attacks(events)[0]) == attack_plus  # her grid's +1 ahead, and +2 while wounded
    _, events = attack(duel(fighter("Nebet-Ankhu"), front("Kesar", life=life)), "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == defense_plus


# Answer in Kind (Tejpal): after an adjacent opponent misses him, his next attack roll is +2.


def test_answer_in_kind_sharpens_tejpals_next_attack_after_an_adjacent_miss():
    state, events = play(with_dice(duel(fighter("Nebet-Ankhu"), front("Tejpal")), *MISS), "attack basic 1")
    assert used(events) == ["Answer in Kind"]
    _, events = attack(act(state, "end"), "basic", HIT)
    assert attack_bonus(attacks(events)[0]) == 3  # his grid's +1 ahead, and +2


def test_answer_in_kind_does_not_answer_a_miss_from_afar():
    state = duel(fighter("Nebet-Ankhu", ["Bundle of Javelins"]), apart("Tejpal"))
    state, events = attack(state, "Bundle of Javelins", MISS)
    assert used(events) == [] and abilities.number(POOL, state, 1, "attack_roll") == 0


# Fire-Pot from the Rampart (Theokleia): Action, once each round: with no opponent adjacent, deal 1 damage.


def test_fire_pot_from_the_rampart_burns_a_distant_opponent_once_each_round():
    state = duel(fighter("Theokleia"), fighter("Arshan", space=(1, 3), facing="S"))
    state, events = play(state, use_of("Fire-Pot from the Rampart"))
    assert used(events) == ["Fire-Pot from the Rampart"] and state.fighters[1].life == 6
    assert RULES.actions_left(state) == 2 and use_of("Fire-Pot from the Rampart") not in offered(state)
    assert use_of("Fire-Pot from the Rampart") not in offered(duel(fighter("Theokleia"), front("Arshan")))


# Iron Takes the Edge (Markos): once each round, after a weapon hit on him, gain 1 Life.


@pytest.mark.parametrize(("source", "life"), [("Sickle-Sword", 7 - 2 + 1), ("basic", 7 - 1)])
def test_iron_takes_the_edge_gives_markos_back_a_life_after_a_weapon_hit_only(source, life):
    state = duel(fighter("Nebet-Ankhu", ["Sickle-Sword"]), front("Markos"))
    after, events = attack(state, source, HIT)
    assert after.fighters[1].life == life and ("Iron Takes the Edge" in used(events)) == (source != "basic")


# -- inspirations -------------------------------------------------------------------------------------------------

# Warmth of the Sun (Offering to the Sun Father): Reveal: if wounded, gain 2 Life.


@pytest.mark.parametrize(("life", "after"), [(5, 7), (7, 7)], ids=["wounded", "unhurt"])
def test_warmth_of_the_sun_heals_a_wounded_warrior_when_revealed(life, after):
    arshan = fighter("Arshan", face_down=["Offering to the Sun Father"], life=life)
    state, events = play(before_round(arshan, fighter("Nebet-Ankhu", space=(1, 3)), round=2), "end")
    assert state.fighters[0].life == after and ("Warmth of the Sun" in used(events)) == (life < 7)


# Counted Lessons (Knots of the Quipu Keepers): Reveal: Experience +2 this round.


def test_counted_lessons_lends_two_experience_for_the_round_it_is_revealed():
    arshan = fighter("Arshan", face_down=["Knots of the Quipu Keepers"])
    state = act(before_round(arshan, fighter("Nebet-Ankhu", space=(1, 3)), round=2), "end")
    assert RULES.view(state, None).fighters[0].experience == 9
    state = act(state, "end", "end")
    assert state.round == 3 and RULES.view(state, None).fighters[0].experience == 7


# Sung Back to Your Feet (Word of the Griot): once each round, while wounded, re-roll the lower die of your roll.


def test_sung_back_to_your_feet_rerolls_a_wounded_warriors_lower_die():
    state = duel(fighter("Arshan", ["Word of the Griot"], life=5), front("Nebet-Ankhu"))
    state = act(with_dice(state, 1, 4, 6, 5, 6), "attack basic 1")
    assert offered(state) == [use_of("Sung Back to Your Feet"), "decline"]
    _, events = play(state, use_of("Sung Back to Your Feet"))
    assert attacks(events)[0]["attack_dice"] == [6, 4]


def test_sung_back_to_your_feet_is_not_offered_to_an_unhurt_warrior():
    state = duel(fighter("Arshan", ["Word of the Griot"]), front("Nebet-Ankhu"))
    state, events = play(with_dice(state, 1, 4, 6, 5), "attack basic 1")
    assert len(attacks(events)) == 1 and not state.offers


# Run for the Hearth (Hearth of the Mansa): at the start of each round, if wounded, Speed +1 this round.


@pytest.mark.parametrize(("life", "speed"), [(5, 4), (7, 3)], ids=["wounded", "unhurt"])
def test_run_for_the_hearth_speeds_a_wounded_warrior_for_the_round(life, speed):
    arshan = fighter("Arshan", ["Hearth of the Mansa"], life=life)
    state = act(before_round(arshan, fighter("Nebet-Ankhu", space=(1, 3)), round=2), "end")
    assert RULES.speed(state, 0) == speed == RULES.view(state, None).fighters[0].speed


# Eye to Eye (Honour of the Clan): while an opponent is adjacent, Experience +2.


@pytest.mark.parametrize(("nebet", "experience"), [(front, 9), (apart, 7)], ids=["adjacent", "apart"])
def test_eye_to_eye_adds_experience_face_to_face_only(nebet, experience):
    state = duel(fighter("Arshan", ["Honour of the Clan"]), nebet("Nebet-Ankhu"))
    assert RULES.experience(state, 0) == experience


# Wound for Wound (Vow at the Clan Shrine): after an adjacent opponent hits you, your next attack roll is +2.


@pytest.mark.parametrize(
    ("nebet", "source", "bonus"), [(front, "basic", 3), (apart, "Bundle of Javelins", 1)], ids=["adjacent", "apart"]
)
def test_wound_for_wound_repays_an_adjacent_hit_on_the_next_attack(nebet, source, bonus):
    state = duel(fighter("Nebet-Ankhu", ["Bundle of Javelins"]), nebet("Arshan", "Vow at the Clan Shrine"))
    state, events = attack(state, source, HIT)
    assert ("Wound for Wound" in used(events)) == (nebet is front)
    assert abilities.number(POOL, state, 1, "attack_roll") == bonus - 1  # his grid's +1 ahead comes on top


# Seen Coming (Icon of the Watchful Saint): while you took the first turn this round, defense rolls +2.


@pytest.mark.parametrize(("order", "bonus"), [((1, 0), 2), ((0, 1), 0)], ids=["first", "second"])
def test_seen_coming_guards_the_warrior_who_went_first(order, bonus):
    state = duel(fighter("Nebet-Ankhu"), front("Arshan", "Icon of the Watchful Saint"), order=order)
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# Echo of the Choir (Hymn Beneath the Great Dome): Reveal: attack and defense rolls +1 this round.


def test_echo_of_the_choir_lasts_the_round_it_is_revealed():
    arshan = fighter("Arshan", face_down=["Hymn Beneath the Great Dome"])
    state = act(before_round(arshan, front("Nebet-Ankhu"), round=2), "end")
    assert actor(state) == 1  # Nebet-Ankhu: no card of hers, so the Initiatives tie, and her Experience is higher
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == 1
    _, events = attack(act(state, "end"), "basic", HIT)
    assert attack_bonus(attacks(events)[0]) == 2  # his grid's +1 ahead, and +1
    state = act(state, "end", "end")
    assert state.round == 3 and actor(state) == 1
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == 0


# -- weapons ------------------------------------------------------------------------------------------------------

# Ringing Blow (Star-Headed Mace): after a weapon hit, the opponent's Speed is -1 until your next turn.


@pytest.mark.parametrize(("source", "actions"), [("Star-Headed Mace", 2), ("basic", 3)])
def test_ringing_blow_slows_the_opponent_through_their_turn_after_a_mace_hit(source, actions):
    state, _ = attack(duel(fighter("Arshan", ["Star-Headed Mace"]), front("Nebet-Ankhu")), source, HIT)
    state = act(state, "end")
    assert actor(state) == 1 and RULES.actions_left(state) == actions


# Another Stone (Braided Sling): once each turn, after a weapon miss, attack again immediately.


def test_another_stone_slings_again_after_a_missed_sling_shot():
    state = with_attacks(duel(fighter("Arshan", ["Braided Sling"]), apart("Nebet-Ankhu")), "miss", "hit")
    state, events = play(state, f"attack {card('Braided Sling')} 1")
    missed, again = attacks(events)
    assert not missed["hit"] and again["created"] and again["hit"] and used(events) == ["Another Stone"]
    assert RULES.actions_left(state) == 2


def test_another_stone_is_not_used_after_a_basic_miss():
    state = duel(fighter("Arshan", ["Braided Sling"]), front("Nebet-Ankhu"))
    state, events = attack(state, "basic", MISS)
    assert len(attacks(events)) == 1 and used(events) == [] and not state.offers


# Charge on Sight (Iron-Bladed Horse Spear): Reveal: an attack at +2, from anywhere, with no other bonus.


def test_charge_on_sight_attacks_across_the_arena_at_exactly_plus_two_when_revealed():
    arshan = fighter("Arshan", face_down=["Iron-Bladed Horse Spear"], space=(0, 0))
    state = before_round(arshan, fighter("Nebet-Ankhu", space=(3, 3), facing="S"), round=2, dice=HIT)
    _, events = play(state, "end")
    (charge,) = attacks(events)
    assert charge["created"] and charge["source"] == "basic" and attack_bonus(charge) == 2


def test_charge_on_sight_is_not_used_in_a_later_round():
    arshan = fighter("Arshan", ["Iron-Bladed Horse Spear"], space=(0, 0))
    _, events = play(before_round(arshan, fighter("Nebet-Ankhu", space=(3, 3)), round=3), "end")
    assert attacks(events) == [] and used(events) == []


# Barbs That Linger (Bow of Barbed Reeds): after a weapon hit, the opponent's defense rolls are -2 this round.


@pytest.mark.parametrize(
    ("first", "then", "bonus"), [("Bow of Barbed Reeds", "basic", -2), ("basic", "Bow of Barbed Reeds", 0)]
)
def test_barbs_that_linger_weaken_the_defense_after_a_bow_hit_only(first, then, bonus):
    state = duel(fighter("Arshan", ["Bow of Barbed Reeds"]), front("Nebet-Ankhu", life=20))
    state, _ = attack(state, first, HIT)
    _, events = attack(state, then, HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# Blade-Breaker (Double-Edged Broadsword): after a hit on an adjacent opponent, they make no weapon attacks until
# your next turn.


@pytest.mark.parametrize("dice", [HIT, MISS], ids=["hit", "miss"])
def test_blade_breaker_stops_the_opponents_weapon_after_a_hit(dice):
    state = duel(fighter("Arshan", ["Double-Edged Broadsword"]), front("Nebet-Ankhu", "Sickle-Sword"))
    state, _ = attack(state, "Double-Edged Broadsword", dice)
    state = act(state, "end")
    sickle = f"attack {card('Sickle-Sword')} 0"
    assert actor(state) == 1 and (sickle in offered(state)) == (dice == MISS)


def test_blade_breaker_needs_the_opponent_adjacent():
    arshan = fighter("Arshan", ["Double-Edged Broadsword"], face_down=["Volley from the Saddle"])
    state = before_round(arshan, apart("Nebet-Ankhu", "Sickle-Sword"), round=2, dice=HIT)
    state, events = play(state, "end")  # the Volley's attack, from two spaces away
    assert attacks(events)[0]["hit"] and "Blade-Breaker" not in used(events)
    assert RULES.view(state, None).fighters[1].prohibited == ()  # the board names no weapon ban on her


# One Fist, Then the Other (Punch-Dagger): after a weapon hit, the next attack roll is +2.


@pytest.mark.parametrize(("first", "then", "bonus"), [("Punch-Dagger", "basic", 3), ("basic", "Punch-Dagger", 2)])
def test_one_fist_then_the_other_follows_a_dagger_hit_with_a_surer_blow(first, then, bonus):
    state = duel(fighter("Arshan", ["Punch-Dagger"]), front("Nebet-Ankhu", life=20))
    state, _ = attack(state, first, HIT)
    _, events = attack(state, then, HIT)
    assert attack_bonus(attacks(events)[0]) == bonus  # the grid's (+1 basic, +2 dagger ahead), and +2 after a dagger


# Shake Loose (Flanged Iron Mace): once each round, after a weapon hit, turn the opponent's newest face-up
# support face down.


@pytest.mark.parametrize("source", ["Flanged Iron Mace", "basic"])
def test_shake_loose_turns_the_opponents_newest_card_face_down_after_a_mace_hit(source):
    state = duel(fighter("Arshan", ["Flanged Iron Mace"]), front("Nebet-Ankhu", "Gilded Scale Corselet"))
    state, _ = attack(state, source, HIT)
    corselet = card("Gilded Scale Corselet")
    if source == "basic":
        assert state.fighters[1].face_up == (corselet,)
    else:
        assert state.fighters[1].face_up == () and state.fighters[1].turned_down == (corselet,)


# Brace and Shove (Heavy Infantry Spear): Action, once each round: push an adjacent opponent one space away.


def test_brace_and_shove_pushes_an_adjacent_opponent_once_each_round():
    state = duel(fighter("Arshan", ["Heavy Infantry Spear"]), front("Nebet-Ankhu"))
    state, events = play(state, use_of("Brace and Shove"))
    assert used(events) == ["Brace and Shove"] and state.fighters[1].space == (1, 2)
    state = act(state, "move N N")
    assert state.fighters[0].space == (1, 1) and use_of("Brace and Shove") not in offered(state)
    assert use_of("Brace and Shove") not in offered(
        duel(fighter("Arshan", ["Heavy Infantry Spear"]), apart("Nebet-Ankhu"))
    )


# -- armors -------------------------------------------------------------------------------------------------------

# Soaks the Blow (Padded Cotton Tunic): against basic attacks, defense rolls +2.
# Nail by Nail (Coat of a Thousand Nails): against weapon attacks, defense rolls +2.


@pytest.mark.parametrize(
    ("armour", "source", "bonus"),
    [
        ("Padded Cotton Tunic", "basic", 2),
        ("Padded Cotton Tunic", "Sickle-Sword", 0),
        ("Coat of a Thousand Nails", "Sickle-Sword", 2),
        ("Coat of a Thousand Nails", "basic", 0),
    ],
)
def test_soaks_the_blow_and_nail_by_nail_guard_against_one_kind_of_attack_each(armour, source, bonus):
    state = duel(fighter("Nebet-Ankhu", ["Sickle-Sword"]), front("Arshan", armour))
    _, events = attack(state, source, HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# Rim Answer (Cloth-Faced Palm Shield): once each round, after an adjacent opponent hits you, deal them 1 damage.


@pytest.mark.parametrize(("arshan", "source", "life"), [(front, "basic", 5), (apart, "Bundle of Javelins", 6)])
def test_rim_answer_hurts_an_adjacent_attacker_that_hit(arshan, source, life):
    state = duel(fighter("Nebet-Ankhu", ["Bundle of Javelins"]), arshan("Arshan", "Cloth-Faced Palm Shield"))
    after, events = attack(state, source, HIT)
    assert after.fighters[0].life == life and ("Rim Answer" in used(events)) == (life == 5)


# Lost in the Folds (Indigo Quilted Robe): while no opponent is adjacent, defense rolls +2.


@pytest.mark.parametrize(("arshan", "source", "bonus"), [(apart, "Bundle of Javelins", 2), (front, "basic", 0)])
def test_lost_in_the_folds_guards_against_attacks_from_afar(arshan, source, bonus):
    state = duel(fighter("Nebet-Ankhu", ["Bundle of Javelins"]), arshan("Arshan", "Indigo Quilted Robe"))
    _, events = attack(state, source, HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# Charm Spent (Cowrie-Sewn Leather Cap): after being hit, you may discard this card to gain 2 Life.


@pytest.mark.parametrize(("dice", "life"), [(HIT, 8), (MISS, 7)], ids=["hit", "missed"])
def test_charm_spent_trades_the_cap_for_two_life_after_a_hit(dice, life):
    state = duel(fighter("Nebet-Ankhu"), front("Arshan", "Cowrie-Sewn Leather Cap"))
    after, events = attack(state, "basic", dice)
    cap = card("Cowrie-Sewn Leather Cap")
    assert after.fighters[1].life == life and ("Charm Spent" in used(events)) == (dice == HIT)
    assert (cap in after.fighters[1].discarded) == (dice == HIT)


# Parry Close In (Steel Arm-Guards): once each round, while an opponent is adjacent, make them re-roll their
# higher die.


def test_parry_close_in_is_offered_against_an_adjacent_attack_only():
    near = duel(fighter("Nebet-Ankhu"), front("Arshan", "Steel Arm-Guards"))
    near = act(with_dice(near, 6, 3, 3, 3, 1), "attack basic 1")
    assert actor(near) == 1 and offered(near) == [use_of("Parry Close In"), "decline"]
    _, events = play(near, use_of("Parry Close In"))
    assert attacks(events)[0]["attack_dice"] == [1, 3] and not attacks(events)[0]["hit"]
    far = duel(fighter("Nebet-Ankhu", ["Bundle of Javelins"]), apart("Arshan", "Steel Arm-Guards"))
    far, events = attack(far, "Bundle of Javelins", HIT)
    assert len(attacks(events)) == 1 and not far.offers


# Settle the Scales (Iron-Scaled Cuirass): after being hit, defense rolls +1 this round.


@pytest.mark.parametrize(("first", "bonus"), [("hit", 1), ("miss", 0)])
def test_settle_the_scales_stiffens_the_defense_after_a_hit(first, bonus):
    state = with_attacks(duel(fighter("Nebet-Ankhu"), front("Arshan", "Iron-Scaled Cuirass")), first, "hit")
    state, _ = play(state, "attack basic 1")
    _, events = play(state, "attack basic 1")
    assert defense_bonus(attacks(events)[0]) == bonus


# Out of the Saddle (Mailed Riding Boots): while you took the first turn this round, Speed +1.


@pytest.mark.parametrize(("order", "actions"), [((0, 1), 4), ((1, 0), 3)], ids=["first", "second"])
def test_out_of_the_saddle_gives_a_fourth_action_to_the_warrior_who_went_first(order, actions):
    state = duel(fighter("Arshan", ["Mailed Riding Boots"]), apart("Nebet-Ankhu"), order=order)
    assert RULES.actions_left(state) == actions


# -- specials -----------------------------------------------------------------------------------------------------

# Eyes Front (Narrow Rope Bridge): Reveal: the opponent cannot rotate this round.


def test_eyes_front_stops_the_opponent_turning_for_the_round():
    state = act(before_round(fighter("Arshan", face_down=["Narrow Rope Bridge"]), front("Nebet-Ankhu"), round=2), "end")
    assert actor(state) == 1 and not [each for each in offered(state) if each.startswith("face")]
    state = act(state, "end")
    assert "face E" in offered(state)  # Arshan himself turns freely
    state = act(state, "end")
    assert state.round == 3 and actor(state) == 1 and "face E" in offered(state)


# Hand to Hand (Relay of the Runners): Action, once each round: move up to three spaces.


def test_hand_to_hand_runs_three_spaces_for_one_action_once_each_round():
    state = duel(fighter("Arshan", ["Relay of the Runners"]), fighter("Nebet-Ankhu", space=(3, 3)))
    for step in (use_of("Hand to Hand"), "move N N", "move N N", "move N N"):
        state, _ = play(state, step)
    assert state.fighters[0].space == (1, 3) and not state.offers and RULES.actions_left(state) == 2
    assert use_of("Hand to Hand") not in offered(state)
    face_down = duel(fighter("Arshan", face_down=["Relay of the Runners"]), fighter("Nebet-Ankhu", space=(3, 3)))
    assert use_of("Hand to Hand") not in offered(face_down)


# Well-Supplied (Caravan of Salt and Gold): at the start of each round, with no opponent adjacent, gain 1 Life.


@pytest.mark.parametrize(("nebet", "life"), [(apart, 8), (front, 7)], ids=["apart", "adjacent"])
def test_well_supplied_feeds_a_warrior_no_one_is_pressing(nebet, life):
    state = act(before_round(fighter("Arshan", ["Caravan of Salt and Gold"]), nebet("Nebet-Ankhu"), round=2), "end")
    assert state.round == 2 and state.fighters[0].life == life


# Forward to the Beat (Drums of the Host): Reveal: Speed +1 and attack rolls +1 this round.


def test_forward_to_the_beat_lasts_the_round_it_is_revealed():
    arshan = fighter("Arshan", face_down=["Drums of the Host"])
    state = act(before_round(arshan, apart("Nebet-Ankhu"), round=2), "end", "end")
    assert actor(state) == 0 and RULES.actions_left(state) == 4
    assert abilities.number(POOL, state, 0, "attack_roll") == 1
    state = act(state, "end", "end")
    assert state.round == 3 and actor(state) == 0 and RULES.actions_left(state) == 3
    assert abilities.number(POOL, state, 0, "attack_roll") == 0


# Sun on the Blades (Saffron Riders at Dawn): Reveal: attacks deal +1 damage this round.


def test_sun_on_the_blades_lasts_the_round_it_is_revealed():
    arshan = fighter("Arshan", face_down=["Saffron Riders at Dawn"])
    state = act(before_round(arshan, front("Nebet-Ankhu", life=20), round=2), "end", "end")
    state, events = attack(state, "basic", HIT)
    assert attacks(events)[0]["damage"] == 2
    state = act(state, "end", "end")
    _, events = attack(state, "basic", HIT)
    assert state.round == 3 and attacks(events)[0]["damage"] == 1


# Trample (War Elephant): Action: with an opponent adjacent, discard this card to deal 2 damage to them.


def test_trample_spends_the_elephant_for_two_damage_on_an_adjacent_opponent():
    state, _ = play(duel(fighter("Arshan", ["War Elephant"]), front("Nebet-Ankhu")), use_of("Trample"))
    assert state.fighters[1].life == 4 and state.fighters[0].discarded == (card("War Elephant"),)
    assert use_of("Trample") not in offered(duel(fighter("Arshan", ["War Elephant"]), apart("Nebet-Ankhu")))


# Clinging Fire (Sea-Fire Siphon): Action: discard this card: the opponent's defense rolls are -2 this round.


def test_clinging_fire_weakens_the_opponents_defense_for_the_round():
    state = act(duel(fighter("Arshan", ["Sea-Fire Siphon"]), front("Nebet-Ankhu", life=20)), use_of("Clinging Fire"))
    assert state.fighters[0].discarded == (card("Sea-Fire Siphon"),)
    state, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == -2
    state = act(state, "end", "end", "end")  # round 2: Nebet-Ankhu first, on Experience
    _, events = attack(state, "basic", HIT)
    assert state.round == 2 and actor(state) == 0 and defense_bonus(attacks(events)[0]) == 0


# Every Way Up (Caltrops in the Grass): Reveal: the opponent cannot move until your next turn.


def test_every_way_up_pins_an_opponent_who_moves_before_you():
    state = before_round(fighter("Arshan", face_down=["Caltrops in the Grass"]), apart("Nebet-Ankhu"), round=2)
    state = act(state, "end")
    assert actor(state) == 1 and not [each for each in offered(state) if each.startswith("move")]


def test_every_way_up_is_over_by_the_time_an_opponent_who_moves_after_you_acts():
    state = before_round(fighter("Arshan", face_down=["Caltrops in the Grass"]), apart("Brannoc"), round=2)
    state = act(state, "end")
    assert actor(state) == 0  # Arshan first: Brannoc's Experience is lower
    state = act(state, "end")
    assert actor(state) == 1 and [each for each in offered(state) if each.startswith("move")]
