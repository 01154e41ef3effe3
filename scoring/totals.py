"""Session totals: net plus/minus (duplicate auction), direction averages, total points.

Seed: round slips "deducting the lower from the higher" [002 L2988–2995]; net "460 plus"
[002 L3009–3014]; direction average = total ÷ tables, each pair above/below average
[002 L3017–3023]; winners each way (Law 11) [002 L3378–3383]; excess added to the plus side to
balance [002 L3385–3388]; total points (Law 78C). ``../shared/SCORING.md`` §2 and §5.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.contract import ScoringError

__all__ = [
    "RoundSlip",
    "above_average",
    "direction_average",
    "excess_balance",
    "net_score",
    "round_slip",
    "total_points",
    "winners_each_way",
]


@dataclass(frozen=True)
class RoundSlip:
    """One round's slip entry: "110 plus on deals 13 to 16" for N-S, "110 minus" for E-W."""

    ns_net: int
    ew_net: int

    def describe(self, side: str, deals: str = "") -> str:
        value = self.ns_net if side == "NS" else self.ew_net
        word = "plus" if value > 0 else "minus" if value < 0 else "even"
        tail = f" on deals {deals}" if deals else ""
        return f"{abs(value)} {word}{tail}"


def round_slip(ns_total: int, ew_total: int) -> RoundSlip:
    """Deduct the lower total from the higher (TC-1: 420 v 310 → N-S +110, E-W −110)."""
    diff = ns_total - ew_total
    return RoundSlip(diff, -diff)


def net_score(pluses: Iterable[int], minuses: Iterable[int]) -> int:
    """Net of a pair's plus and minus entries (TC-2: 820 plus, 360 minus → 460 plus)."""
    return sum(pluses) - sum(abs(m) for m in minuses)


def direction_average(nets: Sequence[int | Fraction], tables: int | None = None) -> Fraction:
    """A direction's total net ÷ the number of tables (TC-3: 1,638 / 7 = 234), exact."""
    divisor = len(nets) if tables is None else tables
    if divisor < 1:
        raise ScoringError("tables", f"the number of tables must be at least 1, got {divisor}")
    return Fraction(sum(Fraction(n) for n in nets), divisor)


def above_average(net: int | Fraction, average: Fraction) -> Fraction:
    """A pair's score relative to its direction's average (TC-3: 460 → +226, 183 → −51)."""
    return Fraction(net) - average


def winners_each_way(nets: Mapping[object, int | Fraction]) -> list[object]:
    """The pairs with the largest net in a direction (the least net minus if all are minus).

    Ties all win (Law 11 names no tie-break) [002 L3378–3383].
    """
    if not nets:
        return []
    best = max(nets.values())
    return [pair for pair, net in nets.items() if net == best]


def excess_balance(nets: Iterable[int | Fraction], excesses: Iterable[int | Fraction]) -> Fraction:
    """Σ(net) + Σ(excess) over all pairs; 0 when the session balances [002 L3385–3388]."""
    return sum((Fraction(n) for n in nets), Fraction(0)) + sum(
        (Fraction(e) for e in excesses), Fraction(0)
    )


def total_points(scores: Iterable[int]) -> int:
    """Total points (Law 78C): the plain sum of a pair's raw scores."""
    return sum(scores)
