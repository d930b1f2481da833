"""Every card's ability in play (rulings C4, C6): for each of the 41 abilities of the first eight cultures' cards,
what it does to the game (rolls, Life, positions, facing, cards turned, attacks made, actions forbidden) and what it
does not do when its condition fails, its limit is spent, or its card is face down (face-down cards have no
effect). The later cultures' cards are tested in the test_cards_*.py files beside this one.

Arshan the Gilded is the plain opponent: his one ability only adds to his Initiative. Positions put seat 0 at
(1, 0) facing north unless said; (1, 1) facing south is then adjacent, in front.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from bot.games.anachronism.content import CardPool, Effect
from bot.games.anachronism.rules import AnachronismRules
from bot.games.anachronism.state import Lasting

from .positions import (
    ABILITIES,
    CRITICAL,
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
    refusal,
    rigged_where,
    use_of,
    used,
    with_attacks,
    with_dice,
)


def attack(state, source="basic", dice=HIT):
    """The seat to act attacks the other warrior with `source` (a support's name, or "basic"), rolling `dice`."""
    seat = actor(state)
    weapon = source if source == "basic" else card(source)
    return play(with_dice(state, *dice), f"attack {weapon} {1 - seat}")


def attack_bonus(data: dict) -> int:
    return data["attack_total"] - sum(data["attack_dice"])


def defense_bonus(data: dict) -> int:
    return data["defense_total"] - sum(data["defense_dice"])


def test_every_ability_in_the_pool_is_tested_here():
    """Here, or in a test_cards_*.py file beside this one (the cards of later cultures)."""
    here = Path(__file__)
    source = "".join(each.read_text(encoding="utf-8") for each in (here, *here.parent.glob("test_cards_*.py")))
    assert len(ABILITIES) == len(POOL.supports) + sum(len(each.abilities) for each in POOL.warriors)
    assert [name for name in ABILITIES if f"# {name}" not in source] == []


# -- warriors ---------------------------------------------------------------------------------------------------

# Wheel Away (Ulzii): once each turn, after a hit, move one space (where its player chooses).


@pytest.mark.parametrize(("step", "space", "facing"), [("move N N", (1, 1), "N"), ("move E W", (2, 0), "W")])
def test_wheel_away_moves_ulzii_a_space_of_his_choice_after_a_hit_but_not_after_a_miss(step, space, facing):
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"]), fighter("Arshan", space=(1, 3), facing="S"))
    state = with_dice(state, *HIT)
    hit, events = play(state, "attack sp-09 1", yes_to_hits=False)
    hit, events = play(hit, use_of("Wheel Away"), yes_to_hits=False)
    assert used(events) == ["Wheel Away"] and RULES.view(hit, None).question.kind == "step"
    moves = [each for each in offered(hit) if each.startswith("move")]
    assert {each.split()[1] for each in moves} == {"N", "E", "W"} and offered(hit)[-1] == "decline"
    assert refusal(hit, "attack basic 1") == "Move your warrior one space it can go to, turn it, or stop here"
    hit, events = play(hit, step)
    assert hit.fighters[0].space == space and hit.fighters[0].facing == facing
    assert not hit.offers and RULES.actions_left(hit) == 2, "the move was the ability's: it cost no action"
    missed, events = attack(state, "Horn-and-Sinew Bow", MISS)
    assert missed.fighters[0].space == (1, 0) and "Wheel Away" not in used(events)


def test_wheel_away_may_stop_where_it_is():
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"]), fighter("Arshan", space=(1, 3), facing="S"))
    hit, _ = play(with_dice(state, *HIT), "attack sp-09 1", yes_to_hits=False)
    hit, _ = play(play(hit, use_of("Wheel Away"), yes_to_hits=False)[0], "decline")
    assert hit.fighters[0].space == (1, 0) and not hit.offers


def test_wheel_away_is_its_owners_choice_and_a_no_keeps_it_for_later_in_the_turn():
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"], space=(0, 1)), fighter("Arshan", space=(1, 3), facing="S"))
    state = with_attacks(state, "hit")
    state, events = play(state, "attack sp-09 1", yes_to_hits=False)
    assert attacks(events)[0]["hit"] and used(events) == [] and offered(state) == [use_of("Wheel Away"), "decline"]
    assert RULES.view(state, None).question.seat == 0
    state, _ = play(state, "decline")
    assert state.fighters[0].space == (0, 1) and not state.offers
    assert state.fighters[0].uses == (), "a no spends nothing: the limit is still there for a later hit this turn"


def test_wheel_away_works_once_each_turn():
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"], space=(0, 1)), fighter("Arshan", space=(1, 3), facing="S"))
    state = with_attacks(state, "hit", "hit")
    state, events = play(state, "attack sp-09 1", yes_to_hits=False)
    state, events = play(play(state, use_of("Wheel Away"), yes_to_hits=False)[0], "move N N")
    assert state.fighters[0].space == (0, 2) and state.fighters[0].uses
    state, events = play(state, "attack basic 1")  # (1, 3) is ahead and to the right
    assert attacks(events)[0]["hit"] and used(events) == [] and not state.offers
    assert state.fighters[0].space == (0, 2)


# Blood Oath (Hrafnhild): while wounded, her attacks deal +1 damage.


@pytest.mark.parametrize(("life", "damage"), [(6, 2), (7, 1)], ids=["wounded", "unhurt"])
def test_blood_oath_adds_a_damage_only_while_hrafnhild_is_wounded(life, damage):
    state = duel(fighter("Hrafnhild", life=life), front("Arshan"))
    after, events = attack(state, "basic", HIT)
    assert attacks(events)[0]["damage"] == damage and after.fighters[1].life == 7 - damage


# Breath of the Reeds (Nebet-Ankhu): at the start of each round, if wounded, gain 1 Life.


@pytest.mark.parametrize(("life", "after"), [(4, 5), (6, 6)], ids=["wounded", "unhurt"])
def test_breath_of_the_reeds_heals_a_wounded_nebet_at_the_start_of_a_round(life, after):
    state = before_round(fighter("Nebet-Ankhu", life=life), fighter("Arshan", space=(2, 3)), round=2)
    state, events = play(state, "end")
    assert state.round == 2 and state.fighters[0].life == after
    assert ("Breath of the Reeds" in used(events)) == (life < 6)


# First Cut (Kaito): while he took the first turn this round, his attack rolls are +1.


@pytest.mark.parametrize(("order", "bonus"), [((0, 1), 2), ((1, 0), 1)], ids=["first", "second"])
def test_first_cut_adds_to_kaitos_attack_rolls_only_when_he_went_first(order, bonus):
    state = duel(fighter("Kaito"), front("Arshan"), order=order)
    _, events = attack(state, "basic", HIT)
    assert attack_bonus(attacks(events)[0]) == bonus  # his grid's +1 ahead, and First Cut's +1


# Take Them Living (Itzel): after a basic hit, the opponent cannot move until her next turn.


def test_take_them_living_holds_the_opponent_in_place_after_a_basic_hit():
    state, events = attack(duel(fighter("Itzel"), front("Arshan")), "basic", HIT)
    assert "Take Them Living" in used(events)
    state = act(state, "end")
    assert actor(state) == 1 and not [move for move in offered(state) if move.startswith("move")]
    assert "face N" in offered(state)
    assert refusal(state, "move N S") == "A card forbids your warrior to move"


def test_take_them_living_is_not_used_after_a_weapon_hit():
    state = duel(fighter("Itzel", ["Obsidian-Edged Club"]), front("Arshan"))
    state, events = attack(state, "Obsidian-Edged Club", HIT)
    assert attacks(events)[0]["hit"] and "Take Them Living" not in used(events)
    assert "move N S" in offered(act(state, "end"))


# Shoulder of the Ox (Brannoc): once each turn, after an adjacent opponent hits him, push them one space away.


def test_shoulder_of_the_ox_pushes_an_adjacent_attacker_away():
    state = duel(fighter("Arshan", space=(1, 1)), fighter("Brannoc", space=(1, 2), facing="S"))
    after, events = attack(state, "basic", HIT)
    assert used(events) == ["Shoulder of the Ox"] and after.fighters[0].space == (1, 0)
    assert after.fighters[0].facing == "N"  # a pushed warrior is not turned


def test_shoulder_of_the_ox_does_not_reach_an_attacker_two_spaces_away():
    state = duel(fighter("Arshan", ["Gilded Lance"]), fighter("Brannoc", space=(1, 2), facing="S"))
    after, events = attack(state, "Gilded Lance", HIT)
    assert attacks(events)[0]["hit"] and used(events) == [] and after.fighters[0].space == (1, 0)


def test_shoulder_of_the_ox_pushes_once_each_turn():
    state = duel(fighter("Arshan", space=(1, 1)), fighter("Brannoc", space=(1, 3), facing="S"), actions=4)
    state = with_attacks(act(state, "move N N"), "hit", "hit")  # now at (1, 2), adjacent
    state, events = play(state, "attack basic 1")
    assert used(events) == ["Shoulder of the Ox"] and state.fighters[0].space == (1, 1)
    state, events = play(act(state, "move N N"), "attack basic 1")
    assert attacks(events)[0]["hit"] and used(events) == [] and state.fighters[0].space == (1, 2)


# Gilded Command (Arshan): his Initiative is +1.


def test_gilded_command_wins_arshan_an_initiative_he_would_have_tied():
    state = before_round(
        fighter("Arshan", face_down=["Gilded Scale Corselet"]),  # Initiative 3, +1
        fighter("Kaito", face_down=["Hall of the Honoured Dead"], space=(1, 3), facing="S"),  # 3, and more Experience
        round=2,
    )
    state, events = play(state, "end")
    (initiative,) = [event.data for event in events if event.kind == "initiative"]
    assert initiative == {"initiative": [4, 3], "first": 0, "by": "initiative", "order": [0, 1]}
    assert state.order == (0, 1)


def test_gilded_command_has_nothing_to_add_to_in_the_fifth_round():
    state = before_round(fighter("Arshan"), fighter("Kaito", space=(1, 3), facing="S"), round=5)
    state, events = play(state, "end")
    (initiative,) = [event.data for event in events if event.kind == "initiative"]
    assert initiative == {"initiative": [None, None], "first": 1, "by": "experience", "order": [1, 0]}
    assert state.order == (1, 0)


# Hold the Line (Kallias): while the opponent is adjacent, his defense rolls are +1.


@pytest.mark.parametrize(("space", "source", "bonus"), [((1, 1), "basic", 1), ((1, 2), "Gilded Lance", 0)])
def test_hold_the_line_adds_to_kallias_defense_only_against_an_adjacent_attacker(space, source, bonus):
    state = duel(fighter("Arshan", ["Gilded Lance"]), fighter("Kallias", space=space, facing="S"))
    _, events = attack(state, source, HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# -- inspirations -----------------------------------------------------------------------------------------------

# Ride Without Rest (Oath of the Open Sky): Reveal: Speed +1 this round.


def test_ride_without_rest_gives_a_fourth_action_in_the_round_it_is_revealed_only():
    state = before_round(
        fighter("Ulzii", face_down=["Oath of the Open Sky"]),
        fighter("Arshan", face_down=["Gilded Face-Helm"], space=(1, 3), facing="S"),
        round=2,
    )
    state, events = play(state, "end")
    assert used(events) == ["Ride Without Rest"] and actor(state) == 0 and RULES.actions_left(state) == 4
    assert RULES.view(state, None).fighters[0].speed == 4
    state = act(state, "end", "end")  # round 3: no card to reveal, Arshan first on Experience
    assert state.round == 3 and RULES.view(state, None).fighters[0].speed == 3
    state = act(state, "end")
    assert actor(state) == 0 and RULES.actions_left(state) == 3


# Every Scar a Lesson (Hall of the Honoured Dead): after being hit, gain 1 Experience (for good).


@pytest.mark.parametrize(("dice", "experience"), [(HIT, 5), (MISS, 4)], ids=["hit", "missed"])
def test_every_scar_a_lesson_teaches_hrafnhild_only_when_she_is_hit(dice, experience):
    state = duel(fighter("Arshan"), front("Hrafnhild", "Hall of the Honoured Dead"))
    after, _ = attack(state, "basic", dice)
    assert RULES.experience(after, 1) == experience == RULES.view(after, 0).public.fighters[1].experience
    after = act(after, "end", "end")  # the next round: the Experience stays
    assert after.round == 2 and RULES.experience(after, 1) == experience


# Mother's Mercy (Gift of the Reed Mother): Reveal: you may discard this card to gain 2 Life.


def test_mothers_mercy_is_offered_at_reveal_and_trades_the_card_for_two_life():
    state = before_round(
        fighter("Kallias", face_down=["Gift of the Reed Mother"]), fighter("Arshan", space=(1, 3)), round=2
    )
    state = act(state, "end")
    assert actor(state) == 0 and offered(state) == [use_of("Mother's Mercy"), "decline"]
    used_it, events = play(state, use_of("Mother's Mercy"))
    kallias = used_it.fighters[0]
    assert kallias.life == 10 and kallias.face_up == () and kallias.discarded == (card("Gift of the Reed Mother"),)
    assert "discarded" in [str(event.kind) for event in events]
    declined = act(state, "decline").fighters[0]
    assert declined.life == 8 and declined.face_up == (card("Gift of the Reed Mother"),)


# Second Breath (The Still Water Way): once each round, after the rolls, re-roll the lower die of your roll.


def test_second_breath_rerolls_kaitos_lower_die_once_each_round():
    state = duel(fighter("Kaito", ["The Still Water Way"]), front("Arshan"))
    state = with_dice(state, 1, 4, 6, 5, 6, None, None, None, None)
    state = act(state, "attack basic 1")
    assert actor(state) == 0 and offered(state) == [use_of("Second Breath"), "decline"]
    state, events = play(state, use_of("Second Breath"))
    (rerolled,) = attacks(events)
    assert rerolled["attack_dice"] == [6, 4] and rerolled["hit"]  # 10 +3 against 11
    state, events = play(state, "attack basic 1")
    assert len(attacks(events)) == 1 and not state.offers  # spent for the round: nobody is asked


def test_second_breath_declined_leaves_the_roll_as_it_fell():
    state = duel(fighter("Kaito", ["The Still Water Way"]), front("Arshan"))
    state = act(with_dice(state, 1, 4, 6, 5), "attack basic 1")
    state, events = play(state, "decline")
    assert attacks(events)[0]["attack_dice"] == [1, 4] and not attacks(events)[0]["hit"]


# Shattered Reflection (Smoke-Mirror Vision): at the start of a round, you may discard this card to turn another
# warrior's newest face-up support face down (with two players, the opponent's; see test_multiplayer for more).


@pytest.mark.parametrize("answer", ["use", "decline"])
def test_shattered_reflection_turns_the_opponents_newest_card_face_down(answer):
    state = before_round(
        fighter("Itzel", face_down=["Smoke-Mirror Vision"]),
        front("Hrafnhild", "Brow-Guard Helm", "Long-Hafted Axe"),
        round=3,
    )
    state = act(state, "end")
    assert offered(state) == [use_of("Shattered Reflection"), "decline"]
    state = act(state, use_of("Shattered Reflection") if answer == "use" else "decline")
    hrafnhild, view = state.fighters[1], RULES.view(state, None).fighters[1]
    axe = card("Long-Hafted Axe")
    if answer == "use":
        assert hrafnhild.face_up == (card("Brow-Guard Helm"),) and hrafnhild.turned_down == (axe,)
        assert axe not in view.face_up and state.fighters[0].discarded == (card("Smoke-Mirror Vision"),)
    else:
        assert axe in hrafnhild.face_up and axe in view.face_up
    state = act(state, "end")  # Itzel went first (Initiative 9)
    assert (f"attack {axe} 0" in offered(state)) == (answer == "decline")


# Oak-Rooted (Song of the Grove Kings): Reveal: defense rolls +2 this round.


def test_oak_rooted_adds_two_to_brannocs_defense_in_the_round_it_is_revealed():
    state = before_round(fighter("Arshan"), front("Brannoc", face_down=["Song of the Grove Kings"]), round=2)
    state, events = play(state, "end")
    assert "Oak-Rooted" in used(events) and actor(state) == 0
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == 2
    state = act(state, "end", "end")  # round 3
    _, events = attack(state, "basic", HIT)
    assert state.round == 3 and defense_bonus(attacks(events)[0]) == 0


# Steady Hand (Favour of the Eternal Flame): weapon attack rolls +1.


@pytest.mark.parametrize(("source", "bonus"), [("Gilded Lance", 2), ("basic", 1)])
def test_steady_hand_adds_to_weapon_attacks_only(source, bonus):
    state = duel(fighter("Arshan", ["Gilded Lance", "Favour of the Eternal Flame"]), front("Kaito"))
    weapon = source if source == "basic" else card(source)
    assert RULES.view(state, 0).public.modifier_of(f"attack {weapon} 1") == bonus  # shown before the roll
    _, events = attack(state, source, HIT)
    assert attack_bonus(attacks(events)[0]) == bonus  # the grid's +1, and Steady Hand's for the lance


# Called to Arms (Voice of the Assembly): Reveal: turn your leftmost face-down support face up (its Reveal
# ability is not used).


def test_called_to_arms_turns_the_next_card_up_without_its_reveal_ability():
    state = before_round(
        fighter("Kallias", face_down=["Voice of the Assembly", "Oath of the Open Sky"]),
        fighter("Arshan", space=(1, 3), facing="S"),
        round=2,
    )
    state, events = play(state, "end")
    kallias = state.fighters[0]
    assert kallias.face_up == (card("Voice of the Assembly"), card("Oath of the Open Sky"))
    assert used(events) == ["Called to Arms"]  # not Ride Without Rest
    assert RULES.view(state, 1).public.fighters[0].face_down == 0 and RULES.speed(state, 0) == 3


def test_called_to_arms_with_no_card_left_face_down_turns_nothing():
    state = before_round(fighter("Kallias", face_down=["Voice of the Assembly"]), fighter("Arshan"), round=2)
    state, events = play(state, "end")
    assert used(events) == ["Called to Arms"] and state.fighters[0].face_up == (card("Voice of the Assembly"),)
    assert [event.data["card"] for event in events if event.kind == "revealed"] == [card("Voice of the Assembly")]


# -- weapons ----------------------------------------------------------------------------------------------------

# Find the Range (Horn-and-Sinew Bow): after a weapon miss, the next attack roll is +1.


def test_find_the_range_steadies_the_next_attack_after_a_missed_shot():
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"]), fighter("Arshan", space=(1, 2), facing="S"), actions=4)
    state = with_dice(state, *MISS, None, None, None, None, None, None, None, None)
    state, events = play(state, "attack sp-09 1")
    assert used(events) == ["Find the Range"] and attack_bonus(attacks(events)[0]) == 1  # the bow's +1 at 2
    state = act(state, "move N N")  # now adjacent: the basic grid's +1 ahead
    state, events = play(state, "attack basic 1")
    assert attack_bonus(attacks(events)[0]) == 2
    _, events = play(state, "attack basic 1")  # the +1 was for one attack only
    assert attack_bonus(attacks(events)[0]) == 1


def test_find_the_range_is_not_used_after_a_basic_miss():
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"], space=(1, 1)), fighter("Arshan", space=(1, 2), facing="S"))
    state = with_dice(state, *MISS, None, None, None, None)
    state, events = play(state, "attack basic 1")
    assert used(events) == []
    _, events = play(state, "attack sp-09 1")
    assert attack_bonus(attacks(events)[0]) == -1  # the bow's -1 at one space, nothing more


# Red Harvest (Long-Hafted Axe): once each turn, after a hit with doubles, attack again immediately.


@pytest.mark.parametrize("source", ["Long-Hafted Axe", "basic"])
def test_red_harvest_makes_a_free_attack_after_a_critical_axe_hit_with_what_its_player_chooses(source):
    state = duel(fighter("Hrafnhild", ["Long-Hafted Axe"]), front("Arshan", life=20))
    state = with_dice(state, *CRITICAL, None, None, None, None)
    state, events = play(state, "attack sp-10 1")
    (first,) = attacks(events)
    assert first["critical"] and first["damage"] == 4 and used(events) == ["Red Harvest"]
    # Both the axe and her basic attack reach Arshan: she chooses, and the board shows each one's modifier.
    axe = card("Long-Hafted Axe")
    assert offered(state) == [f"attack {axe} 1", "attack basic 1"]
    assert RULES.view(state, None).question.kind == "attack"
    assert refusal(state, "end") == "Choose what to make this attack with"
    state, events = play(state, f"attack {axe if source != 'basic' else 'basic'} 1")
    (second,) = attacks(events)
    assert second["created"] and second["source"] == (axe if source != "basic" else "basic")
    assert RULES.actions_left(state) == 2  # the created attack cost no action


def test_red_harvest_attacks_without_asking_when_one_attack_reaches():
    state = duel(fighter("Hrafnhild", ["Long-Hafted Axe"]), fighter("Arshan", space=(1, 2), facing="S", life=20))
    state = with_dice(state, *CRITICAL, None, None, None, None)
    state, events = play(state, "attack sp-10 1")  # two spaces ahead: the axe's reach, not the basic grid's
    first, second = attacks(events)
    assert first["critical"] and second["created"] and second["source"] == card("Long-Hafted Axe")


def test_red_harvest_is_used_once_each_turn_even_after_a_second_double():
    state = duel(fighter("Hrafnhild", ["Long-Hafted Axe"]), front("Arshan", life=20))
    source = rigged_where(8, lambda dice: dice[:4] == CRITICAL and dice[4] == dice[5] >= 5 and sum(dice[6:]) <= 6)
    state, first = play(replace(state, rng_state=source), "attack sp-10 1")
    state, second = play(state, f"attack {card('Long-Hafted Axe')} 1")
    assert [each["critical"] for each in attacks(first + second)] == [True, True]
    assert used(first + second) == ["Red Harvest"] and not state.offers


def test_red_harvest_needs_doubles():
    state = duel(fighter("Hrafnhild", ["Long-Hafted Axe"]), front("Arshan"))
    _, events = attack(state, "Long-Hafted Axe", HIT)
    assert len(attacks(events)) == 1 and used(events) == []


# Hooked Edge (Sickle-Sword): after a weapon hit, the opponent cannot rotate until your next turn.


@pytest.mark.parametrize("source", ["Sickle-Sword", "basic"])
def test_hooked_edge_stops_the_opponent_turning_after_a_sickle_hit(source):
    state = duel(fighter("Nebet-Ankhu", ["Sickle-Sword"]), front("Arshan"))
    state, events = attack(state, source, HIT)
    state = act(state, "end")
    moves = [move for move in offered(state) if move.startswith("move")]
    if source == "basic":
        assert "Hooked Edge" not in used(events) and "face N" in offered(state) and "move E N" in moves
        return
    assert used(events) == ["Hooked Edge"]
    assert not [each for each in offered(state) if each.startswith("face")]
    assert moves == ["move N S", "move E S", "move W S"]  # the free turn after a move is a rotation too
    assert refusal(state, "face N") == "A card forbids your warrior to turn"
    assert refusal(state, "move E N") == "A card forbids your warrior to turn: move keeping its facing"


# Answering Cut (Curved Longsword): once each round, after being missed, attack immediately if possible.


def test_answering_cut_strikes_back_at_a_missing_attacker_in_reach():
    state = duel(fighter("Arshan"), front("Kaito", "Curved Longsword"))
    state = with_dice(state, *MISS, None, None, None, None)
    state, events = play(state, "attack basic 1")
    (missed,) = attacks(events)
    assert not missed["hit"] and used(events) == ["Answering Cut"]
    assert actor(state) == 1 and offered(state) == [f"attack {card('Curved Longsword')} 0", "attack basic 0"]
    state, events = play(state, f"attack {card('Curved Longsword')} 0")
    (answer,) = attacks(events)
    assert answer["created"] and answer["target"] == 0 and answer["source"] == card("Curved Longsword")
    assert actor(state) == 0 and RULES.actions_left(state) == 2  # still Arshan's turn


def test_answering_cut_needs_the_attacker_in_a_grid():
    state = duel(fighter("Arshan"), fighter("Kaito", ["Curved Longsword"], space=(1, 1), facing="N"))
    _, events = attack(state, "basic", MISS)
    assert len(attacks(events)) == 1 and used(events) == []


def test_answering_cut_works_once_each_round():
    state = duel(fighter("Arshan"), front("Kaito", "Curved Longsword"))
    # A miss, Kaito's answer (any dice), then a second miss: 3 + 1 below the defence.
    source = rigged_where(12, lambda dice: dice[:4] == MISS and sum(dice[8:10]) + 1 < sum(dice[10:]))
    state, first = play(replace(state, rng_state=source), "attack basic 1")
    state, answer = play(state, "attack basic 0")
    state, second = play(state, "attack basic 1")
    assert len(attacks(first + answer)) == 2 and len(attacks(second)) == 1 and not attacks(second)[0]["hit"]
    assert not state.offers


# Glass Teeth (Obsidian-Edged Club): after a weapon hit, your next attack deals +1 damage.


@pytest.mark.parametrize(("first", "damage"), [("Obsidian-Edged Club", 2), ("basic", 1)])
def test_glass_teeth_sharpens_the_attack_after_a_club_hit(first, damage):
    state = duel(fighter("Itzel", ["Obsidian-Edged Club"]), front("Arshan"))
    state = with_attacks(state, "hit", "hit")
    state, events = play(state, f"attack {first if first == 'basic' else card(first)} 1")
    assert ("Glass Teeth" in used(events)) == (first != "basic")
    state, events = play(state, "attack basic 1")
    assert attacks(events)[0]["damage"] == damage


# Loose at a Distance (Bundle of Javelins): while the opponent is not adjacent, attack rolls +1.


@pytest.mark.parametrize(("space", "bonus"), [((1, 2), 2), ((1, 1), 0)], ids=["two away", "adjacent"])
def test_loose_at_a_distance_helps_only_at_range(space, bonus):
    state = duel(fighter("Brannoc", ["Bundle of Javelins"]), fighter("Arshan", space=space, facing="S"))
    _, events = attack(state, "Bundle of Javelins", HIT)
    assert attack_bonus(attacks(events)[0]) == bonus  # the javelins' +1 two away, 0 adjacent; and the card's


# Thundering Charge (Gilded Lance): while you took the first turn this round, attacks deal +1 damage.


@pytest.mark.parametrize(("order", "damage"), [((0, 1), 3), ((1, 0), 2)], ids=["first", "second"])
def test_thundering_charge_hits_harder_for_the_warrior_who_went_first(order, damage):
    state = duel(fighter("Arshan", ["Gilded Lance"]), front("Kaito"), order=order)
    after, events = attack(state, "Gilded Lance", HIT)
    assert attacks(events)[0]["damage"] == damage and after.fighters[1].life == 6 - damage


# Drive Them Back (Ash-Shafted Spear): once each turn, after a weapon hit, push the opponent one space away.


@pytest.mark.parametrize(("source", "pushed_to"), [("Ash-Shafted Spear", (1, 2)), ("basic", (1, 1))])
def test_drive_them_back_pushes_after_a_spear_hit_only(source, pushed_to):
    state = duel(fighter("Kallias", ["Ash-Shafted Spear"]), front("Arshan"))
    after, events = attack(state, source, HIT)
    assert attacks(events)[0]["hit"] and after.fighters[1].space == pushed_to
    assert after.fighters[1].facing == "S"


def test_drive_them_back_needs_room_behind_the_opponent():
    state = duel(fighter("Kallias", ["Ash-Shafted Spear"], space=(1, 2)), fighter("Arshan", space=(1, 3), facing="S"))
    after, events = attack(state, "Ash-Shafted Spear", HIT)
    assert attacks(events)[0]["hit"] and after.fighters[1].space == (1, 3)  # the arena's edge
    assert used(events) == [] and after.fighters[0].uses == ()  # not spent on nothing: it is optional


# -- armour -----------------------------------------------------------------------------------------------------

# Arrows Find Felt (Felt-Lined Lamellar): while the opponent is not adjacent, defense rolls +1.


@pytest.mark.parametrize(("space", "source", "bonus"), [((1, 1), "Gilded Lance", 1), ((1, 2), "basic", 0)])
def test_arrows_find_felt_defends_against_attacks_from_afar(space, source, bonus):
    ulzii = fighter("Ulzii", ["Felt-Lined Lamellar"], space=(1, 3), facing="S")
    state = duel(fighter("Arshan", ["Gilded Lance"], space=space), ulzii)
    _, events = attack(state, source, HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# Wheel to the Blow (Brow-Guard Helm): once each turn, after being hit, turn to face the opponent.


@pytest.mark.parametrize(("dice", "facing"), [(HIT, "S"), (MISS, "N")], ids=["hit", "missed"])
def test_wheel_to_the_blow_turns_hrafnhild_to_her_attacker_when_hit(dice, facing):
    state = duel(fighter("Arshan"), fighter("Hrafnhild", ["Brow-Guard Helm"], space=(1, 1), facing="N"))
    after, events = attack(state, "basic", dice)
    assert after.fighters[1].facing == facing and ("Wheel to the Blow" in used(events)) == (facing == "S")


# Blessed Scales (Gilded Scale Corselet): once each round, after being missed, gain 1 Life.


def test_blessed_scales_heal_after_the_first_miss_of_the_round_only():
    state = duel(fighter("Arshan"), front("Nebet-Ankhu", "Gilded Scale Corselet"))
    state = with_attacks(state, "miss", "miss")
    state, events = play(state, "attack basic 1")
    assert used(events) == ["Blessed Scales"] and state.fighters[1].life == 7  # above the card's 6
    state, events = play(state, "attack basic 1")
    assert used(events) == [] and state.fighters[1].life == 7


def test_blessed_scales_do_nothing_when_hit():
    state = duel(fighter("Arshan"), front("Nebet-Ankhu", "Gilded Scale Corselet"))
    after, events = attack(state, "basic", HIT)
    assert used(events) == [] and after.fighters[1].life == 5


# Turn the Edge (Laced Plate Sleeves): once each turn, after the rolls, make the opponent re-roll their higher
# die.


def test_turn_the_edge_makes_the_attacker_reroll_the_higher_die_once_each_turn():
    state = duel(fighter("Arshan"), front("Kaito", "Laced Plate Sleeves"))
    state = act(with_dice(state, 6, 3, 3, 3, 1, None, None, None, None), "attack basic 1")
    assert actor(state) == 1 and offered(state) == [use_of("Turn the Edge"), "decline"]
    assert RULES.view(state, None).question.seat == 1
    state, events = play(state, use_of("Turn the Edge"))
    (rerolled,) = attacks(events)
    assert rerolled["attack_dice"] == [1, 3] and not rerolled["hit"]  # 4 +1 against 6; it was 9 +1
    state, events = play(state, "attack basic 1")
    assert len(attacks(events)) == 1 and not state.offers


def test_turn_the_edge_declined_lets_the_roll_stand():
    state = duel(fighter("Arshan"), front("Kaito", "Laced Plate Sleeves"))
    state = act(with_dice(state, 6, 3, 3, 3), "attack basic 1")
    _, events = play(state, "decline", seat=1)
    assert attacks(events)[0]["attack_dice"] == [6, 3] and attacks(events)[0]["hit"]


# Salt-Stiffened (Quilted Cotton Coat): defense rolls +1.


@pytest.mark.parametrize(("face_up", "bonus"), [(True, 1), (False, 0)], ids=["face up", "face down"])
def test_salt_stiffened_adds_to_itzels_defense_while_face_up(face_up, bonus):
    coat = ["Quilted Cotton Coat"]
    itzel = fighter("Itzel", coat if face_up else (), face_down=() if face_up else coat, space=(1, 1), facing="S")
    _, events = attack(duel(fighter("Arshan"), itzel), "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == bonus


# Second Wind (Studded Leather Trews): while wounded, Speed +1.


@pytest.mark.parametrize(("life", "speed"), [(8, 4), (9, 3)], ids=["wounded", "unhurt"])
def test_second_wind_gives_a_wounded_brannoc_a_fourth_action(life, speed):
    state = duel(fighter("Brannoc", ["Studded Leather Trews"], life=life), front("Arshan"))
    assert RULES.actions_left(state) == speed == RULES.view(state, 1).public.fighters[0].speed


# Unreadable Face (Gilded Face-Helm): while face up, Experience +2.


@pytest.mark.parametrize(("face_up", "first"), [(True, 0), (False, 1)], ids=["face up", "discarded"])
def test_unreadable_face_lends_experience_that_wins_the_fifth_rounds_tie(face_up, first):
    helm = ["Gilded Face-Helm"]  # (a card still face down would be turned up at the fifth round's start)
    arshan = fighter("Arshan", helm if face_up else (), discarded=() if face_up else helm)
    state = before_round(arshan, fighter("Nebet-Ankhu", space=(1, 3)), round=5)
    assert RULES.view(state, 1).public.fighters[0].experience == (9 if face_up else 7)  # Nebet-Ankhu has 8
    state = act(state, "end")
    assert state.order[0] == first


# Rim Strike (Bronze Round Shield): once each round, after an adjacent opponent misses, deal them 1 damage.


@pytest.mark.parametrize(("source", "kallias_at", "life"), [("basic", (1, 1), 6), ("Gilded Lance", (1, 2), 7)])
def test_rim_strike_punishes_an_adjacent_miss(source, kallias_at, life):
    kallias = fighter("Kallias", ["Bronze Round Shield"], space=kallias_at, facing="S")
    state = duel(fighter("Arshan", ["Gilded Lance"]), kallias)
    after, events = attack(state, source, MISS)
    assert after.fighters[0].life == life and ("Rim Strike" in used(events)) == (life == 6)


def test_rim_strike_works_once_each_round():
    state = duel(fighter("Arshan"), front("Kallias", "Bronze Round Shield"))
    state = act(with_attacks(state, "miss", "miss"), "attack basic 1", "attack basic 1")
    assert state.fighters[0].life == 6


# -- specials ---------------------------------------------------------------------------------------------------

# Arrows at First Light (Volley from the Saddle): Reveal: an attack at +1 from anywhere, with no other bonus.


def test_arrows_at_first_light_shoots_across_the_arena_at_exactly_plus_one():
    state = before_round(
        fighter("Ulzii", ["Bundle of Javelins"], face_down=["Volley from the Saddle"], space=(0, 0)),
        fighter("Arshan", space=(3, 3), facing="S"),
        round=2,
        dice=HIT,
    )
    state, events = play(state, "end")
    (volley,) = attacks(events)
    assert volley["created"] and volley["hit"] and volley["source"] == "basic"
    assert attack_bonus(volley) == 1  # ruling C5: not the javelins' +1 at a distance
    assert state.fighters[1].life == 6 and state.stage == "turn"


def test_arrows_at_first_light_is_not_used_again_in_a_later_round():
    state = before_round(
        fighter("Ulzii", ["Volley from the Saddle"], space=(0, 0)), fighter("Arshan", space=(3, 3)), round=3
    )
    _, events = play(state, "end")
    assert attacks(events) == [] and used(events) == []


# Red Mist (Wolf-Skin Fury): Reveal: this round, attack rolls +2 and defense rolls -1.


def test_red_mist_lasts_the_round_it_is_revealed():
    state = before_round(fighter("Hrafnhild", face_down=["Wolf-Skin Fury"]), front("Arshan"), round=2)
    state = act(state, "end")
    assert actor(state) == 1  # Arshan: null Initiative ties, and his Experience is higher
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == -1
    state = act(state, "end")
    _, events = attack(state, "basic", MISS)
    assert attack_bonus(attacks(events)[0]) == 3  # the grid's +1 and Red Mist's +2
    state = act(state, "end")
    assert state.round == 3 and actor(state) == 1
    _, events = attack(state, "basic", HIT)
    assert defense_bonus(attacks(events)[0]) == 0


# Chariot Dash (Reed-Gate Chariot): Action: move two spaces.


def test_chariot_dash_moves_nebet_two_spaces_for_one_action():
    state = duel(fighter("Nebet-Ankhu", ["Reed-Gate Chariot"]), fighter("Arshan", space=(1, 3), facing="S"))
    assert use_of("Chariot Dash") in offered(state)
    after, events = play(state, use_of("Chariot Dash"))
    assert used(events) == ["Chariot Dash"] and RULES.actions_left(after) == 2
    after = act(after, "move E N")
    assert after.fighters[0].space == (2, 0) and RULES.view(after, None).question.steps == 1
    assert refusal(after, "attack basic 1") == "Move your warrior one space it can go to, turn it, or stop here"
    after = act(after, "move N W")
    assert after.fighters[0].space == (2, 1) and after.fighters[0].facing == "W" and not after.offers
    assert RULES.actions_left(after) == 2, "both spaces were the one action's"


def test_chariot_dash_stops_at_the_other_warrior_and_is_not_offered_with_nowhere_to_go():
    state = duel(fighter("Nebet-Ankhu", ["Reed-Gate Chariot"], space=(0, 0)), fighter("Arshan", space=(0, 2)))
    after = act(state, use_of("Chariot Dash"), "move N N")
    assert after.fighters[0].space == (0, 1)
    assert [each for each in offered(after) if each.startswith("move N")] == [], "not into Arshan"
    after = act(after, "decline")
    assert not after.offers and RULES.actions_left(after) == 2
    held = Lasting(1, Effect("prohibit", what="move", who="opponent"), "round", 1)
    pinned = duel(fighter("Nebet-Ankhu", ["Reed-Gate Chariot"]), fighter("Arshan", space=(1, 3)), lasting=(held,))
    assert use_of("Chariot Dash") not in offered(pinned)


def test_chariot_dash_is_no_action_while_the_chariot_is_face_down():
    state = duel(fighter("Nebet-Ankhu", face_down=["Reed-Gate Chariot"]), fighter("Arshan", space=(1, 3)))
    assert use_of("Chariot Dash") not in offered(state)
    assert refusal(state, use_of("Chariot Dash")) == "That ability cannot be used now"


# Still Point (Empty-Mind Breath): Action: discard this card to make your next roll 10 before modifiers.


def test_still_point_sets_the_next_roll_to_ten_which_is_no_double():
    state = duel(fighter("Kaito", ["Empty-Mind Breath"]), front("Arshan"))
    state, _ = play(state, use_of("Still Point"))
    assert state.fighters[0].discarded == (card("Empty-Mind Breath"),) and RULES.actions_left(state) == 2
    after, events = attack(state, "basic", (1, 2))  # only the defence rolls dice
    (data,) = attacks(events)
    assert sum(data["attack_dice"]) == 10 and data["attack_total"] == 12  # +1 ahead, +1 First Cut
    assert data["hit"] and not data["critical"] and data["damage"] == 1  # no dice, so no doubles
    assert after.fighters[0].set_next_roll == 0


def test_still_point_cannot_be_used_face_down():
    state = duel(fighter("Kaito", face_down=["Empty-Mind Breath"]), front("Arshan"))
    assert use_of("Still Point") not in offered(state)


# Choking Cloud (Chili Smoke): Action: discard this card: the opponent makes no weapon attacks until your next
# turn.


def test_choking_cloud_stops_weapon_attacks_until_itzels_next_turn():
    state = duel(fighter("Itzel", ["Chili Smoke"]), front("Hrafnhild", "Long-Hafted Axe"))
    axe = f"attack {card('Long-Hafted Axe')} 0"
    assert axe in offered(act(state, "end"))
    state = act(state, use_of("Choking Cloud"), "end")
    assert state.fighters[0].discarded == (card("Chili Smoke"),)
    assert axe not in offered(state) and "attack basic 0" in offered(state)
    assert refusal(state, axe) == "A card forbids your warrior to attack with a weapon"
    state = act(state, "end")  # round 2: no cards turned, so Itzel's Experience, 5 to 4, goes first
    assert state.round == 2 and actor(state) == 0
    state = act(state, "end")
    assert axe in offered(state)


# Sucking Mire (Black Bog Ground): Reveal: the opponent cannot move this round.


def test_sucking_mire_roots_the_opponent_for_the_round():
    state = before_round(fighter("Arshan"), fighter("Brannoc", face_down=["Black Bog Ground"], space=(2, 3)), round=2)
    state, events = play(state, "end")
    assert used(events) == ["Sucking Mire"] and actor(state) == 0
    assert not [move for move in offered(state) if move.startswith("move")] and "face E" in offered(state)
    state = act(state, "end")
    assert [move for move in offered(state) if move.startswith("move")]  # Brannoc himself moves freely
    state = act(state, "end")  # round 3
    assert state.round == 3 and actor(state) == 0 and "move N N" in offered(state)


# Crown Above the Helm (Diadem of the Dawn Court): you may have one more Head card in play.


@pytest.mark.parametrize("crowned", [True, False])
def test_crown_above_the_helm_lets_a_second_head_card_stay(crowned):
    other_head = "Diadem of the Dawn Court" if crowned else "Brow-Guard Helm"
    state = before_round(
        fighter("Arshan", [other_head], face_down=["Gilded Face-Helm"]), fighter("Kaito", space=(1, 3)), round=2
    )
    state = act(state, "end")
    face_helm = card("Gilded Face-Helm")
    if crowned:
        assert not state.offers and state.fighters[0].face_up == (card(other_head), face_helm)
        return
    assert actor(state) == 0 and sorted(offered(state)) == sorted(
        [f"discard {card(other_head)}", f"discard {face_helm}"]
    )


# Before the Sun (March Before Dawn): at the start of each round, you may move one space.


@pytest.mark.parametrize(("answer", "space"), [("use", (1, 1)), ("decline", (1, 0))])
def test_before_the_sun_offers_a_step_at_the_start_of_the_round(answer, space):
    state = before_round(
        fighter("Kallias", face_down=["March Before Dawn"]), fighter("Arshan", space=(1, 3), facing="S"), round=2
    )
    state = act(state, "end")
    assert actor(state) == 0 and offered(state) == [use_of("Before the Sun"), "decline"]
    state = act(state, *([use_of("Before the Sun"), "move N N"] if answer == "use" else ["decline"]))
    assert state.fighters[0].space == space and state.stage == "turn"


# Change of Ground (Tide-Knot Rope): Action, once each round: trade places with an adjacent opponent (the one
# ability written as a named routine, `code`).


def test_change_of_ground_trades_places_with_an_adjacent_opponent_each_keeping_its_facing():
    state = duel(fighter("Kaito", ["Tide-Knot Rope"]), fighter("Arshan", space=(2, 0), facing="W"))
    state, events = play(state, use_of("Change of Ground"))
    assert used(events) == ["Change of Ground"] and RULES.actions_left(state) == 2
    assert [(each.space, each.facing) for each in state.fighters] == [((2, 0), "N"), ((1, 0), "W")]
    assert use_of("Change of Ground") not in offered(state), "once each round"


def test_change_of_ground_needs_the_opponent_adjacent_and_both_free_to_move():
    apart = duel(fighter("Kaito", ["Tide-Knot Rope"]), fighter("Arshan", space=(3, 3)))
    assert use_of("Change of Ground") not in offered(apart)
    assert refusal(apart, use_of("Change of Ground")) == "That ability cannot be used now"
    mired = Lasting(1, Effect("prohibit", what="move", who="opponent"), "until_your_next_turn", 1)
    held = duel(fighter("Kaito", ["Tide-Knot Rope"]), front("Arshan"), lasting=(mired,))
    assert use_of("Change of Ground") not in offered(held), "it would do nothing"


def test_a_card_pool_naming_a_routine_the_game_lacks_is_refused():
    rope = next(each for each in POOL.supports if each.name == "Tide-Knot Rope")
    odd = replace(rope.abilities[0], effects=(Effect("code", what="fly_away"),))
    pool = CardPool(POOL.warriors, (*POOL.supports[:-1], replace(rope, abilities=(odd,))))
    with pytest.raises(ValueError, match="fly_away"):
        AnachronismRules(pool)


# -- face-down cards ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("support", [each.name for each in POOL.supports])
@pytest.mark.parametrize("dice", [HIT, MISS, CRITICAL], ids=["hit", "miss", "critical"])
def test_a_face_down_support_changes_nothing(support, dice):
    bare = duel(fighter("Kallias"), front("Brannoc"))
    covered = duel(fighter("Kallias", face_down=[support]), front("Brannoc", face_down=[support]))
    assert offered(covered) == offered(bare)
    after_bare, events_bare = attack(bare, "basic", dice)
    after_covered, events_covered = attack(covered, "basic", dice)
    assert events_covered == events_bare
    assert [(each.life, each.space, each.facing) for each in after_covered.fighters] == [
        (each.life, each.space, each.facing) for each in after_bare.fighters
    ]
    assert RULES.view(after_covered, None).fighters[0].speed == RULES.view(after_bare, None).fighters[0].speed
