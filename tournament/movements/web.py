"""Web Mitchell: one Mitchell of the pairs over two board circuits holding copies of the boards.

MOVEMENTS.md §2 [16][17] and the layout of bridgecentral.com "Web Mitchell" (devised by John
"Spider" Harris): T tables (T even), two copies of every board.  The pairs move as in any
Mitchell — N-S pair *t* sits still at table *t*, E-W pair T+*e* starts at table *e* and goes
**up one** table every round, round the whole room (T → 1), never skipping.  The tables are
two groups for the boards only:

- copy A at tables 1 … T/2: set *t* on table *t*, the other sets on a relay after table T/2;
  boards **down one** (table 1 → relay → table T/2), so table *t* plays sets t, t+1, … —
  in round *r*, set ``(t − 1 + r − 1) mod S + 1``;
- copy B at tables T/2+1 … T: the highest set on table T, set 1 on table T−1, set 2 on
  T−2 …, the other sets on a relay after table T; boards also **down one** (table T/2+1 →
  relay → table T), so the tables play their sets in descending order — table T−j in round
  *r* holds set ``(j − r) mod S + 1``.

S sets, S rounds, S odd and T/2 ≤ S < T (so at most T/2 sets wait on each relay, and no two
pairs meet twice).  An E-W pair crossing copy A goes up two sets a round (its table up one,
the boards down one); crossing copy B it goes down two: the pair at table *e* ≤ T/2 plays
sets e, e+2, e+4 … in copy A and, from table T/2+1 on, the sets below its first one going
down by two, so (S odd) it never meets a set twice; the checker proves it for every size.

Every set is played T times (T/2 in each copy), so the number of boards (2S per round) is not
tied to the number of tables.  The rounds of a table in copy A and of the table in copy B
that holds the same set play the same deals on their own boards, so no table is marked
``shared_with``: ``circuits`` names the two groups, the cards say "copy A"/"copy B" and the
boards move within their own group (``Movement.copy_of``).
"""

from __future__ import annotations

from .base import Movement, MovementError, Round, Seating
from .mitchell import _with, assemble, board_sets, phantom_for

#: The published web Mitchells play 13 sets (26 boards) [16]; fewer when the room is small.
USUAL_SETS = 13


def default_sets(tables: int) -> int:
    """T−1 sets up to 14 tables, then 13, but never fewer than half the tables (odd)."""
    least = tables // 2 if (tables // 2) % 2 else tables // 2 + 1
    return max(least, min(tables - 1, USUAL_SETS))


def _check(tables: int, sets: int) -> None:
    if tables % 2 or tables < 4:
        raise MovementError(
            f"a web Mitchell needs an even number of tables, at least 4, not {tables}: "
            "the boards run in two circuits of half the tables each"
        )
    least = tables // 2
    if sets % 2 == 0 or not least <= sets < tables:
        fits = [s for s in range(least, tables) if s % 2]
        raise MovementError(
            f"a {tables}-table web Mitchell plays an odd number of rounds from {least} to "
            f"{tables - 1} (one set a round; even needs a skip, {tables} or more meets a pair "
            f"twice), not {sets}: choose {', '.join(map(str, fits))}",
            field="rounds",
        )


def web_set(tables: int, sets: int, table: int, r: int) -> int:
    """The set at ``table`` in round ``r`` (0-based): copy A ascending, copy B descending."""
    half = tables // 2
    if table <= half:
        return (table - 1 + r) % sets + 1
    return (tables - table - r - 1) % sets + 1


def web_mitchell(
    tables: int, rounds: int | None = None, boards_per_round: int = 2, pairs: int | None = None
) -> Movement:
    """Web Mitchell of ``tables`` tables and ``rounds`` sets (the module docstring)."""
    sets = default_sets(tables) if rounds is None else rounds
    _check(tables, sets)
    phantom = phantom_for(tables, pairs)
    grid = [
        [
            Seating(table=t, ns=t, ew=tables + (t - 1 - r) % tables + 1,
                    set=web_set(tables, sets, t, r))
            for t in range(1, tables + 1)
        ]
        for r in range(sets)
    ]  # fmt: skip
    half = tables // 2
    circuits = (tuple(range(1, half + 1)), tuple(range(half + 1, tables + 1)))
    return Movement(
        kind="web-mitchell",
        tables=tables,
        boards_per_round=boards_per_round,
        rounds=_per_copy(assemble(grid, sets, phantom), circuits, sets),
        participants=tuple(x for x in range(1, 2 * tables + 1) if x != phantom),
        fields=2,
        board_sets=board_sets(sets, boards_per_round),
        phantom=phantom,
        share_sets=True,
        circuits=circuits,
        meet="cross_lines_at_most_once",
        announcement=(
            f"two copies of every board: copy A at tables 1–{half}, copy B at tables "
            f"{half + 1}–{tables}; N-S stay; E-W up one table round the whole room; boards "
            f"down one table within their copy (relay after table {half} and after table "
            f"{tables})"
        ),
    )


def _per_copy(rounds: tuple[Round, ...], circuits: tuple, sets: int) -> tuple[Round, ...]:
    """Idle sets counted per copy (a set waits on copy A's relay and on copy B's, so it may
    be listed twice), and no table marked as sharing: each copy has its own boards."""
    out = []
    for rnd in rounds:
        idle: list[int] = []
        for group in circuits:
            held = {rnd.table(t).set for t in group}
            idle += [s for s in range(1, sets + 1) if s not in held]
        tables = tuple(_with(st, shared_with=None) for st in rnd.tables)
        out.append(Round(rnd.number, tables, tuple(sorted(idle)), rnd.sit_out))
    return tuple(out)
