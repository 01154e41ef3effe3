"""Public pages: no login needed to read a club's events and sessions."""

from __future__ import annotations

from django.db.models import Q
from django.shortcuts import get_object_or_404, render

from .. import selectors
from ..models import Club, Event, Player, Session


def home(request):
    return render(request, "tournament/home.html", {"clubs": selectors.clubs_with_events()})


def club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    events = club.events.prefetch_related("sessions")
    return render(request, "tournament/club.html", {"club": club, "events": events})


def event(request, pk):
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    return render(
        request,
        "tournament/event.html",
        {
            "event": event,
            "sessions": selectors.event_sessions(event),
            "is_director": event.club.is_director(request.user),
        },
    )


def session(request, pk):
    session = get_object_or_404(Session.objects.select_related("event__club"), pk=pk)
    return render(
        request,
        "tournament/session.html",
        {
            "session": session,
            "sections": selectors.session_sections(session),
            "is_director": session.club.is_director(request.user),
        },
    )


def player_search(request):
    query = request.GET.get("q", "").strip()
    players = []
    if query:
        players = Player.objects.filter(
            Q(name__icontains=query) | Q(membership_number__iexact=query)
        ).select_related("club")[:50]
    return render(request, "tournament/player_search.html", {"query": query, "players": players})


def player(request, pk):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    return render(
        request,
        "tournament/player.html",
        {"player": player, "places": selectors.player_entries(player)},
    )
