"""The Howell-Mitchell hybrid (bridgecentral.com "The perfect Howell-Mitchell movement"): the
split of the page (8 = 5 + 3, 11 = 7 + 4, 14 = 9 + 5), the Mitchell and the Howell parts
checked against their own rules, and every size up to 59 tables counted pair by pair."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournament.movements import MovementError, build
from tournament.movements.checks import violations


def test_the_split_of_the_published_page():
    for tables, mitchell, howell in ((8, 5, 3), (11, 7, 4), (14, 9, 5)):
        m = build("howell-mitchell", tables=tables, boards_per_round=2)
        assert (m.round_count, m.total_boards, m.fields) == (mitchell, 2 * mitchell, 1)
        assert mitchell + howell == tables and 2 * howell - 1 == mitchell  # a complete Howell


def test_eleven_tables_a_seven_table_mitchell_beside_a_four_table_howell():
    m = build("howell-mitchell", tables=11, boards_per_round=2)
    alone = build("howell", tables=4, boards_per_round=2)
    for rnd, small in zip(m.rounds, alone.rounds, strict=True):
        r = rnd.number - 1
        for t in range(1, 8):  # Mitchell: N-S t stays, E-W up one, boards down one (mod 7)
            st = rnd.table(t)
            assert (st.ns, st.ew, st.set) == (t, 7 + (t - 1 - r) % 7 + 1, (t - 1 + r) % 7 + 1)
        for st in small.tables:  # Howell: the 4-table Howell, pairs +14 at tables 8-11
            mine = rnd.table(7 + st.table)
            assert (mine.ns, mine.ew, mine.set) == (14 + st.ns, 14 + st.ew, st.set)
            # its boards are those of the Mitchell table holding the set this round
            assert rnd.table(mine.shared_with).set == st.set and mine.shared_with <= 7
    stays = {(st.table, st.ns == 22) for r in m.rounds for st in r.tables if 22 in st.seated}
    assert len(stays) == 1 and "pair 22 stays" in m.announcement  # the Howell's stationary pair


@pytest.mark.parametrize("tables", range(8, 60, 3))
def test_every_size_pair_by_pair(tables):
    for pairs in (2 * tables, 2 * tables - 1):
        m = build("howell-mitchell", pairs=pairs, boards_per_round=1)
        mitchell = (2 * tables - 1) // 3
        real = [p for p in m.participants]
        for pair in real:  # every pair plays every set once, every round or a sit-out
            mine = [st.set for r in m.rounds for st in r.tables if pair in st.seated]
            assert sorted(mine) == list(range(1, mitchell + 1))
        played = Counter(st.set for r in m.rounds for st in r.tables if m.phantom not in st.seated)
        assert set(played.values()) <= {tables, tables - 1}  # M + H times (less a sit-out)
        met = Counter(
            frozenset(st.seated) for r in m.rounds for st in r.tables if m.phantom not in st.seated
        )
        ns, ew = range(1, mitchell + 1), range(mitchell + 1, 2 * mitchell + 1)
        howell = [p for p in real if p > 2 * mitchell]
        wanted = {frozenset((a, b)) for a in ns for b in ew}
        wanted |= {frozenset(p) for p in combinations(howell, 2)}
        assert set(met) == wanted and set(met.values()) == {1}
        # the Howell and Mitchell sets both go up one a round, so each Howell table takes the
        # boards of the same Mitchell table all session: stand it beside that table
        beside = {(st.table, st.shared_with) for r in m.rounds for st in r.tables
                  if st.table > mitchell}  # fmt: skip
        assert len(beside) == tables - mitchell and all(t <= mitchell for _, t in beside)


def test_the_checker_refuses_a_meeting_across_the_parts():
    m = build("howell-mitchell", tables=8, boards_per_round=2)
    first = m.rounds[0]
    swapped = [st for st in first.tables]
    a, b = swapped[0], swapped[5]  # put Howell pair at table 6 against Mitchell N-S 1
    swapped[0] = type(a)(table=1, ns=1, ew=b.ew, set=a.set)
    swapped[5] = type(b)(table=6, ns=b.ns, ew=a.ew, set=b.set)
    m.rounds = (type(first)(1, tuple(swapped), first.idle_sets, first.sit_out), *m.rounds[1:])
    assert any("in different parts" in v for v in violations(m))


def test_refusals_say_what_would_work():
    with pytest.raises(MovementError, match="8, 11, 14, 17"):
        build("howell-mitchell", tables=9)
    with pytest.raises(MovementError, match="plays 7 rounds, not 5") as err:
        build("howell-mitchell", tables=11, rounds=5)
    assert err.value.field == "rounds"
