"""The team result on the printed results sheet, above the pairs' standings.

A whist team match (the section's kept ``team_match``) or teams of four at IMPs
(``imp_teams``): place, team number, the team's name with its pairs, its tricks (and any
odd-pair credit) and aggregate, or its IMPs and VPs, and the result, the winner's row in bold
and tinted. The figures are the kept ones, as on the standings pages; the cells' text is
``scoring.engine.team_results``'s, as on the pages and in the CSV export.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Spacer

from scoring.engine.team_results import (
    TOTAL,
    heading,
    matches_text,
    number,
    pair_text,
    team_kind,
    vp_text,
)
from tournament.printing.documents.common import BODY, PrintData, escape, frame_width, grid, style

H2 = style(15, bold=True)
CELL = style(10.5, leading=12.5)
WINNER_TINT = colors.HexColor("#E2F0D9")


def team_cell(team: dict[str, Any], kind: str) -> Paragraph:
    """The name (bold, ``— WINNER``, for the winner), its pairs and, with more than two
    teams at IMPs, its matches, in small print."""
    name = escape(team["name"])
    lines = [f"<b>{name} — WINNER</b>" if team["winner"] else name]
    lines += [escape(pair_text(p, TOTAL[kind])) for p in team["pairs"]]
    if len(team.get("matches", ())) > 1:
        lines.append(escape(matches_text(team["matches"])))
    small = [f'<font size="8.5">{line}</font>' for line in lines[1:]]
    return Paragraph("<br/>".join([lines[0], *small]), CELL)


def _columns(match: dict[str, Any], kind: str) -> list[tuple[str, float, Any]]:
    """(header, width, cell of a team) after Place, No. and Team."""
    if kind == "imp_teams":
        return [
            ("IMPs", 18 * mm, lambda t: number(t["imps"])),
            ("VPs", 18 * mm, lambda t: vp_text(t["vp"]) or "—"),
        ]
    columns = [("Tricks", 18 * mm, lambda t: number(t["tricks"]))]
    if any(t.get("odd_pair_credit") is not None for t in match["teams"]):
        columns.append(("Odd-pair credit", 28 * mm, lambda t: number(t["odd_pair_credit"])))
    return [*columns, ("Aggregate", 22 * mm, lambda t: number(t["aggregate"]))]


def result_width(teams: list[dict[str, Any]]) -> float:
    """Wide enough for the longest result on one line ("lost by the fraction of a trick")."""
    longest = max(
        (stringWidth(t["result"], CELL.fontName, CELL.fontSize) for t in teams), default=0
    )
    return min(max(longest + 14, 30 * mm), 62 * mm)


def team_table(data: PrintData, section: dict[str, Any], kind: str) -> list:
    match = section[kind]
    columns = _columns(match, kind)
    rows: list[list[Any]] = [["Place", "No.", "Team", *(c[0] for c in columns), "Result"]]
    extra: list[tuple] = [("ALIGN", (2, 1), (2, -1), "LEFT"), ("ALIGN", (-1, 1), (-1, -1), "LEFT")]
    for i, team in enumerate(match["teams"], start=1):
        cells = [fill(team) for _, _, fill in columns]
        result = Paragraph(escape(team["result"] or "—"), CELL)
        rows.append([team["rank"], str(team["team"]), team_cell(team, kind), *cells, result])
        if team["winner"]:
            extra.append(("BACKGROUND", (0, i), (-1, i), WINNER_TINT))
    fixed = [14 * mm, 12 * mm, *(c[1] for c in columns), result_width(match["teams"])]
    team_width = frame_width(data) - sum(fixed)
    return [grid(rows, [*fixed[:2], team_width, *fixed[2:]], extra)]


def winner_line(section: dict[str, Any], kind: str) -> str:
    """``Winner: team 1, Hastings, won by 4 tricks``; else why there is none."""
    teams = section[kind]["teams"]
    for team in teams:
        if team["winner"]:
            return f"Winner: team {team['team']}, {team['name']}, {team['result']}"
    if not any(team["result"] for team in teams):
        return "No winner yet: no board compared"
    return "No winner: " + ("drawn" if len(teams) == 2 else "first place is shared")


def team_story(data: PrintData, section: dict[str, Any]) -> list:
    """The team result of ``section`` (heading, table, the winner), or [] for pairs only."""
    kind = team_kind(section)
    if kind is None:
        return []
    return [
        Paragraph(escape(heading(section)), H2),
        Spacer(1, 2 * mm),
        *team_table(data, section, kind),
        Spacer(1, 2 * mm),
        Paragraph(escape(winner_line(section, kind)), BODY),
        Spacer(1, 5 * mm),
    ]
