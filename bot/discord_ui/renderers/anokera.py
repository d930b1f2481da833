"""How Anokera looks in Discord: the city, its dead and the three columns on the board, with menus to play cards
from the row; each card played and what it did told in a line (the board's "Latest" lines and /record); each
clearing told in the channel; a player's secret role by DM (or My role); and at the end every role shown with its
score worked out."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.renderers import Announcement, Choice, GameRenderer, Menu, PrivatePanel
from bot.discord_ui.wording import mention
from bot.engine import Event, Outcome, Seat
from bot.games.anokera.actions import EndTurn, PlayCard
from bot.games.anokera.cards import DEATHS, Card, card_name, is_marked, resource_of
from bot.games.anokera.content import RoleSheet
from bot.games.anokera.events import AnokeraEnd, AnokeraEvent
from bot.games.anokera.views import AnokeraPublicView, AnokeraSeatView
from bot.matches import Match

TILES = {"F": "🟥", "T": "🟪", "N": "🟩"}
DEATH_GLYPHS = {"violence": "⚔️", "famine": "🌾", "disaster": "🌋"}
STARTER = "▫️"


def tile(card: Card) -> str:
    """A card as a coloured tile, with a star when it is marked."""
    return TILES[resource_of(card)] + ("★" if is_marked(card) else "")


def killed_text(deaths: Sequence[int]) -> str:
    """The deaths in words, "4 died by violence, 3 by famine", or "" when nobody died."""
    parts = [(count, kind) for kind, count in zip(DEATHS, deaths, strict=True) if count]
    if not parts:
        return ""
    (count, kind), rest = parts[0], parts[1:]
    return f"{count} died by {kind}" + "".join(f", {more} by {other}" for more, other in rest)


def with_article(card: Card) -> str:
    """The card's name after "a" or "an": "a Force", "an Offering"."""
    name = card_name(card)
    return f"{'an' if name[0] in 'aeiouAEIOU' else 'a'} {name}"


