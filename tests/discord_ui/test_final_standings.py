"""A finished game's summary: the host hands out its snapshot with the players' rating changes (read once, at the
end only), and the board's "Final standings" give each player's place, what the game says of their seat and
their rating change, within Discord's limits; players who left are placed after everyone who stayed (ruling S1)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

from games.anachronism.positions import duel, fighter
from support import GAMES, RULES

from bot.discord_ui.display import TableDisplay
from bot.discord_ui.limits import FIELD_VALUE
from bot.discord_ui.renderers import GameRenderer
from bot.discord_ui.standings import passed_over_text, rating_text, standings_text
from bot.engine import Outcome, Seating
from bot.games.anachronism.events import AnachronismEnd
from bot.games.anachronism.views import MatchScore
from bot.games.anokera.views import Reveal
from bot.matches import Match, MatchStatus, Player, RatingChange
from bot.matches.standing import result_of, standing

ALICE, BOB = 101, 102
WHEN = datetime(2026, 1, 1, tzinfo=UTC)
END = Outcome(winners=(0,), reason=AnachronismEnd.DEFEAT, placings=((0,), (1, 2), (3,)))
"""Any game's end: one winner, two sharing second, one last."""


def table(*players: Player) -> Match:
    """A finished table of these players (by default three)."""
    players = players or (Player(ALICE, "alice", 0), Player(BOB, "bob", 1), Player(103, "cara", 2))
    return Match(
        id=1, game="anarchy", guild_id=1, channel_id=1, opener_id=ALICE, status=MatchStatus.FINISHED, options={},
        seed=7, version=9, created_at=WHEN, updated_at=WHEN, players=players,
    )  # fmt: skip


def public_view(game: str, seats: int):
    """A public view of a new game; tests put in the numbers its end would show."""
    rules = RULES[game]
    return rules.view(rules.setup(Seating(seats), rules.resolve_options({}), 7), None)


# -- the standings ---------------------------------------------------------------------------------------------


def test_places_are_shared_by_ties_and_skip_after_them_and_a_game_of_winners_only_places_the_rest_together():
    assert END.ranking(4) == ((1, (0,)), (2, (1, 2)), (4, (3,)))
    winners_only = Outcome(winners=(2,), reason=AnachronismEnd.DEFEAT)
    assert winners_only.ranking(3) == ((1, (2,)), (2, (0, 1)))
    nobody_won = Outcome(winners=(), reason=AnachronismEnd.DRAW)
    assert nobody_won.ranking(2) == ((1, (0, 1)),)


def test_each_line_has_the_place_the_player_the_games_detail_a_leaver_mark_and_a_persons_rating_change():
    players = (Player(ALICE, "alice", 0), Player(BOB, "bob", 1, left=True), Player(-1, "Bot Ada", 2), Player(7, "x", 3))
    ratings = {
        ALICE: RatingChange(1000.0, 1052.4),
        BOB: RatingChange(1010.2, 989.6),
        -1: RatingChange(1002.0, 1001.98),
    }
    detail = {0: "0 cards left", 1: "3 cards left", 2: "1 card left", 3: ""}
    lines = standings_text(table(*players), END.ranking(4), ratings, detail.get).split("\n")
    assert lines == [
        f"1. <@{ALICE}> — 0 cards left · rating 1,052 (+52)",
        f"2. <@{BOB}> — 3 cards left · left the game · rating 990 (-20)",
        "2. 🤖 Bot Ada — 1 card left",  # computers are rated, but show no rating
        "4. <@7>",
    ]


# -- players who left (ruling S1) ------------------------------------------------------------------------------


def test_a_player_who_left_is_placed_after_everyone_who_stayed_and_the_others_keep_the_games_order():
    match = table(Player(ALICE, "alice", 0), Player(BOB, "bob", 1, left=True), Player(103, "cara", 2))
    game_end = Outcome(winners=(1,), reason=AnachronismEnd.DEFEAT, placings=((1,), (2,), (0,)))
    settled = standing(match, game_end)
    assert settled.ranking == ((1, (2,)), (2, (0,)), (3, (1,)))
    assert settled.winners == (2,) and settled.passed_over == (1,)


