"""Benchmark of throughput under saturation: many Anarchy tables played at once through the fake Discord.

The bot runs as production runs it: `python -m bot`'s main() in a process of its own (tests/bot_process.py, which
only points discord.py's two base addresses at the fake), with a fresh SQLite file and the production settings
(board edits at most once a second per board, the real clock, random deals). The fake Discord of
tests/fakediscord (REST and gateway on 127.0.0.1) and the scripted players run in this process. Nothing in the
bot is replaced: every move goes interaction -> controller -> host -> SQLite -> interaction response, then board
edit and turn DM. The bot's package is imported from `--bot-root` (this checkout by default; the child gets
PYTHONPATH=<bot root>, and reports on stderr which folder its `bot` and `cogs` modules came from).

`--tables` Anarchy tables are opened, each in its own text channel with three players of its own, and started.
Then one task per table plays as fast as the fake lets it: the player to act (read from the bot's SQLite file
through a read-only connection, the match's state decoded with this checkout's Anarchy rules) takes their private
panel, picks its first card (else presses its first button: Draw) and waits for the answer. With `--flow hand`
(the default) the panel is the answer to My hand on the board (`hand_ms`: from the click to that answer); with
`--flow dm` it is the one the bot DMs the player whose turn begins, which is how players who keep their DMs open
play (`turn_dm_ms`: from reading whose turn it is, right after the move before was answered, to that DM). A
move's time runs from the click on the panel's option to the moment the fake received the bot's interaction
response (its callback). Only accepted moves count (the panel updated in place); a refusal (an ephemeral text) is
counted apart and whose turn it is read again. When a game ends, a new table is opened in its channel. Moves are
counted for `--seconds` after `--warmup` seconds.

Errors and tracebacks in the bot's stderr, late interaction responses (over the fake's 3 s deadline) and tables
that stopped moving are reported with the figures (details on stderr), and so is the CPU each process used in the
window (percent of one core, all threads): `bot_cpu_percent` (the bot's process), `bench_cpu_percent` (the fake
and the players) and `machine_cpu_percent` (all processes on all cores; more than the sum of the two means
something else ran); and the bot's resident memory when the window began and ended (`bot_rss_mb_start`,
`bot_rss_mb_end`: a bot that keeps what it sent grows between them). `dms_per_move` is how many DMs the bot sent
in the window per move: a DM for each turn a move passes on and the deals of the games that began. Played from My
hand, nobody waits for those DMs, so a bot can fall behind with them or catch up in the window; two versions play
the same game, and a difference between their figures says which did.

Discord lets one bot token make about 50 requests a second (`GLOBAL_LIMIT`); answers to interactions, and what
an interaction's token does (follow-ups, edits of the message it answered), are not counted. `counted_per_move`
is how many of the bot's requests in the window Discord would count, per move (`counted_routes` names them), and
`token_moves_per_second` the moves a second that limit leaves one bot token: 50 over `counted_per_move`.

`--flow human` plays at human pace: the player to act thinks 1 to 4 s (`THINK_SECONDS`) before opening their
hand and playing, and on one turn in ten (`AWAY_SHARE`) looks away for 8 s (`AWAY_SECONDS`), longer than the
bot's turn DM waits, then plays from the DM if one came, else from My hand. Use more tables for it.

`--baseline-root` runs another checkout's bot too, with the same fake and players, in turns with this one
(`--rounds` of each, each flow of `--flows` in each round), and prints every run and then a table of the two
side by side, each figure a range over the rounds.

    .venv/bin/python bench/load_bench.py                              # 50 tables, 30 s, this checkout's bot
    .venv/bin/python bench/load_bench.py --tables 10 --seconds 10     # a quick look
    .venv/bin/python bench/load_bench.py --flow dm                    # players play from their turn DMs
    .venv/bin/python bench/load_bench.py --bot-root /tmp/baseline     # another checkout's bot, this fake
    .venv/bin/python bench/load_bench.py --flows hand,dm,human --baseline-root /tmp/baseline --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import re
import signal
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

# The fake Discord and the test driver's helpers live in tests/. This process imports `bot` only to decode stored
# states and for those helpers, always from this checkout (ahead of any PYTHONPATH); the bot under test runs in the
# child, from --bot-root.
sys.path.insert(1, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

from anthology_driver import choose_first, offers_pin
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, ScriptedUser, ScriptError
from timing import print_table, summary

from bot.catalogue import load_games
from bot.matches.pins import pin_of

REPO = Path(__file__).resolve().parent.parent
TESTS = REPO / "tests"
BOT_PROCESS = TESTS / "bot_process.py"
PANEL_UPDATED = 7
"""The interaction response type of an accepted move on a private panel: the panel edited in place."""
STUCK_AFTER = 5.0
"""Seconds without an answer from the bot to any of its steps after which a table counts as stuck."""
TURN_DM_WAIT = 30.0
"""Seconds a player of the `dm` flow waits for their turn's DM before the step counts as failed. When all the
tables start at once, the last deals come a few seconds late: discord.py opens DM channels one at a time."""
GIVE_UP_AFTER = 50
FLOWS = ("hand", "dm", "human")
OPENED_AT_ONCE = 10
"""Tables opened at once before the bench begins."""
GLOBAL_LIMIT = 50
"""Requests a second Discord allows one bot token in all, interaction answers aside."""
THINK_SECONDS = (1.0, 4.0)
"""`--flow human`: how long the player to act thinks before opening their hand, at random in this range."""
AWAY_SHARE = 0.1
AWAY_SECONDS = 8.0
"""`--flow human`: the share of turns whose player looks away for this long first, past the turn DM's delay."""
"""Failures in a row (no response, late response, refusal) after which a table's task stops."""
CHILD_MARK = "load-bench child:"
"""How the child's lines about where it imported the bot from begin on its stderr."""
CHILD = f"""
import atexit, runpy, sys
from pathlib import Path
sys.path[0] = {str(TESTS)!r}  # as when tests/bot_process.py is run as a script
import bot, cogs

def roots():
    found = set()
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("bot", "cogs") and getattr(module, "__file__", None):
            path = Path(module.__file__).resolve()
            found.add(str(path.parents[name.count(".") + (path.name == "__init__.py")]))
    return " + ".join(sorted(found))

print({CHILD_MARK!r}, "started, bot and cogs from", roots(), file=sys.stderr, flush=True)
atexit.register(lambda: print({CHILD_MARK!r}, "exiting, bot and cogs from", roots(), file=sys.stderr, flush=True))
runpy.run_path({str(BOT_PROCESS)!r}, run_name="__main__")
"""
"""`python -c CHILD API GATEWAY` is `python tests/bot_process.py API GATEWAY`, saying where `bot` came from."""
LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ (DEBUG|INFO|WARNING|ERROR|CRITICAL) (\S+): (.*)$")
"""A line of `python -m bot`'s log format, `%(asctime)s %(levelname)s %(name)s: %(message)s`."""


