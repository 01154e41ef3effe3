"""Rover Mitchell: one pair more than a Mitchell holds displaces a different N-S pair each round.

MOVEMENTS.md §2 and bridgecentral.com, "Rover Mitchell" (the replacement Mitchell of D.A.
Sweet, extended to even numbers of tables by Sam Gold, 1961): the base Mitchell of N tables
is set up "as though the ½ table does not exist"; the odd pair, the **rover**, "sit[s] out on
the first round and enter[s] the movement on the second round by replacing one of the N-S
pairs in the movement (usually N-S table 2) but only for that round.  After this round the
original N-S pair return to their table and the 'roving' pair move on by going up two
tables".  All boards are always in play, one set on each table, so every board is played
the same number of times and the top is the same on every board.  The scores of the pairs
who sat out are factored to those who did not (bridgecentral.com, "Displacement Mitchell":
"care must be taken that the scores of the pairs who sat out are adjusted to those of the
pairs who did not"); scoring does it by ``FACTORED_SIT_OUTS`` (SCORING.md §6, scheduled/played).

Numbering as the Mitchell (N-S pair *t* at table *t*, E-W pairs N+1…2N); the rover is pair
2N+1, in the N-S field.  Odd N: the base is the plain Mitchell and the rover goes to tables
2, 4, 6 … (mod N) in rounds 2, 3, 4 …: in round r it meets E-W pair ``N + r − 1`` and holds
set ``3r − 4`` (mod N), so when 3 ∤ N (the book's prime tables) it replays no board and
meets nobody twice; it displaces N-S pair ``2r − 2`` (mod N; 2 is invertible mod odd N), each
at most once, and N-S pair N is never displaced.  Even N: the base is the skip Mitchell of
N−1 rounds; [bridgecentral] moves the rover "up 2 tables at each change until the round
when SKIP is called", then irregularly.  :func:`route` finds the route by a depth-first
search that tries "up two tables" first and falls back to the next table along, under the
same three conditions, so for odd N prime to 3 it is exactly the book's route (3 | N:
:func:`repeats_opponent`).

Worked example, 5 tables, 11 pairs (the rover is pair 11), "ns-ew/set", sit-out last:

    Rd   T1      T2      T3      T4      T5       sits out
     1   1-6/1   2-7/2   3-8/3   4-9/4   5-10/5   11
     2   1-10/2  11-6/3  3-7/4   4-8/5   5-9/1    2
     3   1-9/3   2-10/4  3-6/5   11-7/1  5-8/2    4
     4   11-8/4  2-9/5   3-10/1  4-6/2   5-7/3    1
     5   1-7/5   2-8/1   11-9/2  4-10/3  5-6/4    3

(the rover: tables 2, 4, 1, 3 with sets 3, 1, 4, 2 against pairs 6, 7, 8, 9; N-S pair 5
plays all five rounds, the others four.)
"""

from __future__ import annotations

from dataclasses import replace

from .base import Movement, MovementError, Seating
from .mitchell import assemble, board_sets, compass_grid

KIND = "rover-mitchell"
#: The largest base: the route search stays instant up to here (a club's rover is 3–15
#: tables: ANCHORS.md, "rover 6–15"), and a larger field is better split into sections.
MAX_ROVER_TABLES = 20


def base_tables(tables: int | None, pairs: int | None) -> int:
    """The base Mitchell's tables for ``pairs`` pairs (2N+1 pairs: N tables and the rover)."""
    if pairs is None:
        if tables is None:
            raise MovementError("give the number of tables or the number of pairs")
        return tables
    if pairs % 2 == 0:
        raise MovementError(
            f"a rover Mitchell is for an odd number of pairs, not {pairs}: "
            f"{pairs} pairs fill {pairs // 2} tables of a mitchell or skip-mitchell",
            field="pairs",
        )
    needed = (pairs - 1) // 2
    if tables is not None and tables != needed:
        raise MovementError(
            f"{pairs} pairs make a rover Mitchell of {needed} tables and a rover, not {tables}"
        )
    return needed


