"""Swiss standings (scoring.engine.swiss): the worked example of docs/swiss.md, from the WBF
8-board table's rows (15 → 15.23, 2 → 10.86, 26 → 17.69, 13 → 14.68) written out here."""

from __future__ import annotations

from decimal import Decimal

from scoring.engine.swiss import SwissMatchScore as M
from scoring.engine.swiss import match_vps, swiss_standings

D = Decimal
EXAMPLE = [
    M(1, 1, 3, 25, 10), M(1, 2, 4, 20, 22), M(1, 5, None),
    M(2, 1, 5, 18, 18), M(2, 4, 3, 5, 31), M(2, 2, None),
    M(3, 1, 2, 7, 20), M(3, 3, 5, 14, 14), M(3, 4, None),
]  # fmt: skip


def test_worked_example():
    rows = swiss_standings([1, 2, 3, 4, 5], EXAMPLE, "wbf", 8, D(12))
    got = [(r.rank, r.contestant, str(r.vps), r.imp_difference) for r in rows]
    assert got == [
        ("1", 2, "35.82", 11),  # 9.14 + 12 (bye) + 14.68
        ("2", 3, "32.46", 11),  # 4.77 + 17.69 + 10
        ("3", 5, "32.00", 0),  # 12 (bye) + 10 + 10
        ("4", 1, "30.55", 2),  # 15.23 + 10 + 5.32
        ("5", 4, "25.17", -24),  # 10.86 + 2.31 + 12 (bye)
    ]
    assert rows[0].by_round == {1: D("9.14"), 2: D("12.00"), 3: D("14.68")}


def test_equal_vps_and_imp_difference_share_the_place():
    matches = [M(1, 1, 2, 11, 10), M(1, 3, 4, 30, 29), M(2, 1, 3, 0, 0), M(2, 2, 4, 0, 0)]
    rows = swiss_standings([1, 2, 3, 4], matches, "wbf", 8, D(12))
    assert [(r.contestant, str(r.vps), r.imp_difference, r.rank) for r in rows] == [
        (1, "20.44", 1, "=1"), (3, "20.44", 1, "=1"), (2, "19.56", -1, "=3"), (4, "19.56", -1, "=3"),
    ]  # fmt: skip


def test_imp_difference_breaks_a_vp_tie():
    """On the 20-point discrete scale 1 and 2 IMPs both win 11–9: 3 (by 2) ranks above 1 (by 1)."""
    matches = [M(1, 1, 2, 11, 10), M(1, 3, 4, 12, 10), M(2, 1, 3, 0, 0), M(2, 2, 4, 0, 0)]
    rows = swiss_standings([1, 2, 3, 4], matches, "discrete20", 8, D(12))
    assert [(r.contestant, str(r.vps), r.imp_difference, r.rank) for r in rows] == [
        (3, "21.00", 2, "1"), (1, "21.00", 1, "2"), (2, "19.00", -1, "3"), (4, "19.00", -2, "4"),
    ]  # fmt: skip


def test_unscored_match_counts_nothing_and_bye_takes_the_conditions_vps():
    assert match_vps(M(1, 1, 2), "wbf", 8, D(12)) is None
    assert match_vps(M(1, 5, None), "discrete20", 8, D("10.5")) == (D("10.50"), None)
    assert match_vps(M(1, 1, 2, 12, 1), "discrete20", 8, D(12)) == (D(15), D(5))


def test_without_the_tie_break_equal_vps_share_the_place():
    """The conditions may name no tie-break (SCORING.md §6): 3 and 1 share first place."""
    matches = [M(1, 1, 2, 11, 10), M(1, 3, 4, 12, 10), M(2, 1, 3, 0, 0), M(2, 2, 4, 0, 0)]
    rows = swiss_standings([1, 2, 3, 4], matches, "discrete20", 8, D(12), tie_break="none")
    assert [(r.contestant, r.rank) for r in rows] == [(1, "=1"), (3, "=1"), (2, "=3"), (4, "=3")]
