"""Anachronism's cards (C6): warriors and support cards, with abilities written as data (C4), read from
data/anachronism/cards.json.

An ability is a trigger (when it works), effects (what it does), and optional cost, condition, duration, usage
limit and `optional` (true: its owner may choose not to use it). The vocabulary:

- triggers: `continuous` (while the card is face up), `reveal` (when the card is turned face up at the start of a
  round), `round_start`, `action` (spends one of the warrior's actions), `after_rolls` (once both rolls of an
  attack are made, before they count), `on_hit`, `on_being_hit`, `on_miss` (yours missed), `on_being_missed`,
  `after_move` (after your warrior moves one space with an action of its turn; an ability's move or a push does
  not count), `turn_end` (when your turn ends), `round_end` (when the round's last turn has ended, each player in
  turn order), `on_defeat` (when your warrior's attack or ability defeats an opposing warrior in a game that goes
  on: three or four players);
- effects (`kind`, with `amount`, `what` and `who` (see `WHO`) where they apply, and `per` (see `PER`): the
  amount counted once for each of those): `attack_roll`, `defense_roll`, `speed`, `experience`, `damage` (to the
  warrior's attacks), `initiative`, `life` (gain or lose: permanent, or with a duration given until it ends),
  `deal_damage` (not a hit), `reroll` (one die of `who`'s roll: the lower one of your own, the higher one of the
  opponent's, or with `what` `choose` the die its owner chooses), `set_roll` (your next roll is `amount` before
  modifiers), `extra_die` (`amount` more dice in `who`'s rolls, all counted; `what`: `attack`, `defense` or either
  roll), `keep_best` (`who`'s rolls are made with `amount` dice and the best two count: a replacement, so the
  largest applies; `what` as for `extra_die`), `critical` (your hit counts as a critical hit: the attack in
  progress, or with a duration every hit until it ends), `extra_attack` (`what`: `immediately`, `at_plus` with
  `amount`, or `if_possible`: with more than one weapon in reach, the player chooses which; `attack`: `basic` or
  `weapon` allows only that kind, and for `at_plus` `weapon` makes it with a face-up weapon of the player's choice,
  `basic` or none with the warrior's basic attack), `move` (up to `amount` spaces of the warrior's own, one at a
  time where its player chooses; the ability's later effects follow once the move is done), `push` (the opponent
  one space away), `rotate` (`who` turns to face the other), `extra_slot` (`what`: a support type or body trait
  you may have one more of), `flip` (turn `who`'s leftmost face-down support face up, or for the opponent their
  newest face-up support face down), `prohibit` (`what`: see `PROHIBITIONS`, for the opponent), and `code` (a
  named routine of `routines` for the rare card the vocabulary cannot say);
- cost: `discard_this` (the card goes to the discard pile to pay for the effect), `lose_life:N` (your warrior
  loses N Life; it can be paid only with more than N Life left);
- condition: `adjacent`, `not_adjacent`, `weapon_attack`, `basic_attack`, `doubles` (your roll), `wounded`
  (below your starting Life), `first_in_round` (you took the first turn), `trait:X` (your warrior or one of your
  face-up supports has the trait X), `element:X` and `culture:X` (your warrior's), and `opponent_trait:X`,
  `opponent_element:X`, `opponent_culture:X` (the opposing warrior's: the other warrior of the attack in
  progress, else one in the arena, and an aimed ability is aimed only at such a warrior);
- duration: none (while the ability's card is in play; Life and Experience changes are permanent), `turn` (until
  the turn in progress ends, or outside a turn the next turn to end), `round`, `until_your_next_turn` (or until the
  warrior falls, ruling C8), `next_attack`;
- limit: `once_each_turn`, `once_each_round`; an ability with a limit is optional, as are costs and re-rolls.

Every value is checked when the cards load: an unknown trigger, effect, target, condition, cost, duration, limit,
scaling or prohibition is an error naming the card.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

CONTENT_FILES = ("cards.json",)
TRIGGERS = (
    "continuous", "reveal", "round_start", "action", "after_rolls", "on_hit", "on_being_hit", "on_miss",
    "on_being_missed", "after_move", "turn_end", "round_end", "on_defeat",
)  # fmt: skip
EFFECTS = (
    "attack_roll", "defense_roll", "speed", "experience", "damage", "initiative", "life", "deal_damage", "reroll",
    "set_roll", "extra_die", "keep_best", "critical", "extra_attack", "move", "push", "rotate", "extra_slot", "flip",
    "prohibit", "code",
)  # fmt: skip
COSTS = ("", "discard_this")
PAID_IN_LIFE = "lose_life:"
"""The cost `lose_life:N`."""
CONDITIONS = ("", "adjacent", "not_adjacent", "weapon_attack", "basic_attack", "doubles", "wounded", "first_in_round")
QUALITIES = ("trait", "element", "culture", "opponent_trait", "opponent_element", "opponent_culture")
"""The conditions with a value, written `quality:value` ("element:fire")."""
DURATIONS = ("", "turn", "round", "until_your_next_turn", "next_attack")
LIMITS = ("", "once_each_turn", "once_each_round")
WHO = ("self", "opponent", "another")
"""Whom an effect is on (the multiplayer rules' words): "your warrior", "an opposing warrior" (not a teammate), or
"another warrior" (any but your own, a teammate too); with two players the last two are the other warrior."""
PER = ("", "face_up_support", "face_down_support", "discarded_support", "life_lost", "round")
"""What an amount may be counted for: each of your face-up, face-down or discarded supports, each Life your warrior
is below its starting Life, or each round so far (the round's number)."""
PROHIBITIONS = ("move", "rotate", "weapon_attack", "basic_attack")
"""What a `prohibit` effect may forbid: the game applies each of these, and refuses any other."""
ATTACK_MODES = ("immediately", "at_plus", "if_possible")
ATTACK_KINDS = ("", "basic", "weapon")
"""The kinds of attack an `extra_attack` may be limited to (none: either)."""
ROLLS = ("", "attack", "defense")
"""The rolls `extra_die` and `keep_best` change (none: both)."""
SUPPORT_TYPES = ("inspiration", "weapon", "armor", "special")
BODY_TRAITS = ("torso", "head", "leg", "arm", "shield")
ELEMENTS = ("aether", "earth", "fire", "metal", "water", "wind", "wood")


@dataclass(frozen=True)
class Effect:
    kind: str
    amount: int = 0
    what: str = ""
    who: str = "self"
    per: str = ""
    """Counted once for each of these (see `PER`): none, once."""
    attack: str = ""
    """An `extra_attack` limited to a `basic` or `weapon` attack (none: either)."""


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
    may: bool = False
    """Said optional on the card ("you may"), with or without a usage limit."""

    @property
    def optional(self) -> bool:
        """Whether its owner chooses to use it: said so, or a cost, a limit or a re-roll makes it so."""
        return (
            self.may
            or bool(self.cost or self.limit)
            or any(effect.kind in ("reroll", "set_roll") for effect in self.effects)
        )

    @property
    def life_cost_text(self) -> str:
        return self.cost[len(PAID_IN_LIFE) :] if self.cost.startswith(PAID_IN_LIFE) else ""

    @property
    def life_cost(self) -> int:
        """The Life its cost takes (`lose_life:N`), or 0."""
        return int(self.life_cost_text) if self.life_cost_text.isdigit() else 0


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


def _ability(card: str, data: Mapping) -> Ability:
    """One ability of the card `card`, every value checked against the vocabulary (see the module docstring)."""

    def refuse(problem: str) -> ValueError:
        return ValueError(f"cards.json: card {card}'s ability {data.get('name')!r} {problem}")

    known = {"name", "trigger", "effects", "text", "cost", "condition", "duration", "limit", "optional"}
    if unknown := set(data) - known:
        raise refuse(f"has unknown fields {sorted(unknown)}")
    try:
        effects = tuple(
            Effect(item["kind"], item.get("amount", 0), item.get("what", ""), item.get("who", "self"),
                   item.get("per", ""), item.get("attack", ""))
            for item in data["effects"]
        )  # fmt: skip
        ability = Ability(
            name=data["name"], trigger=data["trigger"], effects=effects, text=data["text"],
            cost=data.get("cost", ""), condition=data.get("condition", ""), duration=data.get("duration", ""),
            limit=data.get("limit", ""), may=data.get("optional", False),
        )  # fmt: skip
    except (KeyError, TypeError) as missing:
        raise refuse(f"is incomplete ({missing})") from None
    for value, allowed, what in (
        (ability.trigger, TRIGGERS, "trigger"),
        (ability.duration, DURATIONS, "duration"),
        (ability.limit, LIMITS, "limit"),
    ):
        if value not in allowed:
            raise refuse(f"has an unknown {what} {value!r}")
    if ability.cost not in COSTS and not (ability.cost.startswith(PAID_IN_LIFE) and ability.life_cost_text.isdigit()):
        raise refuse(f"has an unknown cost {ability.cost!r}")
    if not _known_condition(ability.condition):
        raise refuse(f"has an unknown condition {ability.condition!r}")
    if not effects or not isinstance(ability.may, bool):
        raise refuse("needs effects, and `optional` true or false")
    for effect in effects:
        if problem := _effect_problem(effect):
            raise refuse(problem)
    return ability


def _known_condition(condition: str) -> bool:
    if condition in CONDITIONS:
        return True
    quality, _, value = condition.partition(":")
    if quality not in QUALITIES or not value:
        return False
    return value in ELEMENTS if quality.endswith("element") else True


def _effect_problem(effect: Effect) -> str:
    """What is wrong with an effect (empty: nothing)."""
    kind, what = effect.kind, effect.what
    if kind not in EFFECTS:
        return f"has an unknown effect {kind!r}"
    if effect.who not in WHO:
        return f"aims {kind!r} at an unknown target {effect.who!r}"
    if effect.per not in PER:
        return f"counts {kind!r} for an unknown thing {effect.per!r}"
    if not isinstance(effect.amount, int):
        return f"gives {kind!r} an amount that is not a whole number"
    if effect.attack and (kind != "extra_attack" or effect.attack not in ATTACK_KINDS):
        return f"limits {kind!r} to an unknown kind of attack {effect.attack!r}"
    allowed = {
        "prohibit": PROHIBITIONS,
        "extra_attack": ATTACK_MODES,
        "extra_slot": (*SUPPORT_TYPES, *BODY_TRAITS),
        "reroll": ("", "choose"),
        "extra_die": ROLLS,
        "keep_best": ROLLS,
    }
    if kind in allowed and what not in allowed[kind]:
        return f"has {kind!r} of an unknown {what!r} (the game knows {', '.join(map(repr, allowed[kind]))})"
    if kind not in allowed and kind != "code" and what:
        return f"gives {kind!r} a `what` it does not use ({what!r})"
    if kind == "code" and not what:
        return "names no routine for `code`"
    if kind == "move" and effect.who != "self":
        return "may move only its own warrior"
    if kind == "keep_best" and effect.amount < 3:
        return "keeps the best two of fewer than three dice"
    if kind in ("extra_die", "move") and effect.amount < 1:
        return f"gives {kind!r} an amount below 1"
    return ""


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
            abilities=tuple(_ability(item["id"], ability) for ability in item.get("abilities", ())),
            pack=tuple(item["pack"]),
        )
        for item in data["warriors"]
    )  # fmt: skip
    supports = tuple(
        Support(
            id=item["id"], name=item["name"], type=item["type"], culture=item["culture"],
            traits=tuple(item["traits"]), element=item["element"], flavour=item["flavour"],
            initiative=item["initiative"],
            abilities=tuple(_ability(item["id"], ability) for ability in item.get("abilities", ())),
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
    _check_qualities(pool)
    return pool


def _check_qualities(pool: CardPool) -> None:
    """A condition on a trait or culture names one some card of the pool has: a misspelt one would never hold."""
    cards = (*pool.warriors, *pool.supports)
    known = {"trait": {trait for card in cards for trait in card.traits}, "culture": {card.culture for card in cards}}
    for card in cards:
        for ability in card.abilities:
            quality, _, value = ability.condition.removeprefix("opponent_").partition(":")
            if quality in known and value not in known[quality]:
                raise ValueError(
                    f"cards.json: card {card.id}'s ability {ability.name!r} names a {quality} no card has ({value!r})"
                )
