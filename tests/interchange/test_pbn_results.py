"""PBN 2.1 results: ScoreTable/TotalScoreTable out and back in, losing nothing PBN carries."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from boards.models import Board
from tournament.interchange.formats import pbn_results, usebio
from tournament.interchange.formats.errors import InterchangeError
from tournament.interchange.formats.scoring_input import score
from tournament.interchange.selectors import export_pbn_results
from tournament.interchange.services import import_pbn_results
from tournament.models import Session

from .test_session_roundtrip import counts

DATA = Path(__file__).parent / "data"
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _score_rows(text: str) -> list[str]:
    """Every ScoreTable row without its points (the part that does not depend on the movement)."""
    rows, inside = [], False
    for line in text.splitlines():
        if line.startswith("["):
            inside = line.startswith("[ScoreTable")
        elif inside and line:
            rows.append(" ".join(line.split()[:8]))
    return rows


@pytest.mark.django_db
def test_export_import_export(played_session, club):
    Board.objects.filter(board_set__session=played_session, number=1).update(deal=DEAL)
    text = export_pbn_results(played_session)
    assert f'[Deal "{DEAL}"]' in text and "[TotalScoreTable" in text
    assert "1 4 4S N 10 HK 420 -420" in text
    copy = import_pbn_results(text, club)
    again = export_pbn_results(copy)
    assert _score_rows(again) == _score_rows(text)
    assert export_pbn_results(import_pbn_results(again, club)) == again


def test_a_compscore_session_through_pbn_keeps_every_figure():
    sf = usebio.parse((DATA / "cross_imp_howell_trimmed.xml").read_text())
    standings = score(sf)
    text = pbn_results.write(sf, standings)
    back = pbn_results.parse(text)
    assert score(back)["fields"] == standings["fields"]
    assert score(back)["boards"] == standings["boards"]
    assert pbn_results.write(back, score(back)) == text


@pytest.mark.django_db
def test_command_round_trip(played_session, tmp_path, capsys):
    call_command("export_pbn_results", str(played_session.pk))
    path = tmp_path / "results.pbn"
    path.write_text(capsys.readouterr().out)
    call_command("import_pbn_results", str(path), "--club", "riverside")
    assert Session.objects.filter(pk=int(capsys.readouterr().out)).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        (" 3S W 9 ", " 8S W 9 ", "line 10, Contract: '8S' is not a contract"),
        ('[Board "2"]', '[Board "two"]', "line 27, Board: board number 'two'"),
        ("2 9 3S", "x 9 3S", "line 10, PairId_NS: 'x' is not a pair number"),
        ("[ScoreTable", "[Notes", "line 1: no [ScoreTable]"),
    ],
)
def test_bad_pbn_is_refused_with_the_line(club, old, new, where):
    sf = usebio.parse((DATA / "cross_imp_howell_trimmed.xml").read_text())
    text = pbn_results.write(sf, score(sf)).replace(old, new)
    before = counts()
    with pytest.raises(InterchangeError) as caught:
        import_pbn_results(text, club)
    assert str(caught.value).startswith(where), str(caught.value)
    assert counts() == before
