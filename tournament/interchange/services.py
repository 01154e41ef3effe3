"""Imports into the database: a session file, USEBIO or PBN results into a new session, a club
backup restored, a players' CSV merged into a club — each inside ONE transaction (a file that
fails anywhere leaves nothing behind).  Every imported or restored session has its standings
recomputed in that transaction, so its pages show its results at once.  The formats themselves
are ``formats/`` (pure).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import IntegrityError, transaction

from boards.engine.deals import Deal, DealError
from boards.models import Board, BoardSet
from scoring.engine.contract import ScoringError
from scoring.engine.contract import dealer as dealer_of
from scoring.engine.contract import vulnerability as vulnerability_of
from scoring.engine.swiss_boards import match_sheet
from scoring.engine.team_match import TEAM_METHODS, TEAM_MOVEMENTS, team_movement_hint
from scoring.models import BoardResult, PrizeDecision, Protest, ResultAudit, Ruling, Standings
from tournament import conditions as conditions_schema
from tournament import limits
from tournament.interchange.formats import session_file as sfile
from tournament.interchange.formats.csv_io import read_players
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.scoring_input import movement_of
from tournament.interchange.formats.text import check_json
from tournament.interchange.selectors import CLUB_FORMAT, EVENT_KEYS
from tournament.models import (
    Club,
    Entry,
    EntryPlayer,
    Event,
    FiveHundredDeal,
    FosterDraw,
    Player,
    ProgressiveDeal,
    ProgressivePrizeTie,
    ProgressiveTableResult,
    RoundSeating,
    Section,
    Session,
    SocialTableScore,
    SwissMatch,
    TableToken,
)
from tournament.movements.teams import team_pairs
from tournament.setup import sharing


def _when(text: str | None, where: str = "") -> dt.datetime | None:
    if not text:
        return None
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        raise InterchangeError(
            where, f"{text!r} is not a date and time (ISO 8601, e.g. 2026-11-03T21:02:11+00:00)"
        ) from None


def _stamp(obj, **times: str | None) -> None:
    """Give a saved row the times the file says (auto_now fields are not set by ``update``)."""
    values = {name: _when(text, name) for name, text in times.items() if text}
    if values:
        type(obj).objects.filter(pk=obj.pk).update(**values)


def _stamp_all(rows: list, data: list, *names: str) -> None:
    """``_stamp`` for many rows at once: row i gets the times of ``data[i]``."""
    changed = []
    for row, item in zip(rows, data, strict=True):
        values = {n: _when(_get(item, n), n) for n in names if _get(item, n)}
        for name, value in values.items():
            setattr(row, name, value)
        if values:
            changed.append(row)
    if changed:
        type(changed[0]).objects.bulk_update(changed, list(names))


def _get(item, name: str):
    return item.get(name) if isinstance(item, dict) else getattr(item, name, None)


#: what a whole-number column holds on both SQLite and PostgreSQL
_INT_RANGES = {
    "IntegerField": (-limits.DB_INT_MAX, limits.DB_INT_MAX),
    "PositiveIntegerField": (0, limits.DB_INT_MAX),
    "SmallIntegerField": (-limits.DB_SMALLINT_MAX, limits.DB_SMALLINT_MAX),
    "PositiveSmallIntegerField": (0, limits.DB_SMALLINT_MAX),
}


def _fit(model, where: str, values: dict[str, Any], keys: dict[str, str] | None = None):
    """``values`` for ``model``, every text within its column's ``max_length`` (SQLite would
    store a longer one, PostgreSQL refuses it: a file must import the same on both); else
    InterchangeError naming the field (``where.key``, or ``where: the key ...`` for a CSV line).
    A whole number must fit its column on both databases (``_INT_RANGES``)."""
    for name, value in values.items():
        field = model._meta.get_field(name)
        bounds = _INT_RANGES.get(field.get_internal_type())
        if bounds and isinstance(value, int) and not bounds[0] <= value <= bounds[1]:
            key = (keys or {}).get(name, name)
            raise InterchangeError(
                f"{where}.{key}" if where else key,
                f"{str(value)[:20]} is out of range: from {bounds[0]} to {bounds[1]}",
            )
        limit = getattr(field, "max_length", None)
        if limit and isinstance(value, str) and len(value) > limit:
            key = (keys or {}).get(name, name)
            if where.startswith("line "):
                raise InterchangeError(
                    where, f"the {key} is {len(value)} characters long; at most {limit}"
                )
            raise InterchangeError(
                f"{where}.{key}" if where else key,
                f"{len(value)} characters long; at most {limit}",
            )
    return values


PLAYER_KEYS = {"membership_number": "membership"}


def import_session(data: dict[str, Any] | str, club: Club | None = None) -> Session:
    """Create a new session from a file; all or nothing. Raises InterchangeError."""
    sf = sfile.parse(data)
    try:
        with transaction.atomic():
            club = club or _club_for(sf)
            event = _event_for(club, sf.event)
            _check_tokens_free([sf], lambda i, j, k: f"sections[{j}].table_tokens[{k}].token")
            session = _create_session(event, sf)
            _score(session, sf, "")
            return session
    except IntegrityError as exc:
        raise InterchangeError("", f"the database refused the file: {exc}") from exc


def _check_slug(slug, where: str) -> None:
    """A club's slug is part of its URL (``/club/<slug>/``): letters, digits, ``-`` and ``_``."""
    try:
        validate_slug(slug if isinstance(slug, str) else "")
    except ValidationError:
        raise InterchangeError(where, f"{str(slug)[:60]!r} is not a slug "
                               "(letters, digits, - and _ only)") from None  # fmt: skip
    if len(slug) > Club._meta.get_field("slug").max_length:
        raise InterchangeError(
            where, f"at most {Club._meta.get_field('slug').max_length} characters"
        )


