"""Small statistics for AI tournaments and benchmarks.

>>> low, high = wilson_interval(8, 10)
>>> round(low, 3), round(high, 3)
(0.49, 0.943)
"""

from __future__ import annotations

import math


def wilson_interval(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); ``(0, 1)`` when nothing was tried.

    ``successes`` may be fractional (a draw counts one half).
    """
    if trials == 0:
        return (0.0, 1.0)
    rate = successes / trials
    denominator = 1 + z * z / trials
    centre = (rate + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))
