"""The rulebook's situations an audit of the rules engine found played wrong (issue 32): each test sets the
situation up and quotes the rule it follows. Rulings are cited by id (../RULINGS.md)."""

from __future__ import annotations

from bot.games.anachronism.abilities import number
from bot.games.anachronism.content import Ability, CardPool, Effect, Support
from bot.games.anachronism.rules import AnachronismRules

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
    kinds,
    melee,
    offered,
    play,
    use_of,
    used,
    with_dice,
)


def extra_card(card_id: str, name: str, kind: str, traits: tuple[str, ...] = (), *abilities: Ability) -> Support:
    """A support no pack ships, for a situation the shipped cards cannot make."""
    return Support(card_id, name, kind, "Test", traits, "earth", "", 0, abilities)


ANOTHER_HEAD = Ability("Spare Peg", "continuous", (Effect("extra_slot", what="head"),), "You may have another Head.")
PEG = extra_card("sp-t1", "Hat Peg", "inspiration", (), ANOTHER_HEAD)
CREST = extra_card("sp-t2", "Horned Crest", "weapon", ("head",))
CIRCLET = extra_card("sp-t3", "Plain Circlet", "special", ("head",))
STEADY = Ability("Steady Feet", "reveal", (Effect("defense_roll", 1),), "Reveal: your defense rolls are +1.")
PEBBLE = extra_card("sp-t4", "Lucky Pebble", "special", (), STEADY)
TEST_RULES = AnachronismRules(CardPool(POOL.warriors, (*POOL.supports, PEG, CREST, CIRCLET, PEBBLE)))
"""The rules over the shipped cards and these."""

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


# -- face-down cards and card restrictions -----------------------------------------------------------------------


def smoke_mirror_at_round(round_number: int, other, rules: AnachronismRules = RULES):
    """The start of round `round_number`: Itzel (seat 0, first) turns `other`'s newest face-up card face down
    with the Smoke-Mirror Vision."""
    state = before_round(fighter("Itzel", face_down=["Smoke-Mirror Vision"]), other, round=round_number, rules=rules)
    state = act(state, "end", rules=rules)
    assert offered(state, rules=rules) == [use_of("Shattered Reflection"), "decline"]
    return act(state, use_of("Shattered Reflection"), rules=rules)


def test_a_card_turned_face_down_is_turned_up_again_by_the_next_rounds_reveal():
    # "At the beginning of each Round, players simultaneously reveal their left-most face-down Support Card."
    # The Fury an ability turned face down is left of Hrafnhild's last card: it comes up first, then the last.
    fury, hall = card("Wolf-Skin Fury"), card("Hall of the Honoured Dead")
    later = ["Wolf-Skin Fury", "Hall of the Honoured Dead"]
    state = smoke_mirror_at_round(3, front("Hrafnhild", "Brow-Guard Helm", "Long-Hafted Axe", face_down=later))
    assert state.fighters[1].face_down == (fury, hall) and RULES.view(state, None).fighters[1].face_down == 2
    state = act(state, "end")
    state, events = play(state, "end")
    assert state.round == 4
    assert [(event.seat, event.data["card"]) for event in events if event.kind == "revealed"] == [(1, fury)]
    assert state.fighters[1].face_up[-1] == fury and state.fighters[1].face_down == (hall,)
    (initiative,) = [event.data["initiative"] for event in events if event.kind == "initiative"]
    assert initiative[1] == POOL.support(fury).initiative, "the card turned up this round gives the Initiative"
    state = act(state, "end", "end")
    assert state.round == 5 and hall in state.fighters[1].face_up and not state.fighters[1].face_down


def test_card_limits_are_checked_again_when_a_card_is_turned_face_down():
    # "If a situation ever arises where a player has an illegal combination of cards during a turn, that player
    # must immediately choose and discard an offending card." Arshan's two Head cards were legal while the Hat
    # Peg allowed another; once the Peg is turned face down, he must discard one of them at once.
    up = ["Brow-Guard Helm", "Plain Circlet", "Hat Peg"]
    arshan = fighter("Arshan", up, space=(1, 1), facing="S", pool=TEST_RULES.pool)
    state = smoke_mirror_at_round(3, arshan, TEST_RULES)
    helm = card("Brow-Guard Helm")
    assert offered(state, rules=TEST_RULES) == [f"discard {helm}", "discard sp-t3"]
    state, events = play(state, "discard sp-t3", rules=TEST_RULES)
    assert kinds(events)[0] == "discarded" and state.fighters[1].face_up == (helm,)
    assert not state.offers and actor(state) == 1, "Arshan's turn: his Experience won the null Initiative"


