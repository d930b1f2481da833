"""Benchmark of Not Another Word's dictionary index: its queries against a linear scan, the host's time per
word, and the memory the index takes.

(1) Every word of the `expert` dictionary is taken in turn as the word on the table, and two questions are asked
of it: "can any word be made from this word?" (`WordIndex.has_successor(word)`) and "can this hand make a word?"
(`has_successor(word, hand)`, a fixed pseudo-random hand of 7 letters per word, drawn from the deck's 100 cards,
`cards.LETTER_COUNTS`). Beside the index, the same questions are answered by a linear scan of the whole
dictionary that compares letter multisets: a word of the same length with one letter replaced by a different one
(place), one letter more (add, at most 5 letters) or one fewer (combine, at least 3); with a hand, the letter
placed or added must be one of the hand's (a combine needs no card, as in the rules). Both stop at the first word
found. Both must give the same answer for every word (asserted; the agreement is printed); the table gives each
pass's total, the mean per query and the index's speed-up.

A scan comparing `collections.Counter`s, even with each dictionary word's Counter computed once, would take about
75 s for the 17,152 queries of the first question and 3 minutes for the second (4 and 10 ms a query, on this
project's 2-core machine), so the scan that runs over every word precomputes each dictionary word's letter counts
as one integer (4 bits a letter): comparing two multisets is then one subtraction and one lookup in a fixed table
of the one-letter differences (26 adds, 650 replacements), and every dictionary word is still visited in order
until one fits. The Counter scan (precomputed Counters) runs too, on one word in `--counter-every`, for scale; and
both scans again on the queries answered no, where nothing stops a scan early.

(2) The host's time per accepted word: the real `MatchHost` on a real SQLite file, `--tables` three-player tables
(expert dictionary and "table blocked" on by default: the most dictionary work a word costs), a new one opened
whenever a game ends. The player to act makes a word from `rules.legal_actions` (a place or an add when there is
one, picked pseudo-randomly), else exchanges cards; only accepted words are timed: `MatchHost.act` with the board
version (load, parse, judge, commit). After each word, the floor of bench/host_bench.py: a bare transaction
writing the same bytes (state and log row) through aiosqlite, and on a plain sqlite3 connection. p50, p99, max.

(3) Memory, in a fresh process each (RSS, then tracemalloc, which takes memory of its own): VmRSS of
/proc/self/status and tracemalloc's traced memory before and after reading and parsing the words file (the
`WordContent`), and after building `NotAnotherWordRules(content)`, which indexes the three dictionaries (common,
large, expert) and keeps the starting words.

    .venv/bin/python bench/word_bench.py            # full run: every expert word, 2,000 words at 50 tables
    .venv/bin/python bench/word_bench.py --quick    # a quick look: 1 word in 10, 300 words at 10 tables
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from string import ascii_lowercase

from timing import print_table, summary

from bot.app import SystemClock
from bot.catalogue import PROJECT_ROOT, load_games
from bot.discord_ui.snowflake import snowflake_at
from bot.games.not_another_word.actions import Exchange, MakeWord
from bot.games.not_another_word.cards import LETTER_COUNTS
from bot.games.not_another_word.content import CONTENT_FILES, DICTIONARY_SIZES, parse_content
from bot.games.not_another_word.dictionary import MAX_SPOTS, MIN_SPOTS, WordIndex
from bot.games.not_another_word.rules import HAND_SIZE, NotAnotherWordRules
from bot.matches import MatchHost, MatchStatus
from bot.matches.host import decode_state
from bot.runtime import run_on_fastest_loop, tune_interpreter
from bot.storage import SqliteStore

GAME = "not_another_word"
PLAYERS = ((1, "Ada"), (2, "Bo"), (3, "Cy"))
DECK_LETTERS = "".join(letter * count for letter, count in LETTER_COUNTS.items())
HAND_SEED = 20240601
"""The hands of question (1b) are the same in every run."""
WARM_UP = 200
"""Words made at the host before measuring, as a bot that has run a while has made them (caches filled)."""

# A multiset of letters as one integer: 4 bits a letter, so a difference of two words' counts (each -5..5) is
# one integer, and one letter more, or one letter swapped for another, is one of a few fixed values.
LETTER_BITS = {letter: 1 << (4 * place) for place, letter in enumerate(ascii_lowercase)}
ONE_MORE = {bits: letter for letter, bits in LETTER_BITS.items()}
"""(their counts - mine) -> the letter they have one more of."""
ONE_SWAPPED = {
    LETTER_BITS[gained] - LETTER_BITS[lost]: gained
    for gained in ascii_lowercase
    for lost in ascii_lowercase
    if gained != lost
}
"""(their counts - mine) -> the letter gained, for one letter replaced by a different one."""


def letter_counts(word: str) -> int:
    return sum(LETTER_BITS[letter] for letter in word)


def scan_has_successor(word: str, hand: str | None, dictionary: Sequence[tuple[int, int]]) -> bool:
    """Whether a word of `dictionary` ((length, letter counts) of each) follows `word`, by visiting each in turn."""
    length, mine = len(word), letter_counts(word)
    offered = set(ascii_lowercase if hand is None else hand)
    for their_length, theirs in dictionary:
        if their_length == length:
            gained = ONE_SWAPPED.get(theirs - mine)  # place
        elif their_length == length + 1 <= MAX_SPOTS:
            gained = ONE_MORE.get(theirs - mine)  # add
        elif their_length == length - 1 >= MIN_SPOTS:
            if mine - theirs in ONE_MORE:  # combine: no card needed
                return True
            continue
        else:
            continue
        if gained is not None and gained in offered:
            return True
    return False


def counter_has_successor(word: str, hand: str | None, dictionary: Sequence[tuple[int, Counter[str]]]) -> bool:
    """The same scan comparing `collections.Counter`s ((length, Counter) of each dictionary word)."""
    length, mine = len(word), Counter(word)
    offered = set(ascii_lowercase if hand is None else hand)
    for their_length, theirs in dictionary:
        if not (length - 1 <= their_length <= length + 1 and MIN_SPOTS <= their_length <= MAX_SPOTS):
            continue
        gained, lost = theirs - mine, mine - theirs
        if gained.total() > 1 or lost.total() > 1 or not (gained or lost):
            continue
        if not gained or next(iter(gained)) in offered:  # a combine, or a place or add with a card held
            return True
    return False


def timed_answers(ask: Callable[[str, str | None], bool], queries: Sequence[tuple[str, str | None]]):
    """The answers to every query, and the seconds the whole pass took."""
    begun = time.perf_counter()
    answers = [ask(word, hand) for word, hand in queries]
    return answers, time.perf_counter() - begun


def race(label: str, queries: list, index: WordIndex, baselines: Sequence[tuple]) -> tuple[list[bool], list]:
    """The index's answers to `queries`, and the table's rows: the index, then each baseline (method, how it
    answers, one query in how many it asks), each checked against the index on every query it asked."""
    truth, index_seconds = timed_answers(index.has_successor, queries)
    index_mean = index_seconds / len(queries)
    rows = [(label, "index", len(queries), len(queries), sum(truth), index_seconds, index_mean, None)]
    for method, ask, stride in baselines:
        answers, seconds = timed_answers(ask, queries[::stride])
        agree = sum(answer == expected for answer, expected in zip(answers, truth[::stride], strict=True))
        assert agree == len(answers), f"{method} disagrees with the index on {len(answers) - agree} words"
        mean = seconds / len(answers)
        rows.append(("", method, len(answers), agree, sum(answers), seconds, mean, mean / index_mean))
    return truth, rows


def compare_queries(index: WordIndex, every: int, counter_every: int) -> list[tuple]:
    """Rows of the table of (1): per question, the index, the linear scan and the Counter scan (sampled); then
    the same for the queries answered no alone, which no method can cut short."""
    dictionary = sorted(index.words)
    words = dictionary[::every]
    deal = random.Random(HAND_SEED)
    hands = ["".join(deal.sample(DECK_LETTERS, HAND_SIZE)) for _ in words]
    by_counts = [(len(word), letter_counts(word)) for word in dictionary]
    by_counter = [(len(word), Counter(word)) for word in dictionary]

    def scan(word: str, hand: str | None) -> bool:
        return scan_has_successor(word, hand, by_counts)

    def count(word: str, hand: str | None) -> bool:
        return counter_has_successor(word, hand, by_counter)

    rows = []
    for question, queries in (
        ("any word", [(word, None) for word in words]),
        ("7-card hand", list(zip(words, hands, strict=True))),
    ):
        baselines = (("linear scan", scan, 1), (f"Counter scan, 1 in {counter_every}", count, counter_every))
        truth, raced = race(question, queries, index, baselines)
        rows += raced
        unanswered = [query for query, answer in zip(queries, truth, strict=True) if not answer]
        if unanswered:
            baselines = (("linear scan", scan, 1), ("Counter scan", count, 1))
            rows += race("  answered no", unanswered, index, baselines)[1]
    return rows


async def open_table(host: MatchHost, channel_id: int, options: dict) -> int:
    match = await host.open_table(
        guild_id=1, channel_id=channel_id, game=GAME, opener_id=1, opener_name="Ada", options=options
    )
    for user_id, name in PLAYERS[1:]:
        await host.join(match.id, user_id, name)
    await host.start(match.id, 1)
    return match.id


async def measure_host(folder: Path, rules: NotAnotherWordRules, words: int, tables: int, options: dict) -> dict:
    """The host's time per accepted word (and the floor's for the same bytes), as in bench/host_bench.py."""
    from host_bench import Floor  # imported here: host_bench loads every game as it is imported

    store = await SqliteStore.open(folder / "word.sqlite3")
    seeds = itertools.count(1)
    host = MatchHost(store, SystemClock(), {GAME: rules}, new_seed=lambda: next(seeds), arrival_of=snowflake_at)
    channels = itertools.count(10_000)
    live = [await open_table(host, next(channels), options) for _ in range(tables)]
    opened = tables
    written = sqlite3.connect(folder / "word.sqlite3")
    written.row_factory = sqlite3.Row
    floor = Floor(folder, GAME)
    await floor.open()
    choose = random.Random(1)
    host_ms, floor_ms, plain_ms = [], [], []
    kinds: list[str] = []
    exchanges = 0
    while len(host_ms) < words + WARM_UP:
        for position, match_id in enumerate(live):
            match = await host.get(match_id)
            if match.status is not MatchStatus.PLAYING:  # the game is over: a new one in its place
                live[position] = await open_table(host, next(channels), options)
                opened += 1
                continue
            state = decode_state(rules, match)
            seat = state.turn
            legal = rules.legal_actions(state, seat)
            made = [action for action in legal if isinstance(action, MakeWord)]
            sheds = [action for action in made if len(action.word) >= len(state.word)]  # a place or an add
            action = choose.choice(sheds or made or [action for action in legal if isinstance(action, Exchange)])
            pin = host.snapshot(match).pin(seat)  # what the clicked panel pinned, made when the panel was shown
            begun = time.perf_counter()
            await host.act(match_id, match.at_seat(seat).user_id, action.notation, pin=pin)
            elapsed = (time.perf_counter() - begun) * 1000
            if not isinstance(action, MakeWord):
                exchanges += 1
                continue
            host_ms.append(elapsed)
            kinds.append({0: "place", 1: "add", -1: "combine"}[len(action.word) - len(state.word)])
            entry = written.execute(
                "SELECT * FROM actions WHERE match_id = ? AND version = ?", (match_id, match.version + 1)
            ).fetchone()
            (stored,) = written.execute("SELECT state FROM matches WHERE id = ?", (match_id,)).fetchone()
            bare, plain = await floor.write(stored, entry)
            floor_ms.append(bare)
            plain_ms.append(plain)
    written.close()
    await floor.close()
    await store.close()
    host_ms, floor_ms, plain_ms = host_ms[WARM_UP:], floor_ms[WARM_UP:], plain_ms[WARM_UP:]
    return {
        "words": len(host_ms),
        "warm_up_words": WARM_UP,
        "kinds": dict(Counter(kinds[WARM_UP:])),
        "exchanges": exchanges,
        "tables_opened": opened,
        "host": {**summary("host", host_ms), "max": round(max(host_ms), 2)},
        "floor": {**summary("floor", floor_ms), "max": round(max(floor_ms), 2)},
        "plain": {**summary("plain", plain_ms), "max": round(max(plain_ms), 2)},
    }


def rss_megabytes() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure_memory(gauge: str) -> dict:
    """Run in a fresh process: `gauge` (rss or tracemalloc) in MB before the content, after parsing the words file,
    and after building the rules with their three indexes."""
    if gauge == "tracemalloc":
        tracemalloc.start()

    def reading() -> float:
        gc.collect()
        return tracemalloc.get_traced_memory()[0] / 2**20 if gauge == "tracemalloc" else rss_megabytes()

    before = reading()
    folder = PROJECT_ROOT / "data" / GAME
    files = {name: (folder / name).read_text(encoding="utf-8") for name in CONTENT_FILES}
    content = parse_content(files)
    del files
    parsed = reading()
    rules = NotAnotherWordRules(content)
    built = reading()
    return {
        "before": before,
        "parse": parsed - before,
        "rules": built - parsed,
        "total": built - before,
        "words": {name: len(index) for name, index in rules.dictionaries.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="1 expert word in 10; 300 words at 10 tables")
    parser.add_argument("--words", type=int, help="accepted words timed at the host (2,000; --quick 300)")
    parser.add_argument("--tables", type=int, help="live tables the words go round (50; --quick 10)")
    parser.add_argument("--counter-every", type=int, help="the Counter scan asks for 1 word in this many (25)")
    parser.add_argument("--dictionary", choices=tuple(DICTIONARY_SIZES), default="expert", help="at the host")
    parser.add_argument("--table-blocked", action=argparse.BooleanOptionalAction, default=True, help="at the host")
    parser.add_argument("--memory-only", choices=("rss", "tracemalloc"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.memory_only:
        print(json.dumps(measure_memory(arguments.memory_only)))
        return
    quick = arguments.quick
    every = 10 if quick else 1
    counter_every = arguments.counter_every or (10 if quick else 25)
    words = arguments.words or (300 if quick else 2_000)
    tables = arguments.tables or (10 if quick else 50)

    rules = load_games()[GAME].rules
    tune_interpreter()  # as the bot runs once its content is loaded
    index = rules.dictionaries["expert"]

    rows = compare_queries(index, every, counter_every)
    print_table(
        f"(1) Index against a linear scan: {rows[0][2]:,} of the expert dictionary's {len(index):,} words as the word",
        ("question", "method", "queries", "agree", "yes", "total s", "mean us", "index speed-up"),
        [
            (question, method, f"{count:,}", f"{agree:,}", f"{yes:,}", f"{seconds:.3f}", f"{mean * 1e6:.1f}",
             "" if ratio is None else f"{ratio:.0f}x")
            for question, method, count, agree, yes, seconds, mean, ratio in rows
        ],
        left=2,
    )  # fmt: skip

    options = {"dictionary": arguments.dictionary, "table_blocked": arguments.table_blocked}
    with tempfile.TemporaryDirectory() as folder:
        host = run_on_fastest_loop(measure_host(Path(folder), rules, words, tables, options))
    kinds = ", ".join(f"{kind} {count:,}" for kind, count in sorted(host["kinds"].items()))
    print_table(
        f"(2) Host time per accepted word: {host['words']:,} words ({kinds}) after {host['warm_up_words']} unmeasured,"
        f"\n    {host['tables_opened']} three-player tables ({arguments.dictionary} dictionary, table blocked"
        f" {'on' if arguments.table_blocked else 'off'}); {host['exchanges']:,} exchanges not timed",
        ("measure", "p50 ms", "p99 ms", "max ms"),
        [
            ("host.act: load, parse, judge, commit", *host["host"].values()),
            ("floor: same bytes, aiosqlite", *host["floor"].values()),
            ("floor: same bytes, plain sqlite3", *host["plain"].values()),
            ("host / aiosqlite floor", *(f"{host['host'][f'host_ms_{p}'] / host['floor'][f'floor_ms_{p}']:.2f}"
                                         for p in ("p50", "p99")), ""),
        ],
    )  # fmt: skip

    memory = {
        gauge: json.loads(
            subprocess.run(
                [sys.executable, __file__, "--memory-only", gauge], check=True, capture_output=True, text=True
            ).stdout
        )
        for gauge in ("rss", "tracemalloc")
    }
    sizes = ", ".join(f"{name} {count:,}" for name, count in memory["rss"]["words"].items())
    print_table(
        f"(3) Memory of the word content, each gauge in a fresh process\n    (words per dictionary: {sizes})",
        ("step", "RSS MB", "tracemalloc MB"),
        [
            ("before: the bot's modules imported", *(f"{memory[gauge]['before']:.1f}" for gauge in memory)),
            ("+ words file read and parsed (WordContent)", *(f"{memory[gauge]['parse']:.1f}" for gauge in memory)),
            ("+ NotAnotherWordRules(content): 3 indexes", *(f"{memory[gauge]['rules']:.1f}" for gauge in memory)),
            ("= the word content, all told", *(f"{memory[gauge]['total']:.1f}" for gauge in memory)),
        ],
    )


if __name__ == "__main__":
    main()
