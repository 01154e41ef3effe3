"""The notice-board results sheet with the prize list, and per-pair scorecards.

A team match (whist, or teams of four at IMPs) has its team result above the pairs'
standings (``teams.team_story``).

Both read the ``duplicate-standings/1`` dict (``SessionResult.to_json()``, kept in
``Standings.data``) so the printed sheet shows the same standings as the web page.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import KeepTogether, Paragraph, Spacer

from scoring.engine.numbers import percent_text, places, points_text, signed_text
from scoring.engine.scorecards import own_score
from tournament.printing.documents.common import (
    BODY,
    SMALL,
    PrintData,
    PrintError,
    escape,
    frame_width,
    grid,
    result,
    style,
)
from tournament.printing.documents.guide import header
from tournament.printing.documents.teams import team_story

FIELD_NAMES = {"all": "Overall", "NS": "North-South", "EW": "East-West"}
H2 = style(15, bold=True)


def need_standings(data: PrintData, document: str) -> dict[str, Any]:
    if not data.standings or not data.standings.get("fields"):
        raise PrintError(f"{document}: no standings yet; enter and score results first")
    return data.standings


def number(value: Any, decimals: int | None = None) -> str:
    """A number as the pages write it (``scoring.engine.numbers``): with ``decimals`` the
    column's shared decimals, otherwise whole numbers whole and fractions with 2 decimals."""
    if value is None:
        return "—"
    return points_text(value, places([value]) if decimals is None else decimals, "—")


#: the method columns of a field (``Standing.extra``): net plus/minus (Law 10/11
#: [002 L3364–3388]) and whist pairs' tricks
EXTRA_COLUMNS = (("plus", "Plus"), ("minus", "Minus"), ("excess", "Excess"),
                 ("above_average", "± average"), ("tricks", "Tricks"))  # fmt: skip


def field_table(data: PrintData, field: dict[str, Any]) -> list:
    standings = field["standings"]
    extra = [(k, label) for k, label in EXTRA_COLUMNS if any(k in s for s in standings)]
    strata = any(s.get("stratum_places") for s in standings)  # stratified pairs
    rows = [["Place", "No.", "Names", "Score", "%", *(label for _k, label in extra)]
            + (["Strata"] if strata else [])]  # fmt: skip
    decimals = places(s.get("score") for s in standings)
    shared = {k: places(s.get(k) for s in standings) for k, _label in extra}
    for s in standings:
        name = s.get("name") or data.name(s["entry"])
        pct = s.get("percent")
        cells = [
            signed_text(s.get(k), shared[k])
            if k == "above_average"
            else number(s.get(k), shared[k])
            for k, _label in extra
        ]
        rows.append(
            [
                s["rank"],
                str(s["entry"]),
                Paragraph(escape(name), BODY),
                "—" if s.get("boards_played") == 0 else number(s.get("score"), decimals),
                percent_text(pct, ""),
                *cells,
            ]
            + ([s.get("stratum_places") or ""] if strata else [])
        )
    width = frame_width(data)
    fixed = [18 * mm, 14 * mm, 24 * mm, 20 * mm] + [18 * mm] * len(extra)
    fixed += [34 * mm] if strata else []
    widths = fixed[:2] + [width - sum(fixed)] + fixed[2:]
    return [grid(rows, widths, [("ALIGN", (2, 1), (2, -1), "LEFT")])]


def balance_lines(standings: dict[str, Any]) -> list[str]:
    """Net plus/minus: each direction's average and the balance Σ net + Σ excess = 0
    [002 L3017–3023, L3385–3388]; nothing for other methods."""
    balance = standings.get("balance")
    if not balance:
        return []
    lines = [
        f"{FIELD_NAMES.get(f['name'], f['name'])}: total {number(f['total'])}, "
        f"average {number(f['average'])}"
        for f in balance.get("fields", [])
    ]
    verdict = "balances" if balance.get("balances") else "DOES NOT BALANCE: check the score slips"
    lines.append(
        f"Balance: net {number(balance['net'])} + excess {number(balance['excess'])} = "
        f"{number(balance['total'])} ({verdict})"
    )
    return lines


def prize_lines(data: PrintData, field: dict[str, Any]) -> list[str]:
    kept = [p for p in (data.standings or {}).get("prizes", [])
            if p["field"].partition(":")[0] == field["name"]]  # fmt: skip
    if kept:  # the prize list with how each tie was settled ("=2nd, decided by cut: pair 5")
        return [  # a stratified event: each stratum's prizes, "B: 1  pair 4 …"
            (f"{p['stratum']}: " if p.get("stratum") else "")
            + f"{p.get('rank', '')}  pair {p['entry']}  {p['name']}"
            + (f" ({p['decision']})" if p["decision"] else "")
            for p in kept
        ]
    out = []
    for s in field["standings"]:
        place = str(s["rank"]).rstrip("=")
        if place.isdigit() and int(place) <= data.prizes_per_field:
            out.append(f"{s['rank']}  pair {s['entry']}  {s.get('name') or data.name(s['entry'])}")
    return out


