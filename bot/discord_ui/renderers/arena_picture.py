"""A picture of Anachronism's arena, drawn from the public view: the 4x4 grid with each seated player's starting
row tinted in their colour and labelled with their name, each placed warrior as a token in its owner's colour
(first word of its name, its Life, and a triangle pointing where it faces), and the active warrior's attack grid
shaded with each covered space's roll modifier (rulings C1, C2).

Seat 0's starting row (y = 0) is at the bottom of the picture and seat 1's (y = 3) at the top, so north (a facing
of N) points up; the bands above and below the arena name them. A game of two draws just that: 480 x 550 pixels.
In a game of three or four (the multiplayer rules), seat 2's starting row is the west column (x = 0, on the left)
and seat 3's the east column (x = 3, on the right), named on bands left and right of the arena (the west one reads
upward, the east one downward); both side bands are there whenever there are three or four players, so the arena
stays in the middle and every such picture is 524 pixels wide (with three, the east band is left blank).

The rows overlap in the four corners. A corner space is split along its diagonal from the arena's corner inward,
as a picture frame's corners are mitred: the half along the side edge takes the west or east row's colour, the
half along the top or bottom edge the north or south row's, so each row reads as one strip of its colour running
into the corner. Three or four rows use a stronger tint than two, as the tints of blue and green would be too
alike.

In a game of two against two, the bands say each player's team ("Ada (team A)"), each token carries its team's
letter (A for seats 0 and 2, blue and green; B for seats 1 and 3, orange and purple) in a white badge at its
lower left, and a second legend line shows each team's colours and players (the picture is 574 pixels high). A
warrior not placed yet is not drawn: who it is stays secret until it is placed. A fallen warrior is not drawn
either; its player's band says it fell. A warrior that fell in the attack that ended the game stays where it fell,
faded, with "fell" for its Life and no facing, and its band says so too; a finished game has no active warrior.

The spaces are named as players name them in words (bot/games/anachronism/arena.py `space_name`): the columns' letters
A-D along the bottom edge and the rows' numbers 1-4 along the left edge, small, in the corners of the edge spaces.

The picture uses only Pillow's built-in font (`ImageFont.load_default(size=...)`, Pillow >= 10.1); that font has
printable ASCII and a few marks only, so names are written with accents dropped and other letters left out. The
PNG is saved with a small palette: a few kilobytes, the same bytes for the same view. Nothing here knows Discord:
the Discord renderer attaches the bytes as a file.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Iterator, Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.games.anachronism.arena import (
    COLUMN_NAMES,
    EAST,
    NORTH,
    ROW_SIDES,
    SIZE,
    SOUTH,
    WEST,
    grid_spaces,
    starting_row,
)
from bot.games.anachronism.content import CardPool
from bot.games.anachronism.views import AnachronismPublicView, FighterView

Colour = tuple[int, int, int]
Space = tuple[int, int]

SEAT_COLOURS: tuple[Colour, ...] = ((0, 114, 178), (230, 159, 0), (0, 158, 115), (204, 121, 167))
"""Blue, orange, bluish green and reddish purple from the Okabe-Ito palette, which colour-blind eyes tell apart;
seat 0 is blue, seat 1 orange, seat 2 green and seat 3 purple (ruling C1)."""
TEAM_LETTERS = "AB"
"""What a token and a band call a team in a game of two against two: team 0 (seats 0 and 2) is A, team 1 is B."""
BASIC = "basic"
"""`shown` for the warrior's own attack grid."""

CELL = 120
"""The side of one space, in pixels."""
BAND = 22
"""The strips above and below the arena that name the player whose starting row is next to them."""
SIDE = BAND
"""The strips left and right of the arena in a game of three or four, naming seat 2 (west) and seat 3 (east)."""
LEGEND = 26
TEAM_LINE = 24
"""The legend's second line in a game of two against two: which colours are which team."""
WIDTH = CELL * SIZE
"""The picture's width in a game of two; three or four add a SIDE band on each side."""
HEIGHT = BAND + CELL * SIZE + BAND + LEGEND
"""The picture's height; a game of two against two adds a TEAM_LINE."""
TOP = BAND
"""The y of the arena's top edge."""

