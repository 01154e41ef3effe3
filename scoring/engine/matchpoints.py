"""Matchpoints (Law 78A), Neuberg factoring and artificial adjusted scores (Law 12C2).

``../shared/SCORING.md`` §4. Scales: "EBU" (2/1/0 per comparison, top 2(n−1), EBU/WBF) and
"ACBL" (1/½/0, top n−1). Exact Fractions throughout.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.contract import ScoringError

__all__ = [
    "BoardMatchpoints",
    "matchpoint_board",
    "matchpoints",
    "neuberg",
    "top",
]

SCALES = ("EBU", "ACBL")
_HALF = Fraction(1, 2)


def _check_scale(scale: str) -> None:
    if scale not in SCALES:
        raise ScoringError("mp_scale", f"expected 'EBU' or 'ACBL', got {scale!r}")


def top(results: int, scale: str = "EBU") -> int:
    """Top on a board with ``results`` comparisons: 2(n−1) EBU, n−1 ACBL (Law 78A)."""
    _check_scale(scale)
    return max(results - 1, 0) * (2 if scale == "EBU" else 1)


def matchpoints(scores: Sequence[int | Fraction], scale: str = "EBU") -> list[Fraction]:
    """N-S matchpoints of each score against the others on the board (Law 78A).

    EBU: 2 per worse score, 1 per equal; ACBL: 1 and ½. E-W = top − N-S.
    """
    _check_scale(scale)
    ordered = sorted(scores)
    out = []
    for score in scores:
        below = bisect_left(ordered, score)
        equal = bisect_right(ordered, score) - below - 1
        units = 2 * below + equal
        out.append(Fraction(units) if scale == "EBU" else Fraction(units, 2))
    return out


def neuberg(mp: Fraction, played: int, expected: int, scale: str = "EBU") -> Fraction:
    """Factor ``mp`` earned among ``played`` results up to ``expected`` (Neuberg).

    EBU units: M = (m+1)·N/n − 1; ACBL units: M = (m+½)·N/n − ½. EBU example: 10 results of 11,
    a sole top 18 → 19.9, a sole bottom 0 → 0.1.
    """
    _check_scale(scale)
    if played < 1 or expected < played:
        raise ScoringError("results_expected", f"cannot factor {played} results to {expected}")
    unit = 1 if scale == "EBU" else _HALF
    return (Fraction(mp) + unit) * expected / played - unit


@dataclass(frozen=True)
class BoardMatchpoints:
    """Per-line N-S and E-W matchpoints of one board (or one fouled group), out of ``top``."""

    ns: tuple[Fraction, ...]
    ew: tuple[Fraction, ...]
    top: int


def matchpoint_board(
    scores: Sequence[int | Fraction | None],
    artificial: Sequence[tuple[Fraction, Fraction] | None] = (),
    expected: int | None = None,
    scale: str = "EBU",
    use_neuberg: bool = True,
    acbl_single_result_60: bool = False,
) -> BoardMatchpoints:
    """Matchpoint one board. ``scores[i]`` is the N-S score of line i, or None when the line
    has an artificial adjusted score ``artificial[i] = (ns_percent, ew_percent)``.

    Real results are compared among themselves and Neuberg-factored from n real results up to
    ``expected`` (default: the number of lines). Artificial results take their percentage of the
    full top (Law 12C2; Compscore3: A6040 on a top of 40 gives 24/16). With
    ``acbl_single_result_60`` a sole real result scores 60% for both sides (ACBLscore).
    """
    artificial = list(artificial) + [None] * (len(scores) - len(artificial))
    n_expected = len(scores) if expected is None else expected
    if n_expected < len(scores):
        raise ScoringError("results_expected", f"{len(scores)} results but {n_expected} expected")
    full_top = top(n_expected, scale)
    real_idx = [i for i, s in enumerate(scores) if s is not None]
    real_mp = matchpoints([scores[i] for i in real_idx], scale)
    ns: list[Fraction] = [Fraction(0)] * len(scores)
    ew: list[Fraction] = [Fraction(0)] * len(scores)
    n_real = len(real_idx)
    for i, mp in zip(real_idx, real_mp, strict=True):
        if acbl_single_result_60 and n_real == 1:
            ns[i] = ew[i] = Fraction(3, 5) * full_top
            continue
        ns[i] = _factor(mp, n_real, n_expected, scale, use_neuberg)
        ew[i] = _factor(top(n_real, scale) - mp, n_real, n_expected, scale, use_neuberg)
    for i, adj in enumerate(artificial):
        if scores[i] is None:
            if adj is None:
                raise ScoringError(
                    "adjusted", f"line {i + 1} has neither a score nor an adjustment"
                )
            ns[i] = Fraction(adj[0]) / 100 * full_top
            ew[i] = Fraction(adj[1]) / 100 * full_top
    return BoardMatchpoints(tuple(ns), tuple(ew), full_top)


def _factor(mp: Fraction, n: int, expected: int, scale: str, use_neuberg: bool) -> Fraction:
    if n == expected:
        return Fraction(mp)
    if use_neuberg:
        return neuberg(mp, n, expected, scale)
    small_top = top(n, scale)  # plain ratio scaling to the full top
    if small_top == 0:
        return Fraction(top(expected, scale), 2)
    return Fraction(mp) * top(expected, scale) / small_top