def _base_grid(tables: int, rounds: int | None) -> tuple[list[list[Seating]], int, int | None]:
    """(the base Mitchell's seats, its rounds, the round after which E-W skip)."""
    if tables % 2:
        full, least, half = tables, 2, None
        shifts = list(range(rounds or full))
    else:
        full, half = tables - 1, tables // 2
        least = half + 1
        shifts = [r + (r >= half) for r in range(rounds or full)]
    rounds = full if rounds is None else rounds
    if not least <= rounds <= full:
        base = "Mitchell" if tables % 2 else "skip Mitchell"
        raise MovementError(
            f"a {tables}-table rover Mitchell (on a {base}) has {least} to {full} rounds, "
            f"not {rounds}",
            field="rounds",
        )
    return compass_grid(tables, shifts), rounds, half if half and rounds > half else None


def route(grid: list[list[Seating]], repeat: bool = False) -> tuple[int, ...]:
    """The rover's table in rounds 2, 3, …: table 2 first, then up two tables a round where
    it can, never replaying a set or displacing a N-S pair twice; nor meeting an E-W pair
    twice unless ``repeat`` (then tables with a new opponent are tried first)."""
    tables = len(grid[0])
    chosen: list[int] = []
    sets: set[int] = set()
    met: list[int] = []

    def candidates(r: int) -> list[int]:
        start = chosen[-1] + 2 if chosen else 2
        order = [(start - 1 + step) % tables + 1 for step in range(tables)]
        free = [t for t in order if t not in chosen and grid[r][t - 1].set not in sets]
        fresh = [t for t in free if grid[r][t - 1].ew not in met]
        return fresh + [t for t in free if t not in fresh] if repeat else fresh

    def place(r: int) -> bool:
        if r == len(grid):
            return True
        for t in candidates(r):
            seat = grid[r][t - 1]
            chosen.append(t), sets.add(seat.set), met.append(seat.ew)
            if place(r + 1):
                return True
            chosen.pop(), sets.discard(seat.set), met.pop()
        return False

    if not place(1):  # pragma: no cover - every size from 3 to MAX_ROVER_TABLES has one (tests)
        raise MovementError(f"no rover route for {tables} tables")
    return tuple(chosen)


def repeats_opponent(tables: int) -> bool:
    """A base divisible by 3 may have no route that meets every E-W pair at most
    once (the rover's set and its E-W pair would both have to go round like two queens on a
    torus; bridgecentral.com: the Mitchell rover for prime tables, Gold's extension for even
    ones not divisible by 3; odd 3, 9, 15 have none), so there the rover may meet an E-W pair
    twice, as the book's whist rover schedules do ("the rovers must repeat against some E-W
    pairs"); the route is searched with new opponents first."""
    return tables % 3 == 0


def rover_mitchell(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Rover Mitchell of ``tables`` base tables and one rover (the module docstring)."""
    if not 3 <= tables <= MAX_ROVER_TABLES:
        raise MovementError(
            f"a rover Mitchell has 3 to {MAX_ROVER_TABLES} base tables (7 to "
            f"{2 * MAX_ROVER_TABLES + 1} pairs), not {tables}; a larger room is split into "
            "sections"
        )
    if pairs is not None and pairs != 2 * tables + 1:
        raise MovementError(
            f"a rover Mitchell of {tables} tables is for {2 * tables + 1} pairs, not {pairs}",
            field="pairs",
        )
    grid, rounds, skip = _base_grid(tables, rounds)
    rover = 2 * tables + 1
    path = route(grid, repeats_opponent(tables))
    met = [grid[r][t - 1].ew for r, t in enumerate(path, start=1)]
    repeat = len(set(met)) < len(met)
    displaced = [0]
    for r, t in enumerate(path, start=1):
        displaced.append(grid[r][t - 1].ns)
        grid[r][t - 1] = replace(grid[r][t - 1], ns=rover)
    built = [
        replace(rnd, sit_out=(rover if r == 0 else displaced[r],))
        for r, rnd in enumerate(assemble(grid, tables, None))
    ]
    steps = ", ".join(map(str, path))
    return Movement(
        kind=KIND,
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=tuple(built),
        participants=tuple(range(1, rover + 1)),
        fields=2,
        board_sets=board_sets(tables, boards_per_round),
        meet="cross_lines_at_most_twice" if repeat else "cross_lines_at_most_once",
        skip_after=skip,
        announcement=(
            "N-S stay; E-W up one table, boards down one"
            + (f"; E-W skip one table after round {skip}" if skip else "")
            + f"; the rover, pair {rover}, sits out round 1, then plays N-S at table"
            + f"{'s' if len(path) > 1 else ''} {steps} in rounds 2–{rounds}; the N-S pair "
            "it displaces sits out that round and comes back the next"
        ),
    )
