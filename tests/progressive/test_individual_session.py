"""An 8-player individual duplicate session (the whist-tournament schedule): results are
entered per table through the console, stored under the N and E players, and each player
is credited with the partnership's matchpoints (hand-computed below)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import BoardResult, Standings
from tournament.models import Entry, Event, Section
from tournament.setup import services as setup_services


def post_row(client, section, **data):
    return client.post(reverse("td_result", args=[section.pk]), data, HTTP_HX_REQUEST="true")


@pytest.fixture
def individual(director_client, club, players):
    event = Event.objects.create(club=club, name="Individual", game="contract",
                                 scoring_method="matchpoints", format="individual")  # fmt: skip
    session = event.sessions.create(name="Wednesday")
    director_client.post(reverse("td_section_new", args=[session.pk]), {"name": "A"})
    section = Section.objects.get(session=session)
    for number, player in enumerate(players[:8], start=1):
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    r = director_client.post(reverse("td_movement", args=[section.pk]),
                             {"kind": "individual", "boards_per_round": 2})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    director_client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_individual_session"}
    )  # deal: play needs the boards
    director_client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    return session, section


@pytest.mark.django_db
def test_an_individual_session_ranks_players_by_their_partnerships_results(
    director_client, players, individual
):
    session, section = individual
    # Round 1 (seed's diagram): table 1 N5 S7 E1 W8, table 2 N4 S3 E6 W2; boards 1-2.
    # Round 2: table 1 N4 S6 E7 W8, table 2 N3 S2 E5 W1; boards 3-4.
    rows = [
        (1, 5, 1, 1, "4S N 10"),  # +420 beats +400: N5 S7 2, E1 W8 0
        (1, 4, 6, 1, "3NT N 9"),  # +400: N4 S3 0, E6 W2 2
        (2, 5, 1, 1, "2H E 8"),  # -110 beats -140: N5 S7 2, E1 W8 0
        (2, 4, 6, 1, "2H E 9"),  # -140: N4 S3 0, E6 W2 2
        (3, 4, 7, 2, "1NT N 8"),  # +120 beats +90: N4 S6 2, E7 W8 0
        (3, 3, 5, 2, "1NT N 7"),  # +90: N3 S2 0, E5 W1 2
    ]
    for board, ns, ew, rnd, text in rows:
        r = post_row(director_client, section, board=board, ns=ns, ew=ew, round=rnd, result=text)
        assert r.status_code == 200, r.content.decode()[-1500:]
    # A result row per table: under the N and E players; each player plays each board once.
    assert BoardResult.objects.filter(section=section).count() == 6
    # Totals: 5: 2+2+2=6, 6: 2+2+2=6, 7: 2+2+0=4, 2: 2+2+0=4, 1: 0+0+2=2, 4: 0+0+2=2,
    # 3: 0, 8: 0; percentages of top 2 on 14 scheduled boards.
    data = Standings.objects.get(session=session).data["sections"][0]
    [field] = data["fields"]
    got = {s["entry"]: (s["rank"], s["score"], s["percent"]) for s in field["standings"]}
    assert got == {
        5: ("=1", 6.0, 21.43), 6: ("=1", 6.0, 21.43), 2: ("=3", 4.0, 14.29),
        7: ("=3", 4.0, 14.29), 1: ("=5", 2.0, 7.14), 4: ("=5", 2.0, 7.14),
        3: ("=7", 0.0, 0.0), 8: ("=7", 0.0, 0.0),
    }  # fmt: skip
    assert {s["name"] for s in field["standings"]} == {p.name for p in players[:8]}


@pytest.mark.django_db
def test_a_player_can_not_be_entered_at_a_table_he_does_not_sit_at(director_client, individual):
    _, section = individual
    r = post_row(director_client, section, board=1, ns=7, ew=1, round=1, result="4S N 10")
    assert r.status_code == 400  # S7 is not where the row is kept: N5 v E1
    assert not BoardResult.objects.exists()


@pytest.mark.django_db
def test_players_see_where_to_sit_on_the_session_page(client, players, individual):
    session, section = individual
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "round 1" in page
    assert (f"Table 1: N {players[4].name}, S {players[6].name}, "
            f"E {players[0].name}, W {players[7].name}") in page  # fmt: skip
