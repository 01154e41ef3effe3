"""IMPs (Law 78B), Butler, cross-IMPs, team matches and the WBF victory-point scale.

``../shared/SCORING.md`` §5. Exact Fractions, except the VP formula which is irrational and is
computed in floating point and rounded to 2 d.p. as the WBF publishes it.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction

from scoring.engine.contract import ScoringError
from scoring.engine.vp import wbf_vp

__all__ = [
    "butler_datum",
    "butler_imps",
    "cross_imps",
    "imps",
    "round_to_ten",
    "teams_board",
    "wbf_vp",
]

# Lower bound of each IMP step (Law 78B): 20 → 1, 50 → 2, ..., 4000 → 24.
IMP_STEPS = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def imps(difference: int | Fraction) -> int:
    """IMPs for a point difference (Law 78B); negative differences mirror the scale.

    Differences that are not multiples of 10 use the lower bounds (|d| ≥ 20 → 1, ...).
    """
    steps = bisect_right(IMP_STEPS, abs(difference))
    return steps if difference >= 0 else -steps


def round_to_ten(value: Fraction | int) -> int:
    """Round to a multiple of 10, halves away from zero (Compscore3: −445 → −450, 125 → 130)."""
    tens = abs(Fraction(value)) / 10
    rounded = math.floor(tens + Fraction(1, 2)) * 10
    return rounded if value >= 0 else -rounded


def butler_datum(scores: Sequence[int], drop: int = 1, round_datum: bool = True) -> Fraction:
    """Butler datum: the mean after dropping the ``drop`` highest and lowest scores, rounded to 10.

    When dropping would leave no score, all scores are used. ``drop`` is the event setting
    ``butler_drop`` (default 1, as Compscore3).
    """
    if not scores:
        raise ScoringError("scores", "a Butler datum needs at least one score")
    if drop < 0:
        raise ScoringError("butler_drop", f"must be >= 0, got {drop}")
    kept = sorted(scores)
    if len(kept) - 2 * drop >= 1 and drop > 0:
        kept = kept[drop:-drop]
    mean = Fraction(sum(kept), len(kept))
    return Fraction(round_to_ten(mean)) if round_datum else mean


def butler_imps(scores: Sequence[int], drop: int = 1, round_datum: bool = True) -> list[int]:
    """N-S IMPs of each score against the Butler datum (E-W take the negative)."""
    datum = butler_datum(scores, drop, round_datum)
    return [imps(s - datum) for s in scores]


def cross_imps(scores: Sequence[int]) -> list[Fraction]:
    """N-S cross-IMPs: the average of IMPs(score − other) over the n−1 other scores."""
    n = len(scores)
    if n < 2:
        return [Fraction(0)] * n
    return [
        Fraction(sum(imps(s - o) for j, o in enumerate(scores) if j != i), n - 1)
        for i, s in enumerate(scores)
    ]


def teams_board(ns_room1: int, ns_room2: int) -> int:
    """IMPs to the team sitting N-S in room 1: IMPs(NS_room1 − NS_room2) (Law 78B)."""
    return imps(ns_room1 - ns_room2)
