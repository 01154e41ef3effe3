"""The movement step of the console: the 1926 skip Mitchell [002 L3270–3279] and the 12-player
game stopped after 7 or 8 rounds [002 L3064–3065] as choices, with errors at the field."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Player, Section

from .test_evening import setup_evening


def choose(client, section, **data):
    return client.post(reverse("td_movement", args=[section.pk]), data)


@pytest.mark.django_db
def test_the_1926_skip_mitchell_is_chosen_on_the_session_page(director_client, club, players):
    event, session, section = setup_evening(director_client, club, players, pairs=8)
    page = director_client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert 'name="form_1926"' in page and "1926 form (skip Mitchell)" in page
    r = choose(director_client, section, kind="mitchell", boards_per_round=2, form_1926="on")
    assert r.status_code == 400 and "The 1926 form is a skip Mitchell&#x27;s" in r.content.decode()
    section.refresh_from_db()
    assert not section.movement
    r = choose(director_client, section, kind="skip-mitchell", boards_per_round=2, form_1926="on")
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    mv = section.get_movement()
    assert mv.round_count == 4 and mv.meet == "cross_lines_at_most_twice"
    met = [(st.ns, st.ew) for rnd in mv.rounds for st in rnd.tables]
    assert len(met) == 16 and len(set(met)) == 12  # each E-W pair meets one N-S pair twice
    # a no-show withdrawn: the movement is chosen again in the same form (a phantom pair 8)
    entry = section.entries.get(number=8)
    director_client.post(reverse("td_withdraw", args=[entry.pk]), {"mode": "rechoose"})
    section.refresh_from_db()
    mv = section.get_movement()
    assert section.movement_kind == "skip-mitchell" and mv.phantom == 8
    assert mv.round_count == 4 and mv.meet == "cross_lines_at_most_twice"


@pytest.mark.django_db
def test_the_12_player_game_stops_after_eight_rounds(director_client, club, event, session):
    event.format = "individual"
    event.save()
    section = Section.objects.create(session=session, name="A")
    for i in range(1, 13):
        player = Player.objects.create(club=club, name=f"Whist Player {i}")
        director_client.post(reverse("td_sign_in", args=[section.pk]), {"player1": player.pk})
    r = choose(director_client, section, kind="individual", boards_per_round=3, rounds=9)
    assert r.status_code == 400 and "stops after 7 or 8" in r.content.decode()
    page = r.content.decode()
    assert 'class="has-error"' in page and "9 rounds" in page
    r = choose(director_client, section, kind="individual", boards_per_round=3, rounds=8)
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    mv = section.get_movement()
    assert mv.round_count == 8 and "cut short after 8 of 11 rounds" in mv.notes[-1]
    r = choose(director_client, section, kind="rainbow", boards_per_round=2, rounds=3)
    assert r.status_code == 400 and "fixed number of rounds" in r.content.decode()
