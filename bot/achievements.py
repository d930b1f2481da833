"""Achievements: what a player did in a server's finished games that earns a named badge in /stats.

Two steps, both pure. `feats_of` reads one finished game (its logged events, who held each seat, who won, and its
final state as stored) and says what each person did in it that an achievement counts: a win, a game finished, a
win without drawing, a five-letter word, a face-off cascade swept, the warrior or the role a win was had with.
Storage keeps each player's feats per server, each with the game it was first done in. `AchievementBook.earned`
then says which achievements a player's feats add up to, some in one game (a first win), some over many (a win
with every warrior). So an achievement earned by a game is worked out again from what is stored at any time: the
ones its feats complete that the feats before it did not (`newly_earned`).

The achievements are one table here (`achievement_book`), in our own words; what a game's events mean is read
from their kinds and data as the log stores them (`{"kind", "seat", "data"}`). Practice games store no result, so
they earn nothing; computer players earn nothing either.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

WIN, FINISHED = "win", "finished"
NO_DRAW_WIN = "win_without_drawing"
FIVE_LETTER_WORD = "five_letter_word"
CASCADE_SWEPT = "cascade_swept"
WON_WITH = "won_with:"
"""Anachronism: won with this warrior (its card id follows)."""
WON_AS = "won_as:"
"""Anokera: won with this secret role (its id follows)."""
FULL_TABLE = "full_table"
SWEEP_FACEOFFS = 3
"""The face-offs a cascade must have for winning all of them to count as a clean sweep."""
FULL_TABLE_SEATS = 5

Feats = frozenset[tuple[str, str]]
"""A player's feats: (game, feat) pairs."""


def _events_of(events: Iterable[Mapping[str, Any]], kind: str) -> list[Mapping[str, Any]]:
    return [event for event in events if event.get("kind") == kind]


CASCADE_ENDS = ("card_flipped", "wild_revealed", "faceoff_skipped")
"""Anomia: what ends a cascade of face-offs: the next flip (a wild card's too), or a skipped face-off."""


def _swept_cascades(events: Sequence[Mapping[str, Any]]) -> set[int]:
    """Anomia: the seats that won every face-off of a cascade of at least SWEEP_FACEOFFS. A cascade is the
    face-offs one flip sets off, each after the one before, until the next card is flipped (a skipped face-off
    ends it too)."""
    swept, winners = set(), []
    for event in (*events, {"kind": "card_flipped"}):
        if event.get("kind") == "faceoff_won":
            winners.append(event["data"]["winner"])
        elif event.get("kind") in CASCADE_ENDS:
            if len(winners) >= SWEEP_FACEOFFS and len(set(winners)) == 1:
                swept.add(winners[0])
            winners = []
    return swept


def _game_feats(
    game: str, events: Sequence[Mapping[str, Any]], winners: set[int], state: Mapping[str, Any]
) -> dict[int, set[str]]:
    """Each seat's feats particular to its game."""
    feats: dict[int, set[str]] = {}
    if game == "anarchy":
        # A win by a forfeit before any card was played is no feat.
        played = {event.get("seat") for event in _events_of(events, "card_played")}
        drew = {event.get("seat") for event in _events_of(events, "card_drawn")}
        for seat in (winners & played) - drew:
            feats.setdefault(seat, set()).add(NO_DRAW_WIN)
    elif game == "not_another_word":
        for event in _events_of(events, "word_made"):
            if len(event["data"].get("word", "")) == 5:
                feats.setdefault(event["seat"], set()).add(FIVE_LETTER_WORD)
    elif game == "anomia":
        for seat in _swept_cascades(events):
            feats.setdefault(seat, set()).add(CASCADE_SWEPT)
    elif game == "anachronism":
        warriors = {event["seat"]: event["data"]["warrior"] for event in _events_of(events, "placed")}
        for seat in winners & set(warriors):
            feats.setdefault(seat, set()).add(WON_WITH + warriors[seat])
    elif game == "anokera":
        roles = state.get("roles", ())
        for seat in winners:
            if seat < len(roles):
                feats.setdefault(seat, set()).add(WON_AS + roles[seat])
    return feats


