"""Bad files are refused with the JSON path or line of the fault, and nothing is half-imported."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from tournament.interchange import services as interchange_services
from tournament.interchange.formats import schema
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.selectors import export_session
from tournament.interchange.services import import_session

from .test_session_roundtrip import counts

pytestmark = pytest.mark.django_db


def _refused(data, where: str) -> InterchangeError:
    before = counts()
    with pytest.raises(InterchangeError) as caught:
        import_session(data)
    assert counts() == before
    assert str(caught.value).startswith(where), str(caught.value)
    return caught.value


def test_wrong_format_is_refused(played_session):
    data = export_session(played_session)
    data["format"] = "usebio/1.2"
    error = _refused(data, "format:")
    assert "not a duplicate-session/1 file" in str(error)


def test_a_pbn_file_is_refused(played_session):
    error = _refused('[Event "Club pairs"]\n[Board "1"]\n', "line 1:")
    assert "a PBN file" in str(error)


def test_truncated_file_is_refused_with_its_line(played_session):
    text = json.dumps(export_session(played_session), indent=2)
    error = _refused(text[: len(text) // 2], "line ")
    assert "truncated" in str(error)


def test_result_for_a_board_that_does_not_exist(played_session):
    data = export_session(played_session)
    data["sections"][0]["results"][3]["board"] = 99
    error = _refused(data, "sections[0].results[3].board:")
    assert "board 99 is not in the session (boards 1-6)" in str(error)


def test_unknown_contract(played_session):
    data = export_session(played_session)
    data["sections"][0]["results"][2]["contract"] = "8S"
    error = _refused(data, "sections[0].results[2].contract:")
    assert "'8S' is not a contract" in str(error)


def test_result_for_an_unknown_entry(played_session):
    data = export_session(played_session)
    data["sections"][0]["results"][0]["ew"] = 40
    _refused(data, "sections[0].results[0].ew:")


def test_a_pair_with_two_results_on_a_board(played_session):
    data = export_session(played_session)
    results = data["sections"][0]["results"]
    results.append({**results[0], "ew": 6})
    error = _refused(data, f"sections[0].results[{len(results) - 1}].ns:")
    assert "a second result on board 1" in str(error)


def test_a_failure_half_way_through_leaves_nothing(played_session, monkeypatch):
    data = export_session(played_session)
    real = interchange_services._create_result
    calls = []

    def failing(section, entries, r, path):
        calls.append(path)
        if len(calls) == 5:
            raise InterchangeError(path, "simulated failure")
        return real(section, entries, r, path)

    monkeypatch.setattr(interchange_services, "_create_result", failing)
    _refused(data, "sections[0].results[4]:")


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.pop("sections"), "$"),
        (lambda d: d["event"].update(game="chess"), "event.game"),
        (
            lambda d: d["sections"][0]["results"][0].update(tricks=14),
            "sections[0].results[0].tricks",
        ),
        (
            lambda d: d["sections"][0]["results"][0].update(declarer="X"),
            "sections[0].results[0].declarer",
        ),
        (lambda d: d["sections"][0]["results"][0].update(colour="red"), "sections[0].results[0]"),
        (
            lambda d: d["sections"][0]["entries"][0].update(number=0),
            "sections[0].entries[0].number",
        ),
    ],
)
def test_the_schema_refuses_invalid_files(played_session, change, where):
    data = export_session(played_session)
    change(data)
    problems = schema.errors(data)
    assert problems and problems[0].where == where


def test_import_command_reports_the_path(played_session, tmp_path):
    data = export_session(played_session)
    data["sections"][0]["results"][2]["contract"] = "8S"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=r"results\[2\]\.contract: '8S' is not a contract"):
        call_command("import_session", str(path))
