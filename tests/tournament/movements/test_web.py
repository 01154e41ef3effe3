"""The web Mitchell (MOVEMENTS.md §2 [16][17]; bridgecentral.com "Web Mitchell"): the published
10-table, 7-set layout by hand, and every size rebuilt from the moves in words (E-W up one
table round the room, each copy's boards down one table through its own relay), then who
meets whom and who plays which boards counted on that independent schedule."""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.movements import MovementError, build
from tournament.movements.checks import violations
from tournament.movements.text import master_sheet


def by_moves(tables: int, sets: int) -> list[dict[int, tuple[int, int, int]]]:
    """Round -> table -> (ns, ew, set), moving pairs and boards one step at a time."""
    half = tables // 2
    ew = {t: tables + t for t in range(1, tables + 1)}
    # each copy is a circuit of stations: its tables, then its relay; boards go down one
    # station (table 2 → 1 → relay → table T/2); copy B lays out T, 1, 2 … from table T down
    circuit_a = list(range(1, half + 1)) + [None] * (sets - half)
    circuit_b = list(range(tables, half, -1)) + [None] * (sets - half)
    held_a = list(range(1, sets + 1))  # station i of copy A holds set i+1
    held_b = [sets] + list(range(1, sets))  # table T: the highest set, T-1: set 1, …
    out = []
    for _ in range(sets):
        row = {}
        for station, s in zip(circuit_a, held_a, strict=True):
            if station is not None:
                row[station] = (station, ew[station], s)
        for station, s in zip(circuit_b, held_b, strict=True):
            if station is not None:
                row[station] = (station, ew[station], s)
        out.append(row)
        ew = {t % tables + 1: pair for t, pair in ew.items()}  # E-W up one table, T → 1
        held_a = held_a[1:] + held_a[:1]  # the set at station i+1 comes down to station i
        # copy B: stations run T, T-1 …, relay; boards go down one table (T → T-1): the set
        # at station i moves to station i+1, the relay's last set comes to table T
        held_b = held_b[-1:] + held_b[:-1]
    return out


def engine_rows(m) -> list[dict[int, tuple[int, int, int]]]:
    return [{st.table: (st.ns, st.ew, st.set) for st in rnd.tables} for rnd in m.rounds]


def test_the_published_ten_table_seven_set_layout():
    m = build("web-mitchell", tables=10, rounds=7, boards_per_round=2)
    first = [st.set for st in m.rounds[0].tables]
    # bridgecentral's example: tables 1-5 boards 1-5 (6, 7 on the relay); tables 6-10 boards
    # 4 3 2 1 7 (6 and 5 on the relay)
    assert first == [1, 2, 3, 4, 5, 4, 3, 2, 1, 7]
    assert m.rounds[0].idle_sets == (5, 6, 6, 7)
    assert [m.rounds[r].table(1).set for r in range(7)] == [1, 2, 3, 4, 5, 6, 7]  # ascending
    assert [m.rounds[r].table(9).set for r in range(7)] == [1, 7, 6, 5, 4, 3, 2]  # descending
    # E-W 11 goes up one table a round and plays sets 1, 3, 5, 7, 2 in copy A, then 6, 4 in B
    eleven = [(st.table, st.set) for r in m.rounds for st in r.tables if st.ew == 11]
    assert eleven == [(1, 1), (2, 3), (3, 5), (4, 7), (5, 2), (6, 6), (7, 4)]
    assert (m.fields, m.total_boards, m.circuits) == (2, 14, ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10)))
    assert all(st.shared_with is None for r in m.rounds for st in r.tables)  # copies, not shares


@pytest.mark.parametrize("tables", range(4, 41, 2))
def test_every_size_against_the_moves_in_words(tables):
    for sets in range(tables // 2, tables):
        if sets % 2 == 0:
            continue
        m = build("web-mitchell", tables=tables, rounds=sets, boards_per_round=1)
        assert engine_rows(m) == by_moves(tables, sets), (tables, sets)
        plays = Counter(st.set for r in m.rounds for st in r.tables)
        assert set(plays.values()) == {tables}  # every set T times, T/2 in each copy
        for pair in m.participants:  # everyone plays every set exactly once
            mine = [st.set for r in m.rounds for st in r.tables if pair in st.seated]
            assert sorted(mine) == list(range(1, sets + 1)), (tables, sets, pair)
        met = Counter(frozenset(st.seated) for r in m.rounds for st in r.tables)
        assert set(met.values()) == {1} and len(met) == tables * sets
        for rnd in m.rounds:  # one copy of each set in each circuit at most
            for group in m.circuits:
                held = [rnd.table(t).set for t in group]
                assert len(set(held)) == len(held)
            assert len(rnd.idle_sets) == 2 * sets - tables


def test_an_odd_number_of_pairs_makes_the_last_e_w_the_phantom():
    m = build("web-mitchell", pairs=15, boards_per_round=3)
    assert (m.tables, m.round_count, m.phantom) == (8, 7, 16)
    out = [x for r in m.rounds for x in r.sit_out]
    assert out == [8, 1, 2, 3, 4, 5, 6]  # the phantom E-W 16 starts at table 8 and moves up
    assert violations(m) == []


def test_default_rounds_and_balance():
    rounds = {t: build("web-mitchell", tables=t).round_count for t in (4, 8, 14, 20, 26, 30, 32)}
    assert rounds == {4: 3, 8: 7, 14: 13, 20: 13, 26: 13, 30: 15, 32: 17}
    assert build("web-mitchell", tables=6).balance["U"] == 36.66


def test_master_sheet_says_which_tables_hold_which_copy():
    sheet = master_sheet(build("web-mitchell", tables=6, boards_per_round=3))
    assert "Copies of every board: A at tables 1–3, B at tables 4–6" in sheet
    assert "Idle sets each round: 2 on each copy's relay" in sheet
    assert "=" not in sheet.split("Rd", 1)[1].split("Cells")[0]  # nothing marked shared


def test_refusals_say_what_would_work():
    with pytest.raises(MovementError, match="even number of tables"):
        build("web-mitchell", tables=7)
    with pytest.raises(MovementError, match="choose 5, 7, 9") as err:
        build("web-mitchell", tables=10, rounds=8)
    assert err.value.field == "rounds"
    with pytest.raises(MovementError, match="not 11"):
        build("web-mitchell", tables=10, rounds=11)
    with pytest.raises(MovementError, match="not 3"):
        build("web-mitchell", tables=10, rounds=3)
