"""The 1926 even-table skip and the 12-player game stopped early, as build options.

Law 3 [002 L3270–3279]: "Where there is an even number of tables, they must skip a table after
having played one-half the total number of boards ... It should be noted that where a pair
skip a table they play twice against the same pair." (LAWS.md TC-7: 6 tables → 30 of the 36
pair meetings, each board set played once by every E-W pair.)

The 12-player social game [002 L3062–3065]: "11 rounds are necessary to complete the meetings
and partnerships. Of course it may be cut short, stopping after seven or eight rounds."
"""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.movements import MovementError, build
from tournament.movements.individual_checks import check_individual


@pytest.mark.parametrize("tables", [4, 6, 8, 10])
def test_the_1926_skip_plays_every_round_and_meets_one_pair_twice(tables):
    mv = build("skip-mitchell", tables=tables, revenge=True)
    assert mv.round_count == tables and mv.skip_after == tables // 2
    met = Counter((st.ns, st.ew) for rnd in mv.rounds for st in rnd.tables)
    assert len(met) == tables * tables - tables  # TC-7: 6 tables → 30 of 36
    for ew in range(tables + 1, 2 * tables + 1):
        twice = [ns for (ns, e), n in met.items() if e == ew and n == 2]
        assert len(twice) == 1  # "they play twice against the same pair"
        sets = sorted(st.set for rnd in mv.rounds for st in rnd.tables if st.ew == ew)
        assert sets == list(range(1, tables + 1))  # every set once; boards never skip


def test_the_1926_form_is_refused_clearly_where_it_does_not_apply():
    with pytest.raises(MovementError) as exc:
        build("mitchell", tables=5, revenge=True)
    assert exc.value.field == "revenge" and "skip Mitchell" in str(exc.value)
    with pytest.raises(MovementError) as exc:
        build("rainbow", players=20, revenge=True)
    assert exc.value.field == "revenge"


@pytest.mark.parametrize("kind,players", [("rainbow", 20), ("pivot", 4), ("safford", None),
                                          ("baker", None), ("pivot-pair", 8)])  # fmt: skip
def test_rounds_are_refused_for_a_fixed_schedule(kind, players):
    with pytest.raises(MovementError) as exc:
        build(kind, players=players, rounds=3)
    assert exc.value.field == "rounds" and "fixed number of rounds" in str(exc.value)


@pytest.mark.parametrize("rounds", [7, 8])
def test_the_12_player_game_may_stop_after_seven_or_eight_rounds(rounds):
    mv = build("individual", players=12, rounds=rounds)
    assert mv.round_count == rounds and mv.meet == "partner_at_most_once_oppose_at_most_twice"
    assert "cut short after" in mv.notes[-1] and "[002 L3064–3065]" in mv.notes[-1]
    partners, opponents, rounds_played = Counter(), Counter(), Counter()
    for rnd in mv.rounds:
        for st in rnd.tables:
            for a, b in ((st.n, st.s), (st.e, st.w)):
                partners[frozenset((a, b))] += 1
            for a in (st.n, st.s):
                for b in (st.e, st.w):
                    opponents[frozenset((a, b))] += 1
            rounds_played.update((st.n, st.s, st.e, st.w))
    assert max(partners.values()) == 1 and max(opponents.values()) <= 2
    assert set(rounds_played.values()) == {rounds}  # everyone plays every round
    assert sum(partners.values()) == 6 * rounds  # 6 partnerships a round
    # the full schedule: every pair partners once and opposes twice
    full = build("individual", players=12)
    assert full.round_count == 11 and check_individual(full) == []
    assert build("individual", players=12, rounds=11).round_count == 11


@pytest.mark.parametrize("players,rounds", [(12, 6), (12, 9), (12, 10), (16, 8), (8, 5)])
def test_other_stops_are_refused(players, rounds):
    with pytest.raises(MovementError) as exc:
        build("individual", players=players, rounds=rounds)
    assert exc.value.field == "rounds"


def test_the_checker_catches_a_cut_short_schedule_that_breaks_its_promise():
    mv = build("individual", players=12, rounds=8)
    # repeat round 1 as round 8: partners meet twice
    from dataclasses import replace

    bad = replace(mv, rounds=(*mv.rounds[:7], replace(mv.rounds[0], number=8)))
    problems = check_individual(bad)
    assert any("partner 2 times" in p for p in problems)
