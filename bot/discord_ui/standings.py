"""How a finished game's result reads: the line that says how it ended and who won, and the final standings, place
by place (tied players share a place), each player with what the game says of their seat (cards left, cards won,
a role and its score), a mark for those who left the game, and for people the rating change the result made for
them ("1. @Ann — 0 cards left · rating 1,052 (+52)"). Both follow the host's `Standing`, so a player who left is
placed after everyone who stayed and never announced as the winner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.discord_ui.limits import FIELD_VALUE, fit_lines
from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.wording import mention
from bot.engine import Seat
from bot.matches import Match, RatingChange, Snapshot
from bot.matches.standing import Ranking, Standing


def result_text(snapshot: Snapshot, renderer: GameRenderer) -> str:
    """How a finished game ended and who won, in the game's own words unless the game's winners left it."""
    match, outcome, settled = snapshot.match, snapshot.outcome, snapshot.standing
    if outcome is None:
        return forfeit_text(match)
    if not settled.passed_over:
        return renderer.outcome_text(match, outcome)
    return passed_over_text(match, settled)


def forfeit_text(match: Match) -> str:
    """How a game of two ended when one player left it and so forfeited it (`Match.leaver_forfeits`)."""
    leaver = next(player for player in match.players if player.left)
    winner = next(player for player in match.players if not player.left)
    return f"{leaver.name} left the game and so forfeits it. 🏆 {mention(winner)} wins."


def passed_over_text(match: Match, settled: Standing) -> str:
    """Some of the game's winners had left it, so the computers playing their seats did the winning: the win goes
    to those who stayed ("The computer playing bob's seat finished first, but ... 🏆 @alice won.")."""
    seats = " and ".join(f"{match.at_seat(seat).name}'s" for seat in settled.passed_over)
    computers = "computer" if len(settled.passed_over) == 1 else "computers"
    said = (
        f"The {computers} playing {seats} {'seat' if computers == 'computer' else 'seats'} finished first, but a "
        "player who leaves is placed after everyone who stayed."
    )
    if not settled.winners:
        return f"{said} Nobody who stayed is left to win."
    return f"{said} 🏆 {' and '.join(mention(match.at_seat(seat)) for seat in settled.winners)} won."


def final_standings(snapshot: Snapshot, renderer: GameRenderer) -> str:
    """The standings of a finished game, ready for an embed field."""
    match, outcome, view = snapshot.match, snapshot.outcome, snapshot.public_view

    def detail(seat: Seat) -> str:
        # A game of two that its leaver forfeited never reached an end of its own to tell of.
        return "" if outcome is None else renderer.final_detail(match, view, outcome, seat)

    return standings_text(match, snapshot.standing.ranking, snapshot.ratings, detail)


def standings_text(
    match: Match, ranking: Ranking, ratings: Mapping[int, RatingChange], detail: Callable[[Seat], str]
) -> str:
    """One line per player, place by place, then the players who left and whose seats were taken over (after
    every seat, ruling S1); whole lines only, within a field's limit. Computer players are rated too
    (bot/ratings.py), but their ratings are nobody's to read here."""
    placed = [(place, match.at_seat(seat), detail(seat)) for place, seats in ranking for seat in seats]
    placed += [(match.departed_place, player, "") for player in match.departed]
    lines = []
    for place, player, said_of_seat in placed:
        change = None if player.is_computer else ratings.get(player.user_id)
        notes = [
            said_of_seat,
            "left the game" if player.left else "",
            rating_text(change) if change is not None else "",
        ]
        said = " · ".join(note for note in notes if note)
        lines.append(f"{place}. {mention(player)}" + (f" — {said}" if said else ""))
    return fit_lines(lines, FIELD_VALUE)


def rating_text(change: RatingChange) -> str:
    """A rating after a game and what the game did to it: "rating 1,052 (+52)". The change is that of the whole
    numbers shown, so the two shown before and after always differ by it."""
    return f"rating {rating_number(change.after)} ({round(change.after) - round(change.before):+d})"


def rating_number(rating: float) -> str:
    """A shown rating as players read it: a whole number, with a thousands separator ("1,052")."""
    return f"{round(rating):,}"