class BotProcess:
    """`python -m bot` in its own process against the fake, on one database file, its stderr in a file."""

    def __init__(self, fake: FakeDiscord, database: Path, bot_root: Path, folder: Path) -> None:
        self.fake = fake
        self.folder = folder
        self.log_path = folder / "bot.stderr.log"
        self.environment = {
            **os.environ,
            "PYTHONPATH": str(bot_root),
            "DISCORD_TOKEN": fake.token,
            "DATABASE_PATH": str(database),
        }
        self.process: asyncio.subprocess.Process | None = None

    async def start(self, channel: FakeChannel, user: ScriptedUser) -> None:
        with self.log_path.open("ab") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                CHILD,
                self.fake.api_base,
                self.fake.gateway_url,
                env=self.environment,
                cwd=self.folder,  # no stray .env from the current folder
                stdin=asyncio.subprocess.DEVNULL,
                stdout=log,
                stderr=log,
            )
        # Ready when it answers a command.
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.returncode is not None:
                raise RuntimeError(f"the bot process ended with {self.process.returncode}:\n{self.log_tail()}")
            if self.fake.gateway.connection is not None:
                try:
                    await (await user.slash(channel, "status")).response(timeout=2)
                    return
                except (ScriptError, TimeoutError):
                    pass
            await asyncio.sleep(0.05)
        raise TimeoutError(f"the bot process did not come up:\n{self.log_tail()}")

    async def stop(self) -> int | None:
        """SIGTERM, as a service manager stops it (a clean shutdown); SIGKILL after 15 s. Its exit status."""
        if self.process is None or self.process.returncode is not None:
            return None if self.process is None else self.process.returncode
        self.process.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.process.wait(), 15)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()
            return None

    def cpu_seconds(self) -> float:
        """User and system time of the bot's process so far, all its threads (/proc/<pid>/stat utime + stime)."""
        text = Path(f"/proc/{self.process.pid}/stat").read_text()
        fields = text.rsplit(")", 1)[1].split()  # fields from the third on (state), after the command's name
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        """The bot process's resident memory now, in MB (/proc/<pid>/status VmRSS)."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
        return float("nan")

    def log_tail(self, lines: int = 30) -> str:
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])


def machine_busy_seconds() -> float:
    """CPU seconds all cores have spent on anything but idling since boot (/proc/stat)."""
    values = [int(value) for value in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values[:8]) - idle) / os.sysconf("SC_CLK_TCK")  # without guest time, counted in user already


@dataclass
class BotLog:
    """What the bot wrote on stderr, in log records (a record's following lines, a traceback, belong to it)."""

    errors: list[str] = field(default_factory=list)
    """ERROR and CRITICAL records, and any record or stray output with a traceback, with their following lines."""
    warnings: Counter[str] = field(default_factory=Counter)
    checkout: str = "unknown"
    """The folders the child's `bot` and `cogs` modules came from (at exit if it said so, else at start)."""

    @classmethod
    def read(cls, path: Path) -> BotLog:
        found = cls()
        entries: list[tuple[str | None, list[str]]] = []  # (level, lines)
        for line in path.read_text(errors="replace").splitlines():
            if line.startswith(CHILD_MARK):
                found.checkout = line.split(" from ", 1)[1]
                continue
            record = LOG_RECORD.match(line)
            if record or not entries:
                entries.append((record.group(1) if record else None, [line]))
            else:
                entries[-1][1].append(line)
        for level, lines in entries:
            if level in ("ERROR", "CRITICAL") or any(line.startswith("Traceback") for line in lines):
                found.errors.append("\n".join(lines))
            elif level == "WARNING":
                found.warnings[LOG_RECORD.match(lines[0]).group(3)[:200]] += 1
        return found


class Database:
    """The bot's SQLite file, read-only, read the way test_crash.py reads it."""

    def __init__(self, path: Path) -> None:
        self.connection = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, isolation_level=None)
        self.connection.row_factory = sqlite3.Row
        self.rules = load_games()["anarchy"].rules
        columns = {row["name"] for row in self.connection.execute("PRAGMA table_info(matches)")}
        self.fixed_apart = "fixed_state" in columns
        """Current main keeps the fields fixed at the deal apart, in `fixed_state`; older checkouts have no column."""

    def close(self) -> None:
        self.connection.close()

    def live_match(self, channel_id: int, statuses: tuple[str, ...] = ("playing",)) -> sqlite3.Row | None:
        marks = ", ".join("?" * len(statuses))
        return self.connection.execute(
            f"SELECT * FROM matches WHERE channel_id = ? AND status IN ({marks})", (channel_id, *statuses)
        ).fetchone()

    def turn(self, channel_id: int) -> Turn | None:
        """Who is to act at the table playing in this channel, and in which match and version; None if none is."""
        match = self.live_match(channel_id)
        if match is None:
            return None
        data = json.loads(match["state"])
        if self.fixed_apart and match["fixed_state"] is not None:
            data |= json.loads(match["fixed_state"])
        state = self.rules.decode_state(data)
        actors = self.rules.actors(state)
        if not actors:
            return None
        (user_id,) = self.connection.execute(
            "SELECT user_id FROM seats WHERE match_id = ? AND seat = ?", (match["id"], min(actors))
        ).fetchone()
        return Turn(user_id, match["id"], match["version"], pin_of(self.rules, state, min(actors)))


