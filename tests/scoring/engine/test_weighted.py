"""Weighted adjusted scores (Law 12C1(c)): each part compared with the other results, the
comparisons weighted. Every figure below is worked out by hand in the comments."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.matchpoints import half_units
from scoring.engine.session import ResultLine, ScoringError, SessionInput, score_session
from scoring.engine.weighted import parse_weighted, weighted_half_units
from tests.properties import examples

WEIGHTED = "60% 4S N =; 40% 4S N -1"
# Board 1, nobody vulnerable: 4S= by N is +420, 4S-1 is -50, 3S+1 is +170.
LINES = (
    ResultLine(1, 1, 11, contract="4S", declarer="N", tricks=10),  # +420
    ResultLine(1, 2, 12, contract="4S", declarer="N", tricks=9),  # -50
    ResultLine(1, 3, 13, weighted=WEIGHTED),  # 60% of +420, 40% of -50
    ResultLine(1, 4, 14, contract="3S", declarer="N", tricks=10),  # +170
)


def _points(method, lines=LINES, **kw):
    result = score_session(SessionInput("contract", method, lines, **kw))
    return [(s.ns_points, s.ew_points) for s in result.boards[1].lines], result


def test_matchpoints_by_hand():
    # EBU units (2 per worse score, 1 per equal), top 2·(4−1) = 6.
    # Table 1 (+420): v -50 2; v weighted 0.6·1 (=420) + 0.4·2 (> -50) = 1.4; v +170 2 → 5.4
    # Table 2 (-50):  v +420 0; v weighted 0.6·0 + 0.4·1 = 0.4; v +170 0 → 0.4
    # Table 3, weighted: part +420 (0.6) v 420, -50, 170 = 1+2+2 = 5 → 3.0;
    #                    part -50 (0.4) v 420, -50, 170 = 0+1+0 = 1 → 0.4; together 3.4
    # Table 4 (+170): v +420 0; v -50 2; v weighted 0.6·0 + 0.4·2 = 0.8 → 2.8
    points, result = _points("matchpoints")
    assert [ns for ns, _ in points] == [F(27, 5), F(2, 5), F(17, 5), F(14, 5)]
    assert [ew for _, ew in points] == [F(3, 5), F(28, 5), F(13, 5), F(16, 5)]
    assert sum(ns for ns, _ in points) == 12  # n(n−1): every comparison shared out
    weighted = result.boards[1].lines[2]
    assert weighted.score_ns == F(232)  # 0.6·420 + 0.4·(−50), shown on the traveller
    assert weighted.display == WEIGHTED
    assert weighted.to_json()["weighted"] == WEIGHTED


def test_matchpoints_acbl_and_neuberg():
    # ACBL units are half the EBU ones: 2.7, 0.2, 1.7, 1.4.
    points, _ = _points("matchpoints", settings={"mp_scale": "ACBL"})
    assert [ns for ns, _ in points] == [F(27, 10), F(1, 5), F(17, 10), F(7, 5)]
    # Neuberg to 5 expected results (EBU): (u+1)·5/4 − 1 → 5.4 → 7.0; 3.4 → 4.5; 0.4 → 0.75
    points, _ = _points("matchpoints", results_expected={1: 5})
    assert [ns for ns, _ in points] == [F(7), F(3, 4), F(9, 2), F(15, 4)]


def test_butler_by_hand():
    # Datum: the scores 420, -50, 232 (the weighted mean), 170; drop the highest (420) and
    # lowest (-50): (232 + 170)/2 = 201 → 200.  Table 1: 420−200 = 220 → 6 IMPs; table 2:
    # −250 → −6; table 4: −30 → −1; weighted: 0.6·IMPs(220) + 0.4·IMPs(−250) = 3.6 − 2.4 = 1.2
    points, _ = _points("imps_butler")
    assert [ns for ns, _ in points] == [6, -6, F(6, 5), -1]
    assert [ew for _, ew in points] == [-6, 6, F(-6, 5), 1]


def test_cross_imps_by_hand():
    # Table 1 (+420): v -50 470 → 10; v weighted 0.6·0 + 0.4·10 = 4; v 170 250 → 6; 20/3
    # Table 2 (-50):  v 420 −10; v weighted 0.6·(−10) + 0.4·0 = −6; v 170 −220 → −6; −22/3
    # weighted: part 420 (0.6): 0 + 10 + 6 = 16 → 9.6; part -50 (0.4): −10 + 0 − 6 = −16
    #           → −6.4; together 3.2 over 3 = 16/15
    # Table 4 (+170): v 420 −6; v -50 6; v weighted 0.6·(−6) + 0.4·6 = −1.2; −1.2/3 = −2/5
    points, _ = _points("imps_cross")
    assert [ns for ns, _ in points] == [F(20, 3), F(-22, 3), F(16, 15), F(-2, 5)]


def test_teams_by_hand():
    # Team 1 v team 2, board 1 both rooms: room 1 N-S (team 1) 4S= +420; room 2 weighted
    # 1/3 of 4S= (+420) and 2/3 of 4S-1 (−50), team 2 N-S.  Room 1's IMPs: 1/3·IMPs(0) +
    # 2/3·IMPs(470) = 2/3·10 = 20/3; room 2 the negative.
    lines = (
        ResultLine(1, 1, 2, contract="4S", declarer="N", tricks=10),
        ResultLine(1, 2, 1, weighted="1/3 4S N =; 2/3 4S N -1"),
    )
    points, _ = _points("imps_teams", lines)
    assert points == [(F(20, 3), F(-20, 3)), (F(-20, 3), F(20, 3))]


def test_half_units_agree_without_weights():
    scores = [420, -50, 170, 420, 0, -100]
    assert weighted_half_units(scores) == half_units(scores)


SCORES = st.sampled_from([-200, -50, 0, 110, 140, 420, 450])
PARTS = st.lists(st.tuples(st.integers(1, 5), SCORES), min_size=2, max_size=3).map(
    lambda parts: tuple((F(w, sum(p[0] for p in parts)), s) for w, s in parts)
)


@settings(max_examples=examples(60))
@given(st.lists(st.one_of(SCORES, PARTS), min_size=2, max_size=7))
def test_weighted_comparisons_share_out_every_matchpoint(lines):
    """Each comparison's 2 units are shared between its two lines, weighted or not, so the
    N-S units add up to n(n−1); a line's units stay within 0 and 2(n−1); and a weighting of
    one score alone scores as that score."""
    units = weighted_half_units(lines)
    n = len(lines)
    assert sum(units) == n * (n - 1)
    assert all(0 <= u <= 2 * (n - 1) for u in units)
    plain = [s if type(s) is not tuple else ((F(1), s[0][1]),) for s in lines]
    assert weighted_half_units(plain) == half_units(
        [s if type(s) is not tuple else s[0][1] for s in plain]
    )


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("60% 4s n =; 40% 4S N -1", "60% 4S N =; 40% 4S N -1"),
        ("1/3 3NT S 9; 2/3 -50", "1/3 3NT S =; 2/3 -50"),
        ("12.5% 420; 87.5% 4S N 9", "12.5% 420; 87.5% 4S N -1"),
        ("50% PASS; 50% 1NT E +1", "50% PASS; 50% 1NT E +1"),
    ],
)
def test_canonical_text_round_trips(text, canonical):
    assert str(parse_weighted(text)) == canonical
    assert str(parse_weighted(canonical)) == canonical


@pytest.mark.parametrize(
    "text, words",
    [
        ("60% 4S N =; 30% 4S N -1", "add up to 90%"),
        ("100% 4S N =", "two or more parts"),
        ("60% 4S N =; 40% 8S N =", "not a contract"),
        ("60% 4S N =; 40 4S N -1", "not a weight"),
        ("0% 4S N =; 100% 4S N -1", "more than 0%"),
        ("60% 4S Q =; 40% 4S N -1", "declarer"),
    ],
)
def test_bad_weightings_are_refused_with_the_reason(text, words):
    with pytest.raises(ScoringError) as err:
        parse_weighted(text)
    assert err.value.field == "weighted"
    assert words in err.value.message


def test_weighted_is_contract_bridge_only_and_replaces_the_result():
    with pytest.raises(ScoringError, match="contract bridge"):
        score_session(SessionInput("auction", "net", (ResultLine(1, 1, 2, weighted=WEIGHTED),)))
    line = ResultLine(1, 1, 2, weighted=WEIGHTED, contract="4S", declarer="N", tricks=10)
    with pytest.raises(ScoringError) as err:
        score_session(SessionInput("contract", "matchpoints", (line,)))
    assert err.value.field == "contract"
