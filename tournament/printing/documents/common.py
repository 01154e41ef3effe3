"""Plain inputs, page sizes, styles and the story builder shared by every printed document.

Renderers take a :class:`PrintData` (plain values: the engine's ``Movement``, names by entry
number, board facts, table URLs, the standings dict) and never a queryset; ``tournament.printing.selectors``
is the only code that reads models to build one.  Each renderer builds a ReportLab story and
``render`` turns it into ``(filename, mimetype, bytes)`` as in pretix's invoice renderer.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Paragraph

from tournament.movements.base import Movement
from tournament.printing.documents.fastgrid import Grid

PAGE_SIZES = {"A4": A4, "Letter": letter}
MIME = "application/pdf"
MARGIN = 14 * mm
#: the E-W tint: "white score slips for the N and S pairs, colored slips for the E and W
#: pairs" [002 L2909–2911]; ladies' tally cards take the second tint [002 L6378–6385].
EW_TINT = colors.HexColor("#FFE7A8")
LADY_TINT = colors.HexColor("#F9D3E3")
GRID = colors.HexColor("#555555")
HEAD = colors.HexColor("#E4E4E4")


class PrintError(ValueError):
    """A document that cannot be printed as asked; the message says what is missing."""


@dataclass(frozen=True)
class PrintData:
    """Everything a renderer needs for one section of one session, as plain values.

    ``boards`` holds ``boards.engine.deals.Board`` values; ``names`` maps entry (pair or player) numbers to names; ``standings`` is the
    ``duplicate-standings/1`` dict (``SessionResult.to_json()``, kept in ``Standings.data``);
    ``table_urls`` maps table numbers to the score-entry URL behind each QR code;
    ``rounds``/``tables`` stand in for a progressive game with no fixed movement.
    """

    title: str
    movement: Movement | None = None
    section: str = "A"
    club: str = ""
    date: str = ""
    game: str = "contract"  # whist | auction | contract
    page_size: str = "A4"
    names: dict[int, str] = field(default_factory=dict)
    boards: tuple = ()  # boards.engine.deals.Board, in board order
    analyses: dict[int, Any] = field(
        default_factory=dict
    )  # board number -> boards.engine.dds.DDResult
    table_urls: dict[int, str] = field(default_factory=dict)
    standings: dict[str, Any] | None = None
    progressive: bool = False
    tables: int = 0
    rounds: int = 0
    prizes_per_field: int = 3
    #: a social game scored as the book plays it: {"kind", "cards": {player: [round rows]},
    #: "totals": {player: total}} (``tournament.social.selectors``)
    social: dict[str, Any] | None = None
    #: the event's combined ranking over its sessions (``tournament.prizes.combined``):
    #: {"label", "stage", "error", "groups": [{"name", "columns", "rows"}]}, text values
    combined: dict[str, Any] | None = None
    #: a Swiss: {"conditions": text, "rounds": [(round, [match dicts])], "standings":
    #: {round: [rows after that round]}} (``tournament.printing.selectors.swiss_print``)
    swiss: dict[str, Any] | None = None
    #: Progressive Five Hundred: {"hands", "marks": [[table A's cards "A 1" …], …], "cards":
    #: {player: "A 1"}, "rounds", "rows": the general score sheet}
    #: (``tournament.printing.selectors.five_hundred_print``)
    five_hundred: dict[str, Any] | None = None
    #: Foster's draw once sealed: {"numbers", "digest", "sealed_at"} (for the TD's slips)
    foster: dict[str, Any] | None = None
    #: a progressive game tallied by games won: the manager's calls (text values)
    #: {"games_played", "calls": [{"games", "awards": [{"prize", "name", "aisle"}]}],
    #: "after": [{"prize", "name"}]} (``tournament.printing.selectors.calling_print``)
    calling: dict[str, Any] | None = None
    #: twin sections: (round, table) → the other section's table sharing this table's boards
    #: that round ("A3"), and the sentence saying so (``tournament.setup.sharing_selectors``)
    shares: dict[tuple[int, int], str] = field(default_factory=dict)
    share_note: str = ""
    #: the section whose pack prints the shared boards' slips and hand records (once)
    boards_printed_with: str = ""
    #: told ``(flowables drawn, flowables in all)`` as the document is built (a print job's
    #: progress: tournament/printing/jobs.py); never part of the output
    progress: Callable[[int, int], None] | None = field(default=None, compare=False, repr=False)

    @property
    def pagesize(self) -> tuple[float, float]:
        try:
            return PAGE_SIZES[self.page_size]
        except KeyError:
            raise PrintError(
                f"unknown page size {self.page_size!r}; use one of {', '.join(PAGE_SIZES)}"
            ) from None

    @property
    def table_count(self) -> int:
        return self.movement.tables if self.movement else self.tables

    @property
    def round_count(self) -> int:
        return self.movement.round_count if self.movement else self.rounds

    def name(self, number: int | None) -> str:
        return "" if number is None else self.names.get(number, "")

    def need_movement(self, document: str) -> Movement:
        if self.movement is None:
            raise PrintError(
                f"{document}: section {self.section} has no movement chosen yet; "
                "choose a movement for the section first"
            )
        return self.movement


def style(
    size: float = 11, bold: bool = False, align: int = 0, leading: float = 0
) -> ParagraphStyle:
    return ParagraphStyle(
        f"s{size}{bold}{align}",
        fontName="Helvetica-Bold" if bold else "Helvetica",
        fontSize=size,
        leading=leading or size * 1.22,
        alignment=align,
    )


TITLE = style(22, bold=True)
SUBTITLE = style(12)
BODY = style(11)
SMALL = style(9)
CELL = style(11, leading=13)
CELL_C = style(11, align=TA_CENTER, leading=13)
HEADCELL = style(10, bold=True, align=TA_CENTER)


def para(text: Any, st: ParagraphStyle = CELL) -> Paragraph:
    return Paragraph(escape(str(text)), st)


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def grid_style(header_rows: int = 1, size: float = 11) -> list[tuple]:
    return [
        ("FONT", (0, 0), (-1, -1), "Helvetica", size),
        ("FONT", (0, 0), (-1, header_rows - 1), "Helvetica-Bold", size - 1),
        ("BACKGROUND", (0, 0), (-1, header_rows - 1), HEAD),
        ("GRID", (0, 0), (-1, -1), 0.6, GRID),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]


def grid(rows: list[list[Any]], widths: list[float], extra: list[tuple] = ()) -> Grid:
    """A ruled grid with a grey header row repeated on every page (drawn by :class:`Grid`)."""
    return Grid(rows, widths, grid_style() + list(extra), repeat_rows=1)


def frame_width(data: PrintData, landscape_page: bool = False) -> float:
    size = landscape(data.pagesize) if landscape_page else data.pagesize
    return size[0] - 2 * MARGIN


def boards_text(boards: tuple[int, ...] | list[int]) -> str:
    """``7–9`` for a run, ``1, 5, 9`` otherwise, ``—`` for none."""
    boards = list(boards)
    if not boards:
        return "—"
    if len(boards) > 1 and boards == list(range(boards[0], boards[-1] + 1)):
        return f"{boards[0]}–{boards[-1]}"
    return ", ".join(map(str, boards))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "session"


def filename(data: PrintData, document: str) -> str:
    section = f"-{data.section.lower()}" if data.section else ""
    return f"{slug(data.title)}{section}-{document}-{data.page_size.lower()}.pdf"


def footer(data: PrintData, label: str) -> Callable:
    def draw(canvas, doc) -> None:
        canvas.saveState()
        canvas.setFont("Helvetica", 8)
        canvas.setFillColor(colors.HexColor("#444444"))
        text = f"{data.club + ' · ' if data.club else ''}{data.title} · section {data.section}"
        canvas.drawString(MARGIN, MARGIN / 2, f"{text} · {label}")
        canvas.drawRightString(canvas._pagesize[0] - MARGIN, MARGIN / 2, f"page {doc.page}")
        canvas.restoreState()

    return draw


def render(data: PrintData, document: str, story: list, landscape_page: bool = False) -> bytes:
    """Build ``story`` on the session's page size; ``NextPageTemplate("landscape")`` (or
    ``"portrait"``) in the story turns the following pages, ``"plain"`` drops the footer (for
    pages drawn whole, as the boards' pages in the pack); an empty story makes one page."""
    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=data.pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{data.title} — {document}",
        author=data.club or "tournament",
    )
    on_page = footer(data, document)
    templates = []
    for name, size in (("portrait", data.pagesize), ("landscape", landscape(data.pagesize))):
        frame = Frame(MARGIN, MARGIN, size[0] - 2 * MARGIN, size[1] - 2 * MARGIN, id=name)
        templates.append(PageTemplate(id=name, frames=[frame], onPage=on_page, pagesize=size))
    if landscape_page:
        templates.reverse()
    plain = Frame(MARGIN, MARGIN, data.pagesize[0] - 2 * MARGIN, data.pagesize[1] - 2 * MARGIN)
    templates.append(PageTemplate(id="plain", frames=[plain], pagesize=data.pagesize))
    doc.addPageTemplates(templates)
    if data.progress is not None:
        doc.setProgressCallBack(_progress_reporter(data.progress))
    with binary_streams():
        doc.build(story or [para("Nothing to print.")])
    return buffer.getvalue()


def _progress_reporter(report: Callable[[int, int], None]) -> Callable[[str, int], None]:
    """ReportLab's progress calls (``SIZE_EST`` once, then ``PROGRESS`` per flowable) as
    ``report(done, total)``, at most about a hundred times a build."""
    total = [0, 0, -1]  # flowables in all, the step between reports, the last reported

    def on_progress(kind: str, value: int) -> None:
        if kind == "SIZE_EST":
            total[0], total[1] = value, max(1, value // 100)
            report(0, value)
        elif kind == "PROGRESS" and total[0]:
            done = min(value, total[0])
            if done - total[2] >= total[1] or done == total[0]:
                total[2] = done
                report(done, total[0])

    return on_progress


@contextmanager
def binary_streams():
    """Flate-compressed page streams without ReportLab's ASCII85 layer: that encoder is pure
    Python (a tenth of the pack's time) and makes the file a quarter bigger.  The setting is
    global, so it is put back after the build; a document built meanwhile elsewhere is valid
    either way."""
    old = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = old


def result(data: PrintData, document: str, story: list, landscape_page: bool = False):
    """The renderer's answer: ``(filename, mimetype, bytes)``."""
    return filename(data, document), MIME, render(data, document, story, landscape_page)