def test_two_abilities_allowing_another_head_card_allow_one_more_not_two():
    # "Replacement Abilities that specify a distinct value, state, or quantity are not additive", and
    # "'You may use another <type> card'" is one of them: with the Hat Peg and the Diadem both saying so, Arshan
    # may still have two Head cards, not three, so revealing a third makes him discard one.
    up = ["Hat Peg", "Diadem of the Dawn Court", "Brow-Guard Helm"]
    arshan = fighter("Arshan", up, face_down=["Horned Crest"], pool=TEST_RULES.pool)
    state = before_round(arshan, front("Kallias", face_down=["Chili Smoke"]), round=4, rules=TEST_RULES)
    assert TEST_RULES.offending(state, 0) == ()
    state = act(state, "end", rules=TEST_RULES)
    heads = [card("Diadem of the Dawn Court"), card("Brow-Guard Helm"), "sp-t2"]
    assert offered(state, 0, rules=TEST_RULES) == [f"discard {each}" for each in heads]


# -- ability durations -------------------------------------------------------------------------------------------


def test_an_ability_with_no_duration_lasts_while_its_card_is_in_play():
    # "If a Card Ability that does not specify a duration leaves play, the effects of that Card Ability end
    # immediately": so they last until then, not only for the round. The Lucky Pebble's +1 to defense rolls
    # outlasts its round, and ends when the Pebble is turned face down.
    kallias = fighter("Kallias", face_down=["Lucky Pebble"], space=(1, 3), facing="S", pool=TEST_RULES.pool)
    state = before_round(fighter("Arshan", face_down=["Chili Smoke"]), kallias, round=2, rules=TEST_RULES)
    state = act(state, "end", rules=TEST_RULES)
    assert kallias_defense_bonus(state) == 1
    state = act(state, "end", "end", rules=TEST_RULES)
    assert state.round == 3 and kallias_defense_bonus(state) == 1, "the round is over, the Pebble is still in play"
    state = smoke_mirror_at_round(4, state.fighters[1], TEST_RULES)
    assert state.fighters[1].turned_down == ("sp-t4",) and kallias_defense_bonus(state) == 0


def kallias_defense_bonus(state) -> int:
    """What the cards add to Kallias's (seat 1's) defense rolls now."""
    return number(TEST_RULES.pool, state, 1, "defense_roll")


# -- ruling C8 ---------------------------------------------------------------------------------------------------


def test_until_your_next_turn_ends_when_its_warrior_falls():
    # Ruling C8: an effect that lasts "until your next turn" ends when its source warrior falls, since that warrior
    # has no next turn. Itzel holds Kallias in place; Arshan then defeats her, and Kallias may move again.
    state = melee(
        fighter("Itzel", life=1),
        fighter("Kallias", space=(1, 1), facing="S"),
        fighter("Arshan", space=(0, 0), facing="E", life=9),
        order=(0, 2, 1),
    )
    state, events = play(with_dice(state, *HIT), "attack basic 1")
    assert "Take Them Living" in used(events)
    state = act(state, "end")
    held = RULES.view(state, None).fighters[1].prohibited
    assert [(each.what, each.card, each.seat, each.until) for each in held] == [
        ("move", card("Itzel"), 0, "until_your_next_turn")
    ]
    state, events = play(with_dice(state, *HIT), "attack basic 0")
    assert "fell" in kinds(events) and state.fighters[0].fallen
    state = act(state, "end")
    assert actor(state) == 1 and any(each.startswith("move ") for each in offered(state))
    assert RULES.view(state, None).fighters[1].prohibited == ()


# -- usage restrictions and simultaneous abilities ---------------------------------------------------------------


