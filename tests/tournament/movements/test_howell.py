"""Howell: complete for 2–30 tables, phantoms, three-quarter, balance (MOVEMENTS.md §3, §5)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournament.movements import build
from tournament.movements.base import MovementError
from tournament.movements.checks import balance, meetings, violations
from tournament.movements.howell import STARTERS, base_plays, base_uniformity, search_starter
from tournament.movements.starters import parse_starter

# MOVEMENTS.md §3: the published Howells' U; ours must be at least as balanced.
PUBLISHED = {2: 100, 3: 60, 4: 100, 5: 83.33, 6: 100, 7: 91.30}


@pytest.mark.parametrize("tables", range(2, 31))
def test_complete_howell_every_pair_meets_every_other_once(tables):
    m = build("howell", tables=tables)
    met = meetings(m)
    assert len(met) == tables * (2 * tables - 1) and set(met.values()) == {1}
    assert m.round_count == 2 * tables - 1 and m.share_sets == (tables <= 3)
    assert m.balance["U"] >= PUBLISHED.get(tables, 94)


@pytest.mark.parametrize("tables", range(3, 31))
def test_odd_pairs_get_a_phantom_and_one_sit_out(tables):
    m = build("howell", pairs=2 * tables - 1)
    assert m.phantom == 2 * tables and 2 * tables not in m.participants
    assert all(len(rnd.sit_out) == 1 for rnd in m.rounds)


@pytest.mark.parametrize("tables", sorted(STARTERS))
def test_cached_starters_satisfy_a_b_c(tables):
    start = parse_starter(STARTERS[tables])
    n, m = 2 * tables, 2 * tables - 1
    moving = [p for ns, ew, _ in start for p in (ns, ew) if p != n]
    assert sorted(moving) == list(range(1, n))
    diffs = sorted(min((a - b) % m, (b - a) % m) for a, b, _ in start if n not in (a, b))
    assert diffs == list(range(1, tables))  # (a)
    offsets = [(s - p) % m for ns, ew, s in start for p in (ns, ew) if p != n]
    assert len(set(offsets)) == m  # (b)
    sets = [s for *_, s in start]
    assert tables <= 3 or len(set(sets)) == tables  # (c)


@pytest.mark.parametrize("tables", range(2, 16))
def test_fast_uniformity_equals_the_general_balance(tables):
    start = parse_starter(STARTERS[tables])
    assert (
        round(float(base_uniformity(base_plays(start))), 2)
        == balance(build("howell", tables=tables))["U"]
    )


def test_search_finds_a_balanced_starter_without_the_cache():
    found, u = search_starter(4, attempts=200, seed=1)
    assert u == 100 and len(found) == 4


def test_four_table_starter_of_movements_md_is_a_valid_start():
    """MOVEMENTS.md §3: T1 8-1/1 · T2 6-3/4 · T3 7-2/6 · T4 4-5/7 has U 100 too."""
    published = parse_starter("8-1/1 6-3/4 7-2/6 4-5/7")
    assert base_uniformity(base_plays(published)) == 100


@settings(max_examples=examples(25))
@given(tables=st.integers(4, 20), data=st.data())
def test_three_quarter_howell_meets_at_most_once(tables, data):
    rounds = data.draw(st.integers(tables, 2 * tables - 2))
    m = build(
        "howell",
        tables=tables,
        rounds=rounds,
        pairs=data.draw(st.sampled_from([None, 2 * tables - 1])),
    )
    assert m.kind == "three-quarter-howell" and m.round_count == rounds
    assert max(meetings(m).values()) == 1 and violations(m) == []


@pytest.mark.parametrize(
    ("options", "hint"),
    [
        ({"tables": 5, "rounds": 10}, "9 rounds at most"),
        ({"tables": 1}, "at least 2 tables"),
        ({"pairs": 3}, "4 pairs or more"),
        ({"tables": 0}, "at least one table"),
        ({"tables": 4, "boards_per_round": 0}, "at least 1"),
        ({"pairs": 9, "tables": 4}, "need 5 tables"),
    ],
)
def test_bad_input(options, hint):
    with pytest.raises(MovementError, match=hint):
        build("howell", **options)
