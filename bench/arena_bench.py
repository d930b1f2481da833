"""Benchmark of the Anachronism arena picture (bot/discord_ui/renderers/arena_picture.py): the time to draw one
PNG and its size.

`--views` pseudo-random public views (400 by default, the same ones every run for a given `--seed`): both warriors
placed on two different random spaces with random facings and Life 1-9, each with 0-3 of its supports face up; the
active seat alternates (0, 1, 0, ...), and the grid shown is the basic one or one of the active warrior's face-up
weapons, picked at random. A few unmeasured renders first load the font. Each picture is timed on its own
(`arena_png`, drawing and PNG encoding); the table gives p50, p99 and max in milliseconds, and the PNG's size in
bytes (min, median, max).

The cards come from data/anachronism/cards.json when that file exists and parses; otherwise (the file is missing
or still being written) from a small pool written below, with the same shape of grids: the bench says which.

    .venv/bin/python bench/arena_bench.py                  # 400 views
    .venv/bin/python bench/arena_bench.py --views 100 --save /tmp/arena.png   # and keep the last picture
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import time
from pathlib import Path

from timing import summary

from bot.discord_ui.renderers.arena_picture import BASIC, arena_png, grid_sources
from bot.games.anachronism.arena import FACINGS, SIZE
from bot.games.anachronism.content import CONTENT_FILES, CardPool, Support, Warrior, parse_content
from bot.games.anachronism.views import AnachronismPublicView, FighterView

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "data" / "anachronism"
NAMES = ("Ada Lovelace", "Bo")
WARM_UP = 5


def small_pool() -> CardPool:
    """Two warriors and a pack of four supports each (two weapons among them), written here."""

    def warrior(card_id: str, name: str, grid: tuple, pack: tuple[str, ...]) -> Warrior:
        return Warrior(
            id=card_id, name=name, culture="bench", traits=(), element="fire", flavour="", life=7, speed=3,
            experience=2, damage=1, grid=grid, abilities=(), pack=pack,
        )  # fmt: skip

    def support(card_id: str, name: str, kind: str, grid: tuple = ()) -> Support:
        return Support(
            id=card_id, name=name, type=kind, culture="bench", traits=(), element="metal", flavour="",
            initiative=1, abilities=(), hands=1 if grid else 0, damage=1 if grid else 0, grid=grid,
        )  # fmt: skip

    pack = ("bow", "axe", "charm", "cloak")
    return CardPool(
        warriors=(
            warrior("w-rider", "Ulzii the Far Rider", ((1, 0, 1), (1, -1, 0), (1, 1, 0)), pack),
            warrior("w-keeper", "Hrafnhild Oath-Keeper", ((1, 0, 1), (0, -1, 0), (0, 1, 0)), pack),
        ),
        supports=(
            support("bow", "Horn-and-Sinew Bow", "weapon", ((1, 0, -1), (2, 0, 1), (2, -1, 0), (2, 1, 0), (3, 0, 1))),
            support("axe", "Long-Hafted Axe", "weapon", ((1, 0, 1), (1, -1, 0), (1, 1, 0), (2, 0, 0))),
            support("charm", "Charm", "inspiration"),
            support("cloak", "Cloak", "armor"),
        ),
    )


def load_pool() -> tuple[CardPool, str]:
    """The pool and where it came from."""
    try:
        files = {name: (CARDS / name).read_text(encoding="utf-8") for name in CONTENT_FILES}
        return parse_content(files), "data/anachronism/cards.json"
    except (OSError, ValueError, KeyError, TypeError) as error:
        return small_pool(), f"the small in-code pool ({type(error).__name__}: {error})"


def public_view(fighters: tuple[FighterView, ...], active: int) -> AnachronismPublicView:
    """A view in play; fields the picture does not read are left empty."""
    given = {"phase": "playing", "round": 1, "order": (0, 1), "active": active, "actions_left": 2}
    empty = {}
    for field in dataclasses.fields(AnachronismPublicView):
        kind = str(field.type)
        empty[field.name] = () if kind.startswith("tuple") else 0 if kind == "int" else "" if kind == "str" else None
    return AnachronismPublicView(**{**empty, **given, "fighters": fighters})


def random_views(pool: CardPool, count: int, seed: int) -> list[tuple[AnachronismPublicView, str]]:
    """`count` (view, shown) pairs: both warriors placed apart, the active seat alternating."""
    rng = random.Random(seed)
    spaces = [(x, y) for x in range(SIZE) for y in range(SIZE)]
    views = []
    for number in range(count):
        fighters = []
        for seat, space in enumerate(rng.sample(spaces, 2)):
            card = rng.choice(pool.warriors)
            face_up = tuple(card.pack[: rng.randint(0, 3)])
            fighter = FighterView(
                seat=seat, warrior=card.id, space=space, facing=rng.choice(FACINGS), life=rng.randint(1, 9),
                speed=card.speed, experience=card.experience, face_up=face_up, face_down=4 - len(face_up),
                discarded=(), chosen=True,
            )  # fmt: skip
            fighters.append(fighter)
        view = public_view(tuple(fighters), active=number % 2)
        views.append((view, rng.choice(grid_sources(view, pool) or (BASIC,))))
    return views


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--views", type=int, default=400, help="pictures timed (400)")
    parser.add_argument("--seed", type=int, default=1, help="the views' random seed (1)")
    parser.add_argument("--save", type=Path, help="write the last picture here")
    arguments = parser.parse_args()

    pool, source = load_pool()
    views = random_views(pool, arguments.views, arguments.seed)
    for view, shown in views[:WARM_UP]:
        arena_png(view, pool, NAMES, shown)
    timings, sizes = [], []
    weapons = 0
    for view, shown in views:
        begun = time.perf_counter()
        data = arena_png(view, pool, NAMES, shown)
        timings.append((time.perf_counter() - begun) * 1000)
        sizes.append(len(data))
        weapons += shown != BASIC
    if arguments.save:
        arguments.save.write_bytes(data)

    figures = summary("render", timings)
    print(f"Arena picture: {len(views)} views from {source}; {weapons} show a weapon's grid, the rest the basic one")
    print(f"  render ms: p50 {figures['render_ms_p50']}, p99 {figures['render_ms_p99']}, max {round(max(timings), 2)}")
    print(f"  PNG bytes: min {min(sizes):,}, median {round(statistics.median(sizes)):,}, max {max(sizes):,}")


if __name__ == "__main__":
    main()
