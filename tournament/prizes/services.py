"""Writes of prizes: the outcome of a tie the event's rule leaves to the TD (play-off, cut or
draw), and finalising a session with its prize list kept.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.engine.contract import ScoringError
from scoring.engine.ranking import settle_tie
from scoring.models import PrizeDecision, Standings
from tournament.models import Session
from tournament.prizes.selectors import prize_awards, prize_list, tied_key
from tournament.setup import services as setup_services


@transaction.atomic
def record_decision(session, section, field, order, method, user=None, note="") -> PrizeDecision:
    """Keep the outcome of one tie (``order``: the tied entry numbers, best first).

    The tie must be one the prize list has now; a final session's kept prize list is
    updated at once.
    """
    groups = prize_awards(session).get((section, field), [])
    wanted = tied_key(order)
    if not any(tied_key(a.entry for a in g) == wanted for g in groups):
        ties = "; ".join(tied_key(a.entry for a in g) for g in groups) or "none"
        raise ValidationError({"order": f"No tie for prizes between {wanted} (ties: {ties})."})
    try:
        settle_tie(next(g for g in groups if tied_key(a.entry for a in g) == wanted), order)
    except ScoringError as exc:
        raise ValidationError({"order": exc.message}) from None
    decision, _ = PrizeDecision.objects.update_or_create(
        session=session, section=section, field=field, tied=wanted,
        defaults={"method": method, "order": list(order), "note": note, "user": user},
    )  # fmt: skip
    standings = Standings.objects.select_for_update().filter(session=session).first()
    if standings is not None and "prizes" in standings.data:
        standings.data = {**standings.data, "prizes": prize_list(session, standings.data)}
        standings.save(update_fields=["data"])
    return decision


@transaction.atomic
def finalise(session: Session, *, override: str = "", now=None) -> Session:
    """Make the results final and keep the prize list with how ties were settled.

    While the protest window of the event's conditions is open (``provisional_hours`` after
    the session became provisional) this is refused unless the TD says why the window is
    overridden (``override``: the reason, kept with the standings as ``final_override``).
    """
    from django.utils import timezone

    from tournament.setup.selectors import protest_deadline

    now = now or timezone.now()
    deadline = protest_deadline(session)
    reason = (override or "").strip()
    open_window = deadline is not None and now < deadline
    if open_window and not reason:
        until = timezone.localtime(deadline)
        raise ValidationError(
            {
                "override": f"The protest window is open until {until:%H:%M on %d %b %Y}: "
                "make the session final then, or give the reason for overriding the window."
            }
        )
    session = setup_services.set_status(session, Session.Status.FINAL)
    standings = Standings.objects.select_for_update().get(session=session)
    data = dict(standings.data)
    if open_window:
        data["final_override"] = {"reason": reason, "window_until": deadline.isoformat()}
    data["prizes"] = prize_list(session, data)
    standings.data = data
    standings.save(update_fields=["data"])
    return session
