"""One bot process running two shards against the fake Discord, with a server on each: a game in each server,
each server's clicks reaching the bot on that server's shard, and a click in a direct message (which Discord sends
to shard 0) playing a move in the game of the server on shard 1. Two shards because SHARD_COUNT=2 says so, or
because Discord recommends two when no SHARD_COUNT is set."""

from __future__ import annotations

import pytest
from anthology_driver import choose_first, running_anthology
from support import stored_log


@pytest.mark.parametrize(
    ("shard_count", "recommended", "asked_discord"), [(2, 1, False), (None, 2, True)], ids=["set", "recommended"]
)
async def test_one_process_runs_two_shards_with_a_game_on_each_and_a_direct_message_click_crossing_them(
    tmp_path, clock, shard_count, recommended, asked_discord
):
    async with running_anthology(tmp_path, clock, shard_count=shard_count, recommended_shards=recommended) as anthology:
        bot, fake = anthology.bot, anthology.fake
        first, second = anthology.guilds
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1] and bot.is_ready()
        assert {guild.id: guild.shard_id for guild in bot.guilds} == {first.id: 0, second.id: 1}
        assert fake.calls["GET /gateway/bot"] == asked_discord

        tables = {}
        for guild, players in ((first, (anthology.alice, anthology.bob)), (second, (anthology.cara, anthology.dan))):
            channel = guild.text_channel("games")
            board = await anthology.started_game(*players, channel=channel)
            tables[guild.id] = (channel, board, await anthology.match_here(channel))

        for guild, shard in ((first, 0), (second, 1)):
            _, board, match = tables[guild.id]
            player = await anthology.actor(match.id)
            asked = await player.click(board, "My hand")
            assert (await asked.response()).ephemeral and asked.shards == [shard]

        channel, board, match = tables[second.id]
        player = await anthology.actor(match.id)
        turn_panel = player.dms()[-1]
        shown_before = len(board.versions)
        played = await choose_first(player, turn_panel)
        await played.response()
        await anthology.settled()
        assert played.shards == [0], "a direct message's click goes to shard 0"
        moved = await anthology.bot.host.get(match.id)
        assert moved.version == match.version + 1 and moved.board_version == moved.version
        assert [entry.user_id for entry in stored_log(anthology.settings.database_path, match.id)] == [player.id]
        assert len(board.versions) > shown_before, "the board in the server on shard 1 shows the move"
