"""A whole club to one file and back (``duplicate-club/1``), and the players list import.

With ``db.py`` the only interchange code that touches models (split from it to keep modules
short).  ``backup_club(club) -> dict`` holds the club, its directors (user names), its players
with their details and every event with every session as a duplicate-session/1 body.
``restore_club(data)`` rebuilds it inside one transaction, onto a database without that club.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from tournament.interchange import session_file as sfile
from tournament.interchange.csv_io import read_players
from tournament.interchange.db import EVENT_KEYS, _create_session, export_session
from tournament.interchange.errors import InterchangeError
from tournament.models import Club, Event, Player

CLUB_FORMAT = "duplicate-club/1"


def backup_club(club: Club) -> dict[str, Any]:
    events = []
    for event in club.events.order_by("created", "pk"):
        sessions = []
        for session in event.sessions.order_by("date", "pk"):
            data = export_session(session, with_club=False)
            sessions.append({k: v for k, v in data.items() if k not in ("format", "event")})
        events.append({**{k: getattr(event, k) for k in EVENT_KEYS}, "sessions": sessions})
    players = [
        sfile.Player(p.name, p.membership_number, p.email, p.phone, p.gender).to_json()
        for p in club.players.order_by("name", "pk")
    ]
    return {
        "format": CLUB_FORMAT,
        "club": {"name": club.name, "slug": club.slug},
        "directors": sorted(u.get_username() for u in club.directors.all()),
        "players": players,
        "events": events,
    }


def restore_club(data: dict[str, Any]) -> Club:
    """Rebuild a club from ``backup_club`` output; all or nothing."""
    if not isinstance(data, dict) or data.get("format") != CLUB_FORMAT:
        raise InterchangeError(
            "format",
            f"expected {CLUB_FORMAT!r}, got {data.get('format') if isinstance(data, dict) else data!r}",
        )
    files = [
        _session_file(data, i, j)
        for i, event in enumerate(data["events"])
        for j in range(len(event["sessions"]))
    ]
    if Club.objects.filter(slug=data["club"]["slug"]).exists():
        raise InterchangeError(
            "club.slug",
            f"a club {data['club']['slug']!r} exists already; restore onto an empty database",
        )
    try:
        with transaction.atomic():
            return _restore(data, files)
    except IntegrityError as exc:
        raise InterchangeError("", f"the database refused the backup: {exc}") from exc


def _session_file(data: dict[str, Any], i: int, j: int) -> sfile.SessionFile:
    event = {k: v for k, v in data["events"][i].items() if k != "sessions"}
    body = {"format": sfile.FORMAT, "event": event, **data["events"][i]["sessions"][j]}
    try:
        return sfile.parse(body)
    except InterchangeError as exc:
        raise InterchangeError(f"events[{i}].sessions[{j}].{exc.where}", exc.message) from exc


def _restore(data: dict[str, Any], files: list[sfile.SessionFile]) -> Club:
    club = Club.objects.create(name=data["club"]["name"], slug=data["club"]["slug"])
    users = get_user_model().objects.filter(username__in=data.get("directors", []))
    club.directors.add(*users)
    for p in data.get("players", []):
        player = sfile.Player(**p)
        Player.objects.create(
            club=club, name=player.name, membership_number=player.membership,
            email=player.email, phone=player.phone, gender=player.gender,
        )  # fmt: skip
    files = iter(files)
    for event_data in data["events"]:
        values = {k: event_data[k] for k in EVENT_KEYS if k in event_data}
        event = Event.objects.create(club=club, **values)
        for _ in event_data["sessions"]:
            _create_session(event, next(files))
    return club


def import_players(club: Club, text: str) -> tuple[int, int]:
    """Add or update the club's players from CSV; (created, updated). All or nothing."""
    rows = read_players(text)
    created = updated = 0
    with transaction.atomic():
        for row in rows:
            player = _find(club, row)
            if player is None:
                player = Player(club=club)
                created += 1
            else:
                updated += 1
            player.name, player.membership_number = (
                row.name,
                row.membership or player.membership_number,
            )
            player.email = row.email or player.email
            player.phone = row.phone or player.phone
            player.gender = row.gender or player.gender
            player.save()
    return created, updated


def _find(club: Club, row) -> Player | None:
    if row.membership:
        found = Player.objects.filter(club=club, membership_number=row.membership).first()
        if found:
            return found
    return Player.objects.filter(club=club, name=row.name, membership_number="").first()
