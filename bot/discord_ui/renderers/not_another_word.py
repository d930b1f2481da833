"""How Not Another Word looks in Discord: the word as letter stacks on the board, each move told in a line (the
board's "Latest" lines and /record), each new word said in the channel, and a private panel with the player's
letters, a box to type a word and a menu of cards to exchange."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.renderers import Announcement, Choice, GameRenderer, PrivatePanel, SeveralPick, TypedEntry
from bot.discord_ui.wording import counted, mention
from bot.engine import Event, Outcome, Seat
from bot.games.not_another_word.cards import letter_of
from bot.games.not_another_word.dictionary import ADD, PLACE
from bot.games.not_another_word.events import WordEnd, WordEvent
from bot.games.not_another_word.views import NotAnotherWordPublicView, NotAnotherWordSeatView
from bot.matches import Match

TILE_BASE = ord("🇦")
"""Discord shows the regional indicator letters as tiles; a word spelled with them reads like cards."""


def tiles(word: str) -> str:
    """The word as letter tiles, spaced so that Discord does not join pairs into flags."""
    return " ".join(chr(TILE_BASE + ord(letter) - ord("a")) for letter in word)


def move_text(event: Event, who: str) -> str:
    """A word made, cards exchanged or a pass, in words: "Bea placed P on L: LAWN → PAWN"."""
    data = event.data
    if event.kind is WordEvent.CARDS_EXCHANGED:
        letters = ", ".join(letter_of(card).upper() for card in data["cards"])
        return f"{who} exchanged {counted(len(data['cards']), 'card')} ({letters})"
    if event.kind is not WordEvent.WORD_MADE:
        return f"{who} could not move and passed"
    how, letter, on = data["how"], data["letter"].upper(), data["on"].upper()
    change = f"{data['previous'].upper()} → **{data['word'].upper()}**"
    if how == PLACE:
        return f"{who} placed {letter} on {on}: {change}"
    if how == ADD:
        return f"{who} added {letter}: {change}"
    return f"{who} put the {letter} stack under the {on}: {change}"


class NotAnotherWordRenderer(GameRenderer):
    panel_label = "My letters"
    panel_noun = "your letters"
    panel_noun_is_plural = True
    typed_command = "/word"

    def board(self, match: Match, view: NotAnotherWordPublicView) -> discord.Embed:
        heights = " · ".join(str(height) for height in view.heights)
        embed = discord.Embed(
            title="Not Another Word",
            description=f"# {tiles(view.word)}\n**{view.word.upper()}** · cards in each stack: {heights}",
        )
        rows = []
        for player in match.players:
            marker = "▶️ " if view.to_act == player.seat else ""
            rows.append(f"{marker}{mention(player)}: {counted(view.hand_sizes[player.seat], 'card')}")
        embed.add_field(name="Players", value="\n".join(rows), inline=True)
        piles = f"Draw pile: {view.draw_pile_size}\nDiscards: {view.discard_pile_size}"
        embed.add_field(name="Cards", value=piles, inline=True)
        if view.final_turns_left is not None and view.outcome is None:
            embed.add_field(
                name="Final round",
                value=f"The last card was drawn: {view.final_turns_left} turn(s) left, then fewest cards wins.",
                inline=False,
            )
        if view.to_act is not None:
            embed.add_field(name="Turn", value=mention(match.at_seat(view.to_act)), inline=False)
        typing = (
            f"On your turn, type your word here, use /word, or press {self.panel_label}. "
            if self.board_has_buttons(match)
            else ""
        )
        embed.set_footer(text=f"{typing}/rules game:Not Another Word explains the game.")
        return embed

    def panel(self, match: Match, view: NotAnotherWordSeatView) -> PrivatePanel:
        letters = "".join(letter_of(card) for card in view.hand)
        embed = discord.Embed(
            title="Your letters", description=tiles(letters) or "no cards", colour=discord.Colour.green()
        )
        embed.add_field(name="The word", value=f"**{view.public.word.upper()}**", inline=True)
        embed.add_field(name="Draw pile", value=str(view.public.draw_pile_size), inline=True)
        my_turn = view.public.to_act == view.seat
        notes = []
        if not my_turn:
            if view.public.to_act is not None:
                notes.append(f"Waiting for {match.at_seat(view.public.to_act).name}.")
            return PrivatePanel(embed, notes=notes)
        notes.append("Your turn: make a word (type it in the game's channel, use /word, or press Make a word).")
        several = None
        if view.exchange_limit:
            notes.append(f"Or exchange up to {view.exchange_limit} card(s) with the menu.")
            choices = [Choice(letter_of(card).upper(), card) for card in view.hand]
            several = SeveralPick("exchange", choices, view.exchange_limit, "Exchange cards")
        else:
            notes.append("The draw pile is empty, so there is nothing to exchange for.")
        entry = TypedEntry(
            "word", "Make a word", "Your word", f"A word of 3 to 5 letters from {view.public.word.upper()}"
        )
        return PrivatePanel(embed, notes=notes, typed=entry, several=several)

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        """Each move in words, for the board and the record (None) or for a seat's own panel, which also hears
        which cards it drew."""
        lines = []
        for event in events:
            if not event.is_visible_to(seat):
                continue
            who = "You" if event.seat == seat else match.at_seat(event.seat).name if event.seat is not None else ""
            if event.kind is WordEvent.CARDS_DRAWN:
                drawn = ", ".join(letter_of(card).upper() for card in event.data["cards"])
                lines.append(f"You drew {drawn}.")
            elif event.kind in (WordEvent.WORD_MADE, WordEvent.CARDS_EXCHANGED, WordEvent.TURN_PASSED):
                lines.append(move_text(event, who) + ".")
            elif event.kind is WordEvent.LAST_CARD_DRAWN:
                lines.append(f"{who} drew the last card: everyone has one more turn.")
        return lines

    def announcements(self, match: Match, events: Sequence[Event]) -> Sequence[Announcement]:
        """Each new word, and the start of the final round, in the channel: the thread reads as the word chain."""
        said = []
        for event in events:
            if event.kind is WordEvent.WORD_MADE:
                said.append(Announcement(move_text(event, match.at_seat(event.seat).name) + "."))
            elif event.kind is WordEvent.LAST_CARD_DRAWN:
                said.append(
                    Announcement(
                        f"{match.at_seat(event.seat).name} drew the last card: everyone has one more turn, "
                        "then the fewest cards wins."
                    )
                )
        return said

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        winners = ", ".join(mention(match.at_seat(seat)) for seat in outcome.winners)
        reasons = {
            WordEnd.OUT_OF_CARDS: f"🏆 {winners} played their last card and won!",
            WordEnd.NOT_ANOTHER_WORD: f"🏆 Not another word! Nothing can follow that word, so {winners} won.",
            WordEnd.TABLE_BLOCKED: f"🏆 Nobody else could make a word from that one, so {winners} won.",
            WordEnd.FINAL_ROUND: f"The final round is over. Fewest cards wins: 🏆 {winners}.",
        }
        return reasons[outcome.reason]

    def final_detail(self, match: Match, view: NotAnotherWordPublicView, outcome: Outcome, seat: Seat) -> str:
        return f"{counted(view.hand_sizes[seat], 'card')} left"
