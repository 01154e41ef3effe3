"""The rover Mitchell (bridgecentral.com, "Rover Mitchell"): the 5½-table example rebuilt from
the moves in words, and for every supported size the properties counted on the schedule itself:
everyone plays the same number of boards or one round fewer, nobody plays a board twice, each
board is played equally often (one set on each table every round), every N-S pair is displaced
at most once, and every declared checker property holds."""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.movements import MovementError, build
from tournament.movements.checks import lines, meetings, violations
from tournament.movements.recommend import recommend
from tournament.movements.rover import MAX_ROVER_TABLES


def test_five_and_a_half_tables_as_the_book_moves_them():
    """Base Mitchell (N-S stay, E-W up one, boards down one); pair 11 sits out round 1, then
    replaces N-S table 2 and goes up two tables a round: tables 2, 4, 1, 3."""
    m = build("rover-mitchell", pairs=11, boards_per_round=3)
    assert (m.tables, m.round_count, m.fields, m.total_boards, m.phantom) == (5, 5, 2, 15, None)
    ew = {t: 5 + t for t in range(1, 6)}
    sets = {t: t for t in range(1, 6)}
    rover_at = {2: 2, 3: 4, 4: 1, 5: 3}  # round -> table, by the book's "up two tables"
    for rnd in m.rounds:
        for st in rnd.tables:
            ns = 11 if rover_at.get(rnd.number) == st.table else st.table
            assert (st.ns, st.ew, st.set) == (ns, ew[st.table], sets[st.table])
        displaced = rover_at.get(rnd.number)
        assert rnd.sit_out == ((11,) if displaced is None else (displaced,))
        ew = {t % 5 + 1: pair for t, pair in ew.items()}  # E-W up one
        sets = {t: sets[t % 5 + 1] for t in sets}  # boards down one
    rover = [(rnd.number, st.table, st.ew, st.set) for rnd in m.rounds for st in rnd.tables
             if st.ns == 11]  # fmt: skip
    assert rover == [(2, 2, 6, 3), (3, 4, 7, 1), (4, 1, 8, 4), (5, 3, 9, 2)]
    assert lines(m) == ({1, 2, 3, 4, 5, 11}, {6, 7, 8, 9, 10})
    assert "pair 11, sits out round 1" in m.announcement and "tables 2, 4, 1, 3" in m.announcement


def boards_of(m) -> Counter:
    played: Counter = Counter()
    for rnd in m.rounds:
        for st in rnd.tables:
            for who in st.seated:
                played[who] += len(m.boards_for(st))
    return played


@pytest.mark.parametrize("tables", range(3, MAX_ROVER_TABLES + 1))
def test_every_size_keeps_the_properties(tables):
    m = build("rover-mitchell", pairs=2 * tables + 1, boards_per_round=2)
    rover = 2 * tables + 1
    assert violations(m) == []
    full = tables if tables % 2 else tables - 1
    assert m.round_count == full
    played = boards_of(m)
    assert set(played) == set(range(1, rover + 1))  # nobody left out
    assert set(played.values()) <= {2 * full, 2 * (full - 1)}  # equal or one round fewer
    seen = Counter((who, b) for r in m.rounds for st in r.tables for who in st.seated
                   for b in m.boards_for(st))  # fmt: skip
    assert max(seen.values()) == 1  # nobody plays a board twice
    plays = Counter(b for r in m.rounds for st in r.tables for b in m.boards_for(st))
    assert set(plays.values()) == {full}  # every board as often: one top
    outs = [p for r in m.rounds for p in r.sit_out]
    assert outs[0] == rover and len(outs) == full and len(set(outs)) == full
    assert all(len(r.sit_out) == 1 for r in m.rounds)
    for rnd in m.rounds:  # the sit-out is at no table; everyone else is at one
        seated = {x for st in rnd.tables for x in st.seated}
        assert seated | set(rnd.sit_out) == set(range(1, rover + 1))
        assert not seated & set(rnd.sit_out)
    assert max(meetings(m).values()) <= (2 if m.meet == "cross_lines_at_most_twice" else 1)
    assert [st.ns for r in m.rounds[1:] for st in r.tables].count(rover) == full - 1


@pytest.mark.parametrize("tables", [5, 7, 11, 13, 17, 19])
def test_prime_tables_follow_up_two_exactly(tables):
    """The book's rule for a prime number of tables, no search needed: table 2, 4, 6 …"""
    m = build("rover-mitchell", tables=tables)
    route = [st.table for r in m.rounds for st in r.tables if st.ns == 2 * tables + 1]
    assert route == [(2 * k - 1) % tables + 1 for k in range(1, tables)]
    assert m.meet == "cross_lines_at_most_once"


def test_cut_short_and_even_tables_with_the_skip():
    m = build("rover-mitchell", pairs=17, rounds=5)  # 8 tables: skip Mitchell base
    assert (m.tables, m.round_count, m.skip_after) == (8, 5, 4)
    assert violations(m) == []
    assert "skip one table after round 4" in m.announcement


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"pairs": 12}, "odd number of pairs"),
        ({"pairs": 5}, "3 to 20 base tables"),
        ({"pairs": 43}, "3 to 20 base tables"),
        ({"pairs": 11, "tables": 6}, "5 tables and a rover"),
        ({"pairs": 11, "rounds": 6}, "2 to 5 rounds"),
        ({"pairs": 13, "rounds": 3}, "4 to 5 rounds"),
    ],
)
def test_refusals_say_what_would_work(options, words):
    with pytest.raises(MovementError, match=words):
        build("rover-mitchell", **options)


def test_recommended_for_an_odd_number_of_pairs_only():
    odd = [o for o in recommend(11, limit=50) if o.kind == "rover-mitchell"]
    assert [(o.tables, o.rounds, o.sit_out, o.fields) for o in odd] != []
    assert all((o.tables, o.rounds, o.sit_out, o.fields) == (5, 5, True, 2) for o in odd)
    assert not [o for o in recommend(12, limit=50) if o.kind == "rover-mitchell"]
