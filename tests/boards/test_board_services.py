"""Board-set services: generate, import PBN, enter by hand, analyse, release, secrecy."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import ValidationError
from pypdf import PdfReader

from boards import jobs, selectors, services
from boards.engine import dds, deals
from boards.engine.deals import DealError
from boards.engine.pbn import PBNError
from boards.models import Board, BoardSet
from tournament.models import Event, Session

DATA = Path(__file__).parent / "data"
SEED = "board-services-tests"
DEAL = "N:KJ7.AQT42.A2.972 Q4.J96.9875.JT63 32.85.QJ643.AK54 AT9865.K73.KT.Q8"
LINES = """N: S KJ7 H AQT42 D A2 C 972
E: S Q4 H J96 D 9875 C JT63
S: S 32 H 85 D QJ643 C AK54
W: S AT9865 H K73 D KT C Q8"""


@pytest.fixture
def whist_session(club):
    event = Event.objects.create(
        club=club, name="Whist drive", game="whist", scoring_method="matchpoints"
    )
    return Session.objects.create(event=event, name="Friday")


def test_generate_seeded_is_reproducible_and_fingerprinted(session):
    board_set = services.generate(session, [1, 2, 3, 4], seed=SEED)
    engine = deals.generate_board_set([1, 2, 3, 4], seed=SEED, game="contract")
    assert board_set.fingerprint == engine.fingerprint()
    assert board_set.source == BoardSet.Source.SEEDED
    assert selectors.to_engine(board_set).fingerprint() == board_set.fingerprint
    assert [b.vulnerability for b in board_set.boards.all()] == ["None", "NS", "EW", "All"]


def test_generate_needs_board_numbers(session):
    with pytest.raises(ValidationError, match="movement"):
        services.generate(session)


def test_import_pbn_stores_deals_and_double_dummy(session):
    text = (DATA / "dealer4_style.pbn").read_text(encoding="latin-1")
    board_set = services.import_pbn_file(session, text)
    assert board_set.source == BoardSet.Source.PBN
    first = board_set.boards.get(number=1)
    assert first.deal == DEAL
    assert first.dd_table["N"]["NT"] == 9
    assert first.par["score"] == 400
    # the stored analysis round-trips into the PBN export
    assert '[DoubleDummyTricks "989999899a3433334333"]' in selectors.export_pbn(board_set)


@pytest.mark.parametrize(
    "text, line, words",
    [
        ((DATA / "malformed.pbn").read_text(), 9, "board 2"),
        ('[Board "1"]\n[Deal "N:AKQ.T98.765.432 - - -"]\n', 2, "North"),
        (
            '[Board "1"]\n[Deal "N:KJ7.AQT42.A2.972 Q4.J96.9875.JT63 32.85.QJ643.AK54"]\n',
            2,
            "4 hands",
        ),
    ],
)
def test_malformed_pbn_imports_nothing(session, text, line, words):
    services.generate(session, [1, 2], seed=SEED)
    before = list(Board.objects.values_list("deal", flat=True))
    with pytest.raises(PBNError) as caught:
        services.import_pbn_file(session, text)
    assert caught.value.line == line and f"line {line}" in str(caught.value)
    assert words in str(caught.value)
    assert list(Board.objects.values_list("deal", flat=True)) == before


def test_pbn_round_trip_through_the_database(session, club):
    services.generate(session, range(1, 5), seed=SEED)
    text = selectors.export_pbn(session.board_set)
    other = Session.objects.create(event=session.event, name="Copy")
    copy = services.import_pbn_file(other, text)
    assert copy.fingerprint == session.board_set.fingerprint


@pytest.mark.parametrize(
    "text", [LINES, DEAL, f'[Deal "{DEAL}"]', "\n".join(LINES.splitlines()[:3])]
)
def test_enter_deal_accepts_typed_forms(session, text):
    row = services.enter_deal(session, 5, text)
    assert row.deal == DEAL and row.dealer == "N" and row.vulnerability == "NS"
    board_set = BoardSet.objects.get(session=session)
    assert board_set.source == BoardSet.Source.MANUAL
    assert board_set.fingerprint == selectors.to_engine(board_set).fingerprint()


@pytest.mark.parametrize(
    "text, problem",
    [
        (LINES.replace("C 972", "C 97"), "51 different cards, not 52: missing ♣2"),
        (LINES.replace("C JT63", "C JT6"), "East has 12 cards, not 13"),
        (LINES.replace("E: S Q4", "E: S K4"), "♠K appears twice (North and East)"),
        (LINES.replace("C AK54", "C AK542"), "South has 14 cards, not 13"),
        (LINES.replace("H AQT42", "H AQX42"), "'X' is not a rank"),
    ],
)
def test_bad_hand_entered_deal_is_refused_and_nothing_saved(session, text, problem):
    with pytest.raises(DealError, match=re.escape(problem)):
        services.enter_deal(session, 1, text)
    assert not Board.objects.exists() and not BoardSet.objects.exists()


def test_entering_over_a_seeded_set_changes_fingerprint_and_drops_the_seed(session):
    board_set = services.generate(session, [1, 2], seed=SEED)
    services.enter_deal(session, 2, DEAL)
    board_set.refresh_from_db()
    assert board_set.source == BoardSet.Source.MANUAL and board_set.seed == ""
    assert board_set.fingerprint != deals.generate_board_set([1, 2], seed=SEED).fingerprint()
    assert board_set.boards.get(number=2).deal == DEAL


def test_whist_hand_entry_needs_the_dealers_trump_card(whist_session):
    with pytest.raises(DealError, match="needs its trump card"):
        services.enter_deal(whist_session, 1, DEAL)
    with pytest.raises(DealError, match="not in the dealer's"):
        services.enter_deal(whist_session, 1, DEAL, trump_card="SQ")  # East's card
    row = services.enter_deal(whist_session, 1, DEAL, trump_card="SK")
    assert row.trump_card == "SK" and whist_session.board_set.trump_mode == "turned"


def test_whist_pbn_without_trump_needs_a_declared_suit(whist_session):
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n'
    with pytest.raises(PBNError, match="TrumpCard"):
        services.import_pbn_file(whist_session, text)
    board_set = services.import_pbn_file(whist_session, text, declared_trump="H")
    assert board_set.declared_trump == "H" and board_set.trump_mode == "declared"


def test_analyse_stores_tables_par_and_progress(session):
    services.generate(session, [1, 2, 3], seed=SEED)
    seen = []
    board_set = services.analyse(session, lambda done, total: seen.append((done, total)), batch=2)
    assert seen == [(2, 3), (3, 3)]
    assert (board_set.analysis_done, board_set.analysis_total) == (3, 3)
    for row in board_set.boards.all():
        assert set(row.dd_table) == set("NSEW") and "score" in row.par
        direct = dds.analyse_board(dds.input_for(selectors.engine_board(row, "contract")))
        assert selectors.dd_result(row) == direct  # stored and read back unchanged


def test_analyse_refuses_whist_and_empty_sets(session, whist_session):
    services.generate(whist_session, [1, 2], seed=SEED)
    with pytest.raises(ValidationError, match="bridge"):
        services.analyse(whist_session)
    BoardSet.objects.create(session=session, source=BoardSet.Source.NONE)
    with pytest.raises(ValidationError, match="nothing to analyse"):
        services.analyse(session)


def test_job_claim_refuses_a_second_job(session):
    board_set = services.generate(session, [1, 2], seed=SEED)
    assert jobs.claim(board_set) == 2
    assert jobs.is_running(board_set)
    with pytest.raises(jobs.JobRunning):
        jobs.claim(board_set)
    jobs.run(session)
    assert not jobs.is_running(board_set)
    assert jobs.claim(board_set) == 2  # a finished job can be run again


def test_a_stale_claim_does_not_block(session):
    board_set = services.generate(session, [1, 2], seed=SEED)
    jobs.claim(board_set)
    BoardSet.objects.filter(pk=board_set.pk).update(
        analysis_started=board_set.created - jobs.STALE_AFTER
    )
    assert not jobs.is_running(board_set)


def test_job_failure_is_stored(session, monkeypatch):
    board_set = services.generate(session, [1, 2], seed=SEED)
    jobs.claim(board_set)

    def broken(*args, **kwargs):
        raise RuntimeError("solver exploded")

    monkeypatch.setattr(services.dds, "analyse_board_set", broken)
    with pytest.raises(RuntimeError):
        jobs.run(session)
    board_set.refresh_from_db()
    assert board_set.analysis_error == "solver exploded" and not jobs.is_running(board_set)


def test_hand_record_pdf_has_the_dd_table(session):
    services.generate(session, [1, 2], seed=SEED)
    services.analyse(session)
    name, kind, data = selectors.render(session.board_set, "hand-records", "Letter")
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)
    assert kind == "application/pdf" and "Par" in text
    with pytest.raises(ValueError, match="whist"):
        selectors.render(session.board_set, "trump-slips")


def test_secrecy_until_release_or_final(session, director, outsider):
    services.generate(session, [1, 2], seed=SEED)
    assert services.deals_visible(session, director)
    assert not services.deals_visible(session, outsider)
    assert not services.deals_visible(session, AnonymousUser())
    services.release(session)
    session.refresh_from_db()
    assert session.board_set.released_at is not None
    assert services.deals_visible(session, AnonymousUser())
