"""Reads of results: the audit trail of a board (every change, who made it and why), and the
deal score of one result on its own — the table's score before saving and on the O.K. screen."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple

from django.core.exceptions import ValidationError
from django.db import connection

from scoring import sql
from scoring.engine.adjustments import AVERAGE_METHODS
from scoring.engine.session import ResultLine, ScoringError, SessionInput, line_score
from scoring.inputs import IN_SECTION, result_line, rounds_by_table
from scoring.models import BoardResult, QueuedWrite, ResultAudit


def averages_only(event) -> bool:
    """Whether the event's method scores an artificial line as the direction averages (whist
    tricks, net plus/minus, total points): then A50/A50 is the only artificial score."""
    return event.scoring_method in AVERAGE_METHODS


def audit_trail(section, board: int):
    """Every change to the results of one board in a section, newest first, with who made it."""
    return ResultAudit.objects.filter(section=section, board_number=board).select_related("user")


@dataclass(frozen=True)
class DealScore:
    """A result's deal score as the players read it: ``result`` ("4SX N +1", "9 tricks",
    "A60/A40", "NP"), each side's score as text (``ns_text`` "−1370", ``ew_text`` "+1370";
    "60 %" for an artificial score, "" for a board not played) and ``score``, the sentence
    ("N-S −1370 · E-W +1370"); ``ns``/``ew`` the values (None: artificial or not played)."""

    result: str
    ns_text: str
    ew_text: str
    score: str
    ns: Fraction | None
    ew: Fraction | None


def _signed(value: Fraction) -> str:
    text = str(abs(value)) if value.denominator == 1 else f"{float(abs(value)):.2f}"
    return "0" if value == 0 else ("+" if value > 0 else "\u2212") + text


def _texts(game: str, scored) -> tuple[str, str, str]:
    """(N-S, E-W, the sentence) of a scored line."""
    if not scored.played:
        return "", "", "Not played"
    adjusted = scored.adjusted
    if adjusted is not None:
        if adjusted.kind == "percent":
            ns, ew = f"{adjusted.ns} %", f"{adjusted.ew} %"
        else:
            ns, ew = f"{_signed(adjusted.ns)} IMPs", f"{_signed(adjusted.ew)} IMPs"
        return ns, ew, f"Artificial score: N-S {ns} · E-W {ew}"
    if game == "whist":
        ns, ew = f"{scored.ns}", f"{scored.ew}"
        return ns, ew, f"N-S {ns} tricks · E-W {ew} tricks"
    ns, ew = _signed(scored.ns), _signed(scored.ew)
    return ns, ew, f"N-S {ns} · E-W {ew}"


def _score(section, line: ResultLine) -> DealScore:
    event = section.session.event
    settings = dict(event.usable_conditions.get("scoring", {}))
    inp = SessionInput(game=event.game, method=event.scoring_method, lines=(line,),
                       settings=settings)  # fmt: skip
    try:
        scored = line_score(inp, line)
    except ScoringError as exc:
        raise ValidationError({exc.field: [exc.message]}) from exc
    ns_text, ew_text, sentence = _texts(event.game, scored)
    return DealScore(scored.display, ns_text, ew_text, sentence, scored.ns, scored.ew)


def deal_score(section, *, board: int, ns: int, ew: int, fields: dict[str, Any]) -> DealScore:
    """The deal score of a result not yet stored (``fields`` as ``ResultEntryForm`` cleans
    them), by the scoring engine with the board's vulnerability and the event's settings.
    An impossible result raises ValidationError naming the field."""
    values = {k: (None if v == "" else v) for k, v in fields.items()}
    return _score(section, ResultLine(board=board, ns=ns, ew=ew, **values))


def stored_scores(section, rows: list[BoardResult], ns: int, ew: int) -> dict[int, DealScore]:
    """Each stored result of one round (pairs ``ns`` v ``ew``) with its deal score, by board
    number (the O.K. screen)."""
    return {row.board_number: _score(section, result_line(row, ns, ew)) for row in rows}


# --- a table's rounds, for its phone page and its offline queue ---------------------------


def table_rounds(section, table: int) -> list[dict]:
    """Each round at ``table``: the pairs and the boards (sit-outs and phantoms left out)."""
    movement = section.get_movement()
    if movement is None:
        return []
    # a copy of the movement's shared answer: the callers' dicts are their own
    return [
        dict(item, boards=list(item["boards"])) for item in rounds_by_table(movement).get(table, ())
    ]


def current_round(rounds: list[dict], results: dict) -> dict | None:
    """The table's current round: the first with a board lacking a confirmed result."""
    for item in rounds:
        for board in item["boards"]:
            row = results.get((item["round"], board))
            if row is None or row.status != BoardResult.Status.CONFIRMED:
                return item
    return None


def table_state(section, table: int):
    """(the table's rounds, its results by (round, board), its current round or None)."""
    rounds = table_rounds(section, table)
    results = {
        (r.round_number, r.board_number): r
        for r in BoardResult.objects.filter(section=section, table_number=table).order_by(
            *IN_SECTION
        )
    }
    return rounds, results, current_round(rounds, results)


class Progress(NamedTuple):
    """What a table's write checks of a stored result: its status and version."""

    status: str
    version: int


_PROGRESS_COLUMNS = ", ".join(
    sql.column(BoardResult, f) for f in ("round_number", "board_number", "status", "version")
)
_PROGRESS = (
    f"SELECT {_PROGRESS_COLUMNS} FROM {sql.table(BoardResult)} "
    f"WHERE {sql.column(BoardResult, 'section')} = %s "
    f"AND {sql.column(BoardResult, 'table_number')} = %s"
)


def table_progress(section, table: int):
    """``table_state`` for a write's checks and the current round: each result read as its
    :class:`Progress` (four columns, no model instances, in a statement written once:
    ``scoring.sql``; a table's POST pays for no more).  One result per (round, board) at a
    table: their order does not matter."""
    rounds = table_rounds(section, table)
    with connection.cursor() as cursor:
        cursor.execute(_PROGRESS, [section.pk, table])
        rows = cursor.fetchall()
    results = {(r, b): Progress(status, version) for r, b, status, version in rows}
    return rounds, results, current_round(rounds, results)


def round_results(section, table: int, round_number: int) -> dict[tuple[int, int], BoardResult]:
    """The results stored in one round at a table, by (round, board): the table page reads
    its current round (``table_progress``) and then only that round's rows, not the table's
    every result of the session."""
    rows = BoardResult.objects.filter(
        section=section, table_number=table, round_number=round_number
    ).order_by()
    return {(r.round_number, r.board_number): r for r in rows}


def queued_write(client_id: str) -> QueuedWrite | None:
    """The answer already given to a phone's queued write (None: not seen yet)."""
    return QueuedWrite.objects.filter(client_id=client_id).first()


def queue_conflicts(section) -> list[QueuedWrite]:
    """Writes from the tables' offline queues that were not applied because they conflict
    with the stored result (the TD decides): shown on the console's during-play grid."""
    return list(
        QueuedWrite.objects.filter(section=section, outcome=QueuedWrite.Outcome.CONFLICT).order_by(
            "table_number", "received"
        )
    )
