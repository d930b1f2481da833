"""A finished game's replay in Discord (/replay, and the Replay button on a finished board and on /record): the
game's own board as everyone saw it after any move, with what that move did, stepped with buttons (⏮ ◀ ▶ ⏭)
and a menu of places to jump to (the game's rounds where it has them, else stretches of moves).

Every control's custom_id holds the table and the move (`ReplayButton`, `ReplaySelect`), so a replay works after a
restart; the position is rebuilt from the log (`Records.position`). Only the public view is shown, and only what
`GameRenderer.describe` tells everyone.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

import discord

from bot.discord_ui.board_messages import PICTURE_NAME, STATUS_COLOURS
from bot.discord_ui.components import Controls, ReplayButton, ReplaySelect
from bot.discord_ui.limits import EMBED_TITLE, FIELD_VALUE, SELECT_OPTIONS, fit_lines, fit_message, fit_text
from bot.discord_ui.renderers import GameRenderer
from bot.engine import Event
from bot.matches import MatchStatus
from bot.matches.replays import Position

REPLAY_PLACES = SELECT_OPTIONS
"""Places the menu offers to jump to: the deal, the end, and the game's chapters (or stretches) between."""


def _public(events: Sequence[Event]) -> list[Event]:
    return [event for event in events if event.is_visible_to(None)]


def replay_places(position: Position, renderer: GameRenderer) -> list[tuple[str, int]]:
    """The menu's places, each a label and a move: the deal, each chapter the game names (else a stretch of moves
    every so often), and the end; at most `REPLAY_PLACES`, evenly thinned."""
    match, moves = position.match, position.moves
    named: list[tuple[int, str, int]] = []
    game = 1
    if renderer.names_chapters:
        for move in range(1, moves):
            events = _public(position.events(move))
            if name := renderer.replay_chapter(match, events):
                named.append((game, name, move))
            game += sum(renderer.begins_a_game(event) for event in events)
    # A match of several games (a tournament) starts its chapters again in each: the game tells them apart.
    several = game > 1
    chapters = [(f"Game {game}: {name} (move {move})" if several else f"{name} (move {move})", move)
                for game, name, move in named]  # fmt: skip
    if not chapters:
        every = max(1, math.ceil(moves / (REPLAY_PLACES - 1)))
        chapters = [(f"Move {move}", move) for move in range(every, moves, every)]
    inner = REPLAY_PLACES - 2
    if len(chapters) > inner:
        chapters = [chapters[round(index * len(chapters) / inner)] for index in range(inner)]
    return [("The deal (move 0)", 0), *chapters, (f"The end (move {moves})", moves)]


def replay_message(
    position: Position, renderer: GameRenderer, title: str, ending: str, mode: str, *, editing: bool
) -> dict:
    """The board after `position.move`, with what that move did (as the game tells everyone, if it does), how the
    game ended (`ending`) at its end, and the controls to move through the game (`mode` me: a private replay, with
    a button to post it; all: a posted one; `editing`: for an edit, which replaces the picture)."""
    match, move, moves = position.match, position.move, position.moves
    embed = renderer.board(match, position.public_view)
    embed.colour = STATUS_COLOURS[MatchStatus.FINISHED]
    embed.set_author(name=fit_text(f"Replay of {title} #{match.id}: move {move} of {moves}", EMBED_TITLE))
    told = renderer.describe(match, _public(position.events(move)), None) if move else []
    if told:
        embed.add_field(name=f"Move {move}", value=fit_lines(told, FIELD_VALUE), inline=False)
    if move == moves:
        embed.add_field(name="Game over", value=ending, inline=False)
    controls = Controls()
    last = move >= moves
    for step, to, disabled in (
        ("first", 0, move == 0),
        ("back", move - 1, move == 0),
        ("next", move + 1, last),
        ("last", moves, last),
    ):
        controls.add_item(ReplayButton(match.id, max(to, 0), mode, step=step, disabled=disabled))
    if mode == "me":
        controls.add_item(ReplayButton(match.id, move, "post", "Post in the channel"))
    places = [(label, str(to)) for label, to in replay_places(position, renderer)]
    controls.add_item(ReplaySelect(match.id, mode, places))
    message = {"embed": embed, "view": controls}
    if renderer.shows_picture:
        picture = renderer.board_picture(match, position.public_view)
        files = [] if picture is None else [discord.File(io.BytesIO(picture), filename=PICTURE_NAME)]
        if files:
            embed.set_image(url=f"attachment://{PICTURE_NAME}")
        if editing:
            message["attachments"] = files
        elif files:
            message["file"] = files[0]
    return fit_message(message)
