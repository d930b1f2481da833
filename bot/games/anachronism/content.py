"""Anachronism's cards (C6): warriors and support cards, with abilities written as data (C4), read from
data/anachronism/cards.json.

An ability is a trigger (when it works), effects (what it does), and optional cost, condition, duration and
usage limit. The vocabulary:

- triggers: `continuous` (while the card is face up), `reveal` (when the card is turned face up at the start of a
  round), `round_start`, `action` (spends one of the warrior's actions), `after_rolls` (once both rolls of an
  attack are made, before they count), `on_hit`, `on_being_hit`, `on_miss` (yours missed), `on_being_missed`;
- effects (`kind`, with `amount`, `what` and `who` (see `WHO`) where they apply): `attack_roll`, `defense_roll`,
  `speed`,
  `experience`, `damage` (to the warrior's attacks), `initiative`, `life` (gain or lose, permanent),
  `deal_damage` (not a hit), `reroll` (one die of `who`'s roll: the lower one of your own, the higher one of the
  opponent's), `set_roll` (your next roll is `amount` before modifiers), `extra_attack` (`what`: `immediately`,
  `at_plus` with `amount`, or `if_possible`: with more than one weapon in reach, the player chooses which),
  `move` (up to `amount` spaces of the warrior's own, one at a time where its player chooses; an ability's last
  effect, since the player answers it after the others are done), `push` (the opponent one space away),
  `rotate` (`who` turns to face the other), `extra_slot` (`what`: a support type or body trait you may have one
  more of), `flip` (turn `who`'s leftmost face-down support face up, or for the opponent their newest face-up
  support face down), `prohibit` (`what`: `move`, `rotate` or `weapon_attack` for the opponent), and `code` (a
  named routine of `routines` for the rare card the vocabulary cannot say);
- cost: `discard_this` (the card goes to the discard pile to pay for the effect);
- condition: `adjacent`, `not_adjacent`, `weapon_attack`, `basic_attack`, `doubles` (your roll), `wounded`
  (below your starting Life), `first_in_round` (you took the first turn);
- duration: none (while the ability's card is in play; Life and Experience changes are permanent), `round`,
  `until_your_next_turn` (or until the warrior falls, ruling C8), `next_attack`;
- limit: `once_each_turn`, `once_each_round`; an ability with a limit is optional, as are costs and re-rolls.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

CONTENT_FILES = ("cards.json",)
TRIGGERS = (
    "continuous", "reveal", "round_start", "action", "after_rolls", "on_hit", "on_being_hit", "on_miss",
    "on_being_missed",
)  # fmt: skip
EFFECTS = (
    "attack_roll", "defense_roll", "speed", "experience", "damage", "initiative", "life", "deal_damage", "reroll",
    "set_roll", "extra_attack", "move", "push", "rotate", "extra_slot", "flip", "prohibit", "code",
)  # fmt: skip
COSTS = ("", "discard_this")
CONDITIONS = ("", "adjacent", "not_adjacent", "weapon_attack", "basic_attack", "doubles", "wounded", "first_in_round")
DURATIONS = ("", "round", "until_your_next_turn", "next_attack")
LIMITS = ("", "once_each_turn", "once_each_round")
WHO = ("self", "opponent", "another")
"""Whom an effect is on (the multiplayer rules' words): "your warrior", "an opposing warrior" (not a teammate), or
"another warrior" (any but your own, a teammate too); with two players the last two are the other warrior."""
SUPPORT_TYPES = ("inspiration", "weapon", "armor", "special")
BODY_TRAITS = ("torso", "head", "leg", "arm", "shield")
ELEMENTS = ("aether", "earth", "fire", "metal", "water", "wind", "wood")


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    what: str = ""
    who: str = "self"


@dataclass(frozen=True)
class Ability:
    name: str
    trigger: str
    effects: tuple[Effect, ...]
    text: str
    """The ability in our own words, as the card shows it."""
    cost: str = ""
    condition: str = ""
    duration: str = ""
    limit: str = ""

    @property
    def optional(self) -> bool:
        """Whether its owner chooses to use it: a cost, a limit or a re-roll makes it so."""
        return bool(self.cost or self.limit) or any(effect.kind in ("reroll", "set_roll") for effect in self.effects)


@dataclass(frozen=True)
class Warrior:
    id: str
    name: str
    culture: str
    traits: tuple[str, ...]
    element: str
    flavour: str
    life: int
    speed: int
    experience: int
    damage: int
    grid: tuple[tuple[int, int, int], ...]
    abilities: tuple[Ability, ...]
    pack: tuple[str, ...]
    """Four support ids for quick play, in the order they are laid down."""


@dataclass(frozen=True)
class Support:
    id: str
    name: str
    type: str
    culture: str
    traits: tuple[str, ...]
    element: str
    flavour: str
    initiative: int
    abilities: tuple[Ability, ...]
    hands: int = 0
    damage: int = 0
    """A weapon's base damage."""
    grid: tuple[tuple[int, int, int], ...] = ()
    """A weapon's attack grid."""


@dataclass(frozen=True)
class CardPool:
    warriors: tuple[Warrior, ...]
    supports: tuple[Support, ...]
    _by_id: Mapping[str, Warrior | Support] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {card.id: card for card in (*self.warriors, *self.supports)})

    def warrior(self, card_id: str) -> Warrior:
        card = self._by_id[card_id]
        assert isinstance(card, Warrior)
        return card

    def support(self, card_id: str) -> Support:
        card = self._by_id[card_id]
        assert isinstance(card, Support)
        return card

    def has(self, card_id: str) -> bool:
        return card_id in self._by_id


