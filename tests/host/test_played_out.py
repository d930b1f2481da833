"""A game played to its end by computers at once (`MatchHost.play_out`, what a league table past its round's deadline
comes to), for every game leagues offer, on both engines: it ends, with a rated result, whoever sat at it."""

from __future__ import annotations

import pytest
from support import RULES

from bot.matches import MatchHost, MatchStatus
from bot.matches.leagues import offered

ALICE, BOB = 101, 102
LEAGUE_GAMES = [key for key, rules in RULES.items() if offered(rules)]


@pytest.mark.parametrize("game", LEAGUE_GAMES)
async def test_a_game_of_two_people_is_played_to_its_end_by_computers(host: MatchHost, store, game):
    match = await host.open_table(guild_id=1, channel_id=7000, game=game, opener_id=ALICE, opener_name="alice")
    await host.join(match.id, BOB, "bob")
    await host.start(match.id, ALICE)
    played = await host.play_out(match.id)
    assert played is not None and played.snapshot.match.status is MatchStatus.FINISHED
    assert (await host.get(match.id)).status is MatchStatus.FINISHED
    assert set(await store.rating_changes(match.id)) == {ALICE, BOB}
    assert await host.play_out(match.id) is None  # nothing left to play


async def test_a_game_that_is_not_running_is_left_as_it_is(host: MatchHost):
    match = await host.open_table(guild_id=1, channel_id=7001, game="anarchy", opener_id=ALICE, opener_name="alice")
    assert await host.play_out(match.id) is None
    assert (await host.get(match.id)).status is MatchStatus.LOBBY
