"""Swiss round sheets: one page a round — who meets whom at which table, the match scores
(IMPs) and VPs when in, and the standings after the round (docs/swiss.md)."""

from __future__ import annotations

from reportlab.platypus import PageBreak

from tournament.printing.documents.blocks import Text
from tournament.printing.documents.common import (
    BODY,
    SUBTITLE,
    TITLE,
    PrintData,
    PrintError,
    frame_width,
    grid,
    result,
)


def match_rows(matches: list[dict]) -> list[list[str]]:
    rows = [["Table", "Home", "Away", "IMPs", "VPs"]]
    for m in matches:
        if m["away"] is None:
            rows.append([str(m["table"]), m["home"], "bye", "", m["home_vps"] or ""])
            continue
        imps = "" if m["home_imps"] is None else f"{m['home_imps']} – {m['away_imps']}"
        vps = "" if m["home_vps"] is None else f"{m['home_vps']} – {m['away_vps']}"
        rows.append([str(m["table"]), m["home"], m["away"], imps, vps])
    return rows


def standing_rows(standings: list[dict]) -> list[list[str]]:
    rows = [["Place", "Name", "VPs", "IMP diff."]]
    rows += [[s["rank"], s["name"], s["vps"], str(s["imp_difference"])] for s in standings]
    return rows


def swiss_story(data: PrintData) -> list:
    swiss = data.swiss
    if not swiss or not swiss.get("rounds"):
        raise PrintError(
            f"Swiss round sheets: section {data.section} is not a Swiss with a round paired"
        )
    width = frame_width(data)
    story: list = []
    for number, matches in swiss["rounds"]:
        story.append(Text(f"Round {number}", TITLE))
        story.append(Text(f"{data.title} · section {data.section} · {data.date}", SUBTITLE))
        story.append(Text(swiss["conditions"], BODY))
        story.append(grid(match_rows(matches), [width * f for f in (0.1, 0.3, 0.3, 0.15, 0.15)]))
        after = swiss["standings"].get(number)
        if after:
            story.append(Text(f"Standings after round {number}", SUBTITLE))
            story.append(grid(standing_rows(after), [width * f for f in (0.12, 0.5, 0.19, 0.19)]))
        story.append(PageBreak())
    return story[:-1]


def swiss_rounds(data: PrintData):
    return result(data, "swiss-rounds", swiss_story(data))
