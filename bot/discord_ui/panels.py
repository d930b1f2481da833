"""Private panels: one seat's hand and the actions it may take now, each control pinned to what the panel showed
(bot/matches/pins.py).

A version is one state of the match (every change makes a new one), so the panel of a version and seat never
changes: the one a turn's DM brings is the one its player's My hand shows. It is built once and kept, the newest
`PANELS_KEPT`; its embed and its stopped view are only read when a message is sent, so one built serves every
message that shows it.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from collections.abc import Mapping

import discord

from bot.catalogue import Game
from bot.discord_ui.components import (
    ActionButton,
    ActionSelect,
    Controls,
    EntryButton,
    HintButton,
    SeveralSelect,
)
from bot.discord_ui.guidance import FirstGameGuidance
from bot.discord_ui.limits import CONTENT, SELECT_OPTIONS, fit_embed, fit_text
from bot.matches import Snapshot
from bot.matches.practice import offers_hints

log = logging.getLogger(__name__)

PANELS_KEPT = 256
PanelParts = tuple[discord.Embed, Controls, tuple[str, ...]]
"""A panel as built: its embed, its controls and the lines of text above them."""


class PrivatePanels:
    """Builds the private panels of every game's seats, and keeps the newest."""

    def __init__(self, games: Mapping[str, Game], guidance: FirstGameGuidance) -> None:
        self.games = games
        self.guidance = guidance
        self._kept: OrderedDict[tuple[int, int], tuple[int, PanelParts]] = OrderedDict()
        """(match id, seat) -> the version its panel was built for, and that panel."""

    def message(self, snapshot: Snapshot, seat: int, *, heading: str = "") -> dict:
        """The keyword arguments of a message showing the seat's panel under `heading`."""
        match = snapshot.match
        key = (match.id, seat)
        kept = self._kept.get(key)
        if kept is not None and kept[0] == match.version:
            parts = kept[1]
            self._kept.move_to_end(key)
        else:
            parts = self._build(snapshot, seat)
            self._kept[key] = (match.version, parts)
            if len(self._kept) > PANELS_KEPT:
                self._kept.popitem(last=False)
        embed, view, notes = parts
        content = "\n".join(line for line in (heading, *notes) if line)
        # The embed was made to fit when the panel was built; only the text above it changes from message to message.
        return {"content": fit_text(content, CONTENT) if content else None, "embed": embed, "view": view}

    async def guided(self, snapshot: Snapshot, seat: int, *, heading: str = "") -> dict:
        """`message`, with the line of first-game guidance under the heading where its player is due one."""
        return self.message(snapshot, seat, heading=await self.guidance.heading(snapshot, seat, heading))

    def _build(self, snapshot: Snapshot, seat: int) -> PanelParts:
        match = snapshot.match
        game = self.games[match.game]
        panel = game.renderer.panel(match, snapshot.seat_view(seat))
        pin = snapshot.pin(seat)
        view = Controls()
        menus = [(panel.pick_placeholder, panel.picks), *((menu.placeholder, menu.choices) for menu in panel.menus)]
        part = 0
        for placeholder, choices in menus:
            # Discord allows 25 options a select: a longer menu goes on in more selects.
            for start in range(0, len(choices), SELECT_OPTIONS):
                shown = placeholder if start == 0 else f"{placeholder} (more)"
                chunk = [(choice.label, choice.action) for choice in choices[start : start + SELECT_OPTIONS]]
                view.add_item(ActionSelect(match.id, pin, part, chunk, shown))
                part += 1
        for choice in panel.buttons:
            view.add_item(ActionButton(match.id, pin, choice.action, choice.label))
        if panel.typed is not None:
            view.add_item(EntryButton(match.id, pin, panel.typed.verb, panel.typed.label))
        several = panel.several
        if several is not None:
            choices = [(choice.label, choice.action) for choice in several.choices[:SELECT_OPTIONS]]
            view.add_item(SeveralSelect(match.id, pin, several.verb, choices, several.most, several.placeholder))
        if offers_hints(match, game.rules):
            try:
                view.add_item(HintButton(match.id, pin))
            except ValueError:
                # Five rows of menus leave no room (an Anachronism force built card by card): no Hint there.
                log.info("no room for Hint on the panel of seat %s of table %s", seat, match.id)
        return fit_embed(panel.embed), view, tuple(panel.notes)
