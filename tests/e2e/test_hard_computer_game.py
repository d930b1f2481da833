"""A table with hard computers, through Discord: the opener picks the level from the lobby's menu (with its help
line), and a person plays a whole game of Anarchy against a hard computer that thinks off the bot's loop."""

from __future__ import annotations

from support import stored_log

from bot.matches.host import decode_state


async def test_a_whole_game_against_a_hard_computer_chosen_from_the_lobby_menu(anthology):
    alice = anthology.alice
    board = await anthology.open_table(alice, options="computer_players=1")
    assert "Computer level: normal (now)" in board.select_options()
    help_lines = str(board.components)
    assert "hard (thinks a few moves ahead)" in help_lines
    await (await alice.select(board, "Computer level: hard")).response()
    assert "Computer level: hard (now)" in board.select_options()
    await (await alice.click(board, "Start")).response()
    await anthology.settled()
    match = await anthology.match_here()
    rules = anthology.bot.games["anarchy"].rules
    assert decode_state(rules, match).options.computer_level == "hard"
    await anthology.anarchy_played_to_the_end(match.id, board)
    assert {entry.seat for entry in stored_log(anthology.settings.database_path, match.id)} == {0, 1}
    assert "Game over" in [field["name"] for field in board.embeds[0]["fields"]]
