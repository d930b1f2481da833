"""`AnachronismRules` (bot/games/anachronism/rules.py): forces chosen in private and laid down in order, set-up
rolls and placement, the turn structure (actions up to Speed, moving, rotating, attacks and their grids, criticals,
the end of the game), the order of Reveal and start-of-round abilities, reaction windows, the rulebook's examples
(a second weapon, a two-handed weapon then a shield, another Head card), every tie rule, the fifth round, and
what each seat may see.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from bot.engine import IllegalAction, Seating, SeededRandom
from bot.engine.codec import encode
from bot.games.anachronism.actions import ChooseForce, ChooseWarrior
from bot.games.anachronism.content import Effect
from bot.games.anachronism.events import AnachronismEnd
from bot.games.anachronism.state import FORCES, PLACING, PLAYING, SUPPORTS, Lasting

from .positions import (
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
    kinds,
    offered,
    play,
    refusal,
    rigged,
    rigged_where,
    use_of,
    used,
    with_attacks,
    with_dice,
)


def fresh(seed: int = 1):
    return RULES.setup(Seating(2), {}, seed)


def pack(warrior: str) -> str:
    """The notation choosing `warrior` with its quick-play pack."""
    chosen = POOL.warrior(card(warrior))
    return " ".join(("force", chosen.id, *chosen.pack))


def force(warrior: str, *supports: str) -> str:
    """The notation choosing `warrior` with these supports (by name), left to right."""
    return " ".join(("force", card(warrior), *(card(name) for name in supports)))


def initiative_of(events) -> dict:
    """The round's Initiative event's data, but for the whole turn order, which must start with "first"."""
    (data,) = [event.data for event in events if event.kind == "initiative"]
    data = dict(data)
    assert data.pop("order")[0] == data["first"]
    return data


def after_round_five(first, second):
    """The last action of the fifth round: `end` finishes the match."""
    return duel(first, second, active=1, order=(0, 1), round=5, actions=1)


# -- forces -----------------------------------------------------------------------------------------------------


def test_a_match_starts_with_both_players_choosing_a_force_at_once():
    state = fresh()
    assert state.phase == FORCES and RULES.actors(state) == {0, 1}
    choices = RULES.legal_actions(state, 1)
    packs = tuple(ChooseForce(warrior.id, warrior.pack) for warrior in POOL.warriors)
    assert choices == packs + tuple(ChooseWarrior(warrior.id) for warrior in POOL.warriors)
    view = RULES.view(state, 1)
    assert view.choosing and view.legal_actions == () and view.public.offered == ()


def test_a_custom_force_is_a_chosen_warrior_and_four_different_supports_added_one_by_one():
    kallias = POOL.warrior(card("Kallias"))
    state, _ = play(fresh(), f"warrior {kallias.id}", seat=0)
    assert state.fighters[0].warrior == kallias.id and state.fighters[0].supports == ()
    assert RULES.view(state, 0).building and not RULES.view(state, 0).choosing
    picked = [support.id for support in POOL.supports][-4:]
    for number, support in enumerate(picked):
        assert "Add four different supports" in refusal(state, "ready", seat=0)
        state, _ = play(state, f"add {support}", seat=0)
        if number == 0:
            assert "does not have yet" in refusal(state, f"add {support}", seat=0)
    assert state.fighters[0].supports == tuple(picked) and not RULES.view(state, 0).building
    assert RULES.actors(state) == {1} and RULES.view(state, 1).public.fighters[0].chosen
    hidden = RULES.hidden_from(state, 1)
    assert set(picked) | {kallias.id} <= hidden


def placed(*forces: str, seed: int = 1):
    """Both players choose these forces (seat 0 first) and place their warriors in their rows' second space."""
    state = fresh(seed)
    for seat, each in enumerate(forces):
        state, _ = play(state, each, seat)
    while state.phase == PLACING:
        state, _ = play(state, "place 2")
    return state


def test_quick_play_takes_the_pack_and_the_player_lays_the_supports_down_in_a_chosen_order():
    # "Then, the player who rolled the higher total places his Warrior [...]. Each player then places his four
    # Support Cards face-down from left to right [...]. Players choose the order": once both warriors are placed.
    kallias = POOL.warrior(card("Kallias"))
    spear, shield, voice, march = kallias.pack
    state, events = play(fresh(), pack("Kallias"), seat=0)
    chosen = state.fighters[0]
    assert (chosen.warrior, chosen.supports, chosen.life, chosen.ready) == (kallias.id, kallias.pack, 8, False)
    assert kinds(events) == ["force_chosen"] and RULES.actors(state) == {1}
    assert refusal(state, "ready", seat=0) == (
        "Your force is chosen: you lay its supports down once the warriors are placed"
    )
    state = placed(pack("Kallias"), pack("Ulzii"))
    assert state.phase == SUPPORTS and RULES.actors(state) == {0, 1}
    assert all(fighter.space is not None for fighter in state.fighters)
    assert offered(state, 0) == [f"lay {each}" for each in kallias.pack] + ["ready"]
    state, events = play(state, f"lay {march}", seat=0)
    assert state.fighters[0].supports == (march, spear, shield, voice) and events == []
    assert offered(state, 0) == [f"lay {spear}", f"lay {shield}", f"lay {voice}", "ready"]
    state, _ = play(state, f"lay {voice}", seat=0)
    state, events = play(state, f"lay {shield}", seat=0)  # the last card has only one place left
    assert state.fighters[0].supports == (march, voice, shield, spear) and state.fighters[0].ready
    assert kinds(events) == ["force_chosen"] and events[0].data == {} and RULES.actors(state) == {1}
    state, events = play(state, "ready", seat=1)
    assert state.phase == PLAYING and state.round == 1 and kinds(events)[:2] == ["force_chosen", "round_started"]
    assert state.fighters[0].face_up == (march,)