@dataclass(frozen=True)
class Turn:
    """The player to act at a table, in which match, at which version of it, and what their panel pins then."""

    user_id: int
    match_id: int
    version: int
    pin: str
    """What the seat's panel pins now (bot/matches/pins.py); a checkout from before pins pins the version."""

    def offered_by(self, panel: FakeMessage) -> bool:
        """Whether the panel offers this turn's moves."""
        return offers_pin(panel, self.match_id, self.pin) or offers_pin(panel, self.match_id, str(self.version))


@dataclass
class Stats:
    measuring: bool = False
    move_ms: list[float] = field(default_factory=list)
    panel_ms: list[float] = field(default_factory=list)
    """How long the player to act waited for their panel: My hand's answer, or the turn's DM."""
    moves_total: int = 0
    refusals: int = 0
    games_finished: int = 0
    """Games that ended while measuring."""
    tables_opened: int = 0
    failures: Counter[str] = field(default_factory=Counter)
    read_ms: list[float] = field(default_factory=list)
    """How long each read of whose turn it is held this process's event loop (a synchronous SQLite read)."""
    lag_ms: list[float] = field(default_factory=list)
    """How late this process's event loop woke a task sleeping 10 ms: its own saturation."""
    dms_sent: int = 0
    """DMs the bot sent while measuring."""


