"""Progressive games: the next round's seating from the event's progressive policy after a
round's results (``tournament.movements.progressive``; the results are the tables'
``ProgressiveTableResult`` rows, see ``progressive_play``), and the TD's override with its
reason (``RoundSeating.overridden_by`` / ``override_reason``)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from .models import RoundSeating, Section


def _policy(section: Section):
    from tournament.movements.progressive import ProgressivePolicy

    data = (section.session.event.conditions or {}).get("progressive", {})
    try:
        return ProgressivePolicy.from_dict(data)
    except ValueError as exc:
        raise ValidationError({"__all__": str(exc)}) from None


def _seats(rows: list[dict]):
    from tournament.movements.base import Seating

    return [Seating(**row) for row in rows]


def next_seating(section: Section) -> dict | None:
    """{"round": r + 1, "seating": [...]} after the last kept round, or {"error": ...};
    a tie the policy cannot settle adds {"ties": [table, ...]} for the TD to decide."""
    from tournament.progressive_play import table_results

    last = section.round_seatings.order_by("-round_number").first()
    if last is None:
        return None
    from tournament.movements.base import MovementError
    from tournament.movements.progressive import TieUndecided
    from tournament.movements.progressive import next_seating as engine_next

    results, decisions = table_results(section, last.round_number)
    try:
        seats = engine_next(_policy(section), _seats(last.seating), results, decisions)
    except TieUndecided as exc:
        return {"round": last.round_number + 1, "error": str(exc), "ties": exc.tables}
    except (MovementError, ValueError, KeyError) as exc:
        return {"round": last.round_number + 1, "error": str(exc)}
    rows = [{k: v for k, v in vars(s).items() if v not in (None, (), False)} for s in seats]
    return {"round": last.round_number + 1, "seating": rows}


@transaction.atomic
def advance(section: Section) -> RoundSeating:
    """Keep the computed next seating as the next round's."""
    proposal = next_seating(section)
    if not proposal or "error" in proposal:
        raise ValidationError({"__all__": (proposal or {}).get("error", "No round seated yet.")})
    return RoundSeating.objects.create(
        section=section, round_number=proposal["round"], seating=proposal["seating"]
    )


@transaction.atomic
def override(section: Section, round_number: int, seating: list[dict], user, reason: str):
    """The TD seats a round by hand; the reason is required and kept."""
    if not (reason or "").strip():
        raise ValidationError({"reason": "Give the reason for overriding the seating."})
    if round_number < 1:
        raise ValidationError({"seating": "Say which round this seating is for."})
    seated = section.round_seatings.order_by("-round_number").first()
    last = seated.round_number if seated else 0
    if round_number > last + 1:
        raise ValidationError(
            {
                "seating": f"Round {round_number} cannot be seated yet: seat a round from 1 to {last + 1}."
            }
        )
    seen = [p for row in seating for k, p in row.items() if k != "table"]
    if len(seen) != len(set(seen)):
        raise ValidationError({"seating": "A player or pair is seated twice."})
    row, _ = RoundSeating.objects.update_or_create(
        section=section, round_number=round_number,
        defaults={"seating": seating, "overridden_by": user, "override_reason": reason.strip()},
    )  # fmt: skip
    return row
