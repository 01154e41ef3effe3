import io

import pypdf
import pytest

from boards.engine.cards import RANKS_HIGH_FIRST, Card, Direction, Strain, Suit
from boards.engine.dds import DDResult, ParContract
from boards.engine.deals import generate_board_set
from boards.pdf import (
    HandRecordBoard,
    page_size,
    render_duplication_sheets,
    render_hand_records,
    render_trump_slips,
)


def text_of(data: bytes) -> tuple[int, str]:
    reader = pypdf.PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages)


def compact(text: str) -> str:
    return "".join(text.split())


@pytest.fixture(scope="module")
def contract_set():
    return generate_board_set(range(1, 37), seed="pdf", game="contract")


def test_hand_records_of_36_boards(contract_set):
    dd = DDResult(tuple([7] * 20), 420, (ParContract(4, Strain.SPADES, "NS"),))
    records = [HandRecordBoard(b, dd if b.board_number == 1 else None) for b in contract_set.boards]
    name, mimetype, data = render_hand_records(records, title="Club night")
    assert (name, mimetype) == ("hand-records.pdf", "application/pdf")
    pages, text = text_of(data)
    assert pages == 9  # 4 boards per page
    flat = compact(text)
    for board in contract_set.boards:
        assert f"Board {board.board_number}\n" in text + "\n"
        for direction in Direction:
            for suit in Suit:
                holding = board.deal[direction].holding_text(suit, void="—")
                assert f"{suit.symbol}{holding}" in flat, (board.board_number, holding)
    assert "Par NS 420: 4S NS" in text and "Dealer: West" in text and "Vul: Both" in text


def test_page_size_and_boards_per_page(contract_set):
    records = [HandRecordBoard(b) for b in contract_set.boards]
    pages, _ = text_of(render_hand_records(records, size="Letter", per_page=6)[2])
    assert pages == 6
    reader = pypdf.PdfReader(io.BytesIO(render_hand_records(records[:1], size="Letter")[2]))
    assert [round(float(x)) for x in reader.pages[0].mediabox[2:]] == [612, 792]
    with pytest.raises(ValueError):
        render_hand_records(records, per_page=5)
    with pytest.raises(ValueError):
        page_size("A3")


def test_trump_slips_show_board_and_trump_card():
    boards = generate_board_set(range(1, 17), seed="slips", game="whist").boards
    pages, text = text_of(render_trump_slips(boards, cols=3, rows=5)[2])
    assert pages == 2
    for board in boards:
        assert f"Board {board.board_number}" in text
        assert board.trump.card.symbol() in compact(text)


def test_duplication_sheet_names_each_cards_seat():
    boards = generate_board_set(range(1, 5), seed="dup").boards
    pages, text = text_of(render_duplication_sheets(boards)[2])
    assert pages == 1
    flat = compact(text)
    for board in boards:
        spades = "".join(board.deal.owner(Card(Suit.SPADES, r)).letter for r in RANKS_HIGH_FIRST)
        assert f"♠{spades}" in flat
