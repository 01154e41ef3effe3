"""Writes of results: entry, correction, deletion and confirmation.

Every write is one transaction and is checked three ways before anything is
saved: the pair plays that board in that round (the movement), the result is a
possible one (the scoring engine's ``validate_line``), and no other result for
either pair on that board exists (the database constraint).  A second, different
result for the same pair and board is a *conflict* for the TD; the same result
sent twice (a double tap, a retried request) is accepted once.  Every change
leaves a ``ResultAudit`` row; standings are recomputed after every change.

Confirmed means locked: every result row has a ``version``, raised by each change and by
the opponents' O.K.  A write from a page (a table's phone, the console) passes the version
the page showed (``based_on``); it is compared with the row *under the row lock*, so a page
loaded before another change or an O.K. is refused (:class:`StaleResult`) instead of
overwriting it.  A table can never change a confirmed result (``at_table``); only the TD's
correction, with a reason, can.
"""

from __future__ import annotations

import functools
from typing import Any

from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.utils import timezone

from scoring import sql
from scoring.engine.adjustments import check_adjusted_for_method
from scoring.engine.session import ScoringError, validate_line
from scoring.engine.team_match import TEAM_METHODS, TEAM_MOVEMENTS, team_movement_hint
from scoring.inputs import IN_SECTION, result_line, scheduled_plays
from scoring.models import BoardResult, ResultAudit
from scoring.standings.services import queue_refresh, refresh_standings
from tournament.models import Entry, Section, Session

TEXT_FIELDS = {"contract", "declarer", "lead", "adjusted", "fouled_group", "weighted"}


DEFAULTS: dict[str, Any] = {
    "contract": "",
    "declarer": "",
    "tricks": None,
    "lead": "",
    "honours_ns": 0,
    "honours_ew": 0,
    "revokes_ns": 0,
    "revokes_ew": 0,
    "before_revoke_ns": None,
    "before_revoke_ew": None,
    "tricks_ns": None,
    "score_ns": None,
    "adjusted": "",
    "not_played": False,
    "fouled_group": "",
    "weighted": "",
}
#: Set by rulings only (``scoring.rulings``) and kept when the result itself is corrected:
#: Law 4d penalty points and the committee's Law 7 adjustment.
RULING_POINTS: dict[str, int] = {"penalty_ns": 0, "penalty_ew": 0, "committee_ns": 0}


class ResultConflict(ValidationError):
    """A different result for the same pair and board already exists."""

    def __init__(self, existing: BoardResult, message: str):
        super().__init__({"board_number": message})
        self.existing = existing


STALE = "was changed or confirmed since you loaded the page — reload the page and check it again"


class StaleResult(ValidationError):
    """The page the write came from showed an older version of the result: nothing is saved."""

    def __init__(self, message: str, field: str = "__all__"):
        super().__init__({field: message})


def _check_version(row: BoardResult, based_on: int | None) -> None:
    """Refuse a write based on an older version of ``row`` (the row is locked)."""
    if based_on is not None and based_on != row.version:
        raise StaleResult(f"Board {row.board_number} {STALE}.", field="board_number")


def normalise(fields: dict[str, Any]) -> dict[str, Any]:
    """The result fields in stored form: known keys only, blanks as the model stores them."""
    unknown = set(fields) - set(DEFAULTS) - set(RULING_POINTS)
    if unknown:
        raise ValidationError({sorted(unknown)[0]: "Unknown result field."})
    out = dict(DEFAULTS)
    for key, value in fields.items():
        if key in RULING_POINTS:
            out[key] = RULING_POINTS[key] if value in ("", None) else value
        elif key in TEXT_FIELDS:
            out[key] = (value or "").strip().upper() if key != "fouled_group" else (value or "")
        else:
            out[key] = DEFAULTS[key] if value in ("", None) else value
    if out["contract"] in {"P", "PASSED", "AP"}:
        out["contract"] = "PASS"
    return out