def _club_for(sf: sfile.SessionFile) -> Club:
    if not sf.club:
        raise InterchangeError("club", "missing: name the club (name and slug) to import into")
    _check_slug(sf.club.get("slug"), "club.slug")
    _fit(Club, "club", {"slug": sf.club["slug"], "name": sf.club["name"]})
    club, _ = Club.objects.get_or_create(slug=sf.club["slug"], defaults={"name": sf.club["name"]})
    return club


def _conditions(conditions: Any, where: str) -> dict:
    """The conditions of contest if the schema takes them (``tournament/conditions.py``), else
    InterchangeError at the bad key's path."""
    try:
        return conditions_schema.check(conditions, where)
    except conditions_schema.ConditionError as exc:
        raise InterchangeError(exc.path, exc.message) from None


def _event_for(club: Club, data: dict[str, Any]) -> Event:
    values = {k: data[k] for k in EVENT_KEYS if k in data}
    values.setdefault("name", "Imported event")
    values.setdefault("conditions", {})
    _fit(Event, "event", {k: v for k, v in values.items() if k != "conditions"})
    values["conditions"] = _conditions(values["conditions"], "event.conditions")
    for event in Event.objects.filter(club=club, name=values["name"]):
        if all(getattr(event, k) == v for k, v in values.items()):
            return event
    event = Event.objects.create(club=club, **values)
    _stamp(event, created=data.get("created"))
    return event


def _score(session: Session, sf: sfile.SessionFile, where: str) -> None:
    """Recompute the session's standings now.  A final session keeps its prize list: the one
    the file kept, else (a file that is not a backup) as ``tournament.prizes.services.finalise``
    would keep it; a backup's session without one is restored without one, as it was."""
    from scoring.standings.services import recompute_standings
    from tournament.prizes.selectors import prize_list
    from tournament.social.selectors import keep_for_final

    if not session.sections.exists():
        return
    try:
        standings = recompute_standings(session)
        kept = sf.session.get("prizes")
        if session.is_final and (kept is not None or "results_version" not in sf.session):
            data = dict(standings.data)
            data["prizes"] = kept if kept is not None else prize_list(session, data)
            social = sf.session.get("social_prizes")
            if social is None and "results_version" not in sf.session:
                social = keep_for_final(session) or None  # as finalise keeps them
            if social is not None:
                data["social_prizes"] = social
            Standings.objects.filter(pk=standings.pk).update(data=data)
    except (ValueError, TypeError, KeyError, AttributeError) as exc:
        # ScoringError, MovementError, or a movement schedule of junk: what no page could show
        raise InterchangeError(where or "sections", f"the session cannot be scored: {exc}") from exc


