"""Reads of prizes and series: the prize list from the kept standings, ties settled by the
event's rule and the TD's recorded outcomes (``scoring.engine.ranking``), and the series
standings of an event, players matched by Player ids (``scoring.engine.series``).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from scoring.engine.ranking import PrizeAward, allocate_prizes, display, ordinal, rank, settle_tie
from scoring.engine.series import (
    average_of_percentages,
    best_k_of_n,
    series_net_plus,
    sum_of_percentages,
)
from scoring.models import PrizeDecision, Standings
from scoring.standings import selectors as standings_selectors
from tournament.conditions import SERIES_METHODS
from tournament.models import Event, Session
from tournament.prizes.combined import event_players, prize_data

METHOD_LABELS = {"play_off": "play-off", "cut": "cut", "draw": "draw"}


def noun(session: Session) -> str:
    """'pair' or 'player' (individual and progressive events rank players)."""
    individual = session.event.format in (Event.Format.INDIVIDUAL, Event.Format.PROGRESSIVE)
    return "player" if individual else "pair"


def tied_key(entries) -> str:
    return ",".join(str(e) for e in sorted(int(e) for e in entries))


def decisions(session: Session) -> dict[tuple[str, str, str], PrizeDecision]:
    """The session's recorded outcomes by (section, field, tied) — one query."""
    return {(d.section, d.field, d.tied): d for d in PrizeDecision.objects.filter(session=session)}


def tie_groups(awards: list[PrizeAward], rule: str) -> list[list[PrizeAward]]:
    """The tied groups a play-off, cut or draw settles (awards of one group share a note)."""
    if rule == "share":
        return []
    groups: dict[str, list[PrizeAward]] = {}
    for award in awards:
        if award.decision:
            groups.setdefault(award.decision, []).append(award)
    return [g for g in groups.values() if len(g) > 1]


def apply_decisions(awards, ranks, rule, found, where, who="pair") -> list[PrizeAward]:
    """``awards`` with every recorded outcome applied (``where``: (section, field))."""
    out = list(awards)
    for group in tie_groups(awards, rule):
        decision = found.get((*where, tied_key(a.entry for a in group)))
        if decision is None:
            continue
        label = ordinal(ranks[group[0].entry])
        how = METHOD_LABELS.get(decision.method, decision.method)
        note = f"{label}, decided by {how}: {who} {decision.order[0]}"
        settled = {a.entry: a for a in settle_tie(group, decision.order, note)}
        out = [settled.get(a.entry, a) for a in out]
    return out


def _field_awards(session: Session, data: dict):
    """(section, field, awards as allocated, ranks, names) per field of the kept standings;
    a stratified section (``strata`` in its standings, ``tournament.standings``) has a
    "field" per field and stratum beyond the first, named "NS:B" (the first stratum is the
    whole field), its places those within the stratum.  When the event gives this session's
    prizes by its combined ranking (``tournament.prizes.combined.prize_data``), that ranking
    takes the place of the kept standings."""
    data = prize_data(session) or data
    conditions = session.event.usable_conditions
    prizes = int(conditions.get("prizes_per_field", 3))
    rule = conditions.get("tie_rule", "share")
    for section in data.get("sections", []):
        strata = [s.split("<")[0].strip() for s in (section.get("strata") or "").split(";")]
        for field in section.get("fields", []):
            names = {s["entry"]: s["name"] for s in field["standings"]}
            ranked = [(s["entry"], s["rank"]) for s in field["standings"]]
            awards = allocate_prizes(ranked, prizes, rule, seed=session.pk)
            yield section["name"], field["name"], awards, dict(ranked), names
            for stratum in strata[1:]:
                ranked = [(s["entry"], s["strata"][stratum]) for s in field["standings"]
                          if stratum in s.get("strata", {})]  # fmt: skip
                awards = allocate_prizes(ranked, prizes, rule, seed=session.pk)
                yield section["name"], f"{field['name']}:{stratum}", awards, dict(ranked), names


def prize_awards(session: Session, data: dict | None = None) -> dict[tuple[str, str], list]:
    """The ties a play-off, cut or draw settles, by (section, field), before any outcome."""
    data = data if data is not None else standings_selectors.standings_data(session)
    rule = session.event.condition("tie_rule", "share")
    return {(sec, fld): tie_groups(awards, rule)
            for sec, fld, awards, _, _ in _field_awards(session, data)}  # fmt: skip


