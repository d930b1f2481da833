"""The card pool as a whole (rulings C4, C6, issue 32), as a player choosing from it relies on: as many cards of each
kind and from as many cultures as data/anachronism/README.md says, every card there and in its table; stats in the
real game's ranges; no two abilities alike, and each one's text naming its moment, cost and duration; and every
quick-play pack four supports of the four types, a legal force, sharing no card with another pack (so any set of
packs is a legal tournament stack).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from pathlib import Path

from bot.games.anachronism.content import SUPPORT_TYPES, Ability

from .positions import POOL, RULES, duel, fighter

README = (Path(__file__).parents[3] / "data" / "anachronism" / "README.md").read_text(encoding="utf-8")
GOAL = {"warriors": 24, "cultures": 8, "supports of each type": 24}
"""The pool's size at least: issue 32 asks for 24 warriors from 8 cultures and 24 supports of each type."""


def documented_counts() -> dict[str, int]:
    """The counts the README's first paragraph gives: "N warriors from C cultures and M support cards (a
    inspirations, ...)"."""
    words = (
        r"(\d+) warriors from (\d+) cultures and (\d+) support cards "
        r"\((\d+) inspirations, (\d+) weapons, (\d+) armors, (\d+) specials\)"
    )
    found = re.search(words, " ".join(README.split()))
    assert found, "the README says how many cards there are"
    warriors, cultures, supports, *by_type = (int(each) for each in found.groups())
    by_type_counts = dict(zip(SUPPORT_TYPES, by_type, strict=True))
    return {"warrior": warriors, "culture": cultures, "support": supports, **by_type_counts}


def test_the_pool_has_the_cards_the_readme_counts_and_at_least_the_goal():
    counts = Counter(support.type for support in POOL.supports)
    cultures = len({warrior.culture for warrior in POOL.warriors})
    pool = {"warrior": len(POOL.warriors), "culture": cultures, "support": len(POOL.supports), **counts}
    assert documented_counts() == pool
    assert len(POOL.warriors) >= GOAL["warriors"] and cultures >= GOAL["cultures"]
    assert min(counts[kind] for kind in SUPPORT_TYPES) >= GOAL["supports of each type"]


def test_every_card_id_is_in_a_range_the_readme_gives_its_kind():
    (row,) = [line for line in README.splitlines() if line.startswith("| `id` |")]
    ranges = re.findall(r"`(wr|sp)-(\d+)`\.\.`(?:wr|sp)-(\d+)`(?: (\w+))?", row)
    kind_of = {}
    for prefix, first, last, kind in ranges:
        for number in range(int(first), int(last) + 1):
            kind_of[f"{prefix}-{number:02d}"] = "warrior" if prefix == "wr" else kind.rstrip("s")
    cards = {warrior.id: "warrior" for warrior in POOL.warriors} | {each.id: each.type for each in POOL.supports}
    assert cards == kind_of


def test_the_readme_table_lists_every_warrior_with_its_stats_and_pack_in_order():
    rows = [line.split(" | ") for line in README.splitlines() if re.match(r"\| wr-\d+ \|", line)]
    table = {row[0].lstrip("| "): row[1:] for row in rows}
    assert list(table) == [warrior.id for warrior in POOL.warriors]
    for warrior in POOL.warriors:
        pack = ", ".join(POOL.support(card).name for card in warrior.pack)
        stats = [warrior.name, warrior.culture, warrior.element, str(warrior.life), str(warrior.speed)]
        assert table[warrior.id] == [*stats, str(warrior.experience), f"{pack} |"], warrior.id


def test_warriors_stats_are_in_the_real_games_ranges_with_few_experience_ties():
    for warrior in POOL.warriors:
        assert 6 <= warrior.life <= 9 and warrior.speed in (3, 4) and warrior.damage == 1, warrior.id
        assert 2 <= warrior.experience <= 9 and len(warrior.abilities) <= 1, warrior.id
    assert sum(warrior.speed != 3 for warrior in POOL.warriors) <= len(POOL.warriors) // 8, "Speed 3 mostly"
    # Experience breaks ties: eight values for all the warriors, each held by as few as can be.
    held = Counter(warrior.experience for warrior in POOL.warriors)
    assert max(held.values()) <= math.ceil(len(POOL.warriors) / 8)


def test_supports_stats_are_in_the_real_games_ranges():
    for support in POOL.supports:
        assert 0 <= support.initiative <= 9 and len(support.abilities) == 1, support.id
        if support.type == "weapon":
            assert 1 <= support.damage <= 3 and 1 <= support.hands <= 2 and support.grid, support.id
        else:
            assert support.damage == 0 and not support.grid, support.id
            assert support.hands == (1 if "shield" in support.traits else 0), support.id


def shape(ability: Ability) -> tuple:
    """What an ability does, whatever it is called."""
    return ability.trigger, ability.effects, ability.cost, ability.condition, ability.duration, ability.limit


def test_no_two_abilities_in_the_pool_are_alike():
    abilities = [ability for card in (*POOL.warriors, *POOL.supports) for ability in card.abilities]
    for what in (shape, lambda ability: ability.name, lambda ability: ability.text):
        repeated = [key for key, count in Counter(map(what, abilities)).items() if count > 1]
        assert repeated == []


def test_every_abilitys_text_names_its_moment_its_cost_and_how_long_it_lasts():
    lasting = {"round": "this round", "until_your_next_turn": "until your next turn", "next_attack": "next attack"}
    for card in (*POOL.warriors, *POOL.supports):
        for ability in card.abilities:
            text = ability.text.lower()
            assert text.startswith("reveal:") == (ability.trigger == "reveal"), ability.name
            assert text.startswith("action") == (ability.trigger == "action"), ability.name
            assert ("discard this card" in text) == (ability.cost == "discard_this"), ability.name
            assert lasting.get(ability.duration, "") in text, ability.name


def test_every_pack_is_four_supports_of_the_four_types_and_a_legal_force():
    for warrior in POOL.warriors:
        types = sorted(POOL.support(card).type for card in warrior.pack)
        assert len(set(warrior.pack)) == 4 and types == sorted(SUPPORT_TYPES), warrior.id
        first_word = warrior.name.split()[0]
        names = [POOL.support(card).name for card in warrior.pack]
        # Each laid card in turn face up, as the rounds reveal them: never a card that must go.
        for revealed in range(1, 5):
            state = duel(fighter(first_word, names[:revealed], names[revealed:]), fighter("Arshan", space=(3, 3)))
            assert RULES.offending(state, 0) == (), (warrior.id, names[:revealed])


def test_no_two_packs_share_a_card():
    packed = Counter(card for warrior in POOL.warriors for card in warrior.pack)
    assert [card for card, count in packed.items() if count > 1] == []