def _ability(data: Mapping) -> Ability:
    ability = Ability(
        name=data["name"],
        trigger=data["trigger"],
        effects=tuple(Effect(item["kind"], item.get("amount", 0), item.get("what", ""), item.get("who", "self"))
                      for item in data["effects"]),
        text=data["text"],
        cost=data.get("cost", ""),
        condition=data.get("condition", ""),
        duration=data.get("duration", ""),
        limit=data.get("limit", ""),
    )  # fmt: skip
    for value, allowed, what in (
        (ability.trigger, TRIGGERS, "trigger"),
        (ability.cost, COSTS, "cost"),
        (ability.condition, CONDITIONS, "condition"),
        (ability.duration, DURATIONS, "duration"),
        (ability.limit, LIMITS, "limit"),
    ):
        if value not in allowed:
            raise ValueError(f"cards.json: ability {ability.name!r} has an unknown {what} {value!r}")
    for effect in ability.effects:
        if effect.kind not in EFFECTS or effect.who not in WHO:
            raise ValueError(f"cards.json: ability {ability.name!r} has an unknown effect {effect.kind!r}")
    moves = [position for position, effect in enumerate(ability.effects) if effect.kind == "move"]
    if moves and (moves != [len(ability.effects) - 1] or ability.effects[-1].who != "self"):
        raise ValueError(f"cards.json: ability {ability.name!r} may move only its own warrior, as its last effect")
    return ability


def _grid(cells) -> tuple[tuple[int, int, int], ...]:
    return tuple((int(forward), int(right), int(modifier)) for forward, right, modifier in cells)


def parse_content(files: Mapping[str, str]) -> CardPool:
    """Read cards.json; every pack names four supports that exist, and every value is one the game knows."""
    data = json.loads(files["cards.json"])
    warriors = tuple(
        Warrior(
            id=item["id"], name=item["name"], culture=item["culture"], traits=tuple(item["traits"]),
            element=item["element"], flavour=item["flavour"], life=item["life"], speed=item["speed"],
            experience=item["experience"], damage=item["damage"], grid=_grid(item["grid"]),
            abilities=tuple(_ability(ability) for ability in item.get("abilities", ())), pack=tuple(item["pack"]),
        )
        for item in data["warriors"]
    )  # fmt: skip
    supports = tuple(
        Support(
            id=item["id"], name=item["name"], type=item["type"], culture=item["culture"],
            traits=tuple(item["traits"]), element=item["element"], flavour=item["flavour"],
            initiative=item["initiative"], abilities=tuple(_ability(ability) for ability in item.get("abilities", ())),
            hands=item.get("hands", 0), damage=item.get("damage", 0), grid=_grid(item.get("grid", ())),
        )
        for item in data["supports"]
    )  # fmt: skip
    pool = CardPool(warriors, supports)
    ids = [card.id for card in (*warriors, *supports)]
    if len(set(ids)) != len(ids):
        raise ValueError("cards.json: card ids must be unique")
    for support in supports:
        if support.type not in SUPPORT_TYPES or support.element not in ELEMENTS:
            raise ValueError(f"cards.json: support {support.id} has an unknown type or element")
        if support.type == "weapon" and not (support.grid and 1 <= support.damage <= 3 and 1 <= support.hands <= 2):
            raise ValueError(f"cards.json: weapon {support.id} needs a grid, 1-3 damage and 1-2 hands")
    for warrior in warriors:
        if warrior.element not in ELEMENTS or not warrior.grid:
            raise ValueError(f"cards.json: warrior {warrior.id} has an unknown element or no grid")
        if len(warrior.pack) != 4 or len(set(warrior.pack)) != 4 or not all(pool.has(card) for card in warrior.pack):
            raise ValueError(f"cards.json: warrior {warrior.id}'s pack must name four different supports")
    return pool