@dataclass
class Table:
    channel: FakeChannel
    players: tuple[ScriptedUser, ...]
    last_progress: float = 0.0
    """When the bot last answered one of this table's steps (a move, My hand, /play, Join, Start)."""
    doing: str = "opening a table"
    gave_up: str | None = None

    def answered(self) -> None:
        self.last_progress = time.monotonic()

    def player(self, user_id: int) -> ScriptedUser:
        return next(player for player in self.players if player.id == user_id)


async def open_started_table(database: Database, table: Table, stats: Stats) -> FakeMessage:
    table.doing = "opening a table"
    opener, *others = table.players
    board = await (await opener.slash(table.channel, "play", game="anarchy", thread=False, options="")).response()
    table.answered()
    # The bot stores which message is the board right after posting it.
    for _ in range(1000):
        match = database.live_match(table.channel.id, ("lobby", "playing"))
        if match is not None and match["board_message_id"] == board.id:
            break
        await asyncio.sleep(0.005)
    else:
        raise TimeoutError(f"the board in #{table.channel.name} was never attached")
    for player in others:
        await (await player.click(board, "Join")).response()
        table.answered()
    answer = await (await opener.click(board, "Start")).response()
    table.answered()
    # Start's answer shows the game begun on the board, but an edit of the lobby sent just before it may land
    # after it; the bot then edits the board again at once.
    try:
        await opener.fake.wait_for(lambda: "My hand" in board.button_labels(), 5.0)
    except TimeoutError:
        raise RuntimeError(
            f"the board in #{table.channel.name} did not start: {board.button_labels()}, answer {answer.content!r}"
        ) from None
    stats.tables_opened += 1
    table.doing = "playing"
    return board


class TurnDms:
    """The DMs the bot sends players, for the `dm` flow: each player's newest one, and a wake-up when one comes."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.newest: dict[int, FakeMessage] = {}
        self.arrived: dict[int, asyncio.Event] = {}
        fake.message_watchers.append(self._made)

    def _made(self, message: FakeMessage) -> None:
        channel = self.fake.channels[message.channel_id]
        if channel.is_dm and message.author is self.fake.bot_user:
            self.newest[channel.recipient.id] = message
            self.arrived.setdefault(channel.recipient.id, asyncio.Event()).set()

    def offered(self, turn: Turn) -> bool:
        """Whether the player's newest DM offers this turn's moves."""
        newest = self.newest.get(turn.user_id)
        return newest is not None and turn.offered_by(newest)

    async def panel(self, turn: Turn, used: FakeMessage | None) -> FakeMessage:
        """The turn's panel: the newest DM, or the panel the player used last (edited in place when the same
        player is to act again), once one of them offers this version's moves."""
        arrived = self.arrived.setdefault(turn.user_id, asyncio.Event())
        async with asyncio.timeout(TURN_DM_WAIT):
            while True:
                arrived.clear()
                for panel in (self.newest.get(turn.user_id), used):
                    if panel is not None and turn.offered_by(panel):
                        return panel
                await arrived.wait()


