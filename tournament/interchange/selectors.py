"""Exports from the database: a session as a duplicate-session/1 file, as USEBIO or PBN results
(scored now), and a whole club as a duplicate-club/1 backup.  Database ids are not written;
timestamps are kept as data.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from boards.models import BoardSet
from scoring.models import BoardResult, ResultAudit
from tournament.interchange.formats import session_file as sfile
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.scoring_input import entry_fields, movement_of
from tournament.models import Club, Section, Session

EVENT_KEYS = ("name", "kind", "format", "game", "scoring_method", "conditions")


def _iso(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _username(user) -> str | None:
    return user.get_username() if user else None


def export_session(session: Session, *, with_club: bool = True) -> dict[str, Any]:
    """The session as a duplicate-session/1 dict (valid against schema.json)."""
    event = session.event
    sf = sfile.SessionFile(
        club={"name": event.club.name, "slug": event.club.slug} if with_club else None,
        event={k: getattr(event, k) for k in EVENT_KEYS},
        session={
            "name": session.name,
            "date": session.date.isoformat(),
            "status": session.status,
            "boards_released": session.boards_released,
            "provisional_since": _iso(session.provisional_since),
            "finalised_at": _iso(session.finalised_at),
        },
        sections=[],
        boards=_export_boards(session),
    )
    for section in session.sections.order_by("name"):
        sf.sections.append(_export_section(section))
    for sec in sf.sections:
        fields = entry_fields(sf, sec, movement_of(sec))
        for entry in sec.entries:
            entry.field = fields[entry.number]
    return sf.to_json()


def _export_boards(session: Session) -> sfile.BoardSet | None:
    bs = BoardSet.objects.filter(session=session).first()
    if bs is None:
        return None
    boards = [
        sfile.Board(
            number=b.number,
            dealer=b.dealer or None,
            vulnerability=b.vulnerability or None,
            deal=b.deal or None,
            trump_card=b.trump_card or None,
            dd_table=b.dd_table,
            par=b.par,
        )
        for b in bs.boards.order_by("number")
    ]
    return sfile.BoardSet(
        source=bs.source,
        seed=bs.seed,
        fingerprint=bs.fingerprint,
        trump_mode=bs.trump_mode,
        declared_trump=bs.declared_trump,
        released_at=_iso(bs.released_at),
        list=boards,
    )


def _export_section(section: Section) -> sfile.Section:
    entries = [
        sfile.Entry(
            number=e.number,
            kind=e.kind,
            name=e.name,
            withdrawn=e.withdrawn,
            players=[
                sfile.Player(name=ep.player.name, membership=ep.player.membership_number)
                for ep in e.entry_players.select_related("player").order_by("position", "pk")
            ],
        )
        for e in section.entries.order_by("number")
    ]
    rows = list(
        BoardResult.objects.filter(section=section)
        .select_related("ns_entry", "ew_entry", "entered_by")
        .order_by("board_number", "table_number", "ns_entry__number", "pk")
    )
    index = {row.pk: i for i, row in enumerate(rows)}
    return sfile.Section(
        name=section.name,
        movement=section.movement,
        entries=entries,
        results=[_export_result(row) for row in rows],
        corrections=[
            _export_audit(a, index)
            for a in section.audit.select_related("user").order_by("at", "pk")
        ],
        rulings=[
            sfile.Ruling(
                r.board_number, r.kind, r.details or {}, r.reason, _username(r.user), _iso(r.at)
            )
            for r in section.rulings.select_related("user").order_by("board_number", "at", "pk")
        ],
    )


def _export_result(row: BoardResult) -> sfile.Result:
    return sfile.Result(
        board=row.board_number,
        ns=row.ns_entry.number,
        ew=row.ew_entry.number,
        round=row.round_number,
        table=row.table_number,
        contract=row.contract or None,
        declarer=row.declarer or None,
        tricks=row.tricks,
        lead=row.lead or None,
        honours_ns=row.honours_ns,
        honours_ew=row.honours_ew,
        revokes_ns=row.revokes_ns,
        revokes_ew=row.revokes_ew,
        tricks_ns=row.tricks_ns,
        score_ns=row.score_ns,
        adjusted=row.adjusted or None,
        not_played=row.not_played,
        fouled_group=row.fouled_group or None,
        status=row.status,
        entered_via=row.entered_via,
        entered_by=_username(row.entered_by),
        confirmed_at=_iso(row.confirmed_at),
        version=row.version,
    )


def _export_audit(a: ResultAudit, index: dict[int, int]) -> sfile.Correction:
    return sfile.Correction(
        board=a.board_number,
        action=a.action,
        result=index.get(a.result_id),
        old=a.old,
        new=a.new,
        reason=a.reason,
        user=_username(a.user),
        actor=a.actor,
        at=_iso(a.at),
    )


def _section_index(sf: sfile.SessionFile, name: str | None) -> int:
    names = [s.name for s in sf.sections]
    if name is None:
        return 0
    if name not in names:
        raise InterchangeError("section", f"no section {name!r} (sections: {', '.join(names)})")
    return names.index(name)


def export_usebio(session: Session, section: str | None = None) -> str:
    """USEBIO 1.2 XML of one section of a session, scored now."""
    from tournament.interchange.formats import usebio
    from tournament.interchange.formats.scoring_input import score_section

    sf = sfile.parse(export_session(session))
    index = _section_index(sf, section)
    return usebio.write(sf, score_section(sf, index), index)


def export_pbn_results(session: Session, section: str | None = None) -> str:
    """PBN 2.1 with ScoreTable per board and TotalScoreTable, scored now."""
    from tournament.interchange.formats import pbn_results
    from tournament.interchange.formats.scoring_input import score_section

    sf = sfile.parse(export_session(session))
    index = _section_index(sf, section)
    return pbn_results.write(sf, score_section(sf, index), index)


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