def test_ready_keeps_the_rest_in_the_order_they_are():
    state = placed(pack("Arshan"), pack("Ulzii"))
    state, _ = play(state, f"lay {card('Diadem of the Dawn Court')}", seat=0)
    state, _ = play(state, "ready", seat=0)
    assert state.fighters[0].supports == tuple(
        card(name)
        for name in ("Diadem of the Dawn Court", "Gilded Lance", "Gilded Face-Helm", "Favour of the Eternal Flame")
    )


def test_a_custom_force_is_any_warrior_with_four_different_supports():
    state, _ = play(
        fresh(), force("Kallias", "Curved Longsword", "Bronze Round Shield", "Chili Smoke", "Oath of the Open Sky"), 1
    )
    assert state.fighters[1].warrior == card("Kallias") and state.fighters[1].supports[0] == card("Curved Longsword")
    twin, _ = play(state, pack("Kallias"), 0)  # both players may bring the same warrior
    assert twin.fighters[0].warrior == twin.fighters[1].warrior


@pytest.mark.parametrize(
    ("notation", "reason"),
    [
        ("force wr-08 sp-12 sp-12 sp-01 sp-25", "A force is a warrior and four different support cards"),
        ("force wr-99 sp-12 sp-24 sp-01 sp-25", "That is not a warrior"),
        ("force sp-01 sp-12 sp-24 sp-02 sp-25", "That is not a warrior"),
        ("force wr-08 sp-12 sp-24 sp-01 sp-99", "Those are not all support cards"),
        ("force wr-08 wr-01 sp-24 sp-01 sp-25", "Those are not all support cards"),
        ("lay sp-16", "Choose your warrior and four supports first"),
        ("pass", "Choose your warrior and four supports first"),
    ],
)
def test_forces_that_are_refused(notation, reason):
    assert refusal(fresh(), notation, seat=0) == reason


def test_a_force_of_three_supports_is_refused():
    with pytest.raises(IllegalAction, match="four different support cards"):
        RULES.apply(fresh(), 0, ChooseForce(card("Kallias"), ("sp-12", "sp-24", "sp-01")))


def test_a_chosen_force_stays_chosen():
    state = placed(pack("Kallias"), pack("Ulzii"))
    assert refusal(state, pack("Ulzii"), seat=0) == "Lay your supports down in order, or keep the order they are in"
    assert refusal(state, "lay sp-01", seat=0) == "That support is not one still to lay down"


# -- set-up rolls and placement -----------------------------------------------------------------------------


def forces_ready(source: int):
    """Both forces chosen (quick play: Kallias for seat 0, Ulzii for seat 1), the set-up dice from the random
    source's state `source`."""
    state = fresh()
    state, _ = play(state, pack("Kallias"), 0)
    return RULES.apply(replace(state, rng_state=source), 1, RULES.parse_action(pack("Ulzii")))


TIED_THEN_SEAT_0_LOWER = rigged_where(
    8, lambda dice: sum(dice[:2]) == sum(dice[2:4]) and sum(dice[4:6]) < sum(dice[6:])
)


def test_set_up_rolls_are_rolled_again_on_a_tie_and_the_lower_roll_places_first():
    state, events = forces_ready(TIED_THEN_SEAT_0_LOWER)
    replayed = SeededRandom(TIED_THEN_SEAT_0_LOWER)
    tied, tied_too, lower, higher = ((replayed.between(1, 6), replayed.between(1, 6)) for _ in range(4))
    assert sum(tied) == sum(tied_too)
    assert [event.data for event in events if event.kind == "setup_rolled"] == [{"dice": [*lower]}, {"dice": [*higher]}]
    assert state.phase == PLACING
    assert RULES.actors(state) == {0} and offered(state) == ["place 1", "place 2", "place 3", "place 4"]
    other_way, _ = forces_ready(rigged(6, 5, 2, 3))
    assert RULES.actors(other_way) == {1}


def test_each_warrior_is_placed_in_its_own_starting_row_facing_the_other_side():
    state, _ = forces_ready(TIED_THEN_SEAT_0_LOWER)
    assert refusal(state, "place 2", seat=1) == "It is not your turn"
    assert refusal(state, "place 5") == "Choose a free space in your starting row"
    assert refusal(state, "pass") == "Place your warrior in your starting row first"
    state, events = play(state, "place 2")
    assert (state.fighters[0].space, state.fighters[0].facing) == ((1, 0), "N")
    assert events[0].data == {"warrior": card("Kallias"), "space": [1, 0], "facing": "N"}
    assert RULES.actors(state) == {1} and offered(state) == ["place 1", "place 2", "place 3", "place 4"]
    state, events = play(state, "place 4")
    assert (state.fighters[1].space, state.fighters[1].facing) == ((3, 3), "S")
    assert state.phase == SUPPORTS
    state, _ = play(state, "ready", 0)
    state, events = play(state, "ready", 1)
    assert state.phase == PLAYING and state.round == 1
    first_cards = tuple(fighter.supports[0] for fighter in state.fighters)
    assert tuple(fighter.face_up for fighter in state.fighters) == tuple((each,) for each in first_cards)
    assert kinds(events)[:4] == ["force_chosen", "round_started", "revealed", "revealed"]


