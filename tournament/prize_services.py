"""Ties for prizes settled by play-off, cut or draw: the TD records the outcome.

The prize list (``console_services.prize_list``) allocates prizes by the event's tie rule;
a tie under "play_off" or "cut" is pending until the TD records who won, and a seeded
"draw" can be replaced by the draw actually made in the room [002 L6478–6493,
L6782–6788]. The outcome is kept as a ``scoring.models.PrizeDecision`` and shown with the
prize ("=2nd, decided by cut: pair 5") on the standings page and the results sheet.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from scoring.contract import ScoringError
from scoring.models import PrizeDecision, Standings
from scoring.ranking import PrizeAward, ordinal, settle_tie

from .models import Event, Session

METHOD_LABELS = {"play_off": "play-off", "cut": "cut", "draw": "draw"}


def noun(session: Session) -> str:
    """'pair' or 'player' (individual and progressive events rank players)."""
    individual = session.event.format in (Event.Format.INDIVIDUAL, Event.Format.PROGRESSIVE)
    return "player" if individual else "pair"


def tied_key(entries) -> str:
    return ",".join(str(e) for e in sorted(int(e) for e in entries))


def decisions(session: Session) -> dict[tuple[str, str, str], PrizeDecision]:
    """The session's recorded outcomes by (section, field, tied) — one query."""
    return {(d.section, d.field, d.tied): d for d in PrizeDecision.objects.filter(session=session)}


def tie_groups(awards: list[PrizeAward], rule: str) -> list[list[PrizeAward]]:
    """The tied groups a play-off, cut or draw settles (awards of one group share a note)."""
    if rule == "share":
        return []
    groups: dict[str, list[PrizeAward]] = {}
    for award in awards:
        if award.decision:
            groups.setdefault(award.decision, []).append(award)
    return [g for g in groups.values() if len(g) > 1]


def apply_decisions(awards, ranks, rule, found, where, who="pair") -> list[PrizeAward]:
    """``awards`` with every recorded outcome applied (``where``: (section, field))."""
    out = list(awards)
    for group in tie_groups(awards, rule):
        decision = found.get((*where, tied_key(a.entry for a in group)))
        if decision is None:
            continue
        label = ordinal(ranks[group[0].entry])
        how = METHOD_LABELS.get(decision.method, decision.method)
        note = f"{label}, decided by {how}: {who} {decision.order[0]}"
        settled = {a.entry: a for a in settle_tie(group, decision.order, note)}
        out = [settled.get(a.entry, a) for a in out]
    return out


@transaction.atomic
def record_decision(session, section, field, order, method, user=None, note="") -> PrizeDecision:
    """Keep the outcome of one tie (``order``: the tied entry numbers, best first).

    The tie must be one the prize list has now; a final session's kept prize list is
    updated at once.
    """
    from .console_services import prize_awards, prize_list

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
