"""A picture of Anachronism's arena, drawn from the public view: the 4x4 grid with the two starting rows tinted in
their owner's colour and labelled with the player's name, each placed warrior as a token in its owner's colour
(first word of its name, its Life, and a triangle pointing where it faces), and the active warrior's attack grid
shaded with each covered space's roll modifier (rulings C1, C2).

Seat 0's starting row (y = 0) is at the bottom of the picture and seat 1's (y = 3) at the top, so north (a facing
of N) points up. A warrior that is not placed yet is not drawn: who it is stays secret until it is placed.

The picture uses only Pillow's built-in font (`ImageFont.load_default(size=...)`, Pillow >= 10.1); that font has
printable ASCII and a few marks only, so names are written with accents dropped and other letters left out. The
PNG is saved with a small palette: a few kilobytes, the same bytes for the same view. Nothing here knows Discord:
the Discord renderer attaches the bytes as a file.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.games.anachronism.arena import EAST, NORTH, SIZE, SOUTH, WEST, grid_spaces, starting_row
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.views import AnachronismPublicView, FighterView

Colour = tuple[int, int, int]

SEAT_COLOURS: tuple[Colour, ...] = ((0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167))
"""Blue, orange, bluish green and reddish purple from the Okabe-Ito palette, which colour-blind eyes tell apart;
seat 0 is blue, seat 1 orange (the other two are for multiplayer arenas, ruling C1)."""
BASIC = "basic"
"""`shown` for the warrior's own attack grid."""

CELL = 120
"""The side of one space, in pixels."""
BAND = 22
"""The strips above and below the arena that name the player whose starting row is next to them."""
LEGEND = 26
WIDTH = CELL * SIZE
HEIGHT = BAND + CELL * SIZE + BAND + LEGEND
TOP = BAND
"""The y of the arena's top edge."""

WHITE: Colour = (255, 255, 255)
INK: Colour = (25, 25, 25)
LINE: Colour = (140, 140, 140)
LEGEND_BACK: Colour = (240, 240, 240)
TINT = 0.15
"""How much of its owner's colour a starting row takes."""
BAND_TINT = 0.4
SHADE = 0.5
"""How much of the active warrior's colour the spaces of its attack grid take, over what is under them."""
RADIUS = 44
"""A token's radius."""
PALETTE_COLOURS = 64
PALETTE_GAP = 16
"""The least distance (in RGB) between two colours of the saved palette."""


def _mix(under: Colour, over: Colour, amount: float) -> Colour:
    """`over` laid on `under` at `amount` opacity."""
    return tuple(round(u + (o - u) * amount) for u, o in zip(under, over, strict=True))  # type: ignore[return-value]


def _text_colour(back: Colour) -> Colour:
    """Black or white, whichever reads better on `back`."""
    red, green, blue = back
    return INK if 0.299 * red + 0.587 * green + 0.114 * blue > 140 else WHITE


@cache
def _font(size: int) -> ImageFont.FreeTypeFont:
    font = ImageFont.load_default(size=size)
    assert isinstance(font, ImageFont.FreeTypeFont), "Pillow needs FreeType to size its built-in font"
    return font


def _glyph(character: str) -> tuple:
    mask = _font(14).getmask(character)
    return mask.size, bytes(mask)


@cache
def _has_glyph(character: str) -> bool:
    return _glyph(character) != _glyph("\U0010fffd")


