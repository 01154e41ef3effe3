"""Files that used to escape as tracebacks (issue 17, item 6) are refused with the path or line
of the fault, by the services and by the commands, on SQLite and PostgreSQL alike, and nothing
is stored."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.selectors import backup_club, export_session
from tournament.interchange.services import (
    import_players,
    import_session,
    import_usebio,
    restore_club,
)
from tournament.models import Club, Player

from .test_session_roundtrip import counts

pytestmark = pytest.mark.django_db
DATA = Path(__file__).with_name("data")


def refused(load, where: str, *args) -> str:
    before = counts(), Club.objects.count()
    with pytest.raises(InterchangeError) as caught:
        load(*args)
    assert (counts(), Club.objects.count()) == before, "nothing may be stored"
    assert str(caught.value).startswith(where), str(caught.value)
    return str(caught.value)


def command_refuses(tmp_path, command, text: str, *args) -> str:
    path = tmp_path / "file"
    path.write_text(text, encoding="utf-8")
    before = counts(), Club.objects.count()
    with pytest.raises(CommandError) as caught:
        call_command(command, str(path), *args, stdout=io.StringIO())
    assert (counts(), Club.objects.count()) == before
    assert str(caught.value).startswith(str(path)), str(caught.value)
    return str(caught.value)


# --- impossible dates ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("where", "value"),
    [
        (("session", "date"), "2026-02-30"),
        (("session", "finalised_at"), "2026-13-01T19:00:00"),
        (("session", "provisional_since"), "2026-04-31T25:61:00"),
    ],
)
def test_impossible_dates_are_refused_at_their_field(played_session, where, value):
    data = export_session(played_session)
    data[where[0]][where[1]] = value
    message = refused(import_session, f"{where[0]}.{where[1]}:", data)
    assert value in message and "exists" in message


def test_an_impossible_confirmation_time_names_its_result(played_session, tmp_path):
    data = export_session(played_session)
    data["sections"][0]["results"][1]["confirmed_at"] = "2026-11-03T24:00:00"
    refused(import_session, "sections[0].results[1].confirmed_at:", data)
    message = command_refuses(tmp_path, "import_session", json.dumps(data))
    assert "sections[0].results[1].confirmed_at:" in message


# --- very deep JSON --------------------------------------------------------------------------


def test_very_deep_json_is_refused_not_a_recursion_error(played_session, tmp_path):
    deep = "[" * 100_000 + "]" * 100_000
    assert "nested too deeply" in refused(import_session, "line 1:", deep)
    assert "nested too deeply" in command_refuses(tmp_path, "import_session", deep)
    assert "nested too deeply" in command_refuses(tmp_path, "restore_club", deep)


def test_deep_json_inside_a_valid_file_is_refused_at_its_path(played_session):
    data = export_session(played_session)
    nest: dict = {}
    data["event"]["conditions"] = {"x": nest}
    for _ in range(2_000):
        nest["x"] = {}
        nest = nest["x"]
    message = refused(import_session, "event.conditions.x.x", data)
    assert "nested deeper than 32 levels" in message


# --- USEBIO ----------------------------------------------------------------------------------


def test_usebio_tricks_99_is_refused_at_its_line(db, tmp_path):
    text = (DATA / "butler_mitchell_trimmed.xml").read_text(encoding="utf-8")
    bad = text.replace("<TRICKS>9</TRICKS>", "<TRICKS>99</TRICKS>", 1)
    line = bad[: bad.index("<TRICKS>99")].count("\n") + 1
    message = refused(import_usebio, f"line {line}:", bad)
    assert "0 to 13" in message
    assert f"line {line}: TRICKS 99" in command_refuses(tmp_path, "import_usebio", bad)


# --- the players' CSV ------------------------------------------------------------------------


def test_a_csv_field_over_128_kb_is_refused_at_its_line(club, tmp_path):
    text = "name,membership\nAda Lovelace,1\n" + '"' + "x" * 200_000 + '",2\n'
    message = refused(import_players, "line ", club, text)
    assert "cannot read this row as CSV" in message
    assert "line " in command_refuses(tmp_path, "import_players", text, "--club", club.slug)
    assert not Player.objects.filter(club=club).exists()


@pytest.mark.parametrize(
    ("row", "expected"),
    [
        ("N" * 121 + ",7", "line 3: the name is 121 characters long; at most 120"),
        ("Ada,7" + "9" * 40, "line 3: the membership number is 41 characters long; at most 32"),
        ("Ada\x00Lovelace,7", "line 3: contains a NUL character"),
    ],
)
def test_players_csv_texts_the_database_cannot_keep_are_refused(club, row, expected):
    text = f"name,membership\nCharles Babbage,1\n{row}\n"
    assert expected in refused(import_players, "line 3:", club, text)
    assert not Player.objects.filter(club=club).exists()


# --- over-long names and NUL in session files --------------------------------------------------


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["sections"][0].__setitem__("name", "S" * 17), "sections[0].name:"),
        (lambda d: d["event"].__setitem__("name", "E" * 161), "event.name:"),
        (lambda d: d["session"].__setitem__("name", "S" * 161), "session.name:"),
        (
            lambda d: d["sections"][0]["entries"][2]["players"][1].__setitem__("name", "P" * 121),
            "sections[0].entries[2].players[1].name:",
        ),
        (
            lambda d: d["sections"][0]["entries"][0].__setitem__("name", "Team\x00A"),
            "sections[0].entries[0].name:",
        ),
        (lambda d: d["event"].__setitem__("conditions", {"a\x00": 1}), "event.conditions:"),
        (
            lambda d: d["sections"][0]["results"][0].__setitem__("entered_via", "v" * 17),
            "sections[0].results[0].entered_via:",
        ),
    ],
)
def test_texts_postgresql_would_refuse_are_refused_on_both_databases(played_session, change, where):
    data = export_session(played_session)
    change(data)
    message = refused(import_session, where, data)
    assert "at most" in message or "NUL" in message or "is too long" in message


# --- restore files with missing keys ---------------------------------------------------------


def _backup(played_session):
    data = backup_club(played_session.event.club)
    data["club"]["slug"] = "restored"
    return data


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d.pop("club"), "club: missing"),
        (lambda d: d["club"].pop("slug"), "club.slug: missing"),
        (lambda d: d["club"].pop("name"), "club.name: missing"),
        (lambda d: d.pop("events"), "events: missing"),
        (lambda d: d["events"][0].pop("sessions"), "events[0].sessions: missing"),
        (lambda d: d["events"][0]["sessions"][0].pop("session"), "events[0].sessions[0]."),
        (lambda d: d["players"].append({"membership": "9"}), "players["),
        (lambda d: d["players"].append({"name": "X", "age": 3}), "players["),
        (lambda d: d.__setitem__("directors", "director"), "directors:"),
        (lambda d: d["club"].__setitem__("name", "C" * 121), "club.name:"),
        (lambda d: d["players"][0].__setitem__("name", "A\x00B"), "players[0].name:"),
    ],
)
def test_restore_files_with_missing_or_bad_keys_are_refused(
    played_session, tmp_path, change, where
):
    data = _backup(played_session)
    change(data)
    refused(restore_club, where, data)
    assert where in command_refuses(tmp_path, "restore_club", json.dumps(data))
    assert not Club.objects.filter(slug="restored").exists()


def test_a_sound_backup_still_restores(played_session):
    restored = restore_club(_backup(played_session))
    assert restored.slug == "restored"
    assert (
        Player.objects.filter(club=restored).count()
        == Player.objects.filter(club=played_session.event.club).count()
    )
