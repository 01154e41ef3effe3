"""The director's rulings on a board, in words (``scoring.rulings.services`` keeps each one's
``kind`` and ``details``; nothing internal reaches the page)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from scoring.models import Protest, Ruling

TITLES = {
    "average": "Average to both sides",
    "ave_plus_minus": "Ave+ to one side, Ave− to the other",
    "split": "Split artificial score",
    "late_play": "Late play (not played in time)",
    "fouled": "Fouled board",
    "wrong_count": "Wrong number of cards (Law 4c)",
    "shifted": "Shifted hands (Law 5)",
    "revoke": "Revoke penalty",
    "passing_on": "Passed on a wrong count (Law 4d)",
    "revoke_loss": "Loss beyond the revoke penalty (Law 7)",
    "weighted": "Weighted score (Law 12C1(c))",
}
SIDES = {"NS": "N-S", "EW": "E-W", "both": "both sides"}
_PERCENTS = re.compile(r"^A(\d+)/A(\d+)$")


@dataclass(frozen=True)
class RulingLine:
    ruling: Ruling
    title: str
    text: str


def _pairs(numbers) -> str:
    numbers = list(numbers or [])
    if not numbers:
        return "none"
    return ", ".join(str(n) for n in numbers)


def _table(details: dict[str, Any]) -> str:
    ns, ew = details.get("ns"), details.get("ew")
    if ns is None:
        return ""
    return f"N-S {ns} v E-W {ew}" if ew is not None else f"the table of N-S {ns}"


def _adjusted(details: dict[str, Any]) -> str:
    table = _table(details)
    found = _PERCENTS.match(str(details.get("adjusted") or ""))
    if not found:
        return f"{table}: {details.get('adjusted') or 'artificial score'}"
    ns, ew = found.groups()
    return f"{table}: N-S {ns} %, E-W {ew} %"


def describe(kind: str, details: dict[str, Any] | None) -> str:
    """The ruling's effect in words, e.g. "N-S 3 v E-W 5: N-S 40 %, E-W 60 %"."""
    d = details or {}
    if kind in ("average", "ave_plus_minus", "split", "late_play"):
        return _adjusted(d)
    if kind == "fouled":
        return (
            f"group {d.get('group', '?')}: the tables of N-S {_pairs(d.get('tables'))} "
            "are compared among themselves"
        )
    if kind == "wrong_count":
        side = SIDES.get(d.get("at_fault"), d.get("at_fault") or "?")
        return f"{_table(d)}: {side} at fault; N-S score set to {d.get('score_ns')}"
    if kind == "shifted":
        return (
            f"tables of N-S {_pairs(d.get('shifted'))} played shifted hands; "
            f"N-S {_pairs(d.get('rescored'))} given the average score {d.get('score_ns')}"
        )
    if kind == "revoke":
        n = d.get("revokes") or 0
        side = SIDES.get(d.get("side"), d.get("side") or "?")
        return f"{_table(d)}: {n} revoke{'' if n == 1 else 's'} by {side}"
    if kind == "passing_on":
        side = {"NS": "N-S", "EW": "E-W", "both": "both pairs"}.get(d.get("at_fault"), "?")
        return f"{_table(d)}: {side} passed the board on; {d.get('points')} points off"
    if kind == "weighted":
        return f"{_table(d)}: {d.get('weighted')}"
    if kind == "revoke_loss":
        side = SIDES.get(d.get("side"), d.get("side") or "?")
        return f"{_table(d)}: the committee adjusts {d.get('points')} points to {side}"
    return ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in d.items())


def board_rulings(section, board: int) -> list[RulingLine]:
    """The rulings on ``board`` of ``section``, oldest first, each in words."""
    rows = Ruling.objects.filter(section=section, board_number=board).select_related("user")
    return [
        RulingLine(r, TITLES.get(r.kind, r.kind.replace("_", " ")), describe(r.kind, r.details))
        for r in rows
    ]


def protests(session, *, decided_only: bool = False) -> list[Protest]:
    """The protests of a session (Law 12), by section and board; only the decided ones for
    the public results."""
    rows = (
        Protest.objects.filter(section__session=session)
        .select_related("section", "entry", "decided_by", "user")
        .defer("section__movement")  # tens of KB of JSON a row, not shown
        # the model's order (section, board, filed, pk) within one session: the section's
        # own ordering would join and sort by the session's date for nothing
        .order_by("section__name", "board_number", "filed_at", "pk")
    )
    if decided_only:
        rows = rows.exclude(status=Protest.Status.OPEN)
    return list(rows)


def open_protests(session) -> list[Protest]:
    """The protests the committee has not decided yet (they keep the session from final)."""
    return [p for p in protests(session) if not p.decided]


def protest(pk) -> Protest:
    """One protest (404 if there is none)."""
    from django.shortcuts import get_object_or_404

    return get_object_or_404(
        Protest.objects.select_related("section__session__event", "entry"), pk=pk
    )
