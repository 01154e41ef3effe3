"""Search for cyclic whist-tournament starters (pure Python, no Django).

A *starter* is round 1 of an individual schedule whose later rounds come from
adding a group element to every non-pivot seat (MOVEMENTS.md §6).  Over a group
G of odd order m, the schedule is a whist tournament (partner everyone once,
oppose everyone twice) when the non-pivot partner differences ±d cover every
class {d, −d} once and the opponent differences cover every class twice.

* n ≡ 0 (mod 4): G = Z_(n−1) plus a fixed pivot (``None``) at table 1, N seat,
  partnered by element 0.
* n ≡ 1 (mod 4): G = Z_n (or Z_3 × Z_3 for n = 9, where no Z_9 starter exists);
  the element 0 sits out in the starter, so one player sits out each round.

The search runs in two stages, which finds 32–40 players in minutes where a
one-pass backtracking over seats stalled beyond 28:

1. draw a random *partner starter*: the non-zero elements of G split into
   (m − 1)/2 pairs whose difference classes are all different (the
   partnerships; 0 partners the pivot or sits out);
2. pair the partnerships into tables by a budgeted exhaustive search so that
   every opponent class occurs exactly twice (with a pivot, one partnership
   sits with the pivot and 0).  When the budget runs out a new starter is drawn.

With ``directed=True`` (n ≡ 1 mod 4) a table pairing is accepted only if some
choice of E/W at each table makes the "left-hand opponent" differences (N→E,
E→S, S→W, W→N) all distinct, which gives every player each opponent once on the
left and once on the right (I8, the EBU's ideal).  Reversing a table (swapping
E and W) negates its four left-hand differences, so the choice is a system of
parity constraints, solved exactly by :func:`orient`.  With a pivot no starter
can be fully directed; :func:`orient` then returns ``None``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
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


def _class_table(group: Group) -> list[list[int]]:
    """``cls[a][b]``: the difference class of {a, b}."""
    return [[group.cls(a, b) for b in range(group.order)] for a in range(group.order)]


def _partner_starter(group: Group, cls: list[list[int]], rng: random.Random) -> list | None:
    """Non-zero elements in pairs with all-different difference classes, or ``None``."""
    free = set(range(1, group.order))
    used: set[int] = set()
    pairs: list[tuple[int, int]] = []

    def extend() -> bool:
        if not free:
            return True
        a = rng.choice(sorted(free))
        free.discard(a)
        options = [b for b in sorted(free) if cls[a][b] not in used]
        rng.shuffle(options)
        for b in options[:6]:
            free.discard(b)
            used.add(cls[a][b])
            pairs.append((a, b))
            if extend():
                return True
            pairs.pop()
            used.discard(cls[a][b])
            free.add(b)
        free.add(a)
        return False

    return pairs if extend() else None


def _pair_up(
    group: Group,
    cls: list[list[int]],
    parts: list,
    pivot: bool,
    rng: random.Random,
    budget: int,
    viable: Callable[[list[tuple]], bool],
) -> list[tuple] | None:
    """Tables from ``parts`` with every opponent class exactly twice, or ``None``.

    ``viable`` is asked after every table placed (and must hold for the whole).
    """
    count = [0] * group.order
    n = len(parts)
    opp = [
        [tuple(cls[x][y] for x in parts[i] for y in parts[j]) if i != j else () for j in range(n)]
        for i in range(n)
    ]
    used = [False] * n
    chosen: list[tuple[int, int]] = []
    nodes = 0

    def fits(classes) -> bool:
        return all(count[c] <= 2 for c in classes)

    def shift(classes, sign: int) -> None:
        for c in classes:
            count[c] += sign

    def tables(head: list[tuple]) -> list[tuple]:
        return head + [parts[i] + parts[j] for i, j in chosen]

    def extend(head: list[tuple]) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            return False
        i = next((k for k in range(n) if not used[k]), None)
        if i is None:
            return True
        used[i] = True
        others = [j for j in range(n) if not used[j]]
        rng.shuffle(others)
        for j in others:
            shift(opp[i][j], 1)
            if fits(opp[i][j]):
                used[j] = True
                chosen.append((i, j))
                if viable(tables(head)) and extend(head):
                    return True
                chosen.pop()
                used[j] = False
            shift(opp[i][j], -1)
        used[i] = False
        return False

    if not pivot:
        return tables([]) if extend([]) else None
    order = list(range(n))
    rng.shuffle(order)
    for j in order:  # the partnership that sits with the pivot and 0
        a, b = parts[j]
        classes = (cls[0][a], cls[0][b])
        shift(classes, 1)
        used[j] = True
        head = [(PIVOT, 0, a, b)]
        if fits(classes) and extend(head):
            return tables(head)
        used[j] = False
        shift(classes, -1)
        if nodes > budget:
            return None
    return None


def orient(group: Group, tables: list[tuple], partial: bool = False) -> list[tuple] | None:
    """Swap E/W at some tables so the left-hand differences are all distinct.

    Returns the re-oriented tables, or ``None`` when no choice works (always so
    with a pivot).  Each opponent class occurs at two left-hand positions; they
    must get opposite signs, a parity constraint between two tables.  With
    ``partial`` (tables of an unfinished starter) a class seen once is no fault.
    """
    where: dict[int, list[tuple[int, bool]]] = {}
    for t, (n, s, e, w) in enumerate(tables):
        for a, b in ((n, e), (e, s), (s, w), (w, n)):
            if a is PIVOT or b is PIVOT:
                return None
            d = group.sub(b, a)
            rep = min(d, group.neg(d))
            where.setdefault(rep, []).append((t, d == rep))
    parent = list(range(len(tables)))
    parity = [0] * len(tables)

    def find(x: int) -> tuple[int, int]:
        if parent[x] == x:
            return x, 0
        root, p = find(parent[x])
        parent[x], parity[x] = root, parity[x] ^ p
        return root, parity[x]

    for places in where.values():
        if len(places) == 1 and partial:
            continue
        if len(places) != 2:
            return None
        (t1, s1), (t2, s2) = places
        flip = 1 ^ s1 ^ s2  # flip(t1) xor flip(t2) must equal this
        (r1, p1), (r2, p2) = find(t1), find(t2)
        if r1 == r2:
            if p1 ^ p2 != flip:
                return None
        else:
            parent[r1], parity[r1] = r2, p1 ^ p2 ^ flip
    return [(n, s, w, e) if find(t)[1] else (n, s, e, w) for t, (n, s, e, w) in enumerate(tables)]


def balanced_classes(group: Group, tables: list[tuple]) -> int:
    """How many non-zero d occur as often as −d among the left-hand differences.

    All of them (m − 1) means every opposing pair meets once with each on the
    other's left (I8); with a pivot at most m − 3 can be.
    """
    count: dict[int, int] = {}
    for n, s, e, w in tables:
        for a, b in ((n, e), (e, s), (s, w), (w, n)):
            if a is not PIVOT and b is not PIVOT:
                d = group.sub(b, a)
                count[d] = count.get(d, 0) + 1
    return sum(1 for d in range(1, group.order) if count.get(d, 0) == count.get(group.neg(d), 0))


def best_orientation(group: Group, tables: list[tuple]) -> list[tuple]:
    """E/W at each table chosen to balance left- and right-hand opponents (I8) best."""
    exact = orient(group, tables)
    if exact is not None:
        return exact
    best, best_score = list(tables), -1
    for mask in range(1 << len(tables)):
        trial = [
            (n, s, w, e) if mask >> i & 1 else (n, s, e, w) for i, (n, s, e, w) in enumerate(tables)
        ]
        score = balanced_classes(group, trial)
        if score > best_score:
            best, best_score = trial, score
    return best


def search_starter(
    players: int,
    *,
    directed: bool = False,
    seed: int = 1,
    budget: int = 50_000,
    tries: int = 200,
) -> list[tuple] | None:
    """Find a starter for ``players`` (≡ 0 or 1 mod 4), or ``None`` if none is found.

    Tables are (N, S, E, W) group elements; ``None`` is the pivot; for
    n ≡ 1 (mod 4) element 0 sits out.  ``tries`` partner starters are drawn,
    each given ``budget`` nodes of table pairing.  ``directed`` (sit-out sizes
    only) asks for every opponent once on each side.
    """
    group, pivot = group_for(players)
    if directed and pivot:
        raise ValueError("a schedule with a pivot cannot be fully directed")
    cls = _class_table(group)
    rng = random.Random(seed)

    def viable(tables: list[tuple]) -> bool:
        return not directed or orient(group, tables, partial=True) is not None

    for _ in range(tries):
        parts = _partner_starter(group, cls, rng)
        if parts is None:
            continue
        found = _pair_up(group, cls, parts, pivot, rng, budget, viable)
        if found is not None:
            return orient(group, found) if directed else found
    return None
