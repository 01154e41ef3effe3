"""Two sections sharing one copy of the boards (tournament.movements.sections).

Twin sections: table k of section B stands beside table k of section A and shares its set
(MOVEMENTS.md §2 "Others", §4 P5, §10.3; bridgecentral.com "Twin Mitchells").
"""

from dataclasses import replace

import pytest

from tournament.movements import build
from tournament.movements.sections import shape_problems, shared_tables, sharing_problems


def swap_tables(movement, t1, t2):
    """The same movement with the tables t1 and t2 renumbered into each other."""
    other = {t1: t2, t2: t1}
    rounds = tuple(
        replace(
            rnd, tables=tuple(replace(st, table=other.get(st.table, st.table)) for st in rnd.tables)
        )
        for rnd in movement.rounds
    )
    return replace(movement, rounds=rounds)


@pytest.mark.parametrize("tables", [3, 5, 7, 9])
def test_twin_mitchells_share_every_round_at_every_table(tables):
    a, b = build("mitchell", tables=tables), build("mitchell", tables=tables)
    assert sharing_problems(a, b) == []
    # a Mitchell has a set at every table every round: every table shares in every round
    expected = {(r, t) for r in range(1, tables + 1) for t in range(1, tables + 1)}
    assert shared_tables(a, b) == expected


@pytest.mark.parametrize("tables", [4, 6])
def test_twin_howells_share_where_a_set_is_on_the_table(tables):
    a, b = build("howell", tables=tables), build("howell", tables=tables)
    assert not a.share_sets and sharing_problems(a, b) == []
    # every table has a set in every round of these Howells (the others are on relays)
    assert len(shared_tables(a, b)) == tables * (2 * tables - 1)


def test_a_section_that_puts_a_set_beside_the_wrong_table_is_refused_by_round_and_table():
    a = build("mitchell", tables=3, boards_per_round=3)
    b = swap_tables(build("mitchell", tables=3, boards_per_round=3), 1, 2)
    problems = sharing_problems(a, b)
    # round 1: A1 has boards 1–3 and so has B2 (its tables 1 and 2 swapped): a clash
    assert (
        "P5: round 1: boards 1–3 at table A1 and table B2 in the same round, which do not "
        "share (B2 shares with A2)"
    ) in problems
    # the two swapped tables clash both ways in each of the three rounds; table 3 never does
    assert len(problems) == 6
    assert not any("A3" in p or "B3" in p for p in problems)


def test_relay_bye_sections_cannot_share_one_copy_four_ways():
    """In a relay-bye Mitchell tables 1 and T already share a set; two such sections beside
    each other would put that one copy at four tables at once."""
    a, b = build("relay-bye", tables=4), build("relay-bye", tables=4)
    problems = sharing_problems(a, b, names=("N", "S"))
    assert problems and all(p.startswith("P5: round") for p in problems)
    assert any("table N1 and table S4" in p for p in problems)
    assert len(problems) == 2 * 4  # (N1, S4) and (N4, S1), every one of the 4 rounds


def test_shape_problems_say_what_would_work():
    a = build("mitchell", tables=3)
    assert "both need the same number of tables" in " ".join(
        shape_problems(a, build("mitchell", tables=5), ("A", "B"))
    )
    more = shape_problems(a, build("mitchell", tables=3, boards_per_round=3), ("A", "B"))
    assert more == [
        "section B plays boards 7–9, which section A does not have: choose the same number "
        "of boards per round and rounds in both sections"
    ]
    short = shape_problems(a, build("mitchell", tables=3, rounds=2), ("A", "B"))
    assert short == [
        "section B plays 2 rounds and section A 3: sharing tables change boards together, "
        "so both need the same number of rounds"
    ]


def test_boards_played_in_one_section_only_are_no_clash():
    """A section B with fewer boards (2 a round against A's 3) shares part of each set."""
    a = build("mitchell", tables=3, boards_per_round=3)
    b = build("mitchell", tables=3, boards_per_round=2)
    # B's set 2 is boards 3–4: board 3 at B2 and at A1 (A's set 1 is 1–3) in round 1
    problems = sharing_problems(a, b)
    assert "P5: round 1: board 3 at table A1 and table B2 in the same round" in problems[0]
