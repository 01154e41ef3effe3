"""Places with shared ties and prize allocation (LAWS.md §8; SCORING.md §6; Law 78D).

Competition ranking: equal scores, compared as displayed (2 d.p.), share the place and the next
place is skipped ("1", "=2", "=2", "4"). Ties are never broken unless the conditions of contest
say so; prize ties are settled by the event's rule and the decision is recorded.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from scoring.engine.contract import ScoringError

__all__ = [
    "PrizeAward",
    "allocate_prizes",
    "display",
    "display_key",
    "ordinal",
    "rank",
    "rank_keys",
    "settle_tie",
]

TIE_RULES = ("share", "play_off", "cut", "draw")


def display(value: Fraction | int | None, places: int = 2) -> Decimal | None:
    """Round an exact value half up for display (the only place scores are rounded)."""
    if value is None:
        return None
    value = Fraction(value)
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return exact.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)


def display_key(value: Fraction | int, places: int = 2) -> int:
    """``value`` as displayed (``display``: half up to ``places`` d.p.), as a whole number of
    hundredths (for 2 d.p.): equal displays give equal keys and the order is the same, in
    integer arithmetic (exact; no Decimal)."""
    if type(value) is int:
        return value * 10**places
    if type(value) is not Fraction:
        value = Fraction(value)
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return numerator * 10**places
    q, r = divmod(abs(numerator) * 10**places, denominator)
    if 2 * r >= denominator:
        q += 1
    return q if numerator >= 0 else -q


def rank(scores: Sequence[Fraction | int], places: int = 2) -> list[str]:
    """Competition ranks of ``scores`` (higher is better), ties compared as displayed."""
    return rank_keys([display_key(s, places) for s in scores])


def rank_keys(shown: Sequence[int], order: Sequence[int] | None = None) -> list[str]:
    """Competition ranks of scores given by their ``display_key`` (higher is better);
    ``order``: the indices already sorted by key, highest first (any order among equals)."""
    if order is None:
        order = sorted(range(len(shown)), key=shown.__getitem__, reverse=True)
    ranks = [""] * len(shown)
    position = 0
    while position < len(order):
        end = position
        while end + 1 < len(order) and shown[order[end + 1]] == shown[order[position]]:
            end += 1
        label = str(position + 1) if end == position else f"={position + 1}"
        for k in range(position, end + 1):
            ranks[order[k]] = label
        position = end + 1
    return ranks


def ordinal(rank_label: str) -> str:
    """ "=2" → "=2nd", "1" → "1st", "11" → "11th"."""
    prefix, number = ("=", rank_label[1:]) if rank_label.startswith("=") else ("", rank_label)
    n = int(number)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{prefix}{n}{suffix}"


@dataclass(frozen=True)
class PrizeAward:
    """Prize(s) for one entry: ``prizes`` are 1-based prize numbers (several when shared)."""

    entry: object
    prizes: tuple[int, ...]
    share: Fraction
    decision: str = ""


@dataclass
class _Tie:
    entries: list[object]
    prizes: list[int] = field(default_factory=list)


def allocate_prizes(
    standings: Sequence[tuple[object, str]],
    prizes: int,
    tie_rule: str = "share",
    seed: int | None = None,
) -> list[PrizeAward]:
    """Allocate ``prizes`` prizes down ``standings`` (entry, rank label), in rank order.

    A tie straddling the prizes in reach is settled by ``tie_rule``: "share" (the tied entries
    share the prizes in reach equally), "play_off" / "cut" (recorded as pending: the entries
    play off or cut [002 L6478–6481]; prizes in rank order once decided), "draw" (numbered slips
    drawn [002 L6782–6788]; the draw uses ``seed``, which must be given). Each award records
    the decision.
    """
    if tie_rule not in TIE_RULES:
        raise ScoringError("tie_rule", f"expected one of {TIE_RULES}, got {tie_rule!r}")
    awards: list[PrizeAward] = []
    next_prize = 1
    for group in _groups(standings):
        if next_prize > prizes:
            break
        in_reach = list(range(next_prize, min(prizes, next_prize + len(group) - 1) + 1))
        awards.extend(_settle(group, in_reach, tie_rule, seed))
        next_prize += len(group)
    return awards


def _groups(standings: Sequence[tuple[object, str]]) -> list[list[object]]:
    groups: list[list[object]] = []
    last = None
    for entry, label in standings:
        if groups and label == last and label.startswith("="):
            groups[-1].append(entry)
        else:
            groups.append([entry])
        last = label
    return groups


def _settle(group: list[object], in_reach: list[int], rule: str, seed: int | None) -> list:
    if len(group) == 1:
        return [PrizeAward(group[0], tuple(in_reach), Fraction(1))]
    if rule == "share":
        share = Fraction(len(in_reach), len(group))
        note = f"prizes {in_reach} shared equally by {len(group)} tied entries"
        return [PrizeAward(e, tuple(in_reach), share, note) for e in group]
    if rule == "draw":
        if seed is None:
            raise ScoringError("seed", "a prize draw needs a seed (randomness is passed in)")
        order = list(group)
        random.Random(seed).shuffle(order)
        note = f"drawn by lot (seed {seed}): order {order}"
        return [
            PrizeAward(e, tuple(in_reach[i : i + 1]), Fraction(int(i < len(in_reach))), note)
            for i, e in enumerate(order)
        ]
    note = f"tie for prizes {in_reach}: decided by {rule.replace('_', '-')} (pending)"
    return [PrizeAward(e, tuple(in_reach), Fraction(0), note) for e in group]


def settle_tie(
    awards: Sequence[PrizeAward], order: Sequence[object], note: str = ""
) -> list[PrizeAward]:
    """The outcome of a play-off, cut or draw for one tied group of ``awards``.

    ``order`` lists the tied entries best first; the group's prizes in reach go to them in
    rank order ("the winner takes first and the loser second" [002 L6488–6493]; numbered
    slips, "No. 1 being awarded first choice" [002 L6782–6788]); the rest get no prize.
    """
    entries = [a.entry for a in awards]
    if sorted(map(str, order)) != sorted(map(str, entries)) or len(set(order)) != len(order):
        raise ScoringError("order", f"give each tied entry once, best first: {entries}")
    in_reach = sorted({p for a in awards for p in a.prizes})
    return [
        PrizeAward(e, tuple(in_reach[i : i + 1]), Fraction(int(i < len(in_reach))), note)
        for i, e in enumerate(order)
    ]
