"""Session JSON: export → import → export gives the same file; the schema accepts every export."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from boards.models import Board
from scoring.models import BoardResult, ResultAudit, Ruling
from tournament.interchange.formats import schema
from tournament.interchange.selectors import export_session
from tournament.interchange.services import import_session
from tournament.models import Entry, Player, Session

pytestmark = pytest.mark.django_db


def test_export_is_valid_against_the_schema(played_session):
    data = export_session(played_session)
    assert schema.errors(data) == []
    assert data["format"] == "duplicate-session/1"
    assert data["sections"][0]["results"][0] == {
        "board": 1, "ns": 1, "ew": 4, "round": 1, "table": 1, "contract": "4S",
        "declarer": "N", "tricks": 10, "lead": "HK", "status": "confirmed",
        "entered_by": "director", "confirmed_at": "2026-11-03T20:05:00+00:00",
    }  # fmt: skip


def test_round_trip_loses_nothing(played_session):
    first = export_session(played_session)
    copy = import_session(json.dumps(first))
    assert copy.pk != played_session.pk
    assert export_session(copy) == first


def test_round_trip_keeps_corrections_and_rulings(played_session):
    copy = import_session(export_session(played_session))
    audit = ResultAudit.objects.get(section__session=copy)
    assert (audit.result.board_number, audit.result.tricks) == (2, 8)
    assert audit.old == {"tricks": 7} and audit.reason == "traveller misread"
    ruling = Ruling.objects.get(section__session=copy)
    assert ruling.details == {"ns": 60, "ew": 40}


def test_players_are_matched_not_duplicated(played_session):
    before = Player.objects.count()
    import_session(export_session(played_session))
    assert Player.objects.count() == before


def test_commands_round_trip(played_session, tmp_path, capsys):
    call_command("export_session", str(played_session.pk))
    text = capsys.readouterr().out
    path = tmp_path / "session.json"
    path.write_text(text)
    call_command("import_session", str(path))
    new_id = int(capsys.readouterr().out.strip())
    assert export_session(Session.objects.get(pk=new_id)) == json.loads(text)


def test_movement_by_kind_and_size_is_rebuilt(played_session):
    data = export_session(played_session)
    data["sections"][0]["movement"] = {"kind": "mitchell", "tables": 3, "boards_per_round": 2}
    copy = import_session(data)
    assert export_session(copy) == export_session(played_session)


def counts() -> tuple[int, ...]:
    models = (Session, Entry, BoardResult, ResultAudit, Ruling, Board, Player)
    return tuple(m.objects.count() for m in models)
