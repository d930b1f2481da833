"""The picture of a single-elimination league's bracket (Pillow): one column per round, left to right, each game
two name lines joined to the game it feeds in the next round, the winner of each decided game in bold ink and the
loser greyed, a bye marked "bye", and the champion at the right once there is one. Names are written as the
arena picture writes them (Pillow's built-in font, accents dropped). Nothing here knows Discord: the league board
attaches the bytes as a file."""

from __future__ import annotations

import io
from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.discord_ui.renderers.arena_picture import _fitted, _font, _writable
from bot.leagues import League
from bot.leagues.formats import bracket_size

PICTURE_NAME = "bracket.png"
COLUMN = 170
"""Pixels per round's column."""
SLOT = 26
"""Pixels per entrant line in the first round."""
MARGIN = 16
TEXT_SIZE = 13
BACKGROUND, INK, FADED, LINE, CHAMPION = (255, 255, 255), (20, 20, 30), (150, 150, 160), (90, 90, 110), (196, 140, 0)


def bracket_lines(league: League, names: Sequence[str]) -> list[list[tuple[str, str, str, str]]]:
    """Per round, per game: (upper name, lower name, mark of the upper, mark of the lower), each mark "won",
    "lost" or "" (undecided); a game whose entrants are not known yet shows empty names. Also what the tests read."""
    size = bracket_size(league.entrants)
    rounds = []
    for number in range(1, league.rounds + 1):
        played = {pairing.table: pairing for pairing in league.round_pairings(number)}
        games = []
        for table in range(size >> number):
            pairing = played.get(table)
            if pairing is None:
                games.append(("", "", "", ""))
                continue
            upper = names[pairing.first]
            lower = "bye" if pairing.second is None else names[pairing.second]
            winner = pairing.winner
            marks = ("", "")
            if winner is not None:
                marks = ("won", "lost") if winner == pairing.first else ("lost", "won")
            games.append((upper, lower, *marks))
        rounds.append(games)
    return rounds


def champion_of(league: League, names: Sequence[str]) -> str | None:
    final = league.round_pairings(league.rounds)
    winner = final[0].winner if len(final) == 1 else None
    return None if winner is None else names[winner]


def bracket_png(league: League, names: Sequence[str]) -> bytes:
    """The bracket as a PNG: (rounds + 1) columns wide, one line per first-round entrant high."""
    size = bracket_size(league.entrants)
    width = MARGIN * 2 + COLUMN * (league.rounds + 1)
    height = MARGIN * 2 + SLOT * size
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    font = _font(TEXT_SIZE)
    for round_index, games in enumerate(bracket_lines(league, names)):
        span = SLOT * (2 << round_index)  # the height one game of this round covers
        left = MARGIN + COLUMN * round_index
        for game_index, (upper, lower, upper_mark, lower_mark) in enumerate(games):
            top = MARGIN + span * game_index
            upper_y, lower_y = top + span // 4, top + 3 * span // 4
            for y, name, mark in ((upper_y, upper, upper_mark), (lower_y, lower, lower_mark)):
                draw.line([(left, y), (left + COLUMN - 20, y)], fill=LINE, width=1)
                text = _fitted(_writable(name), COLUMN - 28, TEXT_SIZE)
                colour = FADED if mark == "lost" or name == "bye" else INK
                draw.text((left + 4, y - TEXT_SIZE - 2), text, font=font, fill=colour)
                if mark == "won":
                    draw.line([(left, y + 1), (left + COLUMN - 20, y + 1)], fill=INK, width=1)
            joint_x, middle = left + COLUMN - 20, (upper_y + lower_y) // 2
            draw.line([(joint_x, upper_y), (joint_x, lower_y)], fill=LINE, width=1)
            draw.line([(joint_x, middle), (left + COLUMN, middle)], fill=LINE, width=1)
    champion = champion_of(league, names)
    left, middle = MARGIN + COLUMN * league.rounds, MARGIN + SLOT * size // 2
    draw.line([(left, middle), (left + COLUMN - 20, middle)], fill=CHAMPION, width=2)
    if champion is not None:
        text = _fitted("Champion: " + _writable(champion), COLUMN - 8, TEXT_SIZE)
        draw.text((left + 4, middle - TEXT_SIZE - 4), text, font=font, fill=CHAMPION)
    out = io.BytesIO()
    image.convert("P", palette=Image.Palette.ADAPTIVE, colors=16).save(out, format="PNG", compress_level=6)
    return out.getvalue()
