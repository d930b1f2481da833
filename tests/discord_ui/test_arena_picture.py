"""The picture of Anachronism's arena: a small, valid, repeatable PNG; warriors in their seat's colour facing the
right way; the active warrior's grid (basic or a weapon's) shaded; an unplaced warrior not drawn at all. With three
or four players: the west and east columns tinted and named for seats 2 and 3, corners in both rows' colours, the
teams of a game of two against two on the tokens and in the legend, a fallen warrior gone. The spaces' names on the
edges; the end of a game: a warrior that fell where it stood marked so, and no active warrior.

The card pool is built here from a few in-code cards, so the tests do not depend on data/anachronism/cards.json.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image

from bot.discord_ui.renderers.arena_picture import (
    BAND,
    BAND_TINT,
    CELL,
    FALLEN_FADE,
    HEIGHT,
    INK,
    LEGEND,
    MULTI_TINT,
    RADIUS,
    SEAT_COLOURS,
    SIDE,
    TOP,
    WHITE,
    WIDTH,
    arena_png,
    badge_centre,
    cell_box,
    grid_sources,
    picture_size,
)
from bot.engine import Outcome
from bot.games.anachronism.arena import SIZE, grid_spaces
from bot.games.anachronism.content import CardPool, Support, Warrior
from bot.games.anachronism.events import AnachronismEnd
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


def fighter(
    seat: int, card: str = "", space=None, facing: str = "N", life: int = 7, face_up=(), team=None, fallen=False
) -> FighterView:
    return FighterView(
        seat=seat, warrior=card if space is not None or fallen else "", space=space, facing=facing, life=life,
        speed=3, experience=2, face_up=tuple(face_up), face_down=4 - len(face_up), discarded=(),
        team=seat if team is None else team, fallen=fallen, chosen=True,
    )  # fmt: skip


def public_view(
    fighters: tuple[FighterView, ...], active: int | None = 0, teams: bool = False
) -> AnachronismPublicView:
    """A view in play; fields the picture does not read are left empty, so a field added later needs no change."""
    order = tuple(range(len(fighters)))
    given = {"phase": "playing", "teams": teams, "round": 1, "order": order, "active": active, "actions_left": 2}
    given["fighters"] = fighters
    empty = {}
    for field in dataclasses.fields(AnachronismPublicView):
        kind = str(field.type)
        empty[field.name] = (
            () if kind.startswith("tuple") else 0 if kind == "int" else "" if kind == "str"
            else False if kind == "bool" else None
        )  # fmt: skip
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


# Three and four players.

FOUR_NAMES = ("Ada", "Bo", "Cy", "Dee")


def dark(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixels of `box` are dark: ink, and the darker edges of letters."""
    return sum(n for n, (red, green, blue) in image.crop(box).getcolors(CELL * CELL) if red + green + blue < 300)


def tint(colour: tuple[int, int, int], amount: float = MULTI_TINT) -> tuple[int, int, int]:
    """`colour` laid over white at `amount` opacity, as a starting row or a band is tinted."""
    return tuple(round(255 + (c - 255) * amount) for c in colour)  # type: ignore[return-value]


def four_placed(active: int | None = None, teams: bool = False, fallen: int | None = None) -> AnachronismPublicView:
    """Seat 0 in (1, 0), seat 1 in (2, 3), seat 2 in (0, 2), seat 3 in (3, 1), each facing inward; in a game of
    two against two seats 0 and 2 are team 0, seats 1 and 3 team 1. The `fallen` seat's warrior is out."""
    placed = (((1, 0), "N"), ((2, 3), "S"), ((0, 2), "E"), ((3, 1), "W"))
    cards = ("w-rider", "w-keeper", "w-rider", "w-keeper")
    fighters = tuple(
        fighter(seat, cards[seat], None if seat == fallen else space, facing, 6, team=seat % 2 if teams else seat,
                fallen=seat == fallen)
        for seat, (space, facing) in enumerate(placed)
    )  # fmt: skip
    return public_view(fighters, active, teams)


def test_two_players_keep_the_picture_of_two():
    assert picture_size(2) == (WIDTH, HEIGHT) == (480, 550)
    assert picture(arena_png(two_placed(), POOL, NAMES)).size == (480, 550)
    assert cell_box((0, 0), 2) == cell_box((0, 0))


