"""Which movements suit the room: what a TD asks at 7:25 pm with 13 pairs.

Every option is built with :func:`tournament.movements.build`, so it has passed the checks
and carries its balance.  Ranking: closest to the target number of boards per pair, then
complete movements, then one field before two, then the usual families before the special
ones (``SPECIAL``: the appendix Mitchell shares boards at many tables, which slows play [15];
the endless Howell trades balance for needing no guide card [22]; the web Mitchell needs two
copies of every board [16]; the Howell-Mitchell shares every board of its Howell tables), then
higher uniformity U
(MOVEMENTS.md §5).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .appendix import bases_for
from .base import MovementError, check_size
from .rover import MAX_ROVER_TABLES

MINUTES_PER_BOARD = 7  # a club's usual pace, changeover included per round below
CHANGEOVER = 1
DEFAULT_TARGET = 24
#: Larger Howells take too many rounds for one session (a complete Howell plays 2T-1 rounds);
#: the recommendation offers Mitchells beyond these sizes.
HOWELL_MAX_TABLES, THREE_QUARTER_MAX_TABLES = 16, 24
SPECIAL = ("appendix-mitchell", "endless-howell", "web-mitchell", "howell-mitchell")


@dataclass(frozen=True)
class Option:
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    total_boards: int  # boards in play
    boards_played: int  # by each pair
    sit_out: bool
    fields: int
    complete: bool
    balance: float
    minutes: int

    def as_dict(self) -> dict:
        return asdict(self)


def _shapes(tables: int, pairs: int) -> list[tuple[str, int | None]]:
    """(kind, rounds) that exist for this many tables (rounds None = the family's default);
    an odd number of pairs also fits a rover Mitchell of one table fewer."""
    shapes: list[tuple[str, int | None]] = []
    if pairs % 2 and 3 <= tables - 1 <= MAX_ROVER_TABLES:
        shapes.append(("rover-mitchell", None))
    if tables % 2 and tables >= 3:
        shapes += [("mitchell", None), ("arrow-switch", None)]
    if tables % 2 == 0 and tables >= 4:
        shapes += [("skip-mitchell", None), ("relay-bye", None), ("arrow-switch", None)]
    if bases_for(tables):  # a 5, 7, 11, 13 … table base with 1 to that many appendix tables
        shapes.append(("appendix-mitchell", None))
    if tables % 2 == 0 and tables >= 6:  # two copies of the boards, 13 sets at most [16]
        shapes.append(("web-mitchell", None))
    if tables % 3 == 2 and tables >= 8:  # a Mitchell of (2T-1)/3 tables and a Howell
        shapes.append(("howell-mitchell", None))
    if 2 <= tables <= HOWELL_MAX_TABLES:
        shapes.append(("howell", None))
    if 3 <= tables <= HOWELL_MAX_TABLES:
        shapes.append(("endless-howell", None))
    if 4 <= tables <= THREE_QUARTER_MAX_TABLES:
        shapes.append(("three-quarter-howell", (3 * (2 * tables - 1) + 3) // 4))
    return shapes


def recommend(
    pairs: int,
    minutes: int | None = None,
    target_boards: int | None = None,
    boards_per_round: int | None = None,
    minutes_per_board: float = MINUTES_PER_BOARD,
    limit: int = 10,
) -> list[Option]:
    """Suitable movements for ``pairs`` pairs, best first."""
    from . import (
        build,
    )  # the package entry point (imported late: it imports this module's siblings)

    if pairs < 3:
        raise MovementError(f"{pairs} pairs are too few for a movement; at least 3 are needed")
    tables = (pairs + 1) // 2
    check_size(tables=tables, boards_per_round=boards_per_round)
    if target_boards is None:
        target_boards = int(minutes // minutes_per_board) if minutes else DEFAULT_TARGET
    sizes = [boards_per_round] if boards_per_round else range(1, 6)
    options = []
    for kind, rounds in _shapes(tables, pairs):
        for b in sizes:
            try:
                m = build(kind, pairs=pairs, rounds=rounds, boards_per_round=b)
            except MovementError:
                continue
            played = m.round_count * b
            needed = round(m.round_count * (b * minutes_per_board + CHANGEOVER))
            if minutes is not None and needed > minutes:
                continue
            complete = m.meet in ("exactly_once", "cross_lines_once")
            options.append(
                Option(kind, m.tables, m.round_count, b, m.total_boards, played,
                       m.phantom is not None or any(r.sit_out for r in m.rounds), m.fields,
                       complete, m.balance["U"], needed)
            )  # fmt: skip
    options.sort(
        key=lambda o: (abs(o.boards_played - target_boards) // 3, not o.complete, o.fields,
                       o.kind in SPECIAL, -o.balance)
    )  # fmt: skip
    return options[:limit]


def describe(options: list[Option]) -> str:
    """The recommendation as a small Markdown table."""
    lines = [
        "| movement | tables | rounds | boards/round | boards played | sit-out | fields | U | minutes |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for o in options:
        lines.append(
            f"| {o.kind} | {o.tables} | {o.rounds} | {o.boards_per_round} | {o.boards_played} "
            f"| {'yes' if o.sit_out else 'no'} | {o.fields} | {o.balance:.2f} | {o.minutes} |"
        )
    return "\n".join(lines)