# -- secrecy --------------------------------------------------------------------------------------------------


def seen_by(state, seat, events=()) -> str:
    """Everything `seat` (None: the public) is shown: its view and the events it may see, as JSON."""
    return json.dumps([encode(RULES.view(state, seat)), *(encode(e) for e in events if e.is_visible_to(seat))])


def test_a_chosen_force_is_hidden_from_the_other_player_until_placed_and_revealed():
    secret = ("Kallias", "Curved Longsword", "Laced Plate Sleeves", "Chili Smoke", "Oath of the Open Sky")
    ids = [card(name) for name in secret]
    state, events = play(fresh(), force(*secret), 0)
    for shown_state, shown_events in ((state, events),):
        assert set(ids) <= RULES.hidden_from(shown_state, 1) and set(ids) <= RULES.hidden_from(shown_state, None)
        for viewer in (1, None):
            assert not [each for each in ids if each in seen_by(shown_state, viewer, shown_events)]
        assert all(each in seen_by(shown_state, 0) for each in ids)  # the player's own view shows them
    assert RULES.view(state, 1).public.fighters[0].chosen


def test_in_play_only_face_down_supports_stay_hidden():
    state = duel(
        fighter("Kallias", ["Ash-Shafted Spear"], face_down=["Chili Smoke", "Oath of the Open Sky"]),
        fighter(
            "Ulzii", ["Horn-and-Sinew Bow"], face_down=["Felt-Lined Lamellar", "Voice of the Assembly"], space=(2, 3)
        ),
    )
    assert RULES.hidden_from(state, 1) == {card("Chili Smoke"), card("Oath of the Open Sky")}
    assert RULES.hidden_from(state, None) == {
        card(name) for name in ("Chili Smoke", "Oath of the Open Sky", "Felt-Lined Lamellar", "Voice of the Assembly")
    }
    assert card("Felt-Lined Lamellar") in seen_by(state, 1) and card("Chili Smoke") not in seen_by(state, 1)
    assert RULES.view(state, 1).public.fighters[0].face_down == 2


def test_a_card_both_players_brought_is_not_a_secret_once_one_of_them_is_face_up():
    state = duel(fighter("Kallias", face_down=["Chili Smoke"]), fighter("Ulzii", ["Chili Smoke"], space=(2, 3)))
    assert RULES.hidden_from(state, 1) == frozenset() and RULES.hidden_from(state, None) == frozenset()


# -- actions and Speed ----------------------------------------------------------------------------------------


def test_a_turn_is_up_to_speed_actions_then_the_other_warrior_acts():
    state = duel(fighter("Arshan"), fighter("Itzel", space=(3, 3), facing="S"))
    assert RULES.actions_left(state) == 3
    state = act(state, "face E", "pass")
    assert actor(state) == 0 and RULES.actions_left(state) == 1
    state, events = play(state, "face N")
    assert actor(state) == 1 and RULES.actions_left(state) == 4  # Itzel's Speed is 4
    assert kinds(events) == ["rotated", "turn_started"] and events[-1].data == {"actions": 4}
    state, events = play(state, "end")  # the rest are given up; the round ends
    assert state.round == 2 and kinds(events)[:2] == ["round_started", "initiative"]


def test_a_move_is_one_space_along_a_row_or_column_then_any_facing():
    state = duel(fighter("Arshan", space=(0, 0)), fighter("Itzel", space=(0, 1), facing="S"))
    moves = [each for each in offered(state) if each.startswith("move")]
    assert moves == ["move E N", "move E E", "move E S", "move E W"]  # not north into Itzel, not off the arena
    assert refusal(state, "move N N") == "Your warrior cannot move there: off the arena, or into another warrior"
    assert refusal(state, "move W N") == "Your warrior cannot move there: off the arena, or into another warrior"
    state, events = play(state, "move E W")
    assert (state.fighters[0].space, state.fighters[0].facing, RULES.actions_left(state)) == ((1, 0), "W", 2)
    assert events[0].data == {"to": [1, 0], "facing": "W"}


def test_rotating_costs_an_action_and_only_turns_to_a_new_facing():
    state = duel(fighter("Arshan"), fighter("Itzel", space=(3, 3), facing="S"))
    assert [each for each in offered(state) if each.startswith("face")] == ["face E", "face S", "face W"]
    assert refusal(state, "face N") == "Your warrior cannot turn that way now"
    state = act(state, "face S")
    assert state.fighters[0].facing == "S" and RULES.actions_left(state) == 2


def test_basic_attacks_are_unlimited_but_each_weapon_attacks_once_a_turn():
    arshan = fighter("Arshan", life=20, space=(1, 1), facing="S")
    state = with_attacks(duel(fighter("Kallias", ["Ash-Shafted Spear"]), arshan, actions=5), *["miss"] * 4)
    state = act(state, "attack sp-16 1")
    assert "attack sp-16 1" not in offered(state)
    assert refusal(state, "attack sp-16 1") == "That weapon has already attacked this turn"
    state = act(state, "attack basic 1", "attack basic 1", "attack basic 1")
    assert "attack basic 1" in offered(state) and RULES.actions_left(state) == 1
    state = act(state, "end", "end", "end")  # round 2: no card turned, Arshan's Experience goes first
    assert state.round == 2 and actor(state) == 0 and "attack sp-16 1" in offered(state)