def test_a_winner_who_stayed_keeps_the_win_alone_when_a_leaver_shared_it():
    match = table(Player(ALICE, "alice", 0), Player(BOB, "bob", 1, left=True), Player(103, "cara", 2))
    shared = Outcome(winners=(0, 1), reason=AnachronismEnd.DRAW, placings=((0, 1), (2,)))
    settled = standing(match, shared)
    assert settled.ranking == ((1, (0,)), (2, (2,)), (3, (1,)))
    assert settled.winners == (0,) and settled.passed_over == (1,)


def test_a_draw_stays_a_draw_with_the_leaver_last_and_a_forfeit_is_won_by_the_player_who_stayed():
    match = table(Player(ALICE, "alice", 0), Player(BOB, "bob", 1, left=True))
    draw = standing(match, Outcome(winners=(), reason=AnachronismEnd.DRAW, placings=((0, 1),)))
    assert draw.ranking == ((1, (0,)), (2, (1,))) and draw.winners == ()
    forfeit = standing(match, None)
    assert forfeit.ranking == ((1, (0,)), (2, (1,))) and forfeit.winners == (0,)


def test_in_a_team_game_the_teammate_who_stayed_wins_and_the_stored_result_agrees():
    match = table(
        Player(ALICE, "alice", 0), Player(BOB, "bob", 1), Player(103, "cara", 2, left=True), Player(104, "dan", 3)
    )
    teams_end = Outcome(winners=(0, 2), reason=AnachronismEnd.DEFEAT, placings=((0, 2), (1, 3)), sides=((0, 2), (1, 3)))
    settled = standing(match, teams_end)
    assert settled.winners == (0,) and settled.ranking == ((1, (0,)), (2, (1, 3)), (4, (2,)))
    result = result_of(match, settled, "defeat", {}, teams_end.sides)
    assert result.placings == {ALICE: 1, BOB: 2, 104: 2, 103: 4}
    assert result.winners == (ALICE,) and result.left == (103,) and result.teams == ((ALICE, 103), (BOB, 104))


def test_the_winner_line_says_plainly_that_a_leavers_computer_finished_first_and_who_won_instead():
    match = table(Player(ALICE, "alice", 0), Player(BOB, "bob", 1, left=True), Player(103, "cara", 2))
    game_end = Outcome(winners=(1,), reason=AnachronismEnd.DEFEAT, placings=((1,), (2,), (0,)))
    assert passed_over_text(match, standing(match, game_end)) == (
        "The computer playing bob's seat finished first, but a player who leaves is placed after everyone who "
        "stayed. 🏆 <@103> won."
    )


def test_a_rating_is_a_whole_number_and_its_change_the_difference_of_the_numbers_shown():
    assert rating_text(RatingChange(1000.2, 1000.4)) == "rating 1,000 (+0)"
    assert rating_text(RatingChange(1010.2, 1009.6)) == "rating 1,010 (+0)"
    assert rating_text(RatingChange(996.4, 1003.6)) == "rating 1,004 (+8)"
    assert rating_text(RatingChange(1000.0, 987.5)) == "rating 988 (-12)"


def test_many_long_lines_are_kept_whole_within_a_fields_limit():
    players = tuple(Player(10**18 + seat, f"p{seat}", seat) for seat in range(8))
    ratings = {player.user_id: RatingChange(987.654, 1023.456) for player in players}
    ranking = tuple((seat + 1, (seat,)) for seat in range(8))
    text = standings_text(table(*players), ranking, ratings, lambda seat: "**A Very Long Role Name Indeed**" * 3)
    lines = text.split("\n")
    assert len(text) <= FIELD_VALUE and lines[-1] == "…"
    assert all(line.endswith("rating 1,023 (+35)") for line in lines[:-1])


# -- what each game says of a seat ----------------------------------------------------------------------------


def test_anarchy_and_not_another_word_tell_the_cards_left():
    for game in ("anarchy", "not_another_word"):
        view = replace(public_view(game, 3), hand_sizes=(0, 1, 5))
        details = [GAMES[game].renderer.final_detail(table(), view, END, seat) for seat in range(3)]
        assert details == ["0 cards left", "1 card left", "5 cards left"], game


def test_anomia_tells_the_cards_won():
    view = replace(public_view("anomia", 3), winning_pile_sizes=(4, 1, 0))
    details = [GAMES["anomia"].renderer.final_detail(table(), view, END, seat) for seat in range(3)]
    assert details == ["4 cards won", "1 card won", "0 cards won"]


