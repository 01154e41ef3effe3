"""The team result in what the TD takes away: the standings CSV (console and ``manage.py
standings --format csv``) and the printed results sheet (``manage.py print``, the download).

The matches are built through the real services with the fixtures of
``test_team_match_services`` (whist, 2 teams: Hastings 56 v Rye 48 of 104 tricks, won by 4)
and ``test_imps_teams_services`` (IMPs, 2 teams: Hastings +6, 13.28 v 6.72 VPs; 3 teams:
team 1 +18 31.96 VPs, team 3 −7 15.96, team 2 −11 12.08). Every expected figure below is
the one worked out by hand in those files' comments; none is read back from the code under test.
"""

from __future__ import annotations

import csv
import datetime
import io
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse
from django_tables2.export import TableExport

from scoring.engine.session import SessionInput, score_session
from scoring.inputs import scheduled_plays
from scoring.models import Standings
from scoring.results import services as result_services
from scoring.tables import SessionStandingsTable, standings_rows
from tests.printing.test_documents import pages
from tests.scoring import test_imps_teams_services as imps
from tests.scoring import test_team_match_services as whist
from tests.scoring.engine.test_team_match import D3_TEAMS, d3_lines
from tournament.interchange.formats.csv_io import standings_csv
from tournament.models import Event, Session
from tournament.printing import selectors as print_selectors
from tournament.printing.documents import PrintData, generate

from .setups import running_mitchell

team_event = whist.team_event
team_section = whist.team_section
imps_event = imps.imps_event

PAIRS_HEADER = ["Section", "Field", "Place", "Pair", "Players", "Score", "%", "Boards"]
HASTINGS_PAIRS = "1 N-S Hastings: 28; 3 E-W Player 4 & Player 5: 28"
RYE_PAIRS = "2 N-S Rye: 24; 4 E-W Player 6 & Player 7: 24"


def blocks(text: str) -> list[list[list[str]]]:
    """The CSV's rows, split into its tables at the blank lines."""
    out: list[list[list[str]]] = [[]]
    for row in csv.reader(io.StringIO(text)):
        if row:
            out[-1].append(row)
        else:
            out.append([])
    return out