def snapshot(row: BoardResult) -> dict[str, Any]:
    data = {key: getattr(row, key) for key in DEFAULTS}
    data.update({key: getattr(row, key) for key in RULING_POINTS if getattr(row, key)})
    data.update(
        board=row.board_number,
        ns=row.ns_entry.number,
        ew=row.ew_entry.number,
        round=row.round_number,
        table=row.table_number,
        status=row.status,
    )
    return data


def _entries(section: Section, ns: Any, ew: Any) -> tuple[Entry, Entry]:
    """The N-S and E-W entries by number, in one query; a missing one refused at its field."""
    numbers = {}
    low, high = connection.ops.integer_field_range(
        Entry._meta.get_field("number").get_internal_type()
    )
    for field, number in (("ns", ns), ("ew", ew)):
        try:
            numbers[field] = int(number)
        except (TypeError, ValueError):
            raise _no_entry(section, number, field) from None
        if not low <= numbers[field] <= high:  # in no row: not sent to the database
            raise _no_entry(section, number, field)
    part, wanted = _entry_columns(), sorted(set(numbers.values()))
    where = (
        f"e.{sql.column(Entry, 'section')} = %s AND e.{sql.column(Entry, 'number')} "
        f"IN ({', '.join(['%s'] * len(wanted))})"
    )
    found = {e.number: e for e in sql.select(part, where, [section.pk, *wanted])}
    for field, number in (("ns", ns), ("ew", ew)):
        if numbers[field] not in found:
            raise _no_entry(section, number, field)
    return found[numbers["ns"]], found[numbers["ew"]]


@functools.cache
def _entry_columns() -> sql.Columns:
    """An entry's row, read by hand in every table's write (``_entries``; ``scoring.sql``)."""
    return sql.Columns(Entry, "e")


@functools.cache
def _session_columns() -> sql.Columns:
    """The session's row, locked by hand in every table's write (``_locked_session``)."""
    return sql.Columns(Session, "se")


def _no_entry(section: Section, number: Any, field: str) -> ValidationError:
    return ValidationError({field: f"There is no entry {number} in section {section.name}."})


def check_scheduled(section: Section, board: int, ns: int, ew: int, round_number: int | None):
    """Return (round, table) where the movement has ``ns`` v ``ew`` on ``board``, or refuse."""
    movement = section.get_movement()
    if movement is None:
        return round_number, None
    plays = scheduled_plays(movement).get(board)
    if not plays:
        raise ValidationError({"board_number": f"Board {board} is not played in this movement."})
    for play in plays:
        if play.ns == ns and play.ew == ew and round_number in (None, play.round):
            return play.round, play.table
    mine = [p for p in plays if ns in (p.ns, p.ew) or ew in (p.ns, p.ew)]
    if round_number is not None and not any(p.round == round_number for p in mine):
        raise ValidationError(
            {
                "board_number": f"N-S {ns} v E-W {ew} do not play board {board} in round {round_number}."
            }
        )
    raise ValidationError(
        {"ew": f"N-S {ns} v E-W {ew} is not a table that plays board {board} in this movement."}
    )


def _validate(session: Session, line) -> None:
    try:
        validate_line(session.event.game, line)
        if line.adjusted is not None:
            check_adjusted_for_method(session.event.scoring_method, line.adjusted)
    except ScoringError as exc:
        field = {"board": "board_number", "ns": "ns", "ew": "ew"}.get(exc.field, exc.field)
        raise ValidationError({field: exc.message}) from None


def _check_team_movement(session: Session, section: Section) -> None:
    """A team match (whist, or teams of four at IMPs) is scored by its teams, which the team
    movement seats: refuse a result before that movement is chosen (nothing is saved)."""
    if session.event.scoring_method not in TEAM_METHODS:
        return
    if section.movement_kind not in TEAM_MOVEMENTS.get(session.event.scoring_method, ("team",)):
        what = {"imps_teams": "an IMP team match"}.get(
            session.event.scoring_method, "a whist team match"
        )
        raise ValidationError(
            {
                "__all__": f"Section {section.name} is {what}: choose "
                f"{team_movement_hint(session.event.scoring_method)} before entering results, "
                "so each pair's team is known."
            }
        )


