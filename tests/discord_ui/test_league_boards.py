"""A league's board within Discord's limits at the largest league (64 players), its standings table, and the
bracket picture, the round's deadline, and the words of a round length refused."""

from __future__ import annotations

import io

from PIL import Image

from bot.discord_ui.league_boards import league_message
from bot.discord_ui.league_wording import league_refusal_text
from bot.discord_ui.limits import EMBED_DESCRIPTION, EMBED_TOTAL, FIELD_VALUE, UPLOAD
from bot.discord_ui.renderers.bracket_picture import PICTURE_NAME, bracket_lines, bracket_png
from bot.leagues import Format, Outcome, advance, record, start, waiting_tables
from bot.matches.league_records import Entrant, LeagueRecord, LeagueStatus
from bot.matches.leagues import LeagueReason, LeagueRefusal

PLAYERS = 64


def running(format: Format, players: int = PLAYERS, rounds_played: int = 1) -> LeagueRecord:
    league = start(format, players)
    for _ in range(rounds_played):
        for pairing in waiting_tables(league):
            league = record(league, pairing.round, pairing.table, Outcome.FIRST_WINS)
        league = advance(league)
    entrants = tuple(Entrant(1000 + index, f"A rather long player name {index}") for index in range(players))
    return LeagueRecord(
        id=7, guild_id=1, channel_id=2, organiser_id=1000, game="anarchy", format=format, rounds_asked=0,
        clock_seconds=600, status=LeagueStatus.RUNNING, entrants=entrants, league=league,
    )  # fmt: skip


def embed_text(embed) -> int:
    fields = sum(len(field.name) + len(field.value) for field in embed.fields)
    return len(embed.title) + len(embed.description or "") + fields + len(embed.footer.text or "")


def test_a_swiss_board_of_64_players_fits_discords_limits():
    threads = {(2, table): 5000 + table for table in range(32)}
    message = league_message(running(Format.SWISS), "Anarchy", threads)
    embed = message["embed"]
    assert len(embed.description) <= EMBED_DESCRIPTION and embed_text(embed) <= EMBED_TOTAL
    (games,) = embed.fields
    assert games.name == "Round 2" and len(games.value) <= FIELD_VALUE and games.value.endswith("more")
    lines = embed.description.split("```")[1].strip().split("\n")
    assert lines[0].split() == ["#", "Player", "Pts", "Buch", "W-D-L"]
    assert len(lines) == PLAYERS + 1 and lines[1].split()[-3:] == ["1", "0", "1-0-0"]  # opponents all lost


def test_a_round_robin_table_has_no_buchholz_column():
    message = league_message(running(Format.ROUND_ROBIN, players=4), "Anarchy", {})
    header = message["embed"].description.split("```")[1].strip().split("\n")[0]
    assert header.split() == ["#", "Player", "Pts", "W-D-L"]


def test_an_elimination_board_attaches_its_bracket_and_an_edit_replaces_it():
    league = running(Format.ELIMINATION)
    sent = league_message(league, "Anarchy", {})
    edited = league_message(league, "Anarchy", {}, editing=True)
    assert sent["file"].filename == PICTURE_NAME and [file.filename for file in edited["attachments"]] == [PICTURE_NAME]
    assert sent["embed"].image.url == f"attachment://{PICTURE_NAME}"


def test_the_bracket_of_64_is_a_picture_with_every_round():
    league = running(Format.ELIMINATION).league
    names = [f"P{index}" for index in range(PLAYERS)]
    picture = bracket_png(league, names)
    assert len(picture) < UPLOAD
    assert Image.open(io.BytesIO(picture)).size[1] > 64 * 20
    lines = bracket_lines(league, names)
    assert [len(games) for games in lines] == [32, 16, 8, 4, 2, 1]
    assert lines[0][0] == ("P0", "P63", "won", "lost") and lines[1][0] == ("P0", "P31", "", "")
    assert lines[2][0] == ("", "", "", "")  # not paired yet


def test_a_round_length_out_of_range_is_refused_in_words_that_give_the_range():
    refusal = LeagueRefusal(LeagueReason.ROUND_DAYS_OUT_OF_RANGE, least=1, most=14)
    assert league_refusal_text(refusal) == "`round_days:` can be 1 to 14 days."


def test_the_board_shows_when_the_round_ends():
    league = running(Format.SWISS, players=4).with_changes(round_days=2, round_deadline=1_900_000_000)
    text = league_message(league, "Anarchy", {})["embed"].description
    assert "Each round lasts at most 2 days" in text and "Round ends <t:1900000000:R>" in text