WHITE: Colour = (255, 255, 255)
INK: Colour = (25, 25, 25)
LINE: Colour = (140, 140, 140)
LEGEND_BACK: Colour = (240, 240, 240)
TINT = 0.15
"""How much of its owner's colour a starting row takes in a game of two."""
MULTI_TINT = 0.3
"""How much in a game of three or four: at 0.15, seat 0's blue and seat 2's green tints are all but alike."""
BAND_TINT = 0.4
EDGE_INK: Colour = (90, 90, 90)
"""The spaces' column letters and row numbers along the arena's edges."""
EDGE_INSET = 9
"""How far those letters and numbers sit from their space's corner: inside the outline of a shaded grid space."""
FALLEN_FADE = 0.6
"""How far toward white a warrior that fell where it stood (the game's last attack) is faded."""
SHADE = 0.5
"""How much of the active warrior's colour the spaces of its attack grid take, over what is under them."""
RADIUS = 44
"""A token's radius."""
BADGE = 11
"""The radius of the team letter's badge on a token."""
GIF_FRAME_MS = 800
"""How long the animated picture of a whole game shows each moment."""
GIF_END_MS = 4000
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


def _team_letter(team: int) -> str:
    return TEAM_LETTERS[team] if 0 <= team < len(TEAM_LETTERS) else str(team + 1)


def _label(fighter: FighterView, teams: bool, pool: CardPool, names: Sequence[str]) -> str:
    """What a band says: the player's name, their team in a game of two against two, and whether their warrior
    fell."""
    text = _player(names, fighter.seat)
    if teams:
        text += f" (team {_team_letter(fighter.team)})"
    if fighter.defeated:
        known = fighter.warrior and pool.has(fighter.warrior)
        warrior = (_writable(pool.warrior(fighter.warrior).name).split() or [""])[0] if known else ""
        text += f": {warrior} fell" if warrior else ": fallen"
    return text


def _left(players: int) -> int:
    """The x of the arena's left edge: past the west band in a game of three or four."""
    return SIDE if players > 2 else 0


def picture_size(players: int, teams: bool = False) -> tuple[int, int]:
    """The picture's (width, height) for a game of `players`, two against two if `teams`: 480 x 550 for two
    players, 524 x 550 for three or four, 524 x 574 for two against two."""
    return WIDTH + 2 * _left(players), HEIGHT + (TEAM_LINE if teams else 0)


def cell_box(space: Space, players: int = 2) -> tuple[int, int, int, int]:
    """The pixels (left, top, right, bottom; right and bottom excluded) of arena space (x, y) in the picture of a
    game of `players`."""
    x, y = space
    left, top = _left(players) + x * CELL, TOP + (SIZE - 1 - y) * CELL
    return left, top, left + CELL, top + CELL


def row_owners(players: int) -> dict[Space, tuple[int, ...]]:
    """The seats whose starting row each space is in (corners are in two rows in a game of three or four)."""
    owners: dict[Space, tuple[int, ...]] = {}
    for seat in range(min(players, len(ROW_SIDES), len(SEAT_COLOURS))):
        for space in starting_row(seat):
            owners[space] = (*owners.get(space, ()), seat)
    return owners


def _side_half(space: Space, box: tuple[int, int, int, int]) -> list[tuple[int, int]]:
    """The half of corner `space` that belongs to the west or east row: the triangle between the arena's corner,
    the space's inner corner and the other end of its side edge (its diagonal runs from the arena's corner
    inward, as a mitred frame's does)."""
    left, top, right, bottom = box[0], box[1], box[2] - 1, box[3] - 1
    outer_x, inner_x = (left, right) if space[0] == 0 else (right, left)
    outer_y, inner_y = (bottom, top) if space[1] == 0 else (top, bottom)  # y = 0 is at the bottom of the picture
    return [(outer_x, outer_y), (inner_x, inner_y), (outer_x, inner_y)]


def grid_sources(view: AnachronismPublicView, pool: CardPool) -> tuple[str, ...]:
    """What `shown` may name for this view: "basic" and the active warrior's face-up weapons; nothing when no
    placed warrior is acting."""
    active = _active(view)
    if active is None:
        return ()
    return (BASIC, *(card for card in active.face_up if pool.has(card) and pool.support(card).type == "weapon"))


def _on_arena(fighter: FighterView) -> bool:
    return fighter.space is not None and bool(fighter.warrior) and not fighter.fallen


def _active(view: AnachronismPublicView) -> FighterView | None:
    """The warrior whose turn it is; none once the game is over."""
    if view.outcome is not None:
        return None
    for fighter in view.fighters:
        if fighter.seat == view.active and _on_arena(fighter):
            return fighter
    return None


