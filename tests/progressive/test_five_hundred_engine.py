"""Progressive Five Hundred, the engine: tally cards, deals, who progresses where, and the
general score sheet, each against a hand-worked example [002 L7368–7406]."""

from __future__ import annotations

import random

import pytest

from tournament.movements.base import MovementError
from tournament.movements.five_hundred import (
    FiveHundredTie,
    Table,
    check_count,
    check_cut,
    check_deal,
    initial_seating,
    letter,
    next_seating,
    parse_position,
    progressing,
    round_totals,
    score_sheet,
)


def test_table_letters_and_the_cards_marks():
    assert [letter(n) for n in (1, 2, 26, 27, 28)] == ["A", "B", "Z", "AA", "AB"]
    assert parse_position("A 3") == (1, 3)
    assert parse_position("b6") == (2, 6)
    with pytest.raises(ValueError, match="table letter and the seat"):
        parse_position("3")


def test_four_hand_partners_are_one_and_three_against_two_and_four():
    # "one and three playing partners against two and four" [002 L7373–7374]
    assert Table(1, (11, 12, 13, 14)).sides() == ((11, 13), (12, 14))
    # "the odd numbers playing partners against the even" [002 L7375–7376]
    assert Table(1, (1, 2, 3, 4, 5, 6)).sides() == ((1, 3, 5), (2, 4, 6))


def test_the_players_must_fill_whole_tables_and_the_message_says_what_to_do():
    check_count(8, 4)
    check_count(15, 5)
    with pytest.raises(MovementError, match="sign in 2 more, or let 2 sit out") as exc:
        check_count(10, 4)
    assert "another number of hands (5)" in str(exc.value)
    with pytest.raises(MovementError, match="at least two 6-hand tables"):
        check_count(6, 6)


def test_round_one_from_the_tally_cards_as_drawn():
    given = {1: "B 2", 2: "A 1", 3: "A 2", 4: "B 1", 5: "A 3", 6: "B 3"}
    tables = initial_seating(list(range(1, 7)), 3, given=given)
    assert tables == [Table(1, (2, 3, 5)), Table(2, (4, 1, 6))]
    with pytest.raises(MovementError, match="card A 1 is given to players 2 and 4"):
        initial_seating(list(range(1, 7)), 3, given={**given, 4: "A 1"})
    with pytest.raises(MovementError, match="tables A to B, seats 1 to 3"):
        initial_seating(list(range(1, 7)), 3, given={**given, 4: "C 1"})


def test_round_one_at_random_fills_every_seat_once():
    tables = initial_seating(list(range(1, 13)), 6, rng=random.Random(7))
    assert [t.table for t in tables] == [1, 2]
    assert sorted(p for t in tables for p in t.seats) == list(range(1, 13))


def test_a_deal_is_checked_partners_credited_alike_and_only_the_bidder_set_back():
    three = Table(1, (1, 2, 3))
    # player 1 bids seven hearts (200 on the Avondale schedule) and takes six tricks: set
    # back 200; the adversaries score 10 a trick each, 3 and 1 tricks [002 L7305–7314]
    assert check_deal(three, {1: -200, 2: 30, 3: 10}) == {1: -200, 2: 30, 3: 10}
    with pytest.raises(ValueError, match="only the bidder's side is set back"):
        check_deal(three, {1: -200, 2: -30, 3: 10})
    four = Table(1, (1, 2, 3, 4))
    with pytest.raises(ValueError, match="partners 1, 3 are each credited"):
        check_deal(four, {1: 240, 2: 20, 3: 200, 4: 20})
    with pytest.raises(ValueError, match="give the points of each player at Table A: 1, 2, 3, 4"):
        check_deal(four, {1: 240, 2: 20, 3: 240})
    with pytest.raises(ValueError, match="from -2000"):
        check_deal(four, {1: 2400, 2: 20, 3: 2400, 4: 20})


def test_three_hand_the_high_player_progresses():
    a, b = Table(1, (1, 2, 3)), Table(2, (4, 5, 6))
    deals_a = [{1: 120, 2: 0, 3: 20}, {1: -40, 2: 30, 3: 40}, {1: 40, 2: 10, 3: 20}]
    totals_a = round_totals(a, deals_a)
    assert totals_a == {1: 120, 2: 40, 3: 80}
    totals = {1: totals_a, 2: {4: 0, 5: 200, 6: 150}}
    # 1 goes on to B, 5 (B's high player) goes round to A; those who stay take seats 1, 2
    assert next_seating([a, b], totals) == [Table(1, (2, 3, 5)), Table(2, (4, 6, 1))]


