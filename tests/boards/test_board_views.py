"""The TD's board-set page: permissions, secrecy, generate/import/enter/analyse/release, files."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from pypdf import PdfReader

from boards import jobs, services
from boards.engine.cards import Direction, Suit
from boards.engine.deals import Deal
from boards.engine.pbn import import_pbn
from boards.models import Board, BoardSet
from tournament.models import Event, Session

DATA = Path(__file__).parent / "data"
SEED = "board-views-tests"
DEAL = "N:KJ7.AQT42.A2.972 Q4.J96.9875.JT63 32.85.QJ643.AK54 AT9865.K73.KT.Q8"


def url(name, session, *args):
    return reverse(name, args=[session.pk, *args])


@pytest.fixture
def dealt(session):
    services.generate(session, [1, 2, 3, 4], seed=SEED)
    return session


GETS = [
    ("boards_td", ()),
    ("boards_progress", ()),
    ("boards_pbn", ()),
    ("boards_pdf", ("hand-records",)),
    ("boards_pdf", ("duplication",)),
]
POSTS = ["boards_generate", "boards_import", "boards_enter", "boards_analyse", "boards_release"]


@pytest.mark.parametrize("name, args", GETS)
def test_anonymous_is_sent_to_sign_in_and_other_clubs_td_is_refused(
    client, dealt, outsider, name, args
):
    response = client.get(url(name, dealt, *args))
    assert response.status_code == 302 and reverse("login") in response["Location"]
    client.force_login(outsider)
    assert client.get(url(name, dealt, *args)).status_code == 403


@pytest.mark.parametrize("name", POSTS)
def test_writes_need_the_clubs_td(client, dealt, outsider, name):
    assert client.post(url(name, dealt)).status_code == 302
    client.force_login(outsider)
    assert client.post(url(name, dealt), {"seed": "x", "boards": "1-2"}).status_code == 403
    dealt.refresh_from_db()
    assert not dealt.boards_released
    assert BoardSet.objects.get(session=dealt).seed == SEED


def test_page_shows_fingerprint_and_deals_to_the_td_only_and_is_not_cached(director_client, dealt):
    response = director_client.get(url("boards_td", dealt))
    assert response.status_code == 200
    page = response.content.decode()
    assert dealt.board_set.fingerprint in page
    north_spades = dealt.board_set.boards.get(number=1).deal[2:].split(".")[0]
    assert north_spades in page
    assert "no-store" in response["Cache-Control"]


def _long_holdings(session, number):
    deal = Deal.from_pbn(session.board_set.boards.get(number=number).deal)
    texts = {deal[d].holding_text(s) for d in Direction for s in Suit}
    return {t for t in texts if len(t) >= 4}


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_public_board_page_hides_the_deal_until_release(client, dealt, number):
    holdings = _long_holdings(dealt, number)
    before = client.get(reverse("board", args=[dealt.pk, number])).content.decode()
    assert not [h for h in holdings if h in before]
    services.release(dealt)
    after = client.get(reverse("board", args=[dealt.pk, number])).content.decode()
    assert holdings <= {h for h in holdings if h in after}


def test_generate_with_seed_is_reproducible(director_client, session):
    response = director_client.post(
        url("boards_generate", session), {"boards": "1-4", "seed": SEED}
    )
    assert response.status_code == 302
    first = BoardSet.objects.get(session=session).fingerprint
    director_client.post(url("boards_generate", session), {"boards": "1-4", "seed": SEED})
    assert BoardSet.objects.get(session=session).fingerprint == first
    page = director_client.get(url("boards_td", session)).content.decode()
    assert first in page


def test_generate_bad_range_keeps_the_form(director_client, session):
    response = director_client.post(url("boards_generate", session), {"boards": "9-3"})
    assert response.status_code == 400
    assert "range goes upwards" in response.content.decode()
    assert not BoardSet.objects.exists()


def test_import_pbn_upload(director_client, session):
    upload = SimpleUploadedFile("boards.pbn", (DATA / "dealer4_style.pbn").read_bytes())
    response = director_client.post(url("boards_import", session), {"file": upload})
    assert response.status_code == 302
    assert Board.objects.get(board_set__session=session, number=1).deal == DEAL


def test_import_malformed_pbn_shows_the_line_and_imports_nothing(director_client, dealt):
    before = dealt.board_set.fingerprint
    text = (DATA / "malformed.pbn").read_text()
    response = director_client.post(url("boards_import", dealt), {"text": text})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was imported" in page and "line 9" in page and "board 2" in page
    assert BoardSet.objects.get(session=dealt).fingerprint == before


def test_enter_deal_bad_input_names_the_problem_and_keeps_the_text(director_client, session):
    typed = "N: S KJ7 H AQT42 D A2 C 9732\nE: S Q4 H J96 D 9875 C JT63\nS: S 32 H 85 D QJ643 C AK54"
    response = director_client.post(url("boards_enter", session), {"board": 3, "deal": typed})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Board 3 was not saved" in page and "North has 14 cards, not 13" in page
    assert "♣3 appears twice (North and East)" in page
    assert "N: S KJ7 H AQT42 D A2 C 9732" in page  # what was typed is still in the box
    assert not Board.objects.exists()


def test_enter_deal_saves(director_client, session):
    response = director_client.post(url("boards_enter", session), {"board": 5, "deal": DEAL})
    assert response.status_code == 302
    assert Board.objects.get(board_set__session=session, number=5).deal == DEAL


def test_analyse_starts_a_job_and_the_page_polls(director_client, dealt, monkeypatch):
    started = []
    monkeypatch.setattr(jobs, "start", lambda session: started.append(session.pk))
    response = director_client.post(url("boards_analyse", dealt), HTTP_HX_REQUEST="true")
    assert started == [dealt.pk] and response.status_code == 200
    jobs.claim(dealt.board_set)  # as the real start would
    fragment = director_client.get(url("boards_progress", dealt)).content.decode()
    assert 'hx-trigger="every 2s"' in fragment and "0 of 4" in fragment


def test_analyse_twice_is_refused_while_running(director_client, dealt):
    jobs.claim(dealt.board_set)
    response = director_client.post(url("boards_analyse", dealt), follow=True)
    assert "already running" in response.content.decode()


def test_finished_job_stops_polling_and_refreshes(director_client, dealt):
    jobs.claim(dealt.board_set)
    services.analyse(dealt, batch=2)
    response = director_client.get(
        url("boards_progress", dealt) + "?poll=1", HTTP_HX_REQUEST="true"
    )
    assert response["HX-Refresh"] == "true"
    assert "every 2s" not in response.content.decode()
    assert "4 of 4 boards analysed" in response.content.decode()


def test_whist_page_offers_trump_slips_not_analysis(client, club, director):
    event = Event.objects.create(
        club=club, name="Whist", game="whist", scoring_method="matchpoints"
    )
    session = Session.objects.create(event=event, name="Friday")
    services.generate(session, [1, 2], seed=SEED)
    client.force_login(director)
    page = client.get(url("boards_td", session)).content.decode()
    assert "Trump slips" in page and "Analyse double dummy" not in page
    response = client.get(url("boards_pdf", session, "trump-slips") + "?size=Letter")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    assert "1" in text and response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("document", ["hand-records", "duplication"])
@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_pdf_downloads(director_client, dealt, document, size):
    response = director_client.get(url("boards_pdf", dealt, document) + f"?size={size}")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert size in response["Content-Disposition"]
    reader = PdfReader(io.BytesIO(response.content))
    width = float(reader.pages[0].mediabox.width)
    assert round(width) == (595 if size == "A4" else 612)


def test_unknown_document_is_404(director_client, dealt):
    assert director_client.get(url("boards_pdf", dealt, "menu")).status_code == 404


def test_pbn_export_reimports(director_client, dealt):
    response = director_client.get(url("boards_pbn", dealt))
    assert response["Content-Type"].startswith("text/x-pbn")
    boards = import_pbn(response.content.decode())
    assert [b.board.board_number for b in boards] == [1, 2, 3, 4]


def test_release(director_client, dealt):
    response = director_client.post(url("boards_release", dealt))
    assert response.status_code == 302
    dealt.refresh_from_db()
    assert dealt.boards_released and dealt.board_set.released_at is not None