def _shown_grid(view: AnachronismPublicView, pool: CardPool, shown: str | None) -> tuple[str, dict[Space, int]] | None:
    """(what the legend calls the grid, {space: modifier}) for the active warrior, or None. A `shown` that is not
    one of its face-up weapons (turned face down since, say) shows the basic grid: the legend says which it is."""
    active = _active(view)
    if active is None or active.space is None:
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


def badge_centre(centre: tuple[int, int]) -> tuple[int, int]:
    """Where a token's team badge is: on its rim at the lower left, clear of the facing triangles (which point
    straight up, down, left or right) and of the Life written below the middle."""
    return centre[0] - 31, centre[1] + 31


def _centred(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, size: int, fill: Colour) -> None:
    draw.text(at, text, font=_font(size), fill=fill, anchor="mm")


def _side_label(image: Image.Image, box: tuple[int, int, int, int], text: str, back: Colour, upward: bool) -> None:
    """A band standing on its end (`box`, right and bottom excluded) with `text` along it, read upward (the west
    band) or downward (the east band)."""
    left, top, right, bottom = box
    length, thickness = bottom - top, right - left
    strip = Image.new("RGB", (length, thickness), back)
    _centred(ImageDraw.Draw(strip), (length / 2, thickness / 2), _fitted(text, length - 40, 13), 13, INK)
    turn = Image.Transpose.ROTATE_90 if upward else Image.Transpose.ROTATE_270  # ROTATE_90 turns anticlockwise
    image.paste(strip.transpose(turn), (left, top))


def _modifier(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}"


def arena_png(view: AnachronismPublicView, pool: CardPool, names: Sequence[str], shown: str | None = None) -> bytes:
    """The arena as a PNG of `picture_size(players, teams)` pixels (480 x 550 for two players). `names` are the
    players' names by seat; `shown` picks the active warrior's grid to shade: "basic" (the default) or the id of
    one of its face-up weapons (where two grids cover a space, only the one shown counts)."""
    out = io.BytesIO()
    # zlib's default level: a sixth of the best level's time, for about a sixth more bytes (5 KB, not 4.5).
    _paletted(arena_image(view, pool, names, shown)).save(out, format="PNG", compress_level=6)
    return out.getvalue()


def arena_gif(
    moments: Sequence[tuple[AnachronismPublicView, str | None]], pool: CardPool, names: Sequence[str], limit: int
) -> bytes | None:
    """The arena moment by moment as an animated GIF (each moment a view and the grid it shades, as `arena_png`
    takes them): a frame for each moment whose picture differs from the one before, `GIF_FRAME_MS` apiece and the
    last held `GIF_END_MS`. Frames are shrunk by half, then to a quarter, where the whole would be over `limit`
    bytes; None if even that is, or there is no moment. Frames are drawn one at a time and kept only in their
    palette (a third of their size in colour), which Pillow needs all of to write the file."""
    for scale in (1, 2, 4):
        frames = _frames(moments, pool, names, scale)
        first = next(frames, None)
        if first is None:
            return None
        out = io.BytesIO()
        first.save(out, format="GIF", save_all=True, append_images=frames, loop=0)
        if out.tell() <= limit:
            return out.getvalue()
    return None


def _frames(
    moments: Sequence[tuple[AnachronismPublicView, str | None]], pool: CardPool, names: Sequence[str], scale: int
) -> Iterator[Image.Image]:
    """The paletted frames of `arena_gif`, each moment that looks different from the one before, shrunk `scale`
    times, each with its duration (a frame is held until the next is drawn: the last shows longer)."""
    previous, held = b"", None
    for view, shown in moments:
        frame = arena_image(view, pool, names, shown)
        pixels = frame.tobytes()
        if pixels == previous:
            continue
        previous = pixels
        if held is not None:
            yield held
        held = _paletted(frame.reduce(scale) if scale > 1 else frame)
        held.info["duration"] = GIF_FRAME_MS
    if held is not None:
        held.info["duration"] = GIF_END_MS
        yield held