def test_an_attack_needs_the_target_in_the_grid_which_turns_with_the_warrior():
    state = duel(fighter("Arshan", space=(1, 1)), fighter("Itzel", space=(2, 1), facing="S"))
    assert not [each for each in offered(state) if each.startswith("attack")]
    assert refusal(state, "attack basic 1") == "The other warrior is not in that attack grid"
    state = act(state, "face E")
    assert "attack basic 1" in offered(state) and RULES.view(state, 0).public.modifier_of("attack basic 1") == 1


def test_grid_cells_off_the_arena_are_left_out():
    state = duel(fighter("Ulzii", ["Horn-and-Sinew Bow"], space=(0, 0), facing="E"), fighter("Itzel", space=(3, 3)))
    # The bow reaches 1-3 ahead, and 2-3 ahead one to either side; to the right of east is south, off the arena.
    assert RULES.grid_of(state, 0, card("Horn-and-Sinew Bow")) == {
        (1, 0): -1,
        (2, 0): 1,
        (2, 1): 0,
        (3, 0): 1,
        (3, 1): 0,
    }
    assert (
        RULES.grid_of(replace(state, fighters=(replace(state.fighters[0], facing="S"), state.fighters[1])), 0, "basic")
        == {}
    )


def test_a_critical_hit_doubles_the_base_damage_before_bonuses():
    state = duel(
        fighter("Hrafnhild", ["Long-Hafted Axe"], life=6), fighter("Arshan", life=20, space=(1, 1), facing="S")
    )
    # The second attack, Red Harvest's, misses.
    state = replace(state, rng_state=rigged_where(8, lambda dice: dice[:4] == CRITICAL and sum(dice[4:6]) < 4))
    _, events = play(state, "attack sp-10 1")
    critical = attacks(events)[0]
    assert critical["critical"] and critical["damage"] == 5  # the axe's 2 doubled, then Blood Oath's +1
    _, events = play(with_dice(state, *HIT), "attack sp-10 1")
    assert attacks(events)[0]["damage"] == 3


def test_the_match_ends_as_soon_as_a_warrior_falls_once_the_attack_is_done():
    state = duel(
        fighter("Ulzii", ["Horn-and-Sinew Bow"]),
        fighter("Hrafnhild", ["Hall of the Honoured Dead"], life=2, space=(1, 3), facing="S"),
    )
    after, events = play(with_dice(state, *HIT), "attack sp-09 1")
    assert after.fighters[1].life == 0 and after.result is AnachronismEnd.DEFEAT
    assert kinds(events) == ["attacked", "game_over"]  # neither Wheel Away nor Every Scar a Lesson after it
    outcome = RULES.outcome(after)
    assert outcome.winners == (0,) and outcome.placings == ((0,), (1,)) and RULES.actors(after) == frozenset()
    assert after.fighters[0].space == (1, 0)
    assert refusal(after, "attack basic 1", seat=0) == "The game is over"


def test_a_warrior_can_fall_to_an_ability_outside_its_attack():
    state = duel(fighter("Arshan", life=1), fighter("Kallias", ["Bronze Round Shield"], space=(1, 1), facing="S"))
    after, events = play(with_dice(state, *MISS), "attack basic 1")
    assert used(events) == ["Rim Strike"] and kinds(events)[-1] == "game_over"
    assert RULES.outcome(after).winners == (1,)


# -- the order of abilities at the start of a round -----------------------------------------------------------


@pytest.mark.parametrize("seat_of_fury", [0, 1])
def test_reveal_abilities_are_used_in_initiative_order(seat_of_fury):
    fury = fighter("Hrafnhild", face_down=["Wolf-Skin Fury"])  # Initiative 8
    song = fighter("Brannoc", face_down=["Song of the Grove Kings"])  # Initiative 2
    first, second = (fury, song) if seat_of_fury == 0 else (song, fury)
    state = before_round(first, replace(second, space=(2, 3), facing="S"), round=2)
    _, events = play(state, "end")
    assert initiative_of(events)["first"] == seat_of_fury and used(events) == ["Red Mist", "Oak-Rooted"]


def test_start_of_round_abilities_come_after_every_reveal_ability():
    # Nebet-Ankhu has the higher Initiative, but her start-of-round healing waits for Brannoc's Reveal ability.
    state = before_round(
        fighter("Nebet-Ankhu", face_down=["Sickle-Sword"], life=3),
        fighter("Brannoc", face_down=["Song of the Grove Kings"], space=(2, 3)),
        round=2,
    )
    state, events = play(state, "end")
    assert state.order == (0, 1) and used(events) == ["Oak-Rooted", "Breath of the Reeds"]
    assert kinds(events).index("turn_started") > kinds(events).index("ability_used")


def test_both_players_with_the_same_start_of_round_card_are_each_asked():
    state = before_round(
        fighter("Kallias", face_down=["March Before Dawn"]),
        fighter("Kallias", face_down=["March Before Dawn"], space=(2, 3), facing="S"),
        round=2,
        dice=(6, 6, 1, 1),  # the same warrior: the Initiative tie goes to a roll
    )
    state = act(state, "end")
    assert actor(state) == 0 and offered(state) == [use_of("Before the Sun"), "decline"]
    state = act(state, use_of("Before the Sun"), "move N N")
    assert actor(state) == 1 and offered(state) == [use_of("Before the Sun"), "decline"]
    state = act(state, use_of("Before the Sun"), "move S S")
    assert [each.space for each in state.fighters] == [(1, 1), (2, 2)]


