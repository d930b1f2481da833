"""The arena: a 4x4 grid of spaces, facings, starting rows, and attack grids turned to a warrior's facing (C1, C2).

A space is (x, y), x from the left and y from seat 0's side: seat 0's starting row is y = 0, seat 1's is y = 3;
in a game of three or four (the multiplayer rules), seat 2's is the west side (x = 0) and seat 3's the east side
(x = 3), so the rows overlap in the corners. A facing is one of N, E, S, W; north is toward y = 3. Attack grids
are (forward, right, modifier) cells relative to the warrior's facing; cells off the arena are left out.
"""

from __future__ import annotations

from collections.abc import Iterable

SIZE = 4
NORTH, EAST, SOUTH, WEST = "N", "E", "S", "W"
FACINGS = (NORTH, EAST, SOUTH, WEST)
STEPS = {NORTH: (0, 1), EAST: (1, 0), SOUTH: (0, -1), WEST: (-1, 0)}
FACING_NAMES = {NORTH: "north", EAST: "east", SOUTH: "south", WEST: "west"}

Space = tuple[int, int]


COLUMN_NAMES = "ABCD"
"""The columns from the left (x = 0) as players name them; rows are named 1 to 4 from seat 0's side (y = 0), so
a space reads like a chessboard's square: (1, 2) is B3."""


def space_name(space: Space) -> str:
    """The space in words, as the picture's edges write its column and row: "B3"."""
    x, y = space
    return f"{COLUMN_NAMES[x]}{y + 1}"


def on_arena(space: Space) -> bool:
    x, y = space
    return 0 <= x < SIZE and 0 <= y < SIZE


def step(space: Space, facing: str) -> Space:
    """The space next to `space` in direction `facing` (it may be off the arena)."""
    dx, dy = STEPS[facing]
    return space[0] + dx, space[1] + dy


ROW_SIDES = (SOUTH, NORTH, WEST, EAST)
"""The side of the arena each seat's starting row lies along."""


def starting_row(seat: int) -> tuple[Space, ...]:
    """The spaces of a seat's starting row, its own side of the arena, as the picture shows them: a row along the
    south or north side from left to right, one along the west or east side from top to bottom."""
    side = ROW_SIDES[seat]
    if side in (SOUTH, NORTH):
        y = 0 if side == SOUTH else SIZE - 1
        return tuple((x, y) for x in range(SIZE))
    x = 0 if side == WEST else SIZE - 1
    return tuple((x, y) for y in reversed(range(SIZE)))


def facing_out(seat: int) -> str:
    """The facing a warrior is placed with: away from its side, toward the middle."""
    return {SOUTH: NORTH, NORTH: SOUTH, WEST: EAST, EAST: WEST}[ROW_SIDES[seat]]


def relative(facing: str, forward: int, right: int) -> tuple[int, int]:
    """The (dx, dy) of a cell `forward` ahead and `right` to the right of a warrior facing `facing`."""
    forward_x, forward_y = STEPS[facing]
    right_x, right_y = forward_y, -forward_x  # a quarter turn clockwise
    return forward_x * forward + right_x * right, forward_y * forward + right_y * right


def grid_spaces(space: Space, facing: str, cells: Iterable[tuple[int, int, int]]) -> dict[Space, int]:
    """The arena spaces an attack grid covers from `space` facing `facing`, with each space's roll modifier."""
    covered = {}
    for forward, right, modifier in cells:
        dx, dy = relative(facing, forward, right)
        target = (space[0] + dx, space[1] + dy)
        if on_arena(target):
            covered[target] = modifier
    return covered


def adjacent(first: Space, second: Space) -> bool:
    """Whether two spaces share a side or a corner (a space is not adjacent to itself)."""
    return first != second and abs(first[0] - second[0]) <= 1 and abs(first[1] - second[1]) <= 1
