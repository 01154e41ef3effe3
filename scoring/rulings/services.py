"""Director's rulings on a board, each kept as a ``Ruling`` with its reason and applied
through ``scoring.results.services`` (so the audit trail shows the change).  The arithmetic is the
scoring engine's ``scoring.engine.adjustments`` (LAWS.md §7).

Kinds: ``average`` (A50/A50), ``ave_plus_minus`` (Ave+ to the side not at fault),
``split`` (non-balancing percentages, Law 12C2), ``fouled`` (tables compared within a group),
``wrong_count`` (Law 4c [002 L3298–3309]), ``shifted`` (Law 5 [002 L3317–3333]),
``revoke`` (the revokes are recorded; the engine applies the game's penalty [002 L4221–4291],
[002 L3345–3354]) and ``late_play`` (not played in time: Ave− to the side at fault).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine.adjustments import shifted_hands, wrong_card_count
from scoring.engine.contract import ScoringError
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
    if changes.get("adjusted") or changes.get("score_ns") is not None:
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


HANDLERS = {
    "average": _adjusted(lambda d: "A50/A50"),
    "ave_plus_minus": _adjusted(lambda d: PERCENT[d.get("side") or "NS"]),
    "split": _adjusted(_split),
    "late_play": _adjusted(lambda d: PERCENT[d.get("side") or "both"]),
    "fouled": _fouled,
    "wrong_count": _wrong_count,
    "shifted": _shifted,
    "revoke": _revoke,
}
