"""The director's console: its front page, the director's home (the clubs the TD directs, their
events, and today's, upcoming and recent sessions each with its next step).

Every console view is decorated with ``director_required`` and a ``club_of_*`` function
(``tournament.permissions``), so a TD of another club gets 403 and an anonymous visitor is
sent to sign in.  The console is split by stage: ``director_setup`` (events, sessions,
sign-in, movement, boards, status), ``director_results`` (travellers, pick-up slips,
confirmation, corrections, conflicts), ``director_standings`` (standings, travellers,
scorecards, CSV), ``director_rulings`` (one board: traveller, audit trail, rulings),
``director_prizes`` (ties to settle) and ``director_progressive`` (progressive games).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render

from tournament.setup import selectors as setup_selectors


@login_required
def console(request):
    """The director's home: clubs, events, and each session's next step."""
    home = setup_selectors.director_home(request.user)
    return render(request, "tournament/director/console.html", {"home": home, "clubs": home.clubs})