async def play(
    database: Database,
    table: Table,
    board: FakeMessage,
    stats: Stats,
    stop: asyncio.Event,
    dms: TurnDms | None,
    human: random.Random | None = None,
) -> None:
    """Play this table's games, one after another, until `stop` is set: from the panel My hand shows, or with
    `dms` from the panel the turn's DM brings; with `human`, at human pace (`--flow human`), from My hand, or
    from the turn's DM after looking away."""
    failures_in_a_row = 0
    used: dict[int, FakeMessage] = {}
    while not stop.is_set():
        try:
            begun_read = time.monotonic()
            turn = database.turn(table.channel.id)
            if stats.measuring:
                stats.read_ms.append((time.monotonic() - begun_read) * 1000)
            if turn is None:
                stats.games_finished += stats.measuring
                board = await open_started_table(database, table, stats)
                continue
            player = table.player(turn.user_id)
            from_dm = dms is not None and human is None
            if human is not None:
                away = human.random() < AWAY_SHARE
                await asyncio.sleep(AWAY_SECONDS if away else human.uniform(*THINK_SECONDS))
                from_dm = away and dms.offered(turn)
            begun_panel = time.monotonic()
            if from_dm:
                panel = await dms.panel(turn, used.get(player.id))
                panel_shown = time.monotonic()
            else:
                asked = await player.click(board, "My hand")
                panel = await asked.response()
                panel_shown = asked.acknowledged_at
                table.answered()
                if not (panel.ephemeral and (panel.selects() or panel.button_labels())):
                    stats.refusals += 1
                    failures_in_a_row += 1
                    continue
            begun_move = time.monotonic()
            handle = await choose_first(player, panel)
            await handle.response()
            if handle.response_type != PANEL_UPDATED:
                stats.refusals += 1
                failures_in_a_row += 1
                continue
            used[player.id] = panel
            failures_in_a_row = 0
            table.answered()
            stats.moves_total += 1
            if stats.measuring:
                stats.move_ms.append((handle.acknowledged_at - begun_move) * 1000)
                stats.panel_ms.append((panel_shown - begun_panel) * 1000)
        except Exception as error:  # a late or missing response, a script error: count it, and go on
            stats.failures[f"{type(error).__name__}: {str(error)[:160]}"] += 1
            failures_in_a_row += 1
            # As a player would, wait a moment: a board edit sent before the click that started the game can
            # land after it and show the lobby again, until the bot's next edit puts it right.
            await asyncio.sleep(0.05)
        if failures_in_a_row >= GIVE_UP_AFTER:
            table.gave_up = f"{failures_in_a_row} failures in a row"
            return


async def watch_lag(stats: Stats, stop: asyncio.Event) -> None:
    while not stop.is_set():
        begun = time.monotonic()
        await asyncio.sleep(0.01)
        if stats.measuring:
            stats.lag_ms.append((time.monotonic() - begun - 0.01) * 1000)


