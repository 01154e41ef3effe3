"""The Swiss page fuzzed: the conditions, pairing and score forms take random and nasty posts;
no 500, a refusal says why, and a refused post stores nothing."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournament.setup import services as setup_services
from tournament.swiss import services as swiss_services

from .conftest import fingerprint, tried
from .test_fuzz_http import TEXT

FUZZ = settings(max_examples=examples(30), deadline=None)
VALUES = {
    "action": ["start", "pair", "score", "unpair", "boards", "boards", "sheet", "confirm", "x"],
    "round": ["1", "2", "0", "1000", "-1"],
    "table": ["1", "2", "3", "99"],
    "home_imps": ["25", "0", "-5", "1000", "7.5"],
    "away_imps": ["10", "0", "99999999999"],
    "vp_scale": ["wbf", "discrete20", "thirty"],
    "boards_per_match": ["8", "16", "0", "201"],
    "rounds": ["3", "0", "100000"],
    "bye_vp": ["12", "20.5", "-1", "NaN", "10.25"],
    "first_round": ["seeded", "random", "fold"],
    "seed": ["tuesday", ""],
    # the board-by-board sheet (8 boards a match): two N-S scores or contract results a board
    **{
        f"b{b}_t{t}": [
            "420",
            "-50",
            "425",
            "8000",
            "",
            "4SX N =",
            "3NT S -1",
            "7NT W -13",
            "PASS",
            "A60/A40",
            "NP",
            "4S N -11",
            "8S N =",
        ]
        for b in range(1, 9)
        for t in (1, 2)
    },
    "reason": ["misread", ""],
    "ok": ["yes", "no"],
    "seen": ["0" * 16, ""],
}


def posted():
    return st.fixed_dictionaries(
        {}, optional={f: st.one_of(TEXT, st.sampled_from(v)) for f, v in VALUES.items()}
    )


@pytest.fixture
def swiss(session, players, director):
    event = session.event
    event.format, event.scoring_method = "teams", "imps_teams"
    event.save()
    section = setup_services.add_section(session, "A")
    for k in range(5):
        setup_services.add_entry(section, players[2 * k : 2 * k + 2])
    swiss_services.start(section)
    swiss_services.pair_next_round(section)
    client = Client()
    client.force_login(director)
    return section, client


def _refuses_and_stores_nothing(client, url: str, post: dict, target: str) -> None:
    with transaction.atomic():
        before = fingerprint()
        response = client.post(url, post)
        assert response.status_code in (302, 400), (post, response.status_code)
        if response.status_code == 400:
            assert fingerprint() == before, f"{post!r}: refused yet stored a row"
            assert "errorlist" in response.content.decode(), post
        tried(target)
        transaction.set_rollback(True)


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_swiss_page_refuses_bad_input_and_stores_nothing(swiss, data):
    section, client = swiss
    post = data.draw(posted(), label="posted")
    url = reverse("td_swiss", args=[section.pk])
    _refuses_and_stores_nothing(client, url, post, "form: swiss (console)")


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_tables_swiss_sheet_refuses_bad_input_and_stores_nothing(swiss, data):
    """The table's phone page of a Swiss match (``table_swiss``): the sheet and the O.K."""
    from tournament.play import services as play_services

    section, _ = swiss
    section.refresh_from_db()
    token = play_services.issue_tokens(section)[0].token
    post = data.draw(posted(), label="posted")
    url = reverse("table_swiss", args=[token])
    _refuses_and_stores_nothing(Client(), url, post, "form: swiss sheet (table)")


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_sheets_preview_answers_any_post_and_stores_nothing(swiss, data):
    """The board preview the phone asks for as a line is typed (``preview``): a fragment
    (a score or why not), never a 500, never a row."""
    from tournament.play import services as play_services

    section, _ = swiss
    section.refresh_from_db()
    token = play_services.issue_tokens(section)[0].token
    post = data.draw(posted(), label="posted")
    post["preview"] = data.draw(st.one_of(TEXT, st.sampled_from(["1", "8", "0", "9", "x"])))
    with transaction.atomic():
        before = fingerprint()
        response = Client().post(reverse("table_swiss", args=[token]), post)
        assert response.status_code in (200, 400), (post, response.status_code)
        assert fingerprint() == before, f"{post!r}: a preview stored a row"
        if response.status_code == 400:
            assert "errorlist" in response.content.decode(), post
        tried("form: swiss sheet preview (table)")
        transaction.set_rollback(True)
