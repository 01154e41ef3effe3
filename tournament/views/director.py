"""The director's console: shared helpers and the console's front page.

Every view is decorated with ``director_required`` and a ``club_of_*`` function, so a TD of
another club gets 403 and an anonymous visitor is sent to sign in.  The console is split by
stage: ``director_setup`` (events, sessions, sign-in, movement, boards, status),
``director_results`` (travellers, pick-up slips, confirmation, corrections, conflicts),
``director_standings`` (standings, prizes, travellers, scorecards, CSV) and
``director_rulings`` (rulings and progressive seatings).
"""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template

from scoring.models import BoardResult

from ..models import Club, Entry, Event, Section, Session


def club_of_slug(request, slug, **_):
    return get_object_or_404(Club, slug=slug)


def club_of_event(request, pk, **_):
    return get_object_or_404(Club, events__pk=pk)


def club_of_session(request, pk, **_):
    return get_object_or_404(Club, events__sessions__pk=pk)


def club_of_section(request, pk, **_):
    return get_object_or_404(Club, events__sessions__sections__pk=pk)


def club_of_entry(request, pk, **_):
    return get_object_or_404(Club, events__sessions__sections__entries__pk=pk)


def club_of_result(request, pk, **_):
    result = get_object_or_404(BoardResult.objects.select_related("section__session__event"), pk=pk)
    return result.section.session.event.club


def get_session(pk) -> Session:
    return get_object_or_404(Session.objects.select_related("event__club"), pk=pk)


def get_section(pk) -> Section:
    return get_object_or_404(Section.objects.select_related("session__event__club"), pk=pk)


def get_entry(pk) -> Entry:
    return get_object_or_404(Entry.objects.select_related("section__session__event"), pk=pk)


def get_event(pk) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=pk)


def has_template(name: str) -> bool:
    """Other helpers' fragments (print links) are included only once they exist."""
    try:
        get_template(name)
    except TemplateDoesNotExist:
        return False
    return True


def field_errors(exc) -> dict[str, list[str]]:
    """A service's ValidationError as {field: [messages]} for ``form.add_error``."""
    if hasattr(exc, "error_dict"):
        return {k: [m for e in v for m in e.messages] for k, v in exc.error_dict.items()}
    return {"__all__": list(exc.messages)}


def add_errors(form, exc) -> None:
    for field, messages in field_errors(exc).items():
        for message in messages:
            form.add_error(field if field in form.fields else None, message)


@login_required
def console(request):
    """The TD's clubs and their events."""
    clubs = Club.objects.prefetch_related("events")
    if not request.user.is_superuser:
        clubs = clubs.filter(directors=request.user)
    return render(request, "tournament/director/console.html", {"clubs": clubs})
