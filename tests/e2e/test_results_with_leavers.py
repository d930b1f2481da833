"""Results with players who left (ruling S1), through Discord, in whole games: when the computer playing a left
seat finishes first, the player who stayed wins, and the winner line, the final standings, /stats, /history, the
ratings and the leaderboard all say so."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from anthology_driver import Anthology
from e2e.test_not_another_word import started_table
from support import store_finished_game, stored_result

from bot.discord_ui.standings import rating_number, rating_text
from bot.discord_ui.wording import counted
from bot.matches import MatchStatus, RatingChange

EARLIER = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
PASSED_OVER = (
    "The computer playing bob's seat finished first, but a player who leaves is placed after everyone who stayed. "
    "🏆 <@{alice}> won."
)


def fields(message) -> dict[str, str]:
    return {field["name"]: field["value"] for field in message.embeds[0].get("fields", [])}


async def the_game_put_bob_first(anthology: Anthology, match_id: int) -> None:
    """The game's own result (before the rule for leavers) has bob's seat first: the case under test."""
    snapshot = await anthology.bot.host.load(match_id)
    bob_seat = snapshot.match.player(anthology.bob.id).seat
    assert snapshot.outcome.winners == (bob_seat,), "this deal should let the computer in bob's seat win"


async def everything_says_alice_won(anthology: Anthology, match_id: int) -> dict[int, RatingChange]:
    """The winner line on the board and in the channel, the final standings, the stored result with its ratings,
    and /history agree: alice, who stayed, won; bob, who left, is placed after her, whatever his seat did."""
    alice, bob = anthology.alice, anthology.bob
    said = PASSED_OVER.format(alice=alice.id)
    assert fields(anthology.board(match_id))["Game over"] == said
    assert anthology.said_last().content == said

    snapshot = await anthology.bot.host.load(match_id)
    cards_left = [counted(size, "card") + " left" for size in snapshot.public_view.hand_sizes]
    alice_seat, bob_seat = (snapshot.match.player(user.id).seat for user in (alice, bob))
    lines, changes = await anthology.final_standings(match_id)
    assert lines == [
        f"1. <@{alice.id}> — {cards_left[alice_seat]} · {rating_text(changes[alice.id])}",
        f"2. <@{bob.id}> — {cards_left[bob_seat]} · left the game · {rating_text(changes[bob.id])}",
    ]
    assert changes[alice.id].change > 0 > changes[bob.id].change

    result = stored_result(anthology.settings.database_path, match_id)
    assert result.winners == (alice.id,) and result.placings == {alice.id: 1, bob.id: 2} and result.left == (bob.id,)
    history = await (await bob.slash(anthology.channel, "history")).response()
    (listed,) = [line for line in history.embeds[0]["description"].split("\n") if f" #{match_id} " in line]
    assert f"🏆 <@{alice.id}> ·" in listed and f"<@{bob.id}>" not in listed
    return changes


async def test_anarchy_a_leavers_computer_going_out_first_wins_the_game_for_the_player_who_stayed(anthology):
    alice, bob = anthology.alice, anthology.bob
    store, guild = anthology.bot.store, anthology.guild.id
    for hour, places in enumerate([{alice.id: 1, bob.id: 2}, {bob.id: 1, alice.id: 2}]):
        await store_finished_game(store, guild, places, at=EARLIER + timedelta(hours=hour))
    board = await anthology.started_game(alice, bob, options="voluntary_draw=on")
    match = await anthology.match_here()
    await anthology.leave_running_game(bob)

    for _ in range(400):  # alice draws whenever she may; the computer in bob's seat sheds its cards
        snapshot = await anthology.bot.host.load(match.id)
        if snapshot.match.status is MatchStatus.FINISHED:
            break
        if snapshot.match.at_seat(min(snapshot.actors)).user_id == bob.id:
            await anthology.run_timers(5)
            continue
        panel = await anthology.hand_panel(alice, board)
        if "Draw" in panel.button_labels():
            await (await alice.click(panel, "Draw")).response()
            await anthology.settled()
        else:
            await anthology.take_turn(alice, panel)
    else:
        raise AssertionError("the game did not end")
    await the_game_put_bob_first(anthology, match.id)
    changes = await everything_says_alice_won(anthology, match.id)

    mine = await (await alice.slash(anthology.channel, "stats", game="anarchy")).response()
    assert mine.embeds[0]["description"] == f"<@{alice.id}>: 3 games, 2 wins (67%)"
    theirs = await (await alice.slash(anthology.channel, "stats", player=bob, game="anarchy")).response()
    assert theirs.embeds[0]["description"] == f"<@{bob.id}>: 3 games, 1 win (33%)"
    leaderboard = await (await bob.slash(anthology.channel, "leaderboard", game="anarchy")).response()
    assert leaderboard.embeds[0]["description"].split("\n") == [
        f"**1.** <@{alice.id}> — {rating_number(changes[alice.id].after)} (3 games, 2 wins (67%))",
        f"**2.** <@{bob.id}> — {rating_number(changes[bob.id].after)} (3 games, 1 win (33%))",
    ]


async def test_not_another_word_a_leavers_computer_finishing_first_is_placed_after_the_player_who_stayed(anthology):
    alice, bob = anthology.alice, anthology.bob
    table = await started_table(anthology, alice, bob)
    await anthology.leave_running_game(bob)
    for _ in range(400):  # alice only exchanges a card; the computer in bob's seat makes words
        state = await table.state()
        if state.result is not None:
            break
        if (await table.to_act()) is bob:
            await anthology.run_timers(5)
        else:
            await table.exchange_from_panel(alice, 1)
    else:
        raise AssertionError("the game did not end")
    await the_game_put_bob_first(anthology, table.match_id)
    await everything_says_alice_won(anthology, table.match_id)
    mine = await (await alice.slash(anthology.channel, "stats")).response()
    assert (
        mine.embeds[0]["description"] == f"<@{alice.id}>: 1 game, 1 win (100%) · favourite game: **Not Another Word**"
    )
    theirs = await (await alice.slash(anthology.channel, "stats", player=bob)).response()
    assert theirs.embeds[0]["description"].startswith(f"<@{bob.id}>: 1 game, 0 wins (0%)")
