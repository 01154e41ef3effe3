"""The whist club match: two teams of any agreed number of pairs, half of each N-S and half
E-W "or as near thereto as possible" [000 L727] (LAWS.md §4.2), as a movement."""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.movements import MovementError, build
from tournament.movements.checks import club_team_of
from tournament.movements.teams import team_pairs


@pytest.mark.parametrize("p", range(2, 11))
def test_two_teams_of_p_pairs_meet_only_each_other_and_play_every_deal_both_ways(p):
    m = build("club-match", pairs=2 * p, boards_per_round=2)
    assert (m.tables, m.round_count, m.total_boards) == (p, p, 2 * p)
    teams = team_pairs(m)
    assert sorted(teams) == [1, 2]
    for ns, ew in teams.values():
        assert len(ns) + len(ew) == p  # the same number of pairs in each team
        assert abs(len(ns) - len(ew)) <= p % 2  # half N-S and half E-W, or as near
    seats: dict[int, set[int]] = {}
    plays: dict[int, Counter[int]] = {}
    for rnd in m.rounds:
        assert sorted(st.set for st in rnd.tables) == list(range(1, p + 1))  # every set in play
        for st in rnd.tables:
            seats.setdefault(st.ns, set()).add(st.table)
            seats.setdefault(st.ew, set()).add(st.table)
            assert club_team_of(m, st.ns) != club_team_of(m, st.ew)
            for board in m.boards_for(st):
                plays.setdefault(board, Counter())[club_team_of(m, st.ns)] += 1
    assert all(len(tables) == 1 for tables in seats.values())  # the pairs stay
    for board, by_team in plays.items():
        assert sum(by_team.values()) == p  # every table plays every deal
        assert abs(by_team[1] - by_team[2]) == p % 2, board


def test_two_pairs_a_side_is_the_two_table_match():
    """[000 L741–743]: each team has a N-S pair at one table and an E-W pair at the other,
    and each table plays the other's boards."""
    m = build("club-match", pairs=4, boards_per_round=3)
    assert team_pairs(m) == {1: ((1,), (4,)), 2: ((2,), (3,))}
    one, two = m.rounds
    assert [st.set for st in one.tables] == [1, 2] and [st.set for st in two.tables] == [2, 1]


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"pairs": 7}, "the number of pairs is even, not 7"),
        ({"pairs": 2}, "at least 2 pairs each"),
        ({"pairs": 6, "rounds": 2}, "plays 3 rounds"),
    ],
)
def test_what_cannot_be_a_club_match_is_refused_with_the_reason(options, words):
    with pytest.raises(MovementError, match=words):
        build("club-match", **options)