def _writable(text: str) -> str:
    """`text` with what the built-in font cannot draw left out: accents dropped, other letters removed."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return " ".join("".join(c for c in plain if c == " " or _has_glyph(c)).split())


def _fitted(text: str, width: int, size: int) -> str:
    """`text`, cut short with an ellipsis if it is wider than `width` at `size`."""
    font = _font(size)
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _short_name(name: str) -> tuple[str, int]:
    """What a token says: the first word of the warrior's name (or its initials if that is too long), and the
    font size it is written at."""
    words = _writable(name).split() or ["?"]
    for size in (15, 14, 13, 12):
        if _font(size).getlength(words[0]) <= 2 * RADIUS - 12:
            return words[0], size
    return "".join(word[0] for word in words[:3]).upper(), 15


def _player(names: Sequence[str], seat: int) -> str:
    return (_writable(names[seat]) if seat < len(names) else "") or f"Player {seat + 1}"


def cell_box(space: tuple[int, int]) -> tuple[int, int, int, int]:
    """The pixels (left, top, right, bottom; right and bottom excluded) of arena space (x, y)."""
    x, y = space
    left, top = x * CELL, TOP + (SIZE - 1 - y) * CELL
    return left, top, left + CELL, top + CELL


def grid_sources(view: AnachronismPublicView, pool: CardPool) -> tuple[str, ...]:
    """What `shown` may name for this view: "basic" and the active warrior's face-up weapons; nothing when no
    placed warrior is acting."""
    active = _active(view)
    if active is None:
        return ()
    return (BASIC, *(card for card in active.face_up if pool.has(card) and pool.support(card).type == "weapon"))


def _active(view: AnachronismPublicView) -> FighterView | None:
    for fighter in view.fighters:
        if fighter.seat == view.active and fighter.space is not None and fighter.warrior:
            return fighter
    return None


def _shown_grid(
    view: AnachronismPublicView, pool: CardPool, shown: str | None
) -> tuple[str, dict[tuple[int, int], int]] | None:
    """(what the legend calls the grid, {space: modifier}) for the active warrior, or None. A `shown` that is not
    one of its face-up weapons (turned face down since, say) shows the basic grid: the legend says which it is."""
    active = _active(view)
    if active is None:
        return None
    warrior = pool.warrior(active.warrior)
    if shown and shown != BASIC and shown in grid_sources(view, pool):
        weapon = pool.support(shown)
        label, cells = weapon.name, weapon.grid
    else:
        label, cells = "basic attack", warrior.grid
    owner = (_writable(warrior.name).split() or ["Warrior"])[0]
    covered = grid_spaces(active.space, active.facing, cells)
    return f"{owner}'s {_writable(label)} grid", covered


def _marker(centre: tuple[int, int], facing: str) -> list[tuple[int, int]]:
    """The triangle on a token's rim, pointing the way it faces."""
    forward = {NORTH: (0, -1), EAST: (1, 0), SOUTH: (0, 1), WEST: (-1, 0)}[facing]  # picture y grows downward
    side = (-forward[1], forward[0])
    cx, cy = centre

    def at(ahead: int, across: int) -> tuple[int, int]:
        return cx + forward[0] * ahead + side[0] * across, cy + forward[1] * ahead + side[1] * across

    return [at(RADIUS + 14, 0), at(RADIUS - 8, 15), at(RADIUS - 8, -15)]


def _centred(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, size: int, fill: Colour) -> None:
    draw.text(at, text, font=_font(size), fill=fill, anchor="mm")


def _modifier(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}"


