"""Imports into the database: a session file, USEBIO or PBN results into a new session, a club
backup restored, a players' CSV merged into a club — each inside ONE transaction (a file that
fails anywhere leaves nothing behind).  The formats themselves are ``formats/`` (pure).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from boards.models import Board, BoardSet
from scoring.engine.contract import dealer as dealer_of
from scoring.engine.contract import vulnerability as vulnerability_of
from scoring.engine.team_match import TEAM_METHODS
from scoring.models import BoardResult, ResultAudit, Ruling
from tournament.interchange.formats import session_file as sfile
from tournament.interchange.formats.csv_io import read_players
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.scoring_input import movement_of
from tournament.interchange.selectors import CLUB_FORMAT, EVENT_KEYS
from tournament.models import Club, Entry, EntryPlayer, Event, Player, Section, Session
from tournament.movements.teams import team_pairs


def _when(text: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(text) if text else None


def import_session(data: dict[str, Any] | str, club: Club | None = None) -> Session:
    """Create a new session from a file; all or nothing. Raises InterchangeError."""
    sf = sfile.parse(data)
    try:
        with transaction.atomic():
            club = club or _club_for(sf)
            event = _event_for(club, sf.event)
            return _create_session(event, sf)
    except IntegrityError as exc:
        raise InterchangeError("", f"the database refused the file: {exc}") from exc


def _club_for(sf: sfile.SessionFile) -> Club:
    if not sf.club:
        raise InterchangeError("club", "missing: name the club (name and slug) to import into")
    club, _ = Club.objects.get_or_create(slug=sf.club["slug"], defaults={"name": sf.club["name"]})
    return club


def _event_for(club: Club, data: dict[str, Any]) -> Event:
    values = {k: data[k] for k in EVENT_KEYS if k in data}
    values.setdefault("name", "Imported event")
    values.setdefault("conditions", {})
    for event in Event.objects.filter(club=club, name=values["name"]):
        if all(getattr(event, k) == v for k, v in values.items()):
            return event
    return Event.objects.create(club=club, **values)


def _create_session(event: Event, sf: sfile.SessionFile) -> Session:
    info = sf.session
    session = Session.objects.create(
        event=event,
        name=info["name"],
        date=dt.date.fromisoformat(info["date"]) if info.get("date") else dt.date.today(),
        status=info.get("status", Session.Status.DRAFT),
        boards_released=info.get("boards_released", False),
        provisional_since=_when(info.get("provisional_since")),
        finalised_at=_when(info.get("finalised_at")),
    )
    if sf.boards is not None:
        _create_boards(session, sf.boards)
    for i, sec in enumerate(sf.sections):
        _create_section(session, sec, f"sections[{i}]")
    return session


def _create_boards(session: Session, data: sfile.BoardSet) -> None:
    bs = BoardSet.objects.create(
        session=session,
        source=data.source,
        seed=data.seed,
        fingerprint=data.fingerprint,
        trump_mode=data.trump_mode,
        declared_trump=data.declared_trump,
        released_at=_when(data.released_at),
    )
    Board.objects.bulk_create(
        Board(
            board_set=bs,
            number=b.number,
            deal=b.deal or "",
            dealer=b.dealer or dealer_of(b.number),
            vulnerability=b.vulnerability or vulnerability_of(b.number),
            trump_card=b.trump_card or "",
            dd_table=b.dd_table,
            par=b.par,
        )
        for b in data.list
    )


def _create_section(session: Session, sec: sfile.Section, path: str) -> Section:
    movement = movement_of(sec, f"{path}.movement")
    _check_kept_teams(sec, movement, path, session.event.scoring_method)
    section = Section.objects.create(
        session=session,
        name=sec.name,
        movement=movement.to_json() if movement else None,
        movement_kind=movement.kind if movement else "",
    )
    entries = {e.number: _create_entry(section, e) for e in sec.entries}
    rows = [
        _create_result(section, entries, r, f"{path}.results[{j}]")
        for j, r in enumerate(sec.results)
    ]
    for c in sec.corrections:
        audit = ResultAudit.objects.create(
            section=section,
            result=rows[c.result] if c.result is not None else None,
            board_number=c.board,
            action=c.action,
            old=c.old,
            new=c.new,
            reason=c.reason,
            user=_user(c.user),
            actor=c.actor,
        )
        if c.at:
            ResultAudit.objects.filter(pk=audit.pk).update(at=_when(c.at))
    for r in sec.rulings:
        ruling = Ruling.objects.create(
            section=section, board_number=r.board, kind=r.kind, details=r.details,
            reason=r.reason, user=_user(r.user),
        )  # fmt: skip
        if r.at:
            Ruling.objects.filter(pk=ruling.pk).update(at=_when(r.at))
    return section


def _check_kept_teams(sec: sfile.Section, movement, path: str, method: str) -> None:
    """The database keeps a team match's teams (whist, or teams of four at IMPs) by the team
    movement (team k = pairs k and T+k): results of a match need it, and an entry's ``team``
    must agree with it."""
    if method in TEAM_METHODS and sec.results and (movement is None or movement.kind != "team"):
        what = {"imps_teams": "an IMP team match"}.get(method, "a whist team match")
        raise InterchangeError(
            f"{path}.movement",
            f"{what} is kept with the team movement, which says each pair's team; "
            "score this file with score_file, or give it the team movement",
        )
    teams = {p: k for k, (ns, ew) in (team_pairs(movement) if movement else {}).items()
             for p in (*ns, *ew)}  # fmt: skip
    for j, e in enumerate(sec.entries):
        if e.team is not None and teams.get(e.number) != e.team:
            raise InterchangeError(
                f"{path}.entries[{j}].team",
                f"entry {e.number} is in team {e.team}, but the database keeps teams as the "
                "team movement seats them (team k = N-S pair k and E-W pair T+k); score this "
                "file with score_file, or renumber it for the team movement",
            )


def _user(username: str | None):
    if not username:
        return None
    return get_user_model().objects.filter(username=username).first()


def _player(club: Club, p: sfile.Player) -> Player:
    """The club's player with that membership number, else that name, else a new one."""
    if p.membership:
        found = Player.objects.filter(club=club, membership_number=p.membership).first()
    else:
        found = Player.objects.filter(club=club, name=p.name, membership_number="").first()
    if found is not None:
        return found
    return Player.objects.create(
        club=club, name=p.name, membership_number=p.membership,
        email=p.email, phone=p.phone, gender=p.gender,
    )  # fmt: skip


