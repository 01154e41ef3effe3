"""Progressive Five Hundred on paper: the tally cards marked "Table A 1" … with the book's
partners, and the scorer's general score sheet with plus, minus and net [002 L7370–7396]."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournament.printing.documents import PrintData, PrintError, generate
from tournament.progressive import services as progressive_services

from .test_five_hundred_evening import make_evening


def text_of(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def test_six_hand_cards_are_a_1_to_a_6_odd_against_even():
    five = {"hands": 6, "marks": [[f"{t} {s}" for s in range(1, 7)] for t in "AB"],
            "cards": {}, "rounds": [], "rows": []}  # fmt: skip
    text = text_of(generate("tally-cards", PrintData(title="500", rounds=4, five_hundred=five))[2])
    for t in "AB":
        for s in range(1, 7):
            assert text.count(f"Table {t} {s}") == 1
    assert "Table C 1" not in text and "Table A 7" not in text
    assert text.count("The odd numbers playing partners against the even") == 12
    assert "Round 4" in text and "Round 5" not in text
    with pytest.raises(PrintError, match="not a game of Progressive Five Hundred"):
        generate("five-hundred-sheet", PrintData(title="Euchre", progressive=True))


@pytest.mark.django_db
def test_the_cards_and_the_general_score_sheet_of_an_evening(director_client, club, players):
    section = make_evening(club, players, hands=4, count=8)
    for table in (1, 2):
        seats = range(4 * table - 3, 4 * table + 1)
        for number, (odd, even) in enumerate([(240, 20), (-180, 50), (30, 120), (20, 160)], 1):
            points = {p: (odd if i % 2 == 0 else even) for i, p in enumerate(seats)}
            progressive_services.enter_fh_deal(section, table, number, points)
    url = reverse("session_print", args=[section.session_id, "tally-cards"])
    r = director_client.get(url)
    assert r.status_code == 200, r.content[:300]
    text = text_of(r.content)
    assert "Table A 1" in text and "Table B 4" in text
    assert "1 · Ada Lovelace" in text and "8 · William Whewell" in text
    assert text.count("One and three playing partners against two and four") == 8
    r = director_client.get(reverse("session_print", args=[section.session_id,
                                                            "five-hundred-sheet"]))  # fmt: skip
    assert r.status_code == 200
    text = text_of(r.content)
    assert "General score sheet" in text
    # even seats: 20 + 50 + 120 + 160 = 350 plus; odd seats 290 plus, 180 minus, net 110
    assert re.search(r"2 Charles Babbage\s+350\s+0\s+350\s+0\s+350", text), text
    assert re.search(r"1 Ada Lovelace\s+290\s+180\s+290\s+180\s+110", text), text
