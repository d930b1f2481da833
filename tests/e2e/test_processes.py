"""Two real bot processes on one PostgreSQL database, each holding one shard of the fake Discord (SHARD_COUNT=2; the
first runs shard 0, the second shard 1), as a bot past one process runs.

Every process can act on any match, because matches live only in the database: `change_match` locks the match's row,
so a change waits for another process's change of the same match, and a deadline is claimed by deleting its row, so
whichever process gets there first fires it, once. The test plays games in two servers, one on each shard; a click
in a direct message (which Discord sends to shard 0, so to the first process) plays a move in the second process's
server (and /my-games there names that server); turn reminders fall due while both processes race for them (each
player is reminded once per reminder); then the second process is killed with SIGKILL in the middle of a live Anomia
game, and the first fires its timers (its computers flip and answer), reminds its players, and serves its server
through direct messages. Checked against the database and the channels: every action logged once and in order, and
every line the logged changes call for said once (a timer fired twice would say its computer's answer twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

from anthology_driver import choose_first, offers_pin
from bot_process import BotProcess
from databases import PostgresDatabase
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, ScriptedUser
from fakediscord.gateway import shard_of
from support import GAMES, FakeClock, make_host

from bot.matches import DeadlineKind, MatchHost, MatchStatus, Snapshot

ANOMIA_OPTIONS = "computer_players=2 timing=live judging=lists computer_pace=quick"
"""A game that runs on its timers: two computers flip and answer within seconds, and a listed answer wins at once."""
MARGIN = timedelta(seconds=0.4)
"""How far off the soonest timer must be when the process is killed, so it cannot have fired it first."""
SOON = timedelta(seconds=5)
"""A timer due within this is a computer's flip, answer or vote, not a stuck face-off's reminder (a minute off)."""
NO_LISTED_ANSWER = "xyzzy"
"""An answer no category lists: under `lists` judging the other players vote on it."""
LOOKS_AGAIN = timedelta(seconds=1.2)
"""Longer than a process's longest sleep on a shared database (one second): by then every process has looked."""
HALF_A_DAY, AN_HOUR_TO_GO = timedelta(hours=12, minutes=1), timedelta(hours=23, minutes=1)
"""How old a turn on a day's clock is just after its first reminder is due, and just after its second."""


async def until(check: Callable[[], Awaitable[object]], what: str, timeout: float = 15) -> object:
    """Poll an async check until it holds; TimeoutError naming `what` after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (found := await check()):
        if time.monotonic() > deadline:
            raise TimeoutError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)
    return found


async def open_and_start(opener: ScriptedUser, channel: FakeChannel, game: str, *joiners, options="") -> FakeMessage:
    """/play, Join and Start, each answered by the process whose shard hears the channel's server."""
    played = await opener.slash(channel, "play", game=game, thread=False, options=options)
    board = await played.response()
    for joiner in joiners:
        await (await joiner.click(board, "Join")).response()
    started = await opener.click(board, "Start")
    await started.response()
    assert played.shards == started.shards == [shard_of(channel.guild_id, 2)], "the server's own shard answered"
    return board


def reminders(user: ScriptedUser, channel: FakeChannel) -> list[FakeMessage]:
    return [dm for dm in user.dms() if dm.content.startswith("⏰") and str(channel.id) in dm.content]


class Tables:
    """The shared database as the test sees it: through a host of its own, as a third process would."""

    def __init__(self, host: MatchHost, database: PostgresDatabase) -> None:
        self.host = host
        self.database = database

    async def in_channel(self, channel: FakeChannel) -> int:
        return (await self.host.table_in_channel(channel.id)).match.id

    async def actor(self, match_id: int) -> int:
        snapshot = await self.host.load(match_id)
        return snapshot.match.at_seat(min(snapshot.actors)).user_id

    async def shown(self, match_id: int) -> bool:
        """The board shows the match as it stands."""
        match = (await self.host.load(match_id)).match
        return match.board_version == match.version

    async def overdue(self, late: timedelta) -> list:
        """Deadlines of any match due more than `late` ago."""
        return await self.database.fetch("SELECT * FROM deadlines WHERE due_at < ?", datetime.now(UTC) - late)

    async def versions(self, match_id: int) -> list[int]:
        return [entry.version for entry in await self.database.stored_log(match_id)]

    async def remind_now(self, match_id: int, turn_began_ago: timedelta) -> None:
        """Make the turn look `turn_began_ago` old, its deadline due now (a day's turn clock reminds at half of it
        and an hour before it runs out)."""
        async with self.database.connection() as connection:
            await connection.execute(
                "UPDATE matches SET updated_at = $1 WHERE id = $2", datetime.now(UTC) - turn_began_ago, match_id
            )
            moved = await connection.execute(
                "UPDATE deadlines SET due_at = $1 WHERE match_id = $2 AND kind = $3",
                datetime.now(UTC),
                match_id,
                DeadlineKind.TURN.value,
            )
        assert moved == "UPDATE 1"


