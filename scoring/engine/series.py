"""Series and season aggregates (LAWS.md §6.4 SC-D-8; SCORING.md §2 "Series").

The seed's series average net plus (Law 11 [002 L3390–3404]): each contest's direction average
= the direction's total net ÷ tables; each contestant is credited net − average; the highest
aggregate wins. Plus the club forms: sum or average of percentages, best k of n sessions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from scoring.engine.contract import ScoringError
from scoring.engine.totals import direction_average
from scoring.engine.whist import round_half_up

__all__ = ["average_of_percentages", "best_k_of_n", "series_net_plus", "sum_of_percentages"]


def series_net_plus(
    contests: Sequence[Mapping[str, Mapping[object, int]]],
    tables: Sequence[int] | None = None,
    rounding: str = "exact",
) -> dict[object, Fraction]:
    """Aggregate "average net plus" per contestant across ``contests``.

    Each contest maps a direction ("NS"/"EW") to {contestant: net}. The direction average is
    Σnet ÷ tables (default: the number of pairs in that direction); each contestant is credited
    net − average. ``rounding``: "exact" (default, the reference) or "half_up" (nearest point,
    ½ up) for the average — the seed does not say [LAWS.md A-5].
    """
    if rounding not in ("exact", "half_up"):
        raise ScoringError("series_rounding", f"expected 'exact' or 'half_up', got {rounding!r}")
    totals: dict[object, Fraction] = {}
    for k, contest in enumerate(contests):
        for nets in contest.values():
            count = tables[k] if tables is not None else len(nets)
            average = direction_average(list(nets.values()), count)
            if rounding == "half_up":
                average = Fraction(round_half_up(average))
            for who, net in nets.items():
                totals[who] = totals.get(who, Fraction(0)) + Fraction(net) - average
    return totals


def sum_of_percentages(sessions: Sequence[Mapping[object, Fraction]]) -> dict[object, Fraction]:
    """Sum each contestant's session percentages."""
    out: dict[object, Fraction] = {}
    for session in sessions:
        for who, pct in session.items():
            out[who] = out.get(who, Fraction(0)) + Fraction(pct)
    return out


def average_of_percentages(
    sessions: Sequence[Mapping[object, Fraction]],
) -> dict[object, Fraction]:
    """Average of each contestant's session percentages over the sessions it played."""
    counts: dict[object, int] = {}
    for session in sessions:
        for who in session:
            counts[who] = counts.get(who, 0) + 1
    return {who: total / counts[who] for who, total in sum_of_percentages(sessions).items()}


def best_k_of_n(
    sessions: Sequence[Mapping[object, Fraction]], k: int, average: bool = False
) -> dict[object, Fraction]:
    """Sum (or average) of each contestant's best ``k`` session scores."""
    if k < 1:
        raise ScoringError("best_k", f"k must be at least 1, got {k}")
    scores: dict[object, list[Fraction]] = {}
    for session in sessions:
        for who, value in session.items():
            scores.setdefault(who, []).append(Fraction(value))
    out = {}
    for who, values in scores.items():
        best = sorted(values, reverse=True)[:k]
        out[who] = sum(best, Fraction(0)) / (len(best) if average else 1)
    return out
