"""Progressive policy (LAWS.md §4.9–4.10, MOVEMENTS.md §8; TC-38)."""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournament.movements.base import MovementError
from tournament.movements.progressive import (
    ProgressivePolicy,
    TableResult,
    TieUndecided,
    build_pivot_pair,
    initial_seating,
    next_seating,
    pivot_pair_schedule,
    round_credits,
)

TC38_T3 = [  # LAWS.md §4.10.3, P = 6
    [(6, 3), (1, 4), (2, 5)],
    [(6, 1), (2, 3), (5, 4)],
    [(6, 2), (5, 1), (4, 3)],
    [(6, 5), (4, 2), (3, 1)],
    [(6, 4), (3, 5), (1, 2)],
]


def _players(seating):
    return sorted(p for s in seating for p in s.seated)


def _random_results(seating, rng):
    out = {}
    for s in seating:
        if len(s.seated) < 4:
            pts = rng.sample(range(100), len(s.seated))
            out[s.table] = TableResult(player_points=dict(zip(s.seated, pts, strict=True)))
        else:
            out[s.table] = TableResult(winner=rng.choice(["ns", "ew"]))
    return out


def test_pivot_pair_printed_table():
    assert pivot_pair_schedule(3) == TC38_T3


@pytest.mark.parametrize("tables", [3, 4, 5, 8])
def test_pivot_pair_meets_everyone_once(tables):
    deals = pivot_pair_schedule(tables)
    assert len(deals) == 2 * tables - 1
    met = [tuple(sorted(m)) for d in deals for m in d]
    assert sorted(met) == sorted(combinations(range(1, 2 * tables + 1), 2))
    assert all(d[0][0] == 2 * tables for d in deals)  # the pivot pair keeps N-S at table 1
    assert build_pivot_pair(tables).round_count == 2 * tables - 1


def test_winners_move_up_losers_split():
    seating = initial_seating(list(range(1, 13)), given=None, rng=random.Random(3))
    res = {1: TableResult("ns"), 2: TableResult("ew"), 3: TableResult(ns_points=7, ew_points=3)}
    nxt = {s.table: s for s in next_seating(ProgressivePolicy(), seating, res)}
    old = {s.table: s for s in seating}
    # head-table winners stay, still partners
    assert (nxt[1].n, nxt[1].s) == (old[1].n, old[1].s)
    # table 2's winners (E-W) moved to table 1
    assert {nxt[1].e, nxt[1].w} == {old[2].e, old[2].w}
    # table 2's losers stayed and split: N and E, partnered with arrivals
    assert (nxt[2].n, nxt[2].e) == (old[2].n, old[2].s)
    assert {nxt[2].s, nxt[2].w} == {old[3].n, old[3].s}
    # head losers to the foot
    assert {nxt[3].s, nxt[3].w} == {old[1].e, old[1].w}


def test_winners_to_foot_and_change_partners():
    seating = initial_seating(list(range(1, 9)), rng=random.Random(1))
    res = {1: TableResult("ns"), 2: TableResult("ns")}
    foot = next_seating(ProgressivePolicy(head_rule="winners-to-foot"), seating, res)
    assert {foot[1].s, foot[1].w} == {seating[0].n, seating[0].s}
    swap = next_seating(ProgressivePolicy(head_rule="winners-change-partners"), seating, res)
    assert (swap[0].n, swap[0].e) == (seating[0].n, seating[0].s)


def test_toward_highest():
    seating = initial_seating(list(range(1, 13)), rng=random.Random(2))
    res = {t: TableResult("ew") for t in (1, 2, 3)}
    nxt = next_seating(ProgressivePolicy(direction="toward-highest"), seating, res)
    assert {nxt[1].s, nxt[1].w} == {seating[0].e, seating[0].w}  # 1 → 2
    assert (nxt[2].n, nxt[2].s) == (seating[2].e, seating[2].w)  # head (3) winners stay


