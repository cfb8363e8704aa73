"""What every benchmark prints: medians of repeated runs, and each ratio
against its goal (issue 22) with "meets" or "misses".

Figures on a shared machine are noisy; a benchmark repeats its measurement
and takes the median, and measures its baseline in the same run (between
the repeats where it can), so that the ratios compare across machines.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_time(fn: Callable[[], object], repeat: int) -> float:
    """The median of ``repeat`` timed calls of ``fn``, in seconds."""
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def verdict(what: str, ratio: float, goal: float, *, at_least: bool = False) -> str:
    """One line: the ratio, the goal and whether it is met (``at_least``: the
    ratio must reach the goal, as throughput does; else stay within it)."""
    met = ratio >= goal if at_least else ratio <= goal
    sign = ">=" if at_least else "<="
    line = f"{what}: {ratio:.2f}x (goal {sign} {goal:g}x): {'meets' if met else 'misses'}"
    print(line)
    return line
