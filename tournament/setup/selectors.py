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
    if getattr(event, "scoring_method", "") == "tricks_teams":
        return _club_match(count, target_boards)
    try:
        found = recommend(count, target_boards=target_boards)
    except MovementError as exc:  # e.g. too few pairs: say so where the choices would be
        return [Recommendation("", 0, 0, 0, 0, note=str(exc))]
    return [
        Recommendation(r.kind, r.tables, r.rounds, r.boards_per_round, r.total_boards)
        for r in found
    ]


def _club_match(count: int, target_boards: int) -> list[Recommendation]:
    """A whist team match (method ``tricks_teams``): the club match of two teams of
    ``count / 2`` pairs [000 L727], with about ``target_boards`` boards; a pairs movement
    could not be scored as a team match."""
    from tournament.movements import MovementError, build

    p = count // 2
    per_round = max(1, round(target_boards / max(p, 1)))
    try:
        m = build("club-match", pairs=count, boards_per_round=per_round)
    except MovementError as exc:
        return [Recommendation("", 0, 0, 0, 0, note=str(exc))]
    return [
        Recommendation("club-match", m.tables, m.round_count, m.boards_per_round, m.total_boards)
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

    @property
    def console_step(self) -> str:
        """The step of the session console where this is done (``entries`` … ``results``)."""
        return step_of(self)


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
    from tournament.social.selectors import is_social

    needed = set()
    for s in sections:
        movement = s.get_movement()
        # the book's social games deal at the table [002 L3101–3103, L3237–3239]
        if movement is not None and not is_social(s):
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
    from tournament.social.selectors import is_social
    from tournament.social.selectors import schedule as social_schedule

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
        from scoring.rulings.selectors import open_protests

        undecided = len(open_protests(session))
        if undecided:
            return NextStep(
                "protests-open",
                f"decide the {undecided} protest{'s' if undecided > 1 else ''} (Law 12), "
                "then make final",
            )
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
        if is_social(s):
            playing = [t.round for t in social_schedule(s) if t.score is None]
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


# --- the session console as steps (docs/console.md, "The session's steps") --------------------


@dataclass(frozen=True)
class ConsoleStep:
    """One step of the session console: its ``code`` (``entries`` … ``results``), its title,
    its ``state`` (``done``, ``next``, ``todo`` — later, nothing missing — or ``blocked``) and a
    note saying what is done or, when blocked, why."""

    code: str
    title: str
    state: str
    note: str = ""

    @property
    def number(self) -> int:
        return [code for code, _, _ in STEPS].index(self.code) + 1

    @property
    def url_name(self) -> str:
        return f"td_session_{self.code}"

    @property
    def state_label(self) -> str:
        return {"done": "done", "next": "next", "todo": "later", "blocked": "blocked"}[self.state]


#: the steps in the order a TD follows them, each with the ``NextStep`` codes it answers
STEPS = (
    ("entries", "Entries", {"sign-in"}),
    ("movement", "Movement", {"movement"}),
    ("boards", "Boards", {"boards"}),
    ("play", "Play", {"start", "play"}),
    ("results", "Results", {"results-in", "provisional", "protests-closed", "final"}),
)


def step_of(next_step: NextStep) -> str:
    """The console step where ``next_step`` is done."""
    return next((code for code, _, codes in STEPS if next_step.code in codes), "entries")


def session_steps(session: Session, step: NextStep | None = None) -> list[ConsoleStep]:
    """The five console steps of ``session`` with what each has done or lacks.

    The order is the evening's (docs/console.md): entries signed in; a movement for every
    section with entries (a progressive game seats round by round and needs none); the boards
    the movements play dealt; play (``Make running`` needs all three, ``setup_missing``);
    results (provisional, then final after the protest window).
    """
    from boards.models import BoardSet

    step = step or next_step(session)
    missing = setup_missing(session)
    noun = _entry_noun(session)
    progressive = session.event.format == "progressive"
    sections = list(session.sections.all())
    live = sum(s.entries.filter(withdrawn=False).count() for s in sections)
    status = session.status
    played = status in (Session.Status.PROVISIONAL, Session.Status.FINAL)
    current = step_of(step)
    board_set = BoardSet.objects.filter(session=session).first()
    dealt = board_set.boards.count() if board_set else 0
    kinds = sorted({s.movement_kind for s in sections if s.movement_kind})

    def state(code: str, done: bool, blocked: str = "") -> tuple[str, str]:
        if code == current and not played and status != Session.Status.FINAL:
            return ("next", "")
        if done:
            return ("done", "")
        return ("blocked", blocked) if blocked else ("todo", "")

    steps = []
    # 1 entries
    st, why = state("entries", live > 0)
    note = f"{live} {noun} signed in" if live else f"no {noun} are signed in yet"
    if not sections:
        note = "no section yet: add section A"
    steps.append(ConsoleStep("entries", "Entries", st, note))
    # 2 movement
    if progressive:
        steps.append(
            ConsoleStep("movement", "Movement", "done", "not needed: seated round by round")
        )
    else:
        done = live > 0 and (missing is None or missing.code == "boards")
        st, why = state("movement", done, "" if live else f"sign in {noun} first")
        if st == "next" and missing is not None:
            note = missing.reason
        elif done:
            note = ", ".join(kinds) + " chosen"
        else:
            note = why or "after the entries"
        steps.append(ConsoleStep("movement", "Movement", st, note))
    # 3 boards
    if progressive:
        done = dealt > 0
        st, why = state("boards", done)
        steps.append(
            ConsoleStep(
                "boards", "Boards", st, f"{dealt} boards dealt" if done else "deal before play"
            )
        )
    else:
        done = live > 0 and missing is None
        blocked = (
            "" if done or (missing and missing.code == "boards") else "choose a movement first"
        )
        st, why = state("boards", done, blocked)
        if st == "next" and missing is not None:
            note = missing.reason
        elif done:
            note = f"{dealt} boards dealt"
        else:
            note = why or "after the movement"
        steps.append(ConsoleStep("boards", "Boards", st, note))
    # 4 play
    if played:
        steps.append(ConsoleStep("play", "Play", "done", "every round played"))
    elif missing is not None:
        steps.append(
            ConsoleStep(
                "play", "Play", "blocked", f"Make running needs {_needs(session)}: {missing.reason}"
            )
        )
    else:
        label = step.label if current == "play" else "all rounds in"
        st = "next" if current == "play" else "done"
        steps.append(ConsoleStep("play", "Play", st, label))
    # 5 results
    if status == Session.Status.FINAL:
        steps.append(ConsoleStep("results", "Results", "done", "final"))
    elif current == "results":
        steps.append(ConsoleStep("results", "Results", "next", step.label))
    else:
        steps.append(ConsoleStep("results", "Results", "todo", "after play"))
    return steps


def _needs(session: Session) -> str:
    if session.event.format == "progressive":
        return f"{_entry_noun(session)} signed in"
    return "a movement and dealt boards"


def club_players(club: Club) -> QuerySet[Player]:
    """The club's players by name, as the ratings page lists them."""
    return club.players.order_by("name", "pk")