def test_anokera_tells_each_revealed_role_and_its_score():
    sheet = RULES["anokera"].sheet
    first, second = sheet.roles[0], sheet.roles[1]
    view = replace(public_view("anokera", 3), reveals=(Reveal(1, second.id, (), -4), Reveal(0, first.id, (), 36)))
    renderer = GAMES["anokera"].renderer
    assert renderer.final_detail(table(), view, END, 0) == f"**{first.name}**, 36 points"
    assert renderer.final_detail(table(), view, END, 1) == f"**{second.name}**, -4 points"


def test_anachronism_tells_the_warriors_life_and_experience_or_its_fall_and_a_matchs_games_won():
    renderer = GAMES["anachronism"].renderer
    view = RULES["anachronism"].view(duel(fighter("Kaito", life=3), fighter("Itzel", life=0)), None)
    standing = view.fighters[0]
    kaito, itzel = (RULES["anachronism"].pool.warrior(each.warrior).name for each in view.fighters)
    assert renderer.final_detail(table(), view, END, 0) == f"{kaito}: ❤️ Life 3 · ⭐ Exp {standing.experience}"
    assert renderer.final_detail(table(), view, END, 1) == f"{itzel} fell"
    match = replace(view, match=MatchScore(3, 3, (2, 1), 0, ((), ()), (True, True), None))
    assert [renderer.final_detail(table(), match, END, seat) for seat in (0, 1)] == ["2 games won", "1 game won"]


def test_a_game_that_scores_shows_its_score_by_default():
    scored = Outcome(winners=(0,), reason=AnachronismEnd.DEFEAT, scores={0: 12, 1: 3})
    assert GameRenderer().final_detail(table(), None, scored, 1) == "3 points"
    assert GameRenderer().final_detail(table(), None, END, 1) == "", "and nothing in a game that does not"


# -- from the host to the board -------------------------------------------------------------------------------


def counting_reads(store) -> list[int]:
    """The match ids whose rating changes the host reads from now on."""
    reads, read = [], store.rating_changes

    async def rating_changes(match_id: int):
        reads.append(match_id)
        return await read(match_id)

    store.rating_changes = rating_changes
    return reads


async def test_the_move_that_ends_a_game_brings_its_rating_changes_without_reading_them(host, store):
    reads = counting_reads(store)
    opened = await host.open_table(
        guild_id=1, channel_id=500, game="countto", opener_id=ALICE, opener_name="alice", options={"target": 5}
    )
    await host.join(opened.id, BOB, "bob")
    await host.start(opened.id, ALICE)
    while (snapshot := await host.load(opened.id)).actors:
        assert not reads, "a move that does not end the game reads no ratings"
        (seat,) = snapshot.actors
        result = await host.act(opened.id, snapshot.match.at_seat(seat).user_id, "add 2")
    assert reads == [opened.id], "the move that ended the game was handed them; only the look after it read them"
    reads.clear()
    (winner,) = result.snapshot.outcome.winners
    winner_id = result.match.at_seat(winner).user_id
    assert set(result.snapshot.ratings) == {ALICE, BOB} and result.snapshot.ratings[winner_id].change > 0
    assert (await host.load(opened.id)).ratings == result.snapshot.ratings == await store.rating_changes(opened.id)


async def test_a_game_outside_a_server_shows_its_standings_without_ratings(host):
    opened = await host.open_table(guild_id=None, channel_id=501, game="anarchy", opener_id=ALICE, opener_name="ann")
    await host.join(opened.id, BOB, "bob")
    snapshot = (await host.start(opened.id, ALICE)).snapshot
    while snapshot.actors:
        (seat,) = snapshot.actors
        move = snapshot.seat_view(seat).legal_actions[0].notation
        snapshot = (await host.act(opened.id, snapshot.match.at_seat(seat).user_id, move)).snapshot
    assert snapshot.match.status is MatchStatus.FINISHED and snapshot.ratings == {}
    board = TableDisplay(None, host, GAMES).board_message(await host.load(opened.id))["embed"]
    fields = {field.name: field.value for field in board.fields}
    (winner,) = snapshot.outcome.winners
    lines = fields["Final standings"].split("\n")
    assert lines[0] == f"1. <@{snapshot.match.at_seat(winner).user_id}> — 0 cards left"
    assert lines[1].startswith("2. <@") and "rating" not in fields["Final standings"]
    assert "🏆" in fields["Game over"]
