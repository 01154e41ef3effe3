"""The hesitation Mitchell (MOVEMENTS.md §2 [14]): John Pain's 7-table, 8-round example
("Unusual movements for clubs", EBU) reproduced seat for seat, and every odd size checked."""

from __future__ import annotations

import pytest

from tournament.movements import MovementError, build
from tournament.movements.checks import violations


def test_pains_seven_tables_eight_rounds():
    # Table 1 2 3 (relay) 4 5 6 7; N-S 1-7, E-W 8-14; boards 1-3, 4-6, 7-9, (10-12), 13-15,
    # 16-18, 19-21, 22-24. Pairs 1-6 stationary; EW1 → … → EW7 → NS7 → EW1; arrow switch on
    # the last round only, at all tables except table 7.
    m = build("hesitation-mitchell", pairs=14, boards_per_round=3)
    assert (m.tables, m.round_count, m.total_boards, m.fields) == (7, 8, 24, 1)
    first = m.rounds[0]
    assert [(st.ns, st.ew) for st in first.tables] == [(t, t + 7) for t in range(1, 8)]
    assert [m.boards_for(st)[0] for st in first.tables] == [1, 4, 7, 13, 16, 19, 22]
    assert first.idle_sets == (4,)  # boards 10-12 on the relay between tables 3 and 4
    # the moving pairs' circuit, followed by pair 14: E-W at 7, N-S at 7, E-W at 1, 2, …
    where = []
    for rnd in m.rounds:
        st = next(st for st in rnd.tables if 14 in (st.ns, st.ew))
        held = "NS" if (st.ns == 14) != st.switched else "EW"
        where.append((st.table, held))
    assert where[:4] == [(7, "EW"), (7, "NS"), (1, "EW"), (2, "EW")]
    for rnd in m.rounds:
        for st in rnd.tables:
            assert st.switched == (rnd.number == 8 and st.table != 7)
            if st.table < 7:
                assert st.table in (st.ns, st.ew)  # N-S 1-6 never move


@pytest.mark.parametrize("tables", [3, 5, 7, 9, 11, 13, 15])
def test_every_odd_size_passes_the_checks_with_and_without_a_half_table(tables):
    for pairs in (2 * tables, 2 * tables - 1):
        m = build("hesitation-mitchell", pairs=pairs, boards_per_round=2)
        assert violations(m) == []
        assert m.round_count == tables + 1 and m.total_boards == 2 * (tables + 1)
        if pairs % 2:
            assert m.phantom == 2 * tables
            sitters = [x for rnd in m.rounds for x in rnd.sit_out]
            assert len(set(sitters)) == len(sitters)  # a different pair sits out each round


def test_an_even_number_of_tables_or_other_rounds_is_refused_with_what_works():
    with pytest.raises(MovementError, match="odd number of tables from 3, not 8"):
        build("hesitation-mitchell", tables=8)
    with pytest.raises(MovementError, match="plays 8 rounds, not 7"):
        build("hesitation-mitchell", tables=7, rounds=7)
