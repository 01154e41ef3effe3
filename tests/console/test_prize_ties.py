"""Ties for prizes settled by a cut (or play-off, or draw): the TD records the outcome and it is
shown with the prize on the standings page and on the results sheet's data.

The evening (4-pair Howell, 6 boards, every board passed out except two) is scored here by
hand: board 3, pair 1 (N-S) makes 1NT (+120) against pair 3 while pairs 4 v 2 pass it out;
board 5, pair 1 (E-W) makes 2S (−110 to N-S pair 2) while pairs 4 v 3 pass it out. With two
results a board, the top is 2: pair 1 has 2+2+4×1 = 8, pairs 2 and 4 have 2+0+4 = 6, pair 3
has 0+0+4 = 4. So pair 1 is 1st and pairs 2 and 4 tie for 2nd, the last prize of two.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import PrizeDecision, Standings
from tournament.printing.documents.common import PrintData
from tournament.printing.documents.results import prize_lines
from tournament.printing.selectors import standings_data

from .helpers import finish, new_event, new_session, play, sign_in

SPECIAL = {(3, 1): "1NT S 8", (5, 2): "2S E 8"}  # (board, N-S pair) -> result


def evening(client, club, players, tie_rule="cut"):
    event = new_event(client, club, tie_rule=tie_rule, prizes_per_field=2)
    session, section = new_session(client, event)
    for i in range(4):
        sign_in(client, section, players[2 * i : 2 * i + 2])
    client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "howell", "boards_per_round": 2}
    )
    client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_prize_ties"}
    )  # deal: play needs the boards
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    play(client, section, lambda b, ns: {"result": SPECIAL.get((b, ns), "PASS")})
    return session, section


def prizes_of(session) -> dict[int, dict]:
    return {p["entry"]: p for p in Standings.objects.get(session=session).data["prizes"]}


@pytest.mark.django_db
def test_a_cut_for_second_prize_is_recorded_and_shown(director_client, club, players):
    client = director_client
    session, section = evening(client, club, players)
    finish(client, session)
    standings = Standings.objects.get(session=session).data["sections"][0]["fields"][0]
    assert {s["entry"]: s["rank"] for s in standings["standings"]} == {1: "1", 2: "=2", 4: "=2",
                                                                       3: "4"}  # fmt: skip
    kept = prizes_of(session)
    assert kept[1]["prizes"] == [1] and "pending" in kept[2]["decision"]
    page = client.get(reverse("td_standings", args=[session.pk]))
    assert reverse("td_ties", args=[session.pk]).encode() in page.content

    url = reverse("td_ties", args=[session.pk])
    page = client.get(url)
    assert page.status_code == 200 and b'name="tied" value="2,4"' in page.content
    base = {"section": "A", "field": standings["name"], "tied": "2,4", "method": "cut"}
    bad = client.post(url, {**base, "order": "4 9"})
    assert bad.status_code == 400 and b"No tie for prizes between 4,9" in bad.content
    assert b'value="4 9"' in bad.content and not PrizeDecision.objects.exists()
    assert client.post(url, {**base, "order": "4 2", "note": "cut: K v 9"}).status_code == 302

    kept = prizes_of(session)
    assert kept[4]["prizes"] == [2] and kept[4]["share"] == "1.00"
    assert kept[4]["decision"] == "=2nd, decided by cut: pair 4"
    assert kept[2]["prizes"] == [] and kept[2]["share"] == "0.00"
    assert kept[1]["prizes"] == [1] and kept[1]["decision"] == ""
    page = client.get(reverse("td_standings", args=[session.pk]))
    assert b"=2nd, decided by cut: pair 4" in page.content

    sheet = standings_data(session, section)
    lines = prize_lines(PrintData(title="x", standings=sheet), standings)
    assert any("pair 4" in line and "(=2nd, decided by cut: pair 4)" in line for line in lines)


@pytest.mark.django_db
def test_a_play_off_while_running_then_changed_to_the_other_order(director_client, club, players):
    client = director_client
    session, section = evening(client, club, players, tie_rule="play_off")
    url = reverse("td_ties", args=[session.pk])
    field = Standings.objects.get(session=session).data["sections"][0]["fields"][0]["name"]
    base = {"section": "A", "field": field, "tied": "2,4", "method": "play_off"}
    client.post(url, {**base, "order": "2 4"})
    client.post(url, {**base, "order": "4, 2"})  # the TD corrects the outcome
    assert PrizeDecision.objects.get().order == [4, 2]
    finish(client, session)
    assert prizes_of(session)[4]["decision"] == "=2nd, decided by play-off: pair 4"


@pytest.mark.django_db
def test_shared_ties_need_no_outcome(director_client, club, players):
    session, section = evening(director_client, club, players, tie_rule="share")
    page = director_client.get(reverse("td_ties", args=[session.pk]))
    assert b"No tie for prizes needs" in page.content
    standings = director_client.get(reverse("td_standings", args=[session.pk]))
    assert reverse("td_ties", args=[session.pk]).encode() not in standings.content
