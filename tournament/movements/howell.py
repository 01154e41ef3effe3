"""Howell movements (one field): complete, three-quarter, with a phantom for odd pairs.

Cyclic-starter construction (MOVEMENTS.md §3 [19]): 2T pairs, 2T−1 rounds and sets.  Pair
2T sits still at table 1; in every round each other pair number and each set number goes up
by one mod 2T−1.  A round-1 *starter* must satisfy (a) the meetings without pair 2T have
differences ±1…±(T−1) once each, (b) ``set − pair`` is distinct over the 2T−1 moving seats,
(c) no set twice (waived at 2 and 3 tables, where no such starter exists: sets are shared).

Balance (§5).  Because the movement is cyclic, the plays of set *x* are the plays of set 0
moved on by *x*; so Moore's competition of two moving pairs depends only on their
difference and that of pair 2T with anyone is one number.  :func:`base_uniformity` finds U
from the T plays of set 0 in O(T²); a hill-climb over which pair of each table sits N-S
maximises it.  Starters found this way are cached in ``STARTERS`` (see ``search_starter``).
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from itertools import combinations

from . import short_howell
from .base import Movement, MovementError, Seating
from .mitchell import assemble, board_sets, phantom_for
from .starters import Starter, parse_starter

# Best starters found by ``search_starter`` (one line per table count: "ns-ew/set ...").
STARTERS: dict[int, str] = {
    2: "4-2/2 1-3/2",  # U 100.00
    3: "3-6/3 4-2/3 5-1/3",  # U 60.00
    4: "4-8/4 6-3/5 5-7/1 1-2/6",  # U 100.00
    5: "10-1/1 9-5/6 6-3/5 2-4/9 8-7/2",  # U 83.33
    6: "9-12/9 8-2/4 11-4/10 10-7/11 1-3/6 6-5/3",  # U 100.00
    7: "1-14/1 10-3/2 7-2/9 9-5/13 11-8/4 6-4/7 12-13/10",  # U 91.30
    8: "8-16/8 14-6/3 12-3/4 2-7/1 9-5/15 4-1/9 15-13/11 11-10/13",  # U 100.00
    9: "18-8/8 2-10/4 3-13/1 1-7/11 9-4/5 16-12/15 14-11/3 15-17/12 5-6/13",  # U 94.74
    10: "9-20/9 17-8/11 6-14/18 18-11/16 16-10/5 7-2/17 15-19/7 4-1/10 5-3/2 13-12/14",  # U 100.00
    11: "16-22/16 15-4/14 6-18/4 11-19/2 10-17/12 2-8/5 5-21/6 3-7/20 9-12/17 1-20/10 13-14/7",  # U 96.49
    12: (  # U 100.00
        "24-20/20 7-19/13 16-3/23 9-23/18 6-14/17 17-10/9 21-15/2 18-13/14 8-4/6 5-2/10 "
        "22-1/15 12-11/1"
    ),
    13: (  # U 97.50
        "26-6/6 24-12/11 21-7/4 19-9/3 13-22/17 25-8/14 3-10/1 11-5/12 20-15/25 14-18/10 "
        "1-23/16 2-4/15 16-17/19"
    ),
    14: (  # U 98.67
        "7-28/7 16-2/25 5-17/10 22-6/16 25-15/1 10-1/12 8-27/24 4-24/5 3-9/15 21-26/13 "
        "19-23/14 14-11/18 18-20/8 13-12/11"
    ),
    15: (  # U 98.13
        "21-30/21 19-4/28 14-27/8 15-3/22 12-23/20 18-28/14 2-22/15 24-16/27 13-20/12 "
        "11-17/29 25-1/2 5-9/7 29-26/17 8-10/24 6-7/11"
    ),
    16: (  # U 99.12
        "32-6/6 13-28/7 11-25/1 7-20/2 2-21/17 3-14/26 15-5/4 8-30/13 1-9/18 16-23/24 4-10/8 "
        "12-17/23 22-26/19 27-24/15 31-29/16 19-18/21"
    ),
    17: (  # U 98.55
        "34-22/22 21-5/2 2-20/5 25-6/29 9-29/31 3-24/32 23-12/10 30-7/12 4-28/16 26-1/25 "
        "10-17/11 27-33/19 13-18/24 19-15/28 8-11/18 14-16/9 32-31/15"
    ),
    18: (  # U 98.19
        "36-8/8 14-32/24 34-18/7 23-3/16 24-10/26 28-15/34 21-9/32 22-33/2 27-17/12 7-16/25 "
        "5-13/10 19-12/6 20-26/27 11-6/9 29-25/11 1-4/35 2-35/14 30-31/21"
    ),
    19: (  # U 98.34
        "19-38/19 17-36/2 6-26/35 29-8/22 35-13/32 30-16/37 31-18/36 32-20/11 28-2/14 "
        "37-10/27 14-23/29 7-15/17 27-34/1 5-11/31 33-1/9 21-25/20 12-9/10 24-22/18 3-4/28"
    ),
    20: (  # U 98.69
        "40-6/6 29-9/4 28-7/27 13-30/1 32-16/12 2-26/28 36-11/8 25-38/23 10-22/16 33-5/34 "
        "8-18/26 31-1/13 27-19/11 17-24/10 15-21/30 3-37/20 39-4/7 20-23/36 12-14/3 34-35/39"
    ),
    21: (  # U 99.06
        "42-21/21 9-29/16 27-5/3 20-2/10 35-18/17 1-26/22 7-22/19 4-31/5 30-17/39 40-11/4 "
        "34-23/25 41-10/13 37-28/7 16-8/34 6-13/1 32-38/24 39-3/33 19-15/29 36-33/11 14-12/18 "
        "24-25/8"
    ),
    22: (  # U 98.70
        "44-31/31 36-15/5 30-7/11 22-41/30 5-23/26 26-9/19 2-29/28 33-18/29 35-21/22 16-3/8 "
        "8-20/2 12-1/18 43-10/38 25-34/9 24-32/39 4-40/17 19-13/10 6-11/20 42-38/40 14-17/33 "
        "37-39/25 28-27/7"
    ),
    23: (  # U 98.37
        "10-46/10 13-35/11 26-5/30 17-37/27 19-45/1 9-27/32 8-36/17 12-28/45 11-41/18 16-2/15 "
        "7-39/31 20-32/6 4-38/22 21-31/14 24-15/21 22-14/34 6-44/2 34-40/42 18-23/12 29-25/20 "
        "30-33/44 1-3/33 42-43/13"
    ),
    24: (  # U 98.76
        "4-48/4 38-14/16 15-40/31 16-42/25 23-3/2 5-24/28 35-17/10 1-31/21 43-12/23 2-34/30 "
        "32-46/6 13-26/11 41-6/12 10-21/5 45-8/37 9-18/42 47-39/36 44-37/38 28-22/41 30-25/40 "
        "7-11/19 36-33/3 27-29/32 19-20/7"
    ),
    25: (  # U 98.47
        "50-19/19 15-40/14 39-13/31 28-1/5 44-16/49 25-45/6 4-23/35 6-24/48 22-5/30 10-26/16 "
        "14-29/36 31-17/11 38-2/34 20-32/21 46-35/33 11-21/38 18-27/13 42-34/4 41-48/20 "
        "49-43/40 3-47/12 8-12/28 30-33/18 7-9/22 36-37/39"
    ),
    26: (  # U 98.83
        "12-52/12 5-31/10 34-10/7 49-26/43 18-47/34 6-27/9 28-48/49 8-40/21 9-42/16 19-36/27 "
        "4-20/30 32-17/44 13-50/28 39-1/19 45-33/31 11-22/45 25-35/20 37-46/48 21-29/25 "
        "23-16/51 30-24/23 43-38/6 7-3/46 41-44/50 51-2/22 15-14/4"
    ),
    27: (  # U 98.57
        "33-54/33 32-5/35 49-24/46 22-46/26 44-14/3 52-30/17 41-20/29 47-27/5 23-42/13 "
        "25-43/53 2-38/51 3-19/38 16-31/22 26-40/34 48-35/21 10-51/44 28-39/11 11-21/48 "
        "1-45/6 37-29/36 50-4/42 53-6/1 12-7/27 13-17/15 18-15/47 34-36/4 9-8/25"
    ),
    28: (  # U 98.76
        "40-56/40 46-19/24 43-17/34 32-7/55 24-55/21 3-26/13 48-15/28 47-13/12 22-42/48 "
        "41-5/49 20-2/51 18-1/25 9-25/36 50-10/14 28-14/46 12-54/52 39-27/41 8-52/44 44-34/18 "
        "36-45/6 29-21/30 23-16/19 4-53/26 6-11/1 31-35/10 30-33/45 49-51/37 38-37/20"
    ),
    29: (  # U 98.96
        "27-58/27 6-35/19 4-31/11 21-47/26 40-15/50 20-53/34 34-57/30 9-44/20 19-55/40 "
        "30-10/38 43-5/4 56-17/43 28-45/57 32-48/25 36-51/18 26-12/1 25-38/47 41-29/32 "
        "22-33/28 24-14/12 11-2/42 1-50/52 23-16/13 3-54/46 13-18/33 42-46/8 52-49/53 37-39/7 "
        "8-7/24"
    ),
    30: (  # U 98.87
        "60-46/46 22-51/2 6-37/27 11-38/34 58-25/42 29-54/55 8-32/10 42-19/7 18-55/31 "
        "24-45/30 5-44/33 20-39/12 3-21/15 9-26/59 43-27/47 35-50/49 15-1/8 13-59/11 40-28/3 "
        "52-41/20 4-14/44 57-48/14 23-31/18 56-49/5 53-47/50 7-2/43 34-30/39 33-36/19 "
        "10-12/41 17-16/35"
    ),
}


def develop(starter: Starter, rounds: int, set_modulus: int | None = None) -> list[list[Seating]]:
    """Round-by-round seatings: pairs (except 2T) and sets go up by one each round."""
    tables = len(starter)
    m = 2 * tables - 1
    sm = set_modulus or m

    def pair(p: int, r: int) -> int:
        return p if p == 2 * tables else (p - 1 + r) % m + 1

    return [
        [
            Seating(table=t, ns=pair(ns, r), ew=pair(ew, r), set=(s - 1 + r) % sm + 1)
            for t, (ns, ew, s) in enumerate(starter, start=1)
        ]
        for r in range(rounds)
    ]


def base_plays(starter: Starter) -> list[tuple[int | None, int | None]]:
    """Plays of set 0 in pair residues relative to the set (``None`` = the stationary pair)."""
    n = 2 * len(starter)
    m = n - 1

    def rel(p: int, s: int) -> int | None:
        return None if p == n else (p - s) % m

    return [(rel(ns, s), rel(ew, s)) for ns, ew, s in starter]


def base_uniformity(plays: list[tuple[int | None, int | None]]) -> Fraction:
    """U of the complete cyclic Howell whose set-0 plays are ``plays`` (see module doc)."""
    tables = len(plays)
    m = 2 * tables - 1
    f = [0] * m  # competition by difference
    g = 0  # competition of the stationary pair with anyone

    def add(u: int | None, v: int | None, amount: int) -> None:
        nonlocal g
        if u is None or v is None:
            g += amount
        else:
            f[(u - v) % m] += amount
            f[(v - u) % m] += amount

    for a, b in plays:
        add(a, b, tables - 1)
    for (a, b), (c, d) in combinations(plays, 2):
        add(a, c, 1), add(b, d, 1), add(a, d, -1), add(b, c, -1)
    values = [f[d] for d in range(1, tables)] + [g]
    total = sum(values)
    squares = sum(v * v for v in values)
    return Fraction(100 * total * total, len(values) * squares) if squares else Fraction(0)


def orient(plays: list, rng: random.Random) -> tuple[list, Fraction]:
    """Hill-climb over which side of each table sits N-S; returns the best plays and U."""
    plays = [p if rng.random() < 0.5 else p[::-1] for p in plays]
    best = base_uniformity(plays)
    improved = True
    while improved:
        improved = False
        for i in rng.sample(range(len(plays)), len(plays)):
            plays[i] = plays[i][::-1]
            u = base_uniformity(plays)
            if u > best:
                best, improved = u, True
            else:
                plays[i] = plays[i][::-1]
    return plays, best


def _dfs(choices, count: int, budget: int = 20000) -> list | None:
    """Randomised depth-first search: ``choices(chosen)`` lists the options for the next step."""
    chosen: list = []
    stack = [choices(chosen)]
    while stack and budget > 0:
        budget -= 1
        if not stack[-1]:
            stack.pop()
            if chosen:
                chosen.pop()
            continue
        chosen.append(stack[-1].pop())
        if len(chosen) == count:
            return chosen
        stack.append(choices(chosen))
    return None


def random_base(tables: int, rng: random.Random) -> list[tuple[int, int]] | None:
    """A partition of 1..2T−2 (mod 2T−1) into pairs with differences ±1…±(T−1) once each."""
    m = 2 * tables - 1

    def choices(chosen: list) -> list:
        d = tables - 1 - len(chosen)
        used = {x for pair in chosen for x in pair} | {0}
        options = [(x, (x + d) % m) for x in range(1, m) if x not in used]
        options = [p for p in options if p[1] not in used]
        rng.shuffle(options)
        return options

    return _dfs(choices, tables - 1)


def find_adder(plays: list, rng: random.Random, share: bool) -> list | None:
    """Shifts s_i so that the round-1 seats (plays shifted by s_i) are a partition."""
    m = 2 * len(plays) - 1
    order = sorted(range(len(plays)), key=lambda i: (None in plays[i], rng.random()))

    def choices(chosen: list) -> list:
        used = {
            (x + s) % m
            for i, s in zip(order, chosen, strict=False)
            for x in plays[i]
            if x is not None
        }
        row = [x for x in plays[order[len(chosen)]] if x is not None]
        options = [
            s
            for s in range(m)
            if (share or s not in chosen) and not {(x + s) % m for x in row} & used
        ]
        rng.shuffle(options)
        return options

    found = _dfs(choices, len(plays))
    if found is None:
        return None
    shifts = [0] * len(plays)
    for i, s in zip(order, found, strict=True):
        shifts[i] = s
    return shifts


def starter_from(plays: list, shifts: list) -> Starter:
    """Round-1 seats in the numbering of MOVEMENTS.md §3 (stationary pair 2T at table 1)."""
    tables = len(plays)
    m, n = 2 * tables - 1, 2 * tables

    def num(x: int | None, s: int) -> int:
        return n if x is None else (x + s) % m + 1

    rows = [(num(a, s), num(b, s), s + 1) for (a, b), s in zip(plays, shifts, strict=True)]
    rows.sort(key=lambda row: n not in row[:2])
    return tuple(rows)


def search_starter(tables: int, attempts: int = 200, seed: int = 0) -> tuple[Starter, Fraction]:
    """Search random starters, orient each for balance, keep the best with an adder."""
    rng = random.Random(seed)
    share = tables <= 3
    best: tuple[Starter, Fraction] | None = None
    for _ in range(attempts):
        pairs = random_base(tables, rng)
        if pairs is None:
            continue
        plays, u = orient([(0, None), *pairs], rng)
        if best is not None and u <= best[1]:
            continue
        shifts = find_adder(plays, rng, share)
        if shifts is not None:
            best = (starter_from(plays, shifts), u)
    if best is None:
        raise MovementError(
            f"no Howell starter found for {tables} tables; try again with more attempts"
        )
    return best


@lru_cache(maxsize=64)
def starter(tables: int) -> Starter:
    """The cached starter for ``tables`` (searched once if not in ``STARTERS``)."""
    if tables in STARTERS:
        return parse_starter(STARTERS[tables])
    return search_starter(tables, attempts=max(20, 400 // tables))[0]


def _howell_tables(tables: int, pairs: int | None) -> int | None:
    if tables < 2:
        raise MovementError(f"a Howell needs at least 2 tables (3 pairs), not {tables}")
    phantom = phantom_for(tables, pairs)
    if phantom and tables == 2:
        raise MovementError("3 pairs never play the same boards; a Howell needs 4 pairs or more")
    return phantom


def howell(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Complete Howell (2T−1 rounds); fewer rounds give a three-quarter Howell."""
    full = 2 * tables - 1
    if rounds is not None and rounds > full:
        raise MovementError(
            f"a {tables}-table Howell has {full} rounds at most, not {rounds}; "
            f"use {full} rounds or more boards per round"
        )
    if rounds is not None and rounds < full:
        return three_quarter_howell(tables, rounds, boards_per_round, pairs)
    phantom = _howell_tables(tables, pairs)
    grid = develop(starter(tables), full)
    return Movement(
        kind="howell", tables=tables, boards_per_round=boards_per_round,
        rounds=assemble(grid, full, phantom),
        participants=tuple(x for x in range(1, 2 * tables + 1) if x != phantom),
        fields=1, board_sets=board_sets(full, boards_per_round), phantom=phantom,
        share_sets=tables <= 3, meet="exactly_once",
        announcement=_announcement(tables, phantom),
    )  # fmt: skip


