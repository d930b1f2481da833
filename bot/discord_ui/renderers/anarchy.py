"""How Anarchy looks in Discord: the shared board, a player's hand panel, and lines describing each move."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.renderers import Choice, GameRenderer, PrivatePanel
from bot.discord_ui.wording import counted, mention
from bot.engine import Event, Outcome, Seat
from bot.games.anarchy.actions import DrawCard, EndTurn, PlayCard
from bot.games.anarchy.cards import Card
from bot.games.anarchy.events import AnarchyEnd, AnarchyEvent
from bot.games.anarchy.views import AnarchyPublicView, AnarchySeatView
from bot.matches import Match

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {1: "Aces", 11: "Jacks", 12: "Queens", 13: "Kings"}
DIRECTIONS = {"up": "⬆️ up: same-suit cards must be higher", "down": "⬇️ down: same-suit cards must be lower"}


def _label(code: str) -> str:
    return Card.from_text(code).label


def _trump_line(view: AnarchyPublicView) -> str:
    rank = RANK_NAMES.get(view.trump_rank, f"{view.trump_rank}s")
    where = "face up under the draw pile" if view.indicator_face_up else "already drawn"
    return f"**{rank}** and **{SUIT_NAMES[view.trump_suit]}** (indicator {view.trump_indicator.label}, {where})"


class AnarchyRenderer(GameRenderer):
    def board(self, match: Match, view: AnarchyPublicView) -> discord.Embed:
        embed = discord.Embed(title="Anarchy", description=f"Trump: {_trump_line(view)}")
        top = f"**{view.top_card.label}**" if view.top_card else "none yet: the first card must be a trump"
        embed.add_field(name="Top card", value=top, inline=True)
        embed.add_field(name="Direction", value=DIRECTIONS.get(view.direction or "", "not set yet"), inline=True)
        embed.add_field(
            name="Draw pile",
            value=f"{view.draw_pile_size} cards\n{view.reshuffles_left} reshuffles left",
            inline=True,
        )
        rows = []
        for player in match.players:
            place = f" (out, #{view.finished.index(player.seat) + 1})" if player.seat in view.finished else ""
            marker = "▶️ " if view.to_act == player.seat else ""
            rows.append(f"{marker}{mention(player)}: {counted(view.hand_sizes[player.seat], 'card')}{place}")
        embed.add_field(name="Players", value="\n".join(rows), inline=False)
        if view.to_act is not None and view.outcome is None:
            waiting = mention(match.at_seat(view.to_act))
            deciding = " (deciding whether to play the card just drawn)" if view.deciding_on_drawn_card else ""
            embed.add_field(name="Turn", value=f"{waiting}{deciding}", inline=False)
        press = f"Press {self.panel_label} to see your cards and play. " if self.board_has_buttons(match) else ""
        embed.set_footer(text=f"{press}/rules game:Anarchy explains the game.")
        return embed

    def panel(self, match: Match, view: AnarchySeatView) -> PrivatePanel:
        hand = " ".join(card.label for card in view.hand) or "no cards"
        embed = discord.Embed(title="Your Anarchy hand", description=hand, colour=discord.Colour.green())
        top = view.public.top_card.label if view.public.top_card else "none yet"
        embed.add_field(name="Top card", value=top, inline=True)
        embed.add_field(name="Trump", value=_trump_line(view.public), inline=True)
        picks = [
            Choice(action.card.label, action.notation) for action in view.legal_actions if isinstance(action, PlayCard)
        ]
        buttons = []
        for action in view.legal_actions:
            if isinstance(action, DrawCard):
                buttons.append(Choice("Draw", action.notation))
            elif isinstance(action, EndTurn):
                buttons.append(Choice("Keep it and end turn", action.notation))
        notes = []
        if view.public.to_act != view.seat:
            if view.public.to_act is not None:
                notes.append(f"Waiting for {match.at_seat(view.public.to_act).name}.")
        elif view.drawn_card is not None:
            notes.append(f"You drew {view.drawn_card.label}: play it now, or keep it and end your turn.")
        elif not picks:
            notes.append("You have no card you can play, so you must draw.")
        else:
            notes.append("Your turn: choose a card to play.")
        return PrivatePanel(embed, picks, buttons, pick_placeholder="Play a card", notes=notes)

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        lines = []
        for event in events:
            if not event.is_visible_to(seat):
                continue
            who = "You" if event.seat is not None and event.seat == seat else None
            if who is None and event.seat is not None:
                who = match.at_seat(event.seat).name
            data = event.data
            if event.kind is AnarchyEvent.CARD_PLAYED:
                direction = f" (direction: {data['direction']})" if data.get("direction") else ""
                lines.append(f"{who} played {_label(data['card'])}{direction}.")
            elif event.kind is AnarchyEvent.CARD_DRAWN and event.seat != seat:
                taken = f" (the trump indicator, {_label(data['card'])})" if data.get("card") else ""
                lines.append(f"{who} drew a card{taken}.")
            elif event.kind is AnarchyEvent.CARD_RECEIVED:
                lines.append(f"You drew {_label(data['card'])}.")
            elif event.kind is AnarchyEvent.PILE_RESHUFFLED:
                lines.append("The play pile, all but its top card, was shuffled into a new draw pile.")
            elif event.kind is AnarchyEvent.TURN_PASSED:
                lines.append(f"{who} had nothing to draw and passed.")
            elif event.kind is AnarchyEvent.TURN_ENDED:
                lines.append(f"{who} ended the turn.")
            elif event.kind is AnarchyEvent.PLAYER_FINISHED:
                lines.append(f"{who} played their last card!")
        return lines

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        winners = ", ".join(mention(match.at_seat(seat)) for seat in outcome.winners)
        if outcome.reason is AnarchyEnd.BLOCKED:
            return f"Nobody could play or draw, so the game is blocked. Fewest cards wins: 🏆 {winners}."
        if outcome.reason is AnarchyEnd.PLACINGS_COMPLETE:
            last = ", ".join(mention(match.at_seat(seat)) for seat in outcome.placings[-1])
            return f"Everyone but {last} played out their hand. 🏆 {winners} went out first and won Anarchy!"
        return f"🏆 {winners} played their last card and won Anarchy!"

    def final_detail(self, match: Match, view: AnarchyPublicView, outcome: Outcome, seat: Seat) -> str:
        return f"{counted(view.hand_sizes[seat], 'card')} left"