def test_a_card_turned_up_by_an_ability_lends_no_initiative_in_later_rounds():
    state = before_round(
        fighter("Kallias", face_down=["Voice of the Assembly", "Bronze Round Shield", "Wolf-Skin Fury"]),
        fighter("Arshan", face_down=["Gilded Face-Helm", "Gilded Lance", "Favour of the Eternal Flame"], space=(2, 3)),
        round=2,
    )
    state, events = play(state, "end")  # Voice of the Assembly turns the shield up at once
    assert state.fighters[0].revealed == 2 and initiative_of(events)["initiative"] == [5, 1]
    state, events = play(act(state, "end"), "end")  # round 3: the Fury is the card turned up
    assert initiative_of(events)["initiative"] == [8, 2] and used(events) == ["Red Mist"]
    state, events = play(act(state, "end"), "end")  # round 4: Kallias has nothing left to turn up
    assert state.round == 4 and initiative_of(events) == {"initiative": [None, 7], "first": 1, "by": "experience"}


# -- reactions: who is asked, and in what order ------------------------------------------------------------------


def test_after_the_rolls_the_active_player_is_asked_first_then_the_other():
    state = duel(
        fighter("Kaito", ["The Still Water Way"]), fighter("Itzel", ["Laced Plate Sleeves"], space=(1, 1), facing="S")
    )
    state = act(with_dice(state, 1, 4, 6, 5, 6, 2), "attack basic 1")
    assert actor(state) == 0 and RULES.view(state, None).question.seat == 0
    assert offered(state, 0) == [use_of("Second Breath"), "decline"] and offered(state, 1) == []
    state, events = play(state, use_of("Second Breath"))
    assert attacks(events) == [] and actor(state) == 1  # Itzel sees the re-roll, then decides
    assert offered(state) == [use_of("Turn the Edge"), "decline"]
    state, events = play(state, use_of("Turn the Edge"))
    assert attacks(events)[0]["attack_dice"] == [2, 4]  # Kaito's 1 became 6, then that higher die became 2


def test_an_active_player_who_passed_may_react_after_all_once_the_other_has_reacted():
    state = duel(
        fighter("Kaito", ["The Still Water Way"]), fighter("Itzel", ["Laced Plate Sleeves"], space=(1, 1), facing="S")
    )
    state = act(with_dice(state, 1, 4, 6, 5, 2, 6), "attack basic 1")
    state, events = play(state, "decline")  # Kaito lets his 1+4 stand
    assert attacks(events) == [] and offered(state) == [use_of("Turn the Edge"), "decline"]
    state, events = play(state, use_of("Turn the Edge"))  # Itzel makes him re-roll the 4: a 2
    assert attacks(events) == [] and actor(state) == 0 and offered(state) == [use_of("Second Breath"), "decline"]
    state, events = play(state, use_of("Second Breath"))  # having seen it, Kaito re-rolls his 1 after all: a 6
    assert attacks(events)[0]["attack_dice"] == [6, 2] and not state.offers


def test_an_active_player_who_reacted_is_not_asked_again():
    state = duel(
        fighter("Kaito", ["The Still Water Way"]), fighter("Itzel", ["Laced Plate Sleeves"], space=(1, 1), facing="S")
    )
    state = act(with_dice(state, 1, 4, 6, 5, 6, 2), "attack basic 1")
    state = act(state, use_of("Second Breath"))
    state, events = play(state, use_of("Turn the Edge"))
    assert attacks(events) and not state.offers


@pytest.mark.parametrize(("first", "dice"), [("Second Breath", ([3, 4], [2, 5])), ("Turn the Edge", ([2, 4], [3, 5]))])
def test_a_player_with_two_abilities_at_one_moment_uses_them_in_the_order_they_choose(first, dice):
    state = duel(fighter("Kaito", ["The Still Water Way", "Laced Plate Sleeves"]), front("Arshan"))
    state = act(with_dice(state, 1, 4, 6, 5, 3, 2), "attack basic 1")
    both = [use_of("Second Breath"), use_of("Turn the Edge")]
    assert offered(state) == [*both, "decline"]
    then = next(name for name in ("Turn the Edge", "Second Breath") if name != first)
    state, events = play(state, use_of(first))
    assert attacks(events) == [] and offered(state) == [use_of(then), "decline"]
    state, events = play(state, use_of(then))
    assert used(events) == [then] and attacks(events)
    # Second Breath re-rolls Kaito's 1, Turn the Edge Arshan's 6; the first re-roll made comes up 3, the next 2.
    assert (attacks(events)[0]["attack_dice"], attacks(events)[0]["defense_dice"]) == dice


def test_two_start_of_round_abilities_of_one_player_are_offered_together():
    state = before_round(
        fighter("Kallias", ["Smoke-Mirror Vision", "March Before Dawn"]),
        fighter("Arshan", ["Bronze Round Shield"], space=(1, 3), facing="S"),
        round=2,
    )
    state = act(state, "end")
    assert actor(state) == 0
    assert offered(state) == [use_of("Shattered Reflection"), use_of("Before the Sun"), "decline"]
    state = act(state, use_of("Before the Sun"), "move N N")
    assert offered(state) == [use_of("Shattered Reflection"), "decline"], "the other is still Kallias's to use"
    state = act(state, use_of("Shattered Reflection"))
    assert state.fighters[1].face_up == () and state.fighters[0].space == (1, 1) and state.stage == "turn"


