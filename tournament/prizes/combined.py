"""Reads of an event of several sessions: each pair's session figures, the combined ranking,
the carry-over into a final and who qualifies (``scoring.engine.combined``; docs/scoring.md
"Events of several sessions").

A contestant is its players (a pair renumbered for the final is the same pair); the figures
come exact from the kept standings (``exact``, ``top``; older rows fall back to the shown
figures).  The event's conditions say how (``combined``): the method, the carry-over factor,
which session is the final, how many qualify (and for a B final), and whether the prize list
of the last session follows the combined ranking.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.engine import combined as engine
from scoring.engine.ranking import display
from scoring.models import Standings
from tournament.models import EntryPlayer, Event, Session

LABELS = {
    "sum": "total of the session percentages",
    "average": "average of the session percentages",
    "matchpoints": "matchpoints, each session factored to a common top",
    "carry_mp": "carry-over of {factor} of the qualifying matchpoints at the final's top, "
    "plus the final's matchpoints",
    "carry_percent": "qualifying percentage weighted {factor} against the final's 1",
}


def event_players(event: Event, final_only: bool = True) -> dict[tuple[int, str, int], list]:
    """(session, section, entry number) → [(player id, name)] for the final sessions (every
    session with ``final_only=False``)."""
    rows = EntryPlayer.objects.filter(session__event=event)
    if final_only:
        rows = rows.filter(session__status=Session.Status.FINAL)
    rows = (
        rows.order_by("entry", "position")
        .values_list("session_id", "entry__section__name", "entry__number", "player_id",
                     "player__name")
    )  # fmt: skip
    out: dict[tuple[int, str, int], list[tuple[int, str]]] = {}
    for session, section, number, player, name in rows:
        out.setdefault((session, section, number), []).append((player, name))
    return out


@dataclass(frozen=True)
class Config:
    method: str
    factor: Fraction
    final: str | None
    qualify: int | None
    b_final: int | None
    prizes: bool

    @property
    def carries(self) -> bool:
        return self.method in engine.CARRY_METHODS

    @property
    def label(self) -> str:
        return LABELS[self.method].format(factor=_fraction_text(self.factor))


def _fraction_text(value: Fraction) -> str:
    return str(value) if value.denominator != 1 else str(value.numerator)


def config(event: Event) -> Config | None:
    """The event's ``combined`` conditions, or None when it ranks its sessions apart."""
    chosen = event.condition("combined")
    if not chosen or "method" not in chosen:
        return None
    return Config(
        method=chosen["method"],
        factor=engine.parse_factor(chosen.get("factor", "1/2")),
        final=chosen.get("final"),
        qualify=chosen.get("qualify"),
        b_final=chosen.get("b_final"),
        prizes=bool(chosen.get("prizes", False)),
    )


def final_session(event: Event, cfg: Config | None) -> Session | None:
    if cfg is None or not cfg.final:
        return None
    return event.sessions.filter(name=cfg.final).order_by("-date", "-pk").first()


def _figure(standing: dict, exact: dict) -> tuple[Fraction, Fraction | None]:
    kept = exact.get(str(standing["entry"]))
    if kept:
        return Fraction(kept[0]), None if kept[1] is None else Fraction(kept[1])
    percent = standing.get("percent")
    return Fraction(str(standing["score"])), None if percent is None else Fraction(str(percent))


def session_scores(event: Event):
    """[(session, {section: {who: SessionScore}}, {who: entry number})] oldest first, for the
    sessions with kept standings; and each contestant's name."""
    by_player = event.format in (Event.Format.INDIVIDUAL, Event.Format.PROGRESSIVE)
    players = event_players(event, final_only=False)
    names: dict[frozenset, str] = {}
    rows = dict(Standings.objects.filter(session__event=event).values_list("session_id", "data"))
    out = []
    for session in event.sessions.order_by("date", "pk"):
        data = rows.get(session.pk) or {}
        sections: dict[str, dict] = {}
        numbers: dict[frozenset, int] = {}
        for section in data.get("sections", []):
            exact, top = section.get("exact") or {}, section.get("top")
            scores = sections.setdefault(section["name"], {})
            for field in section.get("fields", []):
                for s in field["standings"]:
                    members = players.get((session.pk, section["name"], s["entry"]), [])
                    groups = [[m] for m in members] if by_player else [members]
                    for group in filter(None, groups):
                        who = frozenset(p for p, _ in group)
                        names[who] = " & ".join(n for _, n in group)
                        score, percent = _figure(s, exact)
                        scores[who] = engine.SessionScore(score, percent, top)
                        numbers[who] = s["entry"]
        if sections:
            out.append((session, sections, numbers))
    return out, names


def _merged(sections: dict) -> dict:
    """One session's contestants over all its sections."""
    return {who: s for scores in sections.values() for who, s in scores.items()}


def _shown(cfg: Config, score: engine.SessionScore, common: int | None) -> Fraction | None:
    """A session's figure as the ranking adds it up."""
    if cfg.method in ("matchpoints", "carry_mp"):
        if common and score.top:
            return Fraction(score.score) * common / score.top
        return Fraction(score.score)
    return score.percent


def _rows(cfg, totals, names, columns, numbers, carry=None, qualified=()):
    rows = []
    for place, who, value in engine.ranked(totals):
        rows.append({
            "rank": place, "name": names.get(who, ""), "players": sorted(who),
            "figures": ["—" if col.get(who) is None else display(col[who]) for col in columns],
            "carry": None if carry is None else display(carry[who]),
            "carry_exact": None if carry is None else carry[who],
            "total": display(value), "entry": numbers.get(who), "qualified": who in qualified,
        })  # fmt: skip
    return rows