def test_four_hand_the_winning_partners_progress_and_the_losers_split():
    a, b = Table(1, (1, 2, 3, 4)), Table(2, (5, 6, 7, 8))
    totals = {1: {1: 220, 3: 220, 2: -100, 4: -100}, 2: {5: 60, 7: 60, 6: 140, 8: 140}}
    new = next_seating([a, b], totals)
    assert new == [Table(1, (2, 4, 6, 8)), Table(2, (5, 7, 1, 3))]
    # the losers who stayed were partners; now each plays with an arrival
    assert new[0].sides() == ((2, 6), (4, 8))
    assert new[1].sides() == ((5, 1), (7, 3))


def test_four_hand_three_tables_the_last_tables_winners_go_to_table_a():
    tables = [Table(t, tuple(range(4 * t - 3, 4 * t + 1))) for t in (1, 2, 3)]
    totals = {
        1: {1: 10, 3: 10, 2: 50, 4: 50},
        2: {5: 90, 7: 90, 6: 0, 8: 0},
        3: {9: -40, 11: -40, 10: 30, 12: 30},
    }
    assert next_seating(tables, totals) == [
        Table(1, (1, 3, 10, 12)),
        Table(2, (6, 8, 2, 4)),
        Table(3, (9, 11, 5, 7)),
    ]


def test_five_hand_two_players_progress_and_a_tie_is_cut():
    a, b = Table(1, (1, 2, 3, 4, 5)), Table(2, (6, 7, 8, 9, 10))
    totals = {1: {1: 100, 2: 300, 3: -50, 4: 300, 5: 20},
              2: {6: 0, 7: 10, 8: 500, 9: 10, 10: -200}}  # fmt: skip
    with pytest.raises(FiveHundredTie) as exc:
        next_seating([a, b], totals)
    assert exc.value.ties == {2: {"tied": [7, 9], "places": 1, "sure": [8], "sides": False}}
    assert "Table B: players 7, 9 tie for 1 place to progress" in str(exc.value)
    with pytest.raises(ValueError, match="1 of players 7, 9"):
        check_cut(b, totals[2], [6])
    assert check_cut(b, totals[2], [9]) == (9,)
    assert next_seating([a, b], totals, {2: [9]}) == [
        Table(1, (1, 3, 5, 8, 9)),
        Table(2, (6, 7, 10, 2, 4)),
    ]


def test_six_hand_three_winning_partners_progress():
    a, b = Table(1, (1, 2, 3, 4, 5, 6)), Table(2, (7, 8, 9, 10, 11, 12))
    totals = {1: {1: 150, 3: 150, 5: 150, 2: 90, 4: 90, 6: 90},
              2: {7: -60, 9: -60, 11: -60, 8: 300, 10: 300, 12: 300}}  # fmt: skip
    new = next_seating([a, b], totals)
    assert new == [Table(1, (2, 4, 6, 8, 10, 12)), Table(2, (7, 9, 11, 1, 3, 5))]
    assert new[0].sides() == ((2, 6, 10), (4, 8, 12))
    assert new[1].sides() == ((7, 11, 3), (9, 1, 5))


def test_a_partnership_tie_is_cut_for_by_sides():
    a = Table(1, (1, 2, 3, 4))
    totals = {1: 80, 3: 80, 2: 80, 4: 80}
    assert progressing(a, totals)["sides"] is True
    with pytest.raises(ValueError, match="the partners of one side: 1, 3 or 2, 4"):
        check_cut(a, totals, [1, 2])
    assert progressing(a, totals, [4, 2]) == (2, 4)
    with pytest.raises(ValueError, match="there is no tie at Table A"):
        check_cut(a, {1: 90, 3: 90, 2: 80, 4: 80}, [1, 3])


def test_the_general_score_sheet_plus_minus_and_net():
    # player 1 over two rounds: +120, -40, +40 in round 1; +0, -200, +250 in round 2
    deals = [
        (1, {1: 120, 2: 0}), (1, {1: -40, 2: 30}), (1, {1: 40, 2: 10}),
        (2, {1: 0, 2: -100}), (2, {1: -200, 2: 60}), (2, {1: 250, 2: 10}),
    ]  # fmt: skip
    sheet = score_sheet(deals, [1, 2, 3])
    one, two, three = sheet[1], sheet[2], sheet[3]
    assert one.rounds == {1: (160, 40), 2: (250, 200)}
    assert (one.plus, one.minus, one.net) == (410, 240, 170)
    assert (two.plus, two.minus, two.net) == (110, 100, 10)
    assert (three.plus, three.minus, three.net) == (0, 0, 0)
