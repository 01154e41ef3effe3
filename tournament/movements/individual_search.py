"""Search for cyclic whist-tournament starters (pure Python, no Django).

A *starter* is round 1 of an individual schedule whose later rounds come from
adding a group element to every non-pivot seat (MOVEMENTS.md §6).  Over a group
G of odd order m, the schedule is a whist tournament (partner everyone once,
oppose everyone twice) when the non-pivot partner differences ±d cover every
class {d, −d} once and the opponent differences cover every class twice.

* n ≡ 0 (mod 4): G = Z_(n−1) plus a fixed pivot (``None``) at table 1, N seat.
* n ≡ 1 (mod 4): G = Z_n (or Z_3 × Z_3 for n = 9, where no Z_9 starter exists);
  the element 0 sits out in the starter, so one player sits out each round.

With ``directed=True`` the search also asks that the "left-hand opponent"
differences (N→E, E→S, S→W, W→N) are all distinct, which gives every player
each opponent once on the left and once on the right (I8, the EBU's ideal).
The search is randomized backtracking with restarts and a node budget.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

PIVOT = None


@dataclass(frozen=True)
class Group:
    """An abelian group of odd order given by its cyclic factors (Z_a × Z_b …)."""

    moduli: tuple[int, ...]

    @property
    def order(self) -> int:
        out = 1
        for m in self.moduli:
            out *= m
        return out

    def _split(self, x: int) -> list[int]:
        digits = []
        for m in reversed(self.moduli):
            digits.append(x % m)
            x //= m
        return digits[::-1]

    def _join(self, digits: list[int]) -> int:
        x = 0
        for d, m in zip(digits, self.moduli, strict=True):
            x = x * m + d % m
        return x

    def add(self, x: int, y: int) -> int:
        return self._join([a + b for a, b in zip(self._split(x), self._split(y), strict=True)])

    def neg(self, x: int) -> int:
        return self._join([-a for a in self._split(x)])

    def sub(self, x: int, y: int) -> int:
        return self.add(x, self.neg(y))

    def cls(self, x: int, y: int) -> int:
        """The difference class of {x, y}: min of x−y and y−x (as encoded ints)."""
        d = self.sub(x, y)
        return min(d, self.neg(d))


def group_for(players: int) -> tuple[Group, bool]:
    """The group used for ``players`` and whether it has a fixed pivot."""
    if players % 4 == 0:
        return Group((players - 1,)), True
    if players == 9:
        return Group((3, 3)), False
    return Group((players,)), False


class _Search:
    def __init__(self, group: Group, pivot: bool, directed: bool, rng: random.Random):
        m = group.order
        self.sub = [[group.sub(a, b) for b in range(m)] for a in range(m)]
        self.cls = [[min(d, group.neg(d)) for d in row] for row in self.sub]
        self.pivot, self.directed, self.rng = pivot, directed, rng
        self.pc = [0] * m
        self.oc = [0] * m
        self.dc = [0] * m
        self.nodes = 0

    def _rels(self, table):
        n, s, e, w = table
        opp = [(a, b) for a in (n, s) for b in (e, w) if a is not PIVOT and b is not PIVOT]
        part = [(a, b) for a, b in ((n, s), (e, w)) if a is not PIVOT and b is not PIVOT]
        left = [(a, b) for a, b in ((n, e), (e, s), (s, w), (w, n))]
        left = [(a, b) for a, b in left if a is not PIVOT and b is not PIVOT]
        return part, opp, left

    def _counts(self, table):
        part, opp, left = self._rels(table)
        pcs = [self.cls[a][b] for a, b in part]
        ocs = [self.cls[a][b] for a, b in opp]
        dcs = [self.sub[b][a] for a, b in left] if self.directed else []
        return pcs, ocs, dcs

    def place(self, table) -> bool:
        pcs, ocs, dcs = self._counts(table)
        self._apply(pcs, ocs, dcs, 1)
        bad = (
            any(self.pc[c] > 1 for c in pcs)
            or any(self.oc[c] > 2 for c in ocs)
            or any(self.dc[c] > 1 for c in dcs)
        )
        if bad:
            self._apply(pcs, ocs, dcs, -1)
        return not bad

    def _apply(self, pcs, ocs, dcs, sign):
        for c in pcs:
            self.pc[c] += sign
        for c in ocs:
            self.oc[c] += sign
        for c in dcs:
            self.dc[c] += sign

    def remove(self, table) -> None:
        self._apply(*self._counts(table), -1)

    def solve(self, free: list[int], tables: list, budget: int) -> list | None:
        if not free:
            return list(tables)
        self.nodes += 1
        if self.nodes > budget:
            return None
        first, rest = free[0], free[1:]
        for table in self._candidates(first, rest, tables):
            if self.place(table):
                tables.append(table)
                left = [x for x in rest if x not in table]
                found = self.solve(left, tables, budget)
                if found is not None:
                    return found
                tables.pop()
                self.remove(table)
            if self.nodes > budget:
                return None
        return None

    def _candidates(self, first, rest, tables):
        others = rest[:]
        self.rng.shuffle(others)
        if self.pivot and not tables:
            pairs = [(PIVOT, first)]
        else:
            pairs = [(first, s) for s in others if self.pc[self.cls[first][s]] == 0]
        for n, s in pairs:
            for e in others:
                if e == s or (n is not PIVOT and self.oc[self.cls[n][e]] > 1):
                    continue
                if self.oc[self.cls[s][e]] > 1:
                    continue
                for w in others:
                    if w not in (s, e) and self.pc[self.cls[e][w]] == 0:
                        self.nodes += 1
                        yield (n, s, e, w)


def search_starter(
    players: int, *, directed: bool = False, seed: int = 1, budget: int = 20000, tries: int = 200
) -> list[tuple] | None:
    """Find a starter for ``players`` (≡ 0 or 1 mod 4), or ``None`` if none is found.

    Tables are (N, S, E, W) group elements; ``None`` is the pivot; for
    n ≡ 1 (mod 4) element 0 sits out.
    """
    group, pivot = group_for(players)
    rng = random.Random(seed)
    free = list(range(group.order)) if pivot else list(range(1, group.order))
    for _ in range(tries):
        search = _Search(group, pivot, directed, rng)
        found = search.solve(free, [], budget)
        if found is not None:
            return found
    return None
