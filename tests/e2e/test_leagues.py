"""Leagues through Discord with the real bot: /league create, the board's buttons, the bot opening each round's
tables in threads, results recorded as tables finish (by a person's play, or by the turn clock running out), the
standings board edited, a player dropped, a restart in the middle, and an elimination bracket drawn."""

from __future__ import annotations

from bot.discord_ui.league_boards import names_of
from bot.leagues import standings
from bot.matches import MatchStatus
from bot.matches.league_records import LeagueStatus

CLOCK = 600
"""The leagues here use the 10-minute clock: a table left alone moves on each time the test lets it run out."""


async def create_league(anthology, format: str, **options):
    handle = await anthology.alice.slash(
        anthology.channel, "league create", game="anarchy", format=format, clock=CLOCK, **options
    )
    board = await handle.response()
    await anthology.settled()
    return board


async def league_of(anthology):
    return await anthology.bot.leagues.leagues.in_channel(anthology.channel.id)


async def settled(anthology):
    await anthology.settled()
    await anthology.bot.leagues.idle()
    await anthology.settled()


async def joined(anthology, board, *players, computers=0):
    for player in players:
        await (await player.click(board, "Join")).response()
    for _ in range(computers):
        await (await anthology.alice.click(board, "Add a computer")).response()
    await anthology.settled()


async def round_played_out(anthology, league_id: int, round: int) -> None:
    """Let the tables of `round` run on their clocks (a computer moves for whoever lets theirs run out) until the
    league has moved past it."""
    for _ in range(800):
        league = await anthology.bot.leagues.leagues.get(league_id)
        if league.status is LeagueStatus.FINISHED or league.league.round > round:
            return
        await anthology.run_timers(CLOCK)
        await settled(anthology)
    raise AssertionError(f"round {round} did not end")


def board_text(message) -> str:
    embed = message.embeds[0]
    return "\n".join([embed.get("description", "")] + [field["value"] for field in embed.get("fields", [])])


async def test_a_swiss_league_of_six_runs_to_its_end_with_a_drop_and_a_restart(anthology):
    board = await create_league(anthology, "Swiss", rounds=3)
    assert "League #1: Anarchy, Swiss" in board.embeds[0]["title"]
    await joined(anthology, board, anthology.alice, anthology.bob, anthology.cara, anthology.dan, computers=2)
    board = anthology.fake.get_message(board.id)
    assert "Players (6)" in board_text(board)
    await (await anthology.alice.click(board, "Start")).response()
    await settled(anthology)
    league = await league_of(anthology)
    assert league.status is LeagueStatus.RUNNING and league.league.round == 1
    threads = anthology.fake.threads(anthology.channel)
    assert len(threads) == 3
    tables = await anthology.bot.leagues.leagues.store.league_tables(league.id)
    assert len(tables) == 3
    for table in tables:
        match = await anthology.bot.host.get(table.match_id)
        assert match.status is MatchStatus.PLAYING and match.clock_seconds == CLOCK

    await round_played_out(anthology, league.id, 1)
    league = await league_of(anthology)
    assert league.league.round == 2
    await (await anthology.alice.slash(anthology.channel, "league drop", player=anthology.dan)).response()
    await settled(anthology)
    league = await league_of(anthology)
    dan = league.entrant_of(anthology.dan.id)
    assert dan in league.league.dropped
    await anthology.restart()
    await settled(anthology)
    await round_played_out(anthology, league.id, 2)
    await round_played_out(anthology, league.id, 3)
    league = await league_of(anthology)
    assert league.status is LeagueStatus.FINISHED
    assert all(pairing.round < 3 for pairing in league.league.pairings if pairing.has(dan))
    winner = names_of(league)[standings(league.league)[0].entrant]
    final = [message for message in anthology.fake.bot_messages(anthology.channel) if "is over" in message.content]
    assert len(final) == 1 and f"**{winner}** wins the league" in board_text(final[0])
