"""Printed matter for boards (reportlab): hand records, whist trump slips, duplication sheets.

Each renderer takes plain dataclasses (``deals.Board``, ``HandRecordBoard``), never models, and
returns ``(filename, mimetype, bytes)``.  Suit symbols come from DejaVu Sans when it is
installed (the text stays extractable); otherwise the letters S H D C are printed instead.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape, letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from boards.engine.cards import RANKS_HIGH_FIRST, STRAINS_PBN, Card, Direction, Suit
from boards.engine.dds import PBN_DECLARERS, DDResult
from boards.engine.deals import Board, Hand

PDF = "application/pdf"
MARGIN = 36.0
RED = colors.HexColor("#c0112b")
_FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/share/fonts/TTF")
_PAGE_SIZES = {"A4": A4, "LETTER": letter}


@dataclass(frozen=True)
class HandRecordBoard:
    """One board for the hand-record sheet, with its double-dummy analysis if computed."""

    board: Board
    dd: DDResult | None = None


@dataclass(frozen=True)
class _Fonts:
    regular: str
    bold: str
    symbols: bool

    def suit(self, suit: Suit) -> str:
        return suit.symbol if self.symbols else suit.letter


def _fonts() -> _Fonts:
    registered = pdfmetrics.getRegisteredFontNames()
    if "DejaVuSans" in registered:
        return _Fonts("DejaVuSans", "DejaVuSans-Bold", True)
    for folder in _FONT_DIRS:
        regular = os.path.join(folder, "DejaVuSans.ttf")
        bold = os.path.join(folder, "DejaVuSans-Bold.ttf")
        if os.path.exists(regular) and os.path.exists(bold):
            pdfmetrics.registerFont(TTFont("DejaVuSans", regular))
            pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", bold))
            return _Fonts("DejaVuSans", "DejaVuSans-Bold", True)
    return _Fonts("Helvetica", "Helvetica-Bold", False)


def page_size(size: str | tuple[float, float] = "A4") -> tuple[float, float]:
    """``"A4"``, ``"Letter"`` (optionally ``"A4-landscape"``) or a (width, height) in points."""
    if not isinstance(size, str):
        return (float(size[0]), float(size[1]))
    name, _, orientation = size.upper().partition("-")
    if name not in _PAGE_SIZES:
        raise ValueError(f"page size {size!r} is not known; use A4 or Letter")
    return landscape(_PAGE_SIZES[name]) if orientation == "LANDSCAPE" else _PAGE_SIZES[name]


def _grid(size: tuple[float, float], cols: int, rows: int):
    """Yield (x, top, width, height) of each cell, row by row."""
    width = (size[0] - 2 * MARGIN) / cols
    height = (size[1] - 2 * MARGIN) / rows
    for r in range(rows):
        for c in range(cols):
            yield MARGIN + c * width, size[1] - MARGIN - r * height, width, height


def _finish(canvas: Canvas, buffer: io.BytesIO, filename: str) -> tuple[str, str, bytes]:
    canvas.save()
    return filename, PDF, buffer.getvalue()


def _footer(canvas: Canvas, fonts: _Fonts, size, title: str, page: int) -> None:
    canvas.setFont(fonts.regular, 8)
    canvas.setFillColor(colors.grey)
    canvas.drawString(MARGIN, MARGIN / 2, title)
    canvas.drawRightString(size[0] - MARGIN, MARGIN / 2, f"page {page}")
    canvas.setFillColor(colors.black)


def _pages(items: Sequence, per_page: int):
    for start in range(0, len(items), per_page):
        yield items[start : start + per_page]


# ---------------------------------------------------------------------------------------------
# Hand records


def _draw_hand(canvas: Canvas, fonts: _Fonts, hand: Hand, x: float, y: float) -> None:
    for i, suit in enumerate(Suit):
        line_y = y - i * 11
        canvas.setFillColor(RED if suit.is_red else colors.black)
        canvas.setFont(fonts.regular, 9.5)
        canvas.drawString(x, line_y, fonts.suit(suit))
        canvas.setFillColor(colors.black)
        canvas.drawString(x + 11, line_y, hand.holding_text(suit, void="—"))


def _draw_compass(canvas: Canvas, fonts: _Fonts, board: Board, cx: float, cy: float) -> None:
    side = 44
    canvas.setStrokeColor(colors.grey)
    canvas.rect(cx - side / 2, cy - side / 2, side, side)
    canvas.setFont(fonts.bold, 7)
    offsets = {"N": (0, 13), "S": (0, -19), "W": (-16, -3), "E": (16, -3)}
    for direction in Direction:
        dx, dy = offsets[direction.letter]
        canvas.setFillColor(RED if _vulnerable(board, direction) else colors.black)
        label = f"{direction.letter} {board.deal[direction].hcp}"
        canvas.drawCentredString(cx + dx, cy + dy, label)
    canvas.setFillColor(colors.black)


def _vulnerable(board: Board, direction: Direction) -> bool:
    return board.vulnerability is not None and board.vulnerability.is_vulnerable(direction)


def _board_heading(canvas: Canvas, fonts: _Fonts, board: Board, x: float, top: float) -> None:
    canvas.setFont(fonts.bold, 13)
    canvas.drawString(x + 2, top - 16, f"Board {board.board_number}")
    canvas.setFont(fonts.regular, 8.5)
    canvas.drawString(x + 2, top - 29, f"Dealer: {board.dealer.title}")
    if board.vulnerability is not None:
        canvas.drawString(x + 2, top - 40, f"Vul: {board.vulnerability.label}")
    if board.trump is not None:
        canvas.drawString(x + 2, top - 40, "Trump: " + _trump_text(board, fonts))


def _trump_text(board: Board, fonts: _Fonts) -> str:
    trump = board.trump
    if trump is None:
        return ""
    if trump.card is None:
        return f"{fonts.suit(trump.suit)} declared"
    return f"{fonts.suit(trump.card.suit)}{trump.card.rank.char}"


def _draw_dd(canvas: Canvas, fonts: _Fonts, dd: DDResult, x: float, y: float, width: float):
    col = 17
    left = x + (width - 6 * col) / 2
    canvas.setFont(fonts.bold, 7.5)
    for i, strain in enumerate(STRAINS_PBN):
        is_red = strain.value in "HD"
        canvas.setFillColor(RED if is_red else colors.black)
        label = "NT" if strain.value == "NT" else fonts.suit(strain.suit)
        canvas.drawCentredString(left + col * (i + 1.5), y, label)
    canvas.setFillColor(colors.black)
    canvas.setFont(fonts.regular, 7.5)
    for r, declarer in enumerate(PBN_DECLARERS):
        row_y = y - 9 * (r + 1)
        canvas.drawCentredString(left + col * 0.5, row_y, declarer.letter)
        for i, strain in enumerate(STRAINS_PBN):
            tricks = dd.tricks_for(declarer, strain)
            canvas.drawCentredString(left + col * (i + 1.5), row_y, str(tricks))
    if dd.par_score is not None:
        canvas.setFont(fonts.regular, 7.5)
        canvas.drawCentredString(x + width / 2, y - 9 * 5 - 4, "Par " + dd.par_text())


# The diagram is drawn in a 210 × 240 pt box and scaled to fill the cell.
_RECORD_W, _RECORD_H = 210.0, 240.0


def _draw_record(canvas: Canvas, fonts: _Fonts, item: HandRecordBoard, cell) -> None:
    x, top, width, height = cell
    canvas.setStrokeColor(colors.lightgrey)
    canvas.rect(x + 2, top - height + 2, width - 4, height - 4)
    with_dd = item.dd is not None and height >= 0.8 * _RECORD_H
    scale = min(width / _RECORD_W, height / (_RECORD_H if with_dd else 180.0), 1.6)
    canvas.saveState()
    canvas.translate(x + (width - _RECORD_W * scale) / 2, top - 4)
    canvas.scale(scale, scale)
    board = item.board
    _board_heading(canvas, fonts, board, 0, 0)
    cx, mid = _RECORD_W / 2, -82
    _draw_hand(canvas, fonts, board.deal[Direction.NORTH], cx - 22, -16)
    _draw_hand(canvas, fonts, board.deal[Direction.WEST], 8, mid + 16)
    _draw_hand(canvas, fonts, board.deal[Direction.EAST], cx + 34, mid + 16)
    _draw_hand(canvas, fonts, board.deal[Direction.SOUTH], cx - 22, mid - 34)
    _draw_compass(canvas, fonts, board, cx, mid)
    if with_dd and item.dd is not None:
        _draw_dd(canvas, fonts, item.dd, 0, -178, _RECORD_W)
    canvas.restoreState()


def hand_record_pages(boards: Sequence[HandRecordBoard], per_page: int = 4) -> list[list]:
    """The boards in board order, ``per_page`` to a page (2, 4, 6 or 8)."""
    if per_page not in (2, 4, 6, 8):
        raise ValueError(f"per_page must be 2, 4, 6 or 8, not {per_page}")
    return list(_pages(sorted(boards, key=lambda b: b.board.board_number), per_page))


def draw_hand_record_page(
    canvas: Canvas, page: Sequence[HandRecordBoard], number: int, title: str, dims, per_page: int
) -> None:
    """One page of hand records onto ``canvas`` (any canvas: ours, or a Platypus document's);
    the caller ends the page."""
    fonts = _fonts()
    for item, cell in zip(page, _grid(dims, 2, per_page // 2), strict=False):
        _draw_record(canvas, fonts, item, cell)
    _footer(canvas, fonts, dims, title, number)


def render_hand_records(
    boards: Sequence[HandRecordBoard],
    title: str = "Hand records",
    size: str | tuple[float, float] = "A4",
    per_page: int = 4,
    filename: str = "hand-records.pdf",
) -> tuple[str, str, bytes]:
    """Hand records: per board the compass diagram, dealer, vulnerability or trump, HCP, DD and par.

    ``per_page`` is 2, 4, 6 or 8 (two columns); the DD table needs at least 210 pt of height.
    """
    pages, dims = hand_record_pages(boards, per_page), page_size(size)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=dims, pageCompression=1)
    canvas.setTitle(title)
    for number, page in enumerate(pages, start=1):
        draw_hand_record_page(canvas, page, number, title, dims, per_page)
        canvas.showPage()
    return _finish(canvas, buffer, filename)


# ---------------------------------------------------------------------------------------------
# Trump slips (whist): "The trump card and the number of the deal must be recorded ... on a
# slip provided for that purpose" [002 L4033–4037].


def _draw_slip(canvas: Canvas, fonts: _Fonts, board: Board, cell, title: str) -> None:
    x, top, width, height = cell
    canvas.setFont(fonts.regular, 8)
    canvas.drawCentredString(x + width / 2, top - 14, title)
    canvas.setFont(fonts.bold, 14)
    canvas.drawCentredString(x + width / 2, top - 34, f"Board {board.board_number}")
    trump = board.trump
    canvas.setFont(fonts.regular, 9)
    label = "Trump card" if trump is None or trump.card is not None else "Trump suit (declared)"
    canvas.drawCentredString(x + width / 2, top - 50, label)
    if trump is not None:
        canvas.setFillColor(RED if trump.suit.is_red else colors.black)
        canvas.setFont(fonts.bold, 28)
        canvas.drawCentredString(x + width / 2, top - 86, _trump_text(board, fonts))
        canvas.setFillColor(colors.black)
        canvas.setFont(fonts.regular, 8)
        canvas.drawCentredString(x + width / 2, top - 100, _trump_words(board))
    canvas.drawCentredString(x + width / 2, top - height + 10, f"Dealer: {board.dealer.title}")


def _trump_words(board: Board) -> str:
    trump = board.trump
    if trump is None:
        return ""
    suit = trump.suit.name.title()
    if trump.card is None:
        return suit
    return f"{trump.card.rank.name.title()} of {suit}"


def _cut_lines(canvas: Canvas, dims, cols: int, rows: int) -> None:
    canvas.saveState()
    canvas.setDash(4, 3)
    canvas.setStrokeColor(colors.grey)
    width = (dims[0] - 2 * MARGIN) / cols
    height = (dims[1] - 2 * MARGIN) / rows
    for c in range(cols + 1):
        canvas.line(MARGIN + c * width, MARGIN, MARGIN + c * width, dims[1] - MARGIN)
    for r in range(rows + 1):
        canvas.line(MARGIN, MARGIN + r * height, dims[0] - MARGIN, MARGIN + r * height)
    canvas.restoreState()


def draw_trump_slip_page(
    canvas: Canvas, page: Sequence[Board], title: str, dims, cols: int = 3, rows: int = 5
) -> None:
    """One page of trump slips (``cols`` × ``rows``, cut lines) onto ``canvas``; the caller
    ends the page."""
    fonts = _fonts()
    _cut_lines(canvas, dims, cols, rows)
    for board, cell in zip(page, _grid(dims, cols, rows), strict=False):
        _draw_slip(canvas, fonts, board, cell, title)


def trump_slip_pages(boards: Sequence[Board], per_page: int = 15) -> list[list[Board]]:
    return list(_pages(sorted(boards, key=lambda b: b.board_number), per_page))


def render_trump_slips(
    boards: Sequence[Board],
    title: str = "Trump slip",
    size: str | tuple[float, float] = "A4",
    cols: int = 3,
    rows: int = 5,
    filename: str = "trump-slips.pdf",
) -> tuple[str, str, bytes]:
    """Trump slips, ``cols`` × ``rows`` per page with dashed cut lines."""
    dims = page_size(size)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=dims, pageCompression=1)
    canvas.setTitle(title)
    for page in trump_slip_pages(boards, cols * rows):
        draw_trump_slip_page(canvas, page, title, dims, cols, rows)
        canvas.showPage()
    return _finish(canvas, buffer, filename)


# ---------------------------------------------------------------------------------------------
# Duplication sheets: for each board, the seat each card goes to (suits × ranks grid).


def _draw_duplication(canvas: Canvas, fonts: _Fonts, board: Board, cell) -> None:
    x, top, width, _height = cell
    col = min(16.0, (width - 30) / 13)
    canvas.setFont(fonts.bold, 9)
    canvas.drawString(x + 4, top - 11, f"Board {board.board_number}")
    canvas.setFont(fonts.regular, 7.5)
    canvas.drawRightString(x + 24 + 13 * col, top - 11, f"Dealer {board.dealer.letter}")
    for i, rank in enumerate(RANKS_HIGH_FIRST):
        canvas.drawCentredString(x + 24 + col * (i + 0.5), top - 22, rank.char)
    for r, suit in enumerate(Suit):
        row_y = top - 33 - 10 * r
        canvas.setFillColor(RED if suit.is_red else colors.black)
        canvas.drawString(x + 10, row_y, fonts.suit(suit))
        canvas.setFillColor(colors.black)
        for i, rank in enumerate(RANKS_HIGH_FIRST):
            seat = board.deal.owner(Card(suit, rank)).letter
            canvas.drawCentredString(x + 24 + col * (i + 0.5), row_y, seat)
    canvas.setStrokeColor(colors.lightgrey)
    canvas.rect(x + 22, top - 66, 13 * col + 4, 50)


def render_duplication_sheets(
    boards: Sequence[Board],
    title: str = "Duplication sheet",
    size: str | tuple[float, float] = "A4",
    per_page: int = 20,
    filename: str = "duplication-sheets.pdf",
) -> tuple[str, str, bytes]:
    """For dealing by hand: per board a ♠♥♦♣ × A…2 grid naming the seat of every card."""
    fonts, dims = _fonts(), page_size(size)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=dims, pageCompression=1)
    canvas.setTitle(title)
    rows = max(1, per_page // 2)
    ordered = sorted(boards, key=lambda b: b.board_number)
    for number, page in enumerate(_pages(ordered, rows * 2), start=1):
        for board, cell in zip(page, _grid(dims, 2, rows), strict=False):
            _draw_duplication(canvas, fonts, board, cell)
        _footer(canvas, fonts, dims, title, number)
        canvas.showPage()
    return _finish(canvas, buffer, filename)
