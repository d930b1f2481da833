"""The end-to-end driver: the real bot, started through `bot.app.run` (the same composition root as
`python -m bot`), against the fake Discord server in tests/fakediscord, with a fresh database per test.

`Anthology` is a small driver a test uses the way players and operators would: it can start and stop the bot
(a restart keeps the database), and it has helpers for common steps (open a table, play a turn).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from fakediscord import FakeDiscord, FakeMessage, InteractionHandle, ScriptedUser, prepare_bot
from fakediscord.harness import ErrorLog
from support import FakeClock

from bot.app import AnthologyBot, run
from bot.config import Settings
from bot.discord_ui.standings import rating_text
from bot.discord_ui.wording import mention
from bot.engine import Outcome
from bot.matches import Match, MatchStatus, RatingChange
from bot.matches.standing import standing

AUTOCOMPLETE = 4
"""Discord's interaction type for an autocomplete request."""
DEFERRED_WITH_MESSAGE = 5
"""Discord's callback type for an interaction answered "thinking", its message to follow."""
PLAYER_NAMES = ("alice", "bob", "cara", "dan", "erin", "finn", "gus")
# Tests play far faster than people; the real interval (one edit a second) is tested on its own.
TEST_BOARD_EDIT_INTERVAL = 0.01
TEST_RETRY_DELAYS = (0.05,)
"""Refused edits, DMs and announcements are tried again at once in tests (the bot waits seconds, then minutes)."""
DISCORD_HANDLER_TASKS = ("discord.py: ", "discord-ui-view-dispatch", "discord-ui-dynamic-item", "CommandTree-invoker")
"""The names discord.py gives the tasks that run an event's or an interaction's handler."""


def expected_standings(
    match: Match, outcome: Outcome, changes: dict[int, RatingChange], detail: Callable[[int], str]
) -> list[str]:
    """The "Final standings" lines a finished board shows: place by place, players who left last, each player (a
    computer by its name) with what the game says of their seat, and a person's rating change."""
    lines = []
    for place, group in standing(match, outcome).ranking:
        for seat in group:
            player = match.at_seat(seat)
            notes = [detail(seat), "left the game" if player.left else ""]
            if not player.is_computer:
                notes.append(rating_text(changes[player.user_id]))
            lines.append(f"{place}. {mention(player)} — " + " · ".join(note for note in notes if note))
    return lines


def offers_pin(message: FakeMessage, match_id: int, pin: str) -> bool:
    """Whether a panel's or board's controls are pinned to what a snapshot of the match shows (`Snapshot.pin`:
    their custom_ids name the match and the pin)."""
    pinned = f":{match_id}:{pin}:"
    return any(pinned in component.get("custom_id", "") for component in message.all_components())


async def choose_first(player: ScriptedUser, panel: FakeMessage) -> InteractionHandle:
    """Pick the first card a private panel offers, else press its first button."""
    if panel.selects():
        return await player.select(panel, panel.select_options()[0])
    return await player.click(panel, panel.button_labels()[0])


