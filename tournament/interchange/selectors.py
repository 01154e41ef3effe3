"""Exports from the database: a session as a duplicate-session/1 file, as USEBIO or PBN results
(scored now), and a whole club as a duplicate-club/1 backup.  Database ids are not written;
timestamps are kept as data.  A backup (``records=True``) adds what a session file shared with
another program leaves out: each row's creation and change times, the table codes, the
session's results version and the prize list kept at finalisation (docs/interchange.md).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from boards.models import BoardSet
from scoring.models import BoardResult, PrizeDecision, ResultAudit, Standings
from tournament.interchange.formats import session_file as sfile
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.scoring_input import entry_fields, movement_of
from tournament.models import Club, Event, FosterDraw, Player, Section, Session
from tournament.prizes.combined import carry_overs
from tournament.prizes.combined import ranking as combined_ranking

EVENT_KEYS = ("name", "kind", "format", "game", "scoring_method", "conditions")


def _iso(value: dt.datetime | None) -> str | None:
    return value.isoformat() if value else None


def _username(user) -> str | None:
    return user.get_username() if user else None


def export_session(
    session: Session,
    *,
    with_club: bool = True,
    records: bool = False,
    player_refs: dict[int, int] | None = None,
) -> dict[str, Any]:
    """The session as a duplicate-session/1 dict (valid against schema.json).

    ``records``: also the rows' creation and change times, the table codes, the results
    version and the kept prize list, as a club backup holds them; ``player_refs`` (player id →
    index in the backup's players) names each entry player's place in the club's list.
    """
    event = session.event
    info = {
        "name": session.name,
        "date": session.date.isoformat(),
        "status": session.status,
        "boards_released": session.boards_released,
        "provisional_since": _iso(session.provisional_since),
        "finalised_at": _iso(session.finalised_at),
    }
    if records:
        info["created"] = _iso(session.created)
        info["results_version"] = session.results_version
        kept = Standings.objects.filter(session=session).values_list("data", flat=True).first()
        for key in ("prizes", "social_prizes"):
            if kept and key in kept:
                info[key] = kept[key]
    sf = sfile.SessionFile(
        club={"name": event.club.name, "slug": event.club.slug} if with_club else None,
        event={k: getattr(event, k) for k in EVENT_KEYS} | {"conditions": event.usable_conditions},
        session=info,
        sections=[],
        boards=_export_boards(session, records),
        prize_decisions=[
            _export_prize_decision(d, records)
            for d in PrizeDecision.objects.filter(session=session)
            .select_related("user")
            .order_by("section", "field", "tied", "pk")
        ],
    )
    carry = carry_overs(session)
    for section in session.sections.order_by("name"):
        sf.sections.append(_export_section(section, records, player_refs))
        for entry in sf.sections[-1].entries:
            if (section.name, entry.number) in carry:
                entry.carry_over = str(carry[(section.name, entry.number)])
    for sec in sf.sections:
        fields = entry_fields(sf, sec, movement_of(sec))
        for entry in sec.entries:
            entry.field = fields[entry.number]
    return sf.to_json()


def _export_prize_decision(d: PrizeDecision, records: bool) -> dict[str, Any]:
    out = {"section": d.section, "field": d.field, "tied": d.tied, "method": d.method,
           "order": d.order}  # fmt: skip
    if d.note:
        out["note"] = d.note
    if d.user_id:
        out["user"] = _username(d.user)
    if records:
        out["at"] = _iso(d.at)
    return out


def _export_boards(session: Session, records: bool = False) -> sfile.BoardSet | None:
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
        analysis_total=bs.analysis_total if records else 0,
        analysis_done=bs.analysis_done if records else 0,
        analysis_started=_iso(bs.analysis_started) if records else None,
        analysis_error=bs.analysis_error if records else "",
        created=_iso(bs.created) if records else None,
        list=boards,
    )


def _export_section(
    section: Section, records: bool = False, refs: dict[int, int] | None = None
) -> sfile.Section:
    refs = refs or {}
    entries = [
        sfile.Entry(
            number=e.number,
            kind=e.kind,
            name=e.name,
            withdrawn=e.withdrawn,
            players=[
                sfile.Player(
                    name=ep.player.name,
                    membership=ep.player.membership_number,
                    ref=refs.get(ep.player_id),
                    rating=ep.player.rating,
                )
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
        movement_kind=(
            section.movement_kind
            if section.movement_kind != (section.movement or {}).get("kind", "")
            else None
        ),
        shares_boards_with=(
            section.shares_boards_with.name if section.shares_boards_with_id else None
        ),
        results=[_export_result(row, records) for row in rows],
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
        protests=[
            sfile.Protest(
                p.board_number,
                p.entry.number,
                p.grounds,
                _iso(p.filed_at),
                p.status,
                p.decision,
                _iso(p.decided_at),
                _username(p.decided_by),
                _username(p.user),
            )  # fmt: skip
            for p in section.protests.select_related("entry", "decided_by", "user").order_by(
                "board_number", "filed_at", "pk"
            )
        ],
        seatings=[
            _drop_empty(
                {
                    "round": s.round_number,
                    "seating": s.seating,
                    "overridden_by": _username(s.overridden_by),
                    "override_reason": s.override_reason,
                    "created": _iso(s.created) if records else None,
                }
            )  # fmt: skip
            for s in section.round_seatings.select_related("overridden_by").order_by("round_number")
        ],
        progressive_results=[
            _drop_empty(
                {
                    "round": p.round_number,
                    "table": p.table_number,
                    "winner": p.winner,
                    "ns_points": p.ns_points,
                    "ew_points": p.ew_points,
                    "tie_decision": p.tie_decision,
                    "first_to_score": p.first_to_score,
                    "player_points": p.player_points or None,
                    "stays": p.stays,
                    "progress": p.progress or None,
                    "decided_by": _username(p.decided_by),
                    "entered_by": _username(p.entered_by),
                    "updated": _iso(p.updated) if records else None,
                }
            )  # fmt: skip
            for p in section.progressive_results.select_related(
                "decided_by", "entered_by"
            ).order_by("round_number", "table_number")
        ],
        prize_ties=[
            _drop_empty(
                {
                    "players": t.players,
                    "order": t.order,
                    "method": t.method,
                    "note": t.note,
                    "decided_by": _username(t.decided_by),
                    "created": _iso(t.created) if records else None,
                }
            )  # fmt: skip
            for t in section.progressive_prize_ties.select_related("decided_by").order_by("players")
        ],
        swiss_matches=[
            _drop_empty(
                {
                    "round": m.round_number,
                    "table": m.table_number,
                    "home": m.home.number,
                    "away": m.away.number if m.away_id else None,
                    "home_imps": m.home_imps,
                    "away_imps": m.away_imps,
                    "boards": m.boards or None,
                    "contracts": m.contracts or None,
                    "status": m.status or None,
                    "history": m.history or None,
                    "entered_by": _username(m.entered_by),
                    "updated": _iso(m.updated) if records else None,
                }
            )  # fmt: skip
            for m in section.swiss_matches.select_related("home", "away", "entered_by").order_by(
                "round_number", "table_number"
            )
        ],
        progressive_deals=[
            _drop_empty(
                {
                    "round": d.round_number,
                    "table": d.table_number,
                    "deal": d.deal_number,
                    "ns_trick": d.ns_trick,
                    "ew_trick": d.ew_trick,
                    "ns_above": d.ns_above,
                    "ew_above": d.ew_above,
                    "at_table": d.entered_at_table,
                    "entered_by": _username(d.entered_by),
                    "updated": _iso(d.updated) if records else None,
                }
            )  # fmt: skip
            for d in section.progressive_deals.select_related("entered_by").order_by(
                "round_number", "table_number", "deal_number"
            )
        ],
        five_hundred_deals=[
            _drop_empty(
                {
                    "round": d.round_number,
                    "table": d.table_number,
                    "deal": d.deal_number,
                    "points": d.points,
                    "at_table": d.entered_at_table,
                    "entered_by": _username(d.entered_by),
                    "updated": _iso(d.updated) if records else None,
                }
            )  # fmt: skip
            for d in section.five_hundred_deals.select_related("entered_by").order_by(
                "round_number", "table_number", "deal_number"
            )
        ],
        social_scores=[
            {
                **_drop_empty(
                    {
                        "round": s.round_number,
                        "table": s.table_number,
                        "ns_points": s.ns_points,
                        "ew_points": s.ew_points,
                        "ns_games": s.ns_games,
                        "ew_games": s.ew_games,
                        "at_table": s.entered_at_table,
                        "entered_by": _username(s.entered_by),
                        "history": s.history or None,
                        "updated": _iso(s.updated) if records else None,
                    }
                ),
                "finished": s.finished,
            }  # fmt: skip
            for s in section.social_scores.select_related("entered_by").order_by(
                "round_number", "table_number"
            )
        ],
        foster_draw=_export_foster(section),
        table_tokens=[
            _drop_empty(
                {
                    "table": t.table_number,
                    "token": t.token,
                    "revoked": t.revoked,
                    "created": _iso(t.created),
                }
            )  # fmt: skip
            for t in section.table_tokens.order_by("table_number", "created", "token")
        ]
        if records
        else [],
    )


def _export_foster(section: Section) -> dict[str, Any] | None:
    """Foster's draw: the sealed numbers, the salt and the seal, and the number drawn."""
    draw = FosterDraw.objects.filter(section=section).select_related("sealed_by", "drawn_by")
    d = draw.first()
    if d is None:
        return None
    return _drop_empty(
        {
            "numbers": d.numbers, "salt": d.salt, "digest": d.digest,
            "sealed_at": _iso(d.sealed_at), "sealed_by": _username(d.sealed_by),
            "drawn": d.drawn, "drawn_at": _iso(d.drawn_at), "drawn_by": _username(d.drawn_by),
        }
    )  # fmt: skip


def _drop_empty(row: dict[str, Any]) -> dict[str, Any]:
    """The row without its empty optional values (None, "", False)."""
    return {k: v for k, v in row.items() if not (v is None or v is False or v == "")}


def _export_result(row: BoardResult, records: bool = False) -> sfile.Result:
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
        before_revoke_ns=row.before_revoke_ns,
        before_revoke_ew=row.before_revoke_ew,
        adjusted=row.adjusted or None,
        weighted=row.weighted or None,
        not_played=row.not_played,
        fouled_group=row.fouled_group or None,
        penalty_ns=row.penalty_ns,
        penalty_ew=row.penalty_ew,
        committee_ns=row.committee_ns,
        status=row.status,
        entered_via=row.entered_via,
        entered_by=_username(row.entered_by),
        confirmed_at=_iso(row.confirmed_at),
        version=row.version,
        created=_iso(row.created) if records else None,
        updated=_iso(row.updated) if records else None,
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


def export_combined_usebio(event: Event, group: int = 0) -> str:
    """USEBIO 1.2 XML of one group of the event's combined ranking (the overall ranking, or
    one section of a final with carry-over; docs/interchange.md)."""
    from tournament.interchange.formats import usebio_combined as uc

    found = combined_ranking(event)
    if found is None:
        raise InterchangeError("event.conditions.combined", "the event ranks its sessions apart")
    if found["error"]:
        raise InterchangeError("event.conditions.combined", found["error"])
    if not 0 <= group < len(found["groups"]):
        raise InterchangeError("group", f"no ranking group {group + 1}")
    chosen = found["groups"][group]
    people = {p.pk: (p.name, p.membership_number) for p in Player.objects.filter(
        pk__in={pk for row in chosen["rows"] for pk in row["players"]})}  # fmt: skip
    spare = max((r["entry"] or 0 for r in chosen["rows"]), default=0)
    pairs = []
    for row in chosen["rows"]:
        if row["entry"] is None:  # not in the group's last session: numbered after the rest
            spare += 1
        number = row["entry"] if row["entry"] is not None else spare
        players = [people[pk] for pk in row["players"] if pk in people]
        pairs.append(uc.CombinedPair(row["rank"], number, row["total"], players))
    last = chosen["session"]
    return uc.write_combined(uc.CombinedRanking(
        club=event.club.name, event=event.name,
        title=f"{chosen['name']}: {found['label']} ({', '.join(chosen['columns'])})",
        date=last.date if last else None, scoring_method=event.scoring_method,
        method=found["method"], sessions=len(chosen["columns"]), pairs=pairs,
        parts=[_session_part(s, section) for s, section in chosen["sessions"]],
    ))  # fmt: skip


def _session_part(session: Session, section: str | None):
    """A session of a combined ranking as its USEBIO SESSION takes it: its session file and
    the scored standings of ``section`` (None: every section with results)."""
    from tournament.interchange.formats import usebio_combined as uc
    from tournament.interchange.formats.scoring_input import score_section

    sf = sfile.parse(export_session(session))
    wanted = [_section_index(sf, section)] if section else [
        i for i, sec in enumerate(sf.sections) if sec.results]  # fmt: skip
    return uc.SessionPart(sf, [(i, score_section(sf, i)) for i in wanted])


CLUB_FORMAT = "duplicate-club/1"


def backup_club(club: Club) -> dict[str, Any]:
    """Every row the club owns, with its times, as a duplicate-club/1 dict.

    Entry players name their place in ``players`` (``ref``), so players with the same name
    and no membership number are told apart.  Standings are not written: restore recomputes
    them (the prize list a final session kept is written with its session).
    """
    club_players = list(club.players.order_by("name", "membership_number", "pk"))
    refs = {p.pk: i for i, p in enumerate(club_players)}
    events = []
    for event in club.events.order_by("created", "pk"):
        sessions = []
        for session in event.sessions.order_by("date", "created", "pk"):
            sessions.append(_backup_session(session, refs))
        events.append(
            {
                **{k: getattr(event, k) for k in EVENT_KEYS},
                "created": _iso(event.created),
                "sessions": sessions,
            }
        )
    players = [
        sfile.Player(
            p.name, p.membership_number, p.email, p.phone, p.gender, rating=p.rating
        ).to_json()
        for p in club_players
    ]
    return {
        "format": CLUB_FORMAT,
        "club": {"name": club.name, "slug": club.slug, "created": _iso(club.created)},
        "directors": sorted(u.get_username() for u in club.directors.all()),
        "players": players,
        "events": events,
    }


def _backup_session(session: Session, refs: dict[int, int]) -> dict[str, Any]:
    data = export_session(session, with_club=False, records=True, player_refs=refs)
    return {k: v for k, v in data.items() if k not in ("format", "event")}
