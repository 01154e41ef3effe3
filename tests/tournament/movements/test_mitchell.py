"""Mitchell family: properties over 2–30 tables (MOVEMENTS.md §2, LAWS.md §4.1)."""

from collections import Counter

import pytest

from tournament.movements import build
from tournament.movements.base import MovementError
from tournament.movements.checks import comparison_components, lines, meetings, violations

ODD = range(3, 31, 2)
EVEN = range(4, 31, 2)


def sets_played(movement, pair):
    return [st.set for rnd in movement.rounds for st in rnd.tables if pair in st.seated]


@pytest.mark.parametrize("tables", ODD)
def test_odd_mitchell_every_ns_meets_every_ew_once(tables):
    m = build("mitchell", tables=tables)
    ns, ew = lines(m)
    met = meetings(m)
    assert all(met[frozenset((a, b))] == 1 for a in ns for b in ew)
    assert comparison_components(m) == 2 and m.fields == 2
    assert all(sorted(sets_played(m, p)) == list(range(1, tables + 1)) for p in m.participants)


@pytest.mark.parametrize("tables", ODD)
def test_odd_mitchell_with_a_phantom_has_one_sit_out_per_round(tables):
    m = build("mitchell", pairs=2 * tables - 1)
    assert m.phantom == 2 * tables
    assert all(len(rnd.sit_out) == 1 for rnd in m.rounds)
    assert violations(m) == []


@pytest.mark.parametrize("tables", EVEN)
def test_relay_bye_is_complete_and_shares_tables_1_and_last(tables):
    m = build("relay-bye", tables=tables)
    ns, ew = lines(m)
    assert all(meetings(m)[frozenset((a, b))] == 1 for a in ns for b in ew)
    for rnd in m.rounds:
        assert rnd.table(1).set == rnd.table(tables).set
        assert rnd.table(1).shared_with == tables and len(rnd.idle_sets) == 1


@pytest.mark.parametrize("tables", EVEN)
@pytest.mark.parametrize("revenge", [False, True])
def test_skip_mitchell_plays_every_set_at_most_once(tables, revenge):
    m = build("skip-mitchell", tables=tables, revenge=revenge)
    assert m.round_count == tables - (not revenge) and m.skip_after == tables // 2
    for pair in m.participants:
        assert max(Counter(sets_played(m, pair)).values()) == 1
    met = meetings(m)
    assert max(met.values()) == (2 if revenge else 1)


def test_skip_mitchell_8_tables_ew_5_misses_ns_1():
    """MOVEMENTS.md §2 [7]: E-W 5 (pair 13 here) never meets N-S 1."""
    m = build("skip-mitchell", tables=8)
    assert meetings(m)[frozenset((1, 13))] == 0


@pytest.mark.parametrize("tables", [*ODD, *EVEN])
def test_arrow_switch_gives_one_field(tables):
    m = build("arrow-switch", tables=tables)
    assert m.fields == 1 and comparison_components(m) == 1
    switched = {rnd.number for rnd in m.rounds for st in rnd.tables if st.switched}
    assert len(switched) == max(1, round(m.round_count / 8))
    plain = build("mitchell" if tables % 2 else "relay-bye", tables=tables)
    assert m.balance["U"] >= plain.balance["U"] + (20 if tables >= 5 else 0)


def test_laws_7_table_example_round_2():
    """LAWS.md §4.1 table: round 2, table 1 holds set 2 and the E-W pair from table 7."""
    m = build("mitchell", tables=7)
    first = m.round(2).table(1)
    assert (first.ns, first.ew, first.set) == (1, 7 + 7, 2)
    assert m.round(3).table(1).ew == 7 + 6


@pytest.mark.parametrize(
    ("kind", "tables", "rounds", "hint"),
    [
        ("mitchell", 6, None, "skip-mitchell"),
        ("mitchell", 2, None, "howell"),
        ("skip-mitchell", 5, None, "mitchell"),
        ("skip-mitchell", 8, 8, "5 to 7 rounds"),
        ("relay-bye", 8, 6, "skip-mitchell"),
        ("relay-bye", 7, None, "mitchell"),
        ("arrow-switch", 5, 9, "2 to 5"),
    ],
)
def test_bad_input_says_what_works(kind, tables, rounds, hint):
    with pytest.raises(MovementError, match=hint):
        build(kind, tables=tables, rounds=rounds)
