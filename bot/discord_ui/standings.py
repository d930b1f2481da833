"""A finished game's final standings, as its board shows them: place by place (tied players share a place), each
player with what the game says of their seat (cards left, cards won, a role and its score), a mark for those
who left the game, and the rating change the result made for them ("1. @Ann — 0 cards left · rating 4.1 (+4.1)").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from bot.discord_ui.limits import FIELD_VALUE, fit_lines
from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.wording import mention
from bot.engine import Seat
from bot.matches import Match, RatingChange, Snapshot

Ranking = Sequence[tuple[int, Sequence[Seat]]]
"""Each group of tied seats with its place, best first."""


def final_standings(snapshot: Snapshot, renderer: GameRenderer) -> str:
    """The standings of a finished game, ready for an embed field."""
    match, outcome = snapshot.match, snapshot.outcome
    if outcome is None:
        # A game of two that its leaver forfeited: the game itself never reached an end to tell of.
        return standings_text(match, _forfeit_ranking(match), snapshot.ratings, lambda seat: "")
    view = snapshot.public_view
    return standings_text(
        match,
        outcome.ranking(len(match.players)),
        snapshot.ratings,
        lambda seat: renderer.final_detail(match, view, outcome, seat),
    )


def standings_text(
    match: Match, ranking: Ranking, ratings: Mapping[int, RatingChange], detail: Callable[[Seat], str]
) -> str:
    """One line per player, place by place, then the players who left and whose seats were taken over (after
    every seat, ruling S1); whole lines only, within a field's limit."""
    placed = [(place, match.at_seat(seat), detail(seat)) for place, seats in ranking for seat in seats]
    placed += [(match.departed_place, player, "") for player in match.departed]
    lines = []
    for place, player, said_of_seat in placed:
        change = ratings.get(player.user_id)
        notes = [
            said_of_seat,
            "left the game" if player.left else "",
            rating_text(change) if change is not None else "",
        ]
        said = " · ".join(note for note in notes if note)
        lines.append(f"{place}. {mention(player)}" + (f" — {said}" if said else ""))
    return fit_lines(lines, FIELD_VALUE)


def rating_text(change: RatingChange) -> str:
    """A rating after a game and what the game did to it: "rating 4.1 (+4.1)"."""
    return f"rating {_tenths(change.after):.1f} ({_tenths(change.change):+.1f})"


def _tenths(number: float) -> float:
    # Rounded before formatting, so that a number too small to show reads 0.0 (+0.0), never -0.0.
    return round(number, 1) or 0.0


def _forfeit_ranking(match: Match) -> Ranking:
    stayed = tuple(player.seat for player in match.players if not player.left)
    left = tuple(player.seat for player in match.players if player.left)
    return ((1, stayed), (2, left))