def _check_tokens_free(files: list[sfile.SessionFile], path) -> None:
    """Table codes are unique in the database: a file's codes must not be in use already."""
    for i, sf in enumerate(files):
        for j, sec in enumerate(sf.sections):
            for k, t in enumerate(sec.table_tokens):
                if TableToken.objects.filter(token=t["token"]).exists():
                    raise InterchangeError(
                        path(i, j, k),
                        f"table {t['table']}'s code is already in use in this database "
                        "(is the club or this session here already?)",
                    )


def _create_session(
    event: Event, sf: sfile.SessionFile, players: list[Player] | None = None
) -> Session:
    """The session's rows; ``players``: the restored club's players, by ``ref``."""
    info = sf.session
    try:
        date = dt.date.fromisoformat(info["date"]) if info.get("date") else dt.date.today()
    except ValueError:
        raise InterchangeError("session.date", f"{info['date']!r} is not a date") from None
    session = Session.objects.create(
        event=event,
        **_fit(Session, "session", {"name": info["name"]}),
        date=date,
        status=info.get("status", Session.Status.DRAFT),
        boards_released=info.get("boards_released", False),
        provisional_since=_when(info.get("provisional_since"), "session.provisional_since"),
        finalised_at=_when(info.get("finalised_at"), "session.finalised_at"),
        results_version=info.get("results_version", 0),
    )
    _stamp(session, created=info.get("created"))
    if sf.boards is not None:
        _create_boards(session, sf.boards)
    created = [
        _create_section(session, sec, f"sections[{i}]", players)
        for i, sec in enumerate(sf.sections)
    ]
    _link_twins(created, sf.sections)
    decisions = [
        PrizeDecision.objects.create(
            session=session,
            section=d["section"],
            field=d["field"],
            tied=d["tied"],
            method=d["method"],
            order=d["order"],
            note=d.get("note", ""),
            user=_user(d.get("user")),
        )  # fmt: skip
        for d in sf.prize_decisions
    ]
    _stamp_all(decisions, sf.prize_decisions, "at")
    return session


def _create_boards(session: Session, data: sfile.BoardSet) -> None:
    for i, b in enumerate(data.list):
        if b.deal:
            try:
                Deal.from_pbn(b.deal)
            except (DealError, ValueError) as exc:
                raise InterchangeError(
                    f"boards.list[{i}].deal", f"board {b.number}: {exc}"
                ) from None
    bs = BoardSet.objects.create(
        session=session,
        **_fit(
            BoardSet,
            "boards",
            {
                "source": data.source,
                "seed": data.seed,
                "fingerprint": data.fingerprint,
                "trump_mode": data.trump_mode,
                "declared_trump": data.declared_trump,
            },
        ),
        released_at=_when(data.released_at, "boards.released_at"),
        analysis_total=data.analysis_total,
        analysis_done=data.analysis_done,
        analysis_started=_when(data.analysis_started, "boards.analysis_started"),
        analysis_error=data.analysis_error,
    )
    _stamp(bs, created=data.created)
    Board.objects.bulk_create(
        Board(
            board_set=bs,
            number=b.number,
            **_fit(Board, f"boards.list[{i}]", {
                "deal": b.deal or "",
                "dealer": b.dealer or dealer_of(b.number),
                "vulnerability": b.vulnerability or vulnerability_of(b.number),
                "trump_card": b.trump_card or "",
            }),
            dd_table=b.dd_table,
            par=b.par,
        )
        for i, b in enumerate(data.list)
    )  # fmt: skip


def _link_twins(sections: list[Section], read: list[sfile.Section]) -> None:
    """Twin sections: each section that plays another's boards, checked as the console does
    (``tournament.setup.sharing``), the error at the file's field."""
    by_name = {s.name: s for s in sections}
    for i, (section, sec) in enumerate(zip(sections, read, strict=True)):
        if not sec.shares_boards_with:
            continue
        path = f"sections[{i}].shares_boards_with"
        first = by_name.get(sec.shares_boards_with)
        if first is None:
            raise InterchangeError(path, f"no section {sec.shares_boards_with!r} in this file")
        try:
            sharing.share_boards(section, first)
        except ValidationError as exc:
            raise InterchangeError(path, " ".join(exc.messages)) from None


