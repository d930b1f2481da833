"""How Anomia looks in Discord: every player's top card on the board, face-offs called in the channel with
both players mentioned, answers typed in chat, and the winning answer marked with a reaction."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.content.anomia import AnomiaContent
from bot.discord_ui.renderers import Announcement, Choice, GameRenderer, TypedMove
from bot.engine import Event, Outcome
from bot.games.anomia import CHALLENGE, OPEN, SETTLING, VOTING, AnomiaPublicView
from bot.matches import Match

WINNING_MARK = "✅"


class AnomiaRenderer(GameRenderer):
    has_private_panel = False
    takes_typed_moves = True

    def __init__(self, content: AnomiaContent) -> None:
        self.symbols = {symbol.id: symbol for symbol in content.symbols}

    def _glyph(self, symbol_id: str) -> str:
        return self.symbols[symbol_id].glyph

    def board(self, match: Match, view: AnomiaPublicView) -> discord.Embed:
        embed = discord.Embed(title="Anomia", description=self._situation(match, view))
        rows = []
        for player in match.players:
            top = view.tops[player.seat]
            card = f"{self._glyph(top.symbol)} **{top.category_name}**" if top else "no card yet"
            marker = "▶️ " if view.flipper == player.seat and view.faceoff is None else ""
            won = view.winning_pile_sizes[player.seat]
            rows.append(f"{marker}{player.mention}: {card} · won {won}")
        embed.add_field(name="Top cards", value="\n".join(rows)[:1024], inline=False)
        if view.active_wild is not None:
            first, second = view.active_wild[1]
            embed.add_field(name="Wild card", value=f"{self._glyph(first)} matches {self._glyph(second)}", inline=True)
        left, right = view.draw_pile_sizes
        embed.add_field(name="Draw piles", value=f"left {left} · right {right}", inline=True)
        typed = "Face-off answers are typed in this channel (or sent with /answer)."
        embed.set_footer(text=f"{typed} Judging: {view.options.judging}. /rules game:Anomia explains the game.")
        return embed

    def _situation(self, match: Match, view: AnomiaPublicView) -> str:
        faceoff = view.faceoff
        if view.outcome is not None:
            return "The game is over."
        if faceoff is None:
            again = " again (after the wild card)" if view.flips_again else ""
            return f"{match.at_seat(view.flipper).mention} flips{again}: press **Flip left** or **Flip right**."
        (first, second), (first_category, second_category) = faceoff.seats, faceoff.categories
        lines = [
            f"⚔️ **Face-off**: {match.at_seat(first).mention} names **{first_category[1]}**; "
            f"{match.at_seat(second).mention} names **{second_category[1]}**."
        ]
        if faceoff.phase in (OPEN, SETTLING) and faceoff.reminders:
            lines.append("Still waiting for an answer.")
        if faceoff.under_vote is not None:
            seat, text = faceoff.under_vote
            if faceoff.phase == VOTING:
                lines.append(
                    f"Vote: does *{text}* ({match.at_seat(seat).name}) count? "
                    f"Yes {faceoff.votes_yes} · No {faceoff.votes_no}"
                )
            elif faceoff.phase == CHALLENGE:
                rival = faceoff.seats[0] if seat == faceoff.seats[1] else faceoff.seats[1]
                lines.append(f"*{text}* wins unless {match.at_seat(rival).name} challenges it.")
        return "\n".join(lines)

    def board_actions(self, match: Match, view: AnomiaPublicView) -> Sequence[Choice]:
        faceoff = view.faceoff
        if view.outcome is not None:
            return ()
        if faceoff is None:
            piles = zip(("left", "right"), view.draw_pile_sizes, strict=True)
            return [Choice(f"Flip {pile}", f"flip {pile}") for pile, size in piles if size]
        if faceoff.phase == VOTING:
            return [Choice("Vote yes", "vote yes"), Choice("Vote no", "vote no")]
        if faceoff.phase == CHALLENGE:
            return [Choice("Challenge", "challenge"), Choice("Accept", "accept")]
        return [Choice("Skip face-off", "skip")] if faceoff.reminders else []

    def typed_move(
        self, match: Match, view: AnomiaPublicView, seat: int | None, message_id: int, text: str
    ) -> TypedMove | None:
        faceoff = view.faceoff
        if faceoff is None or not text:
            return None
        if seat in faceoff.seats and faceoff.phase in (OPEN, SETTLING):
            return TypedMove(f"answer {message_id} {text}")
        # Anything else said while a face-off is open counts as said (ruling M8).
        return TypedMove(f"heard {text}", for_game=True)

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        lines = []
        for event in events:
            who = match.at_seat(event.seat).name if event.seat is not None and event.seat >= 0 else ""
            data = event.data
            if event.kind == "card_flipped":
                lines.append(f"{who} flipped {self._glyph(data['symbol'])} {data['category_name']}.")
            elif event.kind == "faceoff_won":
                loser = match.at_seat(data["loser"]).name
                lines.append(f"{who} beat {loser} with “{data['answer']}”.")
            elif event.kind == "faceoff_skipped":
                lines.append("The face-off was skipped.")
        return lines

    def announcements(self, match: Match, events: Sequence[Event]) -> Sequence[Announcement]:
        said = []
        for event in events:
            data = event.data
            if event.kind == "answer_given":
                if match.at_seat(event.seat).is_computer:
                    said.append(Announcement(f"🤖 **{match.at_seat(event.seat).name}**: {data['text']}"))
            elif event.kind == "faceoff_started":
                first, second = (match.at_seat(seat) for seat in data["seats"])
                names = data["categories"]
                said.append(
                    Announcement(
                        f"⚔️ Face-off! {first.mention}: name **{names[0]}** · {second.mention}: name **{names[1]}**"
                    )
                )
            elif event.kind == "tiebreaker_flipped":
                said.append(Announcement(f"🔁 Tie-breaker: both of you, name **{data['category_name']}**!"))
            elif event.kind == "faceoff_won":
                winner, loser = match.at_seat(data["winner"]), match.at_seat(data["loser"])
                if not winner.is_computer:
                    said.append(Announcement(react_to=data["arrival"], emoji=WINNING_MARK))
                said.append(Announcement(f"🏆 {winner.mention} wins {loser.mention}'s card with “{data['answer']}”."))
            elif event.kind == "answer_refused" and data.get("reason") == "repeated":
                said.append(Announcement(f"“{data['text']}” was already said for that category, so it cannot win."))
            elif event.kind == "tie":
                said.append(Announcement("🤝 A tie!"))
            elif event.kind == "wild_revealed":
                said.append(Announcement("🃏 A wild card! Its two symbols now match each other."))
            elif event.kind == "challenge_window_opened":
                challenger = match.at_seat(data["challenger"])
                said.append(
                    Announcement(
                        f"{challenger.mention}: {match.at_seat(event.seat).name} answered “{data['text']}”. "
                        "Press **Challenge** on the board if it does not count, or **Accept**."
                    )
                )
            elif event.kind in ("challenge_opened", "vote_opened"):
                voters = " ".join(match.at_seat(seat).mention for seat in data["voters"])
                said.append(Announcement(f"🗳️ {voters}: does “{data['text']}” count? Vote on the board."))
            elif event.kind == "faceoff_reminder":
                seats = data.get("seats") or []
                mentions = " ".join(match.at_seat(seat).mention for seat in seats)
                said.append(Announcement(f"⏰ {mentions} your face-off is still waiting for an answer."))
        return said

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        winners = ", ".join(match.at_seat(seat).mention for seat in outcome.winners)
        scores = ", ".join(
            f"{match.at_seat(seat).name} {score}" for seat, score in sorted(outcome.scores.items())
        )
        tail = f" (cards won: {scores})" if scores else ""
        return f"🏆 {winners} won Anomia with the most cards{tail}!"

