"""Who may do what.  Reading is public; running a club's events needs a TD of
that club (a member of ``Club.directors``) or a superuser."""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.http import url_has_allowed_host_and_scheme

from scoring.models import BoardResult

from .models import Club, Entry, Event, PrintJob, Section, Session

TD_GROUP = "Tournament directors"


def is_director(user, club) -> bool:
    return club.is_director(user)


def director_required(get_club):
    """Decorate a view: ``get_club(request, **kwargs)`` returns the club the view acts on."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            club = get_club(request, **kwargs)
            if not club.is_director(request.user):
                raise PermissionDenied("You are not a tournament director of this club.")
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def td_group():
    """The TD role: a group with every permission of the tournament apps (made if missing)."""
    from django.contrib.auth.models import Group, Permission

    group, created = Group.objects.get_or_create(name=TD_GROUP)
    if created or not group.permissions.exists():
        group.permissions.set(
            Permission.objects.filter(
                content_type__app_label__in=("tournament", "boards", "scoring")
            )
        )
    return group


# --- the objects a director's URL names, and the club each belongs to -----------------------


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


def club_of_protest(request, pk, **_):
    return get_object_or_404(Club, events__sessions__sections__protests__pk=pk)


def get_session(pk) -> Session:
    return get_object_or_404(Session.objects.select_related("event__club"), pk=pk)


def get_print_job(session: Session, pk, with_content: bool = False) -> PrintJob:
    """A print job of ``session`` (404 for another session's: the club was checked on it);
    the PDF itself is read only ``with_content``."""
    jobs = PrintJob.objects.filter(session=session)
    if not with_content:
        jobs = jobs.defer("content")
    return get_object_or_404(jobs, pk=pk)


def get_section(pk) -> Section:
    return get_object_or_404(Section.objects.select_related("session__event__club"), pk=pk)


def get_entry(pk) -> Entry:
    return get_object_or_404(Entry.objects.select_related("section__session__event"), pk=pk)


def get_event(pk) -> Event:
    return get_object_or_404(Event.objects.select_related("club"), pk=pk)


def safe_next(request, default: str) -> str:
    """Where a console form goes back to: its ``next`` when that is a path on this site,
    else ``default`` (a ``next`` naming another site, ``//host`` or a scheme is ignored)."""
    url = request.POST.get("next") or request.GET.get("next") or ""
    if url.startswith("/") and url_has_allowed_host_and_scheme(
        url, {request.get_host()}, require_https=request.is_secure()
    ):
        return url
    return default
