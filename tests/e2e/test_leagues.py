"""Leagues through Discord with the real bot: /league create, the board's buttons, the bot opening each round's
tables in threads, results recorded as tables finish (by a person's play, or by the turn clock running out), the
standings board edited, a player dropped, a restart in the middle, an elimination bracket drawn, and a round whose
deadline passed while the bot was down finished by computers at its start."""

from __future__ import annotations

import pytest
from fakediscord.errors import ScriptError

from bot.discord_ui.league_boards import names_of
from bot.discord_ui.renderers.bracket_picture import PICTURE_NAME, bracket_lines, champion_of
from bot.leagues import Format, standings
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


def thread_of(anthology, channel_id: int):
    return next(thread for thread in anthology.fake.threads(anthology.channel) if thread.id == channel_id)


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
        assert thread_of(anthology, match.channel_id).parent_id == anthology.channel.id
    # Round 1 pairs by seed: alice-bob, cara-dan, and the two computers. Alice and Bob play theirs by hand.
    by_hand = await anthology.bot.host.get(tables[0].match_id)
    assert {player.user_id for player in by_hand.players} == {anthology.alice.id, anthology.bob.id}
    await anthology.anarchy_played_to_the_end(by_hand.id, anthology.board(by_hand.id))
    await settled(anthology)
    finished = await anthology.bot.host.load(by_hand.id)
    rated = await anthology.bot.host.store.rating_changes(by_hand.id)
    assert set(rated) == {anthology.alice.id, anthology.bob.id}  # an ordinary rated game
    league = await league_of(anthology)
    (winner_seat,) = finished.standing.winners
    first_game = league.league.pairing(1, 0)
    assert league.entrants[first_game.winner].user_id == finished.match.at_seat(winner_seat).user_id
    board = anthology.fake.get_message(league.board_message_id)
    assert f"{league.entrants[first_game.winner].name} beat" in board_text(board)  # the board was edited

    await round_played_out(anthology, league.id, 1)
    league = await league_of(anthology)
    assert league.league.round == 2
    await (await anthology.alice.slash(anthology.channel, "league drop", player=anthology.dan)).response()
    await settled(anthology)
    league = await league_of(anthology)
    dan = league.entrant_of(anthology.dan.id)
    assert dan in league.league.dropped
    dans_table = next(
        table
        for table in await anthology.bot.leagues.leagues.store.league_tables(league.id)
        if table.round == 2 and league.league.pairing(2, table.table).has(dan)
    )
    forfeited = await anthology.bot.host.get(dans_table.match_id)
    assert forfeited.status is MatchStatus.FINISHED and forfeited.player(anthology.dan.id).left
    # The bot is down while round 2's clocks run out; at its start, what fell due meanwhile is done.
    await anthology.stop()
    anthology.clock.advance(seconds=CLOCK)
    await anthology.start()
    await settled(anthology)
    status = await (await anthology.bob.slash(anthology.channel, "league status")).response()
    assert status.ephemeral and "Round 2 of 3" in board_text(status)
    await round_played_out(anthology, league.id, 2)
    await round_played_out(anthology, league.id, 3)
    league = await league_of(anthology)
    assert league.status is LeagueStatus.FINISHED
    assert all(pairing.round < 3 for pairing in league.league.pairings if pairing.has(dan))
    winner = names_of(league)[standings(league.league)[0].entrant]
    final = [message for message in anthology.fake.bot_messages(anthology.channel) if "is over" in message.content]
    assert len(final) == 1 and f"**{winner}** wins the league" in board_text(final[0])


