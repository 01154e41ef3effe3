"""Properties of a table added or removed mid-session (``tournament.movements.late``) over
many movements and sizes: the rounds in are kept, nobody plays a board twice, a board is at
two tables of a round only where they share it, and each pair's boards are accounted for."""

from __future__ import annotations

from collections import Counter

import pytest

from tournament.movements import MovementError, build
from tournament.movements.checks import _played
from tournament.movements.late import add_table, late_violations, remove_table

CASES = [("mitchell", p, None) for p in (9, 10, 14, 17, 18)] + [
    ("mitchell", 14, 5), ("mitchell", 18, 6), ("howell", 8, None), ("howell", 10, 6),
    ("howell", 7, None), ("relay-bye", 12, None), ("skip-mitchell", 12, None),
    ("arrow-switch", 10, None), ("three-quarter-howell", 12, None),
]  # fmt: skip


def plays(movement):
    """(pair, board) → round, asserting nobody plays a board twice."""
    out = {}
    for rnd in movement.rounds:
        for st in rnd.tables:
            if not _played(movement, st):
                continue
            for board in movement.boards_for(st):
                for who in (st.ns, st.ew):
                    assert (who, board) not in out, f"{who} plays board {board} twice"
                    out[who, board] = rnd.number
    return out


def plans(old, start):
    real = [p for p in old.participants]
    yield "remove", remove_table(old, start, (real[0], old.phantom or real[-1]))
    yield "remove", remove_table(old, start, (real[1], real[len(real) // 2]))
    if old.phantom is None:
        top = max(old.participants)
        yield "add", add_table(old, start, (top + 1, top + 2))


@pytest.mark.parametrize("kind,pairs,rounds", CASES)
def test_replans_keep_the_rounds_in_and_replay_nothing(kind, pairs, rounds):
    old = build(kind, pairs=pairs, boards_per_round=2, **({"rounds": rounds} if rounds else {}))
    before = plays(old)
    for start in range(2, old.round_count + 1):
        for change, new in plans(old, start):
            assert late_violations(old, new, start) == []
            after = plays(new)  # nobody plays a board twice
            for (who, board), rnd in before.items():
                if rnd < start:  # the results in are kept
                    assert after[who, board] == rnd
            for rnd in new.rounds[start - 1 :]:  # a board shared once more only when added
                at = Counter(b for st in rnd.tables for b in new.boards_for(st))
                was = Counter(b for st in old.round(rnd.number).tables
                              for b in old.boards_for(st))  # fmt: skip
                assert all(n <= was[b] + (change == "add") for b, n in at.items())
            count = Counter(who for who, _ in after)
            wanted = Counter(who for who, _ in before)
            for who in old.participants:
                # each pair's boards: what it plays plus what it missed, at most as scheduled
                assert count[who] + new.missed.get(who, 0) <= wanted[who]
            if change == "add":
                late = sorted(set(new.participants) - set(old.participants))
                rounds_left = old.round_count - start + 1
                assert [count[x] for x in late] == [2 * rounds_left] * 2
                assert all(wanted[who] == count[who] for who in old.participants)
                assert len(new.round(start).tables) == old.tables + 1


def test_a_re_plan_needs_a_round_left_and_a_pairs_movement():
    old = build("mitchell", pairs=10, boards_per_round=2)
    with pytest.raises(MovementError, match="round 2 to 5"):
        remove_table(old, 1, (1, 2))
    with pytest.raises(MovementError, match="not in this movement"):
        remove_table(old, 3, (1, 99))
    phantom = build("mitchell", pairs=9, boards_per_round=2)
    with pytest.raises(MovementError, match="sit-out"):
        add_table(phantom, 2, (11, 12))


def test_after_a_pair_and_the_sit_out_leave_a_table_can_be_added_again():
    """The sit-out gone from the rest of the session, two late pairs get a table."""
    old = build("mitchell", pairs=9, boards_per_round=2)  # pair 10 the phantom
    fewer = remove_table(old, 2, (1, 10))
    more = add_table(fewer, 3, (11, 12))
    assert late_violations(fewer, more, 3) == []
    assert len(more.round(3).tables) == len(fewer.round(3).tables) + 1
    plays(more)  # nobody plays a board twice
