"""Progressive Five Hundred: the tally cards and the scorer's general score sheet.

"each player is furnished with a score or tally-card, designating table at which he is to
begin play … four-hand, tally-cards may be marked: Table A 1, A 2, A 3, A 4; one and three
playing partners against two and four.  Six-hand: Table A 1, … A 6; the odd numbers playing
partners against the even" [002 L7370–7376].  "Scorer keeps a general score-sheet, with plus
and minus column for each player … the points lost (through 'set backs') are deducted
therefrom.  The player having the highest number of points … wins" [002 L7386–7396].

``data.five_hundred`` (``tournament.printing.selectors.five_hundred_print``) holds ``hands``,
``marks`` (each table's cards, "A 1" … in order), ``cards`` (player → "A 1", once round 1 is seated), ``rounds`` and ``rows``.
"""

from __future__ import annotations

from reportlab.lib.units import mm

from tournament.printing.documents.blocks import Text
from tournament.printing.documents.common import (
    BODY,
    GRID,
    SMALL,
    SUBTITLE,
    TITLE,
    PrintData,
    PrintError,
    frame_width,
    grid,
    result,
)
from tournament.printing.documents.fastgrid import Grid

PARTNERS = {
    3: "Three-hand: each plays for himself; the high player progresses.",
    4: "One and three playing partners against two and four; the winning partners progress.",
    5: "Five-hand: each scores for himself (the bidder's partner is credited alike); "
    "two players progress.",
    6: "The odd numbers playing partners against the even; three winning partners progress.",
}


def _need(data: PrintData) -> dict:
    five = data.five_hundred
    if not five:
        raise PrintError(
            "Five Hundred: this section is not a game of Progressive Five Hundred (set the "
            "event's Five Hundred hands)"
        )
    if not five["marks"]:
        raise PrintError(
            f"Five Hundred: the players signed in do not fill {five['hands']}-hand tables yet"
        )
    return five


def tally_card(data: PrintData, mark: str, holder: str, size) -> Grid:
    """One card: the mark ("Table A 1"), the partners' rule, a line a round for the table,
    the points won (plus) and set back (minus), and the totals O.K.'d by an adversary."""
    five = data.five_hundred
    width, height = size
    rounds = max(data.round_count, 1)
    rows = [
        [f"Table {mark}", "", ""],
        [PARTNERS[five["hands"]], "", ""],
        [f"{data.title[:38]} · section {data.section}", "", ""],
        ["Name", holder, ""],
        ["Round · table", "Plus", "Minus"],
        *[[f"Round {r} · table ____", "", ""] for r in range(1, rounds + 1)],
        ["Total", "", ""],
        ["Net (plus less minus)", "", ""],
        ["O.K. (adversary)", "", ""],
    ]
    row_h = (height - 6 * mm) / len(rows)
    heights = [row_h * 1.6] + [row_h * (len(rows) - 1.6) / (len(rows) - 1)] * (len(rows) - 1)
    return Grid(
        rows,
        [width * 0.5, width * 0.25, width * 0.25],
        [
            ("FONT", (0, 0), (-1, -1), "Helvetica", 9),
            ("FONT", (0, 0), (0, 0), "Helvetica-Bold", 18),
            ("FONT", (0, 1), (0, 1), "Helvetica", 7),
            ("FONT", (0, 4), (-1, 4), "Helvetica-Bold", 9),
            ("FONT", (0, -3), (0, -1), "Helvetica-Bold", 9),
            ("SPAN", (0, 0), (-1, 0)),
            ("SPAN", (0, 1), (-1, 1)),
            ("SPAN", (0, 2), (-1, 2)),
            ("SPAN", (1, 3), (-1, 3)),
            ("BOX", (0, 0), (-1, -1), 1.5, GRID),
            ("LINEBELOW", (0, 3), (-1, -2), 0.4, GRID),
            ("LINEAFTER", (0, 4), (1, -1), 0.4, GRID),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ],
        heights=heights,
    )


def tally_story(data: PrintData) -> list:
    """Four cards a page: Table A 1, A 2, … then B 1, …; once round 1 is seated, each card
    carries the name of the player who holds it."""
    five = _need(data)
    holders = {mark: player for player, mark in five.get("cards", {}).items()}
    width = frame_width(data) / 2
    height = (data.pagesize[1] - 2 * 14 * mm - 14) / 2
    cards = []
    for marks in five["marks"]:
        for mark in marks:
            player = holders.get(mark)
            holder = f"{player} · {data.name(player)}" if player else ""
            cards.append(tally_card(data, mark, holder, (width - 4 * mm, height - 4 * mm)))
    story = []
    middle = [("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("ALIGN", (0, 0), (-1, -1), "CENTER")]
    for i in range(0, len(cards), 4):
        four = cards[i : i + 4] + [""] * (4 - len(cards[i : i + 4]))
        story.append(Grid([four[:2], four[2:]], [width] * 2, middle, heights=[height] * 2))
    return story


def sheet_story(data: PrintData) -> list:
    """The general score sheet: a line a player, a plus and a minus column for each round,
    the totals and the net, best first."""
    five = _need(data)
    rounds, rows = five.get("rounds", []), five.get("rows", [])
    story: list = [
        Text("General score sheet — Progressive Five Hundred", TITLE),
        Text(
            f"{data.title} · section {data.section} · {data.date} · {five['hands']}-hand tables",
            SUBTITLE,
        ),  # fmt: skip
        Text(
            "Points won in the plus column, set-backs in the minus column; at the end the "
            "points lost are deducted from the points won, and the highest wins "
            "[002 L7386–7396].",
            BODY,
        ),  # fmt: skip
    ]
    shown = rounds or list(range(1, max(data.round_count, 1) + 1))
    head = ["Rank", "Player", *[f"R{r} {s}" for r in shown for s in ("+", "−")],
            "Plus", "Minus", "Net"]  # fmt: skip
    body = []
    for row in rows:
        cells = [str(v) for pm in row["rounds"] for v in pm] if rounds else [""] * 2 * len(shown)
        body.append([row["rank"], f"{row['player']} {row['name']}"[:28], *cells,
                     str(row["plus"]), str(row["minus"]), str(row["net"])])  # fmt: skip
    width = frame_width(data, landscape_page=True)
    name_w = width * 0.2
    rest = (width - name_w) / (len(head) - 1)
    story.append(grid([head, *body], [rest, name_w, *[rest] * (len(head) - 2)]))
    if not rows:
        story.append(Text("No deals entered yet: the scorer fills the columns by hand.", SMALL))
    return story


def tally_cards(data: PrintData):
    return result(data, "tally-cards", tally_story(data))


def score_sheet(data: PrintData):
    return result(data, "five-hundred-sheet", sheet_story(data), landscape_page=True)
