"""Turn clocks through Discord: /play's clock, the board's time left as a Discord timestamp, a computer's move
when a clock runs out (said in the channel and marked on the board), the seat handed to the computer after three
in a row and taken back by a move of the player's own, and a running clock kept across a restart."""

from __future__ import annotations

import re

from support import stored_log

CLOCK_LINE = re.compile(r"⏳ <@(\d+)>: <t:(\d+):R>")


def clock_field(board) -> str:
    return next(field["value"] for field in board.embeds[0]["fields"] if field["name"] == "Turn clock")


async def started(anthology, clock: str = "10m"):
    alice, bob = anthology.alice, anthology.bob
    board = await anthology.open_table(alice, clock=clock)
    await (await bob.click(board, "Join")).response()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    return board, await anthology.match_here()


async def test_the_board_shows_the_time_left_and_a_computer_moves_when_it_runs_out(anthology):
    board, match = await started(anthology)
    waiting = await anthology.actor(match.id)
    (user_id, due), *_ = CLOCK_LINE.findall(clock_field(board))
    started_at = (await anthology.bot.host.get(match.id)).updated_at
    assert int(user_id) == waiting.id and int(due) == int(started_at.timestamp()) + 600

    await anthology.run_timers(600)
    said = anthology.fake.channel_messages(anthology.channel)[-1].content
    assert said == f"⏱️ {waiting.name}'s turn clock ran out, so a computer made their move."
    (entry,) = stored_log(anthology.settings.database_path, match.id)
    assert entry.user_id == waiting.id
    assert f"⏱️ {waiting.name}'s clock ran out, so a computer moved for them (1 in a row)." in clock_field(board)


async def test_three_in_a_row_hand_the_seat_to_a_computer_until_the_player_moves_again(anthology):
    board, match = await started(anthology)
    for _ in range(6):
        await anthology.run_timers(600)
    said = [message.content for message in anthology.fake.channel_messages(anthology.channel)]
    assert any("After 3 in a row, a computer plays for them until they make a move of their own." in line
               for line in said)  # fmt: skip
    board = anthology.board(match.id)  # an hour of clocks: the board was posted afresh at the bottom
    assert "🤖 A computer plays for" in clock_field(board)
    back = await anthology.actor(match.id)
    await anthology.take_turn(back, await anthology.hand_panel(back, board))
    player = (await anthology.bot.host.get(match.id)).player(back.id)
    assert not player.computer_plays and player.stood_in == 0


async def test_a_running_clock_keeps_its_deadline_across_a_restart(anthology):
    _, match = await started(anthology, clock="1h")
    waiting = await anthology.actor(match.id)
    await anthology.run_timers(1800)
    await anthology.restart()
    await anthology.run_timers(1799)
    assert stored_log(anthology.settings.database_path, match.id) == []
    await anthology.run_timers(1)
    (entry,) = stored_log(anthology.settings.database_path, match.id)
    assert entry.user_id == waiting.id


async def test_a_table_without_a_clock_shows_none(anthology):
    board, _ = await started(anthology, clock="none")
    assert "Turn clock" not in [field["name"] for field in board.embeds[0]["fields"]]


async def test_the_time_left_counts_only_outside_the_players_away_hours(anthology):
    for player in (anthology.alice, anthology.bob):  # the bot's clock reads 12:00 UTC here
        await (await player.slash(anthology.channel, "settings", timezone="UTC", away="12:05-13:00")).response()
    board, match = await started(anthology)
    started_at = (await anthology.bot.host.get(match.id)).updated_at
    (waiting, due), *_ = CLOCK_LINE.findall(clock_field(board))
    assert started_at.hour == 12 and started_at.minute < 5
    assert int(due) == int(started_at.timestamp()) + 600 + 55 * 60, "five minutes, the away hour, five more"
    assert clock_field(board) == f"⏳ <@{waiting}>: <t:{due}:R> (it stops in their away hours)"


async def test_the_board_mentions_away_hours_only_for_a_player_who_set_them(anthology):
    board, match = await started(anthology)
    waiting = await anthology.actor(match.id)
    (_, due), *_ = CLOCK_LINE.findall(clock_field(board))
    assert clock_field(board) == f"⏳ <@{waiting.id}>: <t:{due}:R>"
