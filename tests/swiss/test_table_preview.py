"""The Swiss sheet on the table's phone shows each board's N-S scores and IMPs as the lines
are typed, before *Save the sheet* (docs/swiss.md, "Entry at the table"): the server scores
them as it scores the saved sheet, and keeps nothing.  Every figure is the hand-worked table
of test_table_entry (Law 77 with the board's vulnerability, IMPs by Law 78B)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import SwissMatch
from tournament.swiss import selectors as swiss_selectors

from .test_pages import section  # noqa: F401 (fixture)
from .test_table_entry import SCORES, SHEET, _codes, _form, paired  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

#: each board's IMPs (home, away) from the hand-worked table
IMPS = {1: (10, 0), 2: (0, 1), 3: (0, 13), 4: (0, 5), 5: (13, 0), 6: (0, 0), 7: (11, 0),
        8: (0, 5)}  # fmt: skip


def test_every_board_previews_the_hand_worked_scores_and_imps(paired):  # noqa: F811
    for board, t1_ns, t2_ns in SCORES:
        p = swiss_selectors.board_preview(paired, board, SHEET[board])
        assert [(line[0], line[2], line[3]) for line in p.lines] == [(1, t1_ns, ""), (2, t2_ns, "")]
        assert p.imps == IMPS[board], board
    assert swiss_selectors.board_preview(paired, 6, ("1NT W -1", "100")).lines[1][1] == ""


def test_a_half_typed_or_bad_line_shows_no_imps(paired):  # noqa: F811
    one = swiss_selectors.board_preview(paired, 1, ("4S N =", ""))
    assert (one.lines, one.imps) == (((1, "4S N =", 420, ""),), None)
    bad = swiss_selectors.board_preview(paired, 3, ("4H E =", "4HX E -11"))
    assert bad.imps is None and bad.lines[1][2] is None and "Board 3" in bad.lines[1][3]
    assert swiss_selectors.board_preview(paired, 2, (" ", "")).lines == ()


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_page_previews_a_board_and_keeps_nothing(client, paired):  # noqa: F811
    url = reverse("table_swiss", args=[_codes(paired)[1]])
    shown = client.post(url, {**_form(), "preview": "1"})
    assert shown.status_code == 200
    assert _text(shown.content.decode()) == "T1 4S N = 420 · T2 4S N -1 -50 · home 10 IMPs"
    shown = client.post(url, {**_form(), "preview": "2"}).content.decode()
    assert _text(shown) == "T1 3NT S = 600 · T2 3NT S +1 630 · away 1 IMP"
    shown = client.post(url, {**_form(), "preview": "6"}).content.decode()
    assert _text(shown) == "T1 1NT W -1 100 · T2 100 · no IMPs"
    assert SwissMatch.objects.get(round_number=1, table_number=1).home_imps is None
    forged = client.post(reverse("table_swiss", args=["x" * 30]), {**_form(), "preview": "1"})
    assert forged.status_code == 404 and "<html" not in forged.content.decode()
    assert 'class="errorlist"' in forged.content.decode()
    for bad in ("0", "9", "x", ""):
        refused = client.post(url, {**_form(), "preview": bad})
        assert refused.status_code == 400
        assert _text(refused.content.decode()) == "No such board in the match."


def test_the_sheet_opens_one_board_its_brief_and_the_first_board_to_enter(client, paired):  # noqa: F811
    url = reverse("table_swiss", args=[_codes(paired)[1]])
    page = client.get(url).content.decode()
    assert page.count("<details") == 8 and page.count(" open>") == 1
    assert (
        '<details class="board-entry" id="board-1" name="sheet-boards" data-preview-scope open>'
        in page
    )
    half = {**SHEET, 3: ("4H E =", "4HX E -11")}
    refused = client.post(url, _form(sheet=half)).content.decode()
    assert 'id="board-3" name="sheet-boards" data-preview-scope open>' in refused  # its error
    assert client.post(url, _form()).status_code == 302
    page = client.get(url).content.decode()
    assert " open>" not in page  # every board filled: all closed, each a line
    assert '4HX E -1</span> <strong class="sheet-brief-score">200</strong>' in page
