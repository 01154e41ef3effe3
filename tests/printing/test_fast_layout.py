"""The fast layout keeps the Platypus behaviour: lookups agree with a scan of the movement,
long cards split with the header repeated, and the pack holds the boards' pages itself."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from boards.engine.deals import generate_board
from tournament.movements import build
from tournament.printing.documents import PrintData, generate, moves

from .movements import individual_8, progressive_3

MOVEMENTS = {
    "relay-bye": lambda: build("relay-bye", tables=6, boards_per_round=2),
    "howell": lambda: build("howell", tables=4, boards_per_round=2),
    "individual": individual_8,
    "progressive": progressive_3,
}


def scan(movement, rnd, who):
    attrs = ("n", "s", "e", "w") if movement.individual else ("ns", "ew")
    labels = ("North", "South", "East", "West") if movement.individual else ("N-S", "E-W")
    for st in rnd.tables:
        for attr, label in zip(attrs, labels, strict=True):
            if getattr(st, attr) == who:
                return moves.Place(st.table, label)
    return None


@pytest.mark.parametrize("kind", sorted(MOVEMENTS))
def test_the_index_agrees_with_a_scan_of_every_round(kind):
    movement = MOVEMENTS[kind]()
    for rnd in movement.rounds:
        for who in movement.participants:
            assert moves.place_of(movement, rnd, who) == scan(movement, rnd, who)


def test_long_table_cards_split_with_the_header_on_every_page():
    movement = build("relay-bye", tables=30, boards_per_round=1)
    body = generate("table-cards", PrintData(title="Big night", movement=movement))[2]
    texts = [p.extract_text() for p in PdfReader(io.BytesIO(body)).pages]
    assert len(texts) > 30
    for text in texts:
        assert "Round" in text and "Boards" in text and "Then" in text
    text = " ".join(texts)
    # a "boards to …" per table and round but the last, then "boards in": none lost at a split
    assert text.count("boards to") == 30 * 29 and text.count("boards in") == 30


def test_the_pack_draws_trump_slips_and_hand_records_in_its_own_document():
    movement = build("howell", tables=4, boards_per_round=2)
    boards = tuple(generate_board(n, seed="s", game="whist") for n in range(1, 15))
    d = PrintData(title="Whist night", movement=movement, game="whist", boards=boards)
    pack = PdfReader(io.BytesIO(generate("pack", d)[2])).pages
    slips = PdfReader(io.BytesIO(generate("trump-slips", d)[2])).pages
    records = PdfReader(io.BytesIO(generate("hand-records", d)[2])).pages
    tail = [p.extract_text() for p in pack[-(len(slips) + len(records)) :]]
    assert tail == [p.extract_text() for p in (*slips, *records)]
    assert "session pack" not in "".join(tail)  # no pack footer on the boards' pages


def test_reportlab_uses_the_rl_accel_c_accelerators():
    """rl-accel (a dependency) replaces ReportLab's pure-Python fallbacks (fp_str, escapePDF, …)."""
    from reportlab.lib import rl_accel

    assert rl_accel.fp_str.__module__ == "_rl_accel"
    assert rl_accel.fp_str(1.5, 0.25) == "1.5 .25"
