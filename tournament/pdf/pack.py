"""Trump slips and hand records (drawn by ``boards.pdf``) and the session pack.

The pack is everything for a session in one PDF, in the order a TD lays it out: the master
sheet, the guide cards for the tables (and the QR cards), the personal cards, the forms the
game uses, then the trump slips to go into the boards and the hand records for afterwards.
"""

from __future__ import annotations

import io

from reportlab.platypus import NextPageTemplate, PageBreak

from . import cards, guide, slips, tally
from .common import MIME, PrintData, PrintError, filename, render


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


def merge(first: bytes, *others: bytes) -> bytes:
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for body in (first, *others):
        writer.append(PdfReader(io.BytesIO(body)))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def session_pack(data: PrintData):
    story, landscape_first = pack_story(data)
    body = render(data, "session pack", story, landscape_first)
    extra = []
    if data.boards and data.game == "whist" and any(b.trump for b in data.boards):
        extra.append(trump_slips(data)[2])
    if data.boards:
        extra.append(hand_records(data)[2])
    if extra:
        body = merge(body, *extra)
    return filename(data, "pack"), MIME, body
