"""VP scales (scoring.engine.vp): the WBF 2013 continuous scale against the values of the
WBF's printed tables, its concavity, and the published 20-point discrete scale."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.contract import ScoringError
from scoring.engine.vp import discrete20_vp, vp, wbf_table, wbf_vp
from tests.properties import examples

# The WBF 2013 tables' first rows and their blitz (the first margin worth 20.00).
WBF_ROWS = {
    8: ("10.00", "10.44", "10.86", "11.27", "11.67", "12.05", "12.42", "12.77", "13.12"),
    12: ("10.00", "10.36", "10.71", "11.05", "11.38", "11.70", "12.01", "12.31", "12.61"),
    16: ("10.00", "10.31", "10.61", "10.91", "11.20", "11.48", "11.76", "12.03", "12.29"),
}
WBF_BLITZ = {8: 43, 12: 52, 16: 60, 24: 74}


@pytest.mark.parametrize("boards,rows", WBF_ROWS.items())
def test_wbf_rows(boards, rows):
    assert [str(v) for v in wbf_table(boards)[: len(rows)]] == list(rows)


@pytest.mark.parametrize("boards,blitz", WBF_BLITZ.items())
def test_wbf_blitz(boards, blitz):
    table = wbf_table(boards)
    assert len(table) - 1 == blitz
    assert table[-1] == Decimal("20.00") and table[-2] < 20
    assert wbf_vp(blitz + 25, boards) == (Decimal("20.00"), Decimal("0.00"))


def test_wbf_hand_computation():
    """4 boards, 6 IMPs: blitz 15·√4 = 30; 10 + 10·(1 − τ^0.6)/(1 − τ³) = 13.28 (docs/scoring.md)."""
    assert wbf_vp(6, 4) == (Decimal("13.28"), Decimal("6.72"))
    assert wbf_vp(-6, 4) == (Decimal("6.72"), Decimal("13.28"))


@settings(max_examples=examples(40))
@given(st.integers(1, 64))
def test_wbf_each_imp_is_worth_no_more_than_the_one_before(boards):
    table = wbf_table(boards)
    gains = [b - a for a, b in zip(table, table[1:], strict=False)]
    assert all(g > 0 for g in gains[:-1])
    assert all(later <= earlier for earlier, later in zip(gains, gains[1:-1], strict=False))


@settings(max_examples=examples(60))
@given(st.integers(-120, 120), st.integers(1, 40), st.sampled_from(["wbf"]))
def test_the_two_sides_add_up_to_twenty(margin, boards, scale):
    winner, loser = vp(scale, margin, boards)
    assert winner + loser == 20
    assert (winner > loser) == (margin > 0)


def test_fractional_margin_uses_the_formula():
    low, high = wbf_vp(6, 4)[0], wbf_vp(7, 4)[0]
    assert low < wbf_vp(Fraction(13, 2), 4)[0] < high


@pytest.mark.parametrize(
    "margin,boards,winner",
    [
        (0, 7, 10), (1, 7, 11), (2, 7, 11), (3, 7, 12), (7, 7, 13), (8, 7, 14),
        (27, 8, 19), (28, 6, 20), (60, 8, 20), (5, 10, 12), (6, 10, 13), (36, 11, 20),
        (-9, 9, 7), (-10, 9, 6),
    ],
)  # fmt: skip
def test_discrete20_published_bands(margin, boards, winner):
    """20-point scale, 6–8 boards: 0 | 1–2 | 3–4 | 5–7 | 8–10 | … | 24–27 | 28+;
    9–11 boards: 0 | 1–2 | 3–5 | 6–9 | 10–13 | … | 31–35 | 36+."""
    assert discrete20_vp(margin, boards) == (Decimal(winner), Decimal(20 - winner))


@pytest.mark.parametrize("boards", [0, 5, 12, -1, True])
def test_discrete20_outside_its_board_counts_is_refused(boards):
    with pytest.raises(ScoringError, match="boards"):
        discrete20_vp(3, boards)


def test_unknown_scale_is_refused():
    with pytest.raises(ScoringError, match="vp_scale"):
        vp("thirty", 3, 8)