async def bench(tables: int, seconds: float, warmup: float, folder: Path, bot_root: Path, flow: str) -> dict:
    stats = Stats()
    database_path = folder / "anthology.sqlite3"
    # The suite checks every body against Discord's description; here the fake's core must not be what slows.
    async with FakeDiscord(checks_contract=False) as fake:
        guild = fake.create_guild("Game Night")
        lineup = []
        for number in range(tables):
            channel = guild.create_text_channel(f"table-{number}")
            players = tuple(guild.add_member(f"t{number}{seat}") for seat in "abc")
            lineup.append(Table(channel, players))
        dms = TurnDms(fake) if flow in ("dm", "human") else None

        def count_dm(message: FakeMessage) -> None:
            if stats.measuring and fake.channels[message.channel_id].is_dm and message.author is fake.bot_user:
                stats.dms_sent += 1

        fake.message_watchers.append(count_dm)
        bot = BotProcess(fake, database_path, bot_root, folder)
        database: Database | None = None
        try:
            await bot.start(lineup[0].channel, lineup[0].players[0])
            database = Database(database_path)
            # A few at a time: every table's Start at once would have answers miss Discord's 3 s deadline.
            opening = asyncio.Semaphore(OPENED_AT_ONCE)

            async def open_one(table: Table) -> FakeMessage:
                async with opening:
                    return await open_started_table(database, table, stats)

            opened = await asyncio.gather(*(open_one(table) for table in lineup))
            stop = asyncio.Event()
            for table in lineup:
                table.answered()
            tasks = [
                asyncio.create_task(
                    play(database, table, board, stats, stop, dms, random.Random(number) if flow == "human" else None),
                    name=f"table-{number}",
                )
                for number, (table, board) in enumerate(zip(lineup, opened, strict=True))
            ]
            tasks.append(asyncio.create_task(watch_lag(stats, stop), name="lag"))
            await asyncio.sleep(warmup)
            # The fake keeps every message and call, so this process's heap grows all along: its full collections
            # (every few seconds, finding nothing, longer each time) would stall every table for up to a few
            # hundred milliseconds, counted in their move times. Only the young generations are collected now.
            gc.freeze()
            thresholds = gc.get_threshold()
            gc.set_threshold(thresholds[0], thresholds[1], 1_000_000)
            moves_before = stats.moves_total
            stats.measuring = True
            window_start, bench_cpu_start = time.monotonic(), time.process_time()
            bot_cpu_start, machine_start = bot.cpu_seconds(), machine_busy_seconds()
            rss_start = bot.rss_mb()
            calls_start = fake.mark()
            await asyncio.sleep(seconds)
            counted = fake.counted_calls_since(calls_start)
            stats.measuring = False
            gc.set_threshold(*thresholds)
            gc.unfreeze()
            window = time.monotonic() - window_start
            bench_cpu = time.process_time() - bench_cpu_start
            bot_cpu, machine = bot.cpu_seconds() - bot_cpu_start, machine_busy_seconds() - machine_start
            rss_end = bot.rss_mb()
            moves = stats.moves_total - moves_before
            stuck = [
                f"#{t.channel.name} ({t.gave_up or t.doing})"
                for t in lineup
                if t.gave_up or time.monotonic() - t.last_progress > STUCK_AFTER
            ]
            stop.set()
            _, pending = await asyncio.wait(tasks, timeout=30)
            for task in pending:
                task.cancel()
        finally:
            if database is not None:
                database.close()
            bot_exit = await bot.stop()
        problems = fake.problems(late_ok=True)
        late = len(fake.late_interactions)

    log = BotLog.read(bot.log_path)
    for entry in log.errors[:20]:
        print(f"bot error: {entry.splitlines()[0]}", file=sys.stderr)
    for entry in [entry for entry in log.errors if "Traceback" in entry][:3]:
        print(entry, file=sys.stderr)
    for text, count in log.warnings.most_common(10):
        print(f"bot warning x{count}: {text}", file=sys.stderr)
    for text, count in stats.failures.most_common(10):
        print(f"move failed x{count}: {text}", file=sys.stderr)
    for line in problems[:10]:
        print(f"fake: {line}", file=sys.stderr)
    for table in lineup:
        if table.gave_up:
            print(f"#{table.channel.name} gave up: {table.gave_up}", file=sys.stderr)

    return {
        "tables": tables,
        "flow": flow,
        "seconds": round(window, 2),
        "moves": moves,
        "moves_per_second": round(moves / window, 1),
        "dms_per_move": round(stats.dms_sent / max(moves, 1), 3),
        "counted_per_move": round(counted.total() / max(moves, 1), 3),
        "token_moves_per_second": round(GLOBAL_LIMIT * moves / counted.total(), 1) if counted else float("inf"),
        "counted_routes": {route: round(calls / max(moves, 1), 3) for route, calls in counted.most_common()},
        **summary("move", stats.move_ms or [float("nan")]),
        **summary("hand" if flow == "hand" else "turn_dm", stats.panel_ms or [float("nan")]),
        "bot_cpu_percent": round(100 * bot_cpu / window),
        "bench_cpu_percent": round(100 * bench_cpu / window),
        "machine_cpu_percent": round(100 * machine / window),
        "cores": os.cpu_count(),
        "bot_rss_mb_start": rss_start,
        "bot_rss_mb_end": rss_end,
        **summary("db_read", stats.read_ms or [float("nan")]),
        "db_read_ms_max": round(max(stats.read_ms, default=float("nan")), 2),
        **summary("bench_loop_lag", stats.lag_ms or [float("nan")]),
        "bench_loop_lag_ms_max": round(max(stats.lag_ms, default=float("nan")), 2),
        "games_finished": stats.games_finished,
        "refusals": stats.refusals,
        "failed_steps": sum(stats.failures.values()),
        "late_interactions": late,
        "errors_logged": len(log.errors),
        "warnings_logged": sum(log.warnings.values()),
        "fake_problems": len(problems),
        "stuck_tables": stuck,
        "bot_exit_status": bot_exit,
        "bot": log.checkout,
    }


