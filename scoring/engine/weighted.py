"""Weighted adjusted scores (WBF Laws of Duplicate Bridge 2017, Law 12C1(c)).

When the Director judges that an irregularity made several results possible, he may award a
weighted score: e.g. 60% of 4♠= by North plus 40% of 4♠−1. The law asks that each part of the
weighting be scored as if it had been the table's result, and the parts be combined by their
weights ("the score is weighted to reflect the probabilities of a number of potential results").
So on a matchpointed board every comparison that involves the weighted table is the weighted
mean of the comparisons of its parts (Law 78A's 2/1/0 per comparison [SCORING.md §4]): the
weighted table earns Σ wₖ·(units of part k against every other result), and every other table
earns, against the weighted one, Σ wₖ·(its units against part k).  At IMPs each part is IMPed
(Law 78B) and the IMPs are weighted.  Exact fractions throughout: 1/3 is one third.

The text form (stored with the result, in the session file and in the audit trail) is the
parts separated by ";", each a weight and a result: ``"60% 4S N =; 40% 4S N -1"``; a weight is
a percentage ("60%", "12.5%") or a fraction ("1/3"); a result is a contract, declarer and
outcome as ``scoring.engine.contract.parse_result`` reads it ("4S N =", "3NT S -2",
"4H E 11", "PASS"), or a plain N-S score ("420", "-50").  ``str(parse_weighted(text))`` is
the canonical form of any accepted text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from scoring.engine.contract import Result, ScoringError, parse_result, score_ns
from scoring.engine.imps import imps

__all__ = [
    "MAX_PARTS",
    "Weighted",
    "WeightedPart",
    "expected_imps",
    "parse_weighted",
    "weighted_half_units",
]

MAX_PARTS = 6
_SCORE = re.compile(r"^[+-]?\d{1,5}$")
_PERCENT = re.compile(r"^(\d{1,3}(?:\.\d{1,4})?)%$")
_RATIO = re.compile(r"^(\d{1,4})/(\d{1,4})$")

#: A line's scores for comparison: one N-S score (an ordinary result) or weighted parts
#: ((weight, N-S score), ...) whose weights add up to 1.
Scores = int | Fraction | tuple[tuple[Fraction, int], ...]


@dataclass(frozen=True)
class WeightedPart:
    """One part of a weighting: its weight and either a contract result or an N-S score."""

    weight: Fraction
    result: Result | None = None
    score: int | None = None

    def score_ns(self, vul: str) -> int:
        if self.result is None:
            return self.score
        return score_ns(self.result.contract, self.result.declarer, self.result.tricks, vul)

    def __str__(self) -> str:
        outcome = str(self.result) if self.result is not None else str(self.score)
        return f"{weight_text(self.weight)} {outcome}"


@dataclass(frozen=True)
class Weighted:
    """A weighted score: two or more parts whose weights add up to exactly 1."""

    parts: tuple[WeightedPart, ...]

    def __str__(self) -> str:
        return "; ".join(str(p) for p in self.parts)

    def scores(self, vul: str) -> tuple[tuple[Fraction, int], ...]:
        """((weight, N-S score), ...) on a board of vulnerability ``vul``."""
        return tuple((p.weight, p.score_ns(vul)) for p in self.parts)

    def mean(self, vul: str) -> Fraction:
        """The weighted mean N-S score (what the traveller's score column shows)."""
        return sum((w * s for w, s in self.scores(vul)), Fraction(0))


def weight_text(weight: Fraction) -> str:
    """ "60%" for a whole or decimal percentage, else the fraction ("1/3")."""
    percent = weight * 100
    if percent.denominator == 1:
        return f"{percent.numerator}%"
    decimal = Decimal(percent.numerator) / Decimal(percent.denominator)
    if Fraction(decimal) == percent and decimal == decimal.quantize(Decimal("0.0001")):
        return f"{decimal.normalize():f}%"
    return f"{weight.numerator}/{weight.denominator}"


def _weight(text: str, where: str) -> Fraction:
    found = _PERCENT.match(text)
    try:
        if found:
            weight = Fraction(Decimal(found.group(1))) / 100
        elif _RATIO.match(text):
            weight = Fraction(text)
        else:
            raise ValueError(text)
    except (ValueError, ZeroDivisionError, InvalidOperation):
        raise ScoringError(
            "weighted", f"{where}: {text!r} is not a weight; write a percentage ('60%') or a "
            "fraction ('1/3')",
        ) from None  # fmt: skip
    if not 0 < weight < 1:
        raise ScoringError("weighted", f"{where}: a weight is more than 0% and less than 100%")
    return weight


def _part(text: str, number: int) -> WeightedPart:
    where = f"part {number}"
    pieces = text.split(None, 1)
    if len(pieces) != 2:
        raise ScoringError(
            "weighted", f"{where}: {text!r}: write the weight, then the result, e.g. '60% 4S N ='"
        )
    weight = _weight(pieces[0], where)
    outcome = pieces[1].strip()
    if _SCORE.match(outcome):
        return WeightedPart(weight, score=int(outcome))
    try:
        return WeightedPart(weight, result=parse_result(outcome.upper()))
    except ScoringError as exc:
        raise ScoringError("weighted", f"{where}, {exc.field}: {exc.message}") from None


def parse_weighted(text: str) -> Weighted:
    """Read a weighting ("60% 4S N =; 40% 4S N -1"); refuse one whose weights do not add up
    to 100%, with fewer than two parts, or with a part that is not a result or a score."""
    raw = (text or "").strip()
    if len(raw) > 200:
        raise ScoringError("weighted", "a weighting is at most 200 characters")
    texts = [t.strip() for t in raw.split(";") if t.strip()]
    if len(texts) < 2:
        raise ScoringError(
            "weighted", "a weighted score has two or more parts separated by ';', e.g. "
            "'60% 4S N =; 40% 4S N -1' (one result alone is an assigned score)",
        )  # fmt: skip
    if len(texts) > MAX_PARTS:
        raise ScoringError("weighted", f"at most {MAX_PARTS} parts, got {len(texts)}")
    parts = tuple(_part(t, i) for i, t in enumerate(texts, start=1))
    total = sum((p.weight for p in parts), Fraction(0))
    if total != 1:
        raise ScoringError("weighted", f"the weights add up to {weight_text(total)}, not 100%")
    weighted = Weighted(parts)
    if len(str(weighted)) > 200:  # the canonical words are what is kept
        raise ScoringError("weighted", "a weighting is at most 200 characters")
    return weighted


def _distribution(scores: Scores) -> tuple[tuple[Fraction | int, int | Fraction], ...]:
    if type(scores) is tuple:
        return scores
    return ((1, scores),)


def weighted_half_units(lines: Sequence[Scores]) -> list[int | Fraction]:
    """Each line's N-S matchpoints in EBU units (2 per worse score, 1 per equal, Law 78A)
    against every other line, where a line may be weighted: a comparison with a weighted
    line is the weighted mean of the comparisons with its parts, and a weighted line's
    own comparisons are its parts' comparisons weighted (Law 12C1(c)).  Equals
    ``matchpoints.half_units`` when no line is weighted."""
    dists = [_distribution(s) for s in lines]
    out: list[int | Fraction] = []
    for i, mine in enumerate(dists):
        units = Fraction(0)
        for j, theirs in enumerate(dists):
            if i == j:
                continue
            for w, a in mine:
                for v, b in theirs:
                    units += w * v * (2 if a > b else 1 if a == b else 0)
        out.append(int(units) if units.denominator == 1 else units)
    return out


def expected_imps(mine: Scores, theirs: Scores | Fraction) -> Fraction:
    """IMPs (Law 78B) of ``mine`` against ``theirs`` (a score, weighted parts, or a datum):
    each pair of parts IMPed, weighted by both weights."""
    total = Fraction(0)
    for w, a in _distribution(mine):
        for v, b in _distribution(theirs):
            total += w * v * imps(a - b)
    return total


def mean_score(scores: Scores) -> Fraction:
    """The weighted mean of a line's scores (its own score when not weighted)."""
    return sum((Fraction(w) * s for w, s in _distribution(scores)), Fraction(0))
