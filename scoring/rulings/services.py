"""Director's rulings on a board, each kept as a ``Ruling`` with its reason and applied
through ``scoring.results.services`` (so the audit trail shows the change).  The arithmetic is the
scoring engine's ``scoring.engine.adjustments`` (LAWS.md §7).

Kinds: ``average`` (A50/A50), ``ave_plus_minus`` (Ave+ to the side not at fault),
``split`` (non-balancing percentages, Law 12C2), ``fouled`` (tables compared within a group),
``wrong_count`` (Law 4c [002 L3298–3309]), ``shifted`` (Law 5 [002 L3317–3333]),
``revoke`` (the revokes are recorded; the engine applies the game's penalty [002 L4221–4291],
[002 L3345–3354]), ``late_play`` (not played in time: Ave− to the side at fault),
``passing_on`` (Law 4d: 50 points off the pair or pairs who passed on a hand with a wrong
count [002 L3311–3315]) and ``revoke_loss`` (Law 7: the committee's figure for a loss beyond
the revoke penalty [002 L3350–3354]).

Protests (Law 12 [002 L3406–3409]) are filed and decided here too: :func:`file_protest`,
:func:`decide_protest`.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine.adjustments import PASSING_ON_PENALTY, shifted_hands, wrong_card_count
from scoring.engine.contract import ScoringError
from scoring.engine.session import POINT_METHODS
from scoring.engine.weighted import parse_weighted
from scoring.engine.whist import round_half_up
from scoring.models import BoardResult, Ruling
from scoring.results.services import DEFAULTS, correct_result, record_result

PERCENT = {"NS": "A40/A60", "EW": "A60/A40", "both": "A40/A40"}  # side at fault → score


def _row(section, board: int, ns: int) -> BoardResult | None:
    return (
        BoardResult.objects.filter(section=section, board_number=board, ns_entry__number=ns)
        .select_related("ns_entry", "ew_entry", "section")
        .first()
    )


def _fields(row: BoardResult | None, **changes) -> dict[str, Any]:
    base = {k: getattr(row, k) for k in DEFAULTS} if row else {}
    if changes.get("adjusted") or changes.get("weighted") or changes.get("score_ns") is not None:
        base = {}  # an artificial or assigned score replaces the result
    return {**base, **changes}


def _set(section, board, ns, ew, fields, user, reason) -> BoardResult:
    row = _row(section, board, ns)
    if row is None:
        if ew is None:
            raise ValidationError({"ew": "Give the E-W pair of this table."})
        return record_result(section, board_number=board, ns=ns, ew=ew,
                             fields=_fields(None, **fields), user=user, actor="ruling")  # fmt: skip
    return correct_result(row, fields=_fields(row, **fields), user=user,
                          reason=f"Ruling: {reason}")  # fmt: skip


def _other_scores(section, board: int, exclude: set[int]) -> dict[int, int]:
    """N-S deal scores of the board's other tables (by N-S pair), from the kept standings."""
    from scoring.models import Standings

    data = Standings.objects.get(session_id=section.session_id).data
    out = {}
    for sec in data.get("sections", []):
        if sec["name"] != section.name:
            continue
        for b in sec.get("boards", []):
            if b["board"] == board:
                out = {r["ns"]: r["score_ns"] for r in b["results"]
                       if r.get("score_ns") is not None and r["ns"] not in exclude}  # fmt: skip
    return out


def _need(data, *names):
    for name in names:
        if data.get(name) in (None, "", []):
            raise ValidationError({name: "This ruling needs this field."})


@transaction.atomic
def apply(section, board: int, kind: str, data: dict[str, Any], *, user) -> Ruling:
    """Apply ruling ``kind`` on ``board`` and keep it with its reason."""
    reason = (data.get("reason") or "").strip()
    if not reason:
        raise ValidationError({"reason": "Every ruling needs its reason."})
    handler = HANDLERS.get(kind)
    if handler is None:
        raise ValidationError({"kind": f"Unknown ruling {kind!r}."})
    try:
        details = handler(section, board, data, user, reason)
    except ScoringError as exc:
        raise ValidationError({"__all__": exc.message}) from None
    return Ruling.objects.create(section=section, board_number=board, kind=kind,
                                 details=details, reason=reason, user=user)  # fmt: skip


def _adjusted(text):
    def handler(section, board, data, user, reason):
        _need(data, "ns")
        score = text(data)
        _set(section, board, data["ns"], data.get("ew"), {"adjusted": score}, user, reason)
        return {"ns": data["ns"], "ew": data.get("ew"), "adjusted": score}

    return handler


def _split(data):
    _need(data, "ns_percent", "ew_percent")
    return f"A{data['ns_percent']}/A{data['ew_percent']}"


