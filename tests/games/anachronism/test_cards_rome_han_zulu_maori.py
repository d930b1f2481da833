"""The Roman, Han, Zulu and Māori cards in play (wr-09..wr-16, sp-34..sp-65): for each of their 40 abilities, what
it does to the game and what it does not do when its condition fails, its limit is spent or its trigger does not
come. The card pool's shared shape (counts, ranges, packs) is test_pool.py's.

Arshan the Gilded is the plain opponent, as in test_abilities.py: his one ability only adds to his Initiative.
Seat 0 stands at (1, 0) facing north unless said; (1, 1) facing south (`front`) is adjacent and facing it.
"""

from __future__ import annotations

import pytest

from .positions import (
    CRITICAL,
    HIT,
    MISS,
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


def moves(state) -> list[str]:
    return [each for each in offered(state) if each.startswith("move")]


def initiative_of(events) -> dict:
    (data,) = [event.data for event in events if event.kind == "initiative"]
    return data


# -- roll modifiers while a card is in play, one table ------------------------------------------------------------

# Old Soldier's Guard (Aulus): while wounded, defense rolls +1.
# Wall of Wood (Curved Oblong Shield): defense rolls against weapon attacks +1.
# Guard Raised First (Segmented Arm-Guard): while you took the first turn this round, defense rolls +1.
# Turn the Bare Hand (Dogskin War Cloak): defense rolls against basic attacks +1.

LANCE = "Gilded Lance"
ROLL_BONUSES = [
    # (case, defender, its cards, its Life, the attack's source, turn order, the defence bonus)
    ("guard, wounded", "Aulus", [], 7, "basic", (0, 1), 1),
    ("guard, unhurt", "Aulus", [], 8, "basic", (0, 1), 0),
    ("wall, weapon", "Liang", ["Curved Oblong Shield"], None, LANCE, (0, 1), 1),
    ("wall, basic", "Liang", ["Curved Oblong Shield"], None, "basic", (0, 1), 0),
    ("arm-guard, first", "Velia", ["Segmented Arm-Guard"], None, "basic", (1, 0), 1),
    ("arm-guard, second", "Velia", ["Segmented Arm-Guard"], None, "basic", (0, 1), 0),
    ("cloak, basic", "Liang", ["Dogskin War Cloak"], None, "basic", (0, 1), 1),
    ("cloak, weapon", "Liang", ["Dogskin War Cloak"], None, LANCE, (0, 1), 0),
]


@pytest.mark.parametrize(
    ("defender", "cards", "life", "source", "order", "bonus"),
    [case[1:] for case in ROLL_BONUSES],
    ids=[case[0] for case in ROLL_BONUSES],
)
def test_a_defence_bonus_counts_only_when_its_condition_holds(defender, cards, life, source, order, bonus):
    state = duel(fighter("Arshan", [LANCE]), front(defender, *cards, life=life), order=order)
    _, events = attack(state, source, HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# -- warriors ---------------------------------------------------------------------------------------------------

# Cast the Net (Velia): after an adjacent opponent misses her, they cannot move until her next turn.


@pytest.mark.parametrize(("dice", "held"), [(MISS, True), (HIT, False)], ids=["missed", "hit"])
def test_cast_the_net_holds_an_adjacent_attacker_that_misses(dice, held):
    state, events = attack(duel(fighter("Arshan"), front("Velia")), "basic", dice)
    assert ("Cast the Net" in used(events)) == held and bool(moves(state)) != held
    assert "face E" in offered(state)  # turning is still allowed


def test_cast_the_net_does_not_reach_an_attacker_two_spaces_away():
    state = duel(fighter("Arshan", [LANCE]), fighter("Velia", space=(1, 2), facing="S"))
    state, events = attack(state, LANCE, MISS)
    assert used(events) == [] and moves(state)


# Breath Held, Trigger Eased (Liang Qiu): Action, once each round: with no opponent adjacent, next roll is 8.


def test_breath_held_sets_liangs_next_roll_once_each_round():
    state = duel(fighter("Liang"), fighter("Arshan", space=(1, 3), facing="S"))
    state, events = play(state, use_of("Breath Held, Trigger Eased"))
    assert used(events) == ["Breath Held, Trigger Eased"] and state.fighters[0].set_next_roll == 8
    assert RULES.actions_left(state) == 2 and use_of("Breath Held, Trigger Eased") not in offered(state)


def test_breath_held_is_not_offered_with_an_opponent_adjacent():
    assert use_of("Breath Held, Trigger Eased") not in offered(duel(fighter("Liang"), front("Arshan")))


# Orders Before the Drum (Shen Yuhua): at the start of each round, if she goes first, Speed +1 this round.


@pytest.mark.parametrize(
    ("arshans_card", "first", "speed"), [("Gilded Face-Helm", 0, 4), ("The Still Water Way", 1, 3)]
)
def test_orders_before_the_drum_give_shen_a_fourth_action_when_she_goes_first(arshans_card, first, speed):
    shen = fighter("Shen", face_down=["Padded Silk Hood"])  # Initiative 6: above the helm's 0+1, below 8+1
    state = before_round(shen, fighter("Arshan", face_down=[arshans_card], space=(1, 3), facing="S"), round=2)
    state, events = play(state, "end")
    assert state.order[0] == first and ("Orders Before the Drum" in used(events)) == (first == 0)
    if first == 1:
        state = act(state, "end")
    assert actor(state) == 0 and RULES.actions_left(state) == speed


# Anger of the Missed Thrust (Mthunzi): after a miss, his next attack deals +1 damage.


def test_anger_of_the_missed_thrust_adds_a_damage_to_the_next_attack_only():
    state = with_attacks(duel(fighter("Mthunzi"), front("Arshan", life=20)), "miss", "hit", "hit")
    state, events = play(state, "attack basic 1")
    assert used(events) == ["Anger of the Missed Thrust"]
    state, events = play(state, "attack basic 1")
    assert attacks(events)[0]["damage"] == 2 and used(events) == []
    _, events = play(state, "attack basic 1")
    assert attacks(events)[0]["damage"] == 1


# Never Where the Blow Fell (Sibusiso): once each round, after he is hit, he may move one space.


def test_never_where_the_blow_fell_lets_sibusiso_step_away_once_each_round():
    state = with_attacks(duel(fighter("Arshan"), front("Sibusiso", life=9)), "hit", "hit")
    state, _ = play(state, "attack basic 1", yes_to_hits=False)
    assert actor(state) == 1 and offered(state) == [use_of("Never Where the Blow Fell"), "decline"]
    state, _ = play(state, use_of("Never Where the Blow Fell"), yes_to_hits=False)
    state, _ = play(state, "move E E")
    assert state.fighters[1].space == (2, 1) and not state.offers
    state = act(state, "face E")
    state, events = play(state, "attack basic 1", yes_to_hits=False)
    assert attacks(events)[0]["hit"] and not state.offers and state.fighters[1].space == (2, 1)


def test_never_where_the_blow_fell_is_not_offered_after_a_miss():
    state, _ = play(with_dice(duel(fighter("Arshan"), front("Sibusiso")), *MISS), "attack basic 1", yes_to_hits=False)
    assert not state.offers and state.fighters[1].space == (1, 1)


# Answer Every Blow (Tūmanako): after he is hit, his attack rolls are +1 this round, each hit adding.


@pytest.mark.parametrize(("outcomes", "bonus"), [(("hit", "hit"), 3), (("miss", "miss"), 1)], ids=["hit", "missed"])
def test_answer_every_blow_adds_to_tumanakos_attacks_for_each_hit_he_took(outcomes, bonus):
    state = with_attacks(duel(fighter("Arshan"), front("Tūmanako")), *outcomes)
    state = act(state, "attack basic 1", "attack basic 1", "end")
    assert actor(state) == 1
    _, events = attack(state, "basic", HIT)
    assert attack_bonus(attacks(events)[0]) == bonus  # his grid's +1 ahead, and +1 for each hit taken


# Breaking Wave (Ārani): Action, once each turn: push an adjacent opponent one space away.


def test_breaking_wave_pushes_an_adjacent_opponent_away():
    state, events = play(duel(fighter("Ārani"), front("Arshan")), use_of("Breaking Wave"))
    assert used(events) == ["Breaking Wave"] and state.fighters[1].space == (1, 2)
    assert RULES.actions_left(state) == 2 and use_of("Breaking Wave") not in offered(state)


def test_breaking_wave_is_not_offered_without_an_opponent_adjacent():
    assert use_of("Breaking Wave") not in offered(duel(fighter("Ārani"), fighter("Arshan", space=(1, 2))))


# -- inspirations -----------------------------------------------------------------------------------------------

# Rally to the Pole (Oath to the Standard): at the start of each round, if wounded, attack rolls +1 this round.


@pytest.mark.parametrize(("life", "bonus"), [(7, 2), (8, 1)], ids=["wounded", "unhurt"])
def test_rally_to_the_pole_steadies_a_wounded_aulus_for_the_round(life, bonus):
    aulus = fighter("Aulus", face_down=["Oath to the Standard"], life=life)  # Initiative 4, to the helm's 0+1
    state = before_round(aulus, front("Arshan", face_down=["Gilded Face-Helm"]), round=2)
    state, events = play(state, "end")
    assert actor(state) == 0 and ("Rally to the Pole" in used(events)) == (life == 7)
    _, events = attack(state, "basic", HIT)
    assert attack_bonus(attacks(events)[0]) == bonus  # his grid's +1 ahead, and the rally's


# The Crowd Roars (Laurel of the Arena): after you hit, gain 1 Experience.


@pytest.mark.parametrize(("dice", "experience"), [(HIT, 5), (MISS, 4)], ids=["hit", "missed"])
def test_the_crowd_roars_for_velias_hits_only(dice, experience):
    after, _ = attack(duel(fighter("Velia", ["Laurel of the Arena"]), front("Arshan")), "basic", dice)
    assert RULES.experience(after, 0) == experience


# Foreseen and Forestalled (Book of Stratagems): after the rolls, discard it to make the opponent re-roll their
# higher die.


def test_foreseen_and_forestalled_trades_the_book_for_the_attackers_higher_die():
    state = duel(fighter("Arshan"), front("Liang", "Book of Stratagems"))
    state = act(with_dice(state, 6, 3, 3, 3, 1), "attack basic 1")
    assert actor(state) == 1 and offered(state) == [use_of("Foreseen and Forestalled"), "decline"]
    state, events = play(state, use_of("Foreseen and Forestalled"))
    assert attacks(events)[0]["attack_dice"] == [1, 3] and not attacks(events)[0]["hit"]
    assert state.fighters[1].discarded == (card("Book of Stratagems"),)


def test_foreseen_and_forestalled_declined_keeps_the_book_and_the_roll():
    state = act(with_dice(duel(fighter("Arshan"), front("Liang", "Book of Stratagems")), 6, 3, 3, 3), "attack basic 1")
    state, events = play(state, "decline")
    assert attacks(events)[0]["attack_dice"] == [6, 3] and state.fighters[1].face_up == (card("Book of Stratagems"),)


# Wait for the Opening (Patience of the Long Wall): while wounded, Initiative +2.


@pytest.mark.parametrize(("life", "initiative", "first"), [(6, 8, 0), (7, 6, 1)], ids=["wounded", "unhurt"])
def test_wait_for_the_opening_wins_a_wounded_shen_the_first_turn(life, initiative, first):
    shen = fighter("Shen", ["Patience of the Long Wall"], face_down=["Padded Silk Hood"], life=life)  # Initiative 6
    kallias = fighter("Kallias", face_down=["Curved Longsword"], space=(1, 3), facing="S")  # 7
    _, events = play(before_round(shen, kallias, round=2), "end")
    assert initiative_of(events)["initiative"] == [initiative, 7] and initiative_of(events)["first"] == first


# Name the Deed (Praise-Singer's Verse): Reveal: this round, attacks deal +1 damage and defense rolls are -1.


def test_name_the_deed_adds_a_damage_and_opens_the_guard_in_the_round_it_is_revealed_only():
    mthunzi = fighter("Mthunzi", face_down=["Praise-Singer's Verse"])  # Initiative 5, to the helm's 0+1
    state = before_round(mthunzi, front("Arshan", face_down=["Gilded Face-Helm"]), round=2)
    state, events = play(state, "end")
    assert "Name the Deed" in used(events) and actor(state) == 0
    _, events = attack(state, "basic", HIT)
    assert attacks(events)[0]["damage"] == 2
    state = act(state, "end")
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == -1
    state = act(state, "end", "end")  # round 3: Arshan first on Experience, then Mthunzi
    assert state.round == 3 and actor(state) == 0
    _, events = attack(state, "basic", HIT)
    assert attacks(events)[0]["damage"] == 1


# Lesson of the Empty Strike (Eyes of the Ancestors): after you are missed, gain 1 Experience.


@pytest.mark.parametrize(("dice", "experience"), [(MISS, 8), (HIT, 7)], ids=["missed", "hit"])
def test_lesson_of_the_empty_strike_teaches_sibusiso_when_he_is_missed(dice, experience):
    after, _ = attack(duel(fighter("Arshan"), front("Sibusiso", "Eyes of the Ancestors")), "basic", dice)
    assert RULES.experience(after, 1) == experience


# Shake Their Footing (Haka on the Ridge): Reveal: the opponent's defense rolls are -1 this round.


def test_shake_their_footing_weakens_the_opponents_defence_for_the_round_only():
    state = before_round(fighter("Tūmanako", face_down=["Haka on the Ridge"]), front("Arshan"), round=2)
    state, events = play(state, "end")
    assert "Shake Their Footing" in used(events) and actor(state) == 0
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == -1
    state = act(state, "end", "end")  # round 3: no card turned, Tūmanako first on Experience, 8 to 7
    assert state.round == 3 and actor(state) == 0
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == 0


# Call the Names (Recited Lineage): at the start of a round, discard it to turn your next face-down card up.


@pytest.mark.parametrize("answer", ["use", "decline"])
def test_call_the_names_turns_the_next_card_up_for_the_lineage(answer):
    arani = fighter("Ārani", ["Recited Lineage"], face_down=["Greenstone Club", "Bone-Ribbed Armguard"])
    state = act(before_round(arani, fighter("Arshan", space=(1, 3)), round=3), "end")
    assert actor(state) == 0 and offered(state) == [use_of("Call the Names"), "decline"]
    arani = act(state, use_of("Call the Names") if answer == "use" else "decline").fighters[0]
    armguard = card("Bone-Ribbed Armguard")
    assert (armguard in arani.face_up) == (answer == "use")
    assert (card("Recited Lineage") in arani.discarded) == (answer == "use")


def test_call_the_names_is_not_offered_with_no_card_face_down():
    state = act(before_round(fighter("Ārani", ["Recited Lineage"]), fighter("Arshan", space=(1, 3)), round=3), "end")
    assert not state.offers and state.stage == "turn"


# -- weapons ----------------------------------------------------------------------------------------------------

# Work Behind the Rim (Short Thrusting Sword): after a hit with an opponent adjacent, the warrior hit has defense
# rolls -1 this round, each such hit adding.


@pytest.mark.parametrize(("dice", "bonus"), [(HIT, -1), (MISS, 0)], ids=["hit", "missed"])
def test_work_behind_the_rim_opens_the_defence_after_a_close_hit(dice, bonus):
    state = duel(fighter("Aulus", ["Short Thrusting Sword"]), front("Arshan", life=20))
    state, _ = attack(state, "Short Thrusting Sword", dice)
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


def test_work_behind_the_rim_needs_the_opponent_adjacent():
    aulus = fighter("Aulus", ["Short Thrusting Sword"], face_down=["Volley from the Saddle"], space=(0, 0))
    state = before_round(aulus, fighter("Arshan", space=(3, 3), facing="S"), round=2, dice=HIT)
    state, events = play(state, "end")  # the volley's attack from across the arena
    assert attacks(events)[0]["hit"] and used(events) == ["Arrows at First Light"] and not state.lasting


# Bent in the Shield (Weighted Javelin): after a weapon hit, the opponent makes no weapon attacks until your next
# turn.


@pytest.mark.parametrize("source", ["Weighted Javelin", "basic"])
def test_bent_in_the_shield_stops_weapon_attacks_after_a_javelin_hit_only(source):
    hrafnhild = fighter("Hrafnhild", ["Long-Hafted Axe"], space=(1, 2 if source != "basic" else 1), facing="S")
    state, _ = attack(duel(fighter("Velia", ["Weighted Javelin"]), hrafnhild), source, HIT)
    state = act(state, "end")
    axe = f"attack {card('Long-Hafted Axe')} 0"
    assert actor(state) == 1 and (axe in offered(state)) == (source == "basic")


# Next Bolt Ready (Repeating Crossbow): once each turn, after a miss with no opponent adjacent, attack again
# immediately.


def test_next_bolt_ready_shoots_again_after_a_missed_bolt_once_each_turn():
    state = duel(fighter("Liang", ["Repeating Crossbow"]), fighter("Arshan", space=(1, 2), facing="S"))
    _, events = play(with_attacks(state, "miss", "miss"), f"attack {card('Repeating Crossbow')} 1")
    assert used(events) == ["Next Bolt Ready"] and [each["created"] for each in attacks(events)] == [False, True]


@pytest.mark.parametrize("source", ["Repeating Crossbow", "basic"])
def test_next_bolt_ready_is_not_used_after_a_miss_up_close(source):
    _, events = attack(duel(fighter("Liang", ["Repeating Crossbow"]), front("Arshan")), source, MISS)
    assert used(events) == [] and len(attacks(events)) == 1


# Hook and Spin (Crescent Halberd): once each turn, after a weapon hit, turn the warrior hit away from you.


@pytest.mark.parametrize(("source", "facing"), [("Crescent Halberd", "N"), ("basic", "S")])
def test_hook_and_spin_turns_the_opponents_back_after_a_halberd_hit(source, facing):
    state = duel(fighter("Shen", ["Crescent Halberd"]), front("Arshan"))
    after, events = attack(state, source, HIT)
    assert attacks(events)[0]["hit"] and after.fighters[1].facing == facing


# Twist the Blade (Broad-Bladed Stabbing Spear): once each turn, after a hit with doubles, deal 1 damage.


@pytest.mark.parametrize(("dice", "life"), [(CRITICAL, 15), (HIT, 18)], ids=["doubles", "plain"])
def test_twist_the_blade_adds_a_damage_to_a_critical_hit(dice, life):
    state = duel(fighter("Mthunzi", ["Broad-Bladed Stabbing Spear"]), front("Arshan", life=20))
    after, events = attack(state, "Broad-Bladed Stabbing Spear", dice)
    assert after.fighters[1].life == life and ("Twist the Blade" in used(events)) == (dice == CRITICAL)


# Thrown from the Long Grass (Knobbed Throwing Club): Reveal: with no opponent adjacent, an attack at +2.


@pytest.mark.parametrize(("arshan", "thrown"), [((3, 3), True), ((0, 1), False)], ids=["apart", "adjacent"])
def test_thrown_from_the_long_grass_opens_from_afar_only(arshan, thrown):
    sibusiso = fighter("Sibusiso", face_down=["Knobbed Throwing Club"], space=(0, 0))
    state = before_round(sibusiso, fighter("Arshan", space=arshan, facing="S"), round=2, dice=HIT)
    state, events = play(state, "end")
    assert bool(attacks(events)) == thrown
    if thrown:
        assert attacks(events)[0]["created"] and attack_bonus(attacks(events)[0]) == 2
        assert state.fighters[1].life == 6


# Read the Feet (Carved Fighting Staff): once each turn, after the rolls, with an opponent adjacent, re-roll your
# lower die.


def test_read_the_feet_rerolls_tumanakos_lower_die_up_close():
    state = duel(fighter("Tūmanako", ["Carved Fighting Staff"]), front("Arshan"))
    state = act(with_dice(state, 1, 4, 6, 5, 6), "attack basic 1")
    assert offered(state) == [use_of("Read the Feet"), "decline"]
    _, events = play(state, use_of("Read the Feet"))
    assert attacks(events)[0]["attack_dice"] == [6, 4]


def test_read_the_feet_is_not_offered_at_the_staffs_long_reach():
    state = duel(fighter("Tūmanako", ["Carved Fighting Staff"]), fighter("Arshan", space=(1, 2), facing="S"))
    state, events = play(with_dice(state, 1, 4, 6, 5), f"attack {card('Carved Fighting Staff')} 1")
    assert not state.offers and attacks(events)[0]["attack_dice"] == [1, 4]


# Strength of the Stone (Greenstone Club): once each round, after a weapon hit, gain 1 Life.


@pytest.mark.parametrize(("source", "life"), [("Greenstone Club", 10), ("basic", 9)])
def test_strength_of_the_stone_heals_arani_after_a_club_hit(source, life):
    after, _ = attack(duel(fighter("Ārani", ["Greenstone Club"]), front("Arshan")), source, HIT)
    assert after.fighters[0].life == life


# -- armours ----------------------------------------------------------------------------------------------------

# Scales Close Ranks (Iron Scale Coat): once each round, after being hit by a weapon attack, defense rolls +1
# this round.


@pytest.mark.parametrize(("source", "bonus"), [("Long-Hafted Axe", 1), ("basic", 0)])
def test_scales_close_ranks_after_a_weapon_hit_only(source, bonus):
    state = duel(fighter("Hrafnhild", ["Long-Hafted Axe"]), front("Liang", "Iron Scale Coat"))
    state, events = attack(state, source, HIT)
    assert ("Scales Close Ranks" in used(events)) == (source != "basic")
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == bonus and "Scales Close Ranks" not in used(events)


# Heard It Coming (Padded Silk Hood): after being missed, your next attack roll is +1.


@pytest.mark.parametrize(("dice", "bonus"), [(MISS, 2), (HIT, 1)], ids=["missed", "hit"])
def test_heard_it_coming_sharpens_shens_next_attack_after_a_miss(dice, bonus):
    state, _ = attack(duel(fighter("Arshan"), front("Shen", "Padded Silk Hood")), "basic", dice)
    state = act(state, "end")
    state, events = attack(state, "basic", MISS)
    assert attack_bonus(attacks(events)[0]) == bonus  # her grid's +1 ahead, and the hood's
    _, events = attack(state, "basic", MISS)
    assert attack_bonus(attacks(events)[0]) == 1


# Hook the Shield Aside (Cowhide War Shield): after an adjacent opponent misses, they cannot rotate this round.


@pytest.mark.parametrize(("dice", "turns"), [(MISS, False), (HIT, True)], ids=["missed", "hit"])
def test_hook_the_shield_aside_stops_a_missing_attacker_turning(dice, turns):
    state, _ = attack(duel(fighter("Arshan"), front("Mthunzi", "Cowhide War Shield")), "basic", dice)
    assert ("face E" in offered(state)) == turns and "move E N" in offered(state)


# Blur of Tails (Cow-Tail Leg Fringes): with no opponent adjacent, Speed +1.


@pytest.mark.parametrize(("arshan", "speed"), [((1, 3), 5), ((1, 1), 4)], ids=["apart", "adjacent"])
def test_blur_of_tails_speeds_sibusiso_while_nobody_is_adjacent(arshan, speed):
    state = duel(fighter("Sibusiso", ["Cow-Tail Leg Fringes"]), fighter("Arshan", space=arshan, facing="S"))
    assert RULES.actions_left(state) == speed


# Sacrifice the Bone (Bone-Ribbed Armguard): after being hit by a weapon attack, discard it to gain 3 Life.


@pytest.mark.parametrize(("source", "life"), [("Long-Hafted Axe", 10), ("basic", 8)])
def test_sacrifice_the_bone_trades_the_armguard_for_three_life_when_a_weapon_hits(source, life):
    state = duel(fighter("Hrafnhild", ["Long-Hafted Axe"]), front("Ārani", "Bone-Ribbed Armguard"))
    after, _ = attack(state, source, HIT)  # the axe deals 2, the basic attack 1
    arani = after.fighters[1]
    assert arani.life == life and (card("Bone-Ribbed Armguard") in arani.discarded) == (source != "basic")


# -- specials ---------------------------------------------------------------------------------------------------

# Close the Shell (Tortoise Formation): Action, once each round: defense rolls +2 until your next turn.


def test_close_the_shell_guards_aulus_through_the_opponents_turn():
    state, events = play(duel(fighter("Aulus", ["Tortoise Formation"]), front("Arshan")), use_of("Close the Shell"))
    assert used(events) == ["Close the Shell"] and use_of("Close the Shell") not in offered(state)
    state = act(state, "end")
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == 2


def test_close_the_shell_unused_adds_nothing():
    state = act(duel(fighter("Aulus", ["Tortoise Formation"]), front("Arshan")), "end")
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == 0


# Both Arms Guarded (Shoulder-Guard of the Arena): you may have one more Arm card in play.


@pytest.mark.parametrize("guarded", [True, False])
def test_both_arms_guarded_lets_a_second_arm_card_stay(guarded):
    other_arm = "Shoulder-Guard of the Arena" if guarded else "Laced Plate Sleeves"
    velia = fighter("Velia", [other_arm], face_down=["Segmented Arm-Guard"])
    state = act(before_round(velia, fighter("Arshan", space=(1, 3)), round=2), "end")
    arm_guard = card("Segmented Arm-Guard")
    if guarded:
        assert not state.offers and state.fighters[0].face_up == (card(other_arm), arm_guard)
    else:
        assert sorted(offered(state)) == sorted([f"discard {card(other_arm)}", f"discard {arm_guard}"])


# Iron Underfoot (Scattered Caltrops): Action: discard it; the opponent cannot move until your next turn.


def test_iron_underfoot_pins_the_opponent_until_liangs_next_turn():
    state = duel(fighter("Liang", ["Scattered Caltrops"]), fighter("Arshan", space=(1, 3), facing="S"))
    assert moves(act(state, "end"))
    state = act(state, use_of("Iron Underfoot"), "end")
    assert state.fighters[0].discarded == (card("Scattered Caltrops"),) and actor(state) == 1 and not moves(state)
    state = act(state, "end")  # round 2: Liang first on Experience, 9 to 7; his turn ends the pin
    assert state.round == 2 and actor(state) == 0
    assert moves(act(state, "end"))


# Warned in Advance (Watchtower Signal Fires): Reveal: turn the opponent's newest face-up card face down.


@pytest.mark.parametrize("cards", [["Brow-Guard Helm", "Long-Hafted Axe"], []], ids=["armed", "bare"])
def test_warned_in_advance_turns_the_opponents_newest_card_down(cards):
    state = before_round(fighter("Shen", face_down=["Watchtower Signal Fires"]), front("Hrafnhild", *cards), round=3)
    state, events = play(state, "end")
    assert "Warned in Advance" in used(events)
    hrafnhild = state.fighters[1]
    if cards:
        assert hrafnhild.face_up == (card("Brow-Guard Helm"),) and hrafnhild.turned_down == (card("Long-Hafted Axe"),)
    else:
        assert hrafnhild.face_up == () and hrafnhild.turned_down == ()


# Surrounded (Horns of the Buffalo): Action, once each round: turn an opponent to face directly away from you.


def test_surrounded_turns_the_opponents_back_once_each_round():
    state = duel(fighter("Mthunzi", ["Horns of the Buffalo"]), fighter("Arshan", space=(1, 2), facing="S"))
    state, events = play(state, use_of("Surrounded"))
    assert used(events) == ["Surrounded"] and state.fighters[1].facing == "N"
    state = act(state, "end")
    state = act(state, "face S", "end")
    assert use_of("Surrounded") not in offered(state), "once each round"


def test_surrounded_is_not_offered_when_the_opponent_already_faces_away():
    state = duel(fighter("Mthunzi", ["Horns of the Buffalo"]), fighter("Arshan", space=(1, 2), facing="N"))
    assert use_of("Surrounded") not in offered(state)


# Arrive Before Dawn (Night March): at the start of each round, with no opponent adjacent, move up to two spaces.


def test_arrive_before_dawn_moves_sibusiso_two_spaces_at_the_round_start():
    state = before_round(fighter("Sibusiso", face_down=["Night March"]), fighter("Arshan", space=(1, 3)), round=2)
    state = act(state, "end")
    assert offered(state) == [use_of("Arrive Before Dawn"), "decline"]
    state = act(state, use_of("Arrive Before Dawn"), "move N N", "move N N")
    assert state.fighters[0].space == (1, 2) and state.stage == "turn" and not state.offers


def test_arrive_before_dawn_is_not_offered_with_an_opponent_adjacent():
    state = act(before_round(fighter("Sibusiso", face_down=["Night March"]), front("Arshan"), round=2), "end")
    assert not state.offers and state.fighters[0].space == (1, 0)


# Step Over the Dart (Challenge of the Dart): at the start of each round, with an opponent adjacent, attack them.


@pytest.mark.parametrize(("arshan", "challenged"), [((1, 1), True), ((1, 3), False)], ids=["adjacent", "apart"])
def test_step_over_the_dart_strikes_an_adjacent_opponent_as_the_round_starts(arshan, challenged):
    tumanako = fighter("Tūmanako", ["Challenge of the Dart"])
    state = before_round(tumanako, fighter("Arshan", space=arshan, facing="S"), round=2, dice=HIT)
    state = act(state, "end")
    assert (offered(state) == [use_of("Step Over the Dart"), "decline"]) == challenged
    if challenged:
        state, events = play(state, use_of("Step Over the Dart"))
        assert attacks(events)[0]["created"] and state.fighters[1].life == 6


# The Tide Turns (Tide-Turn Feint): once each round, after an adjacent opponent misses, trade places with them.


@pytest.mark.parametrize(("dice", "traded"), [(MISS, True), (HIT, False)], ids=["missed", "hit"])
def test_the_tide_turns_trades_places_with_a_missing_attacker(dice, traded):
    after, _ = attack(duel(fighter("Arshan"), front("Ārani", "Tide-Turn Feint")), "basic", dice)
    spaces = [(each.space, each.facing) for each in after.fighters]
    assert spaces == ([((1, 1), "N"), ((1, 0), "S")] if traded else [((1, 0), "N"), ((1, 1), "S")])
