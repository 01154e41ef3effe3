"""Matchpoints (Law 78A), Neuberg factoring and artificial adjusted scores (Law 12C2).

``../shared/SCORING.md`` §4. Scales: "EBU" (2/1/0 per comparison, top 2(n−1), EBU/WBF) and
"ACBL" (1/½/0, top n−1). Exact: comparisons count whole half-units (EBU matchpoints) in one
sorted pass; only factoring (Neuberg, ratio scaling, percentages) divides, into a ``Fraction``
when the quotient is not whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.engine.contract import ScoringError
from scoring.engine.weighted import weighted_half_units

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


def matchpoints(scores: Sequence[int | Fraction], scale: str = "EBU") -> list[int | Fraction]:
    """N-S matchpoints of each score against the others on the board (Law 78A).

    EBU: 2 per worse score, 1 per equal; ACBL: 1 and ½. E-W = top − N-S. Whole values are
    ``int``, halves ``Fraction``.
    """
    _check_scale(scale)
    units = half_units(scores)
    return units if scale == "EBU" else [_exact(u, 2) for u in units]


def half_units(scores: Sequence[int | Fraction]) -> list[int]:
    """Each score's matchpoints in half-ACBL units (= EBU matchpoints): 2 per worse score and
    1 per equal one, counted in one pass over the sorted scores."""
    ordered = sorted(scores)
    units_of = {}
    n = len(ordered)
    start = 0
    while start < n:
        value = ordered[start]
        end = start + 1
        while end < n and ordered[end] == value:
            end += 1
        units_of[value] = 2 * start + (end - start - 1)
        start = end
    return [units_of[s] for s in scores]


def _exact(numerator: int, denominator: int) -> int | Fraction:
    """``numerator / denominator`` exactly: an ``int`` when whole, else a ``Fraction``."""
    if numerator % denominator == 0:
        return numerator // denominator
    return Fraction(numerator, denominator)


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
    """Per-line N-S and E-W matchpoints of one board (or one fouled group), out of ``top``
    (``int`` when whole, ``Fraction`` otherwise)."""

    ns: tuple[int | Fraction, ...]
    ew: tuple[int | Fraction, ...]
    top: int


def matchpoint_board(
    scores: Sequence[int | Fraction | None],
    artificial: Sequence[tuple[Fraction, Fraction] | None] = (),
    expected: int | None = None,
    scale: str = "EBU",
    use_neuberg: bool = True,
    acbl_single_result_60: bool = False,
    weighted: bool = False,
) -> BoardMatchpoints:
    """Matchpoint one board. ``scores[i]`` is the N-S score of line i, or None when the line
    has an artificial adjusted score ``artificial[i] = (ns_percent, ew_percent)``.

    Real results are compared among themselves and Neuberg-factored from n real results up to
    ``expected`` (default: the number of lines). Artificial results take their percentage of the
    full top (Law 12C2; Compscore3: A6040 on a top of 40 gives 24/16). With
    ``acbl_single_result_60`` a sole real result scores 60% for both sides (ACBLscore).

    The comparison runs in whole half-units ``u`` (EBU matchpoints; twice ACBL ones); a
    factored score is one exact division: Neuberg ``((u+1)·N − n) / (d·n)`` and ratio scaling
    ``u·(N−1) / (d·(n−1))`` with ``d`` = 1 (EBU) or 2 (ACBL).

    ``weighted``: some ``scores[i]`` are weighted parts ((weight, N-S score), ...) of a
    weighted adjusted score (Law 12C1(c)); the units are then counted comparison by
    comparison, each weighted (``scoring.engine.weighted.weighted_half_units``), and may be
    fractions.  Without it the one sorted pass of ``half_units`` counts them.
    """
    _check_scale(scale)
    count = len(scores)
    n_expected = count if expected is None else expected
    if n_expected < count:
        raise ScoringError("results_expected", f"{count} results but {n_expected} expected")
    full_top = top(n_expected, scale)
    n_real = count - scores.count(None)  # counted in C: a board is mostly real results
    real_idx = (
        range(count) if n_real == count else [i for i, s in enumerate(scores) if s is not None]
    )
    ns: list[int | Fraction] = [0] * count
    ew: list[int | Fraction] = [0] * count
    if n_real:
        reals = scores if n_real == count else [scores[i] for i in real_idx]
        units = weighted_half_units(reals) if weighted else half_units(reals)
        if acbl_single_result_60 and n_real == 1:
            ns[real_idx[0]] = ew[real_idx[0]] = _exact(3 * full_top, 5)
        else:
            ns_real, ew_real = _factored(units, n_real, n_expected, scale, use_neuberg)
            if n_real == count:
                ns, ew = ns_real, ew_real
            else:
                for k, i in enumerate(real_idx):
                    ns[i], ew[i] = ns_real[k], ew_real[k]
    if n_real < count:
        artificial = list(artificial) + [None] * (count - len(artificial))
        for i, adj in enumerate(artificial):
            if scores[i] is None:
                if adj is None:
                    raise ScoringError(
                        "adjusted", f"line {i + 1} has neither a score nor an adjustment"
                    )
                ns[i] = Fraction(adj[0]) / 100 * full_top
                ew[i] = Fraction(adj[1]) / 100 * full_top
    return BoardMatchpoints(tuple(ns), tuple(ew), full_top)


def _factored(
    units: list[int], n: int, expected: int, scale: str, use_neuberg: bool
) -> tuple[list, list]:
    """N-S and E-W matchpoints from the N-S half-units of ``n`` results factored to ``expected``."""
    d = 1 if scale == "EBU" else 2
    opposite = 2 * (n - 1)  # N-S + E-W half-units of one line
    if n == expected:
        if d == 1:
            return units, [opposite - u for u in units]
        return [_exact(u, 2) for u in units], [_exact(opposite - u, 2) for u in units]
    if use_neuberg:
        num, den = expected, d * n  # ((u+1)·N − n) / (d·n)
        return (
            [_exact((u + 1) * num - n, den) for u in units],
            [_exact((opposite - u + 1) * num - n, den) for u in units],
        )
    if n == 1:  # no comparison: half the full top (plain ratio scaling)
        half = _exact(expected - 1, d)
        return [half] * len(units), [half] * len(units)
    num, den = expected - 1, d * (n - 1)
    return (
        [_exact(u * num, den) for u in units],
        [_exact((opposite - u) * num, den) for u in units],
    )