def test_saying_no_at_one_moment_declines_every_ability_still_offered():
    state = duel(fighter("Kaito", ["The Still Water Way", "Laced Plate Sleeves"]), front("Arshan"))
    state = act(with_dice(state, 1, 4, 6, 5, 3), "attack basic 1")
    state, events = play(state, use_of("Second Breath"))
    state, events = play(state, "decline")
    assert attacks(events) and not state.offers
    assert refusal(act(with_dice(duel(fighter("Kaito", ["The Still Water Way"]), front("Arshan")), 1, 4, 6, 5),
                       "attack basic 1"), use_of("Turn the Edge")) == (
        "Answer the question first: use an ability it offers, or decline"
    )  # fmt: skip


def test_abilities_one_player_must_use_at_one_moment_do_not_depend_on_their_order():
    """The game uses a player's mandatory abilities of one moment in card order, before asking about the optional
    ones: right for this pool, whose mandatory abilities of a moment only add numbers, Life or prohibitions,
    which come to the same in any order (a Reveal is one card's, so its abilities are checked card by card)."""
    order_free = {"attack_roll", "defense_roll", "speed", "experience", "damage", "initiative", "life", "prohibit"}
    cards = (*POOL.warriors, *POOL.supports)
    for trigger in ("round_start", "after_rolls", "on_hit", "on_being_hit", "on_miss", "on_being_missed", "reveal"):
        groups = [[each] for each in cards] if trigger == "reveal" else [cards]
        for group in groups:
            due = [a for each in group for a in each.abilities if a.trigger == trigger and not a.optional]
            if len(due) > 1:
                assert {effect.kind for ability in due for effect in ability.effects} <= order_free, trigger


def test_everyone_sees_the_rolls_a_player_is_asked_about():
    state = duel(fighter("Arshan"), front("Kaito", "Laced Plate Sleeves"))
    state = act(with_dice(state, 6, 3, 3, 3), "attack basic 1")
    for viewer in (None, 0, 1):
        shown = RULES.view(state, viewer)
        pending = (shown if viewer is None else shown.public).pending_roll
        assert (pending.seat, pending.target, pending.dice, pending.other_dice, pending.source) == (
            0,
            1,
            (6, 3),
            (3, 3),
            "basic",
        )
    after, events = play(state, "decline")
    assert RULES.view(after, None).pending_roll is None and attacks(events)[0]["attack_dice"] == [6, 3]


def test_on_the_other_players_turn_the_order_of_asking_turns_round():
    state = duel(
        fighter("Kaito", ["The Still Water Way"]),
        fighter("Itzel", ["Laced Plate Sleeves"], space=(1, 1), facing="S"),
        active=1,
        order=(1, 0),
    )
    state = act(with_dice(state, 5, 4, 2, 1), "attack basic 0")
    assert [offer.seat for offer in state.offers] == [1, 0]


def test_nobody_is_asked_when_nobody_has_a_choice():
    state = duel(fighter("Kaito"), fighter("Itzel", space=(1, 1), facing="S"))
    after, events = play(with_dice(state, *MISS), "attack basic 1")
    assert not after.offers and actor(after) == 0 and len(attacks(events)) == 1


def test_a_set_roll_has_no_die_to_reroll_so_nobody_is_asked_to():
    state = duel(
        fighter("Kaito", ["The Still Water Way", "Empty-Mind Breath"]),
        fighter("Itzel", ["Laced Plate Sleeves"], space=(1, 1), facing="S"),
    )
    state = act(state, use_of("Still Point"))
    after, events = play(with_dice(state, 6, 6), "attack basic 1")
    assert not after.offers and attacks(events)[0]["defense_dice"] == [6, 6]  # only Itzel rolled


def test_an_optional_ability_that_would_do_nothing_is_not_offered():
    # Smoke-Mirror Vision with no face-up card to turn down; the chariot held where it stands.
    held = Lasting(0, Effect("prohibit", what="move", who="opponent"), "until_your_next_turn", 1)
    state = before_round(
        fighter("Kallias"), front("Itzel", "Reed-Gate Chariot", face_down=["Smoke-Mirror Vision"]), 2, lasting=(held,)
    )
    state, events = play(state, "end")
    assert not state.offers and used(events) == [] and actor(state) == 1 and RULES.actions_left(state) == 4
    assert use_of("Chariot Dash") not in offered(state)
    # March Before Dawn with its warrior held where it stands: no step to take.
    held = Lasting(1, Effect("prohibit", what="move", who="opponent"), "until_your_next_turn", 1)
    state = before_round(fighter("Kallias", face_down=["March Before Dawn"]), front("Itzel"), 2, lasting=(held,))
    state, events = play(state, "end")
    assert not state.offers and used(events) == [] and state.stage == "turn"


def test_a_once_each_turn_ability_used_before_the_first_turn_is_fresh_for_that_turn():
    state = before_round(
        fighter("Ulzii", face_down=["Volley from the Saddle"]),
        fighter("Hrafnhild", ["Brow-Guard Helm"], face_down=["Hall of the Honoured Dead"], space=(1, 1), facing="N"),
        round=2,
    )
    state, events = play(with_attacks(state, "hit", "hit"), "end")
    assert {"Arrows at First Light", "Wheel to the Blow"} <= set(used(events))
    assert state.fighters[1].facing == "S" and actor(state) == 0  # she turned to face Ulzii
    state, events = play(act(state, "move E N"), "attack basic 1")  # from (2, 0), she is ahead and to the left
    assert "Wheel to the Blow" in used(events) and state.fighters[1].facing == "E"


