"""Backup and restore of a whole club; CSV standings, travellers and the players list."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command

from scoring.models import BoardResult
from tournament.interchange.formats import csv_io
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.scoring_input import score
from tournament.interchange.formats.session_file import parse
from tournament.interchange.selectors import backup_club, export_session
from tournament.interchange.services import restore_club
from tournament.models import Club, EntryPlayer, Player, Session

from .test_session_roundtrip import counts

pytestmark = pytest.mark.django_db


def test_backup_restore_gives_the_same_club(played_session, tmp_path, capsys):
    call_command("backup_club", "riverside", str(tmp_path / "club.json"))
    backup = json.loads((tmp_path / "club.json").read_text())
    before = export_session(played_session)
    BoardResult.objects.all().delete()  # results and seats protect entries and players
    EntryPlayer.objects.all().delete()
    Club.objects.all().delete()
    assert Session.objects.count() == Player.objects.count() == 0
    call_command("restore_club", str(tmp_path / "club.json"))
    club = Club.objects.get(slug="riverside")
    assert backup_club(club) == backup
    assert export_session(club.events.get().sessions.get()) == before


def test_restore_refuses_an_existing_club(played_session):
    backup = backup_club(played_session.event.club)
    before = counts()
    with pytest.raises(InterchangeError, match="exists already"):
        restore_club(backup)
    assert counts() == before


def test_a_bad_session_in_a_backup_restores_nothing(played_session):
    backup = backup_club(played_session.event.club)
    backup["club"]["slug"] = "riverside-2"
    backup["events"][0]["sessions"][0]["sections"][0]["results"][5]["contract"] = "9NT"
    before = counts()
    with pytest.raises(
        InterchangeError,
        match=r"^events\[0\]\.sessions\[0\]\.sections\[0\]\.results\[5\]\.contract",
    ):
        restore_club(backup)
    assert counts() == before


def test_standings_and_travellers_csv(played_session):
    standings = score(parse(export_session(played_session)))
    text = csv_io.standings_csv(standings)
    assert text.splitlines()[0] == "field,rank,entry,name,score,percent,boards_played"
    assert len(text.splitlines()) == 1 + 6
    travellers = csv_io.travellers_csv(standings).splitlines()
    assert travellers[0].startswith("board,ns,ew,contract,declarer,tricks,score_ns")
    assert "1,1,4,4S,N,10,420" in travellers[1]


def test_players_import(club, tmp_path, capsys):
    path = tmp_path / "players.csv"
    path.write_text(
        "Name;Membership number;Email\nAda Lovelace;EBU1;ada@example.org\nAlan Turing;;\n"
    )
    call_command("import_players", str(path), "--club", "riverside")
    assert "2 players added" in capsys.readouterr().out
    path.write_text("name,membership,email\nAda King,EBU1,\n")
    call_command("import_players", str(path), "--club", "riverside")
    assert Player.objects.get(membership_number="EBU1").name == "Ada King"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "name,email\nAda,ada@example.org\nBob,not-an-address\n",
            "line 3: 'not-an-address' is not an email",
        ),
        (
            "name,membership\nAda,1\nBob,2\nCarol,1\n",
            "line 4: membership number 1 is also on line 2",
        ),
        ("email\nada@example.org\n", "line 1: no name column"),
        ("name,gender\nAda,X\n", "line 2: gender 'X'"),
        ("", "line 1: the file is empty"),
    ],
)
def test_players_import_refuses_bad_lines(club, tmp_path, text, message):
    path = tmp_path / "players.csv"
    path.write_text(text)
    before = Player.objects.count()
    with pytest.raises(CommandError, match=message):
        call_command("import_players", str(path), "--club", "riverside")
    assert Player.objects.count() == before
