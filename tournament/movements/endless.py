"""Endless ("flower") Howell: the pairs move in one fixed loop, each table keeps a board list.

MOVEMENTS.md §3 [22] (bridgecentral.com, "Endless Howell movement", also called the Flower
Howell): T tables, 2T pairs.  Round 1 seats pair 2T−t+1 N-S and pair t E-W at table t (the
4-table example of [22]: 8-1 7-2 6-3 5-4).  Pair 2T sits still N-S at table 1; the other
N-S pairs go up one table and the E-W pairs down one; an E-W pair that has played at table 1
goes N-S at table 2, and an N-S pair that has played at table T turns ("swivels") to E-W
at table T.  So the 2T−1 moving pairs follow one loop of 2T−1 places
N-S 2, …, N-S T, E-W T, …, E-W 1 and every pair moves one place a round.

Two moving pairs sit at one table when their places add up to 2T−3 (mod 2T−1): the sum
goes up by 2 a round and 2 is invertible mod 2T−1, so over the 2T−1 rounds of the complete
movement every two pairs meet exactly once (and each meets pair 2T once).

Boards, complete (2T−1 rounds): table *t* works from its own list, set ``c_t + r`` (mod
2T−1) in round *r* ("table 2 might start with set 3 and then play 4, 5, 6, 7, 1, 2" [22]).
A pair at place *q* then plays set ``c_table(q) + q − p`` (p: its start place), so the
pairs replay no board exactly when ``h(q) = c_table(q) + q`` differs at all 2T−1 places,
i.e. the numbers c_1 − 1 and c_t + t − 2, c_t − t (t = 2…T) are all different mod 2T−1;
with the c_t also different no two tables hold one set.  :func:`board_starts` finds such
c_t by a depth-first search (4 tables: sets 1, 3, 5, 2 in round 1, exactly [22]'s example).
3 and 5 tables have none without sharing: :func:`least_shared` then lets two tables hold a
set (5 tables: tables 2 and 5), and at 3 tables all three (declared, as the 3-table Howell
shares, MOVEMENTS.md §10.5).  2 tables are left to the ``howell``.

Boards, cut short (fewer rounds): the schedule above would play some boards more often than
others, so the curtailed form is [22]'s own answer for it: every table plays the same set in
a round (set *r* in round *r*, shared — duplicated boards or as many boards a round as
tables), so any number of rounds is fair; pairs meet at most once.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from .base import Movement, MovementError, Seating
from .mitchell import assemble, board_sets, phantom_for

#: Above this the board-list search (and a session of 2T−1 rounds) grows impractical.
MAX_ENDLESS_TABLES = 20


@cache
def board_starts(tables: int, most: int = 1) -> tuple[int, ...] | None:
    """The round-1 set offsets c_1 … c_T (0-based, c_1 = 0) of the complete endless Howell, or
    None if there are none; at most ``most`` tables hold one set in a round (1: no sharing).
    Deterministic: the first found in numeric order."""
    size = 2 * tables - 1
    starts = [0] * tables
    held = Counter({0: 1})
    used_h = {(0 - 1) % size}

    def place(t: int) -> bool:
        if t > tables:
            return True
        for c in range(size):
            a, b = (c + t - 2) % size, (c - t) % size
            if held[c] >= most or a == b or a in used_h or b in used_h:
                continue
            starts[t - 1] = c
            held[c] += 1
            used_h.update((a, b))
            if place(t + 1):
                return True
            held[c] -= 1
            used_h.difference_update((a, b))
        return False

    return tuple(starts) if place(2) else None


def least_shared(tables: int) -> tuple[int, ...]:
    """The board offsets with the fewest tables holding one set (3 and 5 tables must share;
    every table holding the same set always works)."""
    for most in range(1, tables + 1):
        found = board_starts(tables, most)
        if found is not None:
            return found
    raise AssertionError("unreachable: the barometer offsets (all 0) always work")


def loop(tables: int) -> list[tuple[str, int]]:
    """The moving pairs' places in order: N-S at tables 2…T, then E-W at tables T…1."""
    return [("ns", t) for t in range(2, tables + 1)] + [("ew", t) for t in range(tables, 0, -1)]


def endless_howell(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Endless Howell of ``tables`` tables for 1 … 2T−1 rounds (the module docstring)."""
    if not 3 <= tables <= MAX_ENDLESS_TABLES:
        raise MovementError(
            f"an endless Howell has 3 to {MAX_ENDLESS_TABLES} tables, not {tables}"
            + ("; for 2 tables use a howell" if tables == 2 else "")
        )
    full = 2 * tables - 1
    rounds = full if rounds is None else rounds
    if not 2 <= rounds <= full:
        raise MovementError(
            f"a {tables}-table endless Howell has 2 to {full} rounds, not {rounds}",
            field="rounds",
        )
    phantom = phantom_for(tables, pairs)
    places = loop(tables)
    start = {}  # pair -> its place in round 1
    for q, (side, t) in enumerate(places):
        start[2 * tables + 1 - t if side == "ns" else t] = q
    complete = rounds == full
    offsets = least_shared(tables) if complete else None
    grid = []
    for r in range(rounds):
        seat: dict[tuple[str, int], int] = {("ns", 1): 2 * tables}
        seat |= {places[(q + r) % full]: pair for pair, q in start.items()}
        row = []
        for t in range(1, tables + 1):
            s = (offsets[t - 1] + r) % full + 1 if offsets else r + 1
            row.append(Seating(table=t, ns=seat["ns", t], ew=seat["ew", t], set=s))
        grid.append(row)
    sets = full if complete else rounds
    boards = (
        "each table plays its own list of sets, one on from the last each round"
        if complete
        else "every table plays the same set in a round (set 1 in round 1, and so on)"
    )
    return Movement(
        kind="endless-howell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=assemble(grid, sets, phantom),
        participants=tuple(x for x in range(1, 2 * tables + 1) if x != phantom),
        fields=1,
        board_sets=board_sets(sets, boards_per_round),
        phantom=phantom,
        share_sets=not complete or len(set(offsets or ())) < tables,
        meet="exactly_once" if complete else "at_most_once",
        announcement=f"pair {2 * tables} stays N-S at table 1; N-S up one table, E-W down one; "
        f"after E-W at table 1 go N-S at table 2; after N-S at table {tables} turn E-W at "
        f"table {tables}; {boards}",
    )