def _create_section(
    session: Session, sec: sfile.Section, path: str, players: list[Player] | None = None
) -> Section:
    try:
        limits.section_name(sec.name)
    except ValueError as exc:
        raise InterchangeError(f"{path}.name", str(exc)) from None
    try:
        movement = movement_of(sec, f"{path}.movement")
    except InterchangeError:
        raise
    except (AttributeError, TypeError, KeyError, ValueError) as exc:  # a schedule of junk
        raise InterchangeError(f"{path}.movement", f"not a movement ({exc!s:.80})") from None
    _check_kept_teams(sec, movement, path, session.event.scoring_method)
    kind = sec.movement_kind if sec.movement_kind is not None else ""
    section = Section.objects.create(
        session=session,
        **_fit(Section, path, {"name": sec.name}),
        movement=movement.to_json() if movement else None,
        movement_kind=movement.kind if movement and sec.movement_kind is None else kind,
    )
    entries = {
        e.number: _create_entry(section, e, players, f"{path}.entries[{j}]")
        for j, e in enumerate(sec.entries)
    }
    rows = [
        _create_result(section, entries, r, f"{path}.results[{j}]")
        for j, r in enumerate(sec.results)
    ]
    _stamp_all(rows, sec.results, "created", "updated")
    for j, c in enumerate(sec.corrections):
        audit = ResultAudit.objects.create(
            section=section,
            result=rows[c.result] if c.result is not None else None,
            board_number=c.board,
            **_fit(ResultAudit, f"{path}.corrections[{j}]", {"action": c.action, "actor": c.actor}),
            old=c.old,
            new=c.new,
            reason=c.reason,
            user=_user(c.user),
        )
        _stamp(audit, at=c.at)
    for j, r in enumerate(sec.rulings):
        ruling = Ruling.objects.create(
            section=section, board_number=r.board, details=r.details,
            **_fit(Ruling, f"{path}.rulings[{j}]", {"kind": r.kind}),
            reason=r.reason, user=_user(r.user),
        )  # fmt: skip
        _stamp(ruling, at=r.at)
    for j, p in enumerate(sec.protests):
        where = f"{path}.protests[{j}]"
        if p.entry not in entries:
            raise InterchangeError(f"{where}.entry", f"entry {p.entry} is not in the section")
        Protest.objects.create(
            section=section, board_number=p.board, entry=entries[p.entry], grounds=p.grounds,
            filed_at=_when(p.filed_at, f"{where}.filed_at"), status=p.status,
            decision=p.decision, decided_at=_when(p.decided_at, f"{where}.decided_at"),
            decided_by=_user(p.decided_by), user=_user(p.user),
        )  # fmt: skip
    _create_progressive(section, sec)
    _create_swiss(section, sec, entries, path)
    tokens = TableToken.objects.bulk_create(
        TableToken(
            section=section,
            table_number=t["table"],
            token=t["token"],
            revoked=t.get("revoked", False),
        )  # fmt: skip
        for t in sec.table_tokens
    )
    _stamp_all(tokens, sec.table_tokens, "created")
    return section


def _create_swiss(section: Section, sec: sfile.Section, entries: dict, path: str) -> None:
    """A Swiss's matches, each side named by its entry number in the section."""
    rows = []
    for j, m in enumerate(sec.swiss_matches):
        where = f"{path}.swiss_matches[{j}]"
        for side in ("home", "away"):
            if m.get(side) is not None and m[side] not in entries:
                raise InterchangeError(f"{where}.{side}", f"entry {m[side]} is not in the section")
        rows.append(SwissMatch.objects.create(
            section=section, round_number=m["round"], table_number=m["table"],
            home=entries[m["home"]], away=entries.get(m.get("away")),
            home_imps=m.get("home_imps"), away_imps=m.get("away_imps"),
            boards=_swiss_boards(m, f"{where}.boards"), entered_by=_user(m.get("entered_by")),
            contracts=m.get("contracts") or {}, status=m.get("status") or "",
            history=m.get("history") or [],
        ))  # fmt: skip
    _stamp_all(rows, sec.swiss_matches, "updated")


