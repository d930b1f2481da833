"""Tournament matches (the rulebook's tournament rules; ruling C7): building a stack in private, the games in
turn with their cards going to open discard piles, who chooses and places first, and the match's end and score.

Kaito's and Ulzii's quick-play packs make Alice's (seat 0) stack, Arshan's and Kallias's Bob's (seat 1), with
Itzel and Brannoc as the third warriors of a best of 3.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import Seating
from bot.games.anachronism.events import AnachronismEnd
from bot.games.anachronism.state import FORCES, PLACING, PLAYING, STACKS, SUPPORTS, AnachronismState

from .positions import HIT, POOL, RULES, card, kinds, offered, play, refusal, with_dice

STACKS_OF = {0: ("Kaito", "Ulzii", "Itzel"), 1: ("Arshan", "Kallias", "Brannoc")}


def pack_of(warrior: str) -> tuple[str, ...]:
    return POOL.warrior(card(warrior)).pack


def quick(warrior: str) -> str:
    return " ".join(("force", card(warrior), *pack_of(warrior)))


def match(games: int = 3, seed: int = 1) -> AnachronismState:
    return RULES.setup(Seating(2), {"match": games}, seed)


def stacked(games: int = 3, seed: int = 1) -> AnachronismState:
    """Both stacks built from quick-play packs: the first game's warriors are chosen next."""
    state = match(games, seed)
    for seat, warriors in STACKS_OF.items():
        for warrior in warriors[:games] if games <= 3 else (*warriors, *EXTRA[seat]):
            state, _ = play(state, quick(warrior), seat)
    return state


EXTRA = {0: ("Hrafnhild", "Nebet-Ankhu"), 1: ("Nebet-Ankhu", "Hrafnhild")}


def game_under_way(state: AnachronismState, warriors: tuple[str, str]) -> AnachronismState:
    """Play a game's set-up by the rules: choose `warriors` (seat 0's, seat 1's), place, take their own packs."""
    for seat, warrior in enumerate(warriors):
        if state.phase == FORCES:
            state, _ = play(state, f"warrior {card(warrior)}", seat)
    while state.phase == PLACING:
        (seat,) = RULES.actors(state)
        if not state.fighters[seat].warrior:
            state, _ = play(state, f"warrior {card(warriors[seat])}", seat)
        state, _ = play(state, offered(state, seat)[0], seat)
    for seat, warrior in enumerate(warriors):
        for support in pack_of(warrior):
            state, _ = play(state, f"add {support}", seat)
        state, _ = play(state, "ready", seat)
    assert state.phase == PLAYING
    return state


def drawn(state: AnachronismState) -> tuple[AnachronismState, list]:
    """The game in play ends in a draw: the fifth round's last turn ends with equal Life and Experience."""
    experience = [RULES.experience(state, seat) for seat in (0, 1)]
    fighters = tuple(
        replace(fighter, life=1, experience_change=fighter.experience_change + max(experience) - experience[seat])
        for seat, fighter in enumerate(state.fighters)
    )
    state = replace(state, round=5, fighters=fighters, order=(0, 1), turn_index=1, stage="turn")
    state = replace(state, actions_done=RULES.speed(state, 1))
    return play(state, "end", 1)


def won_by(state: AnachronismState, winner: int) -> tuple[AnachronismState, list]:
    """The game in play ends at once: the loser's warrior is on its last Life and the winner hits it (its
    basic attack "at +X" from nowhere would be another rule: so the warriors are put face to face first)."""
    loser = 1 - winner
    fighters = list(state.fighters)
    fighters[winner] = replace(fighters[winner], space=(1, 1), facing="N")
    fighters[loser] = replace(fighters[loser], space=(1, 2), facing="S", life=1)
    order = (winner, loser)
    state = replace(state, fighters=tuple(fighters), order=order, turn_index=0, stage="turn", actions_done=0, offers=())
    return play(with_dice(state, *HIT), f"attack basic {loser}", winner)


# -- stacks ------------------------------------------------------------------------------------------------------


