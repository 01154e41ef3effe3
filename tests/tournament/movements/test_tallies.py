"""Tallies for individual and progressive play (LAWS.md §6.5–6.7; TC-9, TC-19)."""

from fractions import Fraction

import pytest

from tournament.movements.tallies import (
    PlusMinusSheet,
    RubberScore,
    baker_unfinished_bonus,
    check_deal,
    individual_totals,
    pivot_total,
    progressive_auction_round,
    round_tally,
)


def test_gross_and_net():
    assert round_tally((1, 2), (3, 4), 420, 310) == {1: 420, 2: 420, 3: 310, 4: 310}
    assert round_tally((1, 2), (3, 4), 420, 310, "net") == {1: 110, 2: 110, 3: -110, 4: -110}
    with pytest.raises(ValueError, match="gross"):
        round_tally((1, 2), (3, 4), 1, 2, "half")


def test_tc9_progressive_auction_game_bonus():
    # 20 + 12 below over two deals completes a game: +125; no rubber bonus
    assert progressive_auction_round([(20, 0, 0, 0), (12, 0, 0, 0)]) == (157, 0)
    # an unfinished game gets nothing
    assert progressive_auction_round([(24, 18, 0, 50)]) == (24, 68)


def test_tc9_game_over_several_deals_then_a_new_game():
    # 24 + 8 = 32: game on deal 3 (+125), E-W's 18 toward it wiped; E-W's 20 then is an
    # unfinished game: nothing
    deals = [(24, 0, 0, 30), (0, 18, 0, 0), (8, 0, 0, 0), (0, 20, 0, 50)]
    assert progressive_auction_round(deals) == (24 + 8 + 125, 30 + 18 + 20 + 50)
    # two games for one side in the round: 250, but nothing for the rubber
    assert progressive_auction_round([(30, 0, 0, 0), (40, 0, 0, 0)]) == (30 + 40 + 250, 0)


@pytest.mark.parametrize(
    "deal, field",
    [((24, 18, 0, 0), "ew_trick"), ((-1, 0, 0, 0), "ns_trick"), ((281, 0, 0, 0), "ns_trick"),
     ((0, 0, 0, 10_001), "ew_above"), ((0, True, 0, 0), "ew_trick")],
)  # fmt: skip
def test_a_deal_the_table_cannot_have_written(deal, field):
    with pytest.raises(ValueError, match=f"^{field}: "):
        check_deal(*deal)
    check_deal(280, 0, 10_000, 10_000)


def test_five_hundred_plus_minus():
    sheet = PlusMinusSheet()
    sheet.enter((1, 3), 240)
    sheet.enter((2, 4), -100)
    sheet.enter((2, 4), 80)
    assert sheet.plus == {1: 240, 3: 240, 2: 80, 4: 80}
    assert sheet.minus == {2: 100, 4: 100}
    assert sheet.net() == {1: 240, 2: -20, 3: 240, 4: -20}


def test_pivot_three_rubbers_gross_nothing_unfinished():
    rubbers = [
        RubberScore(400, 250, 250),
        RubberScore(300, 125, 250),
        RubberScore(180, 125, 0, finished=False),
        RubberScore(999, 0, 250),
    ]
    assert pivot_total(rubbers) == 400 + 500 + 300 + 375 + 180


def test_individual_totals_with_half_games():
    totals = individual_totals([{1: 1, 2: Fraction(1, 2)}, {1: 0, 2: Fraction(1, 2)}])
    assert totals == {1: 1, 2: 1}


def test_tc19_baker_unfinished_rubber():
    assert baker_unfinished_bonus(1) == 125
