"""Writes of results: entry, correction, deletion and confirmation.

Every write is one transaction and is checked three ways before anything is
saved: the pair plays that board in that round (the movement), the result is a
possible one (the scoring engine's ``validate_line``), and no other result for
either pair on that board exists (the database constraint).  A second, different
result for the same pair and board is a *conflict* for the TD; the same result
sent twice (a double tap, a retried request) is accepted once.  Every change
leaves a ``ResultAudit`` row; standings are recomputed after every change.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from scoring.engine.session import ScoringError, validate_line
from scoring.engine.team_match import TEAM_METHODS
from scoring.inputs import result_line, scheduled_plays
from scoring.models import BoardResult, ResultAudit
from scoring.standings.services import refresh_standings
from tournament.models import Entry, Section, Session

TEXT_FIELDS = {"contract", "declarer", "lead", "adjusted", "fouled_group"}


DEFAULTS: dict[str, Any] = {
    "contract": "",
    "declarer": "",
    "tricks": None,
    "lead": "",
    "honours_ns": 0,
    "honours_ew": 0,
    "revokes_ns": 0,
    "revokes_ew": 0,
    "tricks_ns": None,
    "score_ns": None,
    "adjusted": "",
    "not_played": False,
    "fouled_group": "",
}


class ResultConflict(ValidationError):
    """A different result for the same pair and board already exists."""

    def __init__(self, existing: BoardResult, message: str):
        super().__init__({"board_number": message})
        self.existing = existing


def normalise(fields: dict[str, Any]) -> dict[str, Any]:
    """The result fields in stored form: known keys only, blanks as the model stores them."""
    unknown = set(fields) - set(DEFAULTS)
    if unknown:
        raise ValidationError({sorted(unknown)[0]: "Unknown result field."})
    out = dict(DEFAULTS)
    for key, value in fields.items():
        if key in TEXT_FIELDS:
            out[key] = (value or "").strip().upper() if key != "fouled_group" else (value or "")
        else:
            out[key] = DEFAULTS[key] if value in ("", None) else value
    if out["contract"] in {"P", "PASSED", "AP"}:
        out["contract"] = "PASS"
    return out


def snapshot(row: BoardResult) -> dict[str, Any]:
    data = {key: getattr(row, key) for key in DEFAULTS}
    data.update(
        board=row.board_number,
        ns=row.ns_entry.number,
        ew=row.ew_entry.number,
        round=row.round_number,
        table=row.table_number,
        status=row.status,
    )
    return data


def _entry(section: Section, number: Any, field: str) -> Entry:
    try:
        return section.entries.get(number=int(number))
    except (Entry.DoesNotExist, TypeError, ValueError):
        raise ValidationError(
            {field: f"There is no entry {number} in section {section.name}."}
        ) from None


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
    except ScoringError as exc:
        field = {"board": "board_number", "ns": "ns", "ew": "ew"}.get(exc.field, exc.field)
        raise ValidationError({field: exc.message}) from None


def _check_team_movement(session: Session, section: Section) -> None:
    """A team match (whist, or teams of four at IMPs) is scored by its teams, which the team
    movement seats: refuse a result before that movement is chosen (nothing is saved)."""
    if session.event.scoring_method not in TEAM_METHODS:
        return
    if section.movement_kind != "team":
        what = {"imps_teams": "an IMP team match"}.get(
            session.event.scoring_method, "a whist team match"
        )
        raise ValidationError(
            {
                "__all__": f"Section {section.name} is {what}: choose the team movement before "
                "entering results, so each pair's team is known."
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
def _record_result(
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
) -> BoardResult:
    """Store a new result; idempotent for an identical resend; conflict for a different one."""
    session = Session.objects.select_for_update().get(pk=section.session_id)
    _writable(session, user)
    _check_team_movement(session, section)
    ns_entry, ew_entry = _entry(section, ns, "ns"), _entry(section, ew, "ew")
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
        return _same_or_conflict(existing, data, ns_entry, ew_entry)
    row = _unsaved(section, board_number, ns_entry, ew_entry, round_number, table, data)
    row.entered_by = user if user is not None and user.is_authenticated else None
    row.entered_via = via
    try:
        with transaction.atomic():
            row.save()
    except IntegrityError:
        existing = _existing(section, board_number, ns_entry, ew_entry)
        return _same_or_conflict(existing, data, ns_entry, ew_entry)
    ResultAudit.objects.create(
        section=section, result=row, board_number=board_number, action="create",
        new=snapshot(row), user=row.entered_by, actor=actor,
    )  # fmt: skip
    _bump(session)
    return row


def _unsaved(section, board, ns_entry, ew_entry, round_number, table, data) -> BoardResult:
    return BoardResult(
        section=section, board_number=board, ns_entry=ns_entry, ew_entry=ew_entry,
        round_number=round_number, table_number=table, **data,
    )  # fmt: skip


def _existing(section, board, ns_entry, ew_entry) -> BoardResult | None:
    return (
        BoardResult.objects.select_for_update()
        .filter(section=section, board_number=board)
        .filter(ns_entry__in=[ns_entry, ew_entry])
        .select_related("ns_entry", "ew_entry")
        .first()
    ) or (
        BoardResult.objects.select_for_update()
        .filter(section=section, board_number=board, ew_entry__in=[ns_entry, ew_entry])
        .select_related("ns_entry", "ew_entry")
        .first()
    )


def _same_or_conflict(
    existing: BoardResult, data: dict, ns_entry: Entry, ew_entry: Entry
) -> BoardResult:
    same_pairs = existing.ns_entry_id == ns_entry.pk and existing.ew_entry_id == ew_entry.pk
    if same_pairs and all(getattr(existing, k) == v for k, v in data.items()):
        return existing
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
    if row.score_ns is not None:
        return f"a score of {row.score_ns}"
    if row.tricks_ns is not None:
        return f"{row.tricks_ns} tricks to N-S"
    return str(result_line(row).contract or "") + (
        f" by {row.declarer}, {row.tricks} tricks" if row.declarer else ""
    )


def correct_result(row: BoardResult, *, fields: dict[str, Any], user, reason: str) -> BoardResult:
    """The TD changes a result (see :func:`_correct_result`); the standings follow."""
    row = _correct_result(row, fields=fields, user=user, reason=reason)
    refresh_standings(row.section.session_id)
    return row


@transaction.atomic
def _correct_result(row: BoardResult, *, fields: dict[str, Any], user, reason: str) -> BoardResult:
    """The TD changes a result.  A confirmed result needs a reason; both are audited."""
    session = Session.objects.select_for_update().get(pk=row.section.session_id)
    _writable(session, user)
    row = (
        BoardResult.objects.select_for_update()
        .select_related("ns_entry", "ew_entry")
        .get(pk=row.pk)
    )
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
        old=old, new=snapshot(row), reason=reason, user=user,
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
    session = Session.objects.select_for_update().get(pk=row.section.session_id)
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
    section: Section, *, table_number: int, round_number: int, user=None, actor: str = ""
) -> int:
    """The opponents' O.K. [002 L3360–3362]: lock a table's results of a round.

    Like every other result write it first locks the session row, so all writes in a
    session take their locks in the same order (session, then results) and cannot deadlock.
    """
    session = Session.objects.select_for_update().get(pk=section.session_id)
    _writable(session, user)
    rows = list(
        BoardResult.objects.select_for_update().filter(
            section=section, table_number=table_number, round_number=round_number,
            status=BoardResult.Status.ENTERED,
        )
    )  # fmt: skip
    now = timezone.now()
    for row in rows:
        row.status, row.confirmed_at = BoardResult.Status.CONFIRMED, now
        row.save(update_fields=["status", "confirmed_at", "updated"])
        ResultAudit.objects.create(
            section=section, result=row, board_number=row.board_number, action="confirm",
            user=user if user is not None and user.is_authenticated else None, actor=actor,
        )  # fmt: skip
    return len(rows)


def _bump(session: Session) -> None:
    """Inside a result write (the session row is locked): one more version of the results."""
    Session.objects.filter(pk=session.pk).update(results_version=F("results_version") + 1)
