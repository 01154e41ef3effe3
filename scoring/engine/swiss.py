"""Swiss standings: each match's IMPs turned into VPs on the event's scale, added up per
contestant, and placed (docs/swiss.md).

Pure Python.  A match is ``SwissMatchScore(round, home, away, home_imps, away_imps)``; ``away``
``None`` is the bye, worth the conditions' ``bye_vp`` (and no IMPs).  A match not yet scored
counts nothing.

**Places and tie-breaks.** Contestants are ranked on their VP total (as shown, to 2 d.p.).
"Ties are never broken unless the conditions of contest say so (Law 78D), and a tie-break the
conditions name is applied and shown" (SCORING.md §6, lines 164–165): the Swiss conditions'
``tie_break`` is ``"imp_difference"`` by default — equal VPs are separated by the IMP
difference (IMPs won less IMPs lost over every match scored) — or ``"none"``.  Contestants
still equal share the place (1, =2, =2, 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction

from scoring.engine.ranking import display_key, rank_keys
from scoring.engine.vp import vp

__all__ = ["SwissMatchScore", "SwissRow", "match_vps", "swiss_standings"]

#: the IMP difference's share of the composite ranking key (VPs first, in hundredths)
_IMP_SPAN = 10**7


@dataclass(frozen=True)
class SwissMatchScore:
    round: int
    home: int
    away: int | None
    home_imps: int | None = None
    away_imps: int | None = None

    @property
    def scored(self) -> bool:
        return self.away is None or (self.home_imps is not None and self.away_imps is not None)


@dataclass
class SwissRow:
    contestant: int
    vps: Decimal = Decimal("0.00")
    imps_for: int = 0
    imps_against: int = 0
    played: int = 0
    byes: int = 0
    rank: str = ""
    by_round: dict[int, Decimal] = field(default_factory=dict)

    @property
    def imp_difference(self) -> int:
        return self.imps_for - self.imps_against


def match_vps(
    match: SwissMatchScore, scale: str, boards: int, bye_vp: Decimal
) -> tuple[Decimal, Decimal | None] | None:
    """(home VPs, away VPs) of a scored match; the bye: (``bye_vp``, None); unscored: None."""
    if match.away is None:
        return Decimal(bye_vp).quantize(Decimal("0.01")), None
    if not match.scored:
        return None
    return vp(scale, match.home_imps - match.away_imps, boards)


def swiss_standings(
    contestants: Sequence[int],
    matches: Iterable[SwissMatchScore],
    scale: str,
    boards: int,
    bye_vp: Decimal,
    tie_break: str = "imp_difference",
) -> list[SwissRow]:
    """Every contestant's VPs, IMPs and place, best first (module docstring)."""
    rows = {c: SwissRow(c) for c in contestants}
    for match in matches:
        vps = match_vps(match, scale, boards, bye_vp)
        if vps is None:
            continue
        _credit(rows, match.home, match.round, vps[0], match.home_imps, match.away_imps)
        if match.away is None:
            rows[match.home].byes += 1
            continue
        _credit(rows, match.away, match.round, vps[1], match.away_imps, match.home_imps)
    by_imps = tie_break == "imp_difference"
    ordered = sorted(rows.values(), key=lambda r: _key(r, by_imps), reverse=True)
    keys = [_key(row, by_imps) for row in ordered]
    for row, label in zip(ordered, rank_keys(keys, list(range(len(keys)))), strict=True):
        row.rank = label
    return ordered


def _credit(rows, contestant, round_number, vps, own, other) -> None:
    row = rows.setdefault(contestant, SwissRow(contestant))
    row.vps += vps
    row.by_round[round_number] = vps
    if other is not None and own is not None:
        row.imps_for += own
        row.imps_against += other
        row.played += 1


def _key(row: SwissRow, by_imps: bool) -> int:
    """VPs as shown first, then (``by_imps``) the IMP difference, well inside ``_IMP_SPAN``."""
    return display_key(Fraction(row.vps)) * _IMP_SPAN + (row.imp_difference if by_imps else 0)