def _fouled(section, board, data, user, reason):
    _need(data, "tables", "group")
    for ns in data["tables"]:
        row = _row(section, board, ns)
        if row is None:
            raise ValidationError({"tables": f"N-S {ns} has no result on board {board}."})
        correct_result(row, fields=_fields(row, fouled_group=data["group"]), user=user,
                       reason=f"Ruling: {reason}")  # fmt: skip
    return {"group": data["group"], "tables": data["tables"]}


def _wrong_count(section, board, data, user, reason):
    _need(data, "ns", "side")
    others = list(_other_scores(section, board, {data["ns"]}).values())
    ns_score, _ = wrong_card_count(others, data["side"])
    score = int(round_half_up(ns_score))
    _set(section, board, data["ns"], data.get("ew"), {"score_ns": score}, user, reason)
    return {"ns": data["ns"], "at_fault": data["side"], "score_ns": score}


def _shifted(section, board, data, user, reason):
    _need(data, "tables")
    shifted = set(data["tables"])
    scores = _other_scores(section, board, set())
    group, average = shifted_hands(
        [s for ns, s in scores.items() if ns not in shifted],
        [s for ns, s in scores.items() if ns in shifted],
    )
    rescored = shifted if group == "shifted" else set(scores) - shifted
    score = int(round_half_up(average))
    for ns in sorted(rescored):
        _set(section, board, ns, None, {"score_ns": score}, user, reason)
    return {"shifted": sorted(shifted), "rescored": sorted(rescored), "score_ns": score}


def _revoke(section, board, data, user, reason):
    _need(data, "ns", "side", "revokes")
    row = _row(section, board, data["ns"])
    if row is None:
        raise ValidationError({"ns": "Enter the table's result first; the revoke is added to it."})
    key = "revokes_ns" if data["side"] == "NS" else "revokes_ew"
    correct_result(row, fields=_fields(row, **{key: data["revokes"]}), user=user,
                   reason=f"Ruling: {reason}")  # fmt: skip
    return {"ns": data["ns"], "side": data["side"], "revokes": data["revokes"]}


def _table_row(section, board, ns):
    row = _row(section, board, ns)
    if row is None:
        raise ValidationError({"ns": f"N-S {ns} has no result on board {board}: enter it first."})
    return row


def _passing_on(section, board, data, user, reason):
    """Law 4d [002 L3311–3315]: "The pair or pairs who pass to next table hand or hands
    containing an incorrect number of cards, shall be penalized 50 points." ``ns`` is the
    table the board was passed on from, ``side`` the pair (or both) that passed it on."""
    _need(data, "ns", "side")
    method = section.session.event.scoring_method
    if method not in POINT_METHODS:
        raise ValidationError(
            {"kind": "Law 4d's 50-point penalty is for total-point scoring (net or total "
                     f"points); this event is scored by {method.replace('_', ' ')}."}
        )  # fmt: skip
    row = _table_row(section, board, data["ns"])
    side = data["side"]
    penalty = {
        "penalty_ns": PASSING_ON_PENALTY if side in ("NS", "both") else row.penalty_ns,
        "penalty_ew": PASSING_ON_PENALTY if side in ("EW", "both") else row.penalty_ew,
    }
    correct_result(row, fields=_fields(row, **penalty), user=user, reason=f"Ruling: {reason}")
    return {"ns": data["ns"], "ew": row.ew_entry.number, "at_fault": side,
            "points": PASSING_ON_PENALTY}  # fmt: skip


def _revoke_loss(section, board, data, user, reason):
    """Law 7 [002 L3350–3354]: a loss beyond the 50-point revoke penalty, protested to the
    committee, "who will make the proper adjustment": ``points`` (the committee's figure) go
    to ``side``, the side that did not revoke, and come off the revoking side."""
    _need(data, "ns", "side", "points")
    if section.session.event.game == "whist":
        raise ValidationError(
            {"kind": "Whist revoke penalties are in tricks; give an assigned score instead."}
        )
    side = data["side"]
    if side not in ("NS", "EW"):
        raise ValidationError({"side": "Choose the side that did not revoke (N-S or E-W)."})
    row = _table_row(section, board, data["ns"])
    revokes = row.revokes_ew if side == "NS" else row.revokes_ns
    if not revokes:
        other = "E-W" if side == "NS" else "N-S"
        raise ValidationError(
            {"side": f"No revoke by {other} is recorded at this table: record it first "
                     "(Revoke penalty), then the committee's adjustment."}
        )  # fmt: skip
    points = int(data["points"])
    committee = points if side == "NS" else -points
    correct_result(row, fields=_fields(row, committee_ns=committee), user=user,
                   reason=f"Ruling: {reason}")  # fmt: skip
    return {"ns": data["ns"], "ew": row.ew_entry.number, "side": side, "points": points}