def ranking(event: Event) -> dict | None:
    """The event's combined ranking for the pages, the prize list and the printed results:
    ``{"label", "stage", "groups": [{"name", "columns", "rows", "sessions"}], "final",
    "error"}`` (``sessions``: each column's session and section, None for all of it) —
    ``stage`` "combined" (every session), "qualifying" (before the final has results) or
    "final" (carry-over + the final, a group per final section).  None: not configured."""
    cfg = config(event)
    if cfg is None:
        return None
    scored, names = session_scores(event)
    final = final_session(event, cfg)
    out = {"label": cfg.label, "method": cfg.method, "final": final, "groups": [], "error": ""}
    try:
        if cfg.carries and final is not None and any(s.pk == final.pk for s, _, _ in scored):
            out["stage"] = "final"
            out["groups"] = _final_groups(cfg, scored, names, final)
        else:
            out["stage"] = "qualifying" if cfg.carries else "combined"
            out["groups"] = [_overall(cfg, scored, names, final)]
    except engine.ScoringError as exc:
        out["error"] = f"The combined ranking cannot be worked out: {exc.message}"
    return out


def _overall(cfg: Config, scored, names, final) -> dict:
    sessions = [x for x in scored if final is None or x[0].pk != final.pk]
    flat = [_merged(sections) for _, sections, _ in sessions]
    method = cfg.method
    if cfg.carries:
        method = "matchpoints" if cfg.method == "carry_mp" else "average"
    totals = engine.combine(flat, method) if flat else {}
    common = max((s.top or 0 for q in flat for s in q.values()), default=0) or None
    columns = [
        {who: _shown(cfg, s, common if method == "matchpoints" else None) for who, s in q.items()}
        for q in flat
    ]
    numbers = sessions[-1][2] if sessions else {}  # the numbers of the latest session
    wanted = (cfg.qualify or 0) + (cfg.b_final or 0)
    qualified = engine.qualifiers(totals, wanted) if cfg.carries and wanted and totals else []
    rows = _rows(cfg, totals, names, columns, numbers, qualified=set(qualified))
    headers = [session.name for session, _, _ in sessions]
    section = None
    if sessions and len(sessions[-1][1]) == 1:
        section = next(iter(sessions[-1][1]))
    last = sessions[-1][0] if sessions else None
    return {"name": "Overall", "section": section, "columns": headers, "rows": rows,
            "qualified": qualified, "session": last,
            "sessions": [(s, None) for s, _, _ in sessions]}  # fmt: skip


def _final_groups(cfg: Config, scored, names, final) -> list[dict]:
    qualifying = [x for x in scored if x[0].pk != final.pk]
    flat = [_merged(sections) for _, sections, _ in qualifying]
    _, final_sections, numbers = next(x for x in scored if x[0].pk == final.pk)
    groups = []
    for section_name, scores in sorted(final_sections.items()):
        carry, totals = engine.carry_forward(flat, scores, cfg.method, cfg.factor)
        columns = [{who: _shown(cfg, s, None) for who, s in q.items()} for q in flat]
        columns.append({who: _shown(cfg, s, None) for who, s in scores.items()})
        rows = _rows(cfg, totals, names, columns, numbers, carry=carry)
        headers = [session.name for session, _, _ in qualifying] + [final.name]
        name = f"{final.name} {section_name}" if len(final_sections) > 1 else final.name
        groups.append({"name": name, "section": section_name, "columns": headers, "rows": rows,
                       "session": final, "sessions": [(s, None) for s, _, _ in qualifying]
                       + [(final, section_name)]})  # fmt: skip
    return groups


def prize_data(session: Session) -> dict | None:
    """The combined ranking in the shape of kept standings (sections → fields → standings),
    for the prize list of the session the ranking ends at, when the event's conditions give
    prizes by it (``prizes``): the final, or the latest session of a combined event.  Only
    the contestants who played that session are in it.  None otherwise."""
    cfg = config(session.event)
    if cfg is None or not cfg.prizes:
        return None
    found = ranking(session.event)
    if found["error"] or found["stage"] == "qualifying":
        return None
    sections = []
    for group in found["groups"]:
        if group["session"] is None or group["session"].pk != session.pk or not group["section"]:
            continue
        standings = [
            {"entry": row["entry"], "rank": row["rank"], "name": row["name"]}
            for row in group["rows"]
            if row["entry"] is not None
        ]
        sections.append(
            {"name": group["section"], "fields": [{"name": "all", "standings": standings}]}
        )
    return {"sections": sections} if sections else None


def print_data(session: Session) -> dict | None:
    """The combined ranking as plain text values for the printed results sheet (None when
    the event ranks its sessions apart)."""
    found = ranking(session.event)
    if found is None:
        return None
    groups = [
        {"name": g["name"], "columns": g["columns"],
         "rows": [{"rank": r["rank"], "name": r["name"], "entry": r["entry"],
                   "figures": [str(f) for f in r["figures"]],
                   "carry": None if r["carry"] is None else str(r["carry"]),
                   "total": str(r["total"]), "qualified": r["qualified"]}
                  for r in g["rows"]]}
        for g in found["groups"]
    ]  # fmt: skip
    return {"label": found["label"], "stage": found["stage"], "error": found["error"],
            "groups": groups}  # fmt: skip


def carry_overs(session: Session) -> dict[tuple[str, int], Fraction]:
    """(section, entry number) → the exact carry-over of each entry of the event's final
    (empty for any other session, or when the final has no results yet)."""
    found = ranking(session.event)
    if found is None or found["error"] or found["stage"] != "final":
        return {}
    return {
        (group["section"], row["entry"]): row["carry_exact"]
        for group in found["groups"]
        if group["session"].pk == session.pk
        for row in group["rows"]
        if row["entry"] is not None
    }
