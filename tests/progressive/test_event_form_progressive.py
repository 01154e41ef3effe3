"""Issue 21: the progressive game's conditions chosen on the console's New event form (the tally
and the policy of who moves and who progresses at a tie), read by the progressive game."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Event, Section
from tournament.progressive import selectors as progressive_selectors

BASE = {"name": "Progressive night", "kind": "one_off", "game": "auction",
        "scoring_method": "total_points", "format": "progressive", "prizes_per_field": 2,
        "tie_rule": "cut", "adjusted_policy": "60/40", "provisional_hours": 48}  # fmt: skip


@pytest.mark.django_db
def test_the_tally_and_the_policy_chosen_on_the_form_rule_the_game(director_client, club):
    data = {**BASE, "tally": "net", "progressive_method": "lady-gentleman",
            "progressive_tie": "td"}  # fmt: skip
    response = director_client.post(reverse("td_event_new", args=[club.slug]), data)
    assert response.status_code == 302
    event = Event.objects.get(name="Progressive night")
    assert event.conditions["tally"] == "net"
    assert event.conditions["progressive"] == {"method": "lady-gentleman", "tie_progress": "td"}
    section = Section.objects.create(session=event.sessions.create(name="Friday"), name="A")
    policy = progressive_selectors._policy(section)
    assert (policy.method, policy.tie_progress) == ("lady-gentleman", "td")
    assert policy.head_rule == "winners-stay"  # what the form does not ask keeps its default
    assert progressive_selectors.tally_mode(section) == "net"


@pytest.mark.django_db
def test_left_blank_the_books_defaults_apply_and_a_bad_choice_is_refused_at_its_field(
    director_client, club
):
    response = director_client.post(reverse("td_event_new", args=[club.slug]), BASE)
    assert response.status_code == 302
    event = Event.objects.get(name="Progressive night")
    assert "progressive" not in event.conditions and "tally" not in event.conditions
    section = Section.objects.create(session=event.sessions.create(name="Friday"), name="A")
    assert progressive_selectors._policy(section).tie_progress == "first-to-score"
    assert progressive_selectors.tally_mode(section) == "gross"
    bad = {**BASE, "name": "Other", "progressive_tie": "coin"}
    response = director_client.post(reverse("td_event_new", args=[club.slug]), bad)
    assert response.status_code == 200
    assert "Select a valid choice. coin is not one of the available choices." in (
        response.content.decode()
    )
    assert not Event.objects.filter(name="Other").exists()


@pytest.mark.django_db
def test_a_large_room_and_lone_hands_chosen_on_the_form(director_client, club):
    data = {**BASE, "tally": "games", "room_rows": 4, "head_prizes": 3, "row_prizes": 2,
            "lone_hands": "on"}  # fmt: skip
    response = director_client.post(reverse("td_event_new", args=[club.slug]), data)
    assert response.status_code == 302
    event = Event.objects.get(name="Progressive night")
    assert event.conditions["large_room"] == {"rows": 4, "head_prizes": 3, "row_prizes": 2}
    assert event.conditions["lone_hands"] is True
    section = Section.objects.create(session=event.sessions.create(name="Friday"), name="A")
    assert progressive_selectors.large_room(section) == event.conditions["large_room"]
    assert progressive_selectors.lone_hands_on(section)
    # no rows: one circuit, no large room; lone hands off (the book's "no lone hands")
    response = director_client.post(reverse("td_event_new", args=[club.slug]),
                                    {**BASE, "name": "Small"})  # fmt: skip
    small = Event.objects.get(name="Small")
    assert "large_room" not in small.conditions and "lone_hands" not in small.conditions
    bad = {**BASE, "name": "Other", "room_rows": 0}
    response = director_client.post(reverse("td_event_new", args=[club.slug]), bad)
    assert response.status_code == 200
    assert "Ensure this value is greater than or equal to 1." in response.content.decode()
    assert not Event.objects.filter(name="Other").exists()


def test_a_misspelt_large_room_key_is_refused():
    from tournament.conditions import ConditionError, check

    assert check({"large_room": {"rows": 4, "head_prizes": 1}, "lone_hands": False})
    with pytest.raises(ConditionError, match=r"large_room\.aisles: unknown"):
        check({"large_room": {"aisles": 4}})
    with pytest.raises(ConditionError, match=r"game_points"):
        check({"game_points": 0})
