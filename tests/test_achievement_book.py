"""Achievements worked out from a finished game's logged events (bot/achievements.py): each game's feats, and the
achievements a player's feats add up to."""

from __future__ import annotations

from bot.achievements import (
    CASCADE_SWEPT,
    FINISHED,
    FIVE_LETTER_WORD,
    FULL_TABLE,
    NO_DRAW_WIN,
    WIN,
    WON_AS,
    WON_WITH,
    achievement_book,
    feats_of,
)

USERS = {0: 11, 1: 22}
TITLES = {game: game.title() for game in ("anarchy", "anomia", "not_another_word", "anokera", "anachronism")}
BOOK = achievement_book(TITLES, ["wr-01", "wr-02"], {"role_a": "violence", "role_b": "famine", "role_c": "disaster"})


def event(kind: str, seat: int | None = None, **data) -> dict:
    return {"kind": kind, "seat": seat, "data": data}


def test_every_player_finished_the_winners_won_and_computers_earn_nothing():
    feats = feats_of("anarchy", [event("card_drawn", 0), event("card_drawn", 1)], {0: 11, 1: -1}, [11], {})
    assert feats == {11: frozenset({FINISHED, WIN})}


def test_a_player_who_left_earns_nothing_whatever_the_computer_did_in_their_seat():
    events = [event("word_made", 1, word="stone")]
    assert 22 not in feats_of("not_another_word", events, USERS, [11], {}, left=[22])


def test_an_anarchy_win_without_drawing():
    events = [event("card_played", 0), event("card_drawn", 1), event("card_played", 0)]
    assert NO_DRAW_WIN in feats_of("anarchy", events, USERS, [11], {})[11]
    assert NO_DRAW_WIN not in feats_of("anarchy", [event("card_drawn", 0)], USERS, [11], {})[11]
    assert NO_DRAW_WIN not in feats_of("anarchy", events, USERS, [22], {})[11], "only a win counts"


def test_a_five_letter_word_counts_for_whoever_made_it():
    events = [event("word_made", 1, word="stone"), event("word_made", 0, word="tone")]
    feats = feats_of("not_another_word", events, USERS, [11], {})
    assert FIVE_LETTER_WORD in feats[22] and FIVE_LETTER_WORD not in feats[11]


def test_an_anomia_clean_sweep_is_every_face_off_of_a_cascade_of_three():
    won_by = [event("faceoff_won", 0, winner=0, loser=1)] * 3
    swept = [event("card_flipped", 1), *won_by, event("card_flipped", 0)]
    assert CASCADE_SWEPT in feats_of("anomia", swept, USERS, [], {})[11]
    mixed = [event("card_flipped", 1), *won_by[:2], event("faceoff_won", 1, winner=1, loser=0)]
    assert CASCADE_SWEPT not in feats_of("anomia", mixed, USERS, [], {})[11]
    split = [*won_by[:2], event("wild_revealed", 1), won_by[0]]
    assert CASCADE_SWEPT not in feats_of("anomia", split, USERS, [], {})[11], "a flip ends the cascade"


def test_anachronism_and_anokera_remember_what_a_win_was_had_with():
    placed = [event("placed", 0, warrior="wr-02"), event("placed", 1, warrior="wr-01")]
    assert WON_WITH + "wr-02" in feats_of("anachronism", placed, USERS, [11], {})[11]
    assert not any(feat.startswith(WON_WITH) for feat in feats_of("anachronism", placed, USERS, [11], {})[22])
    roles = {"roles": ["role_a", "role_b"]}
    assert WON_AS + "role_b" in feats_of("anokera", [], USERS, [22], roles)[22]


def test_a_full_table_has_five_seats():
    five = {seat: 10 + seat for seat in range(5)}
    assert all(FULL_TABLE in feats for feats in feats_of("anomia", [], five, [], {}).values())
    assert FULL_TABLE not in feats_of("anomia", [], USERS, [], {})[11]


def titles(feats: set[tuple[str, str]]) -> list[str]:
    return [achievement.title for achievement in BOOK.earned(frozenset(feats))]


def test_the_book_adds_feats_up_over_many_games():
    assert titles({("anarchy", WIN), ("anarchy", NO_DRAW_WIN)}) == ["First win: Anarchy", "Empty-handed"]
    one_warrior = {("anachronism", WON_WITH + "wr-01")}
    assert "Hall of heroes" not in titles(one_warrior)
    assert "Hall of heroes" in titles(one_warrior | {("anachronism", WON_WITH + "wr-02")})
    two_patrons = {("anokera", WON_AS + "role_a"), ("anokera", WON_AS + "role_b")}
    assert "Favoured by every god" not in titles(two_patrons)
    assert "Favoured by every god" in titles(two_patrons | {("anokera", WON_AS + "role_c")})
    travelled = {(game, FINISHED) for game in TITLES}
    assert titles(travelled) == ["Well travelled"]


def test_newly_earned_is_what_the_feats_with_a_game_earn_that_those_before_did_not():
    before = frozenset({("anarchy", WIN), ("anarchy", FINISHED)})
    after = before | {("anomia", WIN), ("anomia", FULL_TABLE)}
    assert [achievement.title for achievement in BOOK.newly_earned(before, after)] == [
        "First win: Anomia", "Full table",
    ]  # fmt: skip
    assert BOOK.newly_earned(after, after) == []
    only_anarchy = BOOK.earned(after, "anarchy")
    assert [achievement.title for achievement in only_anarchy] == ["First win: Anarchy", "Full table"]