def _announcement(tables: int, phantom: int | None) -> str:
    n = 2 * tables
    who = "table 1 sits out each round" if phantom else f"pair {n} stays at table 1"
    return (
        f"Howell: {who}; every other pair goes to the seat the next-lower pair left "
        f"(pair 2 to pair 1's seat, pair 1 to pair {n - 1}'s); "
        "each set goes to the table that had the next-lower set"
    )


def three_quarter_howell(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Three-quarter Howell: R < 2T−1 rounds, R sets; not everyone meets (``at_most_once``).

    Two forms, the better balanced (Moore's U, §5) is used, the fixed-pair form on a tie:
    the fixed-pair form of :mod:`.short_howell` (2T − R pairs stay put, one copy of the
    boards, sets on a relay), possible when T ≤ R; and the complete Howell's pair moves
    truncated to R rounds, where every table plays set r in round r (a barometer, T copies
    of each board; see :func:`short_sets`).  Pairs always go to the seat of the next-lower
    pair [21].
    """
    full = 2 * tables - 1
    rounds = (3 * full + 3) // 4 if rounds is None else rounds
    if not 2 <= rounds < full:
        raise MovementError(
            f"a three-quarter Howell for {tables} tables has 2 to {full - 1} rounds, not "
            f"{rounds}; use a complete howell for {full}"
        )
    phantom = _howell_tables(tables, pairs)
    grid = barometer_grid(tables, rounds)
    share, announcement = (
        True,
        _announcement(tables, phantom) + "; every table plays set r in round r",
    )
    fixed = short_howell.short_starter(tables, rounds)
    if fixed is not None:
        other = short_howell.develop(fixed, rounds)
        if short_howell.uniformity(other) >= short_howell.uniformity(grid):
            grid, share = other, False
            announcement = _fixed_pair_announcement(tables, rounds, phantom)
    return Movement(
        kind="three-quarter-howell", tables=tables, boards_per_round=boards_per_round,
        rounds=assemble(grid, rounds, phantom),
        participants=tuple(x for x in range(1, 2 * tables + 1) if x != phantom),
        fields=1, board_sets=board_sets(rounds, boards_per_round), phantom=phantom,
        share_sets=share, meet="at_most_once", announcement=announcement,
    )  # fmt: skip


def barometer_grid(tables: int, rounds: int) -> list[list[Seating]]:
    """The complete Howell's pair moves for ``rounds`` rounds, set r at every table in round r."""
    sets = short_sets(tables, rounds)
    rows = tuple((ns, ew, s) for (ns, ew, _), s in zip(starter(tables), sets, strict=True))
    return develop(rows, rounds, set_modulus=rounds)


def _fixed_pair_announcement(tables: int, rounds: int, phantom: int | None) -> str:
    n = 2 * tables
    still = f"pairs {rounds + 1}–{n} stay at their seats" if rounds + 1 < n else f"pair {n} stays"
    if phantom:
        still += f" (pair {phantom} is absent: its opponents sit out)"
    idle = rounds - tables
    waits = f"{idle} sets wait" if idle != 1 else "1 set waits"
    relay = f"; {waits} on the relay each round" if idle else ""
    return (
        f"Three-quarter Howell: {still}; every other pair goes to the seat the next-lower "
        f"pair left (pair 1 to pair {rounds}'s); each table then plays the next-higher set "
        f"(set 1 after set {rounds}){relay}"
    )


def short_sets(tables: int, rounds: int) -> tuple[int, ...]:
    """Round-1 sets of a three-quarter Howell: every table plays set 1 (a barometer).

    With sets cycling mod R and pairs mod 2T−1 the barometer is the form in which nobody
    can replay a set for any R; it needs T copies of each board (dealt by machine).  The
    fixed-pair form of :mod:`.short_howell` (the shape of the NBB's 6-table 9-round
    schedule) needs one copy and is used instead wherever it balances at least as well.
    """
    return (1,) * tables