def results_story(data: PrintData) -> list:
    standings = need_standings(data, "results sheet")
    status = "FINAL" if standings.get("status") == "final" else "PROVISIONAL"
    method = standings.get("method", "")
    story = header(data, f"Results — {status}", [f"Scored by {method}" if method else ""])
    story += team_story(data, standings)
    for field in standings["fields"]:
        story.append(Paragraph(escape(FIELD_NAMES.get(field["name"], field["name"])), H2))
        story += [Spacer(1, 2 * mm), *field_table(data, field), Spacer(1, 5 * mm)]
    for line in balance_lines(standings):
        story.append(Paragraph(escape(line), BODY))
    story.append(Paragraph("Prize list", H2))
    for field in standings["fields"]:
        lines = prize_lines(data, field)
        label = FIELD_NAMES.get(field["name"], field["name"])
        story.append(Paragraph(escape(f"{label}: " + ("; ".join(lines) or "—")), BODY))
    return story + combined_story(data)


def combined_story(data: PrintData) -> list:
    """The event's combined ranking over its sessions (with the carry-over into a final)."""
    combined = data.combined
    if not combined:
        return []
    title = "Combined ranking" + (" — qualifying" if combined["stage"] == "qualifying" else "")
    story = [Paragraph(title, H2), Paragraph(escape(combined["label"].capitalize() + "."), SMALL)]
    if combined["error"]:
        story.append(Paragraph(escape(combined["error"]), BODY))
    final = combined["stage"] == "final"
    for group in combined["groups"]:
        columns = list(group["columns"])
        if final:
            columns.insert(len(columns) - 1, "Carry-over")
        head = ["Place", "Names", *columns, "Total"]
        rows = [head]
        for row in group["rows"]:
            figures = list(row["figures"])
            if final:
                figures.insert(len(figures) - 1, row["carry"])
            mark = " (Q)" if row["qualified"] else ""
            name = (f"{row['entry']}: " if row["entry"] else "") + row["name"] + mark
            rows.append([row["rank"], Paragraph(escape(name), BODY), *figures, row["total"]])
        width = frame_width(data)
        fixed = [16 * mm] + [20 * mm] * (len(columns) + 1)
        widths = fixed[:1] + [width - sum(fixed)] + fixed[1:]
        story += [Paragraph(escape(group["name"]), BODY), Spacer(1, 2 * mm)]
        story += [grid(rows, widths, [("ALIGN", (1, 1), (1, -1), "LEFT")]), Spacer(1, 4 * mm)]
    return story


def results_sheet(data: PrintData):
    return result(data, "results-sheet", results_story(data))


def pair_lines(standings: dict[str, Any], entry: int, game: str = "contract") -> list[list[str]]:
    """The pair's boards, each score from the pair's side (``scorecards.own_score``)."""
    found = []
    for board in standings.get("boards", []):
        for line in board.get("results", []):
            if entry not in (line.get("ns"), line.get("ew")):
                continue
            found.append((board["board"], line, line.get("ns") == entry))
    decimals = places(line.get("ns_points" if ns else "ew_points") for _, line, ns in found)
    rows = []
    for board, line, ns in found:
        tricks, score = own_score(line, "NS" if ns else "EW", game)
        points = line.get("ns_points") if ns else line.get("ew_points")
        contract = line.get("adjusted") or line.get("weighted") or line.get("contract") or ""
        rows.append(
            [
                str(board),
                "N-S" if ns else "E-W",
                str(line.get("ew") if ns else line.get("ns")),
                contract,
                line.get("declarer") or "",
                number(tricks),
                number(score),
                number(points, decimals),
            ]
        )
    return rows


def scorecard(data: PrintData, standing: dict[str, Any], standings: dict[str, Any]) -> KeepTogether:
    entry = standing["entry"]
    name = standing.get("name") or data.name(entry)
    rows = [["Board", "Sat", "Against", "Contract", "By", "Tricks", "Score", "Points"]]
    rows += pair_lines(standings, entry, data.game)
    pct = standing.get("percent")
    total = f"Total {number(standing.get('score'), places([r[7] for r in rows[1:]]))}" + (
        "" if pct is None else f" · {percent_text(pct)}%"
    )
    width = frame_width(data)
    return KeepTogether(
        [
            Paragraph(escape(f"Pair {entry} — {name}"), H2),
            Paragraph(escape(f"Place {standing['rank']} · {total} · {data.title}"), SMALL),
            Spacer(1, 2 * mm),
            grid(rows, [width / 8] * 8),
            Spacer(1, 4 * mm),
        ]
    )


def scorecards_story(data: PrintData) -> list:
    standings = need_standings(data, "scorecards")
    story: list = []
    for field in standings["fields"]:
        for standing in sorted(field["standings"], key=lambda s: s["entry"]):
            story.append(scorecard(data, standing, standings))
    return story


def scorecards(data: PrintData):
    return result(data, "scorecards", scorecards_story(data))
