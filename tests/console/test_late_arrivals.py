"""Late arrivals and no-shows before round 1, one click each; after a result, a clear no."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Entry

from .helpers import new_event, new_session, post_row, schedule, sign_in


def section_with(client, club, players, pairs, kind="mitchell", per_round=3):
    event = new_event(client, club)
    session, section = new_session(client, event)
    for i in range(pairs):
        sign_in(client, section, players[2 * i : 2 * i + 2])
    url = reverse("td_movement", args=[section.pk])
    assert client.post(url, {"kind": kind, "boards_per_round": per_round}).status_code == 302
    section.refresh_from_db()
    return session, section


def late(client, section, pair, mode=None):
    data = {"player1": pair[0].pk, "player2": pair[1].pk}
    if mode:
        data["late"] = mode
    return client.post(reverse("td_sign_in", args=[section.pk]), data)


def seated(section) -> set[int]:
    return {n for play in schedule(section) for n in play[1:3]}


@pytest.mark.django_db
def test_a_late_pair_takes_the_phantoms_number(director_client, club, players):
    session, section = section_with(director_client, club, players, 9)
    assert section.movement["phantom"] == 10
    page = director_client.get(reverse("td_session_entries", args=[session.pk]))
    assert b"take the phantom's place (pair 10)" in page.content
    r = late(director_client, section, players[18:20], "phantom")
    assert r.status_code == 302
    section.refresh_from_db()
    movement = section.get_movement()
    assert movement.phantom is None and section.movement_kind == "mitchell"
    assert Entry.objects.get(section=section, number=10).players.count() == 2
    assert seated(section) == set(range(1, 11))  # the sit-out table is a real table now
    assert all(not rnd.sit_out for rnd in movement.rounds)


@pytest.mark.django_db
def test_a_late_pair_without_a_phantom_re_chooses_in_one_click(director_client, club, players):
    session, section = section_with(director_client, club, players, 4, "howell", 2)
    assert section.movement["phantom"] is None
    r = late(director_client, section, players[8:10])  # the one button: re-choose
    assert r.status_code == 302
    section.refresh_from_db()
    movement = section.get_movement()
    assert movement.tables == 3 and movement.phantom == 6 and seated(section) == set(range(1, 6))


@pytest.mark.django_db
def test_a_no_show_leaves_a_phantom_and_its_opponents_sit_out(director_client, club, players):
    session, section = section_with(director_client, club, players, 10)
    entry = section.entries.get(number=7)
    r = director_client.post(reverse("td_withdraw", args=[entry.pk]), {"mode": "phantom"})
    assert r.status_code == 302
    section.refresh_from_db()
    movement = section.get_movement()
    assert movement.phantom == 7 and 7 not in seated(section)
    for rnd in movement.rounds:
        opponent = next(st.ns if st.ew == 7 else st.ew for st in rnd.tables if 7 in st.seated)
        assert rnd.sit_out == (opponent,)
    # the late arrival after all: takes number 7 back as the phantom's place
    data = {"new_player1": "Late One", "new_player2": "Late Two", "late": "phantom"}
    assert director_client.post(reverse("td_sign_in", args=[section.pk]), data).status_code == 302
    section.refresh_from_db()
    assert section.get_movement().phantom is None and seated(section) == set(range(1, 11))


@pytest.mark.django_db
def test_a_no_show_re_chooses_and_the_numbers_close_up(director_client, club, players):
    session, section = section_with(director_client, club, players, 10)
    entry = section.entries.get(number=4)
    r = director_client.post(
        reverse("td_withdraw", args=[entry.pk]), {"mode": "rechoose"}, follow=True
    )
    assert b"Entry 10 is now entry 4" in r.content
    section.refresh_from_db()
    movement = section.get_movement()
    assert movement.phantom == 10 and seated(section) == set(range(1, 10))
    live = set(section.entries.filter(withdrawn=False).values_list("number", flat=True))
    assert live == set(range(1, 10)) and Entry.objects.get(pk=entry.pk).number > 10


@pytest.mark.django_db
def test_after_a_result_the_td_is_told_what_is_possible(director_client, club, players):
    session, section = section_with(director_client, club, players, 9)
    director_client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_late_arrivals"}
    )  # deal: play needs the boards
    director_client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    board, ns, ew, rnd, _ = schedule(section)[0]
    assert post_row(director_client, section, board=board, ns=ns, ew=ew, round=rnd,
                    result="PASS").status_code == 200  # fmt: skip
    # a withdrawal is no longer possible: the pair that leaves is scored on the Entries step
    entry = section.entries.get(number=3)
    r = director_client.post(reverse("td_withdraw", args=[entry.pk]), follow=True)
    assert b"entry 3 can no longer be withdrawn" in r.content
    assert b"A pair leaves during play" in r.content
    assert not Entry.objects.get(pk=entry.pk).withdrawn
    # a late pair takes the sit-out's seat (pair 10) from the current round (docs/console.md)
    r = late(director_client, section, players[18:20], "phantom")
    assert r.status_code == 302
    assert section.entries.count() == 10
    section.refresh_from_db()
    assert section.movement["phantom"] is None and 10 in seated(section)
