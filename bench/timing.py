"""What the benchmark scripts share: percentiles of timings in milliseconds."""

from __future__ import annotations

import statistics


def summary(name: str, samples_ms: list[float]) -> dict[str, float]:
    """`name`_ms_p50 and `name`_ms_p99 of the samples, rounded to hundredths of a millisecond."""
    ordered = sorted(samples_ms)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {f"{name}_ms_p50": round(statistics.median(ordered), 2), f"{name}_ms_p99": round(p99, 2)}