async def turn_panel(player: ScriptedUser, fake: FakeDiscord, snapshot: Snapshot) -> FakeMessage:
    """The private panel DMed to the player for this state of the match (its controls name the match and pin what
    they show)."""
    match = snapshot.match
    pin = snapshot.pin(match.player(player.id).seat)
    return await fake.wait_for(
        lambda: next((dm for dm in reversed(player.dms()) if offers_pin(dm, match.id, pin)), None),
        what=f"the turn panel of version {match.version}",
    )


async def play_from_direct_message(player: ScriptedUser, fake: FakeDiscord, tables: Tables, match_id: int) -> None:
    """The player plays a move from the private panel DMed to them for it: the click goes to shard 0, whichever
    process's server the game is in. Returns once the move is stored and the board shows it."""
    snapshot = await tables.host.load(match_id)
    version = snapshot.match.version
    clicked = await choose_first(player, await turn_panel(player, fake, snapshot))
    await clicked.response()
    assert clicked.shards == [0]
    await until(lambda: tables.shown(match_id), "the board to show the move from the direct message")
    (logged,) = [entry for entry in await tables.database.stored_log(match_id) if entry.version == version + 1]
    assert logged.user_id == player.id


async def one_move_clicked_in_both_processes_at_once(
    player: ScriptedUser, fake: FakeDiscord, tables: Tables, match_id: int
) -> None:
    """The same move picked at the same moment from the player's DM panel (shard 0: the first process) and from
    the board's private panel (the second process's server): the second change to reach the match's row waits for
    the first to commit (or comes after it), then finds the game moved on. One move is made; the other click is
    told its panel is out of date."""
    snapshot = await tables.host.load(match_id)
    match = snapshot.match
    board = fake.get_message(match.board_message_id)
    in_direct_message = await turn_panel(player, fake, snapshot)
    on_the_board = await (await player.click(board, "My hand")).response()
    before = await tables.versions(match_id)
    clicks = await asyncio.gather(choose_first(player, in_direct_message), choose_first(player, on_the_board))
    replies = [await click.response() for click in clicks]
    assert [click.shards for click in clicks] == [[0], [1]]
    assert sum("out of date" in (reply.content or "") for reply in replies) == 1, [r.content for r in replies]
    await until(lambda: tables.shown(match_id), "the board to show the move")
    assert await tables.versions(match_id) == [*before, before[-1] + 1]


async def kill_with_a_timer_pending(
    victim: BotProcess, tables: Tables, anomia_id: int, person: ScriptedUser, board: FakeMessage
) -> int:
    """Kill the process once the game waits on a timer soon due, but far enough off that it cannot have fired it.
    When the game waits on the person instead, they act in the victim's server: they flip (their turn clock and
    reminders are a day off), or, in a face-off whose computer knows no answer (it would wait a minute for its
    reminder), they answer something no list holds, which the computers then vote on. Returns the match's version
    at the kill."""
    answered_at: set[int] = set()

    async def timer_pending() -> bool:
        snapshot = await tables.host.load(anomia_id)
        now = datetime.now(UTC)
        deadlines = await tables.host.store.deadlines_of(anomia_id)
        timers = [each.due_at - now for each in deadlines if each.kind is DeadlineKind.GAME_TIMER]
        if MARGIN <= min(timers, default=SOON) < SOON:
            return True
        waits_on_the_person = snapshot.match.player(person.id).seat in snapshot.actors
        if not waits_on_the_person or not await tables.shown(anomia_id):
            return False
        if "Flip left" in board.button_labels():
            await (await person.click(board, "Flip left")).response()
        elif snapshot.match.version not in answered_at:
            answered_at.add(snapshot.match.version)
            await person.say(person.fake.get_channel(board.channel_id), NO_LISTED_ANSWER)
        return False

    # Rarely the game waits on a face-off between two computers that know no answer: then the soon timer is its
    # reminder, a minute off, so this may wait that long rather than fail.
    await until(timer_pending, "a timer to be pending", timeout=75)
    await victim.kill()
    return (await tables.host.load(anomia_id)).match.version


def said_in(fake: FakeDiscord, channel: FakeChannel, board: FakeMessage) -> list[str]:
    return [message.content for message in fake.bot_messages(channel) if message.id != board.id]


async def announcements_called_for(tables: Tables, match_id: int) -> list[str]:
    """Every line the logged changes of an Anomia match call for, in order: once each."""
    match = (await tables.host.load(match_id)).match
    renderer, rules = GAMES[match.game].renderer, GAMES[match.game].rules
    lines = []
    for _, events in await tables.host.store.logged_events(match_id, 0):
        said = renderer.announcements(match, [rules.decode_event(event) for event in events])
        lines += [announcement.content for announcement in said if announcement.react_to is None]
    return lines


