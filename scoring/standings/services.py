"""Writes of standings: after a results write has committed, the session's kept standings are
brought up to its results version (``refresh_standings``), every section scored by
``scoring.engine.session`` (``recompute_standings``).
"""

from __future__ import annotations

from django.db import transaction
from django.db.models import F, Q

from scoring.engine.individual import individual_result
from scoring.engine.session import score_session
from scoring.inputs import individual_seats, section_input
from scoring.models import Standings
from tournament.models import Section, Session


def _individual(section: Section, inp, result):
    """An individual movement ranks players, each credited with the partnership's score."""
    seats = individual_seats(section.get_movement())
    if seats is None:
        return result
    names = {e.number: e.name for e in inp.entries}
    return individual_result(result, seats, names, inp.boards_scheduled)


def refresh_standings(session_id: int) -> Standings:
    """After a write has committed, bring the kept standings up to the session's version.

    Writes that arrive together share one recomputation: each takes the standings row's
    lock in turn and finds it already computed at or past its own version.  Versions are
    bumped under the session's row lock, so a version that is visible is committed with
    every write before it, and the recomputation (which reads the version first) never
    records a version whose results it did not see.  Writers do not hold the session lock
    while scoring, so entries at other tables are not kept waiting behind it.
    """
    with transaction.atomic():
        row, _ = Standings.objects.get_or_create(session_id=session_id)
        row = Standings.objects.select_for_update().get(pk=row.pk)
        session = Session.objects.select_related("event").get(pk=session_id)
        if row.data and row.computed_version >= session.results_version:
            return row
        return recompute_standings(session, row)


def lagging_sessions():
    """Sessions whose kept standings are behind their results: no standings kept after a
    result was written, or computed at an older results version (a process killed between
    a result's commit and its recomputation leaves this)."""
    return Session.objects.filter(
        Q(standings__isnull=True, results_version__gt=0)
        | Q(standings__computed_version__lt=F("results_version"))
    ).order_by("pk")


def refresh_lagging_standings() -> list[int]:
    """Bring every lagging session's standings up to date (``manage.py refresh_standings``,
    run by scripts/serve before the server starts); the ids refreshed."""
    refreshed = list(lagging_sessions().values_list("pk", flat=True))
    for session_id in refreshed:
        refresh_standings(session_id)
    return refreshed


def recompute_standings(session: Session, standings: Standings | None = None) -> Standings:
    """Score every section and keep the result for the pages (one JSON row per session)."""
    version = Session.objects.values_list("results_version", flat=True).get(pk=session.pk)
    sections = []
    for section in session.sections.prefetch_related("entries__entry_players__player"):
        inp = section_input(section, session.event, final=session.is_final)
        result = _individual(section, inp, score_session(inp))
        data = result.to_json()
        data["name"] = section.name
        sections.append(data)
    if standings is None:
        standings, _ = Standings.objects.get_or_create(session=session)
    standings.data = {"status": session.status, "sections": sections}
    standings.results_version += 1
    standings.computed_version = version
    standings.save()
    return standings