def run(arguments: argparse.Namespace, bot_root: Path, flow: str) -> dict:
    """One run of the bench, in a fresh folder and event loop."""
    tables = arguments.human_tables if flow == "human" else arguments.tables
    with tempfile.TemporaryDirectory() as folder:
        try:
            return asyncio.run(bench(tables, arguments.seconds, arguments.warmup, Path(folder), bot_root, flow))
        finally:
            if arguments.keep_log is not None:
                with contextlib.suppress(FileNotFoundError):
                    arguments.keep_log.write_bytes((Path(folder) / "bot.stderr.log").read_bytes())


def spread(runs: list[dict], key: str) -> str:
    """The range of a figure over runs: "low-high", or the one value."""
    values = sorted(run[key] for run in runs)
    low, high = values[0], values[-1]
    return f"{low:,}" if low == high else f"{low:,}-{high:,}"


def side_by_side(results: dict[tuple[str, str], list[dict]], flows: list[str], versions: list[str]) -> None:
    """Each flow's figures for each version, as ranges over the rounds."""
    keys = ("moves_per_second", "counted_per_move", "token_moves_per_second", "move_ms_p50", "move_ms_p99")
    for flow in flows:
        rows = [
            [version, len(results[flow, version]), *(spread(results[flow, version], key) for key in keys)]
            for version in versions
        ]
        headers = ["bot", "runs", "moves/s", "counted/move", "moves/s under 50/s", "p50 ms", "p99 ms"]
        print_table(f"flow {flow}", headers, rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="Anarchy tables played at once")
    parser.add_argument("--human-tables", type=int, default=150, help="tables played at once by --flow human")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=5.0, help="seconds played before measuring")
    parser.add_argument(
        "--bot-root", type=Path, default=REPO, help="the checkout whose bot runs (its folder holding bot/ and cogs/)"
    )
    parser.add_argument(
        "--baseline-root", type=Path, help="another checkout whose bot runs in turns with --bot-root's, side by side"
    )
    parser.add_argument("--rounds", type=int, default=1, help="runs of each version and flow")
    parser.add_argument(
        "--flow",
        choices=FLOWS,
        default="hand",
        help="where players take their panel: My hand on the board (hand), the DM their turn brings (dm), or My "
        "hand at human pace, from the DM after looking away (human)",
    )
    parser.add_argument("--flows", help="several flows, separated by commas (instead of --flow)")
    parser.add_argument("--keep-log", type=Path, help="copy the (last) bot's stderr to this file")
    arguments = parser.parse_args()
    flows = arguments.flows.split(",") if arguments.flows else [arguments.flow]
    if not set(flows) <= set(FLOWS):
        parser.error(f"--flows takes {', '.join(FLOWS)}")
    versions = {"this": arguments.bot_root.resolve()}
    if arguments.baseline_root is not None:
        versions["baseline"] = arguments.baseline_root.resolve()
    if len(versions) == 1 and arguments.rounds == 1 and len(flows) == 1:
        print(json.dumps(run(arguments, versions["this"], flows[0]), indent=2))
        return
    results: dict[tuple[str, str], list[dict]] = {(flow, name): [] for flow in flows for name in versions}
    for round_number in range(arguments.rounds):
        for flow in flows:
            order = list(versions) if round_number % 2 == 0 else list(reversed(versions))
            for name in order:
                figures = run(arguments, versions[name], flow)
                results[flow, name].append(figures)
                print(json.dumps({"version": name, "round": round_number + 1, **figures}), flush=True)
    side_by_side(results, flows, list(versions))


if __name__ == "__main__":
    main()
