"""A social game's prize ties settled by the TD and recorded, and its prizes kept when the
session is made final (issue 21): "the tied players shall play one game (or hand) to decide the
score. Or, if agreed upon, they may cut" [002 L6478–6481]; "the winner takes first and the loser
second" [002 L6488–6493]; slips drawn [002 L6782–6788].

A pivot evening of eight, a prize at every table [002 L2780–2781], with a tie at each table.
"""

import pytest
from django.urls import reverse

from scoring.models import Standings
from tests.console.test_social_games import _run, _social_session
from tournament.models import ProgressivePrizeTie, Session
from tournament.prizes import services as prize_services
from tournament.setup import services as setup_services
from tournament.social import selectors as social_selectors

# Table 1: rubber 1 N-S 1+2 v 3+4, rubber 2 1+4 v 3+2, rubber 3 1+3 v 4+2.
# 1: 500 + 400 + 450 = 1350;  2: 500 + 450 + 400 = 1350;  3: 300 + 450 + 450 = 1200;
# 4: 300 + 400 + 400 = 1100 — 1 and 2 tie for the table's prize.
TABLE_1 = [(500, 300), (400, 450), (450, 400)]
# Table 2 with 5–8: 5: 200 + 100 + 100 = 400;  6: 200 + 100 + 100 = 400;  7 and 8: 300.
TABLE_2 = [(200, 100), (100, 100), (100, 100)]


@pytest.fixture
def pivot(director_client, event, session, players):
    section = _social_session(director_client, event, session, players, "pivot", 8)
    event.conditions = {"tie_rule": "cut", "pivot_prizes": "every_table"}
    event.save()
    _run(director_client, session)
    url = reverse("td_social", args=[section.pk])
    for table, rubbers in ((1, TABLE_1), (2, TABLE_2)):
        for rnd, (ns, ew) in enumerate(rubbers, start=1):
            post = {"action": "score", "round": rnd, "table": table, "ns_points": ns,
                    "ew_points": ew, "finished": "yes"}  # fmt: skip
            assert director_client.post(url, post).status_code == 302
    return section, url


def prizes(section):
    return {
        z["label"]: (z["numbers"], z["tied"]) for z in social_selectors.standings(section).prizes
    }


@pytest.mark.django_db
def test_social_prize_ties_are_recorded_and_the_prizes_kept_when_final(
    director_client, director, session, pivot
):
    section, url = pivot
    assert prizes(section) == {"Table 1": ([1, 2], True), "Table 2": ([5, 6], True)}
    page = director_client.get(url).content.decode()
    assert "Tied for the Table 1 prize" in page and "Record the Table 2 tie" in page
    # not a tie, or the wrong players in the order: refused, nothing kept
    for bad in ({"players": "1,3", "order": "1 3"}, {"players": "1,2", "order": "1 5"},
                {"players": "1,2", "order": ""}):  # fmt: skip
        r = director_client.post(url, {"action": "prize_tie", **bad})
        assert r.status_code == 400
    assert not ProgressivePrizeTie.objects.exists()
    # the cut at table 1: 2 wins it
    r = director_client.post(url, {"action": "prize_tie", "players": "1,2", "order": "2 1"})
    assert r.status_code == 302
    tie = ProgressivePrizeTie.objects.get()
    assert (tie.players, tie.order, tie.method, tie.decided_by) == ("1,2", [2, 1], "cut", director)
    assert prizes(section) == {"Table 1": ([2], False), "Table 2": ([5, 6], True)}
    assert "tie settled by cut: decided by the TD" in director_client.get(url).content.decode()

    setup_services.set_status(session, Session.Status.PROVISIONAL)
    prize_services.finalise(Session.objects.get(pk=session.pk), override="all present agreed")
    kept = Standings.objects.get(session=session).data["social_prizes"]["A"]
    assert [(z["label"], z["numbers"], z["tied"]) for z in kept] == [
        ("Table 1", [2], False),
        ("Table 2", [5, 6], True),
    ]
    # a later change of the prize rule does not change the final prizes
    session.event.conditions = {"tie_rule": "cut", "pivot_prizes": "table_winners",
                                "prizes_per_field": 1}  # fmt: skip
    session.event.save()
    assert prizes(section) == {"Table 1": ([2], False), "Table 2": ([5, 6], True)}
    # the tie left open is settled after the session is final: the kept list follows
    r = director_client.post(url, {"action": "prize_tie", "players": "5,6", "order": "6 5"})
    assert r.status_code == 302
    kept = Standings.objects.get(session=session).data["social_prizes"]["A"]
    assert [z["numbers"] for z in kept] == [[2]]  # 1st: the table winners' best, 2 (1350)
    # the public page shows the kept prizes
    page = director_client.get(reverse("session", args=[session.pk])).content.decode()
    assert "1st: 2 " in page


@pytest.mark.django_db
def test_a_shared_tie_needs_no_decision(director_client, session, pivot):
    section, url = pivot
    session.event.conditions = {"tie_rule": "share"}
    session.event.save()
    assert "Record the Table 1 tie" not in director_client.get(url).content.decode()
    r = director_client.post(url, {"action": "prize_tie", "players": "1,2", "order": "2 1"})
    assert r.status_code == 400 and "share" in r.content.decode()