def arena_png(view: AnachronismPublicView, pool: CardPool, names: Sequence[str], shown: str | None = None) -> bytes:
    """The arena as a PNG of WIDTH x HEIGHT (480 x 550) pixels. `names` are the players' names by seat; `shown`
    picks the active warrior's grid to shade: "basic" (the default) or the id of one of its face-up weapons (where
    two grids cover a space, only the one shown counts)."""
    image = Image.new("RGB", (WIDTH, HEIGHT), WHITE)
    draw = ImageDraw.Draw(image)
    grid = _shown_grid(view, pool, shown)
    covered = grid[1] if grid else {}
    active_colour = SEAT_COLOURS[(view.active or 0) % len(SEAT_COLOURS)] if grid else INK

    # The spaces: starting rows tinted in their owner's colour, the active grid shaded over them.
    row_owner = {space: seat for seat in range(min(2, len(view.fighters))) for space in starting_row(seat)}
    for x in range(SIZE):
        for y in range(SIZE):
            back = WHITE if (x, y) not in row_owner else _mix(WHITE, SEAT_COLOURS[row_owner[x, y]], TINT)
            if (x, y) in covered:
                back = _mix(back, active_colour, SHADE)
            left, top, right, bottom = cell_box((x, y))
            draw.rectangle((left, top, right - 1, bottom - 1), fill=back)  # Pillow's rectangles include their corners
    for line in range(SIZE + 1):
        at = min(line * CELL, SIZE * CELL - 1)  # the outer lines just inside the picture
        draw.line([(at, TOP), (at, TOP + SIZE * CELL)], fill=LINE, width=2)
        draw.line([(0, TOP + at), (WIDTH, TOP + at)], fill=LINE, width=2)
    for space in covered:
        left, top, right, bottom = cell_box(space)
        draw.rectangle((left + 3, top + 3, right - 4, bottom - 4), outline=active_colour, width=3)

    # The bands naming whose starting row is next to them (seat 1 above, seat 0 below), and north.
    for seat, top in ((1, 0), (0, TOP + SIZE * CELL)):
        if seat < len(view.fighters):
            band = _mix(WHITE, SEAT_COLOURS[seat], BAND_TINT)
            draw.rectangle((0, top, WIDTH - 1, top + BAND - 1), fill=band)
            _centred(draw, (WIDTH / 2, top + BAND / 2), _fitted(_player(names, seat), WIDTH - 80, 13), 13, INK)
    draw.polygon([(WIDTH - 36, 16), (WIDTH - 30, 5), (WIDTH - 24, 16)], fill=INK)
    draw.text((WIDTH - 14, BAND / 2), "N", font=_font(13), fill=INK, anchor="mm")

    # The active grid's modifiers: in the middle of an empty space, in the corner of an occupied one.
    occupied = {fighter.space for fighter in view.fighters if fighter.space is not None and fighter.warrior}
    for space, value in sorted(covered.items()):
        left, top, right, bottom = cell_box(space)
        if space in occupied:
            draw.text((left + 9, top + 7), _modifier(value), font=_font(20), fill=INK)
        else:
            _centred(draw, ((left + right) / 2, (top + bottom) / 2), _modifier(value), 34, INK)

    # The warriors: placed ones only, so an unplaced warrior's identity stays secret.
    for fighter in view.fighters:
        if fighter.space is None or not fighter.warrior:
            continue
        colour = SEAT_COLOURS[fighter.seat % len(SEAT_COLOURS)]
        left, top, right, bottom = cell_box(fighter.space)
        centre = ((left + right) // 2, (top + bottom) // 2)
        cx, cy = centre
        if grid and fighter.seat == view.active:
            draw.ellipse((cx - RADIUS - 6, cy - RADIUS - 6, cx + RADIUS + 6, cy + RADIUS + 6), outline=INK, width=3)
        draw.ellipse((cx - RADIUS, cy - RADIUS, cx + RADIUS, cy + RADIUS), fill=colour, outline=INK, width=2)
        draw.polygon(_marker(centre, fighter.facing), fill=INK, outline=WHITE)
        short, size = _short_name(pool.warrior(fighter.warrior).name)
        ink = _text_colour(colour)
        _centred(draw, (cx, cy - 11), short, size, ink)
        _centred(draw, (cx, cy + 14), str(fighter.life), 24, ink)

    # The legend: which grid is shaded, or what a token shows.
    top = TOP + SIZE * CELL + BAND
    draw.rectangle((0, top, WIDTH - 1, HEIGHT - 1), fill=LEGEND_BACK)
    if grid:
        draw.rectangle((8, top + 6, 22, top + 20), fill=_mix(WHITE, active_colour, SHADE), outline=active_colour)
        text, left = f"{grid[0]}: the numbers are attack roll modifiers", 30
    else:
        text, left = "Tokens show each warrior, its Life, and a triangle for its facing", 8
    draw.text((left, top + LEGEND / 2), _fitted(text, WIDTH - left - 8, 13), font=_font(13), fill=INK, anchor="lm")

    out = io.BytesIO()
    _paletted(image).save(out, format="PNG", optimize=True)
    return out.getvalue()


def _paletted(image: Image.Image) -> Image.Image:
    """`image` in a palette of at most PALETTE_COLOURS of its own colours, not dithered: its most used colours,
    skipping any closer than PALETTE_GAP to one already taken. Pillow maps a pixel to the palette through slots 4
    levels wide in each channel, so colours kept that far apart each map to themselves: the flat colours (spaces,
    tokens, bands, shading) stay exact and only the edges of letters move. About 5 ms, where Pillow's median cut
    takes 15 ms and its octree shifts the flat colours."""
    chosen: list[Colour] = []
    for _, colour in sorted(image.getcolors(WIDTH * HEIGHT) or (), reverse=True):
        red, green, blue = colour
        if all((red - r) ** 2 + (green - g) ** 2 + (blue - b) ** 2 >= PALETTE_GAP**2 for r, g, b in chosen):
            chosen.append(colour)
            if len(chosen) == PALETTE_COLOURS:
                break
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in chosen for channel in colour])
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
