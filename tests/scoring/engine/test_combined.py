"""Events of several sessions (scoring.engine.combined), every figure worked out by hand."""

from fractions import Fraction as F

import pytest

from scoring.engine.combined import (
    SessionScore,
    carry_forward,
    combine,
    parse_factor,
    qualifiers,
    ranked,
    seed_final,
)
from scoring.engine.contract import ScoringError

# Session 1: top 4 per board, 6 boards (pairs' maximum 24).  Session 2: top 6, 4 boards (24).
ONE = {
    "ann": SessionScore(F(15), F(625, 10), 4),  # 15/24 = 62.5 %
    "bob": SessionScore(F(12), F(50), 4),
    "cat": SessionScore(F(9), F(375, 10), 4),
}
TWO = {
    "ann": SessionScore(F(10), F(125, 3), 6),  # 10/24 = 41.67 %
    "bob": SessionScore(F(14), F(175, 3), 6),  # 14/24 = 58.33 %
    "cat": SessionScore(F(12), F(50), 6),
}


@pytest.mark.parametrize(
    "method, expected",
    [
        # 62.5 + 41 2/3 = 104 1/6; 50 + 58 1/3 = 108 1/3; 37.5 + 50 = 87.5
        ("sum", {"ann": F(625, 6), "bob": F(325, 3), "cat": F(175, 2)}),
        # the same halved
        ("average", {"ann": F(625, 12), "bob": F(325, 6), "cat": F(175, 4)}),
        # common top 6: session 1 × 6/4 -> 22.5, 18, 13.5; plus session 2 as is
        ("matchpoints", {"ann": F(65, 2), "bob": F(32), "cat": F(51, 2)}),
    ],
)
def test_combine_by_each_method(method, expected):
    assert combine([ONE, TWO], method) == expected


def test_average_counts_only_the_sessions_played():
    only_one = {"dan": SessionScore(F(18), F(75), 4)}
    assert combine([ONE, only_one], "average")["dan"] == F(75)


def test_carry_mp_is_the_ebu_formula_with_a_half():
    # C = S × FT / (2 × QT): ann 15 × 6 / 8 = 11.25, bob 12 × 6 / 8 = 9, cat 9 × 6 / 8 = 6.75
    carry, total = carry_forward([ONE], TWO, "carry_mp", F(1, 2))
    assert carry == {"ann": F(45, 4), "bob": F(9), "cat": F(27, 4)}
    # plus the final's matchpoints: 21.25, 23, 18.75
    assert total == {"ann": F(85, 4), "bob": F(23), "cat": F(75, 4)}


def test_carry_percent_weighs_the_qualifier_by_the_factor():
    # (½ × 62.5 + 41 2/3) ÷ 1.5 = (31.25 + 41.6667) ÷ 1.5 = 48 11/18
    carry, total = carry_forward([ONE], TWO, "carry_percent", F(1, 2))
    assert carry["ann"] == F(125, 4)
    assert total["ann"] == F(875, 18)
    # bob: (25 + 58 1/3) / 1.5 = 55 5/9
    assert total["bob"] == F(500, 9)


def test_a_finalist_who_did_not_qualify_carries_nothing():
    final = {**TWO, "eve": SessionScore(F(6), F(25), 6)}
    carry, total = carry_forward([ONE], final, "carry_mp", F(1, 2))
    assert carry["eve"] == 0 and total["eve"] == 6


def test_ranked_shares_places_as_shown():
    assert ranked({"a": F(10), "b": F(12), "c": F(10)}) == [
        ("1", "b", F(12)),
        ("=2", "a", F(10)),
        ("=2", "c", F(10)),
    ]


def test_qualifiers_take_the_tie_at_the_cut_through():
    totals = {"a": F(60), "b": F(55), "c": F(55), "d": F(40)}
    assert qualifiers(totals, 1) == ["a"]
    assert qualifiers(totals, 2) == ["a", "b", "c"]
    assert qualifiers(totals, 9) == ["a", "b", "c", "d"]


def test_seeding_numbers_the_a_final_then_the_b_final_by_place():
    seeds = seed_final(["a", "b", "c", "d", "e"], [2, 2])
    assert seeds == {"a": (0, 1), "b": (0, 2), "c": (1, 1), "d": (1, 2), "e": (1, 3)}


@pytest.mark.parametrize("text, value", [("1/2", F(1, 2)), ("0.25", F(1, 4)), ("50%", F(1, 2))])
def test_factor_forms(text, value):
    assert parse_factor(text) == value


@pytest.mark.parametrize("text", ["half", "3/2", "-1", "1/0", True])
def test_bad_factors_are_refused(text):
    with pytest.raises(ScoringError):
        parse_factor(text)


def test_matchpoints_need_a_top_everywhere():
    with pytest.raises(ScoringError, match="top"):
        combine([ONE, {"ann": SessionScore(F(3), F(50), None)}], "matchpoints")