def _writable(session: Session, user) -> None:
    if session.status == Session.Status.FINAL:
        raise ValidationError(
            {"__all__": "This session is final; its results can no longer change."}
        )
    if session.status == Session.Status.DRAFT:
        raise ValidationError({"__all__": "Start the session before entering results."})


def record_result(section: Section, **kwargs) -> BoardResult:
    """Store a new result (see :func:`_record_result`), then bring the standings up to date."""
    row = _record_result(section, **kwargs)
    refresh_standings(section.session_id)
    return row


@transaction.atomic
def record_results(section: Section, plays: list[dict[str, Any]], **kwargs) -> list[BoardResult]:
    """Store several new results in one transaction (each ``plays`` item: the keyword
    arguments of :func:`_record_result` that differ; ``kwargs`` those they share), then bring
    the standings up to date once. Any refusal leaves none of them stored."""
    rows = [_record_result(section, **play, **kwargs) for play in plays]
    refresh_standings(section.session_id)
    return rows


def _record_result(section: Section, **kwargs) -> BoardResult:
    """:func:`_record_in` in a transaction of its own, or a savepoint of the caller's: a
    refusal leaves the caller's transaction as it was."""
    with transaction.atomic():
        return _record_in(section, **kwargs)


def _record_in(
    section: Section,
    *,
    board_number: int,
    ns: int,
    ew: int,
    round_number: int | None = None,
    fields: dict[str, Any],
    user=None,
    actor: str = "",
    via: str = "td",
    based_on: int | None = None,
    reported_by: str | None = None,
) -> BoardResult:
    """Store a new result; idempotent for an identical resend; conflict for a different one.
    Inside the caller's transaction, with no savepoint of its own: a refusal spoils it (see
    :func:`_record_result`).

    ``based_on=0`` says the page showed no result yet: a different result stored since is
    refused as a stale page (:class:`StaleResult`) rather than reported as a conflict.
    ``reported_by="EW"``: this is E-W's own entry; when the event's ``differing_entries`` is
    ``"ew"`` it is taken as correct over a different stored entry of the same table (each side
    keeps its own score; N-S did not compare [000 L731]), with an audit record.
    """
    session = _locked_session(section.session_id, section)
    _writable(session, user)
    _check_team_movement(session, section)
    ns_entry, ew_entry = _entries(section, ns, ew)
    data = normalise(fields)
    round_number, table = check_scheduled(
        section, board_number, ns_entry.number, ew_entry.number, round_number
    )
    _validate(
        session,
        result_line(_unsaved(section, board_number, ns_entry, ew_entry, round_number, table, data)),
    )
    existing = _existing(section, board_number, ns_entry, ew_entry)
    if existing is not None:
        if _ew_taken(session, existing, data, ns_entry, ew_entry, reported_by):
            return _take_ew(session, existing, data, user, actor)
        return _same_or_conflict(existing, data, ns_entry, ew_entry, based_on)
    row = _unsaved(section, board_number, ns_entry, ew_entry, round_number, table, data)
    row.entered_by = user if user is not None and user.is_authenticated else None
    row.entered_via = via
    # No savepoint for a unique-constraint race: every result write holds the session's row
    # lock (``_locked_session``; on SQLite the write transaction itself, begun IMMEDIATE), so
    # ``_existing``, read under it, already saw any other result of either pair.
    row.save()
    ResultAudit.objects.create(
        section=section, result=row, board_number=board_number, action="create",
        new=snapshot(row), user=row.entered_by, actor=actor,
    )  # fmt: skip
    _bump(session)
    return row


EW_TAKEN = "E-W's score taken as correct: N-S did not compare (each side keeps its own score)"


def _ew_taken(session, existing, data, ns_entry, ew_entry, reported_by) -> bool:
    """E-W's entry replaces a different one of the same table [000 L731] (the condition)."""
    return (
        reported_by == "EW"
        and session.event.condition("differing_entries", "director") == "ew"
        and existing.ns_entry_id == ns_entry.pk
        and existing.ew_entry_id == ew_entry.pk
        and any(getattr(existing, k) != v for k, v in data.items())
    )