class Anthology:
    """The bot under test, its world and its players."""

    def __init__(
        self, fake: FakeDiscord, database_path: Path, clock: FakeClock, shard_count: int | None = None
    ) -> None:
        self.fake = fake
        self.clock = clock
        # Turn notices go at once, as tests wait for them; the delay is tested on its own.
        self.settings = Settings(
            token=fake.token, database_path=database_path, shard_count=shard_count, turn_notice_delay=0
        )
        shards = shard_count or fake.recommended_shards  # the bot runs as many as Discord recommends when not told
        self.guild = fake.create_guild("Game Night", shard=(0, shards) if shards > 1 else None)
        self.channel = self.guild.create_text_channel("games")
        self.users: dict[str, ScriptedUser] = {name: self.guild.add_member(name) for name in PLAYER_NAMES}
        self.guilds = [self.guild]
        """One server on each shard (with a #games channel and the same players), the first `guild`."""
        for shard in range(1, shards):
            guild = fake.create_guild(f"Game Night {shard}", shard=(shard, shards))
            guild.create_text_channel("games")
            for user in self.users.values():
                guild.add_member(user)
            self.guilds.append(guild)
        self.bots: list[AnthologyBot] = []
        self.next_seed = 7
        """The seed the next table is dealt from: tests pick one that deals the situation they need."""
        self.errors = ErrorLog()
        self._task: asyncio.Task[None] | None = None
        self.holds_time_zones = False
        """Whether a test holds back the time zone index the bot builds as it starts: `start` must not wait for it."""

    def __getattr__(self, name: str) -> ScriptedUser:
        users = self.__dict__.get("users", {})
        if name in users:
            return users[name]
        raise AttributeError(name)

    @property
    def bot(self) -> AnthologyBot:
        return self.bots[-1]

    # -- the process -------------------------------------------------------------------------------------

    async def start(self) -> None:
        def started(bot: AnthologyBot) -> None:
            prepare_bot(bot)
            self.bots.append(bot)

        count = len(self.bots)
        self._task = asyncio.create_task(
            run(self.settings, clock=self.clock, new_seed=lambda: self.next_seed, started=started), name="anthology"
        )
        self.fake.watch(self._task)
        await self.fake.wait_for(lambda: len(self.bots) > count, 10, "the bot to be built")
        await self.fake.wait_for(lambda: self.bot.is_ready() or self._task.done(), 10, "the bot to become ready")
        if self._task.done():
            self._task.result()
        # Built on a thread as the bot starts (the first time in a test process, 2 s or more): /settings answers
        # before it is done in a test of its own.
        await self.fake.wait_for(lambda: self.bot.time_zones_ready or self.holds_time_zones, 30, "the time zones")
        self.bot.display.board_edit_interval = TEST_BOARD_EDIT_INTERVAL
        # Tests count the board's edits as edits of its message; edits through a click's token are tested apart.
        self.bot.display.board_edits_through_clicks = False
        self.bot.display.retry_delays = TEST_RETRY_DELAYS

    async def stop(self) -> None:
        """Stop the bot as an operator would (Ctrl+C): the database stays."""
        if self._task is None:
            return
        await asyncio.wait_for(self.bot.close(), 10)
        await asyncio.wait_for(self._task, 10)
        self.fake._watched.remove(self._task)
        self._task = None

    def board(self, match_id: int) -> FakeMessage:
        """The match's board message as it stands (a board an hour old, or buried, is posted afresh)."""
        with sqlite3.connect(self.settings.database_path) as connection:
            (board_id,) = connection.execute(
                "SELECT board_message_id FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
        return self.fake.get_message(board_id)

    async def restart(self) -> None:
        await self.stop()
        await self.start()

    async def settled(self) -> None:
        """Wait until the bot has finished handling what it received and sent everything it started sending
        (board edits, DMs, notices). An interaction's handler goes on after its response has arrived, so its
        task is waited for too, or a test could look before the handler has even started the DMs."""

        async def quiet() -> None:
            while True:
                handlers = [
                    task
                    for task in asyncio.all_tasks()
                    if not task.done() and task.get_name().startswith(DISCORD_HANDLER_TASKS)
                ]
                if handlers:
                    await asyncio.gather(*handlers, return_exceptions=True)
                    continue
                await self.bot.display.idle()
                if not any(task.get_name().startswith(DISCORD_HANDLER_TASKS) for task in asyncio.all_tasks()):
                    return

        await asyncio.wait_for(quiet(), 10)

    # -- reading the game --------------------------------------------------------------------------------

    async def match_here(self, channel=None) -> Match:
        channel = channel or self.channel
        return (await self.bot.host.table_in_channel(channel.id)).match

    async def actor(self, match_id: int) -> ScriptedUser | None:
        snapshot = await self.bot.host.load(match_id)
        if not snapshot.actors:
            return None
        user_id = snapshot.match.at_seat(min(snapshot.actors)).user_id
        return next(user for user in self.users.values() if user.id == user_id)

    # -- common steps ------------------------------------------------------------------------------------

    async def open_table(
        self, opener: ScriptedUser, options: str = "", game: str = "anarchy", channel=None, **extra
    ) -> FakeMessage:
        channel = channel or self.channel
        handle = await opener.slash(channel, "play", game=game, thread=False, options=options, **extra)
        board = await handle.response()
        await self.board_attached(board, channel)
        return board

    async def board_attached(self, board: FakeMessage, channel=None) -> None:
        """Wait until the bot has stored which message is the board (it does so right after posting it)."""
        for _ in range(1000):
            if (await self.match_here(channel)).board_message_id == board.id:
                return
            await asyncio.sleep(0.005)
        raise TimeoutError("the board was never attached")

    async def started_game(
        self, *players: ScriptedUser, options: str = "", game: str = "anarchy", channel=None
    ) -> FakeMessage:
        board = await self.open_table(players[0], options, game, channel)
        for player in players[1:]:
            await (await player.click(board, "Join")).response()
        await (await players[0].click(board, "Start")).response()
        await self.settled()
        return board

    async def leave_running_game(self, player: ScriptedUser) -> None:
        """The player leaves the game running here: /leave, then its confirm button."""
        asked = await (await player.slash(self.channel, "leave")).response()
        await (await player.click(asked, "Leave the game")).response()
        await self.settled()

    async def run_timers(self, seconds: float) -> None:
        """Let `seconds` pass on the bot's clock and let it do whatever fell due (computer moves, timeouts)."""
        self.clock.advance(seconds=seconds)
        await self.bot.deadlines.fire_due()
        await self.settled()

    async def anarchy_played_to_the_end(self, match_id: int, board: FakeMessage) -> None:
        """Play an Anarchy game to its end: a person's turn with the first card their hand offers (else Draw), a
        computer's by letting its timer fall due."""
        for _ in range(600):
            if (await self.bot.host.get(match_id)).status is MatchStatus.FINISHED:
                return
            snapshot = await self.bot.host.load(match_id)
            if snapshot.match.at_seat(min(snapshot.actors)).is_computer:
                await self.run_timers(5)
            else:
                player = await self.actor(match_id)
                await self.take_turn(player, await self.hand_panel(player, board))
        raise AssertionError("the game did not end")

    def said_last(self, channel=None) -> FakeMessage:
        """The bot's last line in the channel, passing over the achievements (🏅) a game's end earned, which come
        after its result line."""
        said = self.fake.channel_messages(channel or self.channel)
        return [message for message in said if not message.content.startswith("🏅 ")][-1]

    async def final_standings(self, match_id: int) -> tuple[list[str], dict[int, RatingChange]]:
        """A finished board's "Final standings" lines, and the rating changes the store recorded with its result."""
        fields = self.board(match_id).embeds[0]["fields"]
        (standings,) = [field["value"] for field in fields if field["name"] == "Final standings"]
        return standings.split("\n"), await self.bot.host.store.rating_changes(match_id)

    async def suggestions(
        self, user: ScriptedUser, command: str, typing: tuple[str, str], **filled: str
    ) -> list[dict[str, str]]:
        """The autocomplete choices the bot offers `user` typing `typing` (option, text so far) in `/command`, with
        the options already `filled`."""
        options = [{"name": name, "type": 3, "value": value} for name, value in filled.items()]
        options.append({"name": typing[0], "type": 3, "value": typing[1], "focused": True})
        data = {"id": "1", "name": command, "type": 1, "options": options}
        handle = self.fake.new_interaction(user, self.channel, AUTOCOMPLETE, data)
        await self.fake.deliver_interaction(handle)
        return await handle.response()

    async def answer(self, handle: InteractionHandle) -> FakeMessage:
        """The bot's answer to an interaction: its response, or where it deferred it ("thinking"), its follow-up."""
        response = await handle.response()
        if handle.response_type == DEFERRED_WITH_MESSAGE:
            return await handle.followup(timeout=60)  # a hard computer's hint on a busy machine
        return response

    async def hand_panel(self, player: ScriptedUser, board: FakeMessage) -> FakeMessage:
        return await (await player.click(board, "My hand")).response()

    async def take_turn(self, player: ScriptedUser, panel: FakeMessage) -> FakeMessage:
        """Play the first card the panel offers, else press its first button (Draw, or end the turn)."""
        updated = await (await choose_first(player, panel)).response()
        await self.settled()
        return updated


@contextlib.asynccontextmanager
async def running_anthology(
    tmp_path: Path, clock: FakeClock, *, shard_count: int | None = None, **fake_options
) -> AsyncIterator[Anthology]:
    """A fake Discord with a world, and the bot running against it (with `shard_count` shards, or as many as the
    fake recommends, and a server on each); checks on exit that nothing went wrong."""
    async with FakeDiscord(**fake_options) as fake:
        world = Anthology(fake, tmp_path / "anthology.sqlite3", clock, shard_count)
        discord_logger = logging.getLogger("discord")
        bot_logger = logging.getLogger("bot")
        discord_logger.addHandler(world.errors)
        bot_logger.addHandler(world.errors)
        try:
            with fake.redirect():
                await world.start()
                try:
                    yield world
                finally:
                    with contextlib.suppress(Exception):
                        await world.stop()
        finally:
            discord_logger.removeHandler(world.errors)
            bot_logger.removeHandler(world.errors)
        assert not world.errors.describe(), "the bot logged errors:\n" + "\n".join(world.errors.describe())
        fake.assert_clean()
