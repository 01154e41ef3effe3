"""Three-quarter (short) Howell with fixed pairs: one copy of the boards, better balance.

A three-quarter Howell plays R < 2T−1 rounds, so not everyone meets (MOVEMENTS.md §3,
"Three-quarter Howell" [21]).  Truncating the complete Howell's cyclic schedule forces a
barometer (every table plays set r in round r, T copies of each board) and leaves the
balance poor (U ≈ 59 at 6 tables × 9 rounds).  The NBB's 6 × 9 schedule (testdata
``three-quarter-howell-6t-9r-nbb.json``) is built differently: three pairs stay put and
the other nine, and the nine sets, go round a cycle of nine.  This module builds that
family for any T and R with T ≤ R < 2T−1:

* pairs 1…R move — each round pair x takes the seat pair x−1 left (pair 1 takes pair R's);
  the F = 2T − R pairs R+1…2T stay at their seats, each at a different table;
* table t plays set s_t + r in round r (the next-higher set each round, R following… 1);
  the T sets s_t of round 1 differ, so every set is in play at one table at a time and
  R − T sets wait on the relay each round: **one copy of each board**.

Round 1 (a *starter*) gives a valid movement when
(a) the T − F tables of two moving pairs have differences ±d from different classes
    {d, −d}, and never d = R/2 — so no two pairs meet twice (fixed pairs never share a
    table, and meet each moving pair exactly once);
(b) ``s_t − x`` differs over the R moving pairs x — so no pair plays a set twice
    (pair z plays set s_t + z − x in round z − x).

:func:`search_short_starter` draws random starters meeting (a) and (b), turns each table
N-S/E-W by hill-climbing Moore's uniformity U (§5, computed here from the plays of each set),
and keeps the best.  The best found for the default rounds are stored in
``SHORT_STARTERS``; other shapes are searched on demand (a second or so).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache

from .base import Seating
from .checks import components, moore
from .checks import uniformity as u_of
from .starters import Starter, parse_starter

#: Best starters found by :func:`search_short_starter`, by (tables, rounds): "ns-ew/set …".
SHORT_STARTERS: dict[tuple[int, int], str] = {
    (3, 4): "5-4/1 6-1/3 2-3/2",  # U 64.00
    (5, 7): "5-8/7 1-9/4 7-10/1 2-6/6 3-4/2",  # U 84.08
    (6, 9): "10-6/6 11-2/1 12-3/9 4-7/8 5-9/7 1-8/4",  # U 84.06
    (7, 10): "1-11/4 7-12/8 5-13/9 4-14/1 8-9/7 3-10/5 6-2/2",  # U 77.85
    (8, 12): "10-13/7 3-14/1 8-15/8 1-16/2 5-6/11 9-4/12 2-12/4 11-7/6",  # U 85.22
    (9, 13): "14-6/6 15-4/5 16-7/2 17-8/12 18-1/13 12-11/4 2-9/11 3-13/10 5-10/8",  # U 84.06
    (10, 15): (  # U 88.57
        "16-14/15 17-12/14 18-15/6 19-8/7 20-5/10 2-4/2 11-1/8 10-9/4 6-13/9 3-7/11"
    ),
    (11, 16): (  # U 85.61
        "11-17/14 16-18/11 12-19/9 3-20/4 2-21/2 6-22/10 4-9/16 13-15/5 10-7/12 14-8/7 5-1/15"
    ),
    (12, 18): (  # U 89.34
        "19-4/15 20-2/8 21-7/5 22-12/11 23-8/9 24-3/10 9-11/13 18-13/3 10-17/4 15-16/12 "
        "5-1/14 6-14/6"
    ),
    (13, 19): (  # U 84.38
        "20-5/5 21-3/6 22-12/9 23-1/2 24-15/19 25-16/3 26-9/4 8-17/10 7-6/17 4-2/11 "
        "14-10/8 19-13/18 18-11/7"
    ),
    (14, 21): (  # U 86.40
        "22-2/15 23-18/1 24-10/11 25-11/18 26-8/3 27-20/7 28-17/10 12-1/21 13-4/19 "
        "15-14/17 9-3/14 7-5/5 6-19/16 21-16/12"
    ),
    (15, 22): (  # U 84.84
        "23-21/22 24-14/12 25-13/19 26-6/2 27-12/17 28-22/11 29-18/3 30-1/10 16-20/6 "
        "2-11/15 9-4/1 7-15/9 3-19/18 17-10/5 5-8/8"
    ),
}


def develop(starter: Starter, rounds: int) -> list[list[Seating]]:
    """Seatings round by round: pairs 1…R and sets go up by one, pairs above R stay."""

    def up(x: int, r: int) -> int:
        return x if x > rounds else (x - 1 + r) % rounds + 1

    return [
        [
            Seating(table=t, ns=up(ns, r), ew=up(ew, r), set=up(s, r))
            for t, (ns, ew, s) in enumerate(starter, start=1)
        ]
        for r in range(rounds)
    ]


def uniformity(grid: list[list[Seating]]) -> Fraction:
    """Moore's U over all two pairs, from the plays of each set (every board of a set alike)."""
    plays = _set_plays(grid)
    pairs = sorted({p for rows in plays.values() for row in rows for p in row})
    groups = Counter(tuple(rows) for rows in plays.values())
    return u_of(list(moore(groups, pairs).values()))


