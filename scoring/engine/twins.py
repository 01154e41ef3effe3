"""Twin sections scored across both sections (the event's ``twin_scoring`` condition).

Two sections playing one copy of the boards (``tournament.movements.sections``) are one field
per direction when the event says so: each board's N-S results in both sections are compared
together, the top is over all results of the board, and so for E-W (SCORING.md §4, "one top
per board over all the results compared"; §6, a field "across the sections").  The two
sections' inputs are merged into one ``SessionInput`` (the second's entries and tables
renumbered by ``OFFSET`` so they cannot meet the first's), scored once by
``scoring.engine.session``, then split back into one result per section, each with its own
entries, tables and places, the matchpoints and percentages being those of the whole field.
``across`` is the ranking over both sections, each entry with its section's name.

Pure and exact, like the rest of the engine.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scoring.engine.ranking import display, rank
from scoring.engine.results import BoardResult, FieldStandings, SessionResult, Standing
from scoring.engine.session import SessionInput

__all__ = ["OFFSET", "across", "merge", "split"]

#: the second section's entries and tables in the merged input: number + OFFSET, above the
#: highest entry or table number a section allows (9,999: ``tournament.limits``)
OFFSET = 10_000


def merge(first: SessionInput, second: SessionInput) -> SessionInput:
    """One input of both sections: every line of both, the second's entries and tables
    renumbered by ``OFFSET``; a board's expected results are the sum of both sections'."""
    lines = first.lines + tuple(_shift(line, OFFSET) for line in second.lines)
    entries = first.entries + tuple(replace(e, number=e.number + OFFSET) for e in second.entries)
    scheduled = dict(first.boards_scheduled)
    scheduled.update({n + OFFSET: c for n, c in second.boards_scheduled.items()})
    expected = dict(first.results_expected)
    for board, count in second.results_expected.items():
        expected[board] = expected.get(board, 0) + count
    return replace(first, lines=lines, entries=entries, boards_scheduled=scheduled,
                   results_expected=expected, teams=())  # fmt: skip


def _shift(line: Any, by: int) -> Any:
    table = line.table + by if line.table is not None else None
    return replace(line, ns=line.ns + by, ew=line.ew + by, table=table)


def _ours(number: int, which: int) -> bool:
    return (number >= OFFSET) == (which == 1)


def split(result: SessionResult, which: int) -> SessionResult:
    """The part of the merged ``result`` of section ``which`` (0 the first, 1 the second):
    its own lines of each board and its own entries, numbered as in the section, placed
    among themselves (by the matchpoints scored across both sections)."""
    by = OFFSET if which == 1 else 0
    boards = {}
    for number, board in result.boards.items():
        lines = tuple(
            replace(s, line=_shift(s.line, -by)) for s in board.lines if _ours(s.line.ns, which)
        )
        if lines:
            boards[number] = BoardResult(number, lines, board.top)
    fields = tuple(
        FieldStandings(f.name, _placed([s for s in f.standings if _ours(s.entry, which)], by))
        for f in result.fields
    )
    return SessionResult(result.game, result.method, result.top, fields, boards,
                         result.final, {})  # fmt: skip


def _placed(standings: list[Standing], by: int) -> tuple[Standing, ...]:
    """The standings (in the merged field's order) renumbered and placed again among
    themselves: competition places on the displayed score, those yet to play after."""
    played = [s for s in standings if s.boards_played]
    waiting = [s for s in standings if not s.boards_played]
    if not played:
        played, waiting = waiting, []
    labels = rank([s.score for s in played])
    after = len(played) + 1
    labels += [str(after) if len(waiting) == 1 else f"={after}"] * len(waiting)
    return tuple(
        replace(s, rank=label, entry=s.entry - by)
        for s, label in zip(played + waiting, labels, strict=True)
    )


def across(result: SessionResult, names: tuple[str, str]) -> dict[str, Any]:
    """The ranking over both sections as JSON: per field, each entry's place, its section's
    name and its number there, name, score and percentage (rounded to 2 d.p., as
    ``SessionResult.to_json``)."""
    fields = []
    for f in result.fields:
        rows = []
        for s in f.standings:
            which = 1 if s.entry >= OFFSET else 0
            rows.append({
                "rank": s.rank, "section": names[which], "entry": s.entry - OFFSET * which,
                "name": s.name, "score": float(display(s.score)),
                "percent": None if s.percent is None else float(display(s.percent)),
                "boards_played": s.boards_played,
            })  # fmt: skip
        fields.append({"name": f.name, "standings": rows})
    return {"sections": list(names), "top": result.top, "fields": fields}
