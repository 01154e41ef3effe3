"""The only interchange module that touches models: sessions and clubs to files and back.

``export_session(session) -> dict`` writes a duplicate-session/1 file; ``import_session(data)``
reads one into a new session inside ONE transaction (a file that fails anywhere leaves nothing
behind).  ``backup_club`` / ``restore_club`` do the same for a whole club (duplicate-club/1).
Database ids are not written; timestamps are kept as data and restored.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from boards.models import Board, BoardSet
from scoring.contract import dealer as dealer_of
from scoring.contract import vulnerability as vulnerability_of
from scoring.models import BoardResult, ResultAudit, Ruling
from scoring.team_match import TEAM_METHODS
from tournament.interchange import session_file as sfile
from tournament.interchange.errors import InterchangeError
from tournament.interchange.scoring_input import entry_fields, movement_of
from tournament.models import Club, Entry, EntryPlayer, Event, Player, Section, Session
from tournament.movements.teams import team_pairs

CLUB_FORMAT = "duplicate-club/1"
EVENT_KEYS = ("name", "kind", "format", "game", "scoring_method", "conditions")


def _iso(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _when(text: str | None) -> dt.datetime | None:
    return dt.datetime.fromisoformat(text) if text else None


def _username(user) -> str | None:
    return user.get_username() if user else None


# ---------------------------------------------------------------------------------------------
# Export


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


# ---------------------------------------------------------------------------------------------
# Import


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


# ---------------------------------------------------------------------------------------------
# USEBIO and PBN results through the session file


def _section_index(sf: sfile.SessionFile, name: str | None) -> int:
    names = [s.name for s in sf.sections]
    if name is None:
        return 0
    if name not in names:
        raise InterchangeError("section", f"no section {name!r} (sections: {', '.join(names)})")
    return names.index(name)


def export_usebio(session: Session, section: str | None = None) -> str:
    """USEBIO 1.2 XML of one section of a session, scored now."""
    from tournament.interchange import usebio
    from tournament.interchange.scoring_input import score_section

    sf = sfile.parse(export_session(session))
    index = _section_index(sf, section)
    return usebio.write(sf, score_section(sf, index), index)


def import_usebio(text: str | bytes, club: Club | None = None) -> Session:
    """A new session from another program's USEBIO file (scores recomputed from travellers)."""
    from tournament.interchange import usebio

    return import_session(usebio.parse(text).to_json(), club=club)


def export_pbn_results(session: Session, section: str | None = None) -> str:
    """PBN 2.1 with ScoreTable per board and TotalScoreTable, scored now."""
    from tournament.interchange import pbn_results
    from tournament.interchange.scoring_input import score_section

    sf = sfile.parse(export_session(session))
    index = _section_index(sf, section)
    return pbn_results.write(sf, score_section(sf, index), index)


def import_pbn_results(text: str, club: Club) -> Session:
    """A new session (in ``club``) from the results in another program's PBN file."""
    from tournament.interchange import pbn_results

    return import_session(pbn_results.parse(text).to_json(), club=club)
