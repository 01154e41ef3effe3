"""A player's record across events, and a season's series standings, from the kept standings.

Reads a constant number of queries whatever the number of sessions.  A running
session shows the player's live place (rankings are public during play; board
details are not — see ``scoring.public_selectors``).  The series standing is the
average of a player's session percentages over the sessions played
(``scoring.series.average_of_percentages``), counting provisional and final
sessions only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch

from tournament.models import EntryPlayer, Player, Session

from .models import Standings
from .public_selectors import entry_standing


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
