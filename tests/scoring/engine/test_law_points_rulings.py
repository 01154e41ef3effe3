"""Law 4d and Law 7 of duplicate auction (1926) in the scoring engine, worked by hand.

Law 4d [002 L3311–3315]: "The pair or pairs who pass to next table hand or hands containing
an incorrect number of cards, shall be penalized 50 points." The penalty comes off that pair's
score on the board and nobody gains it.

Law 7 [002 L3350–3354]: "The penalty for any and each revoke is 50 points only. If, however,
by reason of a revoke or revokes, the non-revoking side is caused to suffer any loss in excess
of the foregoing penalty, protest should be made to the Card Committee who will make the proper
adjustment." The committee's figure moves points from the revoking side to the other.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.session import (
    ResultLine,
    ScoringError,
    SessionInput,
    line_score,
    rescore_board,
    score_session,
)


def totals(result) -> dict[int, Fraction]:
    return {s.entry: s.score for f in result.fields for s in f.standings}


def auction(lines, method="net"):
    return SessionInput(game="auction", method=method, lines=tuple(lines))


def test_law_4d_takes_50_off_the_pair_who_passed_the_board_on():
    # Board 1 at table 1: 1S by S, 8 tricks: 2 odd × 9 = 18 (no game under 30) → N-S +18.
    # E-W 3 passed the board on with a hand of 12 cards: 50 off them, N-S 1 keep their 18.
    plain = ResultLine(board=1, ns=1, ew=3, contract="1S", declarer="S", tricks=8)
    other = ResultLine(board=1, ns=2, ew=4, contract="PASS")
    before = totals(score_session(auction([plain, other])))
    assert before == {1: 18, 3: -18, 2: 0, 4: 0}
    fined = ResultLine(board=1, ns=1, ew=3, contract="1S", declarer="S", tricks=8, penalty_ew=50)
    after = score_session(auction([fined, other]))
    assert totals(after) == {1: 18, 3: -68, 2: 0, 4: 0}
    line = after.boards[1].lines[0]
    assert line.score_ns == 18 and line.to_json()["penalty_ew"] == 50
    # both pairs at fault ("pair or pairs"): 50 off each
    both = ResultLine(board=1, ns=2, ew=4, contract="PASS", penalty_ns=50, penalty_ew=50)
    assert totals(score_session(auction([fined, both]))) == {1: 18, 3: -68, 2: -50, 4: -50}


def test_law_4d_penalty_is_the_same_through_the_incremental_rescore():
    plain = ResultLine(board=1, ns=1, ew=3, contract="1S", declarer="S", tricks=8)
    other = ResultLine(board=1, ns=2, ew=4, contract="PASS")
    inp = auction([plain, other])
    fined = ResultLine(board=1, ns=2, ew=4, contract="PASS", penalty_ns=50)
    again = rescore_board(score_session(inp), inp, 1, [plain, fined])
    assert totals(again) == totals(score_session(auction([plain, fined])))
    assert totals(again)[2] == -50


def test_a_penalty_in_points_is_refused_where_boards_are_matchpointed():
    fined = ResultLine(board=1, ns=1, ew=3, contract="1S", declarer="S", tricks=8, penalty_ns=50)
    other = ResultLine(board=1, ns=2, ew=4, contract="PASS")
    with pytest.raises(ScoringError) as exc:
        score_session(auction([fined, other], method="matchpoints"))
    assert exc.value.field == "penalty_ns" and "total-point" in exc.value.message


def test_law_7_committee_adjustment_moves_the_loss_to_the_non_revoking_side():
    # 4S by N, 9 tricks with one E-W revoke: down one (50 to E-W) and the revoke (50 to N-S):
    # 50 v 50, a level board. The committee finds the revoke cost N-S the game: made, 4S is
    # 4 × 9 = 36 + 125 = 161, so it moves 161 to N-S.
    line = ResultLine(board=1, ns=1, ew=2, contract="4S", declarer="N", tricks=9, revokes_ew=1)
    assert totals(score_session(auction([line]))) == {1: 0, 2: 0}
    adjusted = ResultLine(
        board=1, ns=1, ew=2, contract="4S", declarer="N", tricks=9, revokes_ew=1, committee_ns=161
    )
    result = score_session(auction([adjusted]))
    assert totals(result) == {1: 161, 2: -161}
    scored = line_score(auction([adjusted]), adjusted)
    assert (scored.ns, scored.ew) == (161, -161) and "committee +161 N-S" in scored.display
    # E-W favoured: a negative figure
    other = ResultLine(board=1, ns=1, ew=2, contract="1S", declarer="N", tricks=7, revokes_ns=1,
                       committee_ns=-40)  # fmt: skip
    # 1S made (9) v E-W's revoke 50: E-W +41, then 40 more to E-W
    assert totals(score_session(auction([other]))) == {1: -81, 2: 81}


def test_law_7_adjustment_in_points_is_not_for_whist():
    line = ResultLine(board=1, ns=1, ew=2, tricks_ns=7, revokes_ew=1, committee_ns=2)
    with pytest.raises(ScoringError) as exc:
        score_session(SessionInput(game="whist", method="tricks", lines=(line,)))
    assert exc.value.field == "committee_ns"
