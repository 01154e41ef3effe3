"""Victory points: the WBF 2013 continuous 20-VP scale (with the report's rounding corrections)
and a 20-point discrete scale, for Swiss and round-robin team (or pair) events.

Pure Python.  A scale maps an IMP margin over a match of ``boards`` boards to the VPs of the two
sides; the two always add up to 20.

* ``wbf`` — Technical Report of the WBF Scoring Panel (Bavin, Bethe, Bramley, Buchen), "The New
  WBF IMP to VP Scales" (2013): blitz X = 15·√N, τ = (√5 − 1)/2, a win by I < X IMPs is worth
  V = 10 + 10·(1 − τ^(3I/X)) / (1 − τ³) to the winner, rounded to 2 d.p., capped at 20.  The
  report then corrects the rounded table so that each extra IMP is worth no more than the one
  before (concavity): wherever the gain from I to I+1 exceeds the gain from I−1 to I, the VP
  of I is raised by 0.01, and the check runs again from the start until no gain grows.
* ``discrete20`` — the 20-point discrete scale published for Swiss teams of 6–8 and 9–11 boards
  a match (server.bridgehands.com, "Victory Points", 20 Point Victory Scale): an IMP margin
  falls in a band and the band gives whole VPs (0 → 10–10, 1–2 → 11–9, … , 28+ → 20–0 over 6–8
  boards).  It is defined for those board counts only; other counts are refused with a message.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache

from scoring.engine.contract import ScoringError

__all__ = ["SCALES", "discrete20_vp", "vp", "wbf_table", "wbf_vp"]

SCALES = ("wbf", "discrete20")
CENT = Decimal("0.01")
TWENTY = Decimal("20.00")
MAX_BOARDS = 200

#: lowest IMP margin for 11, 12, … 20 VPs to the winner (the published 20-point scale)
DISCRETE20 = {
    range(6, 9): (1, 3, 5, 8, 11, 14, 17, 20, 24, 28),
    range(9, 12): (1, 3, 6, 10, 14, 18, 22, 26, 31, 36),
}


def _check_boards(boards: int) -> None:
    if isinstance(boards, bool) or not isinstance(boards, int) or not 1 <= boards <= MAX_BOARDS:
        raise ScoringError("boards", f"a match has 1 to {MAX_BOARDS} boards, not {boards!r}")


def _raw(margin: int | Fraction, blitz: float) -> Decimal:
    tau = (math.sqrt(5) - 1) / 2
    value = 10 + 10 * (1 - tau ** (3 * float(margin) / blitz)) / (1 - tau**3)
    return min(Decimal(repr(value)).quantize(CENT, ROUND_HALF_UP), TWENTY)


@lru_cache(maxsize=64)
def wbf_table(boards: int) -> tuple[Decimal, ...]:
    """The winner's VPs for margins 0, 1, … up to the first margin worth 20 (the blitz)."""
    _check_boards(boards)
    blitz = 15 * math.sqrt(boards)
    values = [_raw(margin, blitz) for margin in range(math.ceil(blitz) + 1)]
    while values[-2] == TWENTY:
        values.pop()
    while (at := _first_growing_gain(values)) is not None:
        values[at] += CENT
    return tuple(values)


def _first_growing_gain(values: list[Decimal]) -> int | None:
    for margin in range(1, len(values) - 1):
        if values[margin + 1] - values[margin] > values[margin] - values[margin - 1]:
            return margin
    return None


def _signed(winner: Decimal, margin: Fraction | int) -> tuple[Decimal, Decimal]:
    loser = TWENTY - winner
    return (winner, loser) if margin >= 0 else (loser, winner)


def wbf_vp(imp_margin: int | Fraction, boards: int) -> tuple[Decimal, Decimal]:
    """(VPs of the side with ``imp_margin``, VPs of the other) on the WBF 2013 scale.

    A whole margin reads the corrected table; a fractional one (half the difference of two
    teams' IMPs when an artificial score does not balance) takes the formula itself.
    """
    table = wbf_table(boards)
    margin = abs(Fraction(imp_margin))
    if margin >= len(table) - 1:
        return _signed(TWENTY, imp_margin)
    if margin.denominator == 1:
        return _signed(table[int(margin)], imp_margin)
    return _signed(_raw(margin, 15 * math.sqrt(boards)), imp_margin)


def discrete20_vp(imp_margin: int | Fraction, boards: int) -> tuple[Decimal, Decimal]:
    """(VPs of the side with ``imp_margin``, VPs of the other) on the 20-point discrete scale."""
    _check_boards(boards)
    for counts, steps in DISCRETE20.items():
        if boards in counts:
            winner = 10 + bisect_right(steps, abs(Fraction(imp_margin)))
            return _signed(Decimal(winner), imp_margin)
    raise ScoringError(
        "boards",
        f"the 20-point discrete scale is published for matches of 6 to 11 boards, not {boards};"
        " use the WBF continuous scale",
    )


def vp(scale: str, imp_margin: int | Fraction, boards: int) -> tuple[Decimal, Decimal]:
    """VPs on the scale named ``scale`` (one of :data:`SCALES`)."""
    if scale == "wbf":
        return wbf_vp(imp_margin, boards)
    if scale == "discrete20":
        return discrete20_vp(imp_margin, boards)
    raise ScoringError("vp_scale", f"{scale!r} is not one of {', '.join(SCALES)}")