def _take_ew(session, row: BoardResult, data: dict, user, actor: str) -> BoardResult:
    """Write E-W's entry over the stored one, with the audit trail (``EW_TAKEN``)."""
    old = snapshot(row)
    for key, value in data.items():
        setattr(row, key, value)
    row.version += 1
    row.save()
    ResultAudit.objects.create(
        section=row.section, result=row, board_number=row.board_number, action="correct",
        old=old, new=snapshot(row), reason=f"{EW_TAKEN} [000 L731]",
        user=user if user is not None and user.is_authenticated else None, actor=actor,
    )  # fmt: skip
    _bump(session)
    return row


def _unsaved(section, board, ns_entry, ew_entry, round_number, table, data) -> BoardResult:
    return BoardResult(
        section=section, board_number=board, ns_entry=ns_entry, ew_entry=ew_entry,
        round_number=round_number, table_number=table, **data,
    )  # fmt: skip


_EXISTING_BASE = (
    f"SELECT {sql.column(BoardResult, 'table_number')}, {sql.column(BoardResult, 'id')}, "
    f"{sql.column(BoardResult, 'ns_entry')} FROM {sql.table(BoardResult)} "
    f"WHERE {sql.column(BoardResult, 'section')} = %s "
    f"AND {sql.column(BoardResult, 'board_number')} = %s"
)
#: the existing-result check of every write, written once rather than compiled by the ORM
#: at every result (``_existing``): either pair in either seat, or (a mnemonic movement)
#: either pair in its own seat
_EXISTING = (
    f"{_EXISTING_BASE} AND ({sql.column(BoardResult, 'ns_entry')} IN (%s, %s) "
    f"OR {sql.column(BoardResult, 'ew_entry')} IN (%s, %s)){sql.FOR_UPDATE}"
)
_EXISTING_MNEMONIC = (
    f"{_EXISTING_BASE} AND ({sql.column(BoardResult, 'ns_entry')} = %s "
    f"OR {sql.column(BoardResult, 'ew_entry')} = %s){sql.FOR_UPDATE}"
)


def _existing(section, board, ns_entry, ew_entry) -> BoardResult | None:
    """The stored result of ``board`` for either pair, locked: one with either pair N-S
    first, else one with either pair E-W (a mnemonic movement: either pair in its own seat,
    each pair plays each deal once each way); the first in the section's order
    (``IN_SECTION``) where several qualify.  A new result (the usual write) costs one
    narrow query; the chosen row, when there is one, is read whole by a second."""
    pairs = [ns_entry.pk, ew_entry.pk]
    mnemonic = section.movement_kind == "mnemonic"
    with connection.cursor() as cursor:
        if mnemonic:
            cursor.execute(_EXISTING_MNEMONIC, [section.pk, board, *pairs])
        else:
            cursor.execute(_EXISTING, [section.pk, board, *pairs, *pairs])
        found = sorted(  # the section's order within one board: by table (none last), then pk
            (table is None, table or 0, pk, ns) for table, pk, ns in cursor.fetchall()
        )
    if not found:
        return None
    chosen = found[0][2]
    if not mnemonic:
        chosen = next((pk for _, _, pk, ns in found if ns in pairs), chosen)
    row = BoardResult.objects.get(pk=chosen)
    # the entries in hand are attached rather than joined (another pair of the row, which
    # only a conflict's message names, is read then)
    row.section = section
    known = {ns_entry.pk: ns_entry, ew_entry.pk: ew_entry}
    for side in ("ns_entry", "ew_entry"):
        if getattr(row, side + "_id") in known:
            setattr(row, side, known[getattr(row, side + "_id")])
    return row


def _locked_session(pk: int, section: Section | None = None) -> Session:
    """The session row, locked for the write, with its event (not locked): the event the
    caller's ``section`` was read with (a table's token reads section, session and event in
    one query), else read in the same query as the lock."""
    known = section.session if section is not None and Section.session.is_cached(section) else None
    if known is not None and Session.event.is_cached(known):
        where = f"se.{sql.pk(Session)} = %s"
        (session,) = sql.select(_session_columns(), where, [pk], sql.FOR_UPDATE)
        session.event = known.event
        return session
    return Session.objects.select_for_update(of=("self",)).select_related("event").get(pk=pk)


