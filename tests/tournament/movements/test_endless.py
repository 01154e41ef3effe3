"""The endless (flower) Howell (MOVEMENTS.md §3 [22]): the 4-table example of [22], the loop
of moves followed pair by pair, and every invariant for 3–10 tables and every round count."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from tournament.movements import MovementError, build
from tournament.movements.checks import violations


def test_four_tables_start_as_the_source_shows():
    m = build("endless-howell", pairs=8, boards_per_round=2)
    first = m.rounds[0]
    # [22]: "8-1 7-2 6-3 5-4"; board sets round 1: 1 3 5 2; table 2 then plays 4, 5, 6, 7, 1, 2
    assert [(st.ns, st.ew) for st in first.tables] == [(8, 1), (7, 2), (6, 3), (5, 4)]
    assert [st.set for st in first.tables] == [1, 3, 5, 2]
    assert [rnd.table(2).set for rnd in m.rounds] == [3, 4, 5, 6, 7, 1, 2]
    assert (m.round_count, m.fields, m.meet, m.share_sets) == (7, 1, "exactly_once", False)


def follow(tables: int, pair: int, rounds: int) -> list[tuple[int, str]]:
    """(table, seat) of a pair round by round from [22]'s moves in words."""
    if pair == 2 * tables:
        return [(1, "N-S")] * rounds
    table, seat = (pair, "E-W") if pair <= tables else (2 * tables + 1 - pair, "N-S")
    out = []
    for _ in range(rounds):
        out.append((table, seat))
        if seat == "N-S":
            table, seat = (table, "E-W") if table == tables else (table + 1, "N-S")
        else:
            table, seat = (2, "N-S") if table == 1 else (table - 1, "E-W")
    return out


@pytest.mark.parametrize("tables", range(3, 11))
def test_every_pair_follows_the_loop_and_meets_everyone_once(tables):
    m = build("endless-howell", tables=tables, boards_per_round=1)
    full = 2 * tables - 1
    assert m.round_count == full
    for pair in range(1, 2 * tables + 1):
        seen = []
        for rnd in m.rounds:
            st = next(s for s in rnd.tables if pair in (s.ns, s.ew))
            seen.append((st.table, "N-S" if st.ns == pair else "E-W"))
        assert seen == follow(tables, pair, full), pair
    met = Counter(frozenset((st.ns, st.ew)) for rnd in m.rounds for st in rnd.tables)
    assert all(met[frozenset(p)] == 1 for p in combinations(range(1, 2 * tables + 1), 2))
    played = Counter((p, st.set) for rnd in m.rounds for st in rnd.tables for p in st.seated)
    assert set(played.values()) == {1} and len(played) == 2 * tables * full
    # each table works down its own list: one set on from the last each round
    for t in range(1, tables + 1):
        sets = [rnd.table(t).set for rnd in m.rounds]
        assert all(b == a % full + 1 for a, b in zip(sets, sets[1:], strict=False))


@pytest.mark.parametrize("tables", range(3, 11))
def test_every_round_count_passes_the_checker_with_and_without_a_phantom(tables):
    for rounds in range(2, 2 * tables):
        for pairs in (2 * tables, 2 * tables - 1):
            m = build("endless-howell", pairs=pairs, rounds=rounds, boards_per_round=2)
            assert violations(m) == [], (tables, rounds, pairs)
            assert m.round_count == rounds and m.fields == 1
            complete = rounds == 2 * tables - 1
            assert m.meet == ("exactly_once" if complete else "at_most_once")
            if not complete:  # cut short: every table plays set r in round r, declared shared
                assert m.share_sets
                assert all({st.set for st in rnd.tables} == {rnd.number} for rnd in m.rounds)
            if pairs % 2:
                assert m.phantom == 2 * tables  # the stationary pair: table 1 sits out


def test_sharing_only_where_no_board_list_avoids_it():
    shared = {t: build("endless-howell", tables=t).share_sets for t in range(3, 11)}
    assert shared == {3: True, 4: False, 5: True, 6: False, 7: False, 8: False, 9: False,
                      10: False}  # fmt: skip
    five = build("endless-howell", tables=5).rounds[0]
    assert [st.table for st in five.tables if st.shared_with] == [2, 5]


def test_sizes_and_rounds_out_of_range_are_refused():
    with pytest.raises(MovementError, match="for 2 tables use a howell"):
        build("endless-howell", tables=2)
    with pytest.raises(MovementError, match="2 to 7 rounds, not 8") as exc:
        build("endless-howell", tables=4, rounds=8)
    assert exc.value.field == "rounds"


def test_master_sheet_names_the_barometer_not_a_relay():
    from tournament.movements.text import master_sheet

    short = master_sheet(build("endless-howell", tables=5, rounds=6))
    assert "Barometer: every table plays the same set in a round" in short
    assert "relay" not in short
    full = master_sheet(build("endless-howell", tables=6))
    assert "Barometer" not in full and "Idle sets each round: 5 (on a relay table)" in full
