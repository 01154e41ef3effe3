"""Pivot table, Safford and Baker (LAWS.md §4.5, §4.7, §4.8; TC-11, TC-18, TC-19)."""

from itertools import combinations

import pytest

from tournament.movements.base import MovementError
from tournament.movements.individual_checks import check_boards, check_i1, check_i2, meetings
from tournament.movements.pivot import (
    build_baker,
    build_pivot,
    build_safford,
    safford_label,
    safford_number,
    spouse,
)

SAFFORD_TABLE = [  # LAWS.md §4.8, sets 1–7, T1..T4 (N S E W)
    "6 g 2 a | 3 e 8 d | f 7 b 1 | c 5 h 4",
    "5 f 8 a | 2 d 7 c | e 6 h 1 | b 4 g 3",
    "4 e 7 a | 8 c 6 b | d 5 g 1 | h 3 f 2",
    "3 d 6 a | 7 b 5 h | c 4 f 1 | g 2 e 8",
    "2 c 5 a | 6 h 4 g | b 3 e 1 | f 8 d 7",
    "8 b 4 a | 5 g 3 f | h 2 d 1 | e 7 c 6",
    "7 h 3 a | 4 f 2 e | g 8 c 1 | d 6 b 5",
]


def test_four_player_pivot_rubbers():
    """TC-11: P+A v R+L, P+R v A+L, P+L v A+R; each partners each other once."""
    mv = build_pivot(4)
    rubbers = [(st.n, st.s, st.e, st.w) for r in mv.rounds for st in r.tables]
    # 1 pivot (N), 2 first partner, 3 on her left (E), 4 on her right (W)
    assert rubbers[0] == (1, 2, 3, 4)
    assert rubbers[1][:2] == (1, 4) and rubbers[2][:2] == (1, 3)
    assert all(st.n == 1 for r in mv.rounds for st in r.tables)
    partners, _ = meetings(mv)
    assert set(partners) == set(combinations(range(1, 5), 2))
    assert set(partners.values()) == {1}


def test_five_players_cut_in_and_out():
    mv = build_pivot(5)
    assert [r.sit_out for r in mv.rounds] == [(5,), (1,), (2,), (3,), (4,)]
    partners, opponents = meetings(mv)
    assert set(partners.values()) == {1} and len(partners) == 10
    assert set(opponents.values()) == {2}


def test_six_players_retire_in_pairs():
    mv = build_pivot(6)
    assert [r.sit_out for r in mv.rounds[:3]] == [(5, 6), (1, 2), (3, 4)]
    partners, _ = meetings(mv)
    cross = [p for p in combinations(range(1, 7), 2) if (p[0] - 1) // 2 != (p[1] - 1) // 2]
    assert sorted(partners) == sorted(cross) and set(partners.values()) == {1}
    assert check_i1(mv) == []


@pytest.mark.parametrize("players", [3, 7])
def test_pivot_bad_size(players):
    with pytest.raises(MovementError, match="4, 5 or 6"):
        build_pivot(players)


def test_safford_matches_laws_table():
    mv = build_safford()
    got = [
        " | ".join(" ".join(safford_label(x) for x in (st.n, st.s, st.e, st.w)) for st in r.tables)
        for r in mv.rounds
    ]
    assert got == SAFFORD_TABLE
    assert safford_number("a") == 9 and spouse(1) == 9


def test_safford_properties():
    """TC-18 and LAWS.md §4.8: spouses never at one table; same cards once; etc."""
    mv = build_safford()
    assert check_i1(mv) == [] and check_i2(mv) == [] and check_boards(mv) == []
    same_seat = {}
    for r in mv.rounds:
        where = {}
        for st in r.tables:
            for seat in "nsew":
                where[getattr(st, seat)] = (st.table, seat)
        for p in range(1, 9):  # spouses: other table, same compass seat
            (t1, s1), (t2, s2) = where[p], where[spouse(p)]
            assert t1 != t2 and s1 == s2 and {t1, t2} in ({1, 3}, {2, 4})
        for a, b in combinations(range(1, 17), 2):
            if where[a][1] == where[b][1] and where[a][0] != where[b][0]:
                same_seat[(a, b)] = same_seat.get((a, b), 0) + 1
    partners, opponents = meetings(mv)
    for a, b in combinations(range(1, 17), 2):
        if spouse(a) == b:
            assert (a, b) not in partners and (a, b) not in opponents
            continue
        mixed = (a <= 8) != (b <= 8)
        assert same_seat.get((a, b), 0) == 1
        assert opponents[(a, b)] == 1
        assert partners[(a, b)] == (1 if mixed else 0)


def test_baker_social_duplicate():
    """TC-19: 3 partnerships × 4 deals × 2 plays = 24 hands; captains North."""
    mv = build_baker()
    hands = sum(len(mv.boards_for(st)) for r in mv.rounds for st in r.tables)
    assert hands == 24 and mv.total_boards == 12
    assert check_i2(mv) == [] and check_i1(mv) == []
    assert all({st.n for st in r.tables} == {1, 5} for r in mv.rounds)
    for p in range(1, 9):  # every player plays all 12 deals once
        played = [
            b for r in mv.rounds for st in r.tables if p in st.seated for b in mv.boards_for(st)
        ]
        assert sorted(played) == list(range(1, 13))
    partners, _ = meetings(mv)
    for team in ((1, 2, 3, 4), (5, 6, 7, 8)):
        assert {pair for pair in partners if set(pair) <= set(team)} == set(combinations(team, 2))
