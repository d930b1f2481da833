"""Benchmark of replays: the time to show move N of a long finished game, beside showing its board as stored.

For each game, the longest of `--matches` random matches at each table size, drawn as the conformance suite draws
them (tests/games/test_conformance.py: the game's options at random, those the table size refuses falling back to
their defaults, a random seed, random legal play with the game's timers and computers standing in), is stored in
a real SQLite file as the host stores a game: the deal, then every action in its own transaction with its log row.
Then, `--samples` times each, with N drawn at random from the deal to the end, the replay message as a click
builds it (`RecordsController.replay_shown`: the match and its log read, the game rebuilt from the deal through
the rules as far as N, the public view, the game's board embed and, for Anachronism, the arena picture):

- open: a replay opened (move 0, the deal) of a game none of whose positions are kept (the bot then rebuilds the
  rest of the game, once it has answered);
- move N: the next click of that replay, to move N (any ◀ ▶ ⏮ ⏭ or jump);
- cold: move N of a game none of whose positions are kept in memory (a click on an old replay after a restart,
  or after 16 other games were replayed since): it starts from the nearest state its replay kept in storage
  every 50 moves when it was first rebuilt in full (`bot/matches/replays.py`);
- none kept: the same, with none of its states kept in storage (a game finished before replays kept them, whose
  replay was not rebuilt in full since): rebuilt from the deal, the worst case;
- the baseline, in the same run: the finished board as stored, with no rebuilding (`MatchHost.load`, the public
  view, the board embed and the picture).

p50 and p99 of each, in milliseconds; the goal is every click under 50 ms at p99.

Then, for Anachronism, the animated picture of a whole game that its result line carries, for the longest of
`--matches` matches at each table size: frames, pixels, bytes (Discord takes 8 MB from a bot in a server without
boosts) and the time to draw it, beside one picture of the arena.

    .venv/bin/python bench/replay_bench.py                        # 30 matches a table size, 300 samples
    .venv/bin/python bench/replay_bench.py --matches 5 --samples 50   # a quick look
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sqlite3
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from games.conformance import drawn_from, play, playable_options, seating  # noqa: E402
from PIL import Image  # noqa: E402

from bench.timing import print_table, summary  # noqa: E402
from bot.catalogue import load_games  # noqa: E402
from bot.discord_ui.records import RecordsController  # noqa: E402
from bot.discord_ui.snowflake import snowflake_at  # noqa: E402
from bot.engine import canonical_json  # noqa: E402
from bot.engine.codec import encode  # noqa: E402
from bot.matches import LogEntry, Match, MatchHost, MatchStatus, Player  # noqa: E402
from bot.matches.records import Records  # noqa: E402
from bot.matches.replays import ReplayCache  # noqa: E402
from bot.matches.snapshots import encode_state  # noqa: E402
from bot.runtime import run_on_fastest_loop, tune_interpreter  # noqa: E402
from bot.storage import SqliteStore  # noqa: E402

GUILD = 1
PERCENTILES = ("p50", "p99")
AT = datetime(2026, 11, 27, 12, 0, tzinfo=UTC)


def longest_match(rules, matches: int, draw: random.Random, seat_counts: range) -> tuple[int, dict, int, list]:
    """The longest of `matches` random matches at each of these table sizes: seats, options, seed, and its
    actions (seat, action, events)."""
    longest: tuple[int, dict, int, list] | None = None
    for seat_count in seat_counts:
        for _ in range(matches):
            chosen = {option.key: draw.choice(drawn_from(option)) for option in rules.options}
            options = playable_options(rules, seat_count, chosen)
            seed = draw.randrange(1 << 63)  # a seed as the host draws it: storage keeps 64-bit signed integers
            played: list = []
            play(rules, seat_count, options, seed, [], check=False, played=played)
            if longest is None or len(played) > len(longest[3]):
                longest = (seat_count, options, seed, played)
    return longest


def table_sizes(rules) -> range:
    return range(rules.min_players, rules.max_players + 1)


def measure_animations(matches: int, seed: int) -> list[list]:
    """Anachronism's animated picture of the longest match at each table size: its frames, bytes and the time
    to draw it, beside one picture of the arena (the board's PNG of the end)."""
    game = load_games()["anachronism"]
    rules, renderer, draw = game.rules, game.renderer, random.Random(seed)
    rows = []
    for seat_count in table_sizes(rules):
        _, options, match_seed, played = longest_match(rules, matches, draw, range(seat_count, seat_count + 1))
        state = rules.setup(seating(seat_count, options), rules.resolve_options(options), match_seed)
        views = [rules.view(state, None)]
        for seat, action, _ in played:
            state, _ = rules.apply(state, seat, action)
            views.append(rules.view(state, None))
        match = Match(0, "anachronism", GUILD, 1, 100, MatchStatus.FINISHED, options, match_seed, 1, AT, AT)
        match = match.with_changes(players=tuple(Player(100 + seat, f"P{seat}", seat) for seat in range(seat_count)))
        begun = time.perf_counter()
        animation = renderer.game_picture(match, views)
        animation_ms = millis(begun)
        begun = time.perf_counter()
        picture = renderer.board_picture(match, views[-1])
        with Image.open(io.BytesIO(animation)) as frames:
            count, size = frames.n_frames, frames.size
        described = ", ".join(f"{key} {value}" for key, value in sorted(options.items()) if value)
        rows.append([
            f"{seat_count} seats ({described or 'defaults'})", len(played), count, f"{size[0]} x {size[1]}",
            f"{len(animation):,}", f"{animation_ms:.0f}", f"{len(picture):,}", f"{millis(begun):.1f}",
        ])  # fmt: skip
    return rows


async def store_match(store: SqliteStore, rules, key: str, seat_count: int, options: dict, seed: int, played: list):
    """The match as the host would have stored it: dealt, then each action with its log row; its id."""
    resolved = rules.resolve_options(options)
    computers = seating(seat_count, options).computers
    players = tuple(
        Player(-(seat + 1) if seat in computers else 100 + seat, f"P{seat}", seat) for seat in range(seat_count)
    )
    state = rules.setup(seating(seat_count, options), resolved, seed)
    match = Match(
        0,
        key,
        GUILD,
        10_000 + sorted(load_games()).index(key),
        100,
        MatchStatus.PLAYING,
        resolved,
        seed,
        1,
        AT,
        AT,
        players,
    )
    # one channel a game: a channel holds one live table
    match = match.with_changes(fixed_json=canonical_json(rules.encode_fixed(state)))
    match = await store.create_match(match.with_changes(state_json=encode_state(rules, state, match)), [])
    for number, (seat, action, events) in enumerate(played, start=1):
        state, _ = rules.apply(state, seat, action)
        status = MatchStatus.PLAYING if number < len(played) else MatchStatus.FINISHED
        after = match.with_changes(version=match.version + 1, status=status)
        after = after.with_changes(state_json=encode_state(rules, state, after))
        user_id = match.at_seat(seat).user_id if seat >= 0 else 0
        entry = LogEntry(match.id, after.version, seat, user_id, action.notation, [encode(e) for e in events], AT)
        await store.save_match(after, expected_version=match.version, log_entry=entry)
        match = after
    return match.id


def forget_kept_states(folder: Path, match_id: int) -> None:
    """Delete the states the game's replay kept, as for a game finished before replays kept them."""
    with contextlib.closing(sqlite3.connect(folder / "replays.sqlite3")) as connection, connection:
        connection.execute("DELETE FROM replay_states WHERE match_id = ?", (match_id,))


def millis(begun: float) -> float:
    return (time.perf_counter() - begun) * 1000


async def measure(folder: Path, matches: int, samples: int, seed: int) -> list[list]:
    games = load_games()
    rules = {key: game.rules for key, game in games.items()}
    store = await SqliteStore.open(folder / "replays.sqlite3")
    host = MatchHost(store, None, rules, new_seed=lambda: 0, arrival_of=snowflake_at)
    records = Records(store, rules)
    controller = RecordsController(host, records, games)
    draw = random.Random(seed)
    rows = []
    for key, game in games.items():
        seat_count, options, match_seed, played = longest_match(game.rules, matches, draw, table_sizes(game.rules))
        match_id = await store_match(store, game.rules, key, seat_count, options, match_seed, played)
        moves = len(played)
        for move in range(0, moves + 1, max(1, moves // 5)):  # warm up: fonts, caches of content
            await controller.replay_shown(GUILD, match_id, move, "me")
        opening, cold, unkept, warm, baseline = [], [], [], [], []
        for _ in range(samples):
            move = draw.randint(0, moves)
            records.replays = ReplayCache()
            begun = time.perf_counter()
            _, position = await controller.replay_shown(GUILD, match_id, 0, "open")
            opening.append(millis(begun))
            await position.rebuild_all()  # as the bot does once it has answered
            begun = time.perf_counter()
            await controller.replay_shown(GUILD, match_id, move, "me")
            warm.append(millis(begun))
            records.replays = ReplayCache()
            begun = time.perf_counter()
            await controller.replay_shown(GUILD, match_id, move, "me")
            cold.append(millis(begun))
            forget_kept_states(folder, match_id)
            records.replays = ReplayCache()
            begun = time.perf_counter()
            await controller.replay_shown(GUILD, match_id, move, "me")
            unkept.append(millis(begun))
            begun = time.perf_counter()
            snapshot = await host.load(match_id)
            game.renderer.board(snapshot.match, snapshot.public_view)
            game.renderer.board_picture(snapshot.match, snapshot.public_view)
            baseline.append(millis(begun))
        figures = {
            **summary("open", opening),
            **summary("warm", warm),
            **summary("cold", cold),
            **summary("unkept", unkept),
            **summary("base", baseline),
        }
        shown = [
            f"{figures[f'{name}_ms_{at}']:.2f}"
            for name in ("open", "warm", "cold", "unkept", "base")
            for at in PERCENTILES
        ]
        rows.append([game.rules.title, f"{seat_count} seats, {moves} moves", *shown])
    await store.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=30, help="random matches a table size to pick from (30)")
    parser.add_argument("--samples", type=int, default=300, help="moves shown a game (300)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (1)")
    arguments = parser.parse_args()
    tune_interpreter()
    with tempfile.TemporaryDirectory() as folder:
        rows = run_on_fastest_loop(measure(Path(folder), arguments.matches, arguments.samples, arguments.seed))
    columns = [f"{name} {at}" for name in ("open", "move N", "cold", "none kept", "stored") for at in PERCENTILES]
    print_table(
        f"Showing move N of the longest game (ms; {arguments.samples} moves a game)",
        ["game", "longest match", *columns],
        rows,
        left=2,
    )
    print_table(
        "Anachronism's animated picture of the longest match, beside one picture of the arena",
        ["table", "moves", "frames", "pixels", "GIF bytes", "GIF ms", "PNG bytes", "PNG ms"],
        measure_animations(arguments.matches, arguments.seed),
    )


if __name__ == "__main__":
    main()