# -- "cannot" overrides "can" (the golden rules) ------------------------------------------------------------------


def test_a_warrior_who_cannot_move_is_not_moved_by_its_own_abilities_either():
    state = before_round(
        fighter("Nebet-Ankhu", ["Reed-Gate Chariot"]),
        fighter("Brannoc", face_down=["Black Bog Ground"], space=(1, 3), facing="S"),
        round=2,
    )
    state = act(state, "end")  # Sucking Mire: Nebet-Ankhu cannot move this round; she goes first on Experience
    assert actor(state) == 0 and use_of("Chariot Dash") not in offered(state)  # it would do nothing
    assert refusal(state, use_of("Chariot Dash")) == "That ability cannot be used now"
    state = act(state, "end", "end")  # round 3: the mire has dried
    assert actor(state) == 0 and use_of("Chariot Dash") in offered(state)


def test_a_warrior_who_cannot_rotate_is_not_turned_by_its_own_abilities_either():
    state = duel(
        fighter("Nebet-Ankhu", ["Sickle-Sword"], space=(1, 1)),
        fighter("Hrafnhild", ["Brow-Guard Helm"], space=(1, 2), facing="N"),
    )
    state, events = play(with_dice(state, *HIT), "attack sp-11 1")  # Hooked Edge: she cannot rotate
    assert used(events) == ["Hooked Edge"] and state.fighters[1].facing == "N"  # Wheel to the Blow is overruled


def test_an_answer_under_choking_cloud_is_made_without_the_weapon():
    state = duel(fighter("Itzel", ["Chili Smoke"]), fighter("Kaito", ["Curved Longsword"], space=(1, 1), facing="S"))
    state = act(state, use_of("Choking Cloud"))
    _, events = play(with_dice(state, *MISS, None, None, None, None), "attack basic 1")
    assert [each["source"] for each in attacks(events)] == ["basic", "basic"]  # Answering Cut, with a basic attack


# -- the rulebook's examples: card restrictions -------------------------------------------------------------------


@pytest.mark.parametrize("discard", ["Horn-and-Sinew Bow", "Sickle-Sword"])
def test_revealing_a_second_weapon_the_player_chooses_which_to_keep_and_its_initiative_counts(discard):
    state = before_round(
        fighter("Ulzii", ["Horn-and-Sinew Bow"], face_down=["Sickle-Sword"]),  # Initiative 6
        fighter("Arshan", face_down=["Gilded Scale Corselet"], space=(2, 3), facing="S"),  # 3 +1
        round=2,
    )
    state, events = play(state, "end")
    assert initiative_of(events) == {"initiative": [6, 4], "first": 0, "by": "initiative"}
    assert actor(state) == 0 and sorted(offered(state)) == [
        f"discard {card('Horn-and-Sinew Bow')}",
        f"discard {card('Sickle-Sword')}",
    ]
    state, events = play(state, f"discard {card(discard)}")
    kept = "Sickle-Sword" if discard == "Horn-and-Sinew Bow" else "Horn-and-Sinew Bow"
    assert state.fighters[0].face_up == (card(kept),) and state.fighters[0].discarded == (card(discard),)
    assert state.order == (0, 1) and actor(state) == 0  # the discarded card's Initiative still won the round
    assert RULES.view(state, 1).public.fighters[0].discarded == (card(discard),)


@pytest.mark.parametrize("discard", ["Curved Longsword", "Bronze Round Shield"])
def test_a_two_handed_weapon_then_a_shield_the_player_discards_one(discard):
    state = before_round(
        fighter("Kallias", ["Curved Longsword"], face_down=["Bronze Round Shield"]),
        fighter("Arshan", space=(2, 3), facing="S"),
        round=2,
    )
    state = act(state, "end")
    assert sorted(offered(state)) == [f"discard {card('Curved Longsword')}", f"discard {card('Bronze Round Shield')}"]
    assert RULES.view(state, None).question.seat == 0
    state = act(state, f"discard {card(discard)}")
    assert not state.offers and card(discard) not in state.fighters[0].face_up and len(state.fighters[0].face_up) == 1


def test_a_one_handed_spear_and_a_shield_fill_two_hands_legally():
    state = before_round(
        fighter("Kallias", ["Ash-Shafted Spear"], face_down=["Bronze Round Shield"]),
        fighter("Arshan", space=(2, 3), facing="S"),
        round=2,
    )
    state = act(state, "end")
    assert not state.offers and len(state.fighters[0].face_up) == 2


def test_another_head_card_still_obeys_the_other_restrictions():
    # The Diadem allows a second Head card, not a second armour: both helms are armour (the rulebook: an ability
    # that breaks one restriction leaves the others).
    helm, face_helm, diadem = (
        card(name) for name in ("Brow-Guard Helm", "Gilded Face-Helm", "Diadem of the Dawn Court")
    )
    crowned = before_round(
        fighter("Arshan", ["Diadem of the Dawn Court", "Gilded Face-Helm"], face_down=["Brow-Guard Helm"]),
        fighter("Kaito", space=(2, 3)),
        round=3,
    )
    state = act(crowned, "end")
    assert sorted(offered(state)) == sorted(f"discard {each}" for each in (face_helm, helm))
    state = act(state, f"discard {face_helm}")
    assert not state.offers and state.fighters[0].face_up == (diadem, helm)  # two Head cards