class AnokeraRenderer(GameRenderer):
    panel_label = "My role"
    panel_noun = "your role"
    latest_lines = 6
    """A turn is a card played and the row refilled, and maybe a clearing or a combo."""

    def __init__(self, sheet: RoleSheet) -> None:
        self.sheet = sheet

    def board(self, match: Match, view: AnokeraPublicView) -> discord.Embed:
        tally = " · ".join(
            f"{DEATH_GLYPHS[kind]} {kind} {count}" for kind, count in zip(DEATHS, view.deaths, strict=True)
        )
        embed = discord.Embed(title="Anokera", description=f"🏙️ **{view.citizens}** citizens left\n{tally}")
        row = " · ".join(f"{tile(card)} {card_name(card)}" for card in view.row) or "empty"
        embed.add_field(name="The row", value=row, inline=False)
        next_card = f"{tile(view.next_card)} {card_name(view.next_card)}" if view.next_card else "none"
        deck = f"Next: {next_card} · {view.deck_size} in the deck" + (" (reshuffled once)" if view.reshuffled else "")
        embed.add_field(name="The deck", value=deck, inline=False)
        columns = [
            f"**{number}** {STARTER} " + " ".join(tile(card) for card in column)
            for number, column in enumerate(view.columns, start=1)
        ]
        embed.add_field(name="Columns (bottom → top)", value="\n".join(columns), inline=False)
        if view.reveals:
            lines = []
            for reveal in view.reveals:
                worked = "; ".join(f"{line.text} = {line.points}" for line in reveal.lines) or "nothing"
                role = self.sheet.role(reveal.role).name
                lines.append(f"{mention(match.at_seat(reveal.seat))}: **{role}**: {worked} → **{reveal.score}**")
            lines.append(f"{view.unused_roles} role cards were not dealt; they stay hidden.")
            embed.add_field(name="Roles", value="\n".join(lines)[:1024], inline=False)
        order = [("▶️ " if view.to_act == player.seat else "") + mention(player) for player in match.players]
        embed.add_field(name="Players, in turn order", value="\n".join(order), inline=False)
        if view.to_act is not None:
            waiting = mention(match.at_seat(view.to_act))
            if view.first_card is not None:
                waiting += " (may play a second unmarked card, or end the turn)"
            embed.add_field(name="Turn", value=waiting, inline=False)
        press = f"{self.panel_label} shows your secret role. " if self.board_has_buttons(match) else ""
        embed.set_footer(text=f"{press}/rules game:Anokera explains the game.")
        return embed

    def board_menus(self, match: Match, view: AnokeraPublicView) -> Sequence[Menu]:
        if view.to_act is None:
            return ()
        unmarked = [card for card in view.row if not is_marked(card)]
        if view.first_card is not None:
            return (Menu("Play your second card…", _placements(unmarked)),)
        menus = [Menu("Play one card…", _placements(view.row))]
        if len(unmarked) > 1:
            menus.append(Menu("Play the first of two cards…", _placements(unmarked, then_another=True)))
        return menus

    def board_actions(self, match: Match, view: AnokeraPublicView) -> Sequence[Choice]:
        if view.to_act is not None and view.first_card is not None:
            return (Choice("End turn", EndTurn().notation),)
        return ()

    def panel(self, match: Match, view: AnokeraSeatView) -> PrivatePanel:
        role = self.sheet.role(view.role)
        patron = self.sheet.patron_of(view.role)
        embed = discord.Embed(
            title=f"Your role: {role.name}", description=f"*{role.line}*", colour=discord.Colour.dark_red()
        )
        embed.add_field(name="You score", value=self.sheet.summary(view.role), inline=False)
        embed.add_field(name="Your patron", value=f"{patron.god}, who favours {patron.death}", inline=False)
        deaths = dict(zip(DEATHS, view.public.deaths, strict=True))
        players = len(match.players)
        score = self.sheet.score(view.role, deaths, players)
        embed.add_field(name="Your score so far", value=str(score), inline=False)
        embed.set_footer(text="Keep it secret: nobody else sees your role until the end.")
        notes = []
        if view.public.to_act == view.seat:
            notes.append("Your turn: play from the menus on the board.")
        return PrivatePanel(embed, notes=notes)

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        """Each card played, what it did to its column, and the row and deck after it (every event of this game
        is public: the roles never appear in one)."""
        lines = []
        for event in events:
            data = event.data
            if event.kind is AnokeraEvent.CARD_PLAYED:
                marked = " (marked: it clears the column)" if data["marked"] else ""
                who = match.at_seat(event.seat).name
                lines.append(f"{who} played {with_article(data['card'])} on column {data['column'] + 1}{marked}.")
            elif event.kind is AnokeraEvent.COMBO:
                lines.append(f"Three different resources met on column {data['column'] + 1} and fell away (a combo).")
            elif event.kind is AnokeraEvent.CLEARED:
                deaths = [sum(count for kind, count in data["steps"] if kind == death) for death in DEATHS]
                lines.append(f"💀 Column {data['column'] + 1} was cleared: {killed_text(deaths) or 'nobody died'}.")
            elif event.kind is AnokeraEvent.ROW_REFILLED:
                cards = ", ".join(f"{tile(card)} {card_name(card)}" for card in data["cards"])
                lines.append(f"The row was refilled: {cards} ({data['deck']} left in the deck).")
            elif event.kind is AnokeraEvent.DECK_RESHUFFLED:
                lines.append(f"The row ran out: {data['cards']} removed cards were shuffled into a new deck.")
            elif event.kind is AnokeraEvent.FINAL_CLEARING:
                lines.append("The deck ran out again: every column is cleared, left to right.")
        return lines

    def announcements(self, match: Match, events: Sequence[Event]) -> Sequence[Announcement]:
        """Clearings that killed, the reshuffle and the final clearing, in the channel."""
        said = []
        for event in events:
            if event.kind is AnokeraEvent.CLEARED:
                deaths = [sum(count for kind, count in event.data["steps"] if kind == death) for death in DEATHS]
                column = event.data["column"] + 1
                if event.seat is None:
                    said.append(Announcement(f"💀 Column {column} is cleared: {killed_text(deaths)}."))
                else:
                    who, card = match.at_seat(event.seat).name, with_article(event.data["card"])
                    said.append(Announcement(f"💀 {who} played {card} on column {column}: {killed_text(deaths)}."))
            elif event.kind is AnokeraEvent.DECK_RESHUFFLED:
                cards = event.data["cards"]
                said.append(Announcement(f"The row ran out: {cards} removed cards are shuffled into a new deck."))
            elif event.kind is AnokeraEvent.FINAL_CLEARING:
                said.append(Announcement("The deck ran out again: every column is cleared, left to right."))
        return said

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        winners = ", ".join(mention(match.at_seat(seat)) for seat in outcome.winners)
        score = outcome.scores[outcome.winners[0]]
        if outcome.reason is AnokeraEnd.CITY_EMPTY:
            how = "Every citizen died: the city of Anokera is empty."
        else:
            how = "The deck ran out a second time, and every column was cleared."
        return f"{how} The roles are revealed on the board. 🏆 {winners} won with {score} points."

    def final_detail(self, match: Match, view: AnokeraPublicView, outcome: Outcome, seat: Seat) -> str:
        reveal = next(reveal for reveal in view.reveals if reveal.seat == seat)
        return f"**{self.sheet.role(reveal.role).name}**, {reveal.score} points"


def _placements(cards: Sequence[Card], *, then_another: bool = False) -> list[Choice]:
    """Each card of the row on each column, once: cards of one resource and marking play alike, so the menu
    offers one of them (the first in the row) rather than the same entry again."""
    placements: dict[str, Choice] = {}
    for card in cards:
        for column in range(3):
            label = f"{tile(card)} {card_name(card)} → column {column + 1}"
            placements.setdefault(label, Choice(label, PlayCard(card, column, then_another).notation))
    return list(placements.values())
