"""The players' live pairing page of a Swiss (``/session/<pk>/swiss/``): each section's
current round (who plays whom, at which table), the scores in so far and the standings in VPs.
It refreshes itself while play runs (docs/swiss.md)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from tournament.permissions import get_session
from tournament.swiss import selectors as swiss_selectors


@never_cache
def swiss_pairings(request, pk):
    session = get_session(pk)
    sections = [s for s in session.sections.all() if swiss_selectors.is_swiss(s)]
    if not sections:
        raise Http404("This session is not a Swiss.")
    shown = []
    for section in sections:
        rounds = swiss_selectors.rounds(section)
        shown.append({
            "section": section,
            "conditions": swiss_selectors.settings_of(section),
            "current": rounds[-1] if rounds else None,
            "earlier": list(reversed(rounds[:-1])),
            "standings": swiss_selectors.standings(section) if rounds else [],
        })  # fmt: skip
    return render(request, "tournament/swiss.html", {"session": session, "sections": shown,
                  "live": session.status == "running"})  # fmt: skip