# -- ties ---------------------------------------------------------------------------------------------------------


def test_an_initiative_tie_goes_to_the_more_experienced_warrior():
    state = before_round(
        fighter("Kallias", face_down=["Hall of the Honoured Dead"]),  # 3, Experience 3
        fighter("Kaito", face_down=["Bronze Round Shield"], space=(2, 3)),  # 3, Experience 9
        round=2,
    )
    _, events = play(state, "end")
    assert initiative_of(events) == {"initiative": [3, 3], "first": 1, "by": "experience"}


def test_an_initiative_tie_with_equal_experience_is_rolled_off_and_rolled_again_on_a_tie():
    state = before_round(
        fighter("Kallias", face_down=["Hall of the Honoured Dead"]),
        fighter("Kallias", face_down=["Bronze Round Shield"], space=(2, 3)),
        round=2,
    )
    # A tied roll-off, then one seat 1 wins.
    tied_then_lower = rigged_where(8, lambda dice: sum(dice[:2]) == sum(dice[2:4]) and sum(dice[4:6]) < sum(dice[6:]))
    state, events = play(replace(state, rng_state=tied_then_lower), "end")
    assert initiative_of(events) == {"initiative": [3, 3], "first": 1, "by": "roll"}
    replayed = SeededRandom(tied_then_lower)
    first, second, third, fourth = ((replayed.between(1, 6), replayed.between(1, 6)) for _ in range(4))
    assert sum(first) == sum(second)  # rolled again, and both roll-offs are shown
    rolled_off = [event.data for event in events if event.kind == "rolled_off"]
    assert rolled_off == [
        {"seats": [0, 1], "dice": [[*first], [*second]]},
        {"seats": [0, 1], "dice": [[*third], [*fourth]]},
    ]
    assert state.order == (1, 0)


@pytest.mark.parametrize(
    ("defender", "hit"), [("Kaito", False), ("Itzel", True)], ids=["defender more experienced", "attacker more"]
)
def test_an_attack_roll_tie_goes_to_experience(defender, hit):
    state = duel(fighter("Arshan"), fighter(defender, space=(1, 1), facing="S"))
    _, events = play(with_dice(state, 2, 4, 4, 3), "attack basic 1")  # 6 +1 against 7
    (data,) = attacks(events)
    assert data["attack_total"] == data["defense_total"] == 7 and data["hit"] == hit


def test_an_attack_roll_tie_with_equal_experience_is_rolled_off():
    state = duel(fighter("Arshan"), fighter("Arshan", space=(1, 1), facing="S"))
    # 6 +1 against 7, a tied roll-off, then one the attacker wins.
    source = rigged_where(
        12,
        lambda dice: dice[:4] == (2, 4, 4, 3) and sum(dice[4:6]) == sum(dice[6:8]) and sum(dice[8:10]) > sum(dice[10:]),
    )
    after, events = play(replace(state, rng_state=source), "attack basic 1")
    assert attacks(events)[0]["hit"] and after.fighters[1].life == 6
    *_, tie = [event.data for event in events if event.kind == "rolled_off"]
    assert tie["seats"] == [0, 1] and sum(tie["dice"][0]) > sum(tie["dice"][1])
    assert kinds(events).index("rolled_off") < kinds(events).index("attacked") and not attacks(events)[0]["critical"]


# -- the fifth round and the end -----------------------------------------------------------------------------------


def test_the_fifth_round_has_null_initiative_so_experience_decides_and_no_card_is_turned():
    state = before_round(
        fighter("Itzel", ["Chili Smoke"]),
        fighter("Kallias", space=(2, 3)),
        round=5,
    )
    state, events = play(state, "end")
    assert state.round == 5 and "revealed" not in kinds(events)
    assert initiative_of(events) == {"initiative": [None, None], "first": 0, "by": "experience"}


@pytest.mark.parametrize(
    ("first", "second", "reason", "placings"),
    [
        (("Kallias", 5), ("Arshan", 3), AnachronismEnd.LIFE, ((0,), (1,))),
        (("Kallias", 4), ("Arshan", 4), AnachronismEnd.LIFE, ((1,), (0,))),  # Experience 7 beats 3
        (("Arshan", 4), ("Arshan", 4), AnachronismEnd.DRAW, ((0, 1),)),
    ],
    ids=["more life", "then experience", "else a draw"],
)
def test_after_the_fifth_round_more_life_wins_then_experience_else_a_draw(first, second, reason, placings):
    state = after_round_five(fighter(first[0], life=first[1]), fighter(second[0], life=second[1], space=(2, 3)))
    after, events = play(state, "end")
    outcome = RULES.outcome(after)
    assert outcome.reason is reason and outcome.placings == placings
    assert outcome.winners == (() if reason is AnachronismEnd.DRAW else placings[0])
    assert kinds(events) == ["game_over"] and after.round == 5


def test_experience_from_cards_counts_at_the_end():
    state = after_round_five(
        fighter("Kallias", ["Gilded Face-Helm"], life=4, experience_change=2), fighter("Arshan", life=4, space=(2, 3))
    )
    after, _ = play(state, "end")
    assert RULES.outcome(after).reason is AnachronismEnd.DRAW  # 3 +2 for good +2 for the helm: 7 against 7
