"""The travellers PDF: the blank form before play, a scored traveller per board once results
are in (issue 18: a finished session printed blank forms).  Each printed row is checked
against the kept standings line of that table; whist prints each side's own tricks."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from scoring.models import Standings
from tests.console.helpers import finish, post_row, schedule
from tests.console.test_smaller_list import evening
from tournament.printing.selectors import render


def pages(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def board_text(text: str, board: int) -> str:
    """The part of the PDF text of one board's traveller."""
    found = re.search(rf"Board {board} ·(.*?)(?=Board \d+ ·|\Z)", text, re.S)
    assert found, f"board {board} is not printed"
    return found.group(1)


def kept_lines(session) -> dict[tuple[int, int, int], dict]:
    data = Standings.objects.get(session=session).data["sections"][0]
    return {(b["board"], r["ns"], r["ew"]): r for b in data["boards"] for r in b["results"]}


def number(value) -> str:
    return f"{float(value):.2f}" if float(value) % 1 else str(int(value))


@pytest.mark.django_db
def test_blank_before_play_scored_after(director_client, club, players):
    session, section = evening(director_client, club, players, 6, kind="mitchell")
    blank = "\n".join(pages(render(session, "travellers")[2]))
    assert "Traveller ·" in blank and "Scored traveller" not in blank
    assert "O.K. E-W" in blank  # the form to fill in at the table

    results = ["3NT S 9", "4S N 10", "2H E 8", "3NT S 8", "1NT W 7", "PASS"]
    plays = schedule(section)
    for board, ns, ew, rnd, _t in plays:
        post_row(director_client, section, board=board, ns=ns, ew=ew, round=rnd,
                 result=results[(board + ns) % len(results)])  # fmt: skip
    finish(director_client, session)
    text = "\n".join(pages(render(session, "travellers")[2]))
    assert "Scored traveller (final)" in text and "O.K. E-W" not in text
    kept = kept_lines(session)
    boards = sorted({p[0] for p in plays})
    assert text.count("Scored traveller") == len(boards)
    for board in boards:
        part = board_text(text, board)
        for b, ns, ew, rnd, table in (p for p in plays if p[0] == board):
            line = kept[b, ns, ew]
            cells = [str(rnd), str(table), str(ns), str(ew), line["contract"]]
            if line["contract"] != "PASS":
                cells += [line["declarer"], str(line["tricks"])]
            cells += [str(line["score_ns"]), number(line["ns_points"]), number(line["ew_points"])]
            assert " ".join(cells) in part.replace("\n", " "), (cells, part)


@pytest.mark.django_db
def test_whist_travellers_print_each_sides_tricks(director_client, club, players):
    session, section = evening(director_client, club, players, 4, "whist", "tricks")
    plays = schedule(section)
    for board, ns, ew, rnd, _t in plays:
        post_row(director_client, section, board=board, ns=ns, ew=ew, round=rnd,
                 tricks_ns=4 + (board + ns) % 6)  # fmt: skip
    finish(director_client, session)
    text = "\n".join(pages(render(session, "travellers")[2])).replace("\n", " ")
    for board, ns, ew, rnd, table in plays:
        t = 4 + (board + ns) % 6
        row = f"{rnd} {table} {ns} {ew} {t} {13 - t}"
        assert row in board_text(text, board).replace("\n", " "), row