def arena_image(
    view: AnachronismPublicView, pool: CardPool, names: Sequence[str], shown: str | None = None
) -> Image.Image:
    """The arena picture of `arena_png`, as an RGB image."""
    players = len(view.fighters)
    seats = {fighter.seat: fighter for fighter in view.fighters}
    width, height = picture_size(players, view.teams)
    arena_left, arena_right, arena_bottom = _left(players), _left(players) + SIZE * CELL, TOP + SIZE * CELL
    image = Image.new("RGB", (width, height), WHITE)
    draw = ImageDraw.Draw(image)
    grid = _shown_grid(view, pool, shown)
    covered = grid[1] if grid else {}
    active_colour = SEAT_COLOURS[(view.active or 0) % len(SEAT_COLOURS)] if grid else INK

    # The spaces: starting rows tinted in their owner's colour (corners split between two rows), the active grid
    # shaded over them.
    tint = TINT if players <= 2 else MULTI_TINT
    owners = row_owners(players)
    for x in range(SIZE):
        for y in range(SIZE):
            box = cell_box((x, y), players)
            row_seats = sorted(owners.get((x, y), ()), key=lambda seat: ROW_SIDES[seat] in (WEST, EAST))
            backs = [_mix(WHITE, SEAT_COLOURS[seat], tint) for seat in row_seats] or [WHITE]
            if (x, y) in covered:
                backs = [_mix(back, active_colour, SHADE) for back in backs]
            draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=backs[0])  # rectangles include corners
            if len(backs) > 1:
                draw.polygon(_side_half((x, y), box), fill=backs[1])
    for line in range(SIZE + 1):
        at = min(line * CELL, SIZE * CELL - 1)  # the outer lines just inside the arena
        draw.line([(arena_left + at, TOP), (arena_left + at, arena_bottom)], fill=LINE, width=2)
        draw.line([(arena_left, TOP + at), (arena_right, TOP + at)], fill=LINE, width=2)
    for space in covered:
        left, top, right, bottom = cell_box(space, players)
        draw.rectangle((left + 3, top + 3, right - 4, bottom - 4), outline=active_colour, width=3)

    # The bands naming whose starting row is next to them (seat 1 above, seat 0 below, seat 2 left, seat 3
    # right), and north.
    for seat, top in ((1, 0), (0, arena_bottom)):
        if seat in seats:
            band = _mix(WHITE, SEAT_COLOURS[seat], BAND_TINT)
            draw.rectangle((0, top, width - 1, top + BAND - 1), fill=band)
            label = _fitted(_label(seats[seat], view.teams, pool, names), WIDTH - 80, 13)
            _centred(draw, (width / 2, top + BAND / 2), label, 13, INK)
    for seat, left in ((2, 0), (3, arena_right)) if players > 2 else ():
        if seat in seats and seat < len(SEAT_COLOURS):
            band = _mix(WHITE, SEAT_COLOURS[seat], BAND_TINT)
            label = _label(seats[seat], view.teams, pool, names)
            _side_label(image, (left, TOP, left + SIDE, arena_bottom), label, band, upward=seat == 2)
        else:  # blank, over the edge of the arena's outer line
            draw.rectangle((left, TOP, left + SIDE - 1, arena_bottom - 1), fill=WHITE)
    draw.polygon([(width - 36, 16), (width - 30, 5), (width - 24, 16)], fill=INK)
    draw.text((width - 14, BAND / 2), "N", font=_font(13), fill=INK, anchor="mm")

    # The spaces' names along the arena's edges: each column's letter in the bottom row's bottom-right corners,
    # each row's number in the left column's bottom-left corners, clear of the tokens and the grid's numbers.
    for x in range(SIZE):
        _, _, right, bottom = cell_box((x, 0), players)
        draw.text(
            (right - EDGE_INSET, bottom - EDGE_INSET), COLUMN_NAMES[x], font=_font(12), fill=EDGE_INK, anchor="rd"
        )
    for y in range(SIZE):
        left, _, _, bottom = cell_box((0, y), players)
        draw.text((left + EDGE_INSET, bottom - EDGE_INSET), str(y + 1), font=_font(12), fill=EDGE_INK, anchor="ld")

    # The active grid's modifiers: in the middle of an empty space, in the corner of an occupied one.
    occupied = {fighter.space for fighter in view.fighters if _on_arena(fighter)}
    for space, value in sorted(covered.items()):
        left, top, right, bottom = cell_box(space, players)
        if space in occupied:
            draw.text((left + 9, top + 7), _modifier(value), font=_font(20), fill=INK)
        else:
            _centred(draw, ((left + right) / 2, (top + bottom) / 2), _modifier(value), 34, INK)

    # The warriors: placed ones only, so an unplaced warrior's identity stays secret; fallen ones are gone.
    for fighter in view.fighters:
        if not _on_arena(fighter) or fighter.space is None:
            continue
        colour = SEAT_COLOURS[fighter.seat % len(SEAT_COLOURS)]
        if fighter.defeated:
            colour = _mix(colour, WHITE, FALLEN_FADE)  # fell where it stood, in the attack that ended the game
        left, top, right, bottom = cell_box(fighter.space, players)
        centre = ((left + right) // 2, (top + bottom) // 2)
        cx, cy = centre
        if grid and fighter.seat == view.active:
            draw.ellipse((cx - RADIUS - 6, cy - RADIUS - 6, cx + RADIUS + 6, cy + RADIUS + 6), outline=INK, width=3)
        draw.ellipse((cx - RADIUS, cy - RADIUS, cx + RADIUS, cy + RADIUS), fill=colour, outline=INK, width=2)
        short, size = _short_name(pool.warrior(fighter.warrior).name)
        ink = _text_colour(colour)
        _centred(draw, (cx, cy - 11), short, size, ink)
        if fighter.defeated:
            _centred(draw, (cx, cy + 14), "fell", 20, ink)
        else:
            draw.polygon(_marker(centre, fighter.facing), fill=INK, outline=WHITE)
            _centred(draw, (cx, cy + 14), str(fighter.life), 24, ink)
        if view.teams:
            bx, by = badge_centre(centre)
            draw.ellipse((bx - BADGE, by - BADGE, bx + BADGE, by + BADGE), fill=WHITE, outline=INK, width=2)
            _centred(draw, (bx, by + 1), _team_letter(fighter.team), 14, INK)

    # The legend: which grid is shaded, or what a token shows; in a game of two against two, the teams.
    top = arena_bottom + BAND
    draw.rectangle((0, top, width - 1, height - 1), fill=LEGEND_BACK)
    if grid:
        draw.rectangle((8, top + 6, 22, top + 20), fill=_mix(WHITE, active_colour, SHADE), outline=active_colour)
        text, left = f"{grid[0]}: the numbers are attack roll modifiers", 30
    else:
        text, left = "Tokens show each warrior, its Life, and a triangle for its facing", 8
    draw.text((left, top + LEGEND / 2), _fitted(text, width - left - 8, 13), font=_font(13), fill=INK, anchor="lm")
    if view.teams:
        _team_legend(draw, view, names, top + LEGEND, width)

    return image


def _team_legend(
    draw: ImageDraw.ImageDraw, view: AnachronismPublicView, names: Sequence[str], top: int, width: int
) -> None:
    """The legend line of a game of two against two: for each team, a swatch of each member's colour and
    "Team A: Ada, Cy", one team in each half of the line."""
    teams = sorted({fighter.team for fighter in view.fighters})
    half = width // max(len(teams), 1)
    middle = top + TEAM_LINE // 2 - 2
    for index, team in enumerate(teams):
        members = sorted(fighter.seat for fighter in view.fighters if fighter.team == team)
        left = 8 + index * half
        for seat in members:
            colour = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
            draw.rectangle((left, middle - 7, left + 14, middle + 7), fill=colour, outline=INK)
            left += 18
        text = f"Team {_team_letter(team)}: " + ", ".join(_player(names, seat) for seat in members)
        end = (index + 1) * half - 8
        draw.text((left + 2, middle), _fitted(text, end - left - 2, 13), font=_font(13), fill=INK, anchor="lm")


def _paletted(image: Image.Image) -> Image.Image:
    """`image` in a palette of at most PALETTE_COLOURS of its own colours, not dithered: its most used colours,
    skipping any closer than PALETTE_GAP to one already taken. Pillow maps a pixel to the palette through slots 4
    levels wide in each channel, so colours kept that far apart each map to themselves: the flat colours (spaces,
    tokens, bands, shading) stay exact and only the edges of letters move (were two flat colours ever closer than
    PALETTE_GAP, say a grid shaded over two rows' tints, the rarer would be drawn as the other, a difference no eye
    sees). About 5 ms, where Pillow's median cut takes 15 ms and its octree shifts the flat colours."""
    chosen: list[Colour] = []
    for _, colour in sorted(image.getcolors(image.width * image.height) or (), reverse=True):
        red, green, blue = colour
        if all((red - r) ** 2 + (green - g) ** 2 + (blue - b) ** 2 >= PALETTE_GAP**2 for r, g, b in chosen):
            chosen.append(colour)
            if len(chosen) == PALETTE_COLOURS:
                break
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for colour in chosen for channel in colour])
    return image.quantize(palette=palette, dither=Image.Dither.NONE)
