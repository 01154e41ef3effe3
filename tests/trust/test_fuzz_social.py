"""The social game's doors fuzzed: the console's score form and the table's phone page take
random and nasty posts; no 500, a refusal says why, and a refused post stores nothing."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples
from tournament.models import Section, Session
from tournament.play import services as play_services
from tournament.setup import services as setup_services

from .conftest import fingerprint, tried
from .test_fuzz_http import TEXT

FUZZ = settings(max_examples=examples(25), deadline=None)
FIELDS = ["action", "round", "table", "ns_points", "ew_points", "finished", "ns_games",
          "ew_games", "ok"]  # fmt: skip
VALUES = {"action": ["score", "delete", "x"], "round": ["1", "9", "0", "1000"],
          "table": ["1", "2", "3"], "ns_points": ["520", "0", "-5", "100001"],
          "ew_points": ["180", "0"], "finished": ["yes", "no", "maybe"],
          "ns_games": ["0", "1", "2"], "ew_games": ["0", "1"], "ok": ["yes", ""]}  # fmt: skip


def posted():
    return st.fixed_dictionaries(
        {}, optional={f: st.one_of(TEXT, st.sampled_from(VALUES[f])) for f in FIELDS}
    )


@pytest.fixture
def baker(event, players_8, director):
    event.game, event.format = "auction", "individual"
    event.save()
    session = Session.objects.create(event=event, name="Baker night")
    section = setup_services.add_section(session, "A")
    for player in players_8:
        setup_services.sign_in(section, [player])
    setup_services.choose_movement(section, "baker")
    section.refresh_from_db()
    setup_services.set_status(session, Session.Status.RUNNING)
    token = play_services.issue_tokens(section)[0].token
    client = Client()
    client.force_login(director)
    return section, token, client


@pytest.fixture
def players_8(club):
    from tournament.models import Player

    return [Player.objects.create(club=club, name=f"Social {i}") for i in range(8)]


def _check(response, before, what):
    assert response.status_code in (200, 302, 400), (what, response.status_code)
    if response.status_code == 400:
        assert fingerprint() == before, f"{what}: refused yet stored a row"
        assert "error" in response.content.decode().lower(), what


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_console_score_form_refuses_bad_input_and_stores_nothing(baker, data):
    section, _, client = baker
    post = data.draw(posted(), label="posted")
    with transaction.atomic():
        before = fingerprint()
        _check(client.post(reverse("td_social", args=[section.pk]), post), before, repr(post))
        tried("form: social score (console)")
        transaction.set_rollback(True)


@pytest.mark.django_db
@FUZZ
@given(data=st.data())
def test_the_table_page_of_a_social_game_refuses_bad_input(baker, data):
    section, token, _ = baker
    post = data.draw(posted(), label="posted")
    with transaction.atomic():
        before = fingerprint()
        _check(Client().post(reverse("table", args=[token]), post), before, repr(post))
        tried("form: social score (table)")
        transaction.set_rollback(True)
    assert Section.objects.filter(pk=section.pk).exists()
