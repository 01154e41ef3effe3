"""Cheap flowables for plain text: ``Text`` stands in for a one-font ``Paragraph``.

A ``Paragraph`` parses markup and measures every fragment; the documents only ever print plain
text in one font per paragraph, so ``Text`` word-wraps with the same greedy rule
(``simpleSplit``), draws the first baseline one font size below the top and every further line
``leading`` apart, aligned left or centred in the frame, exactly where a ``Paragraph`` would.
"""

from __future__ import annotations

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import Flowable

from tournament.printing.documents.cells import width_of


class Text(Flowable):
    """A paragraph of plain text (no markup) in the style's font, size, leading and alignment."""

    def __init__(self, text: str, style: ParagraphStyle):
        super().__init__()
        self.text = " ".join(str(text).split())
        self.style = style
        self.lines: list[str] = []

    def wrap(self, avail_width, avail_height):
        st = self.style
        if width_of(self.text, st.fontName, st.fontSize) <= avail_width:
            self.lines = [self.text] if self.text else []
        else:
            self.lines = simpleSplit(self.text, st.fontName, st.fontSize, avail_width)
        self.width, self.height = avail_width, len(self.lines) * st.leading
        return self.width, self.height

    def split(self, avail_width, avail_height):
        return []

    def draw(self) -> None:
        st, canv = self.style, self.canv
        canv.setFont(st.fontName, st.fontSize, st.leading)
        canv.setFillColor(st.textColor)
        y = self.height - st.fontSize
        for line in self.lines:
            canv.drawString(self._x(line), y, line)
            y -= st.leading

    def _x(self, line: str) -> float:
        align = self.style.alignment
        if align not in (TA_CENTER, TA_RIGHT):
            return 0
        spare = self.width - width_of(line, self.style.fontName, self.style.fontSize)
        return spare / 2 if align == TA_CENTER else spare