def _set_plays(grid: list[list[Seating]]) -> dict[int, list[tuple[int, int]]]:
    plays: dict[int, list[tuple[int, int]]] = {}
    for seats in grid:
        for st in seats:
            plays.setdefault(st.set, []).append((st.ns, st.ew))
    return plays


def one_field(grid: list[list[Seating]]) -> bool:
    """P8: the pairs that play a set in the same direction join up into one group."""
    plays = _set_plays(grid)
    pairs = {p for rows in plays.values() for row in rows for p in row}
    return components(plays.values(), pairs) == 1


def feasible(tables: int, rounds: int) -> bool:
    """Room for the construction: T ≤ R < 2T−1 and a difference class for every table."""
    fixed = 2 * tables - rounds
    classes = (rounds - 1) // 2
    return 1 <= fixed <= tables and tables - fixed <= classes


def random_starter(
    tables: int, rounds: int, rng: random.Random, tries: int = 200
) -> Starter | None:
    """A starter meeting (a) and (b), drawn at random, or ``None`` after ``tries`` draws."""
    fixed = 2 * tables - rounds
    for _ in range(tries):
        sets = rng.sample(range(rounds), tables)
        used: set[int] = set()
        offsets: set[int] = set()
        classes: set[int] = set()
        rows = []
        for t, s in enumerate(sets):
            chosen: list[int] = []
            options = [x for x in range(rounds) if x not in used]
            rng.shuffle(options)
            for x in options:
                if (s - x) % rounds in offsets:
                    continue
                if chosen:
                    d = (x - chosen[0]) % rounds
                    cls = min(d, rounds - d)
                    if cls in classes or 2 * cls == rounds:
                        continue
                    classes.add(cls)
                chosen.append(x)
                used.add(x)
                offsets.add((s - x) % rounds)
                if len(chosen) == (1 if t < fixed else 2):
                    break
            if len(chosen) < (1 if t < fixed else 2):
                break
            if t < fixed:
                rows.append((rounds + 1 + t, chosen[0] + 1, s + 1))
            else:
                rows.append((chosen[0] + 1, chosen[1] + 1, s + 1))
        else:
            return tuple(rows)
    return None


def _turn(starter: Starter, rounds: int, rng: random.Random) -> tuple[Starter, Fraction]:
    """Hill-climb over which pair of each table sits N-S; the best starter and its U."""
    rows = [row if rng.random() < 0.5 else (row[1], row[0], row[2]) for row in starter]
    best = uniformity(develop(tuple(rows), rounds))
    improved = True
    while improved:
        improved = False
        for i in rng.sample(range(len(rows)), len(rows)):
            ns, ew, s = rows[i]
            rows[i] = (ew, ns, s)
            u = uniformity(develop(tuple(rows), rounds))
            if u > best:
                best, improved = u, True
            else:
                rows[i] = (ns, ew, s)
    return tuple(rows), best


def search_short_starter(
    tables: int, rounds: int, attempts: int = 40, seed: int = 0
) -> tuple[Starter, Fraction] | None:
    """The best of ``attempts`` random starters, turned for balance; ``None`` if none exists."""
    if not feasible(tables, rounds):
        return None
    rng = random.Random(seed)
    best: tuple[Starter, Fraction] | None = None
    for _ in range(attempts):
        found = random_starter(tables, rounds, rng)
        if found is None:
            continue
        turned = _turn(found, rounds, rng)
        if one_field(develop(turned[0], rounds)) and (best is None or turned[1] > best[1]):
            best = turned
    return best


@lru_cache(maxsize=64)
def short_starter(tables: int, rounds: int) -> Starter | None:
    """The stored starter for (T, R), else a search's best (seeded, so always the same)."""
    if (tables, rounds) in SHORT_STARTERS:
        return parse_starter(SHORT_STARTERS[(tables, rounds)])
    found = search_short_starter(tables, rounds, attempts=max(4, 60 // tables), seed=tables)
    return None if found is None else found[0]
