"""Social score cards: one card a player, the rounds of a social game scored as the book plays
it, with the points won entered so far and the total.

Pivot: "Each player at the table puts down the total number of points won on the rubber,
without deducting the points lost. This should be O. K.'d by an adversary. At the end of the
third rubber, add up the total points won on the three rubbers, with your name and address
distinctly written at the top" [002 L2765–2771]; Safford: "The score of each four hands should
be added up by each individual player" [002 L3244–3246]; Baker: rubbers with 250, and 125 a
game toward a rubber unfinished at the 24th hand [002 L3153–3164].
"""

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

RULES = {
    "pivot": "Points won on each rubber, without deducting the points lost; only the first "
    "three rubbers count; at the call, nothing for unfinished games [002 L2765–2779].",
    "baker": "Rubbers scored as in the ordinary game, 250 for the rubber; a rubber not finished "
    "at the 24th hand scores 125 for each game won toward it [002 L3153–3164].",
    "safford": "The score of each four hands added up by each player [002 L3244–3246].",
    "individual": "Each player's total of the points won; the highest total wins [002 L3053–3055].",
    "pivot-pair": "Each pair's total of the points won [002 L6449–6459].",
}


def card_rows(rounds: list[dict], total: int | None) -> list[list[str]]:
    rows = [["Round", "Table", "Partner", "Opponents", "Points won"]]
    for r in rounds:
        points = "" if r["points"] is None else str(r["points"])
        if r["points"] is not None and r.get("finished") is False:
            points += " (unfinished)"
        rows.append([str(r["round"]), str(r["table"]), r["partner"], r["opponents"], points])
    rows.append(["Total", "", "", "", "" if total is None else str(total)])
    rows.append(["O.K. (adversary)", "", "", "", ""])
    return rows


def social_story(data: PrintData) -> list:
    social = data.social
    if not social or not social.get("cards"):
        raise PrintError(
            "social score cards: this section is not scored as the book's social game "
            "(a pivot, Baker, Safford or social pivot movement, condition social_scoring)"
        )
    width = frame_width(data)
    widths = [width * f for f in (0.13, 0.1, 0.27, 0.32, 0.18)]
    story: list = []
    for number in sorted(social["cards"]):
        name = data.name(number) or f"Player {number}"
        story.append(Text(f"{number} · {name}", TITLE))
        story.append(Text(f"{data.title} · section {data.section} · {data.date}", SUBTITLE))
        story.append(Text(RULES.get(social["kind"], ""), BODY))
        rows = card_rows(social["cards"][number], social["totals"].get(number))
        story.append(grid(rows, widths))
        story.append(PageBreak())
    return story[:-1]


def social_cards(data: PrintData):
    return result(data, "social-cards", social_story(data))
