"""Tally cards for progressive games.

"each player is furnished with a score or tally-card, designating table at which he is to
begin play" [002 L7370–7376]; "1 A" is Table 1, head couple, "1 B" Table 1, side couple, and
"Scoring devices for ladies and gentlemen should be of different color" [002 L6378–6385].
After each round the player writes the points (or games) won; at the end the addition is
"checked and O. K.'d by an adversary" [002 L2881–2888].  Six rounds is usual [002 L2890–2891].
"""

from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm

from tournament.printing.documents.common import (
    GRID,
    LADY_TINT,
    PrintData,
    PrintError,
    frame_width,
    result,
)
from tournament.printing.documents.fastgrid import Grid

COUPLES = (("A", "head couple"), ("B", "side couple"))
KINDS = (("LADY", LADY_TINT), ("GENTLEMAN", colors.white))


def tally_card(data: PrintData, table: int, couple: str, kind: str, tint, size) -> Grid:
    width, height = size
    rounds = data.round_count
    rows = [
        [f"Table {table} {couple}", f"{kind}'S\nCARD"],
        [data.title[:40], f"section {data.section}"],
        ["Name", ""],
        ["Round · table", "Points won"],
        *[[f"Round {r} · table ____", ""] for r in range(1, rounds + 1)],
        ["Total", ""],
        ["O.K. (adversary)", ""],
    ]
    row_h = (height - 8 * mm) / len(rows)
    heights = [row_h * 1.5] + [row_h * (len(rows) - 1.5) / (len(rows) - 1)] * (len(rows) - 1)
    return Grid(
        rows,
        [width * 0.58, width * 0.42],
        [
            ("FONT", (0, 0), (-1, -1), "Helvetica", 10),
            ("FONT", (0, 0), (0, 0), "Helvetica-Bold", 18),
            ("FONT", (1, 0), (1, 0), "Helvetica-Bold", 9),
            ("FONT", (0, 3), (-1, 3), "Helvetica-Bold", 9),
            ("FONT", (0, -2), (0, -1), "Helvetica-Bold", 10),
            ("BACKGROUND", (0, 0), (-1, -1), tint),
            ("BOX", (0, 0), (-1, -1), 1.5, GRID),
            ("LINEBELOW", (0, 2), (-1, -2), 0.4, GRID),
            ("LINEAFTER", (0, 3), (0, -1), 0.4, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ],
        heights=heights,
    )


def tally_story(data: PrintData) -> list:
    tables, rounds = data.table_count, data.round_count
    if tables < 1 or rounds < 1:
        raise PrintError(
            "tally cards: the number of tables and rounds is not known yet; "
            "add the players or choose the movement first"
        )
    width = frame_width(data) / 2
    height = (data.pagesize[1] - 2 * 14 * mm - 14) / 2
    cards = [
        tally_card(data, t, couple, kind, tint, (width - 4 * mm, height - 4 * mm))
        for t in range(1, tables + 1)
        for couple, _ in COUPLES
        for kind, tint in KINDS
    ]
    story = []
    for i in range(0, len(cards), 4):
        four = cards[i : i + 4] + [""] * (4 - len(cards[i : i + 4]))
        middle = [("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("ALIGN", (0, 0), (-1, -1), "CENTER")]
        story.append(Grid([four[:2], four[2:]], [width] * 2, middle, heights=[height] * 2))
    return story


def tally_cards(data: PrintData):
    if data.five_hundred:  # marked "Table A 1" …, with plus and minus [002 L7370–7376]
        from tournament.printing.documents.five_hundred import tally_story as five_hundred_cards

        return result(data, "tally-cards", five_hundred_cards(data))
    return result(data, "tally-cards", tally_story(data))
