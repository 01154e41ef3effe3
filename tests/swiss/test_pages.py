"""The Swiss pages: the console (conditions, pairing, scores), the players' pairing page and
the printed round sheets."""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournament.models import SwissMatch
from tournament.setup import services as setup

pytestmark = pytest.mark.django_db


@pytest.fixture
def section(session, players):
    event = session.event
    event.format, event.scoring_method = "teams", "imps_teams"
    event.save()
    section = setup.add_section(session, "A")
    for k in range(4):
        setup.add_entry(section, players[2 * k : 2 * k + 2], name=f"Team {k + 1}")
    return section


def post(client, section, **data):
    return client.post(reverse("td_swiss", args=[section.pk]), data)


def test_the_td_runs_two_rounds_on_the_console(director_client, section):
    entries = reverse("td_session_entries", args=[section.session_id])
    assert "Run section A as a Swiss" in director_client.get(entries).content.decode()
    start = {"action": "start", "vp_scale": "wbf", "boards_per_match": 8, "rounds": 2,
             "bye_vp": "12", "first_round": "seeded"}  # fmt: skip
    assert post(director_client, section, **start).status_code == 302
    assert post(director_client, section, action="pair").status_code == 302
    # round 1 by seed: 1 v 3, 2 v 4
    pairs = list(SwissMatch.objects.values_list("home__number", "away__number"))
    assert pairs == [(1, 3), (2, 4)]
    score = {"action": "score", "round": 1}
    assert (
        post(director_client, section, **score, table=1, home_imps=25, away_imps=10).status_code
        == 302
    )
    bad = post(director_client, section, **score, table=2, home_imps=-3, away_imps=10)
    assert bad.status_code == 400 and "Home IMPs" in bad.content.decode()
    assert (
        post(director_client, section, **score, table=2, home_imps=20, away_imps=22).status_code
        == 302
    )
    page = director_client.get(reverse("td_swiss", args=[section.pk])).content.decode()
    assert "15.23 – 4.77" in page and "9.14 – 10.86" in page
    assert post(director_client, section, action="pair").status_code == 302
    # round 2 top-down: 1 (15.23) v 4 (10.86) — 1 met 3; then 2 v 3
    second = list(
        SwissMatch.objects.filter(round_number=2).values_list("home__number", "away__number")
    )
    assert second == [(1, 4), (2, 3)]
    session_page = director_client.get(reverse("session", args=[section.session_id])).content
    assert b"Swiss pairings and standings" in session_page
    public = reverse("swiss_pairings", args=[section.session_id])
    text = director_client.get(public).content.decode()
    assert "Round 2" in text and 'http-equiv="refresh"' in text
    sheet = director_client.get(
        reverse("session_print", args=[section.session_id, "swiss-rounds"]) + "?section=A"
    )
    assert sheet.status_code == 200
    pdf = PdfReader(io.BytesIO(sheet.content))
    first = pdf.pages[0].extract_text()
    assert "Round 1" in first and "15.23 – 4.77" in first and "Standings after round 1" in first
    assert "Round 2" in pdf.pages[1].extract_text()


def test_bad_conditions_are_shown_at_the_field(director_client, section):
    response = post(director_client, section, action="start", vp_scale="discrete20",
                    boards_per_match=16, rounds=3, bye_vp="12", first_round="seeded")  # fmt: skip
    assert response.status_code == 400
    assert "6 to 11 boards" in response.content.decode()
    section.refresh_from_db()
    assert section.movement_kind == ""


def test_the_pairing_page_is_404_for_a_session_not_run_as_a_swiss(client, section):
    assert client.get(reverse("swiss_pairings", args=[section.session_id])).status_code == 404
