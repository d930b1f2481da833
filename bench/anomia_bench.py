"""Benchmark of Anomia's face-offs at the host, on a real SQLite file.

Measures the time from an answer's arrival at the host to its decision: the host call that applies an answer
and commits it, for the first answer of a face-off (which opens the settling window) and for the second
(which decides the race at once), as p50 and p99 over many face-offs in many live matches, judged by the
category lists.

    .venv/bin/python bench/anomia_bench.py               # 300 matches, about 5,600 face-offs
    .venv/bin/python bench/anomia_bench.py --matches 50  # a quick look
"""

from __future__ import annotations

import argparse
import itertools
import json
import tempfile
import time
from pathlib import Path

from timing import summary

from bot.app import SystemClock
from bot.catalogue import load_games
from bot.discord_ui.snowflake import snowflake_at
from bot.games.anomia.judging import PREDICATE_WORDS, satisfies
from bot.matches import MatchHost, Refusal
from bot.runtime import run_on_fastest_loop, tune_interpreter
from bot.storage import SqliteStore

PLAYERS = ((1, "Ada"), (2, "Bo"), (3, "Cy"))


def an_answer(rules, category_id: str, serial: int) -> str:
    category = next(category for category in rules.content.categories if category.id == category_id)
    if category.predicate is not None:
        words = [word for word in PREDICATE_WORDS if satisfies(category.predicate, word)]
        return words[serial % len(words)] if words else "zzz"
    return category.answers[serial % len(category.answers)].text


async def measure(path: Path, matches: int) -> dict:
    store = await SqliteStore.open(path)
    seeds = itertools.count(1)
    rules = load_games()["anomia"].rules
    tune_interpreter()  # as the bot runs once its content is loaded
    host = MatchHost(store, SystemClock(), {"anomia": rules}, new_seed=lambda: next(seeds), arrival_of=snowflake_at)
    first_answers, deciding_answers = [], []
    arrival = itertools.count(1 << 50, 1 << 23)
    for number in range(matches):
        match = await host.open_table(
            guild_id=1,
            channel_id=50_000 + number,
            game="anomia",
            opener_id=1,
            opener_name="Ada",
            options={"judging": "lists"},  # the race decided by the lists, with no challenge window to wait out
        )
        for user_id, name in PLAYERS[1:]:
            await host.join(match.id, user_id, name)
        await host.start(match.id, 1)
        for serial in itertools.count():
            snapshot = await host.load(match.id)
            match, view = snapshot.match, snapshot.public_view
            if view.outcome is not None or serial > 400:
                break
            faceoff = view.faceoff
            if faceoff is None:
                pile = "left" if view.draw_pile_sizes[0] else "right"
                await host.act(match.id, match.at_seat(view.flipper).user_id, f"flip {pile}")
                continue
            if faceoff.phase not in ("open", "settling"):
                break  # votes and challenges are not what this measures
            timings = first_answers
            for seat, (category_id, _) in zip(faceoff.seats, faceoff.categories, strict=True):
                # An answer is typed in the channel: the host reads it as chat (answers are typed-only moves).
                text, user_id = an_answer(rules, category_id, serial), match.at_seat(seat).user_id
                begun = time.perf_counter()
                try:
                    result = await host.act_typed(match.channel_id, user_id, text, next(arrival), from_chat=True)
                except Refusal:
                    break
                if result is None:
                    break
                timings.append((time.perf_counter() - begun) * 1000)
                timings = deciding_answers
    await store.close()
    return {
        "matches": matches,
        "first_answers": len(first_answers),
        **summary("first_answer", first_answers),
        "deciding_answers": len(deciding_answers),
        **summary("deciding_answer", deciding_answers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=300)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps(run_on_fastest_loop(measure(Path(folder) / "bench.sqlite3", arguments.matches)), indent=2))


if __name__ == "__main__":
    main()