def _swiss_boards(match: dict, where: str) -> list:
    """A match's board-by-board sheet, checked: its IMPs must be the match's IMPs."""
    rows = match.get("boards") or []
    if not rows:
        return []
    try:
        sheet = match_sheet([tuple(row) for row in rows])
    except ScoringError as exc:
        raise InterchangeError(where, str(exc)) from None
    if (sheet.home_imps, sheet.away_imps) != (match.get("home_imps"), match.get("away_imps")):
        raise InterchangeError(where, f"the boards make {sheet.home_imps}-{sheet.away_imps} "
                               f"IMPs, not {match.get('home_imps')}-{match.get('away_imps')}")  # fmt: skip
    return [list(row) for row in rows]


def _create_progressive(section: Section, sec: sfile.Section) -> None:
    """A progressive game's seatings, table results and settled prize ties."""
    seatings = [
        RoundSeating.objects.create(
            section=section,
            round_number=s["round"],
            seating=s["seating"],
            overridden_by=_user(s.get("overridden_by")),
            override_reason=s.get("override_reason", ""),
        )  # fmt: skip
        for s in sec.seatings
    ]
    _stamp_all(seatings, sec.seatings, "created")
    results = [
        ProgressiveTableResult.objects.create(
            section=section,
            round_number=p["round"],
            table_number=p["table"],
            winner=p.get("winner", ""),
            ns_points=p.get("ns_points"),
            ew_points=p.get("ew_points"),
            tie_decision=p.get("tie_decision", ""),
            first_to_score=p.get("first_to_score", ""),
            player_points=p.get("player_points") or {},
            stays=p.get("stays"),
            progress=p.get("progress") or [],
            decided_by=_user(p.get("decided_by")),
            entered_by=_user(p.get("entered_by")),
        )  # fmt: skip
        for p in sec.progressive_results
    ]
    _stamp_all(results, sec.progressive_results, "updated")
    ties = [
        ProgressivePrizeTie.objects.create(
            section=section,
            players=t["players"],
            order=t["order"],
            method=t["method"],
            note=t.get("note", ""),
            decided_by=_user(t.get("decided_by")),
        )  # fmt: skip
        for t in sec.prize_ties
    ]
    _stamp_all(ties, sec.prize_ties, "created")
    _create_deals_and_scores(section, sec)


def _create_deals_and_scores(section: Section, sec: sfile.Section) -> None:
    """Progressive auction's deals, a social game's table scores and Foster's draw."""
    deals = [
        ProgressiveDeal.objects.create(
            section=section,
            round_number=d["round"],
            table_number=d["table"],
            deal_number=d["deal"],
            ns_trick=d.get("ns_trick", 0),
            ew_trick=d.get("ew_trick", 0),
            ns_above=d.get("ns_above", 0),
            ew_above=d.get("ew_above", 0),
            entered_at_table=d.get("at_table", False),
            entered_by=_user(d.get("entered_by")),
        )  # fmt: skip
        for d in sec.progressive_deals
    ]
    _stamp_all(deals, sec.progressive_deals, "updated")
    five = [
        FiveHundredDeal.objects.create(
            section=section,
            round_number=d["round"],
            table_number=d["table"],
            deal_number=d["deal"],
            points=d["points"],
            entered_at_table=d.get("at_table", False),
            entered_by=_user(d.get("entered_by")),
        )  # fmt: skip
        for d in sec.five_hundred_deals
    ]
    _stamp_all(five, sec.five_hundred_deals, "updated")
    scores = [
        SocialTableScore.objects.create(
            section=section,
            round_number=t["round"],
            table_number=t["table"],
            ns_points=t["ns_points"],
            ew_points=t["ew_points"],
            finished=t.get("finished", True),
            ns_games=t.get("ns_games", 0),
            ew_games=t.get("ew_games", 0),
            entered_at_table=t.get("at_table", False),
            entered_by=_user(t.get("entered_by")),
            history=t.get("history") or [],
        )  # fmt: skip
        for t in sec.social_scores
    ]
    _stamp_all(scores, sec.social_scores, "updated")
    f = sec.foster_draw
    if f:
        FosterDraw.objects.create(
            section=section, numbers=f["numbers"], salt=f["salt"], digest=f["digest"],
            sealed_at=_when(f["sealed_at"], "foster_draw.sealed_at"),
            sealed_by=_user(f.get("sealed_by")), drawn=f.get("drawn"),
            drawn_at=_when(f.get("drawn_at"), "foster_draw.drawn_at"),
            drawn_by=_user(f.get("drawn_by")),
        )  # fmt: skip


