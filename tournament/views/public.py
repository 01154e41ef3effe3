"""Public pages: no login needed to read a club's events, sessions, boards and players.

Every page here applies the no-peeking rule of ``scoring.standings.selectors``
(board details hidden while play may still reach them) and the deal rule of
``boards.services.deals_visible``.  Views read through selectors and render;
they never compute a score.
"""

from __future__ import annotations

import hashlib

from django.conf import settings
from django.core.cache import cache
from django.db.models import Exists, OuterRef, Q
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.views.decorators.cache import never_cache

from boards.models import Board
from boards.selectors import board_context
from boards.services import deals_visible
from scoring.models import Protest, Standings
from scoring.rulings import selectors as ruling_selectors
from scoring.standings import selectors as standings_selectors
from tournament.charts import line_chart
from tournament.prizes import foster_selectors
from tournament.prizes.combined import ranking as combined_ranking
from tournament.prizes.selectors import series_label, series_standings
from tournament.setup import selectors as setup_selectors
from tournament.social import selectors as social_selectors

from ..models import Club, Event, FosterDraw, Player, RoundSeating, Section, Session


def home(request):
    return render(request, "tournament/home.html", {"clubs": setup_selectors.clubs_with_events()})


def club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    events = club.events.prefetch_related("sessions")
    return render(request, "tournament/club.html", {"club": club, "events": events})


def event(request, pk):
    event = get_object_or_404(Event.objects.select_related("club"), pk=pk)
    context = {
        "event": event,
        "sessions": setup_selectors.event_sessions(event),
        "is_director": event.club.is_director(request.user),
        "combined": combined_ranking(event),
    }
    if event.kind == Event.Kind.SERIES:
        context.update(series_rows=series_standings(event), series_label=series_label(event))
    return render(request, "tournament/event.html", context)


def _session(pk) -> Session:
    """The session with its event and club, and its kept standings' version (not the JSON:
    ``_standings_stamp`` reads the version from it without another query)."""
    rows = Session.objects.select_related("event__club", "standings").defer(
        "standings__data", "standings__state"
    )
    return get_object_or_404(rows, pk=pk)


def _standings_context(request, session: Session) -> dict:
    data = standings_selectors.standings_data(session)  # read once: 100 KB of JSON at 30 tables
    ranked = standings_selectors.public_standings(session, data)  # every section, once
    return {
        "session": session,
        "live": not session.is_final,
        "hidden_rule": standings_selectors.is_live(session),
        "standings": [item for item in ranked if not social_selectors.is_social(item.section)],
        "social": social_selectors.session_standings(session, [i.section for i in ranked]),
        "twins": data.get("twins", []),
        "poll_seconds": settings.LIVE_POLL_SECONDS,
        "pending": standings_selectors.pending(session),
    }


def _standings_stamp(session: Session, sections=None) -> str:
    """The kept standings' version (bumped by every result, correction and status change);
    ``sections``: the session's sections, when the caller has read them."""
    try:
        kept = session.standings  # read with the session by ``_session``
    except Standings.DoesNotExist:
        version, computed = 0, None
    else:
        version, computed = kept.results_version, kept.computed_at
    stamp = computed.timestamp() if computed else 0
    social = social_selectors.version(session, sections)
    pending = int(standings_selectors.pending(session))
    return f"{session.pk}:{session.status}:{version}:{stamp}:{social}:{pending}"


def standings_html(request, session: Session, stamp: str | None = None) -> str:
    """The rendered standings fragment, kept (settings ``CACHES``: in files shared by the
    machine's web processes) until the next result.

    Dozens of phones poll it while nothing changes; the key carries the kept standings'
    version (and the social games' scores), so a poll after a change always renders afresh,
    once for all the processes.  The fragment is the same for every reader.
    """
    stamp = stamp or _standings_stamp(session)
    key = f"standings:{stamp}:{settings.LIVE_POLL_SECONDS}"
    html = cache.get(key)
    if html is None:
        html = render_to_string("tournament/_standings.html", _standings_context(request, session))
        cache.set(key, html, 600)
    return html


def movement_html(session: Session, sections) -> str:
    """The rendered movement grids (``tournament/_movement.html``), kept (settings ``CACHES``)
    by what they show: each section's name, kind, movement (its digest: the rounds, the
    tables, the boards, the sit-outs) and the section it shares boards with.  No result
    changes them, so a 30-table grid (hundreds of cells, the movements read whole) is built
    and rendered once per movement, not once per result."""
    shown = [(s.pk, s.name, s.movement_kind, s.movement_digest, s.shares_boards_with_id)
             for s in sections]  # fmt: skip
    key = f"movement:{session.pk}:" + hashlib.sha256(repr(shown).encode()).hexdigest()
    html = cache.get(key)
    if html is None:
        html = render_to_string("tournament/_movement.html", {"session": session})
        cache.set(key, html, 600)
    return html


