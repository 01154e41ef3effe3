"""Series standings match contestants by their players (Player ids), not by name or number.

Two weeks of the 4-pair Howell of test_prize_ties (scored there by hand: pair 1 has 8 of 12
matchpoints = 66.67%, pairs 2 and 4 have 50%, pair 3 has 33.33%). In week 2 the same pairs
sign in in reverse order, so the week-1 pair 1 is pair 4, and one player's name is corrected
between the weeks.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Event
from tournament.prizes.selectors import series_standings

from .helpers import finish, new_event, new_session, play, sign_in
from .test_prize_ties import SPECIAL

WEEK1 = {0: 200 / 3, 1: 50, 2: 100 / 3, 3: 50}  # pair index (players 2i, 2i+1) -> percent
WEEK2 = {3: 200 / 3, 2: 50, 1: 100 / 3, 0: 50}  # signed in reversed: index 3 is pair 1


def week(client, event, players, name, order):
    session, section = new_session(client, event, name=name)
    for i in order:
        sign_in(client, section, players[2 * i : 2 * i + 2])
    client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "howell", "boards_per_round": 2}
    )
    client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_series"}
    )  # deal: play needs the boards
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    play(client, section, lambda b, ns: {"result": SPECIAL.get((b, ns), "PASS")})
    finish(client, session)


def by_name(rows) -> dict[str, float]:
    return {r["name"]: float(r["score"]) for r in rows}


@pytest.fixture
def two_weeks(director_client, club, players):
    event = new_event(director_client, club, name="Winter series", kind="series")
    week(director_client, event, players, "Week 1", [0, 1, 2, 3])
    players[0].name = "Ada King"  # the name is corrected; the player is the same
    players[0].save()
    week(director_client, event, players, "Week 2", [3, 2, 1, 0])
    return event


@pytest.mark.django_db
def test_pairs_are_matched_by_their_players(director_client, players, two_weeks):
    rows = series_standings(two_weeks)
    assert len(rows) == 4 and all(r["sessions"] == 2 for r in rows)
    got = by_name(rows)
    for i in range(4):
        name = f"{players[2 * i].name} & {players[2 * i + 1].name}"
        assert abs(got[name] - (WEEK1[i] + WEEK2[i]) / 2) < 0.01, name
    page = director_client.get(reverse("td_event", args=[two_weeks.pk]))
    assert b"average of percentages" in page.content and b"Ada King &amp; Charles" in page.content


@pytest.mark.django_db
def test_best_k_of_n_is_chosen_by_the_conditions(players, two_weeks):
    two_weeks.conditions = {**two_weeks.conditions, "series": {"method": "best_k", "best": 1}}
    two_weeks.save()
    got = by_name(series_standings(two_weeks))
    for i in range(4):
        name = f"{players[2 * i].name} & {players[2 * i + 1].name}"
        assert abs(got[name] - max(WEEK1[i], WEEK2[i])) < 0.01, name


@pytest.mark.django_db
def test_individual_and_progressive_series_rank_players(players, two_weeks):
    Event.objects.filter(pk=two_weeks.pk).update(format="progressive")
    two_weeks.refresh_from_db()
    rows = series_standings(two_weeks)
    assert len(rows) == 8 and {r["name"] for r in rows} == {p.name for p in players[:8]}
    got = by_name(rows)
    assert abs(got["Ada King"] - (WEEK1[0] + WEEK2[0]) / 2) < 0.01