def _check_kept_teams(sec: sfile.Section, movement, path: str, method: str) -> None:
    """The database keeps a team match's teams (whist, or teams of four at IMPs) by its team
    movement (team k = pairs k and T+k; a whist club match, two teams of any number of pairs):
    results of a match need it, and an entry's ``team`` must agree with it."""
    kinds = TEAM_MOVEMENTS.get(method, ("team",))
    if method in TEAM_METHODS and sec.results and (movement is None or movement.kind not in kinds):
        what = {"imps_teams": "an IMP team match"}.get(method, "a whist team match")
        raise InterchangeError(
            f"{path}.movement",
            f"{what} is kept with {team_movement_hint(method)}, which says each pair's team; "
            "score this file with score_file, or give it that movement",
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


def _player(club: Club, p: sfile.Player, path: str) -> Player:
    """The club's player with that membership number, else that name, else a new one."""
    _fit(Player, path, {
        "name": p.name, "membership_number": p.membership, "email": p.email, "phone": p.phone,
        "gender": p.gender,
    }, PLAYER_KEYS)  # fmt: skip
    if p.membership:
        found = Player.objects.filter(club=club, membership_number=p.membership).first()
    else:
        found = Player.objects.filter(club=club, name=p.name, membership_number="").first()
    if found is not None:
        return found
    return Player.objects.create(
        club=club, name=p.name, membership_number=p.membership,
        email=p.email, phone=p.phone, gender=p.gender, rating=p.rating,
    )  # fmt: skip


def _create_entry(
    section: Section, e: sfile.Entry, players: list[Player] | None = None, path: str = ""
) -> Entry:
    entry = Entry.objects.create(
        section=section, number=e.number, withdrawn=e.withdrawn,
        **_fit(Entry, path, {"kind": e.kind, "name": e.name}),
    )  # fmt: skip
    club = section.session.event.club
    for position, p in enumerate(e.players, start=1):
        if players is not None and p.ref is not None:
            if p.ref >= len(players):
                raise InterchangeError(
                    f"{path}.players[{position - 1}].ref",
                    f"no player number {p.ref} in the backup's players ({len(players)})",
                )
            player = players[p.ref]
        else:
            player = _player(club, p, f"{path}.players[{position - 1}]")
        EntryPlayer.objects.create(entry=entry, player=player, position=position)
    return entry


def _create_result(section: Section, entries: dict[int, Entry], r: sfile.Result, path: str):
    for side in ("ns", "ew"):
        if getattr(r, side) not in entries:
            raise InterchangeError(
                f"{path}.{side}", f"entry {getattr(r, side)} is not in the section"
            )
    row = BoardResult.objects.create(
        section=section,
        ns_entry=entries[r.ns],
        ew_entry=entries[r.ew],
        **_fit(BoardResult, path, {
            "board_number": r.board, "round_number": r.round, "table_number": r.table,
            "contract": r.contract or "", "declarer": r.declarer or "", "lead": r.lead or "",
            "adjusted": r.adjusted or "", "fouled_group": r.fouled_group or "",
            "weighted": r.weighted or "",
            "status": r.status, "entered_via": r.entered_via,
            "tricks": r.tricks, "honours_ns": r.honours_ns, "honours_ew": r.honours_ew,
            "revokes_ns": r.revokes_ns, "revokes_ew": r.revokes_ew, "tricks_ns": r.tricks_ns,
            "score_ns": r.score_ns, "version": r.version, "penalty_ns": r.penalty_ns,
            "penalty_ew": r.penalty_ew, "committee_ns": r.committee_ns,
            "before_revoke_ns": r.before_revoke_ns, "before_revoke_ew": r.before_revoke_ew,
        }),
        not_played=r.not_played,
        entered_by=_user(r.entered_by),
        confirmed_at=_when(r.confirmed_at, f"{path}.confirmed_at"),
    )  # fmt: skip
    return row


def import_usebio(text: str | bytes, club: Club | None = None, session: int | None = None,
                  section: str = "") -> Session:  # fmt: skip
    """A new session from another program's USEBIO file (scores recomputed from travellers);
    from a combined ranking's file, its session numbered ``session`` (and ``section``)."""
    from tournament.interchange.formats import usebio

    return import_session(usebio.parse(text, session, section).to_json(), club=club)


def import_pbn_results(text: str | bytes, club: Club) -> Session:
    """A new session (in ``club``) from the results in another program's PBN file. Bytes are
    decoded as the file declares, else UTF-8, else ISO-8859-1/Windows-1252; how it was read
    (PBN version, program, encoding) is kept in ``event.conditions["source"]``."""
    from tournament.interchange.formats import pbn_results

    return import_session(pbn_results.parse(text).to_json(), club=club)


def restore_club(data: dict[str, Any], *, director=None) -> Club:
    """Rebuild a club from ``backup_club`` output; all or nothing.

    ``director`` (the user restoring it from the console) is made one of its directors too.
    """
    if not isinstance(data, dict) or data.get("format") != CLUB_FORMAT:
        raise InterchangeError(
            "format",
            f"expected {CLUB_FORMAT!r}, got {data.get('format') if isinstance(data, dict) else data!r}",
        )
    check_json(data)
    _check_backup(data)
    files = [
        _session_file(data, i, j)
        for i, event in enumerate(data["events"])
        for j in range(len(event["sessions"]))
    ]
    _check_slug(data["club"]["slug"], "club.slug")
    if Club.objects.filter(slug=data["club"]["slug"]).exists():
        raise InterchangeError(
            "club.slug",
            f"a club {data['club']['slug']!r} exists already; restore onto an empty database",
        )
    where = [
        (i, j) for i, event in enumerate(data["events"]) for j in range(len(event["sessions"]))
    ]
    try:
        with transaction.atomic():
            _check_tokens_free(
                files,
                lambda n, s, k: (
                    "events[{}].sessions[{}].sections[{}].table_tokens[{}].token".format(
                        *where[n], s, k
                    )
                ),
            )
            club = _restore(data, files, where)
            if director is not None:
                club.directors.add(director)
            return club
    except IntegrityError as exc:
        raise InterchangeError("", f"the database refused the backup: {exc}") from exc


def _need(data: dict[str, Any], key: str, kind: type, where: str, what: str) -> Any:
    """``data[key]``, which must be a ``kind``; else InterchangeError at ``where.key``."""
    path = f"{where}.{key}" if where else key
    if key not in data:
        raise InterchangeError(path, f"missing: {what}")
    if not isinstance(data[key], kind):
        raise InterchangeError(path, f"{data[key]!r:.40} is not {what}")
    return data[key]


def _check_backup(data: dict[str, Any]) -> None:
    """The shape of a duplicate-club/1 file, every missing or mistyped key named (the
    sessions inside are checked as session files)."""
    club = _need(data, "club", dict, "", "the club (name and slug)")
    _need(club, "name", str, "club", "a name")
    _need(club, "slug", str, "club", "a slug")
    _fit(Club, "club", {"name": club["name"], "slug": club["slug"]})
    for i, event in enumerate(_need(data, "events", list, "", "a list of events")):
        if not isinstance(event, dict):
            raise InterchangeError(f"events[{i}]", "not an event (an object with sessions)")
        _conditions(event.get("conditions"), f"events[{i}].conditions")
        for j, session in enumerate(_need(event, "sessions", list, f"events[{i}]", "a list")):
            if not isinstance(session, dict):
                raise InterchangeError(f"events[{i}].sessions[{j}]", "not a session")
    directors = data.get("directors", [])
    if not isinstance(directors, list) or not all(isinstance(d, str) for d in directors):
        raise InterchangeError("directors", "not a list of usernames")
    players = data.get("players", [])
    if not isinstance(players, list):
        raise InterchangeError("players", "not a list of players")
    known = set(sfile.Player.__dataclass_fields__)
    for k, p in enumerate(players):
        if not isinstance(p, dict) or not isinstance(p.get("name"), str):
            raise InterchangeError(f"players[{k}].name", "missing: every player needs a name")
        for key, value in p.items():
            if key not in known:
                raise InterchangeError(f"players[{k}].{key}", f"unknown; expected {sorted(known)}")
            if key == "rating":
                _rating(value, f"players[{k}].rating")
                continue
            if not isinstance(value, str):
                raise InterchangeError(f"players[{k}].{key}", f"{value!r:.40} is not text")
        player = sfile.Player(**p)
        _fit(Player, f"players[{k}]", {
            "name": player.name, "membership_number": player.membership,
            "email": player.email, "phone": player.phone, "gender": player.gender,
        }, PLAYER_KEYS)  # fmt: skip


def _rating(value: Any, where: str) -> None:
    """A player's rating: a whole number 0 to 10,000,000, or none."""
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10_000_000
    ):
        raise InterchangeError(where, f"{value!r:.40} is not a rating (a whole number 0-10000000)")