def console_csv(client, director, session) -> str:
    client.force_login(director)
    response = client.get(reverse("td_standings", args=[session.pk]) + "?_export=csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert f'filename="standings-{session.pk}.csv"' in response["Content-Disposition"]
    return response.content.decode("utf-8")


def command_csv(session) -> str:
    out = StringIO()
    call_command("standings", str(session.pk), "--format", "csv", stdout=out)
    return out.getvalue()


def sheet(session, size: str = "A4") -> str:
    name, mime, body = print_selectors.render(session, "results-sheet", page=size)
    assert mime == "application/pdf" and name.endswith(f"results-sheet-{size.lower()}.pdf")
    return "\n".join(pages(body))


@pytest.fixture
def whist_match(team_section, director):
    section = whist.start(team_section)
    whist.enter_all(section, director)
    return section.session


@pytest.fixture
def imp_match(imps_event, director):
    section = imps.start(imps.make_section(imps_event, 2), tables=2, rounds=2)
    imps.enter(section, imps.TWO_TEAMS, director)
    return section.session


# --- the whist team match ------------------------------------------------------------------


def test_whist_csv_has_the_teams_then_the_pairs(whist_match, director, client):
    teams, pairs = blocks(console_csv(client, director, whist_match))
    assert teams == [
        ["Section", "Place", "Team", "Name", "Pairs (tricks)", "Tricks", "Odd-pair credit",
         "Aggregate", "Margin", "Result", "Winner"],
        ["A", "1", "1", "Hastings", HASTINGS_PAIRS, "56.0", "", "56.0", "4", "won by 4 tricks",
         "Winner"],
        ["A", "2", "2", "Rye", RYE_PAIRS, "48.0", "", "48.0", "-4", "lost by 4 tricks", ""],
    ]  # fmt: skip
    # each direction's average, (28 + 24) / 2 = 26, and each pair above or below it
    # [002 L3017–3023]
    assert pairs == [
        [*PAIRS_HEADER, "Direction average", "Above average"],
        ["A", "NS", "1", "1", "Hastings", "28.0", "", "4", "26.0", "2.0"],
        ["A", "NS", "2", "2", "Rye", "24.0", "", "4", "26.0", "-2.0"],
        ["A", "EW", "1", "3", "Player 4 & Player 5", "28.0", "", "4", "26.0", "2.0"],
        ["A", "EW", "2", "4", "Player 6 & Player 7", "24.0", "", "4", "26.0", "-2.0"],
    ]


def test_whist_command_csv_has_the_teams_then_the_pairs(whist_match):
    teams, pairs = blocks(command_csv(whist_match))
    assert teams == [
        ["rank", "team", "name", "pairs", "tricks", "odd_pair_credit", "aggregate", "margin",
         "result", "winner"],
        ["1", "1", "Hastings", HASTINGS_PAIRS, "56.0", "", "56.0", "4", "won by 4 tricks",
         "Winner"],
        ["2", "2", "Rye", RYE_PAIRS, "48.0", "", "48.0", "-4", "lost by 4 tricks", ""],
    ]  # fmt: skip
    assert pairs[0] == ["field", "rank", "entry", "name", "score", "percent", "boards_played"]
    assert [(r[0], r[2], r[4]) for r in pairs[1:]] == [
        ("NS", "1", "28.0"), ("NS", "2", "24.0"), ("EW", "3", "28.0"), ("EW", "4", "24.0"),
    ]  # fmt: skip


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_whist_results_sheet_puts_the_match_above_the_pairs(whist_match, size):
    text = sheet(whist_match, size)
    for words in (
        "Team match (104 tricks in all, half 52)",
        "Place No. Team Tricks Aggregate Result",
        "Hastings — WINNER",
        "56 56 won by 4 tricks",
        "48 48 lost by 4 tricks",
        HASTINGS_PAIRS.split("; ")[0],
        RYE_PAIRS.split("; ")[1],
        "Winner: team 1, Hastings, won by 4 tricks",
    ):
        assert words in text, words
    assert "Rye — WINNER" not in text and "Odd-pair credit" not in text
    assert text.index("Team match") < text.index("Hastings — WINNER") < text.index("North-South")
    assert text.index("North-South") < text.index("Prize list")


def test_the_print_command_writes_the_team_sheet_on_letter(whist_match, tmp_path):
    out = tmp_path / "sheet.pdf"
    call_command(
        "print", str(whist_match.pk), "results-sheet", "--out", str(out), "--page-size", "Letter"
    )
    text = "\n".join(pages(out.read_bytes()))
    assert "Hastings — WINNER" in text and "won by 4 tricks" in text


def test_the_fraction_of_a_trick_and_the_odd_pair_credit():
    # LAWS.md D-3 (tests/scoring/engine/test_team_match.py): A 261 own tricks + 51 credit = 312 and
    # B 259 + 53 = 312; exactly 312.4 v 311.6, so A wins by the fraction of a trick.
    data = score_session(SessionInput("whist", "tricks_teams", d3_lines(), teams=D3_TEAMS))
    standings = data.to_json()
    teams = blocks(standings_csv(standings))[0]
    assert [r[:3] + r[4:] for r in teams[1:]] == [
        ["1", "1", "A", "261.0", "51", "312.0", "0", "won by the fraction of a trick", "Winner"],
        ["2", "2", "B", "259.0", "53", "312.0", "0", "lost by the fraction of a trick", ""],
    ]  # fmt: skip
    printed = PrintData(title="D-3", game="whist", standings=standings)
    text = " ".join(" ".join(pages(generate("results-sheet", printed)[2])).split())
    assert "Odd-pair credit" in text and "261 51 312" in text and "259 53 312" in text
    assert "Winner: team 1, A, won by the fraction of a trick" in text
    assert "lost by the fraction of a trick" in text


# --- teams of four at IMPs -------------------------------------------------------------------


def test_imp_csv_has_the_teams_imps_vps_then_the_pairs(imp_match, director, client):
    teams, pairs = blocks(console_csv(client, director, imp_match))
    assert teams == [
        ["Section", "Place", "Team", "Name", "Pairs (IMPs)", "IMPs", "VPs", "Matches", "Result",
         "Winner"],
        ["A", "1", "1", "Hastings", "1 N-S Hastings: 6; 3 E-W Player 4 & Player 5: 6", "6.0",
         "13.28", "v 2: 6 IMPs over 4, 13.28 VPs", "won by 6 IMPs", "Winner"],
        ["A", "2", "2", "Rye", "2 N-S Rye: -6; 4 E-W Player 6 & Player 7: -6", "-6.0", "6.72",
         "v 1: -6 IMPs over 4, 6.72 VPs", "lost by 6 IMPs", ""],
    ]  # fmt: skip
    assert pairs[0] == PAIRS_HEADER
    assert [(r[1], r[3], r[5]) for r in pairs[1:]] == [
        ("NS", "1", "6.0"), ("NS", "2", "-6.0"), ("EW", "3", "6.0"), ("EW", "4", "-6.0"),
    ]  # fmt: skip
    command = blocks(command_csv(imp_match))[0]
    assert command[0] == ["rank", "team", "name", "pairs", "imps", "vp", "matches", "result",
                          "winner"]  # fmt: skip
    assert [r[:3] + r[4:6] + r[7:] for r in command[1:]] == [
        ["1", "1", "Hastings", "6.0", "13.28", "won by 6 IMPs", "Winner"],
        ["2", "2", "Rye", "-6.0", "6.72", "lost by 6 IMPs", ""],
    ]  # fmt: skip


@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_imp_results_sheet_puts_the_teams_above_the_pairs(imp_match, size):
    text = sheet(imp_match, size)
    for words in (
        "Teams (IMPs)",
        "Place No. Team IMPs VPs Result",
        "Hastings — WINNER",
        "6 13.28 won by 6 IMPs",
        "-6 6.72 lost by 6 IMPs",
        "Winner: team 1, Hastings, won by 6 IMPs",
    ):
        assert words in text, words
    assert text.index("Teams (IMPs)") < text.index("North-South")


def test_three_imp_teams_print_and_export_each_match(imps_event, director, client):
    section = imps.start(imps.make_section(imps_event, 3))
    imps.enter(section, imps.THREE_TEAMS, director)
    teams = blocks(console_csv(client, director, section.session))[0]
    assert [(r[2], r[5], r[6], r[8], r[9]) for r in teams[1:]] == [
        ("1", "18.0", "31.96", "won 2, lost 0", "Winner"),
        ("3", "-7.0", "15.96", "won 1, lost 1", ""),
        ("2", "-11.0", "12.08", "won 0, lost 2", ""),
    ]  # fmt: skip
    assert teams[1][7] == "v 2: 8 IMPs over 2, 15.50 VPs; v 3: 10 IMPs over 2, 16.46 VPs"
    text = sheet(section.session)
    assert "18 31.96 won 2, lost 0" in text and "-11 12.08 won 0, lost 2" in text
    assert "v 2: 8 IMPs over 2, 15.50 VPs" in text
    assert "Winner: team 1, Hastings, won 2, lost 0" in text


# --- a pairs-only session exports as before ---------------------------------------------------


@pytest.fixture
def pairs_session(club, director):
    event = Event.objects.create(
        club=club, name="Whist Pairs", game="whist", scoring_method="tricks"
    )
    session = Session.objects.create(event=event, name="Evening", date=datetime.date(2026, 11, 3))
    section = running_mitchell(session, club)
    for play, tricks in zip(scheduled_plays(section.get_movement())[1], (7, 9, 5), strict=True):
        result_services.record_result(
            section, board_number=1, ns=play.ns, ew=play.ew, fields={"tricks_ns": tricks}
        )
    return session


def test_a_pairs_session_exports_exactly_as_before(pairs_session, director, client):
    data = Standings.objects.get(session=pairs_session).data
    text = console_csv(client, director, pairs_session)
    # before: TableExport of the session's standings table alone
    assert text == TableExport("csv", SessionStandingsTable(standings_rows(data))).export()
    # whist pairs add their tricks won (the score is the tricks over average, deal by deal)
    assert blocks(text) == [blocks(text)[0]] and blocks(text)[0][0] == [*PAIRS_HEADER, "Tricks"]
    assert "Team" not in text
    section = data["sections"][0]
    command = command_csv(pairs_session)
    assert command.splitlines()[0] == "field,rank,entry,name,score,percent,boards_played"
    assert "" not in command.splitlines() and "team" not in command.lower()
    assert len(command.splitlines()) == 1 + sum(len(f["standings"]) for f in section["fields"])
    printed = sheet(pairs_session)
    assert "Team" not in printed and "Winner" not in printed and "North-South" in printed
