"""How the bot's process runs: its event loop, and the interpreter's settings for a process under load.

`python -m bot` uses both, and so do the benchmarks in bench/, so that what they measure is what runs.
"""

from __future__ import annotations

import asyncio
import gc
import sys
from collections.abc import Coroutine
from typing import Any, TypeVar

try:
    import uvloop
except ImportError:  # not made for Windows, where asyncio's own loop serves
    uvloop = None

T = TypeVar("T")
GIL_SWITCH_SECONDS = 0.0005
YOUNG_COLLECTION_THRESHOLD = 50_000
"""Objects allocated (less those freed) between two collections of the garbage collector's youngest generation
(Python's default is 700); see `tune_interpreter`."""


def run_on_fastest_loop(work: Coroutine[Any, Any, T]) -> T:
    """Run `work` to its end on uvloop's event loop where there is one, and return what it returns. Under load the
    bot spent about a third of its main thread in asyncio's loop and its sockets; uvloop's (in C, on libuv) gave 5
    to 25 % more moves a second in bench/load_bench.py."""
    with asyncio.Runner(loop_factory=uvloop.new_event_loop if uvloop else None) as runner:
        return runner.run(work)


def tune_interpreter() -> None:
    """Settle the interpreter for serving, once the games' content is loaded."""
    # The content lives as long as the process: the garbage collector need not walk it again and again.
    gc.freeze()
    # Every interaction, its reply and every message's buttons are reference cycles, freed only by the collector.
    # Collected every 700 allocations (the default), many were still in use, so they were walked again and moved
    # to the older generations, walked again there: under load (bench/load_bench.py) the collector took 9 % of the
    # process's time. Collected less often, most of them are garbage by then, freed by the youngest collection: 2 %.
    gc.set_threshold(YOUNG_COLLECTION_THRESHOLD, 10, 10)
    # A thread of SQLite's (its checkpoints, and a call that waits for another process's lock) needs the
    # interpreter lock back from a busy event loop; by default the loop keeps it for up to 5 ms at a time, which
    # under load made each call handed to a thread wait that long (measured with bench/load_bench.py).
    sys.setswitchinterval(GIL_SWITCH_SECONDS)