def test_four_players_add_a_band_each_side():
    data = arena_png(four_placed(), POOL, FOUR_NAMES)
    image = picture(data)
    assert image.size == picture_size(4) == picture_size(3) == (WIDTH + 2 * SIDE, HEIGHT) == (524, 550)
    assert len(data) < 30_000
    assert data == arena_png(four_placed(), POOL, list(FOUR_NAMES))
    assert cell_box((0, 0), 4) == (SIDE, TOP + 3 * CELL, SIDE + CELL, TOP + 4 * CELL)
    # The west band is seat 2's colour and names its player; the east band seat 3's.
    for seat, box in (
        (2, (0, TOP, SIDE, TOP + 4 * CELL)),
        (3, (SIDE + 4 * CELL, TOP, 2 * SIDE + 4 * CELL, TOP + 4 * CELL)),
    ):
        assert count(image, box, tint(SEAT_COLOURS[seat], BAND_TINT)) > SIDE * 4 * CELL // 2
        assert dark(image, box) > 20  # the name
    renamed = picture(arena_png(four_placed(), POOL, ("Ada", "Bo", "Cyrille", "Dee")))
    assert renamed.crop((0, TOP, SIDE, TOP + 4 * CELL)) != image.crop((0, TOP, SIDE, TOP + 4 * CELL))


def test_the_west_and_east_columns_are_seat_2_and_seat_3_rows():
    image = picture(arena_png(four_placed(), POOL, FOUR_NAMES))
    assert background(image, (0, 1)) == tint(SEAT_COLOURS[2])
    assert background(image, (3, 2)) == tint(SEAT_COLOURS[3])
    assert background(image, (1, 0)) == tint(SEAT_COLOURS[0])  # under seat 0's token
    assert background(image, (1, 3)) == tint(SEAT_COLOURS[1])
    assert background(image, (1, 1)) == background(image, (2, 2)) == WHITE
    assert len({tint(colour) for colour in SEAT_COLOURS}) == 4


@pytest.mark.parametrize(("corner", "row", "column"), [((0, 0), 0, 2), ((3, 0), 0, 3), ((0, 3), 1, 2), ((3, 3), 1, 3)])
def test_a_corner_carries_both_rows_colours(corner, row, column):
    image = picture(arena_png(four_placed(), POOL, FOUR_NAMES))
    left, top, right, bottom = box = cell_box(corner, 4)
    for seat in (row, column):
        assert count(image, box, tint(SEAT_COLOURS[seat])) > CELL * CELL // 3
    # Split from the arena's corner inward: the half along the side edge is the column's, along the top or
    # bottom edge the row's.
    side_x = left + 20 if corner[0] == 0 else right - 21
    edge_y = bottom - 21 if corner[1] == 0 else top + 20
    inner_y = top + 20 if corner[1] == 0 else bottom - 21
    inner_x = right - 21 if corner[0] == 0 else left + 20
    assert image.getpixel((side_x, inner_y)) == tint(SEAT_COLOURS[column])
    assert image.getpixel((inner_x, edge_y)) == tint(SEAT_COLOURS[row])


def test_three_players_tint_the_west_column_only():
    three = public_view(four_placed().fighters[:3], active=None)
    image = picture(arena_png(three, POOL, FOUR_NAMES))
    assert image.size == (524, 550)
    assert background(image, (0, 1)) == tint(SEAT_COLOURS[2])
    assert background(image, (3, 1)) == background(image, (3, 2)) == WHITE
    assert background(image, (3, 0)) == tint(SEAT_COLOURS[0])  # not a shared corner with nobody east
    east_band = (SIDE + 4 * CELL, TOP, 2 * SIDE + 4 * CELL, TOP + 4 * CELL)
    assert count(image, east_band, WHITE) == SIDE * 4 * CELL


def test_each_of_four_warriors_is_a_token_in_its_seat_colour():
    image = picture(arena_png(four_placed(), POOL, FOUR_NAMES))
    for seat, space in enumerate(((1, 0), (2, 3), (0, 2), (3, 1))):
        box = cell_box(space, 4)
        assert count(image, box, SEAT_COLOURS[seat]) > 3000
        assert all(count(image, box, SEAT_COLOURS[other]) == 0 for other in range(4) if other != seat)


def test_the_active_grid_takes_the_active_seats_colour():
    image = picture(arena_png(four_placed(active=3), POOL, FOUR_NAMES))
    covered = grid_spaces((3, 1), "W", FRONT_THREE)
    assert set(covered) == {(2, 1), (2, 0), (2, 2)}
    assert background(image, (2, 2)) == tuple(round(255 + (c - 255) * 0.5) for c in SEAT_COLOURS[3])
    for space in covered:
        assert count(image, cell_box(space, 4), SEAT_COLOURS[3]) > 1000  # the outline