def feats_of(
    game: str,
    events: Sequence[Mapping[str, Any]],
    users: Mapping[int, int],
    winners: Iterable[int],
    state: Mapping[str, Any],
    left: Iterable[int] = (),
) -> dict[int, frozenset[str]]:
    """What each person (user id) did in one finished game that achievements count: from its events in order,
    the user id at each seat, the user ids of its winners and its final state. Computer players, and players who
    `left` the game (a computer played on in their seat), do nothing here."""
    won = set(winners)
    winning_seats = {seat for seat, user in users.items() if user in won}
    particular = _game_feats(game, events, winning_seats, state)
    feats: dict[int, frozenset[str]] = {}
    gone = set(left)
    for seat, user in users.items():
        if user <= 0 or user in gone:
            continue
        done = {FINISHED, *particular.get(seat, ())}
        if user in won:
            done.add(WIN)
        if len(users) >= FULL_TABLE_SEATS:
            done.add(FULL_TABLE)
        feats[user] = frozenset(done)
    return feats


@dataclass(frozen=True)
class Achievement:
    key: str
    title: str
    how: str
    """What earns it, said to the player ("Win a game of Anarchy.")."""
    game: str | None
    """The game it belongs to (None: it spans games)."""
    earned_by: Callable[[Feats], bool]


@dataclass(frozen=True)
class AchievementBook:
    achievements: tuple[Achievement, ...]

    def earned(self, feats: Feats, game: str | None = None) -> list[Achievement]:
        """The achievements these feats add up to (in one game, with those spanning games, or in all), in the
        book's order."""
        return [
            achievement
            for achievement in self.achievements
            if (game is None or achievement.game in (game, None)) and achievement.earned_by(feats)
        ]

    def newly_earned(self, before: Feats, after: Feats) -> list[Achievement]:
        """What feats `after` earn that feats `before` did not."""
        had = {achievement.key for achievement in self.earned(before)}
        return [achievement for achievement in self.earned(after) if achievement.key not in had]


def _has(game: str, feat: str) -> Callable[[Feats], bool]:
    return lambda feats: (game, feat) in feats


def _has_all(game: str, wanted: Iterable[str]) -> Callable[[Feats], bool]:
    needed = frozenset((game, feat) for feat in wanted)
    return lambda feats: bool(needed) and needed <= feats


def _patron_wins(role_patrons: Mapping[str, str]) -> Callable[[Feats], bool]:
    patrons = set(role_patrons.values())

    def every_patron(feats: Feats) -> bool:
        won_for = {role_patrons.get(feat.removeprefix(WON_AS)) for game, feat in feats if game == "anokera"}
        return bool(patrons) and patrons <= won_for

    return every_patron


def achievement_book(
    titles: Mapping[str, str], warriors: Sequence[str], role_patrons: Mapping[str, str]
) -> AchievementBook:
    """Every achievement: a first win in each game (`titles`: game key -> title), one or two of each game's own,
    and two for trying things. Anachronism's needs a win with each of `warriors` (card ids), Anokera's a win for
    each patron (`role_patrons`: role id -> the patron it serves)."""
    firsts = tuple(
        Achievement(f"{game}.first_win", f"First win: {title}", f"Win a game of {title}.", game, _has(game, WIN))
        for game, title in titles.items()
    )
    own = (
        Achievement(
            "anarchy.no_draw", "Empty-handed", "Win a game of Anarchy without drawing a single card.", "anarchy",
            _has("anarchy", NO_DRAW_WIN),
        ),
        Achievement(
            "not_another_word.five", "Five-letter flourish", "Make a five-letter word in Not Another Word.",
            "not_another_word", _has("not_another_word", FIVE_LETTER_WORD),
        ),
        Achievement(
            "anomia.sweep", "Clean sweep",
            f"In Anomia, win every face-off of a cascade of {SWEEP_FACEOFFS} or more (those one flip sets off).",
            "anomia", _has("anomia", CASCADE_SWEPT),
        ),
        Achievement(
            "anachronism.every_warrior", "Hall of heroes", "Win a game of Anachronism with every warrior.",
            "anachronism", _has_all("anachronism", [WON_WITH + warrior for warrior in warriors]),
        ),
        Achievement(
            "anokera.every_patron", "Favoured by every god",
            "Win a game of Anokera for each of the three patrons, whatever your role.", "anokera",
            _patron_wins(role_patrons),
        ),
    )  # fmt: skip
    trying = (
        Achievement(
            "all.well_travelled", "Well travelled", "Finish a game of every game the bot hosts.", None,
            lambda feats: all((game, FINISHED) in feats for game in titles),
        ),
        Achievement(
            "all.full_table", "Full table", f"Finish a game at a table of {FULL_TABLE_SEATS} or more seats.", None,
            lambda feats: any(feat == FULL_TABLE for _, feat in feats),
        ),
    )  # fmt: skip
    return AchievementBook(firsts + own + trying)
