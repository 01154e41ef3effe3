import csv
import io
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tournament.models import Session


def run(*args) -> str:
    out = StringIO()
    call_command("standings", *args, stdout=out)
    return out.getvalue()


@pytest.fixture
def final_session(db):
    call_command("load_demo", "--if-empty", stdout=StringIO())
    return Session.objects.get(name="Tuesday 10 November")


def test_json_text_and_csv_agree(final_session):
    data = json.loads(run(str(final_session.pk), "--format", "json"))
    assert data["status"] == "final"
    ns = data["sections"][0]["fields"][0]
    winner = ns["standings"][0]
    text = run(str(final_session.pk))
    assert "FINAL" in text and "North-South" in text and winner["name"][:20] in text
    rows = list(csv.DictReader(io.StringIO(run(str(final_session.pk), "--format", "csv"))))
    assert len(rows) == 10  # 5 N-S + 5 E-W pairs
    assert rows[0]["rank"] == winner["rank"] and int(rows[0]["entry"]) == winner["entry"]
    lines = list(
        csv.DictReader(io.StringIO(run(str(final_session.pk), "--format", "csv", "--travellers")))
    )
    assert len(lines) == 75  # 15 boards x 5 tables


def test_an_unknown_session_is_refused(db):
    with pytest.raises(CommandError, match="no session with id 999"):
        run("999")
