"""Reads for the pages: querysets shaped so a page costs a constant number of queries."""

from __future__ import annotations

from django.db.models import Count, Prefetch, QuerySet

from .models import Club, Entry, EntryPlayer, Event, Player, Section, Session


def clubs_with_events() -> QuerySet[Club]:
    sessions = Session.objects.order_by("-date", "-pk")
    events = Event.objects.prefetch_related(Prefetch("sessions", queryset=sessions))
    return Club.objects.prefetch_related(Prefetch("events", queryset=events))


def event_sessions(event: Event) -> QuerySet[Session]:
    return event.sessions.annotate(section_count=Count("sections")).order_by("-date", "-pk")


def session_sections(session: Session) -> QuerySet[Section]:
    entry_players = EntryPlayer.objects.select_related("player").order_by("position")
    entries = Entry.objects.prefetch_related(
        Prefetch("entry_players", queryset=entry_players)
    ).order_by("number")
    return session.sections.prefetch_related(Prefetch("entries", queryset=entries))


def player_entries(player: Player) -> QuerySet[EntryPlayer]:
    return (
        EntryPlayer.objects.filter(player=player)
        .select_related("entry__section__session__event")
        .prefetch_related(
            Prefetch("entry__entry_players", queryset=EntryPlayer.objects.select_related("player"))
        )
        .order_by("-entry__section__session__date")
    )
