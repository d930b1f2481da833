"""Test-only cards for the ability vocabulary (bot/games/anachronism/content.py): a made-up warrior or support
with the ability a test needs, added to the shipped cards as cards.json writes them, so the loader checks them as
it checks the real ones, and the rules over that pool. None of these cards is in the game."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from bot.games.anachronism.content import parse_content
from bot.games.anachronism.rules import AnachronismRules

SHIPPED = json.loads((Path(__file__).parents[3] / "data" / "anachronism" / "cards.json").read_text(encoding="utf-8"))
PACK = ["sp-01", "sp-09", "sp-17", "sp-25"]


def effect(kind: str, amount: int = 0, **more) -> dict:
    return {"kind": kind, "amount": amount, **more}


def ability(trigger: str, *effects: dict, name: str = "Test Knack", **parts) -> dict:
    return {"name": name, "trigger": trigger, "effects": list(effects), "text": "(a test card)", **parts}


def warrior(card_id: str, name: str, *abilities: dict, **stats) -> dict:
    """A made-up warrior: Life 8, Speed 3, Experience 5, Damage 1, metal, culture Testland, Kallias's grid."""
    return {
        "id": card_id, "name": name, "culture": "Testland", "traits": ["tester"], "element": "metal",
        "flavour": "", "life": 8, "speed": 3, "experience": 5, "damage": 1,
        "grid": [[1, 0, 1], [1, -1, 0], [1, 1, 0]], "abilities": list(abilities), "pack": PACK, **stats,
    }  # fmt: skip


def support(card_id: str, name: str, *abilities: dict, kind: str = "special", **fields) -> dict:
    return {
        "id": card_id, "name": name, "type": kind, "culture": "Testland", "traits": ["trinket"],
        "element": "wood", "flavour": "", "initiative": 3, "abilities": list(abilities), **fields,
    }  # fmt: skip


def rules_with(*cards: dict) -> AnachronismRules:
    """The rules over the shipped cards and `cards` (warriors have ids "wr-...", supports "sp-...")."""
    return _rules(json.dumps(cards))


@cache
def _rules(cards: str) -> AnachronismRules:
    data = json.loads(json.dumps(SHIPPED))
    for each in json.loads(cards):
        data["warriors" if each["id"].startswith("wr-") else "supports"].append(each)
    return AnachronismRules(parse_content({"cards.json": json.dumps(data)}))
