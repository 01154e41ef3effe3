"""Appendix Mitchell: extra tables that share the boards of a base Mitchell (two fields).

MOVEMENTS.md §2 [15] (bridgecentral.com/AppendixMitchell.htm, the Beynon appendix Mitchell):
a Mitchell of N tables is set up; appendix table N+k stands beside table k (the appendage
table) and shares its boards; the boards move as in the base Mitchell only, down one table.
At an appended table and its appendage table one pair is stationary, N-S at the base table
and E-W at the appendix table; the other pairs move, one line up one table and the other
line up (or down) two tables.  [15] describes the routes only in words; the construction
below is derived here from that description and proved by the movement checker:

- N base tables, A appendix tables (1 ≤ A ≤ N), T = N + A tables, N rounds, N sets.
  N must be prime to 6 (5, 7, 11, 13 …; [15] asks for a prime base from 5 tables).
- Round 1: N-S pair *t* and E-W pair T+*t* at table *t*.  Stationary: N-S 1…A at the
  appendage tables 1…A and E-W T+N+1…2T at the appendix tables N+1…T.
- Set at base table *t* in round *r*: ``(t−1 + r−1) mod N + 1`` (boards down one); table
  N+k plays table k's set.
- The moving E-W pairs T+1…T+N stay in the base and go **up two** tables (T+t is at table
  ``(t−1 + 2(r−1)) mod N + 1``): their sets go up by 3 a round, all different when 3 ∤ N.
- The moving N-S pairs (A+1…N and N+1…T) go **up one place** round the circuit
  N+1, …, N+A, A+1, …, N, N+1 (the appendix tables take the places of the appendage
  tables): place *u* plays set ``u + r`` like base table u+1, so their sets go up by 2.
  A moving N-S pair and a moving E-W pair come together once in N rounds (the place of
  one gains one a round on the other), so nobody meets twice and nobody replays a board.

Each set is played N+A times (once a round in the base, A times at the appendix tables);
the stationary N-S pair at an appendage table and the stationary E-W pair beside it never
meet (``cross_lines_at_most_once``).  An odd number of pairs makes pair 2T, E-W at the last
appendix table, the phantom: its N-S visitor sits out, a different one each round.

Worked schedule, N = 5, A = 1 (6 tables, 12 pairs; table 6 beside table 1), "ns-ew/set":

    Rd   T1      T2      T3      T4      T5      T6
     1   1-7/1   2-8/2   3-9/3   4-10/4  5-11/5  6-12/1
     2   1-10/2  6-11/3  2-7/4   3-8/5   4-9/1   5-12/2
     3   1-8/3   5-9/4   6-10/5  2-11/1  3-7/2   4-12/3

(pair 7: table 1, 3, 5, 2, 4 with sets 1, 4, 2, 5, 3; pair 6: tables 6, 2, 3, 4, 5.)
"""

from __future__ import annotations

from math import gcd

from .base import MAX_TABLES, Movement, MovementError, Seating
from .mitchell import assemble, board_sets, phantom_for


def bases_for(tables: int) -> list[int]:
    """Base sizes N that an appendix Mitchell of ``tables`` tables can use, largest first."""
    return [
        n for n in range(tables - 1, 4, -1) if gcd(n, 6) == 1 and 1 <= tables - n <= n
    ]  # fmt: skip


def appendix_mitchell(
    tables: int,
    rounds: int | None = None,
    boards_per_round: int = 2,
    pairs: int | None = None,
    base: int | None = None,
) -> Movement:
    """Appendix Mitchell of ``tables`` tables on a base Mitchell of ``base`` tables (by
    default the largest that fits); ``base`` rounds; the module docstring gives the rule."""
    possible = bases_for(tables)
    if base is None:
        if not possible:
            raise MovementError(
                f"an appendix Mitchell needs a base of 5, 7, 11, 13 … tables and 1 to that many "
                f"appendix tables, so 6 to {MAX_TABLES} tables, not {tables}",
                field="base",
            )
        base = possible[0]
    elif base not in possible:
        shown = ", ".join(map(str, sorted(possible))) or "none"
        raise MovementError(
            f"a base of {base} tables does not fit {tables} tables: the base must be prime to "
            f"2 and 3 (5, 7, 11, 13 …) with 1 to {base} appendix tables; for {tables} tables "
            f"use a base of {shown}",
            field="base",
        )
    n, extra = base, tables - base
    if rounds not in (None, n):
        raise MovementError(
            f"an appendix Mitchell on a {n}-table base plays {n} rounds, not {rounds} "
            "(cut short, the shared boards are played unequally)",
            field="rounds",
        )
    phantom = phantom_for(tables, pairs)

    def place_table(u: int) -> int:  # the moving N-S pairs' circuit: appendix tables first
        return n + u + 1 if u < extra else u + 1

    movers_ns = {(t if t > extra else n + t): t - 1 for t in range(1, n + 1)}  # pair: start u
    grid = []
    for r in range(n):
        seat_ns = {t: t for t in range(1, extra + 1)}  # stationary at the appendage tables
        seat_ns |= {place_table((u + r) % n): pair for pair, u in movers_ns.items()}
        seat_ew = {(t - 1 + 2 * r) % n + 1: tables + t for t in range(1, n + 1)}
        seat_ew |= {n + k: tables + n + k for k in range(1, extra + 1)}
        row = []
        for t in range(1, tables + 1):
            home = t if t <= n else t - n
            row.append(Seating(table=t, ns=seat_ns[t], ew=seat_ew[t], set=(home - 1 + r) % n + 1))
        grid.append(row)
    many = extra > 1
    stationary = f"N-S 1–{extra}" if many else "N-S 1"
    appendix = f"{n + 1}–{tables}" if many else str(tables)
    appendage = f"1–{extra}" if many else "1"
    tbl = "tables" if many else "table"
    announcement = (
        f"{n}-table base; appendix {tbl} {appendix} beside {tbl} {appendage}, sharing the "
        f"boards; {stationary} and the E-W pairs at {tbl} {appendix} stay; the other N-S pairs "
        f"go up one table, through {tbl} {appendix} instead of {tbl} {appendage}; E-W up two "
        f"tables and boards down one, both within tables 1–{n}"
    )
    return Movement(
        kind="appendix-mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=assemble(grid, n, phantom),
        participants=tuple(x for x in range(1, 2 * tables + 1) if x != phantom),
        fields=2,
        board_sets=board_sets(n, boards_per_round),
        phantom=phantom,
        share_sets=True,
        meet="cross_lines_at_most_once",
        announcement=announcement,
    )