async def test_two_processes_on_one_postgresql_share_the_shards_and_one_keeps_the_others_timers(
    postgres_server, tmp_path: Path
):
    url = await postgres_server.new_database()
    database = PostgresDatabase(url)
    async with FakeDiscord() as fake:
        zero, one = fake.create_guild("Zero", shard=(0, 2)), fake.create_guild("One", shard=(1, 2))
        zero_games, one_games, anomia = (
            zero.create_text_channel("games"),
            one.create_text_channel("games"),
            one.create_text_channel("anomia"),
        )
        ann, ben = zero.add_member("ann"), zero.add_member("ben")
        cara, dan, eve = one.add_member("cara"), one.add_member("dan"), one.add_member("eve")
        players = {user.id: user for user in (ann, ben, cara, dan, eve)}
        first = BotProcess(fake, DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS="0")
        second = BotProcess(fake, DATABASE_URL=url, SHARD_COUNT="2", SHARD_IDS="1")
        logs = {process: tmp_path / f"shard-{process.shard_ids[0]}.log" for process in (first, second)}
        store = await database.open()
        tables = Tables(make_host(store, FakeClock()), database)
        try:
            await asyncio.gather(
                first.start(zero_games, ann, stderr=logs[first]), second.start(one_games, cara, stderr=logs[second])
            )
            assert sorted(fake.gateway.live) == [0, 1]

            # A game in each server, each started by the process of its server's shard.
            zero_board = await open_and_start(ann, zero_games, "anarchy", ben)
            await open_and_start(cara, one_games, "anarchy", dan)
            anomia_board = await open_and_start(eve, anomia, "anomia", options=ANOMIA_OPTIONS)
            zero_id, one_id, anomia_id = [
                await tables.in_channel(channel) for channel in (zero_games, one_games, anomia)
            ]

            # A move in the first server, on its board; one in the second, from a direct message: shard 0's.
            hand = await (await players[await tables.actor(zero_id)].click(zero_board, "My hand")).response()
            await (await choose_first(players[await tables.actor(zero_id)], hand)).response()
            await play_from_direct_message(players[await tables.actor(one_id)], fake, tables, one_id)
            # /my-games in a direct message (shard 0's process) names the server the other process serves.
            listed = await (await dan.slash(fake.dm_channel(dan), "my-games")).response()
            assert listed.embeds[0]["fields"][0]["value"].startswith(f"One, <#{one_games.id}>")
            await one_move_clicked_in_both_processes_at_once(players[await tables.actor(one_id)], fake, tables, one_id)

            # Both games' reminders fall due while both processes look for due deadlines: each fires once.
            waiting = {zero_games: players[await tables.actor(zero_id)], one_games: players[await tables.actor(one_id)]}
            for count, turn_began_ago in enumerate((HALF_A_DAY, AN_HOUR_TO_GO), start=1):
                for match_id in (zero_id, one_id):
                    await tables.remind_now(match_id, turn_began_ago)
                await fake.wait_for(
                    lambda count=count: all(len(reminders(user, channel)) == count for channel, user in waiting.items())
                )

            # The second process dies with a timer of its server's Anomia game pending; the first fires it, and
            # reminds the second's players too.
            killed_at = await kill_with_a_timer_pending(second, tables, anomia_id, eve, anomia_board)
            await play_from_direct_message(waiting[one_games], fake, tables, one_id)
            reminded = players[await tables.actor(one_id)]
            await tables.remind_now(one_id, HALF_A_DAY)

            async def fired_and_shown() -> bool:
                moved = (await tables.host.load(anomia_id)).match.version > killed_at
                return moved and await tables.shown(anomia_id) and not await tables.overdue(LOOKS_AGAIN)

            await until(fired_and_shown, "the surviving process to fire the killed one's timer and show it")
            await fake.wait_for(lambda: reminders(reminded, one_games), what="the surviving process to remind")

            # The first server goes on as ever.
            hand = await (await players[await tables.actor(zero_id)].click(zero_board, "My hand")).response()
            await (await choose_first(players[await tables.actor(zero_id)], hand)).response()
            await until(lambda: tables.shown(zero_id), "the first server's board to show its second move")

            assert [len(reminders(user, channel)) for channel, user in waiting.items()] == [2, 2], "each once"
            assert reminded is not waiting[one_games] and len(reminders(reminded, one_games)) == 1
            for match_id in (zero_id, one_id, anomia_id):
                versions = await tables.versions(match_id)
                assert versions == list(range(versions[0], versions[0] + len(versions))), "no gap, nothing twice"
            assert (len(await tables.versions(zero_id)), len(await tables.versions(one_id))) == (2, 3)
            assert (await tables.host.load(anomia_id)).match.status is MatchStatus.PLAYING
            called_for = await announcements_called_for(tables, anomia_id)
            with contextlib.suppress(TimeoutError):  # the lines of the last change may still be on their way
                await fake.wait_for(lambda: said_in(fake, anomia, anomia_board) == called_for, 5)
            assert said_in(fake, anomia, anomia_board) == called_for, "every line said once, in order"
            assert await first.stop() == 0
        finally:
            await store.close()
            await first.end()
            await second.end()
        survivor_log = logs[first].read_text()
        assert "Traceback" not in survivor_log and " ERROR " not in survivor_log, survivor_log
        fake.assert_clean()
