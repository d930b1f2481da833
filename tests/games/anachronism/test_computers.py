"""The computer player (bot/games/anachronism/computers.py), through its timer as the host plays it: a force from
the packs, a legal answer to every question, and turns spent closing in and attacking."""

from __future__ import annotations

from bot.engine import Seating, SeededRandom
from bot.games.anachronism.actions import ChooseForce, KeepOrder
from bot.games.anachronism.card_values import warrior_worth
from bot.games.anachronism.computers import computer_move
from bot.games.anachronism.content import SUPPORT_TYPES
from bot.games.anachronism.state import PLACING

from .made_up import ability, effect, rules_with, support, warrior
from .positions import POOL, RULES, act, actor, card, duel, fighter, front, offered, play, with_dice


def actor_of(state) -> int:
    return min(RULES.actors(state))


def computer(state):
    """The action the computer seat the game waits on would take now."""
    (timer,) = [each for each in RULES.timers(state) if each.seat == actor(state)]
    assert timer.key == f"computer-{timer.seat}-{state.steps}"
    return timer.action_at(0)


def test_a_computer_builds_a_custom_force_of_four_supports_that_can_all_be_face_up_and_keeps_its_order():
    state = RULES.setup(Seating(2, computers=(1,)), {"computer_players": 1}, seed=3)
    assert [timer.seat for timer in RULES.timers(state)] == [1]
    while RULES.timers(state):
        (timer,) = RULES.timers(state)
        choice = timer.action_at(0)
        assert choice in RULES.legal_actions(state, 1) and not isinstance(choice, ChooseForce)
        state, _ = RULES.apply(state, 1, choice)
    chosen = state.fighters[1]
    ranked = sorted(POOL.warriors, key=lambda each: -warrior_worth(each))
    assert chosen.warrior in {each.id for each in ranked[:2]}, "one of the two warriors worth most"
    supports = [POOL.support(each) for each in chosen.supports]
    assert len(supports) == 4 and sorted(each.type for each in supports) == sorted(SUPPORT_TYPES)
    assert sum(each.hands for each in supports) <= 2
    assert chosen.supports != POOL.warrior(chosen.warrior).pack, "not only the quick-play packs"
    state, _ = RULES.apply(state, 0, RULES.legal_actions(state, 0)[0])
    while state.phase == PLACING:
        (placing,) = RULES.actors(state)
        state, _ = RULES.apply(state, placing, RULES.legal_actions(state, placing)[0])
    (timer,) = [each for each in RULES.timers(state) if each.seat == 1]
    assert timer.action_at(0) == KeepOrder()


def test_a_computer_builds_a_tournament_stack_from_the_whole_pool():
    state = RULES.setup(Seating(2, computers=(0, 1)), {"computer_players": 2, "match": 3}, seed=5)
    for _ in range(40):
        if state.phase != "stacks":
            break
        seat = actor_of(state)
        state, _ = RULES.apply(state, seat, computer_move(RULES, state, seat))
    stack = state.tournament.stacks[0]
    assert len(stack.warriors) == 3 and len(stack.supports) == 12 and len(set(stack.supports)) == 12


def test_a_computer_whose_weapon_has_attacked_closes_in_for_a_basic_attack():
    bow = card("Horn-and-Sinew Bow")
    ulzii = fighter("Ulzii", ["Horn-and-Sinew Bow"], weapon_attacks=(bow,))
    state = duel(ulzii, fighter("Arshan", space=(1, 2), facing="S"), computers=(0,), actions=2)
    assert computer(state).notation == "move N N"
    state = act(state, "move N N")
    assert computer(state).notation == "attack basic 1"


def test_a_computer_answers_a_discard_keeping_the_harder_hitting_card_then_the_one_worth_more():
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
    after, _ = RULES.apply(state, 0, computer(state))  # both deal 2: the bow reaches further
    assert after.fighters[0].face_up == (card("Horn-and-Sinew Bow"),) and not after.offers


# -- the choices the newer ability words bring ----------------------------------------------------------------------


def test_a_computer_rolls_its_own_lowest_die_again_and_the_other_players_highest():
    mine = ability("after_rolls", effect("reroll", what="choose"), limit="once_each_turn")
    theirs = ability("after_rolls", effect("reroll", what="choose", who="opponent"), limit="once_each_turn")
    for knack, dice, answer in ((mine, (6, 1, 4, 4), "reroll 2"), (theirs, (2, 5, 4, 4), "reroll 1")):
        rules = rules_with(support("sp-t1", "Test Charm", knack))
        state = duel(fighter("Kallias", ["Test Charm"], pool=rules.pool), front("Arshan"), rules=rules)
        state, _ = play(with_dice(state, *dice), "attack basic 1", rules=rules)
        state, _ = play(state, "use sp-t1 0", rules=rules)
        assert computer_move(rules, state, 0).notation == answer