def _same_or_conflict(
    existing: BoardResult, data: dict, ns_entry: Entry, ew_entry: Entry, based_on=None
) -> BoardResult:
    same_pairs = existing.ns_entry_id == ns_entry.pk and existing.ew_entry_id == ew_entry.pk
    if same_pairs and all(getattr(existing, k) == v for k, v in data.items()):
        return existing
    if based_on is not None and same_pairs:
        _check_version(existing, based_on)
    shown = describe(existing)
    raise ResultConflict(
        existing,
        f"Board {existing.board_number} already has {shown} for N-S {existing.ns_entry.number} "
        f"v E-W {existing.ew_entry.number}; the director must decide which is right.",
    )


def describe(row: BoardResult) -> str:
    if row.not_played:
        return "not played"
    if row.adjusted:
        return f"an adjusted score {row.adjusted}"
    if row.weighted:
        return f"a weighted score {row.weighted}"
    if row.score_ns is not None:
        return f"a score of {row.score_ns}"
    if row.tricks_ns is not None:
        return f"{row.tricks_ns} tricks to N-S"
    return str(result_line(row).contract or "") + (
        f" by {row.declarer}, {row.tricks} tricks" if row.declarer else ""
    )


def correct_result(row: BoardResult, **kwargs) -> BoardResult:
    """Change a result (see :func:`_correct_result`); the standings follow."""
    row = _correct_result(row, **kwargs)
    refresh_standings(row.section.session_id)
    return row


def _correct_result(row: BoardResult, **kwargs) -> BoardResult:
    """:func:`_correct_in` in a transaction of its own, or a savepoint of the caller's."""
    with transaction.atomic():
        return _correct_in(row, **kwargs)


def _correct_in(
    row: BoardResult,
    *,
    fields: dict[str, Any],
    user,
    reason: str,
    based_on: int | None = None,
    at_table: bool = False,
    actor: str = "",
) -> BoardResult:
    """Change a result.  Decided under the row lock: a page's write based on an older
    version is refused (``based_on``); a table (``at_table``) cannot change a confirmed
    result at all; the TD can, with a reason.  Every change is audited.  Inside the
    caller's transaction, as :func:`_record_in`."""
    session = _locked_session(row.section.session_id)
    _writable(session, user)
    row = (
        BoardResult.objects.select_for_update()
        .select_related("ns_entry", "ew_entry")
        .filter(pk=row.pk)
        .order_by()
        .first()
    )
    if row is None:
        raise StaleResult("This result was removed since you loaded the page — reload it.")
    if at_table and row.status == BoardResult.Status.CONFIRMED:
        raise ValidationError(
            {"board_number": f"The opponents have confirmed board {row.board_number}; "
                             "only the director can change it."}
        )  # fmt: skip
    _check_version(row, based_on)
    reason = (reason or "").strip()
    if row.status == BoardResult.Status.CONFIRMED and not reason:
        raise ValidationError(
            {"reason": "This result was confirmed by both pairs: give the reason for the change."}
        )
    old = snapshot(row)
    data = normalise(fields)
    for key, value in data.items():
        setattr(row, key, value)
    _validate(session, result_line(row))
    row.version += 1
    row.save()
    ResultAudit.objects.create(
        section=row.section, result=row, board_number=row.board_number, action="correct",
        old=old, new=snapshot(row), reason=reason, user=user, actor=actor,
    )  # fmt: skip
    _bump(session)
    return row


def delete_result(row: BoardResult, *, user, reason: str) -> None:
    """Remove a result, with the reason kept (see :func:`_delete_result`)."""
    session_id = row.section.session_id
    _delete_result(row, user=user, reason=reason)
    refresh_standings(session_id)


@transaction.atomic
def _delete_result(row: BoardResult, *, user, reason: str) -> None:
    session = _locked_session(row.section.session_id)
    _writable(session, user)
    if not (reason or "").strip():
        raise ValidationError({"reason": "Give the reason for removing this result."})
    ResultAudit.objects.create(
        section=row.section, result=None, board_number=row.board_number, action="delete",
        old=snapshot(row), reason=reason.strip(), user=user,
    )  # fmt: skip
    row.delete()
    _bump(session)


