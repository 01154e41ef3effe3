"""Trump slips and hand records (drawn by ``boards.pdf``) and the session pack.

The pack is everything for a session in one PDF, in the order a TD lays it out: the master
sheet, the guide cards for the tables (and the QR cards), the personal cards, the forms the
game uses, then the trump slips to go into the boards and the hand records for afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from reportlab.platypus import Flowable, NextPageTemplate, PageBreak

from tournament.printing.documents import cards, five_hundred, guide, slips, tally
from tournament.printing.documents.common import MIME, PrintData, PrintError, filename, render


def need_boards(data: PrintData, document: str) -> None:
    if not data.boards:
        raise PrintError(
            f"{document}: the session has no boards yet; deal or import the boards first"
        )


def trump_slips(data: PrintData):
    need_boards(data, "trump slips")
    if data.game != "whist" or all(b.trump is None for b in data.boards):
        raise PrintError("trump slips: only duplicate whist boards carry a trump card")
    from boards.pdf import render_trump_slips

    _, mime, body = render_trump_slips(
        list(data.boards), title=f"Trump slip · {data.title}", size=data.page_size.upper()
    )
    return filename(data, "trump-slips"), mime, body


def hand_records(data: PrintData):
    need_boards(data, "hand records")
    from boards.pdf import HandRecordBoard, render_hand_records

    items = [HandRecordBoard(board, data.analyses.get(board.board_number)) for board in data.boards]
    _, mime, body = render_hand_records(
        items, title=f"Hand records · {data.title}", size=data.page_size.upper()
    )
    return filename(data, "hand-records"), mime, body


def form_parts(data: PrintData) -> list:
    """The paper the game scores on (see docs/printing.md, "The session pack")."""
    movement = data.movement
    if data.five_hundred:  # the cards "Table A 1" … and the scorer's general score sheet
        return [five_hundred.tally_story]
    if data.progressive or movement is None:
        return [tally.tally_story]
    if movement.individual:
        return [guide.indicator_story, slips.pickup_story]
    if data.game == "auction":
        return [slips.score_slips_story, slips.travellers_story]
    if data.game == "whist":
        return [slips.travellers_story]
    return [slips.pickup_story]


def pack_parts(data: PrintData) -> list[tuple]:
    """(story function, landscape?) in the TD's order; progressive games without a fixed
    movement get only their tally cards."""
    parts: list[tuple] = []
    if data.movement is not None:
        parts += [(cards.master_story, True), (guide.table_cards_story, False)]
        if data.table_urls:
            parts.append((guide.qr_cards_story, False))
        parts.append((cards.personal_cards_story, False))
    if data.progressive and data.movement is not None:
        parts.append((guide.indicator_story, False))
    parts += [(part, False) for part in form_parts(data)]
    return parts


def pack_story(data: PrintData) -> tuple[list, bool]:
    """The pack's story and whether its first page is landscape."""
    if data.movement is None and not data.progressive:
        data.need_movement("session pack")
    parts = pack_parts(data)
    story: list = []
    for i, (part, wide) in enumerate(parts):
        if i:
            story += [NextPageTemplate("landscape" if wide else "portrait"), PageBreak()]
        story += part(data)
    return story, bool(parts and parts[0][1])


class WholePage(Flowable):
    """A page drawn by ``boards.pdf`` in page coordinates, inside the pack's own document
    (it takes no room in the frame; a page break follows it)."""

    def __init__(self, paint: Callable[[object], None]):
        super().__init__()
        self.paint = paint

    def wrap(self, avail_width, avail_height):
        return 0, 0

    def drawOn(self, canvas, x, y, _sW=0):
        canvas.saveState()
        self.paint(canvas)
        canvas.restoreState()


def boards_story(data: PrintData) -> list:
    """Trump slips (whist) and hand records as whole pages, as ``boards.pdf`` draws them."""
    from boards import pdf as boards_pdf
    from boards.pdf import HandRecordBoard

    dims, story = data.pagesize, []
    if data.game == "whist" and any(b.trump for b in data.boards):
        title = f"Trump slip · {data.title}"
        for page in boards_pdf.trump_slip_pages(list(data.boards)):
            story.append(
                WholePage(
                    partial(boards_pdf.draw_trump_slip_page, page=page, title=title, dims=dims)
                )
            )
    items = [HandRecordBoard(b, data.analyses.get(b.board_number)) for b in data.boards]
    title = f"Hand records · {data.title}"
    for number, page in enumerate(boards_pdf.hand_record_pages(items), start=1):
        draw = boards_pdf.draw_hand_record_page
        story.append(
            WholePage(partial(draw, page=page, number=number, title=title, dims=dims, per_page=4))
        )
    out = [NextPageTemplate("plain"), PageBreak()]
    for page in story:
        out += [page, PageBreak()]
    return out[:-1]


def session_pack(data: PrintData):
    """Everything in one document: the story, then the boards' pages drawn in place (no
    second PDF to merge)."""
    story, landscape_first = pack_story(data)
    if data.boards and not data.boards_printed_with:  # twin sections: in the first's pack
        story += boards_story(data)
    body = render(data, "session pack", story, landscape_first)
    return filename(data, "pack"), MIME, body
