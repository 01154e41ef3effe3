"""The board commands: deal (no database), import_pbn, export_pbn, analyse_boards."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from boards import jobs, services
from boards.engine import deals
from boards.engine.deals import Deal
from boards.engine.pbn import import_pbn
from boards.models import Board, BoardSet

DATA = Path(__file__).parent / "data"


def run(*args) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("game", ["contract", "auction", "whist"])
def test_deal_json_is_deterministic_and_valid(game):
    args = ("deal", "--boards", "1-36", "--game", game, "--seed", "club night", "--format", "json")
    first, second = run(*args), run(*args)
    assert first == second
    data = json.loads(first)
    assert [b["board"] for b in data["boards"]] == list(range(1, 37))
    engine = deals.generate_board_set(range(1, 37), seed="club night", game=game)
    assert data["fingerprint"] == engine.fingerprint()
    for item in data["boards"]:
        deal = Deal.from_pbn(item["deal"])  # validates 52 distinct cards, 13 a hand
        assert item["dealer"] == "NESW"[(item["board"] - 1) % 4]
        if game == "whist":
            assert item["trump_card"] and item["vulnerability"] is None
            dealer = deals.dealer_of(item["board"])
            assert any(str(c) == item["trump_card"] for c in deal[dealer].cards)
        else:
            assert item["trump_card"] is None
    assert (data["boards"][1]["vulnerability"] == "NS") is (game == "contract")


def test_deal_pbn_reads_back_and_seeds_differ():
    text = run("deal", "--boards", "1-4", "--seed", "a")
    boards = import_pbn(text)
    assert [b.board.board_number for b in boards] == [1, 2, 3, 4]
    assert text == run("deal", "--boards", "1-4", "--seed", "a")
    assert text != run("deal", "--boards", "1-4", "--seed", "b")


def test_deal_without_seed_is_random_and_needs_no_database():
    # no db fixture: touching the database here would fail the test
    assert run("deal", "--boards", "1") != run("deal", "--boards", "1")


@pytest.mark.parametrize(
    "args, message",
    [
        (("--boards", "5-2"), "range goes upwards"),
        (("--boards", "x"), "not a board number"),
        (("--game", "whist", "--declared-trump", "Q"), "Q"),
    ],
)
def test_deal_bad_arguments(args, message):
    with pytest.raises(CommandError, match=message):
        run("deal", *args)


def test_import_and_export_pbn(session, tmp_path):
    out = run("import_pbn", str(DATA / "dealer4_style.pbn"), "--session", str(session.pk))
    assert "boards imported" in out
    assert Board.objects.filter(board_set__session=session).exists()
    target = tmp_path / "out.pbn"
    run("export_pbn", "--session", str(session.pk), "--out", str(target))
    again = import_pbn(target.read_text())
    stored = {b.number: b.deal for b in Board.objects.filter(board_set__session=session)}
    assert {b.board.board_number: b.board.deal.to_pbn() for b in again} == stored
    assert "[DoubleDummyTricks" in run("export_pbn", "--session", str(session.pk))


def test_import_malformed_pbn_names_the_line_and_imports_nothing(session):
    with pytest.raises(CommandError, match="line 9: board 2.*nothing was imported"):
        run("import_pbn", str(DATA / "malformed.pbn"), "--session", str(session.pk))
    assert not BoardSet.objects.exists()


def test_commands_name_a_missing_session_or_file(db, session):
    with pytest.raises(CommandError, match="no session 999"):
        run("export_pbn", "--session", "999")
    with pytest.raises(CommandError, match="cannot read"):
        run("import_pbn", "/nonexistent.pbn", "--session", str(session.pk))
    with pytest.raises(CommandError, match="has no boards"):
        run("analyse_boards", str(session.pk))


def test_analyse_boards(session):
    services.generate(session, [1, 2, 3], seed="cmd")
    out = run("analyse_boards", str(session.pk))
    assert "3 of 3 boards" in out
    board_set = BoardSet.objects.get(session=session)
    assert board_set.analysis_done == 3
    assert not board_set.boards.filter(dd_table__isnull=True).exists()


def test_analyse_boards_refuses_while_a_job_runs(session):
    board_set = services.generate(session, [1, 2], seed="cmd")
    jobs.claim(board_set)
    with pytest.raises(CommandError, match="already running"):
        run("analyse_boards", str(session.pk))