def test_a_match_begins_with_both_players_building_a_stack_in_private():
    state = match()
    assert state.phase == STACKS and RULES.actors(state) == {0, 1}
    state, events = play(state, quick("Kaito"), 0)
    assert state.tournament.stacks[0].warriors == (card("Kaito"),) and kinds(events) == []
    seen = RULES.view(state, 1)
    assert card("Kaito") in RULES.hidden_from(state, 1) and seen.stack.warriors == ()
    assert RULES.view(state, 0).stack.supports == pack_of("Kaito") and RULES.view(state, 0).stacking
    assert RULES.view(state, None).match.stacks_ready == (False, False)


def test_a_stack_may_be_built_card_by_card_and_started_over():
    state = match()
    state, _ = play(state, f"warrior {card('Kaito')}", 0)
    state, _ = play(state, f"add {card('Bronze Round Shield')}", 0)
    assert state.tournament.stacks[0].supports == (card("Bronze Round Shield"),)
    state, _ = play(state, "clear", 0)
    assert state.tournament.stacks[0].warriors == () and state.tournament.stacks[0].supports == ()


@pytest.mark.parametrize(
    ("first", "then"),
    [
        ("force Kaito", "force Kaito"),  # the same warrior twice
        ("add Bronze Round Shield", "add Bronze Round Shield"),  # the same support twice
        ("force Kallias", "add Bronze Round Shield"),  # a pack's card again
    ],
)
def test_no_card_goes_into_a_stack_twice(first, then):
    def notation(words: str) -> str:
        verb, name = words.split(" ", 1)
        return quick(name) if verb == "force" else f"add {card(name)}"

    state, _ = play(match(), notation(first), 0)
    assert refusal(state, notation(then), 0).startswith("Build your stack: 3 warriors with different names")


def test_a_stack_holds_as_many_warriors_as_games_and_four_supports_each():
    state = match()
    for warrior in STACKS_OF[0]:
        state, events = play(state, quick(warrior), 0)
    assert kinds(events) == ["stack_ready"] and state.phase == STACKS and RULES.actors(state) == {1}
    assert offered(state, 0) == [] and RULES.view(state, None).match.stacks_ready == (True, False)
    state = match()
    for warrior in STACKS_OF[0][:2]:
        state, _ = play(state, quick(warrior), 0)
    state, _ = play(state, f"warrior {card('Brannoc')}", 0)
    assert refusal(state, f"warrior {card('Arshan')}", 0).startswith("Build your stack")
    assert not any(each.startswith("warrior") or each.startswith("force") for each in offered(state, 0))


# -- the games ----------------------------------------------------------------------------------------------------


def test_the_first_game_warriors_are_chosen_in_private_then_rolled_for_then_the_supports():
    state = stacked()
    assert state.phase == FORCES and RULES.actors(state) == {0, 1}
    assert offered(state, 0) == [f"warrior {card(name)}" for name in STACKS_OF[0]]
    assert refusal(state, f"warrior {card('Arshan')}", 0) == (
        "Choose a warrior of your stack that has not fought in this match"
    )
    state, _ = play(state, f"warrior {card('Kaito')}", 0)
    assert card("Kaito") in RULES.hidden_from(state, 1), "secret until placed"
    state, events = play(state, f"warrior {card('Arshan')}", 1)
    assert state.phase == PLACING and kinds(events).count("setup_rolled") == 2
    while state.phase == PLACING:
        (seat,) = RULES.actors(state)
        state, _ = play(state, offered(state, seat)[0], seat)
    assert state.phase == SUPPORTS and RULES.actors(state) == {0, 1}
    # Any four supports of the player's own stack, not only the warrior's pack.
    choices = [each for each in offered(state, 0) if each.startswith("add")]
    assert choices == [f"add {each}" for name in STACKS_OF[0] for each in pack_of(name)]
    assert refusal(state, f"add {pack_of('Arshan')[0]}", 0).startswith("Add a support of your stack")
    ulzii = pack_of("Ulzii")
    for support in ulzii:
        state, _ = play(state, f"add {support}", 0)
    assert set(RULES.hidden_from(state, 1)) >= set(ulzii), "face down, and still in the stack"
    state, _ = play(state, "ready", 0)
    for support in pack_of("Arshan"):
        state, _ = play(state, f"add {support}", 1)
    state, events = play(state, "ready", 1)
    assert state.phase == PLAYING and state.round == 1 and "round_started" in kinds(events)
    assert state.fighters[0].face_up == (ulzii[0],)