def _weighted(section, board, data, user, reason):
    """Law 12C1(c): a weighted score in place of the table's result, e.g. 60% of 4S= and 40%
    of 4S-1; the engine compares each part with the other results and weights the
    comparisons (``scoring.engine.weighted``). Kept in its canonical words."""
    _need(data, "ns", "weighted")
    if section.session.event.game != "contract":
        raise ValidationError({"kind": "A weighted score (Law 12C1(c)) is for contract bridge."})
    try:
        text = str(parse_weighted(data["weighted"]))
    except ScoringError as exc:
        raise ValidationError({"weighted": exc.message}) from None
    row = _set(section, board, data["ns"], data.get("ew"), {"weighted": text}, user, reason)
    return {"ns": data["ns"], "ew": row.ew_entry.number, "weighted": text}


HANDLERS = {
    "average": _adjusted(lambda d: "A50/A50"),
    "ave_plus_minus": _adjusted(lambda d: PERCENT[d.get("side") or "NS"]),
    "split": _adjusted(_split),
    "late_play": _adjusted(lambda d: PERCENT[d.get("side") or "both"]),
    "fouled": _fouled,
    "wrong_count": _wrong_count,
    "shifted": _shifted,
    "revoke": _revoke,
    "passing_on": _passing_on,
    "revoke_loss": _revoke_loss,
    "weighted": _weighted,
}


# --- protests (Law 12) ---------------------------------------------------------------------


def _audit_protest(protest, action: str, reason: str, user) -> None:
    from scoring.models import ResultAudit

    ResultAudit.objects.create(
        section=protest.section, board_number=protest.board_number, action=action,
        new={"protest": protest.pk, "pair": protest.entry.number, "status": protest.status,
             "decision": protest.decision},
        reason=reason, user=user,
    )  # fmt: skip


@transaction.atomic
def file_protest(section, *, board: int, entry: int, grounds: str, user, filed_at=None):
    """Keep a protest to the committee (Law 12 [002 L3406–3409]): "Protests to receive
    consideration by the Card Committee, must be filed within forty-eight hours following
    contest" — the event's protest window (``provisional_hours``, 48 by default). Refused
    once the session is final or the window has closed; the filing is in the audit trail."""
    from django.utils import timezone

    from scoring.models import Protest
    from tournament.models import Session
    from tournament.setup.selectors import protest_deadline

    session = Session.objects.select_for_update().get(pk=section.session_id)
    grounds = (grounds or "").strip()
    if not grounds:
        raise ValidationError({"grounds": "Say what the protest is about."})
    if session.status == Session.Status.FINAL:
        raise ValidationError(
            {"__all__": "The results are final: the committee's decisions are final and no "
                        "protest can be filed now (Law 12)."}
        )  # fmt: skip
    filed_at = filed_at or timezone.now()
    deadline = protest_deadline(session)
    if deadline is not None and filed_at > deadline:
        until = timezone.localtime(deadline)
        raise ValidationError(
            {"filed_at": f"The protest window closed at {until:%H:%M on %d %b %Y}: a protest "
                         "must be filed within it to be considered (Law 12)."}
        )  # fmt: skip
    if filed_at > timezone.now():
        raise ValidationError({"filed_at": "A protest cannot be filed in the future."})
    if not BoardResult.objects.filter(section=section, board_number=board).exists():
        raise ValidationError({"board": f"Board {board} has no result in section {section.name}."})
    who = section.entries.filter(number=entry).first()
    if who is None:
        raise ValidationError({"entry": f"There is no entry {entry} in section {section.name}."})
    protest = Protest.objects.create(section=section, board_number=board, entry=who,
                                     grounds=grounds, filed_at=filed_at, user=user)  # fmt: skip
    _audit_protest(protest, "protest", f"Protest by {entry}: {grounds}", user)
    return protest


@transaction.atomic
def decide_protest(protest, *, status: str, decision: str, user):
    """The committee's decision on a protest, final (Law 12): upheld or dismissed, with its
    words; a decided protest cannot be decided again. The decision is in the audit trail and
    on the public results. A change to a score is made as a ruling on the board."""
    from django.utils import timezone

    from scoring.models import Protest

    protest = (
        Protest.objects.select_for_update().select_related("entry", "section").get(pk=protest.pk)
    )
    if protest.decided:
        raise ValidationError(
            {"__all__": "The committee has decided this protest; its decision is final."}
        )
    if status not in (Protest.Status.UPHELD, Protest.Status.DISMISSED):
        raise ValidationError({"status": "Choose upheld or dismissed."})
    decision = (decision or "").strip()
    if not decision:
        raise ValidationError({"decision": "Write the committee's decision."})
    protest.status, protest.decision = status, decision
    protest.decided_at, protest.decided_by = timezone.now(), user
    protest.save()
    label = protest.get_status_display().lower()
    _audit_protest(protest, "protest-decided", f"Protest by {protest.entry.number} {label}: "
                   f"{decision}", user)  # fmt: skip
    return protest
