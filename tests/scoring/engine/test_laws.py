"""Table-driven tests pinned to the worked examples of LAWS.md §10 and SCORING.md."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.adjustments import parse_adjusted, shifted_hands, wrong_card_count
from scoring.engine.auction import auction_deal_score, honours_points, plus_minus
from scoring.engine.contract import (
    Contract,
    ScoringError,
    contract_score,
    dealer,
    parse_result,
    vulnerability,
)
from scoring.engine.imps import butler_datum, imps, round_to_ten, wbf_vp
from scoring.engine.matchpoints import neuberg
from scoring.engine.ranking import allocate_prizes, ordinal, rank
from scoring.engine.series import best_k_of_n, series_net_plus
from scoring.engine.totals import (
    above_average,
    direction_average,
    net_score,
    round_slip,
    winners_each_way,
)
from scoring.engine.whist import (
    multi_team_match,
    odd_pair_credit,
    pair_revoke,
    round_half_up,
    team_revoke,
    two_team_match,
)

# --- Law 77, the full table: (contract, vulnerable, tricks, declarer's score) -------------
LAW77 = [
    ("1C", False, 7, 70), ("1NT", False, 7, 90), ("2H", False, 8, 110), ("3NT", False, 9, 400),
    ("3NT", True, 9, 600), ("4S", False, 10, 420), ("4S", True, 10, 620), ("5C", False, 11, 400),
    ("5D", True, 11, 600), ("6H", False, 12, 980), ("6H", True, 12, 1430), ("7NT", False, 13, 1520),
    ("7NT", True, 13, 2220), ("1NTX", False, 7, 180), ("1NTXX", False, 7, 560), ("2SX", False, 8, 470),
    ("2SX", True, 9, 870), ("1CX", False, 9, 340), ("1CXX", True, 9, 1030), ("4HX", True, 11, 990),
    ("3NT", False, 12, 490), ("4S", False, 9, -50), ("4S", True, 9, -100), ("4SX", False, 9, -100),
    ("4SX", False, 8, -300), ("4SX", False, 7, -500), ("4SX", False, 6, -800), ("4SX", True, 9, -200),
    ("4SX", True, 8, -500), ("4SX", True, 6, -1100), ("4SXX", False, 8, -600), ("4SXX", True, 8, -1000),
    ("7NTX", False, 0, -3500), ("7NTXX", True, 0, -7600), ("6NTX", True, 12, 1680),
]  # fmt: skip


@pytest.mark.parametrize("contract,vul,tricks,expected", LAW77)
def test_law77_table(contract, vul, tricks, expected):
    assert contract_score(Contract.parse(contract), vul, tricks) == expected


def test_passed_out_scores_zero():
    assert contract_score(Contract.parse("PASS"), True, 0) == 0


@pytest.mark.parametrize("text", ["4S", "3NTX", "6HXX", "PASS", "1C"])
def test_contract_round_trips(text):
    assert str(Contract.parse(text)) == text


@pytest.mark.parametrize("text", ["8S", "4SXXX", "0H", "4Z", "", "NT"])
def test_bad_contracts_name_the_field(text):
    with pytest.raises(ScoringError) as err:
        Contract.parse(text)
    assert err.value.field == "contract"


@pytest.mark.parametrize(
    "text,tricks", [("4SX N =", 10), ("3NT S -2", 7), ("4H E +1", 11), ("3NTXX W 8", 8)]
)
def test_parse_result(text, tricks):
    assert parse_result(text).tricks == tricks


def test_parse_result_refuses_fourteen_tricks():
    with pytest.raises(ScoringError) as err:
        parse_result("7NT N +1")
    assert err.value.field == "tricks"


@pytest.mark.parametrize(
    "board,vul,deal", [(1, "None", "N"), (2, "NS", "E"), (4, "All", "W"), (8, "None", "W"),
                       (9, "EW", "N"), (13, "All", "N"), (16, "EW", "W"), (17, "None", "N")]
)  # fmt: skip
def test_law2_vulnerability_and_dealer(board, vul, deal):
    assert (vulnerability(board), dealer(board)) == (vul, deal)


# --- Auction 1926 ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "strain,one,two,points",
    [("S", 3, 0, 30), ("S", 2, 2, 40), ("S", 4, 0, 80), ("S", 3, 2, 50), ("S", 4, 1, 90),
     ("S", 5, 0, 100), ("NT", 2, 1, 30), ("NT", 2, 2, 40), ("NT", 4, 0, 100), ("NT", 1, 1, 0)],
)  # fmt: skip
def test_tc25_honours_table(strain, one, two, points):
    assert honours_points(strain, one, two) == points


@pytest.mark.parametrize(
    "contract,tricks,ns,ew",
    [
        ("3H", 6, 0, 150),  # TC-20: three hearts down 3 → 150 to the adversaries
        ("2S", 8, 18, 0),  # partial: no premium
        ("4S", 10, 36 + 125, 0),  # game premium 125 at >= 30 trick points (TC-8)
        ("2SX", 8, 36 + 125 + 50, 0),  # doubled: trick points count double, 50 for making
        ("2SXX", 9, 108 + 125 + 200, 0),  # redoubled + one overtrick: 100 + 100
        ("6NT", 12, 60 + 125 + 50, 0),  # little slam 50
        ("1C", 1, 0, 50 * 6 + 50),  # defenders win 12 tricks: undertricks and little slam
    ],
)
def test_auction_deal_score(contract, tricks, ns, ew):
    score = auction_deal_score(contract, "N", tricks)
    assert (score.ns_total, score.ew_total) == (ns, ew)


def test_auction_revoke_costs_fifty_each():
    score = auction_deal_score("2S", "N", 8, revokes_ew=2)
    assert score.ns_total == 18 + 100


@pytest.mark.parametrize(
    "kwargs,ns_plus,ew_minus,excess",
    [
        # D-7a: declarer 1,005 non-honour points + 100 honours → plus 600, minus 1,105, excess 505
        ({"contract": "7NTXX", "declarer": "N", "tricks": 13, "honours_ns": 100}, None, None, None),
    ],
)
def test_law10_declarer_cap_formula(kwargs, ns_plus, ew_minus, excess):
    score = auction_deal_score(**kwargs)
    pm = plus_minus(score)
    non_honour = score.ns_total - 100
    assert pm.ns_plus == min(non_honour, 500) + 100
    assert pm.ew_minus == score.ns_total and pm.ns_excess == pm.ew_minus - pm.ns_plus


def test_law10_examples_d7_and_a11():
    from scoring.engine.auction import AuctionScore

    d7a = plus_minus(AuctionScore(1005, 0, 100, 0, 100, 0, "NS"))
    assert (d7a.ns_plus, d7a.ew_minus, d7a.ns_excess) == (600, 1105, 505)
    d7b = plus_minus(AuctionScore(0, 0, 0, 1000, 0, 0, "NS"))
    assert (d7b.ew_plus, d7b.ns_minus, d7b.ew_excess) == (350, 1000, 650)
    a11 = plus_minus(AuctionScore(0, 0, 80, 400, 80, 0, "NS"))
    assert (a11.ew_plus, a11.ns_minus, a11.ew_excess) == (270, 320, 50)
    alt = plus_minus(AuctionScore(0, 0, 80, 400, 80, 0, "NS"), cap_excludes_loser_honours=True)
    assert (alt.ew_plus, alt.ns_minus, alt.ew_excess) == (320, 320, 0)


# --- Net plus/minus (TC-1..3) and series (D-8) ----------------------------------------------
def test_tc1_round_slip():
    slip = round_slip(420, 310)
    assert (slip.describe("NS", "13 to 16"), slip.describe("EW")) == (
        "110 plus on deals 13 to 16", "110 minus",
    )  # fmt: skip


def test_tc2_net_and_tc3_average():
    assert net_score([820], [360]) == 460
    average = direction_average([1638], tables=7)
    assert average == 234
    assert (above_average(460, average), above_average(183, average)) == (226, -51)


def test_winners_each_way_least_minus_when_all_minus():
    assert winners_each_way({1: -40, 2: -10, 3: -90}) == [2]


def test_d8_series_credits_net_minus_direction_average():
    contests = [{"NS": {1: 460, 2: 183, 3: -50}}, {"NS": {1: 100, 2: 200, 3: 0}}]
    totals = series_net_plus(contests)
    assert totals[1] == Fraction(460 - 593 / Fraction(3)) + Fraction(0)
    assert sum(totals.values()) == 0


def test_best_k_of_n():
    assert best_k_of_n([{1: 50}, {1: 70}, {1: 60}], 2) == {1: 130}


# --- Whist (D-1..D-6) -------------------------------------------------------------------
def test_d1_two_team_match():
    result = two_team_match({"A": 318, "B": 306})
    assert (result["A"].margin, result["A"].outcome) == (6, "won")


def test_d2_odd_pairs_rule():
    a = 82 + 78 + 74 + odd_pair_credit([74, 78, 76])
    b = 80 + 78 + 76 + odd_pair_credit([82, 78, 80])
    result = two_team_match({"A": a, "B": b})
    assert (a, b, result["B"].margin) == (310, 314, 2)


def test_d3_fraction_of_a_trick():
    result = two_team_match({"A": Fraction(3124, 10), "B": Fraction(3116, 10)})
    assert result["A"].margin == 0 and result["A"].by_fraction and result["A"].outcome == "won"


@pytest.mark.parametrize("value,rounded", [(Fraction(311, 2), 156), (Fraction(15549, 100), 155)])
def test_d4_rounding(value, rounded):
    assert round_half_up(value) == rounded


def test_multi_team_against_rounded_average():
    result = multi_team_match({"A": 160, "B": 150, "C": 155})
    assert [result[t].margin for t in "ABC"] == [5, -5, 0]


@pytest.mark.parametrize(
    "made,revokes,before,expected", [(10, 1, 0, 7), (10, 1, 8, 8), (9, 2, 0, 6)]
)
def test_d5_team_revoke_cap(made, revokes, before, expected):
    assert team_revoke(made, revokes, 7, before) == expected


def test_d6_pair_revoke_bounds():
    assert pair_revoke(6, 1, [6, 7, 8]) == (6, 7)
    assert pair_revoke(6, 1, [6, 7, 8], full_penalty=True) == (4, 9)


# --- Matchpoints, IMPs -------------------------------------------------------------------
def test_neuberg_ebu_example():
    assert round(float(neuberg(18, 10, 11)), 1) == 19.9
    assert round(float(neuberg(0, 10, 11)), 1) == 0.1


@pytest.mark.parametrize(
    "diff,expected",
    [(0, 0), (10, 0), (19, 0), (20, 1), (40, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6),
     (270, 7), (320, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
     (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1300, 16), (1500, 17),
     (1750, 18), (2000, 19), (2250, 20), (2500, 21), (2990, 21), (3000, 22), (3500, 23),
     (3990, 23), (4000, 24), (7600, 24), (-20, -1), (-4000, -24)],
)  # fmt: skip
def test_imp_scale_edges(diff, expected):
    assert imps(diff) == expected


@pytest.mark.parametrize("value,expected", [(-445, -450), (125, 130), (124, 120), (0, 0)])
def test_butler_round_to_ten(value, expected):
    assert round_to_ten(value) == expected


def test_butler_datum_drops_highest_and_lowest():
    assert butler_datum([-420, 100, 50, 50, 50, -140, -140]) == -30


@pytest.mark.parametrize(
    "margin,boards,winner",
    [(0, 16, "10.00"), (1, 16, "10.31"), (60, 16, "20.00"), (-1, 16, "9.69")],
)
def test_wbf_2013_vp_scale(margin, boards, winner):
    assert str(wbf_vp(margin, boards)[0]) == winner


# --- Adjustments, ranking ----------------------------------------------------------------
def test_parse_adjusted_forms():
    assert (parse_adjusted("A60/A40").ns, parse_adjusted("A6040").ew) == (60, 40)
    assert parse_adjusted("+3/-3").kind == "imps"
    assert [str(parse_adjusted(t)) for t in ("+3/-3", "-3/+3", "0/0")] == ["+3/-3", "-3/+3", "0/0"]
    with pytest.raises(ScoringError) as err:
        parse_adjusted("A70")
    assert err.value.field == "adjusted"


def test_d10_wrong_card_count():
    assert wrong_card_count([100, 400, -50], "NS") == (-50, 50)
    assert wrong_card_count([100, 400, -50], "EW") == (400, -400)
    assert wrong_card_count([100, 400, -50], "both") == (150, -150)


def test_d9_shifted_hands_majority():
    assert shifted_hands([1, 2, 3, 4, 5], [9, 9]) == ("shifted", 3)
    assert shifted_hands([1, 3], [9, 9, 9, 9, 9]) == ("as_dealt", 9)


def test_competition_ranking_compares_as_displayed():
    assert rank([Fraction(10), Fraction(9), Fraction(9001, 1000), Fraction(8)]) == [
        "1",
        "=2",
        "=2",
        "4",
    ]
    assert ordinal("=2") == "=2nd"


@pytest.mark.parametrize("rule", ["share", "play_off", "cut"])
def test_prize_tie_decision_recorded(rule):
    awards = allocate_prizes([(1, "1"), (2, "=2"), (3, "=2"), (4, "4")], 2, rule)
    assert [a.entry for a in awards] == [1, 2, 3]
    assert all(rule.replace("_", "-") in a.decision or rule == "share" for a in awards[1:])
    assert awards[1].decision