def test_a_team_game_marks_the_teams_on_tokens_bands_and_legend():
    free = picture(arena_png(four_placed(), POOL, FOUR_NAMES))
    teams = picture(arena_png(four_placed(teams=True), POOL, FOUR_NAMES))
    assert teams.size == picture_size(4, teams=True) == (524, HEIGHT + 24) == (524, 574)
    for space in ((1, 0), (2, 3), (0, 2), (3, 1)):
        left, top, right, bottom = cell_box(space, 4)
        bx, by = badge_centre(((left + right) // 2, (top + bottom) // 2))
        badge = (bx - 9, by - 9, bx + 10, by + 10)
        assert count(teams, badge, WHITE) > 100 and dark(teams, badge) > 10  # a letter on a white badge
        assert count(free, badge, WHITE) == 0
    # The bands say the team: "Ada (team A)".
    bottom_band = (0, TOP + 4 * CELL, 524, TOP + 4 * CELL + BAND)
    assert teams.crop(bottom_band) != free.crop(bottom_band)
    # The legend's second line: team A's swatches (blue, green) on the left, team B's (orange, purple) right.
    line = TOP + 4 * CELL + BAND + LEGEND
    left_half, right_half = (0, line, 262, 574), (262, line, 524, 574)
    for seat in (0, 2):
        assert count(teams, left_half, SEAT_COLOURS[seat]) > 100
        assert count(teams, right_half, SEAT_COLOURS[seat]) == 0
    for seat in (1, 3):
        assert count(teams, right_half, SEAT_COLOURS[seat]) > 100
        assert count(teams, left_half, SEAT_COLOURS[seat]) == 0


def test_a_fallen_warrior_is_not_drawn_and_its_band_says_so():
    standing = picture(arena_png(four_placed(), POOL, FOUR_NAMES))
    fallen = picture(arena_png(four_placed(fallen=3), POOL, FOUR_NAMES))
    arena = (SIDE, TOP, SIDE + 4 * CELL, TOP + 4 * CELL)
    assert count(fallen, arena, SEAT_COLOURS[3]) == 0
    assert count(fallen, cell_box((3, 1), 4), tint(SEAT_COLOURS[3])) > CELL * CELL // 2  # its row stays tinted
    assert all(count(fallen, arena, SEAT_COLOURS[seat]) > 3000 for seat in range(3))
    east_band = (SIDE + 4 * CELL, TOP, 2 * SIDE + 4 * CELL, TOP + 4 * CELL)
    assert fallen.crop(east_band) != standing.crop(east_band)
    # Its turn shows no grid.
    assert arena_png(four_placed(active=3, fallen=3), POOL, FOUR_NAMES) == arena_png(
        four_placed(fallen=3), POOL, FOUR_NAMES
    )


def test_the_edges_name_the_columns_and_rows():
    """Columns A-D along the bottom edge, rows 1-4 up the left edge, as the board's lines name the spaces."""
    image = picture(arena_png(two_placed(active=None), POOL, NAMES))

    def corner(space: tuple[int, int], side: str) -> Image.Image:
        """The space's bottom corner on that side, inside the grid's lines."""
        left, _, right, bottom = cell_box(space)
        x = right - 30 if side == "right" else left + 3
        return image.crop((x, bottom - 30, x + 27, bottom - 3))

    def written(crop: Image.Image) -> bool:
        return any(red + green + blue < 450 for _, (red, green, blue) in crop.getcolors(900))

    letters = [corner((x, 0), "right") for x in range(SIZE)]
    numbers = [corner((0, y), "left") for y in range(SIZE)]
    assert all(written(each) for each in letters + numbers)
    assert len({each.tobytes() for each in letters}) == len({each.tobytes() for each in numbers}) == SIZE
    assert not written(corner((2, 2), "right")) and not written(corner((2, 2), "left"))


def test_the_end_marks_a_warrior_that_fell_where_it_stood_and_has_no_active_warrior():
    """The attack that ends a game of two leaves the fallen warrior on its space: faded, "fell" for its Life and
    no facing, whatever its Life went down to; and no grid is shaded, though a turn was under way."""
    over = Outcome(winners=(1,), reason=AnachronismEnd.DEFEAT)

    def ended(life: int, active: int | None = 0) -> bytes:
        fighters = (fighter(0, "w-rider", (1, 0), "N", life, ("bow",)), fighter(1, "w-keeper", (2, 3), "S", 5))
        return arena_png(dataclasses.replace(public_view(fighters, active), outcome=over), POOL, NAMES)

    assert ended(0) == ended(-1) == ended(-1, active=None) != ended(3)
    image = picture(ended(-1))
    box = cell_box((1, 0))
    assert count(image, box, SEAT_COLOURS[0]) == 0 and count(image, box, SEAT_COLOURS[1]) == 0
    faded = tuple(round(c + (255 - c) * FALLEN_FADE) for c in SEAT_COLOURS[0])
    assert count(image, box, faded) > 3000
    assert len({background(image, (x, 1)) for x in range(SIZE)}) == 1, "no grid is shaded"
