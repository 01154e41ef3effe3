"""A fast stand-in for Platypus ``Table`` for the fixed-layout grids of the printed documents.

Platypus tables measure and lay out every cell through its general machinery, which made a
30-table pack take seconds.  ``Grid`` takes the same rows, column widths and ``TableStyle``
commands the renderers used (the subset below) and draws straight onto the canvas with the
same geometry as ``Table`` (row heights from lines × leading plus padding, the same baselines),
so the pages look and extract as before.

Cells are plain strings (``\n`` for more lines), :class:`Rich` cells (lines in their own fonts,
word-wrapped to the column like a centred ``Paragraph``), other flowables or ``""``.
Supported commands: FONT, LEADING, ALIGN, VALIGN, TOPPADDING, BOTTOMPADDING, BACKGROUND,
GRID, BOX, LINEBELOW, LINEAFTER, SPAN (within one row).
"""

from __future__ import annotations

from dataclasses import replace

from reportlab.platypus import Flowable

from tournament.printing.documents.cells import CellStyle, Rich, cell_range
from tournament.printing.documents.gridraw import draw_grid

STYLE_OPS = {
    "FONT": lambda s, v: replace(
        s, font=v[0], size=v[1], leading=v[2] if len(v) > 2 else v[1] * 1.2
    ),
    "LEADING": lambda s, v: replace(s, leading=v[0]),
    "ALIGN": lambda s, v: replace(s, align="CENTER" if v[0] == "CENTRE" else v[0]),
    "VALIGN": lambda s, v: replace(s, valign=v[0]),
    "TOPPADDING": lambda s, v: replace(s, top=v[0]),
    "BOTTOMPADDING": lambda s, v: replace(s, bottom=v[0]),
}


#: cell styles by (rows, columns, commands): every card of a document shares its layout
_STYLES: dict[tuple, list[list[CellStyle]]] = {}


class Grid(Flowable):
    """Rows of cells with fixed column widths; splits by row, repeating ``repeat_rows``."""

    def __init__(self, rows, widths, commands=(), heights=None, repeat_rows: int = 0):
        super().__init__()
        self.hAlign = "CENTER"
        self.rows = [list(r) for r in rows]
        self.widths = list(widths)
        self.commands = list(commands)
        self.fixed_heights = heights
        self.repeat_rows = repeat_rows
        self.origin = (list(range(len(self.rows))), len(self.rows))
        self.styles = self._cell_styles()
        self.spans = self._spans()
        self.heights = self._row_heights()

    # -- layout ---------------------------------------------------------------------------

    def _cell_styles(self) -> list[list[CellStyle]]:
        n, m = len(self.rows), len(self.widths)
        try:
            key = (n, m, tuple(map(tuple, self.commands)))
            cached = _STYLES.get(key)
        except TypeError:  # an unhashable argument: no caching
            return self._apply_styles(n, m)
        if cached is None:
            if len(_STYLES) > 256:
                _STYLES.clear()
            cached = _STYLES[key] = self._apply_styles(n, m)
        return cached

    def _apply_styles(self, n: int, m: int) -> list[list[CellStyle]]:
        styles = [[CellStyle()] * m for _ in range(n)]
        for cmd in self.commands:
            op = STYLE_OPS.get(cmd[0])
            if op is None or not n:
                continue
            c0, r0, c1, r1 = cell_range(n, m, cmd[1], cmd[2])
            cache: dict[int, CellStyle] = {}
            for r in range(r0, r1 + 1):
                row = styles[r]
                for c in range(c0, c1 + 1):
                    old = row[c]
                    new = cache.get(id(old))
                    if new is None:
                        new = cache[id(old)] = op(old, cmd[3:])
                    row[c] = new
        return styles

    def _spans(self) -> dict[tuple[int, int], int]:
        """(row, first col) -> last col of each horizontal span."""
        spans = {}
        for cmd in self.commands:
            if cmd[0] == "SPAN":
                c0, r0, c1, _ = cell_range(len(self.rows), len(self.widths), cmd[1], cmd[2])
                spans[(r0, c0)] = c1
        return spans

    def _cell_width(self, r: int, c: int) -> float:
        last = self.spans.get((r, c), c)
        return sum(self.widths[c : last + 1])

    def _content_height(self, value, st: CellStyle, width: float) -> float:
        if isinstance(value, Rich):
            return len(value.lines(width - st.left - st.right)) * value.leading
        if isinstance(value, Flowable):
            return value.wrap(width - st.left - st.right, 1e6)[1]
        return st.leading * (str(value).count("\n") + 1)

    def _row_heights(self) -> list[float]:
        if self.fixed_heights is not None:
            fixed = self.fixed_heights
            return list(fixed) if isinstance(fixed, list | tuple) else [fixed] * len(self.rows)
        heights = []
        for r, (row, styles) in enumerate(zip(self.rows, self.styles, strict=True)):
            h = 0.0
            for c, (value, st) in enumerate(zip(row, styles, strict=True)):
                content = self._content_height(value, st, self._cell_width(r, c))
                h = max(h, content + st.top + st.bottom)
            heights.append(h)
        return heights

    def wrap(self, avail_width, avail_height):
        self.width, self.height = sum(self.widths), sum(self.heights)
        return self.width, self.height

    def split(self, avail_width, avail_height):
        total, n = 0.0, 0
        for h in self.heights:
            if total + h > avail_height:
                break
            total, n = total + h, n + 1
        if n >= len(self.rows) or n <= self.repeat_rows:
            return []
        head = self.rows[: self.repeat_rows]
        return [self._part(0, n, []), self._part(n, len(self.rows), head)]

    def _part(self, start: int, end: int, head: list) -> Grid:
        part = Grid.__new__(Grid)
        Flowable.__init__(part)
        part.hAlign, part.widths, part.commands = "CENTER", self.widths, self.commands
        part.repeat_rows, part.fixed_heights = self.repeat_rows, None
        k = len(head)
        keep = list(range(k)) + list(range(start, end))
        part.rows = [self.rows[i] for i in keep]
        part.styles = [self.styles[i] for i in keep]
        part.heights = [self.heights[i] for i in keep]
        part.origin = ([self.origin[0][i] for i in keep], self.origin[1])
        part.spans = {
            (j, c): last
            for j, i in enumerate(keep)
            for (r, c), last in self.spans.items()
            if r == i
        }
        return part

    # -- drawing --------------------------------------------------------------------------

    def draw(self) -> None:
        draw_grid(self, self.canv)
