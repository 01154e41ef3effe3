"""Drawing a :class:`~tournament.printing.documents.fastgrid.Grid` on the canvas: backgrounds, then the cells
row by row (so text extracts in reading order, as from a Platypus ``Table``), then the lines."""

from __future__ import annotations

from reportlab.lib.colors import toColor
from reportlab.platypus import Flowable

from tournament.printing.documents.cells import Rich, cell_range, width_of


def draw_grid(grid, canv) -> None:
    canv.saveState()
    tops = [grid.height]
    for h in grid.heights:
        tops.append(tops[-1] - h)
    lefts = [0.0]
    for w in grid.widths:
        lefts.append(lefts[-1] + w)
    draw_backgrounds(grid, canv, tops, lefts)
    canv.setFillColor(toColor("black"))
    pen = Pen(canv)
    for r, row in enumerate(grid.rows):
        skip = -1
        for c, value in enumerate(row):
            if c <= skip:
                continue
            last = grid.spans.get((r, c), c)
            skip = last
            box = (lefts[c], tops[r + 1], lefts[last + 1] - lefts[c], tops[r] - tops[r + 1])
            draw_cell(pen, value, grid.styles[r][c], box)
    pen.flush()
    draw_lines(grid, canv, tops, lefts)
    canv.restoreState()


def rows_in(grid, r0: int, r1: int) -> list[int]:
    """This grid's rows (it may be a split part) that fall in the original rows r0..r1."""
    return [i for i, orig in enumerate(grid.origin[0]) if r0 <= orig <= r1]


def command_cells(grid, cmd) -> tuple[list[int], int, int]:
    c0, r0, c1, r1 = cell_range(grid.origin[1], len(grid.widths), cmd[1], cmd[2])
    return rows_in(grid, r0, r1), c0, c1


def draw_backgrounds(grid, canv, tops, lefts) -> None:
    for cmd in grid.commands:
        if cmd[0] != "BACKGROUND":
            continue
        rows, c0, c1 = command_cells(grid, cmd)
        if not rows:
            continue
        canv.setFillColor(toColor(cmd[3]))
        top, bottom = tops[rows[0]], tops[rows[-1] + 1]
        canv.rect(lefts[c0], bottom, lefts[c1 + 1] - lefts[c0], top - bottom, stroke=0, fill=1)


class Pen:
    """The grid's strings go into one text object (a ``BT … ET`` block with a ``Tm`` per
    string) rather than one per ``drawString``; flowable cells close it, so the content
    stream keeps the cells' reading order."""

    def __init__(self, canv):
        self.canv, self.text, self.font = canv, None, None

    def write(self, x: float, y: float, line: str, font: str, size: float, leading: float):
        if self.text is None:
            self.text, self.font = self.canv.beginText(), None
        if self.font != (font, size, leading):
            self.text.setFont(font, size, leading)
            self.font = (font, size, leading)
        self.text.setTextOrigin(x, y)
        self.text._code.append(self.text._formatText(line))

    def flush(self) -> None:
        if self.text is not None:
            self.canv.drawText(self.text)
            self.text = None


def draw_cell(pen: Pen, value, st, box) -> None:
    x, y, width, height = box
    if isinstance(value, Rich):
        draw_rich(pen, value, st, box)
        return
    if isinstance(value, Flowable):
        w, h = value.wrap(width - st.left - st.right, height)
        if st.valign == "TOP":
            fy = y + height - st.top - h
        elif st.valign == "BOTTOM":
            fy = y + st.bottom
        else:
            fy = y + (height + st.bottom - st.top + h) / 2 - h
        fx = x + (width + st.left - st.right - w) / 2 if st.align == "CENTER" else x + st.left
        pen.flush()
        value.drawOn(pen.canv, fx, fy)
        return
    lines = str(value).split("\n")
    if lines == [""]:
        return
    n, lead = len(lines), st.leading
    if st.valign == "MIDDLE":
        ty = y + (st.bottom + height - st.top + n * lead) / 2 - st.size
    elif st.valign == "TOP":
        ty = y + height - st.top - st.size
    else:
        ty = y + st.bottom + n * lead - st.size
    for line in lines:
        pen.write(text_x(line, st, x, width), ty, line, st.font, st.size, lead)
        ty -= lead


def text_x(line: str, st, x: float, width: float) -> float:
    if st.align == "CENTER":
        return x + (width + st.left - st.right) / 2 - width_of(line, st.font, st.size) / 2
    if st.align == "RIGHT":
        return x + width - st.right - width_of(line, st.font, st.size)
    return x + st.left


def draw_rich(pen: Pen, value: Rich, st, box) -> None:
    """Centred like a ``Paragraph`` in a MIDDLE-aligned cell (first baseline one font size
    below the top of the paragraph, then ``leading`` apart)."""
    x, y, width, height = box
    inner = width - st.left - st.right
    lines = value.lines(inner)
    h = len(lines) * value.leading
    ty = y + (height + st.bottom - st.top + h) / 2 - (lines[0][2] if lines else 0)
    for text, font, size in lines:
        dx = (inner - width_of(text, font, size)) / 2 if value.align == "CENTER" else 0
        pen.write(x + st.left + dx, ty, text, font, size, value.leading)
        ty -= value.leading


def draw_lines(grid, canv, tops, lefts) -> None:
    state = {"cap": None, "dash": None}
    for cmd in grid.commands:
        if cmd[0] not in ("GRID", "BOX", "LINEBELOW", "LINEAFTER"):
            continue
        rows, c0, c1 = command_cells(grid, cmd)
        if not rows:
            continue
        prepare_line(canv, cmd, state)
        top, bottom = tops[rows[0]], tops[rows[-1] + 1]
        x0, x1 = lefts[c0], lefts[c1 + 1]
        segments = []
        if cmd[0] in ("GRID", "BOX"):
            ys = [top, bottom] if cmd[0] == "BOX" else [tops[r] for r in rows] + [bottom]
            xs = [x0, x1] if cmd[0] == "BOX" else lefts[c0 : c1 + 2]
            segments += [(x0, yy, x1, yy) for yy in ys]
            segments += [(xx, bottom, xx, top) for xx in xs]
        elif cmd[0] == "LINEBELOW":
            segments += [(x0, tops[r + 1], x1, tops[r + 1]) for r in rows]
            segments += carried_line(grid, cmd, tops, x0, x1)
        else:
            segments += [(lefts[c + 1], bottom, lefts[c + 1], top) for c in range(c0, c1 + 1)]
        canv.lines(segments)


def prepare_line(canv, cmd, state) -> None:
    canv.setLineWidth(cmd[3])
    canv.setStrokeColor(toColor(cmd[4]))
    cap = cmd[5] if len(cmd) > 5 else 1
    dash = cmd[6] if len(cmd) > 6 else None
    if state["cap"] != cap:
        canv.setLineCap(cap)
        state["cap"] = cap
    if dash != state["dash"]:
        canv.setDash(*([dash] if dash else []))
        state["dash"] = dash


def carried_line(grid, cmd, tops, x0: float, x1: float) -> list[tuple]:
    """A continued part repeats, at its top, the line below the row it follows (as a split
    Platypus table does)."""
    k = grid.repeat_rows
    if len(grid.origin[0]) <= k or grid.origin[0][k] == k:
        return []
    _, r0, _, r1 = cell_range(grid.origin[1], len(grid.widths), cmd[1], cmd[2])
    before = grid.origin[0][k] - 1
    return [(x0, tops[k], x1, tops[k])] if r0 <= before <= r1 else []
