"""What the benchmark scripts share: percentiles of timings in milliseconds, and printing a table."""

from __future__ import annotations

import statistics
from collections.abc import Sequence


def summary(name: str, samples_ms: list[float]) -> dict[str, float]:
    """`name`_ms_p50 and `name`_ms_p99 of the samples, rounded to hundredths of a millisecond."""
    ordered = sorted(samples_ms)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {f"{name}_ms_p50": round(statistics.median(ordered), 2), f"{name}_ms_p99": round(p99, 2)}


def print_table(title: str, headers: Sequence[str], rows: Sequence[Sequence[object]], left: int = 1) -> None:
    """A title, then the rows in columns: the first `left` aligned left, the figures right."""
    cells = [list(headers), *([str(cell) for cell in row] for row in rows)]
    widths = [max(len(row[column]) for row in cells) for column in range(len(headers))]
    print(f"\n{title}")
    for number, row in enumerate(cells):
        aligned = [
            cell.ljust(width) if column < left else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(aligned).rstrip())
        if number == 0:
            print("  ".join("-" * width for width in widths))