def test_a_games_cards_go_to_its_discard_pile_face_down_ones_too_and_the_winner_places_first_next():
    state = game_under_way(stacked(), ("Kaito", "Arshan"))
    state, events = won_by(state, 1)
    assert "game_ended" in kinds(events) and "game_over" not in kinds(events)
    assert RULES.outcome(state) is None and state.tournament.winners == (1,)
    assert state.tournament.stacks[0].used == (card("Kaito"), *pack_of("Kaito"))
    score = RULES.view(state, None).match
    assert (score.game, score.wins, score.discards[1]) == (2, (0, 1), (card("Arshan"), *pack_of("Arshan")))
    assert not RULES.hidden_from(state, 0) & set(score.discards[1]), "the discard piles are open"
    # Bob won: he chooses (in the open) and places first, then Alice, having seen his warrior.
    assert state.phase == PLACING and RULES.actors(state) == {1}
    assert offered(state, 1) == [f"warrior {card('Kallias')}", f"warrior {card('Brannoc')}"]
    assert refusal(state, f"warrior {card('Arshan')}", 1) == (
        "Choose a warrior of your stack that has not fought in this match"
    )
    state, _ = play(state, f"warrior {card('Kallias')}", 1)
    state, _ = play(state, "place 2", 1)
    assert RULES.view(state, 0).public.fighters[1].warrior == card("Kallias")
    assert RULES.actors(state) == {0} and f"warrior {card('Kaito')}" not in offered(state, 0)
    state, _ = play(state, f"warrior {card('Ulzii')}", 0)
    state, _ = play(state, "place 2", 0)
    assert state.phase == SUPPORTS
    assert not [each for each in offered(state, 0) if each.split()[-1] in pack_of("Kaito")], "discarded"


def test_after_a_draw_the_next_game_starts_as_the_first_did():
    state = game_under_way(stacked(), ("Kaito", "Arshan"))
    state, events = drawn(state)
    assert "game_ended" in kinds(events) and state.tournament.winners == (None,)
    assert state.phase == FORCES and RULES.actors(state) == {0, 1}
    assert RULES.view(state, None).match.draws == 1


def test_the_match_goes_to_the_first_to_win_most_of_its_games():
    state = game_under_way(stacked(), ("Kaito", "Arshan"))
    state, _ = won_by(state, 0)
    state = game_under_way(state, ("Ulzii", "Kallias"))
    state, events = won_by(state, 0)
    outcome = RULES.outcome(state)
    assert "game_over" in kinds(events) and outcome.reason is AnachronismEnd.MATCH
    assert outcome.winners == (0,) and outcome.placings == ((0,), (1,))
    assert RULES.view(state, None).match.wins == (2, 0) and RULES.actors(state) == frozenset()
    assert refusal(state, "end", 0) == "The game is over"


def test_a_best_of_five_needs_three_wins():
    state = stacked(games=5)
    names = {0: (*STACKS_OF[0], *EXTRA[0]), 1: (*STACKS_OF[1], *EXTRA[1])}
    for game, winner in enumerate((0, 1, 0, 1)):
        state = game_under_way(state, (names[0][game], names[1][game]))
        state, _ = won_by(state, winner)
        assert RULES.outcome(state) is None
    state = game_under_way(state, (names[0][4], names[1][4]))
    state, _ = won_by(state, 1)
    assert RULES.outcome(state).winners == (1,) and RULES.view(state, None).match.wins == (2, 3)


def test_a_match_out_of_warriors_goes_to_more_wins_else_is_a_draw():
    state = game_under_way(stacked(), ("Kaito", "Arshan"))
    state, _ = won_by(state, 0)
    state = game_under_way(state, ("Ulzii", "Kallias"))
    state, _ = won_by(state, 1)
    state, _ = drawn(game_under_way(state, ("Itzel", "Brannoc")))
    outcome = RULES.outcome(state)
    assert outcome.reason is AnachronismEnd.MATCH and outcome.winners == () and outcome.placings == ((0, 1),)