@never_cache
def session(request, pk):
    session = _session(pk)
    # read once (without the stored movements: known by digest) for the cache keys, the
    # seating, the Swiss links and the foster draws (read with them); by name, their order
    # within the session
    sections = list(
        session.sections.defer("movement")
        .select_related("foster_draw")
        .annotate(seated=_SEATED, decided_protests=_DECIDED_PROTESTS)
        .order_by("name")
    )
    stamp = _standings_stamp(session, sections)
    context = {
        "session": session,
        "sections": sections,
        "standings_html": standings_html(request, session, stamp),
        "movement_html": movement_html(session, sections),
        "is_director": session.club.is_director(request.user),
        "protests": ruling_selectors.protests(session, decided_only=True)
        if any(s.decided_protests for s in sections)
        else [],
        "foster": [
            {"section": s, **foster_selectors.result(s)} for s in sections if _has_foster_draw(s)
        ],
    }
    return render(request, "tournament/session.html", context)


#: read with the sections by the session page, so that a section with no progressive
#: seating and no decided protest (the usual duplicate night) asks nothing more of the database
_SEATED = Exists(RoundSeating.objects.filter(section=OuterRef("pk")))
_DECIDED_PROTESTS = Exists(
    Protest.objects.filter(section=OuterRef("pk")).exclude(status=Protest.Status.OPEN)
)


def _has_foster_draw(section: Section) -> bool:
    try:
        return section.foster_draw is not None  # read with the section (select_related)
    except FosterDraw.DoesNotExist:
        return False


@never_cache
def session_standings(request, pk):
    """Just the standings and travellers list: what the htmx poll swaps in every 15 s."""
    return HttpResponse(standings_html(request, _session(pk)))


def _section(session: Session, name: str) -> Section:
    return get_object_or_404(session.sections.all(), name=name)


@never_cache
def scorecard(request, pk, section, entry):
    session = _session(pk)
    section = _section(session, section)
    entries = {e.number: e for e in section.entries.prefetch_related("entry_players__player")}
    if entry not in entries:
        raise Http404("No such entry in this section.")
    names = {n: e.display_name for n, e in entries.items()}
    card, standing = standings_selectors.scorecard(session, section, entry, names)
    chart = line_chart(card.chart, percent=card.chart_kind == "percent")
    return render(
        request,
        "tournament/scorecard.html",
        {
            "session": session, "section": section, "entry": entries[entry], "card": card,
            "standing": standing, "chart": chart, "hidden_rule": standings_selectors.is_live(session),
        },
    )  # fmt: skip


@never_cache
def board(request, pk, number):
    session = _session(pk)
    row = Board.objects.filter(board_set__session=session, number=number).first()
    show_deal = row is not None and deals_visible(session, request.user)
    travellers = []
    for item in standings_selectors.public_standings(session):
        for scored in item.boards:
            if scored["board"] == number:
                travellers.append((item, scored["results"]))
    if not show_deal and not travellers:
        raise Http404("This board is not shown yet.")
    context = {"session": session, "number": number, "travellers": travellers}
    if show_deal:
        context.update(board_context(row))
    return render(request, "tournament/board.html", context)


def player_search(request):
    # a NUL cannot be in a name (PostgreSQL refuses it in a query): searched without it
    query = request.GET.get("q", "").replace("\x00", "").strip()
    players = []
    if query:
        players = Player.objects.filter(
            Q(name__icontains=query) | Q(membership_number__iexact=query)
        ).select_related("club")[:50]
    return render(request, "tournament/player_search.html", {"query": query, "players": players})


def player(request, pk):
    player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
    places = standings_selectors.player_history(player)
    seasons = _seasons(places)
    return render(
        request,
        "tournament/player.html",
        {"player": player, "places": places, "seasons": seasons},
    )


def _seasons(places) -> list[dict]:
    """Per series event the player's session percentages, oldest first, as a chart."""
    by_event: dict[int, dict] = {}
    for place in reversed(places):
        event = place.session.event
        if event.kind != Event.Kind.SERIES or standings_selectors.is_live(place.session):
            continue
        percent = (place.standing or {}).get("percent")
        item = by_event.setdefault(event.pk, {"event": event, "values": [], "labels": []})
        item["values"].append(percent)
        item["labels"].append(place.session.name)
    for item in by_event.values():
        item["chart"] = line_chart(item["values"], labels=item["labels"], label=str(item["event"]))
        item["chart_id"] = f"season-{item['event'].pk}"
    return [item for item in by_event.values() if item["chart"] is not None]
