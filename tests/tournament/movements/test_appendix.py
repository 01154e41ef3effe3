"""The appendix Mitchell (MOVEMENTS.md §2 [15]): the seats rebuilt round by round from the moves
in words (not from the engine's formulas), then who meets whom and who plays which boards
counted on that independent schedule."""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.movements import MovementError, build
from tournament.movements.appendix import bases_for
from tournament.movements.checks import violations


def by_moves(base: int, extra: int) -> list[dict[int, tuple[int, int, int]]]:
    """Round -> table -> (ns, ew, set), moving everyone one step at a time as [15] says."""
    tables = base + extra
    ns = {t: t for t in range(1, tables + 1)}  # table -> pair, round 1
    ew = {t: tables + t for t in range(1, tables + 1)}
    sets = {t: t for t in range(1, base + 1)}  # base table -> set
    circuit = [base + k for k in range(1, extra + 1)] + list(range(extra + 1, base + 1))
    out = []
    for _ in range(base):
        out.append(
            {t: (ns[t], ew[t], sets[t if t <= base else t - base]) for t in range(1, tables + 1)}
        )
        new_ns = {t: ns[t] for t in range(1, extra + 1)}  # N-S at the appendage tables stay
        for i, t in enumerate(circuit):  # the other N-S go one place on round the circuit
            new_ns[circuit[(i + 1) % len(circuit)]] = ns[t]
        new_ew = {t: ew[t] for t in range(base + 1, tables + 1)}  # E-W at the appendix stay
        for t in range(1, base + 1):  # the other E-W go up two tables within the base
            new_ew[(t + 1) % base + 1] = ew[t]
        sets = {t: sets[t % base + 1] for t in range(1, base + 1)}  # boards down one table
        ns, ew = new_ns, new_ew
    return out


def engine_rows(m) -> list[dict[int, tuple[int, int, int]]]:
    return [{st.table: (st.ns, st.ew, st.set) for st in rnd.tables} for rnd in m.rounds]


def test_six_tables_on_a_five_table_base_by_hand():
    m = build("appendix-mitchell", pairs=12, boards_per_round=2)
    assert (m.tables, m.round_count, m.fields, m.total_boards) == (6, 5, 2, 10)
    rows = engine_rows(m)
    assert rows[0] == {1: (1, 7, 1), 2: (2, 8, 2), 3: (3, 9, 3), 4: (4, 10, 4), 5: (5, 11, 5),
                       6: (6, 12, 1)}  # fmt: skip
    assert rows[1] == {1: (1, 10, 2), 2: (6, 11, 3), 3: (2, 7, 4), 4: (3, 8, 5), 5: (4, 9, 1),
                       6: (5, 12, 2)}  # fmt: skip
    seven = [(t, s) for row in rows for t, (_, ew, s) in row.items() if ew == 7]
    assert seven == [(1, 1), (3, 4), (5, 2), (2, 5), (4, 3)]
    assert [row[6][0] for row in rows] == [6, 5, 4, 3, 2]  # table 6: every moving N-S visits
    assert all(st.shared_with == {1: 6, 6: 1}.get(st.table) for r in m.rounds for st in r.tables)


@pytest.mark.parametrize("tables", range(6, 31))
def test_every_base_and_appendix_against_the_moves_in_words(tables):
    for base in bases_for(tables):
        extra = tables - base
        m = build("appendix-mitchell", tables=tables, base=base, boards_per_round=2)
        rows = by_moves(base, extra)
        assert engine_rows(m) == rows, (tables, base)
        assert violations(m) == []
        met = Counter(frozenset((ns, ew)) for row in rows for ns, ew, _ in row.values())
        boards = Counter((p, s) for row in rows for ns, ew, s in row.values() for p in (ns, ew))
        plays = Counter(s for row in rows for _, _, s in row.values())
        assert max(met.values()) == 1  # nobody meets twice
        assert max(boards.values()) == 1  # nobody plays a set twice
        assert set(plays.values()) == {tables}  # each set: N times in the base, A at appendix
        everyone = range(1, 2 * tables + 1)
        assert all(sum(1 for (p, _) in boards if p == x) == base for x in everyone)
        # the stationary pair at an appendage table never meets the one at its appendix table
        assert all(frozenset((k, tables + base + k)) not in met for k in range(1, extra + 1))
        assert m.fields == 2 and m.meet == "cross_lines_at_most_once"


def test_a_half_table_makes_the_last_appendix_e_w_the_phantom():
    m = build("appendix-mitchell", pairs=15, boards_per_round=3)
    assert m.tables == 8 and m.phantom == 16 and violations(m) == []
    sitters = [x for rnd in m.rounds for x in rnd.sit_out]
    assert len(sitters) == 7 == len(set(sitters))  # a different N-S pair sits out each round


def test_sizes_and_rounds_that_do_not_fit_are_refused_with_what_works():
    with pytest.raises(MovementError, match="6 to 60 tables, not 5"):
        build("appendix-mitchell", tables=5)
    with pytest.raises(MovementError, match="use a base of 5, 7"):
        build("appendix-mitchell", tables=10, base=9)
    with pytest.raises(MovementError, match="plays 7 rounds, not 6") as exc:
        build("appendix-mitchell", tables=9, rounds=6)
    assert exc.value.field == "rounds"
    assert bases_for(9) == [7, 5] and bases_for(12) == [11, 7]