@transaction.atomic
def confirm(
    section: Section,
    *,
    table_number: int,
    round_number: int,
    user=None,
    actor: str = "",
    versions: dict[int, int] | None = None,
) -> int:
    """The opponents' O.K. [002 L3360–3362]: lock a table's results of a round.

    Like every other result write it first locks the session row, so all writes in a
    session take their locks in the same order (session, then results) and cannot deadlock.
    ``versions`` (board → version) are the results the opponents saw: if any result of the
    round differs from them (changed, added or removed since the page was loaded), nothing
    is confirmed (:class:`StaleResult`).  The O.K. raises each row's version, so a page
    loaded before it cannot change the result afterwards.
    """
    session = _locked_session(section.session_id)
    _writable(session, user)
    rows = list(
        BoardResult.objects.select_for_update().filter(
            section=section, table_number=table_number, round_number=round_number,
        ).order_by(*IN_SECTION)
    )  # fmt: skip
    if versions is not None:
        stored = {row.board_number: row.version for row in rows}
        changed = sorted(b for b in set(stored) | set(versions) if stored.get(b) != versions.get(b))
        if changed:
            boards = ", ".join(str(b) for b in changed)
            stale = STALE if len(changed) == 1 else "were" + STALE.removeprefix("was")
            raise StaleResult(
                f"Board{'s' if len(changed) > 1 else ''} {boards} {stale} before confirming: "
                "nothing was confirmed."
            )
    rows = [row for row in rows if row.status == BoardResult.Status.ENTERED]
    now = timezone.now()
    for row in rows:
        row.status, row.confirmed_at = BoardResult.Status.CONFIRMED, now
        row.version += 1
        row.save(update_fields=["status", "confirmed_at", "version", "updated"])
        ResultAudit.objects.create(
            section=section, result=row, board_number=row.board_number, action="confirm",
            user=user if user is not None and user.is_authenticated else None, actor=actor,
        )  # fmt: skip
    return len(rows)


_VERSION = sql.column(Session, "results_version")
_BUMP = (
    f"UPDATE {sql.table(Session)} SET {_VERSION} = {_VERSION} + 1 "
    f"WHERE {sql.column(Session, 'id')} = %s"
)


def _bump(session: Session) -> None:
    """Inside a result write (the session row is locked): one more version of the results.
    The statement is written once (``_BUMP``), not compiled by the ORM at every result."""
    with connection.cursor() as cursor:
        cursor.execute(_BUMP, [session.pk])


def store_at_table(
    section: Section, table_number: int, current: dict, *, board: int, based_on: int,
    fields: dict[str, Any],
) -> BoardResult:  # fmt: skip
    """A table's write of a board of its current round (``current``: the round, its pairs and
    boards, from ``selectors.table_state``): a new result when the page showed none
    (``based_on`` 0), else a change of the stored one based on the version the page showed;
    both decided under the row lock.  A confirmed result is never changed here.  The table
    does not wait for the standings: they follow on the task queue
    (``scoring.standings.services.queue_refresh``, in the write's transaction)."""
    actor = f"table {table_number}"
    # one transaction and no savepoints (each a round trip on PostgreSQL): a refusal
    # propagates out of it and rolls back the whole write
    with transaction.atomic():
        if based_on == 0:
            row = _record_in(
                section, board_number=board, ns=current["ns"], ew=current["ew"],
                round_number=current["round"], fields=fields, actor=actor, via="table",
                based_on=0,
            )  # fmt: skip
        else:
            existing = BoardResult.objects.filter(
                section=section, table_number=table_number, round_number=current["round"],
                board_number=board,
            ).order_by(*IN_SECTION).first()  # fmt: skip
            if existing is None:
                raise StaleResult(f"Board {board} {STALE}.", field="board_number")
            row = _correct_in(
                existing, fields=fields, user=None, based_on=based_on, at_table=True,
                reason=f"changed at {actor} before the opponents' O.K.", actor=actor,
            )  # fmt: skip
        queued = queue_refresh(section.session_id)
    if not queued:
        refresh_standings(section.session_id)
    return row
