"""CSV exports are django-tables2's TableExport of the very table on the page."""

from __future__ import annotations

import csv
import io

import pytest
from django.urls import reverse

from scoring.models import Standings
from scoring.tables import SessionStandingsTable, TravellerTable, standings_rows, traveller_rows
from tournament.interchange.formats.csv_io import safe_cell

from .helpers import finish, new_event, new_session, play, sign_in

RESULTS = ["PASS", "1NT S 8", "2S E 8", "3C N 9"]


def _cells(values):
    """As a CSV writes them: None is an empty cell; text a spreadsheet would run as a formula
    (a tied place "=1") gets a leading "'" (``csv_io.safe_cell``)."""
    return [["" if v is None else str(safe_cell(v)) for v in row] for row in values]


def _rows(response):
    return list(csv.reader(io.StringIO(response.content.decode("utf-8"))))


@pytest.mark.django_db
def test_standings_and_travellers_csv_have_the_tables_columns(director_client, club, players):
    client = director_client
    event = new_event(client, club)
    session, section = new_session(client, event)
    for i in range(4):
        sign_in(client, section, players[2 * i : 2 * i + 2])
    client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "howell", "boards_per_round": 2}
    )
    client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_exports"}
    )  # deal: play needs the boards
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    play(client, section, lambda b, ns: {"result": RESULTS[(b + ns) % 4]})
    finish(client, session)
    data = Standings.objects.get(session=session).data

    response = client.get(reverse("td_standings", args=[session.pk]) + "?_export=csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="standings-' in response["Content-Disposition"]
    rows = _rows(response)
    assert rows[0] == ["Section", "Field", "Place", "Pair", "Players", "Score", "%", "Boards"]
    expected = SessionStandingsTable(standings_rows(data)).as_values()
    assert rows == _cells(expected)

    url = reverse("td_travellers", args=[section.pk]) + "?_export=csv"
    rows = _rows(client.get(url))
    assert rows[0][:4] == ["Board", "N-S", "E-W", "Contract"]
    table = TravellerTable(traveller_rows(data["sections"][0]))
    assert rows == _cells(table.as_values())
    assert len(rows) == 1 + section.results.count()
