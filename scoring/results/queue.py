"""Writes from a table's offline queue: each result or O.K. the phone kept while the club's
Wi-Fi was down, sent later in order under the phone's ``client_id``.

Each write is stored once: its answer is kept in a :class:`~scoring.models.QueuedWrite` row
(unique ``client_id``) in the same transaction as the write itself, so a retry, a duplicate
replay of the queue or two sends racing each other store it once and get the first answer
again.  The conflict rules are the services' own (``store_at_table``, ``confirm``): a
confirmed result is never overwritten from a table, and a write based on a version the
server no longer has is refused; such a write is answered *conflict* with the current
result, kept for the TD, and nothing is applied.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from scoring.models import BoardResult, QueuedWrite
from scoring.results import selectors
from scoring.results.services import (
    ResultConflict,
    StaleResult,
    confirm,
    describe,
    store_at_table,
)


def _text(section, row: BoardResult) -> str:
    try:
        score = selectors.stored_scores(section, [row], row.ns_entry.number, row.ew_entry.number)[
            row.board_number
        ]
    except ValidationError:
        return describe(row)
    return score.result + (f" ({score.score})" if score.score else "")


def current_result(section, *, board: int, ns: int, ew: int) -> dict | None:
    """The stored result of ``board`` for the pairs, as the phone and the TD read it."""
    row = (
        BoardResult.objects.filter(
            section=section, board_number=board, ns_entry__number=ns, ew_entry__number=ew
        )
        .select_related("ns_entry", "ew_entry")
        .first()
    )
    if row is None:
        return None
    return {"text": _text(section, row), "status": row.status, "version": row.version}


def _keep(section, table: int, client_id: str, **values) -> tuple[QueuedWrite, bool]:
    """Record the answer (a second writer of the same client id gets the first answer)."""
    try:
        with transaction.atomic():
            row = QueuedWrite.objects.create(
                section=section, table_number=table, client_id=client_id, **values
            )
        return row, False
    except IntegrityError:
        return QueuedWrite.objects.get(client_id=client_id), True


def refuse(section, table: int, client_id: str, *, kind: str, round_number, board, messages,
           entered_at: datetime | None) -> tuple[QueuedWrite, bool]:  # fmt: skip
    """A queued write the table's checks refused (field → messages): kept as invalid."""
    return _keep(section, table, client_id, kind=kind, round_number=round_number,
                 board_number=board, outcome=QueuedWrite.Outcome.INVALID,
                 answer={"errors": messages}, entered_at=entered_at)  # fmt: skip


def conflict(section, table: int, client_id: str, *, kind: str, round_number, board, message,
             current: dict | None, entered_at) -> tuple[QueuedWrite, bool]:  # fmt: skip
    """A queued write that would overwrite another result: kept as a conflict for the TD."""
    answer: dict[str, Any] = {"message": message, "current": current}
    return _keep(section, table, client_id, kind=kind, round_number=round_number,
                 board_number=board, outcome=QueuedWrite.Outcome.CONFLICT, answer=answer,
                 entered_at=entered_at)  # fmt: skip


def store_result(section, table: int, current: dict, *, client_id: str, board: int,
                 based_on: int, fields: dict[str, Any], entered_at: datetime | None
                 ) -> tuple[QueuedWrite, bool]:  # fmt: skip
    """A queued result of the table's current round, stored once: (its answer, duplicate)."""
    place = {"kind": "result", "round_number": current["round"], "board": board}
    try:
        with transaction.atomic():
            row = store_at_table(section, table, current, board=board, based_on=based_on,
                                 fields=fields)  # fmt: skip
            row = BoardResult.objects.select_related("ns_entry", "ew_entry").get(pk=row.pk)
            kept = QueuedWrite.objects.create(
                section=section, table_number=table, client_id=client_id, kind="result",
                round_number=current["round"], board_number=board,
                outcome=QueuedWrite.Outcome.STORED, version=row.version,
                answer={"current": {"text": _text(section, row), "status": row.status,
                                    "version": row.version}},
                entered_at=entered_at,
            )  # fmt: skip
        return kept, False
    except IntegrityError:
        kept = selectors.queued_write(client_id)
        if kept is None:
            raise
        return kept, True
    except (ResultConflict, StaleResult) as exc:
        message = " ".join(m for ms in exc.message_dict.values() for m in ms)
        now = current_result(section, board=board, ns=current["ns"], ew=current["ew"])
        return conflict(section, table, client_id, message=message, current=now,
                        entered_at=entered_at, **place)  # fmt: skip
    except ValidationError as exc:
        return refuse(section, table, client_id, messages=exc.message_dict,
                      entered_at=entered_at, **place)  # fmt: skip


def confirm_round(section, table: int, *, client_id: str, round_number: int,
                  versions: dict[int, int | str], entered_at: datetime | None
                  ) -> tuple[QueuedWrite, bool]:  # fmt: skip
    """The opponents' queued O.K. of a round.  Each board's version is the one the phone
    showed, or the client id of the queued result it showed (the version that write stored).
    A result that was not stored as the phone showed it makes the O.K. a conflict."""
    place = {"kind": "confirm", "round_number": round_number, "board": None}
    seen: dict[int, int] = {}
    for board, version in versions.items():
        if isinstance(version, str):
            write = selectors.queued_write(version)
            if write is None or write.outcome != QueuedWrite.Outcome.STORED:
                message = (f"Board {board}'s result was not stored as entered on this phone: "
                           "nothing was confirmed.")  # fmt: skip
                return conflict(section, table, client_id, message=message, current=None,
                                entered_at=entered_at, **place)  # fmt: skip
            version = write.version
        seen[board] = version
    try:
        with transaction.atomic():
            confirm(section, table_number=table, round_number=round_number,
                    actor=f"table {table}", versions=seen)  # fmt: skip
            kept = QueuedWrite.objects.create(
                section=section, table_number=table, client_id=client_id, kind="confirm",
                round_number=round_number, outcome=QueuedWrite.Outcome.STORED, answer={},
                entered_at=entered_at,
            )  # fmt: skip
        return kept, False
    except IntegrityError:
        kept = selectors.queued_write(client_id)
        if kept is None:
            raise
        return kept, True
    except ValidationError as exc:
        message = " ".join(m for ms in exc.message_dict.values() for m in ms)
        return conflict(section, table, client_id, message=message, current=None,
                        entered_at=entered_at, **place)  # fmt: skip
