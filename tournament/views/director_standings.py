"""Standings while running, provisional and final; prizes; travellers; scorecards; CSV.

Every page reads the kept standings (``scoring.models.Standings``) and renders tables from
``scoring.tables``; the CSV export is django-tables2's ``TableExport`` of the same table (the
standings CSV of a team match: the teams' table, then the pairs').
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render

from scoring.standings import selectors as standings_selectors
from scoring.tables import (
    ImpTeamsTable,
    PrizeTable,
    ScorecardTable,
    StandingsTable,
    TeamMatchTable,
    TravellerTable,
    TwinStandingsTable,
    export_csv,
    scorecard_rows,
    standings_export_tables,
    traveller_rows,
)
from tournament.prizes import selectors as prize_selectors
from tournament.social import selectors as social_selectors

from ..permissions import (
    club_of_section,
    club_of_session,
    director_required,
    get_section,
    get_session,
)


def _export(request, filename, *tables):
    """CSV of exactly the tables on the page: django-tables2's ``TableExport`` (tablib)
    writes each table's ``as_values()``, the same columns and values as the screen, each text
    cell made safe from spreadsheet formulas (``scoring.tables.export_csv``). Several
    tables (a team match's teams, then the pairs) follow one another, a blank line between."""
    if request.GET.get("_export") != "csv":
        return None
    content_type, text = export_csv(*tables)
    response = HttpResponse(content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}.csv"'
    response.write(text)
    return response


def _has_ties(session, prizes) -> bool:
    """A tie settled by play-off, cut or draw (the TD records the outcome on /ties/)."""
    rule = session.event.condition("tie_rule", "share")
    return rule != "share" and any(p.get("decision") for p in prizes)


@director_required(club_of_session)
def standings(request, pk):
    session = get_session(pk)
    data, pending = standings_selectors.standings_and_pending(session)
    response = _export(request, f"standings-{session.pk}", *standings_export_tables(data))
    if response:
        return response
    sections = [
        {"name": s["name"],
         "team_match": s.get("team_match"),
         "teams": TeamMatchTable(s["team_match"]["teams"]) if s.get("team_match") else None,
         "imp_teams": ImpTeamsTable(s["imp_teams"]["teams"]) if s.get("imp_teams") else None,
         "balance": s.get("balance"),
         "fields": [{"name": f["name"], "table": StandingsTable(f["standings"])}
                    for f in s.get("fields", [])]}
        for s in data.get("sections", [])
    ]  # fmt: skip
    prizes = data.get("prizes") or prize_selectors.prize_list(session, data)
    twins = [{"sections": " and ".join(t["sections"]),
              "fields": [{"name": f["name"], "table": TwinStandingsTable(
                  f["standings"], exclude=("sections", "field"))} for f in t["fields"]]} for t in data.get("twins", [])]  # fmt: skip
    context = {"session": session, "sections": sections, "prizes": PrizeTable(prizes),
               "twins": twins,
               "prizes_kept": "prizes" in data, "ties_to_settle": _has_ties(session, prizes),
               "social": social_selectors.session_standings(session),
               "pending": pending}  # fmt: skip
    return render(request, "tournament/director/standings.html", context)


@director_required(club_of_section)
def travellers(request, pk):
    section = get_section(pk)
    table = TravellerTable(
        traveller_rows(standings_selectors.section_data(section.session, section))
    )
    response = _export(request, f"travellers-{section.session_id}-{section.name}", table)
    if response:
        return response
    return render(request, "tournament/director/travellers.html",
                  {"section": section, "table": table})  # fmt: skip


@director_required(club_of_section)
def scorecard(request, pk, entry):
    section = get_section(pk)
    table = ScorecardTable(
        scorecard_rows(standings_selectors.section_data(section.session, section), entry)
    )
    response = _export(request, f"scorecard-{section.session_id}-{entry}", table)
    if response:
        return response
    return render(request, "tournament/director/scorecard.html",
                  {"section": section, "entry": entry, "table": table})  # fmt: skip
