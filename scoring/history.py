"""A player's record across events, and a season's series standings, from the kept standings.

Reads a constant number of queries whatever the number of sessions.  A running
session shows the player's live place (rankings are public during play; board
details are not — see ``scoring.public_selectors``).  The series standing is the
average of a player's session percentages over the sessions played
(``scoring.series.average_of_percentages``), counting provisional and final
sessions only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Prefetch

from tournament.models import EntryPlayer, Event, Player, Session

from .models import Standings
from .public_selectors import entry_standing, is_live
from .series import average_of_percentages


@dataclass
class Place:
    session: Session
    section: str
    entry: int
    partners: list[Player]
    standing: dict[str, Any] | None


def _standings_by_session(session_ids) -> dict[int, dict[str, Any]]:
    rows = Standings.objects.filter(session_id__in=list(session_ids)).only("session_id", "data")
    return {row.session_id: row.data or {} for row in rows}


def _section_fields(data: dict[str, Any], name: str) -> list[dict[str, Any]]:
    for section in data.get("sections", []):
        if section.get("name") == name:
            return section.get("fields", [])
    return []


def player_history(player: Player) -> list[Place]:
    """Every session the player played: partners, place and score (newest first)."""
    places = list(
        EntryPlayer.objects.filter(player=player)
        .select_related("entry__section__session__event")
        .prefetch_related(
            Prefetch("entry__entry_players", queryset=EntryPlayer.objects.select_related("player"))
        )
        .order_by("-entry__section__session__date", "-entry__section__session__pk")
    )
    data = _standings_by_session(p.entry.section.session_id for p in places)
    out = []
    for place in places:
        section = place.entry.section
        fields = _section_fields(data.get(section.session_id, {}), section.name)
        partners = [
            ep.player for ep in place.entry.entry_players.all() if ep.player_id != player.pk
        ]
        standing = entry_standing(fields, place.entry.number)
        out.append(Place(section.session, section.name, place.entry.number, partners, standing))
    return out


@dataclass
class SeriesRow:
    player: Player
    average: Fraction
    sessions: int
    percents: list[float | None] = field(default_factory=list)
    rank: int = 0


def _session_percents(session: Session, data: dict[str, Any]) -> dict[int, Fraction]:
    """Player id → percentage in one session (its pair's percentage)."""
    out = {}
    for section in session.sections.all():
        fields = _section_fields(data, section.name)
        for entry in section.entries.all():
            standing = entry_standing(fields, entry.number)
            if standing is None or standing.get("percent") is None:
                continue
            for ep in entry.entry_players.all():
                out[ep.player_id] = Fraction(str(standing["percent"]))
    return out


def series_standings(event: Event) -> tuple[list[Session], list[SeriesRow]]:
    """The season so far: sessions counted (oldest first) and players by average percentage."""
    players = EntryPlayer.objects.select_related("player")
    sessions = [
        s
        for s in event.sessions.order_by("date", "pk").prefetch_related(
            "sections__entries", Prefetch("sections__entries__entry_players", queryset=players)
        )
        if not is_live(s)
    ]
    data = _standings_by_session(s.pk for s in sessions)
    per_session = [_session_percents(s, data.get(s.pk, {})) for s in sessions]
    averages = average_of_percentages(per_session)
    people = {
        ep.player_id: ep.player
        for s in sessions
        for sec in s.sections.all()
        for e in sec.entries.all()
        for ep in e.entry_players.all()
    }
    rows = [
        SeriesRow(
            people[pid], avg, sum(pid in p for p in per_session),
            [float(p[pid]) if pid in p else None for p in per_session],
        )
        for pid, avg in averages.items()
    ]  # fmt: skip
    rows.sort(key=lambda r: (-r.average, r.player.name))
    for i, row in enumerate(rows, start=1):
        row.rank = i
    return sessions, rows