def _create_entry(section: Section, e: sfile.Entry) -> Entry:
    entry = Entry.objects.create(
        section=section, number=e.number, kind=e.kind, name=e.name, withdrawn=e.withdrawn
    )
    club = section.session.event.club
    for position, p in enumerate(e.players, start=1):
        EntryPlayer.objects.create(entry=entry, player=_player(club, p), position=position)
    return entry


def _create_result(section: Section, entries: dict[int, Entry], r: sfile.Result, path: str):
    for side in ("ns", "ew"):
        if getattr(r, side) not in entries:
            raise InterchangeError(
                f"{path}.{side}", f"entry {getattr(r, side)} is not in the section"
            )
    row = BoardResult.objects.create(
        section=section,
        board_number=r.board,
        round_number=r.round,
        table_number=r.table,
        ns_entry=entries[r.ns],
        ew_entry=entries[r.ew],
        contract=r.contract or "",
        declarer=r.declarer or "",
        tricks=r.tricks,
        lead=r.lead or "",
        honours_ns=r.honours_ns,
        honours_ew=r.honours_ew,
        revokes_ns=r.revokes_ns,
        revokes_ew=r.revokes_ew,
        tricks_ns=r.tricks_ns,
        score_ns=r.score_ns,
        adjusted=r.adjusted or "",
        not_played=r.not_played,
        fouled_group=r.fouled_group or "",
        status=r.status,
        entered_via=r.entered_via,
        entered_by=_user(r.entered_by),
        confirmed_at=_when(r.confirmed_at),
        version=r.version,
    )
    return row


def import_usebio(text: str | bytes, club: Club | None = None) -> Session:
    """A new session from another program's USEBIO file (scores recomputed from travellers)."""
    from tournament.interchange.formats import usebio

    return import_session(usebio.parse(text).to_json(), club=club)


def import_pbn_results(text: str | bytes, club: Club) -> Session:
    """A new session (in ``club``) from the results in another program's PBN file. Bytes are
    decoded as the file declares, else UTF-8, else ISO-8859-1/Windows-1252; how it was read
    (PBN version, program, encoding) is kept in ``event.conditions["source"]``."""
    from tournament.interchange.formats import pbn_results

    return import_session(pbn_results.parse(text).to_json(), club=club)


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