async def test_an_elimination_bracket_is_drawn_and_played_to_one_champion(anthology):
    board = await create_league(anthology, "single elimination")
    await joined(anthology, board, anthology.alice, anthology.bob, anthology.cara, computers=2)
    await (await anthology.alice.click(board, "Start")).response()
    await settled(anthology)
    league = await league_of(anthology)
    assert league.league.format is Format.ELIMINATION and league.league.rounds == 3
    # Five players in a bracket of eight: the three best seeds (first to join) have byes, 4 meets 5.
    names = names_of(league)
    assert bracket_lines(league.league, names)[0] == [
        ("alice", "bye", "won", "lost"),
        ("🤖 Bot Ada", "🤖 Bot Bix", "", ""),
        ("bob", "bye", "won", "lost"),
        ("cara", "bye", "won", "lost"),
    ]
    assert len(anthology.fake.threads(anthology.channel)) == 1
    board = anthology.fake.get_message(board.id)
    assert [attachment["filename"] for attachment in board.attachments] == [PICTURE_NAME]
    assert board.embeds[0]["image"]["url"] == f"attachment://{PICTURE_NAME}"
    assert board.files[PICTURE_NAME].startswith(b"\x89PNG")
    for round in (1, 2, 3):
        await round_played_out(anthology, league.id, round)
    league = await league_of(anthology)
    assert league.status is LeagueStatus.FINISHED
    final = league.league.round_pairings(3)
    assert len(final) == 1 and final[0].winner is not None
    champion = names_of(league)[final[0].winner]
    assert champion_of(league.league, names_of(league)) == champion
    unbeaten = [e for e in range(5) if all(p.winner == e for p in league.league.pairings if p.has(e))]
    assert unbeaten == [final[0].winner]
    board = anthology.fake.get_message(board.id)
    assert f"🥇 **{champion}** wins the league." in board_text(board)
    assert [attachment["filename"] for attachment in board.attachments] == [PICTURE_NAME]
    assert len(anthology.fake.threads(anthology.channel)) == 4  # 1 + 2 + 1 tables: byes need none


async def test_bad_league_requests_get_a_clear_private_answer_and_change_nothing(anthology):
    async def answer(handle) -> str:
        reply = await handle.response()
        assert reply.ephemeral
        return reply.content

    assert await answer(await anthology.bob.slash(anthology.channel, "league status")) == (
        "There is no league here. Create one with `/league create`."
    )
    handle = await anthology.alice.slash(
        anthology.channel, "league create", game="anarchy", format="round robin", rounds=3
    )
    assert (await answer(handle)).startswith("Only a Swiss league takes `rounds:`")
    board = await create_league(anthology, "Swiss")
    handle = await anthology.bob.slash(anthology.channel, "league create", game="anarchy", format="Swiss")
    assert (await answer(handle)).startswith("This channel already has a league")
    assert await answer(await anthology.bob.click(board, "Start")) == (
        f"Only the league's organiser (<@{anthology.alice.id}>) can do that."
    )
    assert await answer(await anthology.bob.click(board, "Leave")) == "You have not joined this league."
    assert await answer(await anthology.bob.click(board, "Add a computer")) == (
        f"Only the league's organiser (<@{anthology.alice.id}>) can do that."
    )
    await joined(anthology, board, anthology.bob)
    assert await answer(await anthology.bob.click(board, "Join")) == "You have already joined this league."
    assert await answer(await anthology.alice.click(board, "Start")) == (
        "A league needs at least 2 players; 1 joined so far."
    )
    handle = await anthology.alice.slash(anthology.channel, "league drop", player=anthology.bob)
    assert (await answer(handle)).startswith("This league has not started yet")
    await joined(anthology, board, anthology.cara)
    await (await anthology.alice.click(board, "Start")).response()
    await settled(anthology)
    assert anthology.fake.get_message(board.id).button_labels() == []  # no joining a league that started
    handle = await anthology.bob.slash(anthology.channel, "league drop", player=anthology.cara)
    assert await answer(handle) == f"Only the league's organiser (<@{anthology.alice.id}>) can do that."
    handle = await anthology.alice.slash(anthology.channel, "league drop", player=anthology.gus)
    assert await answer(handle) == "That player is not in this league."
    league = await league_of(anthology)
    assert [entrant.user_id for entrant in league.entrants] == [anthology.bob.id, anthology.cara.id]
    assert not league.league.dropped
    await (await anthology.alice.slash(anthology.channel, "league drop", player=anthology.cara)).response()
    await settled(anthology)
    handle = await anthology.alice.slash(anthology.channel, "league drop", player=anthology.cara)
    assert await answer(handle) in ("That player has already been dropped from this league.", "This league is over.")


