"""How Anomia looks in Discord: every player's top card on the board, face-offs called in the channel with
both players mentioned, answers typed in chat, and the winning answer marked with a reaction."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.discord_ui.renderers import Announcement, Choice, GameRenderer
from bot.discord_ui.wording import counted, inert, mention
from bot.engine import Event, Outcome, Seat
from bot.games.anomia.content import AnomiaContent
from bot.games.anomia.events import AnomiaEvent
from bot.games.anomia.state import CHALLENGE, OPEN, SETTLING, VOTING
from bot.games.anomia.views import AnomiaPublicView
from bot.matches import Match

WINNING_MARK = "✅"


class AnomiaRenderer(GameRenderer):
    has_private_panel = False

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
            rows.append(f"{marker}{mention(player)}: {card} · won {won}")
        embed.add_field(name="Top cards", value="\n".join(rows)[:1024], inline=False)
        if view.active_wild is not None:
            first, second = view.active_wild[1]
            embed.add_field(name="Wild card", value=f"{self._glyph(first)} matches {self._glyph(second)}", inline=True)
        left, right = view.draw_pile_sizes
        embed.add_field(name="Draw piles", value=f"left {left} · right {right}", inline=True)
        typed = "Face-off answers are typed in this channel (or sent with /answer). "
        typed = typed if self.board_has_buttons(match) else ""
        embed.set_footer(text=f"{typed}Judging: {view.options.judging}. /rules game:Anomia explains the game.")
        return embed

    def _situation(self, match: Match, view: AnomiaPublicView) -> str:
        faceoff = view.faceoff
        if view.outcome is not None:
            return "The game is over."
        if faceoff is None:
            again = " again (after the wild card)" if view.flips_again else ""
            return f"{mention(match.at_seat(view.flipper))} flips{again}: press **Flip left** or **Flip right**."
        (first, second), (first_category, second_category) = faceoff.seats, faceoff.categories
        lines = [
            f"⚔️ **Face-off**: {mention(match.at_seat(first))} names **{first_category[1]}**; "
            f"{mention(match.at_seat(second))} names **{second_category[1]}**."
        ]
        if faceoff.phase in (OPEN, SETTLING) and faceoff.reminders:
            lines.append("Still waiting for an answer.")
        if faceoff.under_vote is not None:
            seat, answer = faceoff.under_vote
            text = inert(answer)
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

    def describe(self, match: Match, events: Sequence[Event], seat: int | None) -> list[str]:
        """Every flip, face-off, answer, vote and ruling in a line (every event of this game is public)."""
        lines = []
        for event in events:
            line = self._event_line(match, event)
            if line:
                lines.append(line)
        return lines

    def _event_line(self, match: Match, event: Event) -> str:
        data = event.data
        kind = event.kind
        who = match.at_seat(event.seat).name if event.seat is not None and event.seat >= 0 else ""

        def names(seats: Sequence[int]) -> str:
            return " and ".join(match.at_seat(each).name for each in seats)

        if kind is AnomiaEvent.CARD_FLIPPED:
            return f"{who} flipped {self._glyph(data['symbol'])} {data['category_name']}."
        if kind is AnomiaEvent.WILD_REVEALED:
            return f"{who} flipped a wild card: its two symbols now match each other."
        if kind is AnomiaEvent.FACEOFF_STARTED:
            first, second = data["seats"]
            categories = data["categories"]
            return (
                f"⚔️ Face-off {data['number']}: {match.at_seat(first).name} names {categories[0]}, "
                f"{match.at_seat(second).name} names {categories[1]}."
            )
        if kind is AnomiaEvent.ANSWER_GIVEN:
            return f"{who} answered “{inert(data['text'])}”."
        if kind is AnomiaEvent.ANSWER_HEARD:
            return f"“{inert(data['text'])}” was said in the channel, so it counts as said."
        if kind is AnomiaEvent.ANSWER_REFUSED:
            why = "was already said" if data.get("reason") == "repeated" else "was voted down"
            return f"{who}'s “{inert(data['text'])}” {why}, so it cannot win."
        if kind is AnomiaEvent.ANSWER_ACCEPTED:
            return f"{who} accepted the answer."
        if kind is AnomiaEvent.CHALLENGE_WINDOW_OPENED:
            challenger = match.at_seat(data["challenger"]).name
            return f"{challenger} may challenge {who}'s “{inert(data['text'])}”."
        if kind is AnomiaEvent.CHALLENGE_WINDOW_CLOSED:
            return "Nobody challenged in time, so the answer stands."
        if kind in (AnomiaEvent.CHALLENGE_OPENED, AnomiaEvent.VOTE_OPENED):
            return f"🗳️ {names(data['voters'])} vote on whether {who}'s “{inert(data['text'])}” counts."
        if kind is AnomiaEvent.VOTE_CAST:
            votes = {"yes": "that the answer counts", "no": "that the answer does not count"}
            return f"{who} voted {votes.get(data['vote'], 'to skip the face-off')}."
        if kind is AnomiaEvent.CHALLENGE_UPHELD:
            return f"The vote ({data['yes']} to {data['no']}) let {who}'s “{inert(data['text'])}” stand."
        if kind is AnomiaEvent.CHALLENGE_OVERTURNED:
            return f"The vote ({data['no']} to {data['yes']}) threw out {who}'s “{inert(data['text'])}”."
        if kind is AnomiaEvent.TIE:
            return f"🤝 {names(data['seats'])} tied."
        if kind is AnomiaEvent.TIEBREAKER_FLIPPED:
            return f"🔁 Tie-breaker: both name {data['category_name']}."
        if kind is AnomiaEvent.TIEBREAKER_UNAVAILABLE:
            return f"No card is left for a tie-breaker: {names(data['seats'])} answer again."
        if kind is AnomiaEvent.FACEOFF_WON:
            return f"{who} beat {match.at_seat(data['loser']).name} with “{inert(data['answer'])}”."
        if kind is AnomiaEvent.FACEOFF_SKIPPED:
            return "The face-off was skipped."
        if kind is AnomiaEvent.FACEOFF_REMINDER:
            return f"⏰ {names(data.get('seats') or [])} were reminded of their face-off."
        return ""  # GAME_OVER: the record and the board end with the outcome itself

    def announcements(self, match: Match, events: Sequence[Event]) -> Sequence[Announcement]:
        said = []
        for event in events:
            data = event.data
            if event.kind is AnomiaEvent.ANSWER_GIVEN:
                if match.at_seat(event.seat).is_computer:
                    said.append(Announcement(f"🤖 **{match.at_seat(event.seat).name}**: {inert(data['text'])}"))
            elif event.kind is AnomiaEvent.FACEOFF_STARTED:
                first, second = (match.at_seat(seat) for seat in data["seats"])
                names = data["categories"]
                said.append(
                    Announcement(
                        f"⚔️ Face-off! {mention(first)}: name **{names[0]}** · {mention(second)}: name **{names[1]}**"
                    )
                )
            elif event.kind is AnomiaEvent.TIEBREAKER_FLIPPED:
                said.append(Announcement(f"🔁 Tie-breaker: both of you, name **{data['category_name']}**!"))
            elif event.kind is AnomiaEvent.FACEOFF_WON:
                winner, loser = match.at_seat(data["winner"]), match.at_seat(data["loser"])
                if not winner.is_computer:
                    said.append(Announcement(react_to=data["arrival"], emoji=WINNING_MARK))
                said.append(
                    Announcement(f"🏆 {mention(winner)} wins {mention(loser)}'s card with “{inert(data['answer'])}”.")
                )
            elif event.kind is AnomiaEvent.ANSWER_REFUSED and data.get("reason") == "repeated":
                said.append(
                    Announcement(f"“{inert(data['text'])}” was already said for that category, so it cannot win.")
                )
            elif event.kind is AnomiaEvent.TIE:
                said.append(Announcement("🤝 A tie!"))
            elif event.kind is AnomiaEvent.WILD_REVEALED:
                said.append(Announcement("🃏 A wild card! Its two symbols now match each other."))
            elif event.kind is AnomiaEvent.CHALLENGE_WINDOW_OPENED:
                challenger = match.at_seat(data["challenger"])
                said.append(
                    Announcement(
                        f"{mention(challenger)}: {match.at_seat(event.seat).name} answered “{inert(data['text'])}”. "
                        "Press **Challenge** on the board if it does not count, or **Accept**."
                    )
                )
            elif event.kind in (AnomiaEvent.CHALLENGE_OPENED, AnomiaEvent.VOTE_OPENED):
                voters = " ".join(mention(match.at_seat(seat)) for seat in data["voters"])
                said.append(Announcement(f"🗳️ {voters}: does “{inert(data['text'])}” count? Vote on the board."))
            elif event.kind is AnomiaEvent.FACEOFF_REMINDER:
                seats = data.get("seats") or []
                mentions = " ".join(mention(match.at_seat(seat)) for seat in seats)
                said.append(Announcement(f"⏰ {mentions} your face-off is still waiting for an answer."))
        return said

    def outcome_text(self, match: Match, outcome: Outcome) -> str:
        winners = ", ".join(mention(match.at_seat(seat)) for seat in outcome.winners)
        scores = ", ".join(f"{match.at_seat(seat).name} {score}" for seat, score in sorted(outcome.scores.items()))
        tail = f" (cards won: {scores})" if scores else ""
        how = "The draw piles ran out and no face-off was left."
        return f"{how} 🏆 {winners} won Anomia with the most cards{tail}!"

    def final_detail(self, match: Match, view: AnomiaPublicView, outcome: Outcome, seat: Seat) -> str:
        return f"{counted(view.winning_pile_sizes[seat], 'card')} won"
