"""The balance bench (bench/anachronism_balance.py) runs: a quick run plays both kinds of games to the end and
prints its two tables. Its figures are the README's, not asserted here."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def test_the_balance_bench_runs_a_quick_look():
    run = subprocess.run(
        [sys.executable, "bench/anachronism_balance.py", "--quick", "--workers", "2"],
        cwd=ROOT, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    assert "(1) Quick-play packs" in run.stdout and "(2) Custom forces: 20 games" in run.stdout
    assert "Warriors outside 35-65%" in run.stdout and "Supports above 2x their fair share" in run.stdout
