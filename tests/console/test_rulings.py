"""Rulings are applied through the result services (audit trail) and kept with a reason;
progressive seatings can be overridden with a reason."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.inputs import scheduled_plays
from scoring.models import BoardResult, ResultAudit, Ruling

from .test_pages import post_row, running


def rule(client, section, board, **data):
    return client.post(reverse("td_ruling", args=[section.pk, board]), data)


@pytest.mark.django_db
def test_average_and_split_rulings_are_audited_with_their_reason(director_client, club, players):
    session, section = running(director_client, club, players, 10)
    post_row(director_client, section, board=1, ns=1, ew=6, round=1, result="3NT S 9")
    r = rule(director_client, section, 1, kind="average", ns=1, ew=6, reason="")
    assert r.status_code == 400 and b"This field is required" in r.content
    r = rule(director_client, section, 1, kind="average", ns=1, ew=6, reason="Board fouled at play")
    assert r.status_code == 302
    assert BoardResult.objects.get(board_number=1, ns_entry__number=1).adjusted == "A50/A50"
    other = [p for p in scheduled_plays(section.get_movement())[1] if p.ns != 1][0]
    r = rule(director_client, section, 1, kind="split", ns=other.ns, ew=other.ew, ns_percent=60,
             ew_percent=50, reason="Late arrival, no fault of N-S")  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-2000:]
    assert BoardResult.objects.get(board_number=1, ns_entry__number=other.ns).adjusted == "A60/A50"
    assert Ruling.objects.filter(section=section).count() == 2
    assert ResultAudit.objects.filter(reason__startswith="Ruling:").count() == 1
    page = director_client.get(reverse("td_board", args=[section.pk, 1]))
    assert b"Board fouled at play" in page.content and b"Late arrival" in page.content


@pytest.mark.django_db
def test_wrong_card_count_gives_the_offenders_the_lowest_score(director_client, club, players):
    session, section = running(director_client, club, players, 10)
    plays = [p for p in scheduled_plays(section.get_movement())[1] if p.ns != 1]
    for play, text in zip(plays, ("1NT S 8", "2S E 8", "3C N 9"), strict=False):
        post_row(director_client, section, board=1, ns=play.ns, ew=play.ew, round=play.round,
                 result=text)  # fmt: skip
    r = rule(director_client, section, 1, kind="wrong_count", ns=1, ew=6, side="NS",
             reason="N held 12 cards")  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-2000:]
    assert BoardResult.objects.get(board_number=1, ns_entry__number=1).score_ns == -110
    assert Ruling.objects.get(kind="wrong_count").details["at_fault"] == "NS"


@pytest.mark.django_db
def test_progressive_override_needs_and_keeps_a_reason(director_client, club, players):
    session, section = running(director_client, club, players, 10)
    url = reverse("td_progressive", args=[section.pk])
    r = director_client.post(url, {"round": 1, "seating": "1: 1 2 3 4", "reason": ""})
    assert r.status_code == 400 and b"1: 1 2 3 4" in r.content
    r = director_client.post(url, {"round": 1, "seating": "1: 1 2 3 4\n2: 5 6 7 8",
                                   "reason": "Couples asked to start apart"})  # fmt: skip
    assert r.status_code == 302
    seating = section.round_seatings.get(round_number=1)
    assert seating.override_reason == "Couples asked to start apart"
    assert seating.seating[1] == {"table": 2, "n": 5, "s": 6, "e": 7, "w": 8}
    # Only a seated round or the next one; a huge number is refused, not a server error.
    for far in (3, 10**40):
        r = director_client.post(url, {"round": far, "seating": "1: 1 2 3 4", "reason": "x"})
        assert r.status_code == 400 and b"from 1 to 2" in r.content
    assert list(section.round_seatings.values_list("round_number", flat=True)) == [1]