@settings(max_examples=examples(40))
@given(st.integers(8, 30), st.integers(0, 10**6), st.integers(1, 6))
def test_always_four_at_full_tables(players, seed, rounds):
    if players % 4 == 1:
        players += 1
    rng = random.Random(seed)
    seating = initial_seating(list(range(1, players + 1)), rng=rng)
    for _ in range(rounds):
        seating = next_seating(ProgressivePolicy(), seating, _random_results(seating, rng))
        assert _players(seating) == list(range(1, players + 1))
        assert all(len(s.seated) == 4 for s in seating[:-1])
        assert len(seating[-1].seated) == (players % 4 or 4)


def test_tie_asks_the_td_then_accepts_decision():
    seating = initial_seating(list(range(1, 9)), rng=random.Random(1))
    res = {1: TableResult("ns"), 2: TableResult(ns_points=4, ew_points=4)}
    pol = ProgressivePolicy(tie_progress="cut")
    with pytest.raises(TieUndecided) as err:
        next_seating(pol, seating, res)
    assert err.value.tables == [2] and "TD" in str(err.value)
    nxt = next_seating(pol, seating, res, decisions={2: "ew"})
    assert {nxt[0].e, nxt[0].w} == {seating[1].e, seating[1].w}
    credit = round_credits(pol, seating, res)
    assert all(credit[p] == 0.5 for p in seating[1].seated)


def test_tie_first_to_score():
    seating = initial_seating(list(range(1, 9)), rng=random.Random(1))
    res = {1: TableResult("ns"), 2: TableResult(ns_points=4, ew_points=4, first_to_score="ns")}
    nxt = next_seating(ProgressivePolicy(), seating, res)
    assert {nxt[0].e, nxt[0].w} == {seating[1].n, seating[1].s}


def test_three_hand_foot_table():
    seating = initial_seating(list(range(1, 12)), rng=random.Random(5))
    foot = seating[-1]
    assert len(foot.seated) == 3
    pts = dict(zip(foot.seated, (10, 20, 20), strict=True))
    res = {1: TableResult("ns"), 2: TableResult("ew"), 3: TableResult(player_points=pts)}
    nxt = next_seating(ProgressivePolicy(), seating, res)
    up = [p for p in foot.seated if pts[p] == 20]
    assert set(up) <= set(nxt[1].seated)
    credit = round_credits(ProgressivePolicy(), seating, res)
    assert [credit[p] for p in foot.seated] == [0, 1, 1]  # tie in three-hand: both score


def test_lady_gentleman_and_gentlemen_move():
    seating = initial_seating(list(range(1, 13)), rng=random.Random(4))
    res = {t: TableResult("ns") for t in (1, 2, 3)}
    nxt = next_seating(ProgressivePolicy(method="lady-gentleman"), seating, res)
    assert nxt[0].e == seating[1].n and nxt[2].w == seating[1].s  # lady up, gent down
    assert (nxt[1].n, nxt[1].s) == (seating[1].e, seating[1].w)  # losers stay as partners
    pr4 = next_seating(ProgressivePolicy(method="gentlemen-move"), seating, res)
    assert pr4[0].s == seating[1].s and pr4[2].s == seating[0].s and pr4[0].n == seating[0].n


def test_fixed_partners_pr5():
    seating = initial_seating(list(range(1, 13)), rng=random.Random(4))
    nxt = next_seating(ProgressivePolicy(method="fixed-partners"), seating, {})
    assert [(s.n, s.s) for s in nxt] == [(s.n, s.s) for s in seating]
    assert (nxt[0].e, nxt[0].w) == (seating[1].e, seating[1].w)
    assert (nxt[2].e, nxt[2].w) == (seating[0].e, seating[0].w)


def test_given_positions():
    seating = initial_seating([], given={1: "1 A", 2: "1 A", 3: "1 B", 4: "1 B"})
    assert (seating[0].n, seating[0].s, seating[0].e, seating[0].w) == (1, 2, 3, 4)


def test_policy_dict_roundtrip_and_errors():
    pol = ProgressivePolicy(method="lady-gentleman", tie_progress="td")
    assert ProgressivePolicy.from_dict(pol.to_dict()) == pol
    with pytest.raises(ValueError, match="method"):
        ProgressivePolicy(method="sideways")
    with pytest.raises(ValueError, match="unknown"):
        ProgressivePolicy.from_dict({"colour": "red"})
    with pytest.raises(MovementError):
        initial_seating(list(range(1, 10)), rng=random.Random(1))