def test_a_computer_makes_an_attack_at_plus_x_with_its_harder_hitting_weapon():
    rules = rules_with(
        support("sp-t1", "Test Charm", ability("action", effect("extra_attack", 1, what="at_plus", attack="weapon"))),
        warrior("wr-t1", "Tinker the Tester", ability("continuous", effect("extra_slot", what="weapon"))),
    )
    state = duel(fighter("Tinker", ["Test Charm", "Sickle-Sword", "Bundle of Javelins"], pool=rules.pool),
                 fighter("Arshan", space=(3, 3)), rules=rules)  # fmt: skip
    assert computer_move(rules, state, 0).notation == "use sp-t1 0", "nothing else reaches Arshan"
    state, _ = play(state, "use sp-t1 0", rules=rules)
    assert computer_move(rules, state, 0).notation == f"attack {card('Sickle-Sword')} 1"  # 2 damage, not 1


def test_a_computer_pays_life_for_an_ability_only_with_life_to_spare():
    rules = rules_with(
        support("sp-t1", "Test Charm", ability("action", effect("deal_damage", 2, who="opponent"), cost="lose_life:1"))
    )
    for life, uses in ((8, True), (3, False)):
        state = duel(fighter("Kallias", ["Test Charm"], life=life, pool=rules.pool), fighter("Arshan", space=(3, 3)),
                     rules=rules)  # fmt: skip
        assert (computer_move(rules, state, 0).notation == "use sp-t1 0") is uses, life


def test_a_computer_answers_every_question_of_made_up_cards_in_whole_games():
    """Computers on both sides play forces holding a card of each newer word: every answer is legal, the
    questions those words bring are asked and answered, and every game ends."""
    knacks = [
        ability("after_rolls", effect("reroll", what="choose"), limit="once_each_turn"),
        ability("action", effect("move", 2), effect("extra_attack", what="if_possible", attack="weapon")),
        ability("on_being_missed", effect("life", 1), optional=True),
        ability("action", effect("extra_attack", 1, what="at_plus", attack="weapon"), limit="once_each_round"),
        ability("turn_end", effect("life", 1, per="face_up_support"), duration="round"),
        ability("continuous", effect("keep_best", 3, what="attack"), condition="culture:Hellenic"),
    ]
    kinds = ("inspiration", "special", "armor", "special", "inspiration", "armor")
    cards = [support(f"sp-t{n}", f"Test Card {n}", knack, kind=kind)
             for n, (knack, kind) in enumerate(zip(knacks, kinds, strict=True))]  # fmt: skip
    moved = ability("after_move", effect("attack_roll", 1), duration="turn")
    cards.append(warrior("wr-t1", "Tinker the Tester", moved, pack=["sp-09", "sp-t0", "sp-t1", "sp-t2"]))
    cards.append(warrior("wr-t2", "Tamsin the Tester", culture="Hellenic", pack=["sp-16", "sp-t3", "sp-t4", "sp-t5"]))
    rules = rules_with(*cards)
    asked = set()
    for seed in range(6):
        state = rules.setup(Seating(2, computers=(0, 1)), {"computer_players": 2}, seed)
        for seat, warrior_id in enumerate(("wr-t1", "wr-t2")):
            state, _ = rules.apply(state, seat, ChooseForce(warrior_id, rules.pool.warrior(warrior_id).pack))
        for _ in range(600):
            if state.result is not None:
                break
            seat = min(rules.actors(state))
            asked.update(offer.kind for offer in state.offers[:1])
            action = computer_move(rules, state, seat)
            assert action in rules.legal_actions(state, seat)
            state, _ = rules.apply(state, seat, action)
        assert state.result is not None, seed
    assert {"use", "die", "step"} <= asked  # what to attack with: see the at +X test above


def test_a_computer_beats_a_player_choosing_uniformly_among_legal_actions():
    games, won = 30, 0
    for seed in range(games):
        computer_seat = seed % 2
        state = RULES.setup(Seating(2), {}, seed)
        chance = SeededRandom(seed + 1000)
        while state.result is None:
            seat = min(RULES.actors(state))
            if seat == computer_seat:
                action = computer_move(RULES, state, seat)
            else:
                action = chance.pick(list(RULES.legal_actions(state, seat)))
            state, _ = RULES.apply(state, seat, action)
        won += computer_seat in RULES.outcome(state).winners
    assert won >= 0.85 * games
