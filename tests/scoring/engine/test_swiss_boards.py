"""A Swiss teams match board by board, worked by hand with the IMP scale of Law 78B
(../shared/SCORING.md §5): 20–40 = 1, 50–80 = 2, 90–120 = 3, 130–160 = 4, 170–210 = 5,
… 430–490 = 10.

| board | table 1 N-S (home) | table 2 N-S (away) | net | home | away |
|---|---|---|---|---|---|
| 1 | +420 | +420 | 0 | | |
| 2 | +420 | −50 | +470 | 10 | |
| 3 | −100 | +110 | −210 | | 5 |
| 4 | +140 | +110 | +30 | 1 | |
| 5 | −620 | −650 | +30 | 1 | |
| 6 | +50 | +200 | −150 | | 4 |
| 7 | −1430 | −1430 | 0 | | |
| 8 | +100 | −90 | +190 | 5 | |

Home 10 + 1 + 1 + 5 = 17, away 5 + 4 = 9: the home team wins by 8 IMPs, on the WBF scale for
8 boards 13.12 to 6.88 (the WBF's published table, tests/scoring/engine/test_vp.py).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from scoring.engine.contract import ScoringError
from scoring.engine.swiss import SwissMatchScore, match_vps
from scoring.engine.swiss_boards import check_table_score, match_sheet

MATCH = [(1, 420, 420), (2, 420, -50), (3, -100, 110), (4, 140, 110), (5, -620, -650),
         (6, 50, 200), (7, -1430, -1430), (8, 100, -90)]  # fmt: skip
HAND = {1: (0, 0), 2: (10, 0), 3: (0, 5), 4: (1, 0), 5: (1, 0), 6: (0, 4), 7: (0, 0), 8: (5, 0)}


def test_each_board_and_the_match_by_hand():
    sheet = match_sheet(list(reversed(MATCH)))
    assert [b.board for b in sheet.boards] == list(range(1, 9))
    assert {b.board: (b.home_imps, b.away_imps) for b in sheet.boards} == HAND
    assert [b.net for b in sheet.boards] == [0, 470, -210, 30, 30, -150, 0, 190]
    assert (sheet.home_imps, sheet.away_imps) == (17, 9)
    score = SwissMatchScore(1, 1, 2, sheet.home_imps, sheet.away_imps)
    assert match_vps(score, "wbf", 8, Decimal(12)) == (Decimal("13.12"), Decimal("6.88"))


@pytest.mark.parametrize("bad", [425, 7610, -7610, "420", None, True, 4.2])
def test_a_table_score_that_is_no_bridge_score_is_refused(bad):
    with pytest.raises(ScoringError, match="board 3, table 2"):
        check_table_score(bad, "board 3, table 2")


def test_the_largest_scores_are_taken():
    assert check_table_score(-7600, "x") == -7600 and check_table_score(7600, "x") == 7600
    sheet = match_sheet([(1, 7600, -7600)])
    assert (sheet.home_imps, sheet.away_imps) == (24, 0)
