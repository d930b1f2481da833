"""The picture of Anachronism's arena: a small, valid, repeatable PNG; warriors in their seat's colour facing the
right way; the active warrior's grid (basic or a weapon's) shaded; an unplaced warrior not drawn at all.

The card pool is built here from a few in-code cards, so the tests do not depend on data/anachronism/cards.json.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from bot.discord_ui.renderers.arena_picture import (
    CELL,
    HEIGHT,
    INK,
    RADIUS,
    SEAT_COLOURS,
    TOP,
    WIDTH,
    arena_png,
    cell_box,
    grid_sources,
)
from bot.games.anachronism.arena import SIZE, grid_spaces
from bot.games.anachronism.content import CardPool, Support, Warrior
from bot.games.anachronism.views import AnachronismPublicView, FighterView

FRONT_THREE = ((1, 0, 1), (1, -1, 0), (1, 1, 0))
BOW = ((1, 0, -1), (2, 0, 1), (3, 0, 1))


def warrior(card_id: str, name: str) -> Warrior:
    return Warrior(
        id=card_id, name=name, culture="test", traits=(), element="fire", flavour="", life=7, speed=3,
        experience=2, damage=1, grid=FRONT_THREE, abilities=(), pack=("bow", "axe", "charm", "cloak"),
    )  # fmt: skip


def support(card_id: str, kind: str, grid: tuple = ()) -> Support:
    return Support(
        id=card_id, name=card_id.title(), type=kind, culture="test", traits=(), element="metal", flavour="",
        initiative=1, abilities=(), hands=1 if grid else 0, damage=1 if grid else 0, grid=grid,
    )  # fmt: skip


POOL = CardPool(
    warriors=(warrior("w-rider", "Ulzii the Far Rider"), warrior("w-keeper", "Hrafnhild Oath-Keeper")),
    supports=(
        support("bow", "weapon", BOW),
        support("axe", "weapon", ((1, 0, 2), (2, 0, 0))),
        support("charm", "inspiration"),
        support("cloak", "armor"),
    ),
)
NAMES = ("Ada", "Bo")


def fighter(seat: int, card: str = "", space=None, facing: str = "N", life: int = 7, face_up=()) -> FighterView:
    return FighterView(
        seat=seat, warrior=card if space is not None else "", space=space, facing=facing, life=life, speed=3,
        experience=2, face_up=tuple(face_up), face_down=4 - len(face_up), discarded=(), chosen=True,
    )  # fmt: skip


def public_view(fighters: tuple[FighterView, ...], active: int | None = 0) -> AnachronismPublicView:
    """A view in play; fields the picture does not read are left empty, so a field added later needs no change."""
    given = {"phase": "playing", "round": 1, "order": (0, 1), "active": active, "actions_left": 2}
    given["fighters"] = fighters
    empty = {}
    for field in dataclasses.fields(AnachronismPublicView):
        kind = str(field.type)
        empty[field.name] = () if kind.startswith("tuple") else 0 if kind == "int" else "" if kind == "str" else None
    return AnachronismPublicView(**{**empty, **given})


def two_placed(active: int | None = 0, face_up=("bow",)) -> AnachronismPublicView:
    """Seat 0 in (1, 0) facing north with a bow face up; seat 1 in (2, 3) facing south."""
    return public_view((fighter(0, "w-rider", (1, 0), "N", 7, face_up), fighter(1, "w-keeper", (2, 3), "S", 5)), active)


def picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.convert("RGB")


def count(image: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> int:
    return sum(n for n, each in image.crop(box).getcolors(CELL * CELL) if each == colour)


def background(image: Image.Image, space: tuple[int, int]) -> tuple[int, int, int]:
    """The colour most of a space is."""
    return max(image.crop(cell_box(space)).getcolors(CELL * CELL))[1]


def test_a_small_valid_png_of_the_expected_size():
    data = arena_png(two_placed(), POOL, NAMES)
    image = Image.open(io.BytesIO(data))
    image.verify()
    assert (image.format, image.size) == ("PNG", (WIDTH, HEIGHT))
    assert 400 <= WIDTH <= HEIGHT <= 600
    assert len(data) < 30_000


def test_the_same_view_gives_the_same_bytes():
    assert arena_png(two_placed(), POOL, NAMES, "bow") == arena_png(two_placed(), POOL, list(NAMES), "bow")
    assert arena_png(two_placed(), POOL, NAMES) != arena_png(two_placed(active=1), POOL, NAMES)


def test_seat_0_is_at_the_bottom_and_north_points_up():
    assert cell_box((0, 0)) == (0, TOP + 3 * CELL, CELL, TOP + 4 * CELL)
    assert cell_box((3, 3)) == (3 * CELL, TOP, 4 * CELL, TOP + CELL)


def test_each_warrior_is_drawn_in_its_seat_colour():
    image = picture(arena_png(two_placed(active=None), POOL, NAMES))
    for seat, space in ((0, (1, 0)), (1, (2, 3))):
        box = cell_box(space)
        assert count(image, box, SEAT_COLOURS[seat]) > 3000  # most of a token of radius 44
        assert count(image, box, SEAT_COLOURS[1 - seat]) == 0
    assert all(count(image, cell_box((x, 1)), colour) == 0 for x in range(SIZE) for colour in SEAT_COLOURS)


def test_seat_colours_are_distinct_and_ready_for_four_seats():
    assert len(set(SEAT_COLOURS)) == len(SEAT_COLOURS) >= 4


@pytest.mark.parametrize(("facing", "step"), [("N", (0, -1)), ("E", (1, 0)), ("S", (0, 1)), ("W", (-1, 0))])
def test_the_facing_marker_points_where_the_warrior_faces(facing, step):
    view = public_view((fighter(0, "w-rider", (1, 1), facing), fighter(1)), active=None)
    image = picture(arena_png(view, POOL, NAMES))
    left, top, right, bottom = cell_box((1, 1))
    cx, cy = (left + right) // 2, (top + bottom) // 2
    tip = RADIUS + 8
    for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
        outside = image.getpixel((cx + dx * tip, cy + dy * tip))
        assert (outside == INK) == ((dx, dy) == step)


def test_the_active_grid_is_shaded_with_its_modifiers():
    view = two_placed(active=0)
    image = picture(arena_png(view, POOL, NAMES))
    covered = grid_spaces((1, 0), "N", FRONT_THREE)
    assert set(covered) == {(0, 1), (1, 1), (2, 1)}
    plain = background(image, (3, 1))
    for space in covered:
        assert background(image, space) != plain
        assert count(image, cell_box(space), INK) > 20  # the modifier is written in it
    assert count(image, cell_box((3, 1)), INK) == 0
    # Starting-row spaces the grid does not cover keep their tint, distinct from the shading.
    assert background(image, (0, 0)) == background(image, (3, 0)) != plain


def test_no_grid_without_an_active_placed_warrior():
    image = picture(arena_png(two_placed(active=None), POOL, NAMES))
    assert len({background(image, (x, 1)) for x in range(SIZE)}) == 1
    assert len({background(image, (x, 2)) for x in range(SIZE)}) == 1


def test_a_weapon_grid_is_shown_instead_of_the_basic_one():
    basic = arena_png(two_placed(), POOL, NAMES)
    assert arena_png(two_placed(), POOL, NAMES, "basic") == basic
    bow = arena_png(two_placed(), POOL, NAMES, "bow")
    assert bow != basic
    basic_image, bow_image = picture(basic), picture(bow)
    plain = background(basic_image, (3, 1))
    # The bow reaches (1, 2) and (1, 3), which the basic grid does not; it does not cover the basic grid's sides.
    assert background(bow_image, (1, 2)) != plain == background(basic_image, (1, 2))
    assert background(bow_image, (0, 1)) == plain != background(basic_image, (0, 1))


def test_a_weapon_that_is_not_face_up_shows_the_basic_grid():
    basic = arena_png(two_placed(face_up=()), POOL, NAMES)
    assert arena_png(two_placed(face_up=()), POOL, NAMES, "bow") == basic
    assert arena_png(two_placed(face_up=()), POOL, NAMES, "no-such-card") == basic


def test_grid_sources_are_basic_and_the_face_up_weapons():
    assert grid_sources(two_placed(face_up=("charm", "axe", "bow")), POOL) == ("basic", "axe", "bow")
    assert grid_sources(two_placed(active=None), POOL) == ()


def test_an_unplaced_warrior_draws_nothing():
    seat_1_unplaced = (fighter(0, "w-rider", (1, 0), "N"), fighter(1))
    image = picture(arena_png(public_view(seat_1_unplaced, active=None), POOL, NAMES))
    arena = (0, TOP, WIDTH, TOP + SIZE * CELL)
    assert count(image, arena, SEAT_COLOURS[1]) == 0
    # Its turn shows no grid either: the picture is the same as with nobody active.
    assert arena_png(public_view(seat_1_unplaced, active=1), POOL, NAMES) == arena_png(
        public_view(seat_1_unplaced, active=None), POOL, NAMES
    )
    nobody = picture(arena_png(public_view((fighter(0), fighter(1)), active=None), POOL, NAMES))
    assert all(count(nobody, arena, colour) == 0 for colour in SEAT_COLOURS)


def test_names_the_font_cannot_draw_still_give_a_picture():
    odd = ("Zoë 🐉", "龍")
    data = arena_png(two_placed(), POOL, odd)
    assert picture(data).size == (WIDTH, HEIGHT)
    assert data != arena_png(two_placed(), POOL, NAMES)
