"""Howell-Mitchell hybrid: a Mitchell and a complete Howell side by side on the same boards.

bridgecentral.com "The perfect Howell-Mitchell movement" (MOVEMENTS.md §2/§3): for T tables
with T mod 3 = 2 and T ≥ 8 (8, 11, 14, 17, 20, 23 …; the odd ones 11, 17, 23, 29 …) the room
is a Mitchell of M = (2T − 1)/3 tables (odd: 5, 7, 9, 11 …) and a complete Howell of
H = (T + 1)/3 tables (3, 4, 5, 6 …).  The Howell's 2H pairs need 2H − 1 = M rounds and M
sets, exactly the Mitchell's, so both play the same M sets in the same M rounds: each Howell
table stands beside the Mitchell table holding its set that round and shares those boards
(or plays a duplicated copy); the boards are passed back to the Mitchell after each round.
[the same page] shows 8 = 5 + 3, 11 = 7 + 4, 14 = 9 + 5.

Numbering: Mitchell N-S *t* and E-W M+*t* at table *t* (N-S stay, E-W up one, boards down
one); the Howell's pairs are 2M+1 … 2T at tables M+1 … T, seated as this engine's complete
Howell of H tables (``howell.develop(starter(H))``; pair 2T is its stationary pair).

Every pair plays all M sets once; every set is played M + H times; the Mitchell lines meet
each other once and the Howell pairs each other once, and no Mitchell pair meets a Howell
pair (``meet="howell_mitchell"``; [the same page] rotates three groups over three sessions so
that everyone meets).  All results on a board are compared together: one field.  An odd
number of pairs makes pair 2T, the Howell's stationary pair, the phantom.
"""

from __future__ import annotations

from .base import Movement, MovementError
from .howell import develop, starter
from .mitchell import _with, assemble, board_sets, compass_grid, phantom_for


def split(tables: int) -> tuple[int, int]:
    """(Mitchell tables M, Howell tables H) of a T-table hybrid, or a MovementError."""
    if tables % 3 != 2 or tables < 8:
        fits = ", ".join(str(t) for t in range(8, 33, 3))
        raise MovementError(
            f"a Howell-Mitchell hybrid needs 8, 11, 14, 17 … tables (two more than a multiple "
            f"of 3: a Mitchell of (2T−1)/3 tables beside a Howell of (T+1)/3), not {tables}; "
            f"it fits {fits} …"
        )
    return (2 * tables - 1) // 3, (tables + 1) // 3


def howell_mitchell(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Howell-Mitchell hybrid of ``tables`` tables (the module docstring)."""
    m, h = split(tables)
    if rounds not in (None, m):
        raise MovementError(
            f"a {tables}-table Howell-Mitchell plays {m} rounds, not {rounds} (its Howell is "
            "complete: cut short, the two parts would play different boards)",
            field="rounds",
        )
    phantom = phantom_for(tables, pairs)
    howell_rows = develop(starter(h), m)
    grid = []
    for mitchell_row, howell_row in zip(compass_grid(m, list(range(m))), howell_rows, strict=True):
        moved = [
            _with(st, table=m + st.table, ns=2 * m + st.ns, ew=2 * m + st.ew) for st in howell_row
        ]
        grid.append(mitchell_row + sorted(moved, key=lambda st: st.table))
    still = next(st for st in grid[0] if tables * 2 in (st.ns, st.ew))
    seat = "N-S" if still.ns == 2 * tables else "E-W"
    return Movement(
        kind="howell-mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=assemble(grid, m, phantom),
        participants=tuple(x for x in range(1, 2 * tables + 1) if x != phantom),
        fields=1,
        board_sets=board_sets(m, boards_per_round),
        phantom=phantom,
        share_sets=True,
        meet="howell_mitchell",
        announcement=(
            f"tables 1–{m}: Mitchell, N-S stay, E-W up one table, boards down one; tables "
            f"{m + 1}–{tables}: Howell, pair {2 * tables} stays {seat} at table {still.table}, the "
            f"others follow their cards; each Howell table takes the boards of the Mitchell "
            f"table named on its card and gives them back after the round"
        ),
    )
