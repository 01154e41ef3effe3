"""Reads for setting up: clubs, sessions and sections in order, a player's entries, and the
movements recommended for the number signed in (``tournament.movements.recommend``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet

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


# --- the director's home: each session's next step ------------------------------------------

#: the protest window when the event's conditions do not say (docs/console.md)
DEFAULT_PROVISIONAL_HOURS = 48


def protest_deadline(session: Session):
    """When the protest window of a provisional session closes (None unless provisional)."""
    import datetime as dt

    if session.status != Session.Status.PROVISIONAL or session.provisional_since is None:
        return None
    hours = session.event.condition("provisional_hours", DEFAULT_PROVISIONAL_HOURS)
    try:
        hours = float(hours)
    except (TypeError, ValueError):
        hours = DEFAULT_PROVISIONAL_HOURS
    return session.provisional_since + dt.timedelta(hours=hours)


@dataclass(frozen=True)
class NextStep:
    """What the TD does next with a session: ``code`` names the state, ``label`` says it."""

    code: str  # sign-in movement boards start play results-in provisional protests-closed final
    label: str
    reason: str = ""


def _entry_noun(session: Session) -> str:
    return {"individual": "players", "teams": "teams"}.get(session.event.format, "pairs")


def setup_missing(session: Session) -> NextStep | None:
    """The first set-up step a session still lacks before play can start (None: ready).

    Entries signed in; a movement for every section with entries (a progressive game seats
    round by round and needs none); every board the movements play dealt.  ``reason`` of the
    step says what is missing.
    """
    from boards.models import Board

    sections = list(session.sections.all())
    live = {s.pk: s.entries.filter(withdrawn=False).count() for s in sections}
    noun = _entry_noun(session)
    if not sections or not any(live.values()):
        return NextStep("sign-in", f"sign in {noun}", f"no {noun} are signed in yet")
    if session.event.format == "progressive":
        return None
    without = [s.name for s in sections if live[s.pk] and not s.movement]
    if without:
        return NextStep(
            "movement", "choose movement", f"section {', '.join(without)} has no movement yet"
        )
    needed = set()
    for s in sections:
        movement = s.get_movement()
        if movement is not None:
            for rnd in movement.rounds:
                for seating in rnd.tables:
                    needed.update(movement.boards_for(seating))
    dealt = set(Board.objects.filter(board_set__session=session).values_list("number", flat=True))
    missing = sorted(needed - dealt)
    if missing:
        shown = ", ".join(map(str, missing[:8])) + (" …" if len(missing) > 8 else "")
        what = "no boards are dealt yet" if not dealt else f"boards {shown} are not dealt"
        return NextStep("boards", "deal boards", what)
    return None


def next_step(session: Session, *, now=None) -> NextStep:
    """The one thing to do next, from the session's state (docs/console.md, "Director's home")."""
    from django.utils import timezone

    from tournament.play.selectors import progress

    if session.status == Session.Status.FINAL:
        return NextStep("final", "final")
    if session.status == Session.Status.PROVISIONAL:
        deadline = protest_deadline(session)
        now = now or timezone.now()
        if deadline is not None and now < deadline:
            local = timezone.localtime(deadline)
            same_day = local.date() == timezone.localtime(now).date()
            day = "" if same_day else local.strftime(" %a %d %b")
            return NextStep("provisional", f"provisional until {local:%H:%M}{day}")
        return NextStep("protests-closed", "protest window closed: make final")
    missing = setup_missing(session)
    if missing is not None:
        return missing
    if session.status == Session.Status.DRAFT:
        return NextStep("start", "make running: start play")
    rounds = current = None
    for s in session.sections.all():
        movement = s.get_movement()
        if movement is None:
            continue
        total = len(movement.rounds)
        rounds = max(rounds or 0, total)
        playing = [t.round for t in progress(s) if t.round is not None]
        if playing:
            current = min(current or total, min(playing))
    if rounds is None:
        return NextStep("play", "play: progressive rounds")
    if current is None:
        return NextStep("results-in", f"all {rounds} rounds in: make provisional")
    return NextStep("play", f"play: round {current} of {rounds}")


@dataclass(frozen=True)
class HomeSession:
    session: Session
    step: NextStep


@dataclass(frozen=True)
class DirectorHome:
    clubs: list
    today: list[HomeSession]
    upcoming: list[HomeSession]
    recent: list[HomeSession]


def director_home(user, *, today=None, recent_days: int = 28, limit: int = 10) -> DirectorHome:
    """The clubs ``user`` directs (all for a superuser), with today's sessions, the next ones
    and the recent ones (the last ``recent_days`` days, and any older one not yet final), each
    with its next step."""
    import datetime as dt

    from django.utils import timezone

    today = today or timezone.localdate()
    clubs = Club.objects.prefetch_related("events").order_by("name")
    if not user.is_superuser:
        clubs = clubs.filter(directors=user)
    clubs = list(clubs)
    sessions = Session.objects.filter(event__club__in=clubs).select_related("event__club")

    def rows(qs):
        return [HomeSession(s, next_step(s)) for s in qs[:limit]]

    return DirectorHome(
        clubs=clubs,
        today=rows(sessions.filter(date=today).order_by("pk")),
        upcoming=rows(sessions.filter(date__gt=today).order_by("date", "pk")),
        recent=rows(
            sessions.filter(date__lt=today)
            .filter(Q(date__gte=today - dt.timedelta(days=recent_days)) | ~Q(status="final"))
            .order_by("-date", "-pk")
        ),
    )
