"""Three and four warriors in one arena (the rulebook's multiplayer rules; ruling C1): four starting rows that
overlap in the corners, turns by Initiative among everyone, abilities aimed at an opposing warrior, defeated
warriors leaving the arena, the last warrior or team standing winning, and two against two with the option
`teams` (seats 0 and 2 against 1 and 3), whose teammates may share a starting row but never a card.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import Seating
from bot.games.anachronism.abilities import prohibited
from bot.games.anachronism.events import AnachronismEnd
from bot.games.anachronism.rules import MATCH_OPTION, TEAMS_OPTION
from bot.games.anachronism.state import PLACING

from .positions import HIT, POOL, RULES, card, fighter, kinds, melee, offered, play, refusal, use_of, used, with_dice


def quick(warrior: str) -> str:
    return " ".join(("force", card(warrior), *POOL.warrior(card(warrior)).pack))


def forces_chosen(seat_count: int, warriors: tuple[str, ...], *, teams: bool = False, seed: int = 3):
    state = RULES.setup(Seating(seat_count), {TEAMS_OPTION: int(teams)}, seed)
    for seat, warrior in enumerate(warriors):
        state, _ = play(state, quick(warrior), seat)
    return state


# -- the table --------------------------------------------------------------------------------------------------


def test_tournaments_are_for_two_and_teams_for_four():
    options = RULES.resolve_options({MATCH_OPTION: 3})
    assert RULES.seating_problem(3, options) == "A tournament match (the option match) is for 2 players."
    options = RULES.resolve_options({TEAMS_OPTION: 1})
    assert RULES.seating_problem(3, options).startswith("Two against two (the option teams) needs 4 players")
    assert RULES.seating_problem(4, options) is None and RULES.seating_problem(3, RULES.resolve_options({})) is None
    with pytest.raises(ValueError, match="needs 4 players"):
        RULES.setup(Seating(3), {TEAMS_OPTION: 1}, 1)


def test_four_starting_rows_along_the_sides_overlap_in_the_corners_and_the_lowest_roll_places_first():
    state = forces_chosen(4, ("Kallias", "Arshan", "Itzel", "Brannoc"))
    assert state.phase == PLACING and len({fighter.setup_roll for fighter in state.fighters}) == 4
    order = sorted(range(4), key=lambda seat: state.fighters[seat].setup_roll)
    assert RULES.actors(state) == {order[0]}
    places = {0: "place 1", 1: "place 4", 2: "place 4", 3: "place 1"}  # each in a corner where it can be
    spaces = {0: (0, 0), 1: (3, 3), 2: (0, 0), 3: (3, 3)}
    facings = {0: "N", 1: "S", 2: "E", 3: "W"}
    taken = set()
    for seat in order:
        corner = spaces[seat]
        assert (places[seat] in offered(state, seat)) == (corner not in taken), "a corner is in two rows"
        choice = places[seat] if corner not in taken else offered(state, seat)[1]
        state, _ = play(state, choice, seat)
        fighter_now = state.fighters[seat]
        taken.add(fighter_now.space)
        assert fighter_now.facing == facings[seat]
    assert state.phase == "supports", "the supports are laid down once every warrior is placed"
    sides = {0: lambda s: s[1] == 0, 1: lambda s: s[1] == 3, 2: lambda s: s[0] == 0, 3: lambda s: s[0] == 3}
    assert all(sides[seat](state.fighters[seat].space) for seat in range(4))


def test_teammates_may_share_a_starting_row_but_never_a_card():
    state = RULES.setup(Seating(4), {TEAMS_OPTION: 1}, 3)
    state, _ = play(state, quick("Kallias"), 0)
    assert quick("Kallias") not in offered(state, 2) and f"warrior {card('Kallias')}" not in offered(state, 2)
    assert quick("Kallias") in offered(state, 1), "the other team may bring the same cards"
    assert (
        refusal(state, quick("Kallias"), 2) == "Your teammate has one of those cards: a team may not have a card twice"
    )
    state, _ = play(state, f"warrior {card('Arshan')}", 2)
    shield = card("Bronze Round Shield")  # in Kallias's pack
    assert f"add {shield}" not in offered(state, 2)
    assert (
        refusal(state, f"add {shield}", 2) == "Add a support card that neither your force nor your teammate's has yet"
    )
    assert shield not in RULES.hidden_from(state, 2) and shield in RULES.hidden_from(state, 1)
    state = forces_chosen(4, ("Kallias", "Arshan", "Itzel", "Brannoc"), teams=True)
    seat = next(iter(RULES.actors(state)))
    teammate = (seat + 2) % 4
    assert f"place 1 {teammate}" in offered(state, seat) and f"place 1 {(seat + 1) % 4}" not in offered(state, seat)


# -- turns and attacks -------------------------------------------------------------------------------------------


def test_turns_go_by_initiative_among_everyone_ties_to_experience():
    state = melee(
        fighter("Kallias", face_down=["Favour of the Eternal Flame"]),  # Initiative 6, Experience 3
        fighter("Hrafnhild", face_down=["Sickle-Sword"], space=(1, 3), facing="S"),  # 6, Experience 4
        fighter("Ulzii", face_down=["Studded Leather Trews"], space=(0, 2), facing="E"),  # 4
        fighter("Brannoc", face_down=["Curved Longsword"], space=(3, 1), facing="W"),  # 7
        active=3,
        order=(0, 1, 2, 3),
    )
    state, events = play(state, "end", 3)
    (data,) = [event.data for event in events if event.kind == "initiative"]
    assert state.order == (3, 1, 0, 2) and data["order"] == [3, 1, 0, 2] and data["by"] == "initiative"
    assert state.active == 3


def test_a_null_initiative_ties_everyone_and_equal_experience_rolls_off():
    state = melee(
        fighter("Kallias"),
        fighter("Kaito", space=(1, 3), facing="S"),
        fighter("Kallias", space=(0, 2), facing="E"),
        active=2,
        order=(0, 1, 2),
        round=4,
    )
    state, events = play(state, "end", 2)  # round 5: no card turned up
    (data,) = [event.data for event in events if event.kind == "initiative"]
    assert state.round == 5 and data["by"] == "experience" and state.order[0] == 1
    assert set(state.order[1:]) == {0, 2} and "rolled_off" in [event.kind for event in events]


def test_any_opposing_warrior_in_a_grid_may_be_attacked_but_never_a_teammate():
    fighters = (
        fighter("Kallias"),  # (1, 0) facing north: its grid covers (0, 1), (1, 1) and (2, 1)
        fighter("Arshan", space=(1, 1), facing="S"),
        fighter("Itzel", space=(2, 1), facing="S"),
        fighter("Brannoc", space=(3, 3), facing="W"),
    )
    free_for_all = melee(*fighters)
    assert [each for each in offered(free_for_all) if each.startswith("attack basic")] == [
        "attack basic 1",
        "attack basic 2",
    ]
    teams = melee(*fighters, teams=True)
    assert [each for each in offered(teams) if each.startswith("attack basic")] == ["attack basic 1"]
    assert refusal(teams, "attack basic 2") == "Teammates do not attack each other"
    assert refusal(free_for_all, "attack basic 3") == "That warrior is not an opposing warrior in that attack grid"


# -- abilities aimed at an opposing warrior ----------------------------------------------------------------------


def test_an_ability_on_your_opponent_asks_which_opposing_warrior_it_is_aimed_at():
    state = melee(
        fighter("Kallias", face_down=["Black Bog Ground"]),  # Reveal: your opponent cannot move this round
        fighter("Arshan", space=(1, 3), facing="S"),
        fighter("Itzel", space=(0, 2), facing="E"),
        active=2,
        order=(0, 1, 2),
    )
    state, _ = play(state, "end", 2)
    assert RULES.actors(state) == {0} and offered(state, 0) == ["aim 1", "aim 2"]
    assert RULES.view(state, None).question.kind == "target"
    assert refusal(state, "aim 0", 0) == "Choose which opposing warrior the ability is aimed at"
    state, events = play(state, "aim 2", 0)
    assert used(events) == ["Sucking Mire"]
    assert [seat for seat in (1, 2) if prohibited(POOL, state, seat, "move")] == [2]


def test_an_ability_on_another_warrior_may_be_aimed_at_a_teammate_too():
    state = melee(
        fighter("Kallias", face_down=["Smoke-Mirror Vision"]),  # turn another warrior's newest card face down
        fighter("Arshan", ["Gilded Lance"], space=(1, 3), facing="S"),
        fighter("Itzel", ["Brow-Guard Helm"], space=(0, 2), facing="E"),
        fighter("Brannoc", ["Bundle of Javelins"], space=(3, 1), facing="W"),
        active=3,
        order=(0, 1, 2, 3),
        teams=True,
    )
    state, _ = play(state, "end", 3)
    assert offered(state, 0) == [use_of("Shattered Reflection"), "decline"]
    state, _ = play(state, use_of("Shattered Reflection"), 0)
    assert offered(state, 0) == ["aim 1", "aim 2", "aim 3"], "another warrior: the teammate (2) too"
    state, _ = play(state, "aim 2", 0)
    assert state.fighters[2].turned_down == (card("Brow-Guard Helm"),) and state.fighters[1].face_up


def test_an_ability_after_an_attack_is_aimed_at_the_other_warrior_of_that_attack():
    state = melee(
        fighter("Kallias", space=(1, 1)),  # hits Brannoc, who pushes him back: not Itzel, adjacent to Brannoc too
        fighter("Brannoc", space=(1, 2), facing="S"),
        fighter("Itzel", space=(2, 2), facing="S"),
    )
    state, _ = play(with_dice(state, *HIT), "attack basic 1", yes_to_hits=False)
    assert offered(state) == [use_of("Shoulder of the Ox"), "decline"]
    state, events = play(state, use_of("Shoulder of the Ox"))
    assert used(events) == ["Shoulder of the Ox"] and not state.offers
    assert state.fighters[0].space == (1, 0) and state.fighters[2].space == (2, 2), "the attacker, not Itzel"


# -- defeat and the end ------------------------------------------------------------------------------------------


def test_a_defeated_warrior_leaves_the_arena_and_the_game_goes_on_without_it():
    state = melee(
        fighter("Kallias"),
        fighter("Arshan", space=(1, 1), facing="S", life=1),
        fighter("Itzel", space=(3, 3), facing="W"),
    )
    state, events = play(with_dice(state, *HIT), "attack basic 1")
    assert "fell" in kinds(events) and RULES.outcome(state) is None
    assert state.fighters[1].fallen and state.fighters[1].space is None and state.fallen == ((1,),)
    seen = RULES.view(state, None).fighters[1]
    assert seen.fallen and seen.warrior == card("Arshan"), "who fell stays known"
    state, _ = play(state, "end")
    assert state.active == 2, "a fallen warrior has no turn"
    state = replace(state, fighters=(replace(state.fighters[0], life=1), *state.fighters[1:]))
    state = replace(state, fighters=(replace(state.fighters[0], space=(2, 2), facing="N"), *state.fighters[1:]))
    state = replace(state, fighters=(*state.fighters[:2], replace(state.fighters[2], space=(2, 3), facing="S")))
    state, events = play(with_dice(state, *HIT), "attack basic 0", 2)
    outcome = RULES.outcome(state)
    assert outcome.reason is AnachronismEnd.DEFEAT and outcome.winners == (2,)
    assert outcome.placings == ((2,), (0,), (1,)), "the last to fall places above the first"


def test_the_last_team_standing_wins_with_its_fallen_teammate():
    state = melee(
        fighter("Kallias"),
        fighter("Arshan", space=(1, 1), facing="S", life=1),
        fighter("Itzel", space=(0, 3), facing="E", life=1, fallen=False),
        fighter("Brannoc", space=(2, 1), facing="W", life=1),
        teams=True,
    )
    state = replace(state, fighters=(*state.fighters[:2], replace(state.fighters[2], space=None, fallen=True),
                                     state.fighters[3]), fallen=((2,),))  # fmt: skip
    state, _ = play(with_dice(state, *HIT), "attack basic 1")
    assert RULES.outcome(state) is None
    state, _ = play(with_dice(state, *HIT), "attack basic 3")
    outcome = RULES.outcome(state)
    assert outcome.winners == (0, 2) and outcome.placings == ((0, 2), (3,), (1,))


def test_after_five_rounds_more_life_places_higher_among_everyone_standing():
    state = melee(
        fighter("Kallias", life=3),
        fighter("Arshan", space=(1, 3), facing="S", life=5),
        fighter("Itzel", space=(0, 2), facing="E", life=4),
        active=2,
        order=(0, 1, 2),
        round=5,
    )
    state, _ = play(state, "end", 2)
    outcome = RULES.outcome(state)
    assert outcome.reason is AnachronismEnd.LIFE and outcome.placings == ((1,), (2,), (0,))