def _session_file(data: dict[str, Any], i: int, j: int) -> sfile.SessionFile:
    event = {k: v for k, v in data["events"][i].items() if k != "sessions"}
    body = {"format": sfile.FORMAT, "event": event, **data["events"][i]["sessions"][j]}
    try:
        return sfile.parse(body, backup=True)
    except InterchangeError as exc:
        raise InterchangeError(f"events[{i}].sessions[{j}].{exc.where}", exc.message) from exc


def _restore(
    data: dict[str, Any], files: list[sfile.SessionFile], where: list[tuple[int, int]]
) -> Club:
    club = Club.objects.create(name=data["club"]["name"], slug=data["club"]["slug"])
    _stamp(club, created=data["club"].get("created"))
    users = get_user_model().objects.filter(username__in=data.get("directors", []))
    club.directors.add(*users)
    players = []
    for p in data.get("players", []):
        player = sfile.Player(**p)
        players.append(
            Player.objects.create(
                club=club, name=player.name, membership_number=player.membership,
                email=player.email, phone=player.phone, gender=player.gender,
                rating=player.rating,
            )
        )  # fmt: skip
    files = iter(files)
    n = 0
    for i, event_data in enumerate(data["events"]):
        values = {k: event_data[k] for k in EVENT_KEYS if k in event_data}
        _fit(Event, f"events[{i}]", {k: v for k, v in values.items() if k != "conditions"})
        values["conditions"] = _conditions(values.get("conditions"), f"events[{i}].conditions")
        event = Event.objects.create(club=club, **values)
        _stamp(event, created=event_data.get("created"))
        for _ in event_data["sessions"]:
            sf = next(files)
            path = "events[{}].sessions[{}]".format(*where[n])
            n += 1
            try:
                session = _create_session(event, sf, players)
            except InterchangeError as exc:
                raise InterchangeError(f"{path}.{exc.where}", exc.message) from exc
            _score(session, sf, f"{path}.sections")
    return club


def import_players(club: Club, text: str) -> tuple[int, int]:
    """Add or update the club's players from CSV; (created, updated). All or nothing."""
    rows = read_players(text)
    for row in rows:
        _fit(Player, f"line {row.line}", {
            "name": row.name, "membership_number": row.membership, "email": row.email,
            "phone": row.phone,
        }, {"membership_number": "membership number"})  # fmt: skip
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
            if row.rating is not None:
                player.rating = row.rating
            player.save()
    return created, updated


def _find(club: Club, row) -> Player | None:
    if row.membership:
        found = Player.objects.filter(club=club, membership_number=row.membership).first()
        if found:
            return found
    return Player.objects.filter(club=club, name=row.name, membership_number="").first()
