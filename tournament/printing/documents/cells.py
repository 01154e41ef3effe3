"""Cells of the fast grid: text widths (cached), a cell's style, rich text that wraps like a
``Paragraph``, and the range a style command covers.  Shared by ``fastgrid`` (layout) and
``gridraw`` (drawing).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth


@lru_cache(maxsize=20000)
def width_of(text: str, font: str, size: float) -> float:
    return stringWidth(text, font, size)


@dataclass(frozen=True)
class CellStyle:
    font: str = "Helvetica"
    size: float = 10
    leading: float = 12
    align: str = "LEFT"
    valign: str = "BOTTOM"
    top: float = 3
    bottom: float = 3
    left: float = 6
    right: float = 6


@dataclass(frozen=True)
class Rich:
    """Lines like a ``Paragraph`` filling the cell: ``parts`` are (text, font, size), each
    starting a new line and word-wrapped to the cell; every line is ``leading`` apart;
    ``align`` is CENTER or LEFT within the cell."""

    parts: tuple[tuple[str, str, float], ...]
    leading: float
    align: str = "CENTER"

    def lines(self, width: float) -> list[tuple[str, str, float]]:
        return _rich_lines(self, width)


@lru_cache(maxsize=4096)
def _rich_lines(rich: Rich, width: float) -> list[tuple[str, str, float]]:
    out = []
    for text, font, size in rich.parts:
        out += [(line, font, size) for line in simpleSplit(text, font, size, width)]
    return out


def cell_range(rows: int, cols: int, start, end) -> tuple[int, int, int, int]:
    """(c0, r0, c1, r1) inclusive, negatives counted from the end as in ``TableStyle``."""
    c0, r0 = start
    c1, r1 = end
    return c0 % cols, r0 % rows, c1 % cols, r1 % rows
