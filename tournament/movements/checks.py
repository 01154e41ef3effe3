"""Invariants of a movement (MOVEMENTS.md §4) and its balance figures (§5).

Every check is written over :attr:`Seating.seated`, so P1, P2, P5, P6 and P7 apply
unchanged to individual movements (I1, I2, I5, I6, I7).  P3, P4 and P8 are for pair
movements.  :func:`check` raises :class:`MovementError` listing every violation; the
engine runs it on everything it returns, so a wrong movement never reaches a session.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import combinations
from math import sqrt
from typing import Any

from .base import Movement, MovementError, Seating

MAX_REPORTED = 5  # violations reported per invariant
#: Movements where some pairs sit out one round more than others (a rover Mitchell: each
#: displaced N-S pair and the rover miss one round): P7 allows one round's boards between them,
#: and scoring factors the short pairs up to their field (SCORING.md §6, scheduled/played).
ONE_ROUND_SHORT = FACTORED_SIT_OUTS = ("rover-mitchell",)


def check(movement: Movement, extra: tuple = ()) -> None:
    """Raise :class:`MovementError` if any invariant fails (``extra``: more check functions)."""
    found = violations(movement, extra)
    if found:
        raise MovementError(
            f"{movement.kind} movement for {movement.tables} tables is wrong:\n  "
            + "\n  ".join(found)
        )


def violations(movement: Movement, extra: tuple = ()) -> list[str]:
    """Every violated invariant, as readable lines prefixed with its ID (P1 …)."""
    checks = [check_p1, check_p2, check_p5, check_p6, check_p7]
    if not movement.individual:
        checks += [check_p3, check_p8]
    checks += list(extra)
    found: list[str] = []
    for fn in checks:
        found += fn(movement)[:MAX_REPORTED]
    return found


def _real(movement: Movement, who: int | None) -> bool:
    return who is not None and who != movement.phantom


def _played(movement: Movement, seating: Seating) -> bool:
    """A table plays its boards unless somebody there is the phantom (a sit-out)."""
    return all(_real(movement, x) for x in seating.seated)


def check_p1(movement: Movement) -> list[str]:
    """P1/I1: rounds 1..R; table numbers unique per round; nobody seated twice in a round."""
    out = []
    if not movement.rounds:
        out.append("P1: the movement has no rounds")
    for index, rnd in enumerate(movement.rounds, start=1):
        if rnd.number != index:
            out.append(f"P1: round {index} is numbered {rnd.number}")
        tables = Counter(st.table for st in rnd.tables)
        out += [
            f"P1: round {rnd.number}: table {t} appears twice" for t, n in tables.items() if n > 1
        ]
        seated = Counter(x for st in rnd.tables for x in st.seated)
        out += [
            f"P1: round {rnd.number}: {x} is seated {n} times" for x, n in seated.items() if n > 1
        ]
    return out


def check_p2(movement: Movement) -> list[str]:
    """P2/I2: no pair (player) plays a board twice — except a mnemonic, where each pair plays
    every board twice, once in each direction [002 L4339–4341]."""
    if movement.meet == "mnemonic":
        return _check_mnemonic(movement)
    seen: dict[tuple[int, int], int] = {}
    out = []
    for rnd in movement.rounds:
        for st in rnd.tables:
            for who in st.seated:
                if not _real(movement, who):
                    continue
                for board in movement.boards_for(st):
                    first = seen.setdefault((who, board), rnd.number)
                    if first != rnd.number:
                        out.append(
                            f"P2: {who} plays board {board} twice (rounds {first} and {rnd.number})"
                        )
    return out


def check_p5(movement: Movement) -> list[str]:
    """P5/I5: a board is at one table per round unless sharing is declared."""
    if movement.share_sets:
        return []
    out = []
    for rnd in movement.rounds:
        where = defaultdict(list)
        for st in rnd.tables:
            for board in movement.boards_for(st):
                where[board].append(st.table)
        out += [
            f"P5: round {rnd.number}: board {b} is at tables {ts} but sharing is not declared"
            for b, ts in where.items()
            if len(ts) > 1
        ]
    return out


def board_plays(movement: Movement) -> dict[int, int]:
    """How many times each board is played (tables with the phantom do not play)."""
    plays: Counter[int] = Counter()
    for rnd in movement.rounds:
        for st in rnd.tables:
            if _played(movement, st):
                plays.update(movement.boards_for(st))
    for boards in movement.board_sets.values():
        for board in boards:
            plays.setdefault(board, 0)
    return dict(plays)


def check_p6(movement: Movement) -> list[str]:
    """P6/I6: every board is played the same number of times."""
    plays = board_plays(movement)
    counts = Counter(plays.values())
    if len(counts) <= 1:
        return []
    usual = counts.most_common(1)[0][0]
    odd = sorted(b for b, n in plays.items() if n != usual)
    return [f"P6: boards are played {usual} times, but board {b} {plays[b]} times" for b in odd]


def check_p7(movement: Movement) -> list[str]:
    """P7/I7: everyone plays every round and the same number of boards (phantom = sit-out)."""
    everyone = set(movement.participants)
    if movement.phantom is not None:
        everyone.add(movement.phantom)
    out = []
    boards: Counter[int] = Counter()
    for rnd in movement.rounds:
        seated = {x for st in rnd.tables for x in st.seated} | set(rnd.sit_out)
        out += [f"P7: round {rnd.number}: {x} is not seated" for x in sorted(everyone - seated)]
        for st in rnd.tables:
            for who in st.seated:
                boards[who] += len(movement.boards_for(st))
    counts = Counter(boards[x] for x in movement.participants)
    if movement.kind in ONE_ROUND_SHORT and max(counts) - min(counts) <= movement.boards_per_round:
        return out
    if len(counts) > 1:
        out.append(f"P7: entries play different numbers of boards: {dict(sorted(counts.items()))}")
    return out


def meetings(movement: Movement) -> Counter[frozenset[int]]:
    """How many rounds each two real pairs sit at the same table."""
    met: Counter[frozenset[int]] = Counter()
    for rnd in movement.rounds:
        for st in rnd.tables:
            if _played(movement, st) and st.ns is not None and st.ew is not None:
                met[frozenset((st.ns, st.ew))] += 1
    return met


def lines(movement: Movement) -> tuple[set[int], set[int]]:
    """The N-S and E-W lines of a Mitchell, taken from each pair's first seat (round 1 for all
    but a rover, who sits out round 1; the phantom excluded)."""
    ns, ew = set(), set()
    for rnd in movement.rounds:
        for st in rnd.tables:
            home, away = (st.ew, st.ns) if st.switched else (st.ns, st.ew)
            ns |= {home} if _real(movement, home) and home not in ew else set()
            ew |= {away} if _real(movement, away) and away not in ns else set()
    return ns, ew


_ALL_PAIRS = {"exactly_once": (1, 1), "at_most_once": (0, 1), "twice": (2, 2)}
_CROSS = {
    "cross_lines_once": (1, 1),
    "cross_lines_at_most_once": (0, 1),
    "cross_lines_at_most_twice": (0, 2),
}


def check_p3(movement: Movement) -> list[str]:
    """P3 (and P4 for complete Mitchells): meetings as the family promises."""
    if movement.meet == "teams":
        return check_teams(movement)
    if movement.meet == CLUB_MATCH_MEET:
        return check_club_teams(movement)
    if movement.meet == "mnemonic":  # the base schedule's meetings, checked when built
        return []
    met = meetings(movement)
    real = sorted(x for x in movement.participants if _real(movement, x))
    if movement.meet == HYBRID_MEET:
        return _check_hybrid(movement, met, real)
    if movement.meet in _ALL_PAIRS:
        low, high = _ALL_PAIRS[movement.meet]
        wanted = [frozenset(p) for p in combinations(real, 2)]
        tag = "P3"
    elif movement.meet in _CROSS:
        low, high = _CROSS[movement.meet]
        ns, ew = lines(movement)
        wanted = [frozenset((a, b)) for a in sorted(ns) for b in sorted(ew)]
        tag = "P4" if low else "P3"
        inside = [p for p in met if p not in set(wanted)]
        if inside:
            return [f"P3: {sorted(p)} meet but are in the same line" for p in inside]
    else:
        return [f"P3: unknown meeting promise {movement.meet!r}"]
    return [
        f"{tag}: {sorted(p)} meet {met[p]} times, expected {low}..{high}"
        for p in wanted
        if not low <= met[p] <= high
    ]


#: The Howell-Mitchell hybrid (``hybrid.howell_mitchell``): Mitchell N-S 1…M meet E-W
#: M+1…2M once, the Howell pairs 2M+1…2T meet each other once, nobody meets across.
HYBRID_MEET = "howell_mitchell"


def _check_hybrid(movement: Movement, met: Counter, real: list[int]) -> list[str]:
    m = (2 * movement.tables - 1) // 3
    ns, ew, howell = (
        [x for x in real if lo < x <= hi] for lo, hi in ((0, m), (m, 2 * m), (2 * m, 10**9))
    )
    wanted = {frozenset((a, b)) for a in ns for b in ew}
    wanted |= {frozenset(p) for p in combinations(howell, 2)}
    out = [f"P3: {sorted(p)} meet but are in different parts" for p in met if p not in wanted]
    out += [f"P3: {sorted(p)} meet {met[p]} times, expected 1" for p in wanted if met[p] != 1]
    return out


def team_of(movement: Movement, pair: int) -> int:
    """Team k of a team movement holds pairs k (N-S at home) and T+k (E-W)."""
    return (pair - 1) % movement.tables + 1


#: The meeting promise of the club match (``teams.club_match``): every table is team 1 v
#: team 2, and every deal is played by both teams in both directions.
CLUB_MATCH_MEET = "club-teams"


def club_team_of(movement: Movement, pair: int) -> int:
    """The team (1 or 2) of ``pair`` in a club match of T tables (N-S pair t and E-W pair T+t
    at table t): N-S at an odd table or E-W at an even table is team 1."""
    ns = pair <= movement.tables
    table = pair if ns else pair - movement.tables
    return 1 if (table % 2 == 1) == ns else 2


def check_club_teams(movement: Movement) -> list[str]:
    """P3 of a club match: team 1 v team 2 at every table, and each deal played by team 1 N-S
    as often as by team 2 N-S, or once more where a team has an odd pair [000 L727]."""
    found = []
    by_board: dict[int, Counter[int]] = defaultdict(Counter)
    for rnd in movement.rounds:
        for st in rnd.tables:
            home, away = club_team_of(movement, st.ns), club_team_of(movement, st.ew)
            if home == away:
                found.append(f"P3: round {rnd.number}: team {home} plays itself at table "
                             f"{st.table}")  # fmt: skip
            for board in movement.boards_for(st):
                by_board[board][home] += 1
    for board, sides in sorted(by_board.items()):
        if abs(sides[1] - sides[2]) > 1:
            found.append(
                f"P3: board {board} is played N-S by team 1 {sides[1]} times and by team 2 "
                f"{sides[2]} times"
            )
    return found


def check_teams(movement: Movement) -> list[str]:
    """Teams: both pairs of A play the same boards against both pairs of B, reversed."""
    halves: dict[tuple[int, int], set[int]] = defaultdict(set)
    for rnd in movement.rounds:
        for st in rnd.tables:
            home, away = team_of(movement, st.ns), team_of(movement, st.ew)
            if home == away:
                return [f"P3: round {rnd.number}: team {home} plays itself at table {st.table}"]
            halves[home, away] |= set(movement.boards_for(st))
    return [
        f"P3: team {a} N-S v team {b} play boards {sorted(bs)}, "
        f"but team {b} N-S v team {a} play {sorted(halves.get((b, a), ()))}"
        for (a, b), bs in halves.items()
        if halves.get((b, a)) != bs
    ]


def comparison_components(movement: Movement) -> int:
    """P8: components of the graph joining pairs that play a board in the same direction."""
    real = [x for x in movement.participants if _real(movement, x)]
    return components(_board_groups(movement), real)


def components(groups: Iterable[tuple[tuple[int, int], ...]], pairs: Iterable[int]) -> int:
    """How many groups ``pairs`` fall into when those that play a board of ``groups`` (each
    board's (ns, ew) plays) in the same direction are joined."""
    parent = {x: x for x in pairs}

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for plays in groups:
        for (a, b), (c, d) in combinations(plays, 2):
            parent[find(a)] = find(c)
            parent[find(b)] = find(d)
    return len({find(x) for x in parent})


def check_p8(movement: Movement) -> list[str]:
    """P8: 2 components for a two-winner movement, 1 for a one-winner movement."""
    if movement.meet == "teams" or movement.fields not in (1, 2):
        return []
    found = comparison_components(movement)
    if found != movement.fields:
        return [f"P8: {movement.fields} field(s) promised but the comparisons form {found} groups"]
    return []


def _board_groups(movement: Movement) -> Counter[tuple[tuple[int, int], ...]]:
    """Each distinct list of (ns, ew) plays of a board, with how many boards share it."""
    plays: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for rnd in movement.rounds:
        for st in rnd.tables:
            if _played(movement, st) and st.ns is not None:
                for board in movement.boards_for(st):
                    plays[board].append((st.ns, st.ew))
    return Counter(tuple(sorted(p)) for p in plays.values())


def competition(movement: Movement) -> dict[tuple[int, int], int]:
    """Moore's competition per two pairs: same − opposite + (k−1)·direct [13], §5."""
    real = sorted(x for x in movement.participants if _real(movement, x))
    return moore(_board_groups(movement), real)


def moore(
    groups: Mapping[tuple[tuple[int, int], ...], int], pairs: list[int]
) -> dict[tuple[int, int], int]:
    """Moore's competition of every two of ``pairs`` from the (ns, ew) plays of each board
    (``groups``: each distinct list of plays, with how many boards share it)."""
    index = {x: i for i, x in enumerate(pairs)}
    n = len(pairs)
    score = [[0] * n for _ in range(n)]
    for plays, weight in groups.items():
        rows = [(index[a], index[b]) for a, b in plays]
        direct = weight * (len(rows) - 1)
        for a, b in rows:
            score[a][b] += direct
            score[b][a] += direct
        for (a, b), (c, d) in combinations(rows, 2):
            for x, y, sign in ((a, c, 1), (b, d, 1), (a, d, -1), (b, c, -1)):
                score[x][y] += sign * weight
                score[y][x] += sign * weight
    return {(pairs[i], pairs[j]): score[i][j] for i, j in combinations(range(n), 2)}


def uniformity(values: list[int]) -> Fraction:
    """U = 100·mean(c)²/mean(c²), exact."""
    if not values or not any(values):
        return Fraction(0)
    total = sum(values)
    return Fraction(100 * total * total, len(values) * sum(v * v for v in values))


def balance(movement: Movement) -> dict[str, Any]:
    """The §5 figures: competition counts per two pairs, their sd/min/max and U."""
    comp = competition(movement)
    values = list(comp.values())
    if not values:
        return {"pairs": len(movement.participants), "U": 0.0}
    mean = Fraction(sum(values), len(values))
    var = Fraction(sum(v * v for v in values), len(values)) - mean * mean
    return {
        "pairs": len([x for x in movement.participants if _real(movement, x)]),
        "pairs_of_pairs": len(values),
        "competition": {str(k): n for k, n in sorted(Counter(values).items())},
        "mean": round(float(mean), 3),
        "sd": round(sqrt(var), 3),
        "min": min(values),
        "max": max(values),
        "U": round(float(uniformity(values)), 2),
    }


def _check_mnemonic(movement: Movement) -> list[str]:
    """Each pair plays each of its boards once N-S and once E-W (the replay)."""
    seen: dict[tuple[int, int], list[str]] = {}
    for rnd in movement.rounds:
        for st in rnd.tables:
            if not _played(movement, st):
                continue
            for board in movement.boards_for(st):
                seen.setdefault((st.ns, board), []).append("ns")
                seen.setdefault((st.ew, board), []).append("ew")
    return [
        f"P2: {who} plays board {board} {'/'.join(sides)}, not once each way"
        for (who, board), sides in sorted(seen.items())
        if sorted(sides) != ["ew", "ns"]
    ]
