"""The public session page lists the committee's decided protests (Law 12 [002 L3406–3409]),
not the open ones; whether a section has any is read with the sections, so a night without
protests or progressive seatings costs the page two queries once its standings are rendered."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from scoring.rulings import services as ruling_services

from .conftest import play_rounds, round_plays

HEADING = "Protests decided by the committee"


@pytest.mark.django_db
def test_only_decided_protests_are_on_the_public_page(client, running, director):
    play_rounds(running, {1})
    page = reverse("session", args=[running.session_id])
    client.get(page)  # the standings fragment and the movement grid rendered and kept
    with CaptureQueriesContext(connection) as quiet:
        html = client.get(page).content.decode()
    assert HEADING not in html
    assert len(quiet.captured_queries) == 2  # the session (with its standings), the sections

    (board, play), *_ = round_plays(running, 1, 1)
    protest = ruling_services.file_protest(
        running, board=board, entry=play.ew, grounds="Revoke not established", user=director
    )
    assert HEADING not in client.get(page).content.decode()  # open: the committee's business

    ruling_services.decide_protest(
        protest, status="dismissed", decision="No revoke: the card was played", user=director
    )
    html = client.get(page).content.decode()
    assert HEADING in html
    assert f"Section A, board {board}, pair {play.ew}: Revoke not established" in html
    assert "No revoke: the card was played" in html
