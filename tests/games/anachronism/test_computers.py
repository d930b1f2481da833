"""The computer player (bot/games/anachronism/computers.py), through its timer as the host plays it: a force from
the packs, a legal answer to every question, and turns spent closing in and attacking."""

from __future__ import annotations

from bot.engine import Seating
from bot.games.anachronism.actions import ChooseForce, KeepOrder
from bot.games.anachronism.state import PLACING

from .positions import RULES, act, actor, card, duel, fighter, offered, play


def computer(state):
    """The action the computer seat the game waits on would take now."""
    (timer,) = [each for each in RULES.timers(state) if each.seat == actor(state)]
    assert timer.key == f"computer-{timer.seat}-{state.steps}"
    return timer.action_at(0)


def test_a_computer_chooses_a_pack_and_keeps_its_order_once_the_warriors_are_placed():
    state = RULES.setup(Seating(2, computers=(1,)), {"computer_players": 1}, seed=3)
    assert [timer.seat for timer in RULES.timers(state)] == [1]
    (timer,) = RULES.timers(state)
    choice = timer.action_at(0)
    assert isinstance(choice, ChooseForce) and choice in RULES.legal_actions(state, 1)
    state, _ = RULES.apply(state, 1, choice)
    assert RULES.timers(state) == ()
    state, _ = RULES.apply(state, 0, choice)
    while state.phase == PLACING:
        (placing,) = RULES.actors(state)
        state, _ = RULES.apply(state, placing, RULES.legal_actions(state, placing)[0])
    (timer,) = RULES.timers(state)
    assert timer.action_at(0) == KeepOrder()


def test_a_computer_whose_weapon_has_attacked_closes_in_for_a_basic_attack():
    bow = card("Horn-and-Sinew Bow")
    ulzii = fighter("Ulzii", ["Horn-and-Sinew Bow"], weapon_attacks=(bow,))
    state = duel(ulzii, fighter("Arshan", space=(1, 2), facing="S"), computers=(0,), actions=2)
    assert computer(state).notation == "move N N"
    state = act(state, "move N N")
    assert computer(state).notation == "attack basic 1"


def test_a_computer_answers_a_discard_keeping_the_harder_hitting_card_then_the_higher_initiative():
    state = duel(
        fighter("Ulzii", ["Horn-and-Sinew Bow"], face_down=["Sickle-Sword"]),
        fighter("Arshan", space=(2, 3)),
        active=1,
        order=(0, 1),
        round=1,
        actions=1,
        computers=(0,),
    )
    state, _ = play(state, "end")
    assert actor(state) == 0 and computer(state).notation in offered(state)
    after, _ = RULES.apply(state, 0, computer(state))  # both deal 2: the sword's Initiative is 6, the bow's 4
    assert after.fighters[0].face_up == (card("Sickle-Sword"),) and not after.offers
