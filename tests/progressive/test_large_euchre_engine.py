"""The engine of a large euchre: rows of tables, each progressing by itself; the head and
aisle prizes; the calling sheet; lone hands checked against the game.  The room, results
and every expected value are worked by hand in tests/progressive/large_room.py."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournament.movements.base import MovementError, Seating
from tournament.movements.prizes import (
    Award,
    Contest,
    award_contests,
    calling_sheet,
    room_contests,
)
from tournament.movements.progressive import (
    ProgressivePolicy,
    TableResult,
    TieUndecided,
    check_lone_hands,
    initial_seating,
    lone_hand_limit,
    next_seating,
    round_credits,
    row_of_table,
    row_tables,
)

from .large_room import (
    AISLE,
    AISLE_1_TIE,
    AISLE_2_TIE,
    AWARDS,
    CALLS,
    GAMES,
    POLICY,
    RESULTS_1,
    RESULTS_2,
    RESULTS_3,
    ROUND_1,
    ROUND_2,
    ROUND_3,
)


def seats(rows):
    return [Seating(table=t, n=n, s=s, e=e, w=w) for t, n, s, e, w in rows]


def results(given):
    out = {}
    for table, r in given.items():
        if isinstance(r, str):
            out[table] = TableResult(winner=r)
        else:
            ns, ew, first = r
            out[table] = TableResult(ns_points=ns, ew_points=ew, first_to_score=first or None)
    return out


def test_the_books_room_is_four_rows_of_sixteen_and_uneven_rooms_fill_the_first_rows():
    rows = row_tables(list(range(1, 65)), 4)  # 256 players [002 L6548–6556]
    assert [len(r) for r in rows] == [16] * 4 and rows[1][0] == 17 and rows[3][-1] == 64
    assert row_tables([1, 2, 3, 4, 5, 6, 7], 2) == [[1, 2, 3, 4], [5, 6, 7]]
    assert row_of_table([1, 2, 3, 4, 5, 6], 2) == {1: 1, 2: 1, 3: 1, 4: 2, 5: 2, 6: 2}
    with pytest.raises(MovementError, match="cannot make 4 rows"):
        row_tables([1, 2, 3], 4)


def test_each_row_progresses_in_its_own_circle():
    policy = ProgressivePolicy(**POLICY)
    given = {p: f"{(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}" for p in range(1, 25)}
    first = initial_seating(list(range(1, 25)), given=given)
    assert first == seats(ROUND_1)
    second = next_seating(policy, first, results(RESULTS_1), rows=2)
    assert second == seats(ROUND_2)
    assert next_seating(policy, second, results(RESULTS_2), rows=2) == seats(ROUND_3)
    # as one circuit of six the winners of table 3 would go on to table 4, not round to 1
    assert next_seating(policy, first, results(RESULTS_1))[3].s == 9


def test_ties_undecided_in_several_rows_are_raised_together():
    policy = ProgressivePolicy(**{**POLICY, "tie_progress": "td"})
    tied = {**results(RESULTS_1), 2: TableResult(ns_points=2, ew_points=2)}
    with pytest.raises(TieUndecided) as exc:
        next_seating(policy, seats(ROUND_1), tied, rows=2)
    assert exc.value.tables == [2, 5]
    decided = next_seating(policy, seats(ROUND_1), tied, {2: "ew", 5: "ew"}, rows=2)
    assert decided == seats(ROUND_2)


def test_games_won_over_the_three_rounds():
    policy = ProgressivePolicy(**POLICY)
    total = dict.fromkeys(range(1, 25), Fraction(0))
    for rows, res in ((ROUND_1, RESULTS_1), (ROUND_2, RESULTS_2), (ROUND_3, RESULTS_3)):
        for p, g in round_credits(policy, seats(rows), results(res)).items():
            total[p] += g
    assert total == GAMES


def test_head_prizes_then_each_aisle_then_most_lone_hands():
    contests = room_contests(GAMES, AISLE, head_prizes=2, row_prizes=2)
    assert [(c.label, c.prizes, c.row) for c in contests] == [
        ("head prize", 2, None), ("aisle 1 prize", 2, 1), ("aisle 2 prize", 2, 2)]  # fmt: skip
    contests.append(Contest("most lone hands", {1: 1, 11: 2, 24: 1}, ties="lone"))
    # the aisle-1 tie of six on 2 games stops the awarding after the head prizes
    first = award_contests(contests, method="draw")
    assert [(a.prize, a.player) for _, a in first.awards] == AWARDS[:2]
    assert first.open == [{"label": "aisle 1 prize", "players": [1, 4, 5, 7, 10, 11],
                           "ties": ""}]  # fmt: skip
    decisions = {("", (1, 4, 5, 7, 10, 11)): AISLE_1_TIE}
    second = award_contests(contests, method="draw", decisions=decisions)
    # 22 and 17 (head prizes) are out of aisle 2's contest: 15, 16, 23 tie on 2
    assert second.open[0]["players"] == [15, 16, 23]
    decisions[("", (15, 16, 23))] = AISLE_2_TIE
    done = award_contests(contests, method="draw", decisions=decisions)
    assert done.open == []
    assert [(a.prize, a.player) for _, a in done.awards] == AWARDS
    # a lone-hand tie is its own record: the games' order does not settle it
    tied = Contest("most lone hands", {7: 2, 4: 2}, ties="lone")
    assert award_contests([tied], decisions={("", (4, 7)): [7, 4]}).open[0]["players"] == [4, 7]


def test_the_calling_sheet_calls_from_the_games_played_down():
    contests = room_contests(GAMES, AISLE, head_prizes=2, row_prizes=2)
    decisions = {("", (1, 4, 5, 7, 10, 11)): AISLE_1_TIE, ("", (15, 16, 23)): AISLE_2_TIE}
    awards = [a for _, a in award_contests(contests, decisions=decisions).awards]
    calls = calling_sheet(awards, games_played=3)
    assert [(c["games"], [a.prize for a in c["awards"]]) for c in calls] == CALLS
    # no one won all twelve: twelve and eleven are called, and no one stands [002 L6776–6779]
    sheet = calling_sheet([Award("head prize", 9, 10), Award("aisle 1 prize", 3, 9)], 12)
    assert [(c["games"], [a.player for a in c["awards"]]) for c in sheet] == [
        (12, []), (11, []), (10, [9]), (9, [3])]  # fmt: skip


def test_lone_hands_are_checked_against_the_game():
    table = Seating(table=3, n=11, s=7, e=12, w=8)
    check_lone_hands(table, {11: 2}, lone_hand_limit(5, 5, 2))
    # a lone hand made scores its side at least a point: N-S with 5 points made at most 5
    with pytest.raises(ValueError, match=r"N-S \(11 & 7\) cannot have made 6"):
        check_lone_hands(table, {11: 3, 7: 3}, lone_hand_limit(5, 5, 2))
    with pytest.raises(ValueError, match="whole number from 0"):
        check_lone_hands(table, {12: -1}, lone_hand_limit(5))
    with pytest.raises(ValueError, match="player 99 is not at table 3"):
        check_lone_hands(table, {99: 1}, lone_hand_limit(5))
    # the winner alone: a game of 5 lasts at most 4 + 4 + 1 = 9 deals, one lone hand a deal
    assert lone_hand_limit(5) == {"ns": 9, "ew": 9, "table": 9}
    check_lone_hands(table, {11: 5, 12: 4}, lone_hand_limit(5))
    with pytest.raises(ValueError, match="10 lone hands in a game of at most 9 deals"):
        check_lone_hands(table, {11: 5, 12: 5}, lone_hand_limit(5))


def test_lone_hands_at_a_foot_table_are_each_players_own():
    """At the foot each plays for himself [002 L6507–6511]: a player's lone hands made are no
    more than his own points (each scores at least 1 [002 L5943–5944]); the table's no more
    than a game's deals."""
    from tournament.movements.progressive import TableResult, short_lone_hand_limit

    foot = Seating(table=3, n=9, s=10, e=11)
    limit = short_lone_hand_limit(foot, TableResult(player_points={9: 5, 10: 9, 11: 0}), 5)
    assert limit == {"players": {9: 5, 10: 9, 11: 0}, "table": 9}
    check_lone_hands(foot, {9: 5, 10: 4}, limit)
    with pytest.raises(ValueError, match="player 11 cannot have made 1 lone hands with 0"):
        check_lone_hands(foot, {11: 1}, limit)
    with pytest.raises(ValueError, match="10 lone hands in a game of at most 9 deals"):
        check_lone_hands(foot, {9: 3, 10: 7}, limit)
    with pytest.raises(ValueError, match="player 12 is not at table 3"):
        check_lone_hands(foot, {12: 1}, limit)