async def test_a_round_past_its_deadline_across_a_restart_is_finished_by_computers_and_the_next_opened(anthology):
    board = await create_league(anthology, "Swiss", rounds=2, round_days=1)
    assert "Each round lasts at most 1 day" in board_text(board)
    await joined(anthology, board, anthology.alice, anthology.bob, computers=2)
    await (await anthology.alice.click(board, "Start")).response()
    await settled(anthology)
    league = await league_of(anthology)
    deadline = league.round_deadline
    assert f"Round ends <t:{deadline}:R>" in board_text(anthology.fake.get_message(board.id))
    status = await (await anthology.bob.slash(anthology.channel, "league status")).response()
    assert status.ephemeral and f"<t:{deadline}:R>" in board_text(status)
    tables = await anthology.bot.leagues.leagues.store.league_tables(league.id)
    seated = {table: (await anthology.bot.host.get(table.match_id)).players for table in tables}
    by_hand = {anthology.alice.id, anthology.bob.id}
    people = next(table for table, players in seated.items() if {p.user_id for p in players} == by_hand)
    thread = thread_of(anthology, people.channel_id)
    opening = anthology.fake.bot_messages(thread)[0].content
    assert f"If it is still on when the round ends (<t:{deadline}:R>), computers finish it." in opening
    # Nobody moves; the bot is down when the round's day is over, and meets the deadline once at its start.
    await anthology.stop()
    anthology.clock.advance(days=1, seconds=1)
    await anthology.start()

    def told() -> list:
        return [message for message in anthology.fake.bot_messages(thread) if "deadline" in message.content]

    await anthology.fake.wait_for(told, timeout=60, what="the table told of the deadline")
    await settled(anthology)
    assert told()[0].content == ("⏰ The league round's deadline has passed, so computers played this game to its end.")
    finished = await anthology.bot.host.get(people.match_id)
    assert finished.status is MatchStatus.FINISHED
    assert set(await anthology.bot.host.store.rating_changes(people.match_id)) == {
        anthology.alice.id,
        anthology.bob.id,
    }
    league = await league_of(anthology)
    assert league.league.round == 2 and all(pairing.is_decided for pairing in league.league.round_pairings(1))
    assert league.round_deadline > deadline

    def redrawn() -> bool:
        return "Round 2 of 2" in board_text(anthology.fake.get_message(board.id))

    await anthology.fake.wait_for(redrawn, timeout=30, what="the board redrawn for round 2")
    assert f"Round ends <t:{league.round_deadline}:R>" in board_text(anthology.fake.get_message(board.id))
    assert len(anthology.fake.threads(anthology.channel)) == 4  # round 2's two tables opened
    await anthology.run_timers(60)
    assert len(told()) == 1  # met once


async def test_a_round_length_out_of_range_is_refused_before_it_reaches_the_bot(anthology):
    # The command declares 1 to 14, so Discord itself refuses other values as it is typed (the host refuses them
    # too, worded "`round_days:` can be 1 to 14 days.", should one arrive another way).
    for round_days, refusal in ((0, "below 1"), (15, "above 14")):
        with pytest.raises(ScriptError, match=refusal):
            await anthology.alice.slash(
                anthology.channel, "league create", game="anarchy", format="Swiss", round_days=round_days
            )
    assert await anthology.bot.leagues.leagues.store.league_in_channel(anthology.channel.id) is None
