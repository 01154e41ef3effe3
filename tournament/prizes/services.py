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
from tournament.social import services as social_services


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
    A protest the committee has not decided keeps the session from final, window or not:
    the committee's decisions are final (Law 12 [002 L3406–3409]).
    """
    from django.utils import timezone

    from scoring.rulings.selectors import open_protests
    from tournament.setup.selectors import protest_deadline

    undecided = open_protests(session)
    if undecided:
        boards = ", ".join(f"board {p.board_number} (pair {p.entry.number})" for p in undecided)
        raise ValidationError(
            {"override": f"The committee has not decided the protest{'s' if len(undecided) > 1 else ''}"
                         f" on {boards}: decide {'them' if len(undecided) > 1 else 'it'} first."}
        )  # fmt: skip
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
    social_services.keep_prizes(session)  # the social games' prizes, ties as settled
    return session


@transaction.atomic
def seed_final(event) -> list:
    """Sign the qualifiers into the event's final, numbered by qualifying place: the first
    ``qualify`` to section A as pairs 1, 2, …, the next ``b_final`` to section B
    (``scoring.engine.combined.seed_final``).  Refused, with nothing written, unless the
    event has a final with no entries yet and every qualifying session is final."""
    from scoring.engine import combined as engine
    from tournament.models import Player
    from tournament.prizes import combined

    cfg = combined.config(event)
    final = combined.final_session(event, cfg)
    if cfg is None or not cfg.carries or final is None or not cfg.qualify:
        raise ValidationError(
            {"final": "Choose a carry-over method, the final session and how many qualify."}
        )
    if final.sections.filter(entries__isnull=False).exists():
        raise ValidationError({"final": f"{final.name} already has entries: seed it empty."})
    open_ = event.sessions.exclude(pk=final.pk).exclude(status=Session.Status.FINAL)
    if open_.exists():
        names = ", ".join(s.name for s in open_)
        raise ValidationError({"final": f"Finalise the qualifying sessions first: {names}."})
    ranking = combined.ranking(event)
    if ranking["error"] or not ranking["groups"] or not ranking["groups"][0]["qualified"]:
        raise ValidationError({"final": ranking["error"] or "No qualifying results yet."})
    qualified = ranking["groups"][0]["qualified"]
    sizes = [cfg.qualify] + ([cfg.b_final] if cfg.b_final else [])
    seeds = engine.seed_final(qualified, sizes[: max(1, min(len(sizes), len(qualified)))])
    sections = {}
    players = Player.objects.in_bulk({p for who in qualified for p in who})
    seats = {  # each pair's players in the order they sat in the qualifying sessions
        frozenset(p for p, _ in members): [p for p, _ in members]
        for members in combined.event_players(event, final_only=False).values()
    }
    entries = []
    for who in qualified:
        index, number = seeds[who]
        name = "AB"[index]
        if name not in sections:
            found = final.sections.filter(name=name).first()
            sections[name] = found or setup_services.add_section(final, name)
        chosen = [players[p] for p in seats.get(who, sorted(who))]
        entries.append(setup_services.add_entry(sections[name], chosen, number=number))
    return entries


def set_combined(event, chosen: dict):
    """Keep how the event ranks its sessions together (``{}``: each session apart)."""
    conditions = dict(event.conditions or {})
    if chosen:
        conditions["combined"] = chosen
    else:
        conditions.pop("combined", None)
    event.conditions = conditions
    event.save(update_fields=["conditions"])
    return event
