"""Bad input, conflicts, permissions and query counts of the console's busy pages."""

from __future__ import annotations

import pytest
from django.urls import reverse

from scoring.models import BoardResult
from tournament.models import Entry, Event

from .test_evening import setup_evening


def running(client, club, players, pairs):
    event, session, section = setup_evening(client, club, players, pairs=pairs)
    per_round = 1 if pairs > 10 else 3
    client.post(reverse("td_movement", args=[section.pk]),
                {"kind": "mitchell", "boards_per_round": per_round})  # fmt: skip
    client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_pages"}
    )  # deal: play needs the boards
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    return session, section


def post_row(client, section, **data):
    return client.post(reverse("td_result", args=[section.pk]), data, HTTP_HX_REQUEST="true")


@pytest.mark.django_db
def test_bad_result_keeps_what_was_typed_and_saves_nothing(director_client, club, players):
    session, section = running(director_client, club, players, 10)
    r = post_row(director_client, section, board=1, ns=1, ew=6, round=1, result="8S N 14")
    assert r.status_code == 400
    assert b'value="8S N 14"' in r.content and b"has-error" in r.content
    r = post_row(director_client, section, board=1, ns=1, ew=7, round=1, result="3NT S 9")
    assert (
        r.status_code == 400 and b"do not play board 1" in r.content or b"not a table" in r.content
    )
    assert not BoardResult.objects.exists()


@pytest.mark.django_db
def test_a_result_sent_twice_is_kept_once_and_a_different_one_is_a_conflict(
    director_client, club, players
):
    session, section = running(director_client, club, players, 10)
    for _ in range(2):  # a double tap
        assert post_row(director_client, section, board=1, ns=1, ew=6, round=1,
                        result="3NT S 9").status_code == 200  # fmt: skip
    r = post_row(director_client, section, board=1, ns=1, ew=6, round=1, result="3NT S 10")
    assert r.status_code == 409 and b"Conflict on board 1" in r.content
    assert b"3NT S 10" in r.content and b"3NT by S, 9 tricks" in r.content
    assert BoardResult.objects.count() == 1


@pytest.mark.django_db
def test_bad_forms_show_the_message_at_the_field(director_client, club, players, session):
    r = director_client.post(reverse("td_event_new", args=[club.slug]), {
        "name": "Whist night", "kind": "one_off", "game": "whist",
        "scoring_method": "imps_butler", "format": "pairs", "prizes_per_field": 3,
        "tie_rule": "share", "adjusted_policy": "60/40", "provisional_hours": 48,
    })  # fmt: skip
    assert r.status_code == 200 and b"Duplicate whist is scored by" in r.content
    assert b'value="Whist night"' in r.content and not Event.objects.filter(name="Whist night")
    event, session, section = setup_evening(director_client, club, players, pairs=4)
    taken = section.entries.get(number=1).players.first()
    r = director_client.post(reverse("td_sign_in", args=[section.pk]), {"player1": taken.pk,
                             "new_player2": "Newcomer"})  # fmt: skip
    assert r.status_code == 400 and b"already plays in entry 1" in r.content
    assert b'value="Newcomer"' in r.content and section.entries.count() == 4
    r = director_client.post(reverse("td_movement", args=[section.pk]),
                             {"kind": "no-such", "boards_per_round": 3})  # fmt: skip
    assert r.status_code == 400 and b"no-such is not a movement this console knows" in r.content


@pytest.mark.django_db
def test_a_no_show_is_withdrawn_before_round_one(director_client, club, players):
    event, session, section = setup_evening(director_client, club, players, pairs=7)
    entry = section.entries.get(number=7)
    director_client.post(reverse("td_withdraw", args=[entry.pk]))
    assert Entry.objects.get(pk=entry.pk).withdrawn
    page = director_client.get(reverse("td_session_movement", args=[session.pk]))
    assert b"3 tables" in page.content  # recommendations for the 6 present


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["td_session", "td_standings"])
def test_anonymous_is_sent_to_sign_in_and_another_clubs_td_gets_403(
    client, session, outsider, name
):
    url = reverse(name, args=[session.pk])
    r = client.get(url)
    assert r.status_code == 302 and reverse("login") in r["Location"]
    client.force_login(outsider)
    assert client.get(url).status_code == 403
    assert (
        client.post(reverse("td_status", args=[session.pk]), {"to": "running"}).status_code == 403
    )


def _count(client, url, django_assert_max_num_queries, limit):
    with django_assert_max_num_queries(limit):
        assert client.get(url).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("pairs", [6, 18])
def test_busy_pages_cost_the_same_queries_for_3_and_9_tables(
    director_client, club, players, pairs, django_assert_max_num_queries
):
    from tournament.models import Player

    for i in range(len(players), 2 * pairs):
        players.append(Player.objects.create(club=club, name=f"Extra {i}"))
    session, section = running(director_client, club, players, pairs)
    movement = section.get_movement()
    for st in movement.rounds[0].tables:  # a few results in
        for b in movement.boards_for(st):
            post_row(director_client, section, board=b, ns=st.ns, ew=st.ew, round=1, result="PASS")
    _count(director_client, reverse("td_traveller", args=[section.pk, 1]),
           django_assert_max_num_queries, 12)  # fmt: skip
    # 9: one more than before for the social games' sections (one query, whatever the size)
    _count(director_client, reverse("td_standings", args=[session.pk]),
           django_assert_max_num_queries, 9)  # fmt: skip


def test_another_movement_is_chosen_from_every_movement_the_engine_builds(
    director_client, club, players
):
    """The console lists each movement by name (a director need not know its code), and the
    list is the engine's own: a movement added to ``BUILDERS`` without a name here fails."""
    from tournament.forms import MOVEMENT_CHOICES
    from tournament.movements import kinds

    listed = [code for _, group in MOVEMENT_CHOICES for code, _ in group]
    assert sorted(listed) == sorted(kinds()) and len(listed) == len(set(listed))
    event, session, section = setup_evening(director_client, club, players, pairs=4)
    before = section.movement_kind
    page = director_client.get(reverse("td_session_movement", args=[session.pk])).content
    assert b'<select name="kind"' in page and b"Rover Mitchell (odd number of pairs)" in page
    r = director_client.post(reverse("td_movement", args=[section.pk]),
                             {"kind": "web-mitchell", "boards_per_round": 3})  # fmt: skip
    assert r.status_code == 400  # two tables: the web Mitchell's refusal, the choice kept
    assert b'<option value="web-mitchell" selected>' in r.content
    section.refresh_from_db()
    assert section.movement_kind == before