def prize_list(session: Session, data: dict | None = None) -> list[dict]:
    """Prizes per field from the kept standings, ties settled by the event's rule and the
    outcomes the TD recorded (``services.record_decision``)."""
    rule = session.event.condition("tie_rule", "share")
    data = data if data is not None else standings_selectors.standings_data(session)
    found = decisions(session)
    who = noun(session)
    out = []
    won: dict[tuple[str, str, object], str] = {}  # (section, field, entry) → its stratum
    for sec, fld, awards, ranks, names in _field_awards(session, data):
        awards = apply_decisions(awards, ranks, rule, found, (sec, fld), who)
        field, _, stratum = fld.partition(":")
        for award in awards:
            row = {
                "section": sec, "field": fld, "entry": award.entry, "rank": ranks[award.entry],
                "name": names[award.entry], "prizes": list(award.prizes),
                "share": str(display(award.share)), "decision": award.decision,
            }  # fmt: skip
            if stratum or _stratified(data, sec):
                row["stratum"] = stratum or _first_stratum(data, sec)
                before = won.get((sec, field, award.entry))
                if before is not None and award.prizes:  # one prize each: the higher stratum's
                    row.update(
                        prizes=[],
                        share="0",
                        decision=f"has its prize in stratum {before}: one prize each",
                    )
                elif award.prizes:
                    won[(sec, field, award.entry)] = row["stratum"]
            out.append(row)
    return out


def _stratified(data: dict, section: str) -> bool:
    return any(s.get("name") == section and s.get("strata") for s in data.get("sections", []))


def _first_stratum(data: dict, section: str) -> str:
    for s in data.get("sections", []):
        if s.get("name") == section and s.get("strata"):
            return s["strata"].split(";")[0].strip()
    return ""


METHODS = SERIES_METHODS


LABELS = {
    "net_plus": "series average net plus",
    "average": "average of percentages",
    "sum": "sum of percentages",
    "best_k": "average of the best {k} percentages",
}


def series_method(event: Event) -> tuple[str, int]:
    """The event's series method and k (for best k of n)."""
    chosen = event.condition("series") or {}
    if isinstance(chosen, str):
        chosen = {"method": chosen}
    net = event.game == "auction" and event.scoring_method == "net"
    method = chosen.get("method") or ("net_plus" if net else "average")
    if method not in METHODS:
        method = "average"
    return method, int(chosen.get("best", 3))


def series_label(event: Event) -> str:
    method, k = series_method(event)
    return LABELS[method].format(k=k)


def _contests(event: Event, by_player: bool):
    """Per final session: {field: {contestant: (percent, score)}} and the names."""
    players = event_players(event)
    names: dict[frozenset, str] = {}
    contests = []
    rows = Standings.objects.filter(session__event=event, session__status=Session.Status.FINAL)
    for session_id, data in rows.values_list("session_id", "data"):
        fields: dict[str, dict[frozenset, tuple]] = {}
        for section in data.get("sections", []):
            for field in section.get("fields", []):
                for s in field["standings"]:
                    members = players.get((session_id, section["name"], s["entry"]), [])
                    groups = [[m] for m in members] if by_player else [members]
                    for group in filter(None, groups):
                        key = frozenset(p for p, _ in group)
                        names[key] = " & ".join(n for _, n in group)
                        fields.setdefault(field["name"], {})[key] = (s.get("percent"), s["score"])
        contests.append(fields)
    return contests, names


def series_standings(event: Event) -> list[dict]:
    """Rows (name, score, sessions), best first, by the event's series method."""
    method, k = series_method(event)
    by_player = event.format in (Event.Format.INDIVIDUAL, Event.Format.PROGRESSIVE)
    contests, names = _contests(event, by_player)
    if method == "net_plus":
        nets = [
            {f: {who: int(Fraction(str(v[1]))) for who, v in c.items()} for f, c in fields.items()}
            for fields in contests
        ]
        totals = series_net_plus(nets)
    else:
        sessions = [
            {who: Fraction(str(v[0])) for c in fields.values() for who, v in c.items()
             if v[0] is not None}
            for fields in contests
        ]  # fmt: skip
        totals = {
            "average": average_of_percentages,
            "sum": sum_of_percentages,
            "best_k": lambda s: best_k_of_n(s, k, average=True),
        }[method](sessions)
    counts = Counter(who for fields in contests for c in fields.values() for who in c)
    ranked = sorted(totals.items(), key=lambda kv: (-kv[1], names[kv[0]]))
    places = rank([value for _, value in ranked])
    return [
        {"rank": place, "name": names[who], "score": display(value), "sessions": counts[who],
         "players": sorted(who)}
        for place, (who, value) in zip(places, ranked, strict=True)
    ]  # fmt: skip
