"""Issue 20, the scoring laws complete: each rule through the pure engine, with the book's
example or one worked by hand (the lines cited are those of ../shared/LAWS.md's books)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from scoring.engine.auction import auction_deal_score, check_honours
from scoring.engine.contract import ScoringError
from scoring.engine.session import (
    EntryInfo,
    ResultLine,
    SessionInput,
    score_session,
    validate_line,
)
from scoring.engine.totals import above_average, direction_average

# --- whist: an assigned score is N-S tricks; E-W take the rest [000 L729, L765] -------------


def test_a_fixed_whist_score_gives_ew_thirteen_less():
    lines = (
        ResultLine(1, 1, 11, tricks_ns=8),
        ResultLine(1, 2, 12, tricks_ns=6),
        ResultLine(1, 3, 13, score_ns=6),  # e.g. the wrong-number-of-cards ruling's lowest
    )
    result = score_session(SessionInput("whist", "tricks", lines))
    fixed = result.boards[1].lines[2]
    assert (fixed.score_ns, fixed.score_ew) == (6, 7)
    assert (fixed.ns_points, fixed.ew_points) == (6, 7)  # never −6 tricks


def test_a_whist_score_outside_0_to_13_is_refused():
    with pytest.raises(ScoringError) as err:
        validate_line("whist", ResultLine(1, 1, 2, score_ns=-6))
    assert err.value.field == "score_ns"


# --- whist pairs compared on the same deals [002 L3972–3975, L4265–4277] --------------------


def _average_field(missing: set[tuple[int, int]]):
    """Four tables, four deals; every N-S pair makes 7 and every E-W pair 6 on every deal it
    plays (exactly the average), except the (board, N-S pair) plays in ``missing``."""
    lines = tuple(
        ResultLine(b, ns, 10 + ((ns + b) % 4) + 1, tricks_ns=7)
        for b in range(1, 5)
        for ns in range(1, 5)
        if (b, ns) not in missing
    )
    entries = tuple(EntryInfo(n, "", "NS") for n in range(1, 5)) + tuple(
        EntryInfo(n, "", "EW") for n in range(11, 15)
    )
    return score_session(SessionInput("whist", "tricks", lines, entries))


def test_pairs_that_missed_a_deal_are_not_ranked_last():
    # before: on raw totals pair 1 (missed one deal) had 21 against 28 and came last
    result = _average_field({(1, 1), (2, 2)})
    ns = result.field("NS").standings
    assert {s.entry: s.score for s in ns} == {1: 0, 2: 0, 3: 0, 4: 0}
    assert {s.rank for s in ns} == {"=1"}
    assert {s.entry: s.extra["tricks"] for s in ns} == {1: 21, 2: 21, 3: 28, 4: 28}


def test_whist_pairs_score_tricks_over_the_average_deal_by_deal():
    # board 1: N-S 8, 6, 7 → average 7: +1, −1, 0; E-W 5, 7, 6 → average 6: −1, +1, 0
    lines = (
        ResultLine(1, 1, 11, tricks_ns=8),
        ResultLine(1, 2, 12, tricks_ns=6),
        ResultLine(1, 3, 13, tricks_ns=7),
        ResultLine(2, 1, 12, tricks_ns=9),  # board 2 played twice: average 8.5
        ResultLine(2, 2, 13, tricks_ns=8),
    )
    result = score_session(SessionInput("whist", "tricks", lines))
    scores = {s.entry: s.score for f in result.fields for s in f.standings}
    assert scores == {
        1: 1 + Fraction(1, 2), 2: -1 - Fraction(1, 2), 3: 0,
        11: -1, 12: 1 + Fraction(-1, 2), 13: 0 + Fraction(1, 2),
    }  # fmt: skip
    assert sum(scores.values()) == 0


# --- whist revokes ---------------------------------------------------------------------------


def test_both_sides_revoke_the_note_shows_the_tricks_as_made():
    """Pair form: the score "recorded as made", −R/+R marked [002 L4265–4268]; N-S made 8."""
    lines = (
        ResultLine(1, 1, 11, tricks_ns=8, revokes_ns=1, revokes_ew=1),
        ResultLine(1, 2, 12, tricks_ns=8),
        ResultLine(1, 3, 13, tricks_ns=8),
    )
    result = score_session(SessionInput("whist", "tricks", lines))
    assert result.boards[1].lines[0].display == "8 −R +R / 5 +R −R"


def test_team_form_never_takes_tricks_won_before_the_first_revoke():
    """D-5 [002 L4259–4263]: average 7, made 10, one revoke → 7; 8 won before it → 8."""
    base = (ResultLine(1, 2, 12, tricks_ns=7), ResultLine(1, 3, 13, tricks_ns=4))
    revoke = ResultLine(1, 1, 11, tricks_ns=10, revokes_ns=1)
    settings = {"whist_revoke_form": "team"}
    plain = score_session(SessionInput("whist", "tricks", (revoke, *base), settings=settings))
    assert plain.boards[1].lines[0].ns_points == 7  # capped at the average (10 + 7 + 4) / 3
    kept = replace(revoke, before_revoke_ns=8)
    result = score_session(SessionInput("whist", "tricks", (kept, *base), settings=settings))
    line = result.boards[1].lines[0]
    assert (line.ns_points, line.ew_points) == (8, 5)
    assert "8 won before the first revoke kept" in line.display


@pytest.mark.parametrize(
    ("line", "field"),
    [
        (ResultLine(1, 1, 2, tricks_ns=10, before_revoke_ns=8), "before_revoke_ns"),  # no revoke
        (ResultLine(1, 1, 2, tricks_ns=6, revokes_ns=1, before_revoke_ns=8), "before_revoke_ns"),
        (ResultLine(1, 1, 2, tricks_ns=6, revokes_ew=1, before_revoke_ew=8), "before_revoke_ew"),
    ],
)
def test_tricks_before_the_revoke_must_be_possible(line, field):
    with pytest.raises(ScoringError) as err:
        validate_line("whist", line)
    assert err.value.field == field


# --- auction honours that can occur [002 L1889–1923, L1766–1767] ----------------------------


@pytest.mark.parametrize(
    ("contract", "ns", "ew", "field"),
    [
        ("PASS", 30, 0, "honours_ns"),  # a passed-out deal is not played
        ("PASS", 0, 100, "honours_ew"),
        ("3NT", 50, 0, "honours_ns"),  # no trumps: 30, 40 or 100 only
        ("3NT", 0, 80, "honours_ew"),
        ("3NT", 90, 0, "honours_ns"),
        ("4S", 30, 30, "honours_ew"),  # 3 of 5 honours leave the other side 2: nothing
        ("4S", 35, 0, "honours_ns"),
    ],
)
def test_honours_that_cannot_occur_are_refused(contract, ns, ew, field):
    line = ResultLine(1, 1, 2, contract=contract, declarer="N", tricks=9, honours_ns=ns,
                      honours_ew=ew)  # fmt: skip
    with pytest.raises(ScoringError) as err:
        validate_line("auction", line)
    assert err.value.field == field
    with pytest.raises(ScoringError):
        auction_deal_score(contract, "N", 9, ns, ew)


@pytest.mark.parametrize(("strain", "points"), [("NT", 30), ("NT", 40), ("NT", 100), ("S", 50),
                                                ("S", 80), ("S", 90), ("H", 100)])  # fmt: skip
def test_honours_that_can_occur_are_taken(strain, points):
    check_honours(strain, points, 0)
    check_honours(strain, 0, points)


def test_a_passed_out_deal_scores_nothing():
    score = auction_deal_score("PASS", None, None)
    assert (score.ns_total, score.ew_total) == (0, 0)
    with pytest.raises(ScoringError) as err:
        validate_line("auction", ResultLine(1, 1, 2, contract="PASS", revokes_ns=1))
    assert err.value.field == "revokes_ns"


# --- Law 10/11: averages, balance, plus/minus of assigned and artificial results -------------


def test_direction_average_tc3():
    """[002 L3017–3023]: N-S total 1,638 over 7 tables = 234; 460 net is 226 above."""
    average = direction_average([1638], 7)
    assert average == 234
    assert above_average(460, average) == 226 and above_average(183, average) == -51


def _auction_session():
    lines = (
        ResultLine(1, 1, 11, contract="4S", declarer="N", tricks=10, honours_ns=40),
        ResultLine(1, 2, 12, adjusted="A60/A40"),
        ResultLine(1, 3, 13, contract="2H", declarer="E", tricks=5),
        ResultLine(2, 1, 12, contract="7NTXX", declarer="N", tricks=13, honours_ns=100),
        ResultLine(2, 2, 13, score_ns=-150),  # an assigned score
        ResultLine(2, 3, 11, contract="1C", declarer="S", tricks=7),
    )
    entries = tuple(EntryInfo(n, "", "NS") for n in (1, 2, 3)) + tuple(
        EntryInfo(n, "", "EW") for n in (11, 12, 13)
    )
    return score_session(SessionInput("auction", "net", lines, entries))


def test_plus_minus_include_assigned_and_artificial_results():
    """plus − minus = net for every pair [002 L3378–3380]; Σ(net + excess) = 0 [L3385–3388]."""
    result = _auction_session()
    rows = [s for f in result.fields for s in f.standings]
    for s in rows:
        assert s.extra["plus"] - s.extra["minus"] == s.score, s.entry
    assert sum(s.score + s.extra["excess"] for s in rows) == 0
    assigned = result.boards[2].lines[1].extra
    assert (assigned["ns_minus"], assigned["ew_plus"]) == (150, 150)
    balance = result.to_json()["balance"]
    assert balance["balances"] and balance["total"] == 0
    assert {f["name"] for f in balance["fields"]} == {"NS", "EW"}


def test_the_balance_worked_by_hand():
    """Board 1: 4S by N making 10 = 36 + 125 + 40 honours = 201 N-S; 2H by E down 3 = 150
    N-S. Board 2: 7NTXX = 7·10·4 = 280 + 125 + 100 (redoubled, made [002 L1933–1937]) + 100
    grand slam + 100 aces = 705, capped at 500 + 100 honours = 600 plus, 705 minus, 105
    excess [002 L3364–3376]."""
    result = _auction_session()
    grand = result.boards[2].lines[0].extra
    assert (grand["ns_plus"], grand["ew_minus"], grand["ns_excess"]) == (600, 705, 105)
    first = result.boards[1].lines
    assert first[0].extra["ns_plus"] == 201 and first[2].extra["ns_plus"] == 150
    # the A60/A40 line takes each direction's average net: N-S (201 + 150) / 2, E-W the same
    assert (first[1].ns_points, first[1].ew_points) == (Fraction(351, 2), Fraction(-351, 2))


# --- matchpoint percentage: each board its own top -------------------------------------------


def test_percentage_uses_each_boards_own_top():
    """Board 1 expects 3 results (top 4), board 2 expects 2 (top 2). Pair 1 tops both: 4 + 2
    of 6 = 100 %; on the largest top it would have been 6 / 8 = 75 %."""
    lines = (
        ResultLine(1, 1, 11, score_ns=400),
        ResultLine(1, 2, 12, score_ns=100),
        ResultLine(1, 3, 13, score_ns=-100),
        ResultLine(2, 1, 12, score_ns=200),
        ResultLine(2, 2, 11, score_ns=-200),
    )
    inp = SessionInput("contract", "matchpoints", lines, results_expected={1: 3, 2: 2},
                       boards_scheduled={1: 2, 2: 2, 3: 2, 11: 2, 12: 2, 13: 2})  # fmt: skip
    result = score_session(inp)
    assert result.standing(1).score == 6 and result.standing(1).percent == 100
    # pair 2: 2 of 4 on board 1, 0 of 2 on board 2 → 2 / 6
    assert result.standing(2).percent == Fraction(100, 3)
    # pair 3 played one board of its two: 0 of 4, scaled; its percent is of what it played
    assert result.standing(3).percent == 0
