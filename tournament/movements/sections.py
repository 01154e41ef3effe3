"""Two sections sharing one copy of the boards (twin sections, "share between sections").

Club practice (bridgecentral.com, "Twin Mitchells", MOVEMENTS.md §2 "Others" and §10.3): two
sections play the same boards; table *k* of the second section stands beside table *k* of the
first and the two tables share that table's set in every round, so one dealt copy of the
boards serves both sections.  Each section keeps its own movement (checked by ``checks``) and
its own fields; this module checks the two schedules *together*: MOVEMENTS.md §4 P5 ("a board
is at ≤1 table per round, unless sharing is declared") over both sections, where the declared
sharing is the table map ``second table k ↔ first table k``.

Pure: no Django.  The first section is the one whose boards are shared ("A"), the second is
the one that shares them ("B").
"""

from __future__ import annotations

from collections import defaultdict

from tournament.movements.base import Movement


def table_map(first: Movement, second: Movement) -> dict[int, int]:
    """Second section's table → the first section's table it shares with (table k ↔ k)."""
    return {t: t for t in range(1, min(first.tables, second.tables) + 1)}


def _boards_text(boards: list[int]) -> str:
    boards = sorted(boards)
    if len(boards) > 1 and boards == list(range(boards[0], boards[-1] + 1)):
        return f"boards {boards[0]}–{boards[-1]}"
    return ("boards " if len(boards) > 1 else "board ") + ", ".join(map(str, boards))


def _holders(movement: Movement, rnd_number: int) -> dict[int, list[int]]:
    """Board → tables holding it in one round of one movement."""
    where: dict[int, list[int]] = defaultdict(list)
    if rnd_number > movement.round_count:
        return where
    for st in movement.round(rnd_number).tables:
        for board in movement.boards_for(st):
            where[board].append(st.table)
    return where


def _all_boards(movement: Movement) -> set[int]:
    return {b for rnd in movement.rounds for st in rnd.tables for b in movement.boards_for(st)}


def shape_problems(first: Movement, second: Movement, names: tuple[str, str]) -> list[str]:
    """Why the two movements cannot share one copy of the boards at all (empty if they can)."""
    a, b = names
    out = []
    if first.individual or second.individual:
        out.append("sharing between sections is for pairs movements, not individuals")
    if first.tables != second.tables:
        out.append(
            f"section {b} has {second.tables} tables and section {a} {first.tables}: table k "
            f"of {b} shares with table k of {a}, so both need the same number of tables"
        )
    if first.round_count != second.round_count:
        out.append(
            f"section {b} plays {second.round_count} rounds and section {a} "
            f"{first.round_count}: sharing tables change boards together, so both need the "
            "same number of rounds"
        )
    extra = sorted(_all_boards(second) - _all_boards(first))
    if extra:
        out.append(
            f"section {b} plays {_boards_text(extra)}, which section {a} does not have: "
            "choose the same number of boards per round and rounds in both sections"
        )
    return out


def sharing_problems(first: Movement, second: Movement, names: tuple[str, str] = ("A", "B")):
    """P5 over both sections: every board held by a table of each section in the same round
    must be at two tables that share (second table k ↔ first table k), else one copy of the
    boards cannot serve both.  Returns the problems, one line each (empty: the sharing works).
    """
    out = shape_problems(first, second, names)
    if out:
        return out
    a, b = names
    pairs = table_map(first, second)
    for r in range(1, first.round_count + 1):
        here, there = _holders(first, r), _holders(second, r)
        clashes: dict[tuple[int, int], list[int]] = defaultdict(list)
        for board, tables in there.items():
            for tb in tables:
                for ta in here.get(board, []):
                    if pairs.get(tb) != ta:
                        clashes[(ta, tb)].append(board)
        out += [
            f"P5: round {r}: {_boards_text(boards)} at table {a}{ta} and table {b}{tb} in the "
            f"same round, which do not share ({b}{tb} shares with {a}{pairs.get(tb, '?')})"
            for (ta, tb), boards in sorted(clashes.items())
        ]
    return out


def shared_tables(first: Movement, second: Movement) -> set[tuple[int, int]]:
    """(round, table k) where table k of each section holds the same boards: they share."""
    out, pairs = set(), table_map(first, second)
    for r in range(1, min(first.round_count, second.round_count) + 1):
        here, there = _holders(first, r), _holders(second, r)
        for board, tables in there.items():
            out.update((r, tb) for tb in tables if pairs.get(tb) in here[board])
    return out