def test_once_each_turn_outside_a_turn_is_once_for_each_attack_roll():
    # "A Card Ability that can only be used 'Once each turn' may be used outside of any player's turn. These Card
    # Abilities can be used exactly once during each situation where they are relevant": with two Reveal attacks
    # before the first turn, Kaito's Laced Plate Sleeves may make the other re-roll once in each.
    state = before_round(
        fighter("Ulzii", face_down=["Volley from the Saddle"]),
        front("Kaito", "Laced Plate Sleeves", face_down=["Volley from the Saddle"]),
        round=2,
    )
    state = act(state, "end")
    assert state.stage == "reveal" and state.attack.attacker == 1, "Kaito won the tie on Experience"
    assert offered(state) == [use_of("Turn the Edge"), "decline"]
    state = act(state, use_of("Turn the Edge"))
    assert state.stage == "reveal" and state.attack.attacker == 0
    assert offered(state) == [use_of("Turn the Edge"), "decline"], "a new attack roll: a new situation"
    state, events = play(state, use_of("Turn the Edge"))
    assert used(events)[0] == "Turn the Edge"


def test_after_a_hit_the_active_player_is_asked_first_and_may_answer_after_the_other_used_theirs():
    # "If two players have a Card Ability reacting to the same event [...] the player whose turn it is (the Active
    # Player) has the first option to use his Card Ability or to pass", and "If the Active Player passes and then
    # the second player uses his Card Ability, the Active Player may wait to see the result, and then choose to
    # use his Card Ability after all." Ulzii's Answering Cut hits Brannoc on Brannoc's own turn: Brannoc's
    # Shoulder of the Ox is offered before Ulzii's Wheel Away, and again once Ulzii has wheeled away.
    ulzii = front("Ulzii", "Curved Longsword")
    state = with_dice(duel(fighter("Brannoc"), ulzii), *MISS, *HIT)
    state, _ = play(state, "attack basic 1", yes_to_hits=False)
    assert offered(state, 1) == [use_of("Answering Cut"), "decline"]
    state, _ = play(state, use_of("Answering Cut"), yes_to_hits=False)
    state, events = play(state, f"attack {card('Curved Longsword')} 0", yes_to_hits=False)
    assert attacks(events)[0]["hit"] and attacks(events)[0]["created"]
    assert actor(state) == 0 and offered(state) == [use_of("Shoulder of the Ox"), "decline"]
    state, _ = play(state, "decline", yes_to_hits=False)
    assert actor(state) == 1 and offered(state) == [use_of("Wheel Away"), "decline"]
    state, _ = play(state, use_of("Wheel Away"), yes_to_hits=False)
    state, _ = play(state, "move E S", yes_to_hits=False)
    assert state.fighters[1].space == (2, 1)
    assert actor(state) == 0 and offered(state) == [use_of("Shoulder of the Ox"), "decline"]
    state, events = play(state, use_of("Shoulder of the Ox"), yes_to_hits=False)
    assert used(events) == ["Shoulder of the Ox"] and state.fighters[1].space == (2, 2)
    assert not state.offers and actor(state) == 0


# -- moving ------------------------------------------------------------------------------------------------------


def test_an_abilitys_move_may_be_a_turn_in_place():
    # "Whenever you move your Warrior, you may rotate your Warrior in addition to or instead of the movement."
    state = before_round(
        fighter("Kallias", face_down=["March Before Dawn"]), fighter("Arshan", space=(1, 3), facing="S"), round=2
    )
    state = act(state, "end", use_of("Before the Sun"))
    assert {"face E", "face S", "face W", "move N N", "decline"} <= set(offered(state))
    state, events = play(state, "face E")
    assert (state.fighters[0].space, state.fighters[0].facing) == ((1, 0), "E") and kinds(events)[0] == "rotated"
    assert state.stage == "turn" and RULES.actions_left(state) == 3, "the turn was the ability's"


def test_a_warrior_that_cannot_move_is_not_pushed_either():
    # "Moving: When a Warrior changes their location in the arena", and "A Card Ability that disallows a specific
    # action overrides one that allows it": a warrior that cannot move can neither be pushed nor trade places.
    # Itzel's basic hit holds Kallias in place, so her spear's hit cannot push him.
    state = duel(fighter("Itzel", ["Ash-Shafted Spear"]), front("Kallias"))
    state, events = play(with_dice(state, *HIT), "attack basic 1")
    assert used(events) == ["Take Them Living"]
    state, events = play(with_dice(state, *HIT), f"attack {card('Ash-Shafted Spear')} 1")
    assert attacks(events)[0]["hit"] and used(events) == [] and state.fighters[1].space == (1, 1)
