"""Reads for setting up: clubs, sessions and sections in order, a player's entries, and the
movements recommended for the number signed in (``tournament.movements.recommend``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, QuerySet

from tournament.models import Club, Entry, EntryPlayer, Event, Player, Section, Session


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


@dataclass(frozen=True)
class Recommendation:
    kind: str
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    note: str = ""

    @property
    def label(self) -> str:
        return (
            f"{self.kind}: {self.tables} tables, {self.rounds} rounds × "
            f"{self.boards_per_round} boards = {self.boards} boards"
        )


def recommendations(count: int, event=None, target_boards: int = 24) -> list[Recommendation]:
    """Movements for ``count`` entries, the best first (``tournament.movements.recommend``).

    An individual event gets the whist-tournament schedule for that many players; a
    progressive one needs no movement (its seating comes round by round).
    """
    from tournament.movements import MovementError, build
    from tournament.movements.recommend import recommend

    fmt = getattr(event, "format", "pairs")
    if fmt == "progressive":
        return []
    if fmt == "individual":
        try:
            m = build("individual", players=count)
        except MovementError as exc:
            return [Recommendation("individual", 0, 0, 0, 0, note=str(exc))] if count >= 4 else []
        return [
            Recommendation(
                "individual", m.tables, m.round_count, m.boards_per_round, m.total_boards
            )
        ]
    if count < 2:
        return []
    try:
        found = recommend(count, target_boards=target_boards)
    except MovementError as exc:  # e.g. too few pairs: say so where the choices would be
        return [Recommendation("", 0, 0, 0, 0, note=str(exc))]
    return [
        Recommendation(r.kind, r.tables, r.rounds, r.boards_per_round, r.total_boards)
        for r in found
    ]
