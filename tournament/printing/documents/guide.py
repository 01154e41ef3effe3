"""Cards that stay on the tables: guide (table) cards, QR score-entry cards, indicator cards.

Guide cards follow MOVEMENTS.md §9: for each round who sits where, the boards, where everyone
and the boards go next, and the skip, arrow-switch and share marks.  Indicator cards are the
social pivot's "indicator cards on the tables with the numbers ... The letter of the table"
[002 L3084–3088], [002 L3171–3173].
"""

from __future__ import annotations

import string

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Spacer

from tournament.movements.base import Movement, Round, Seating
from tournament.movements.pivot import safford_label
from tournament.printing.documents import moves
from tournament.printing.documents.blocks import Text
from tournament.printing.documents.cells import Rich
from tournament.printing.documents.common import (
    BODY,
    SUBTITLE,
    TITLE,
    PrintData,
    boards_text,
    frame_width,
    grid,
    result,
    style,
)

BIG = style(16, align=TA_CENTER, leading=19)
HUGE = style(64, bold=True, align=TA_CENTER, leading=70)
TINY_C = style(8, align=TA_CENTER)


def table_letter(table: int) -> str:
    letters = string.ascii_uppercase
    return letters[(table - 1) % 26] * ((table - 1) // 26 + 1)


def header(data: PrintData, heading: str, lines: list[str] = ()) -> list:
    text = [f"{data.title} · section {data.section}"]
    if data.date:
        text.append(data.date)
    out = [Text(heading, TITLE), Spacer(1, 2 * mm)]
    out.append(Text(" · ".join(text), SUBTITLE))
    out += [Text(line, BODY) for line in lines if line]
    return out + [Spacer(1, 4 * mm)]


def who_cell(data: PrintData, number: int | None, phantom: int | None) -> Rich:
    """The number in bold and the names under it in small print (a centred paragraph)."""
    if number is None or number == phantom:
        return Rich((("—", "Helvetica", 11),), 13, align="LEFT")
    name = data.name(number)
    small = ((name, "Helvetica", 9),) if name else ()
    return Rich(((str(number), "Helvetica-Bold", 14), *small), 14)


def next_lines(movement: Movement, rnd: Round, st: Seating) -> list[str]:
    lines = [
        moves.person_next(movement, rnd, st, getattr(st, attr), label)
        for attr, label in moves.seats(movement)
    ]
    lines.append(moves.boards_next(movement, rnd, st))
    return [line for line in lines if line]


def guide_row(data: PrintData, movement: Movement, rnd: Round, st: Seating) -> list:
    people = [who_cell(data, getattr(st, a), movement.phantom) for a, _ in moves.seats(movement)]
    then = "\n".join(next_lines(movement, rnd, st))
    share = data.shares.get((rnd.number, st.table))
    twin = [f"share with table {share}"] if share else []
    notes = "\n".join(moves.marks(movement, rnd, st) + twin)
    return [
        str(rnd.number),
        *people,
        boards_text(movement.boards_for(st)),
        then,
        notes,
    ]


def _at(rnd: Round, table: int) -> Seating | None:
    """The table's seating in ``rnd``; None where it is not in play that round (a table
    added or removed mid-session, tournament.movements.late)."""
    return next((st for st in rnd.tables if st.table == table), None)


def _idle(rnd: Round, cells: int) -> list[str]:
    return [str(rnd.number), "not in play", *([""] * (cells - 1))]


def guide_table(data: PrintData, movement: Movement, table: int) -> list:
    labels = [label for _, label in moves.seats(movement)]
    rows = [["Round", *labels, "Boards", "Then", "Notes"]]
    for rnd in movement.rounds:
        st = _at(rnd, table)
        rows.append(guide_row(data, movement, rnd, st) if st else _idle(rnd, len(labels) + 3))
    width = frame_width(data)
    people = 24 * mm if not movement.individual else 18 * mm
    fixed = [15 * mm, *([people] * len(labels)), 20 * mm]
    rest = width - sum(fixed)
    widths = fixed + [rest * 0.62, rest * 0.38]
    left = [("ALIGN", (-2, 1), (-1, -1), "LEFT"), ("LEADING", (-2, 1), (-1, -1), 13.5)]
    return [grid(rows, widths, left)]


def table_cards_story(data: PrintData) -> list:
    movement = data.need_movement("table cards")
    story: list = []
    for table in range(1, movement.tables + 1):
        lines = [
            f"{movement.kind} · {movement.round_count} rounds of "
            f"{movement.boards_per_round} boards",
            movement.announcement,
            data.share_note,
        ]
        story += header(data, f"Table {table}", lines)
        story += guide_table(data, movement, table)
        story.append(PageBreak())
    return story[:-1]


def table_cards(data: PrintData):
    return result(data, "table-cards", table_cards_story(data))


class QRCode(Flowable):
    """The QR code (segno) as vector squares, ``size`` points wide including the quiet zone:
    a white square, then one filled path with a rectangle per run of dark modules."""

    def __init__(self, url: str, size: float):
        super().__init__()
        self.url, self.width, self.height = url, size, size

    def wrap(self, avail_width, avail_height):
        return self.width, self.height

    def draw(self) -> None:
        import segno

        matrix = segno.make(self.url, error="m").matrix
        size, canv = self.width, self.canv
        unit = size / (len(matrix) + 8)
        canv.setFillColor(colors.white)
        canv.rect(0, 0, size, size, stroke=0, fill=1)
        path = canv.beginPath()
        for y, row in enumerate(matrix):
            top = size - (y + 4 + 1) * unit
            for start, length in dark_runs(row):
                path.rect((start + 4) * unit, top, length * unit, unit)
        canv.setFillColor(colors.black)
        canv.setStrokeColor(colors.black)
        canv.setLineWidth(0)
        canv.drawPath(path, stroke=1, fill=1)


def dark_runs(row) -> list[tuple[int, int]]:
    """(start, length) of each run of dark modules in a QR row: one rectangle per run."""
    runs, start = [], None
    for x, dark in enumerate([*row, 0]):
        if dark and start is None:
            start = x
        elif not dark and start is not None:
            runs.append((start, x - start))
            start = None
    return runs


def qr_cards_story(data: PrintData) -> list:
    tables = sorted(data.table_urls) or list(range(1, data.table_count + 1))
    story: list = []
    for table in tables:
        url = data.table_urls.get(table, "")
        story += [Text(f"Table {table}", HUGE), Spacer(1, 6 * mm)]
        story.append(Text(f"{data.title} · section {data.section}", BIG))
        story.append(Spacer(1, 8 * mm))
        if url:
            story.append(QRCode(url, min(110 * mm, frame_width(data) * 0.7)))
            story.append(Spacer(1, 6 * mm))
            story.append(Text("Scan to enter the scores of this table", BIG))
            story.append(Text(url, style(10, align=TA_CENTER)))
        else:
            story.append(Text("No score-entry link has been issued for this table.", BIG))
        story.append(PageBreak())
    return story[:-1]


def qr_table_cards(data: PrintData):
    return result(data, "qr-table-cards", qr_cards_story(data))


def indicator_rows(data: PrintData, movement: Movement, table: int) -> list:
    """Who sits where each round.  Safford's cards show "the numbers [for] the husbands, and
    the letters the wives, the couples being a-1, b-2, etc." [002 L3171–3174]."""
    labels = [label for _, label in moves.seats(movement)]
    rows = [["Round", *labels, "Boards"]]
    show = safford_label if movement.kind == "safford" else str
    for rnd in movement.rounds:
        st = _at(rnd, table)
        if st is None:
            rows.append(_idle(rnd, len(labels) + 1))
            continue
        cells = [
            "—" if getattr(st, a) in (None, movement.phantom) else show(getattr(st, a))
            for a, _ in moves.seats(movement)
        ]
        rows.append([str(rnd.number), *cells, boards_text(movement.boards_for(st))])
    return rows


def indicator_story(data: PrintData) -> list:
    movement = data.need_movement("indicator cards")
    story: list = []
    width = frame_width(data)
    for table in range(1, movement.tables + 1):
        heading = f"Table {table} ({table_letter(table)})"
        notes = [movement.announcement]
        if movement.kind == "safford":
            notes.append("Numbers are the husbands, letters the wives: the couples are a-1, "
                         "b-2 … h-8 [002 L3171–3174].")  # fmt: skip
        story += header(data, heading, notes)
        rows = indicator_rows(data, movement, table)
        cols = len(rows[0])
        big = [
            ("FONT", (0, 1), (-1, -1), "Helvetica-Bold", 18),
            ("TOPPADDING", (0, 1), (-1, -1), 5),
        ]
        story.append(grid(rows, [width / cols] * cols, big))
        story.append(PageBreak())
    return story[:-1]


def indicator_cards(data: PrintData):
    return result(data, "indicator-cards", indicator_story(data))
