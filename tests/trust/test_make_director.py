"""``manage.py make_director``: the README's way of making a club's TD makes a TD of that club
only — no staff, no superuser, no admin; the console fences it off every other club."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

PASSWORD = "a-long-enough-pass-phrase"


def test_make_director_makes_a_td_of_one_club(club, other_club, monkeypatch):
    monkeypatch.setenv("DIRECTOR_PASSWORD", PASSWORD)
    call_command("make_director", "alice", club.slug)
    user = User.objects.get(username="alice")
    assert not user.is_staff and not user.is_superuser
    assert user.check_password(PASSWORD)
    assert user.groups.filter(name="Tournament directors").exists()
    assert club.is_director(user) and not other_club.is_director(user)
    client = Client()
    response = client.post(reverse("login"), {"username": "alice", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("td_event_new", args=[club.slug])).status_code == 200
    assert client.get(reverse("td_event_new", args=[other_club.slug])).status_code == 403
    assert client.get(reverse("admin:index")).status_code == 302
    assert client.get(reverse("admin:tournament_club_changelist")).status_code == 302


def test_make_director_again_adds_a_club_and_drops_staff(club, other_club, monkeypatch):
    User.objects.create_user("bob", password=PASSWORD, is_staff=True)
    call_command("make_director", "bob", other_club.slug)
    bob = User.objects.get(username="bob")
    assert other_club.is_director(bob) and not club.is_director(bob) and not bob.is_staff
    assert bob.check_password(PASSWORD)  # an existing user's password is left alone


@pytest.mark.parametrize(
    "args, env, message",
    [
        (("carol", "no-such-club"), PASSWORD, "club: no club with the slug"),
        (("carol", "riverside"), "short", "password:"),
        (("root", "riverside"), PASSWORD, "username: 'root' is a superuser"),
    ],
)
def test_make_director_refuses_and_stores_nothing(args, env, message, club, superuser, monkeypatch):
    monkeypatch.setenv("DIRECTOR_PASSWORD", env)
    users = set(User.objects.values_list("username", flat=True))
    with pytest.raises(CommandError, match=message):
        call_command("make_director", *args)
    assert set(User.objects.values_list("username", flat=True)) == users
    assert not club.directors.exists()


def test_make_director_asks_twice_and_refuses_a_mismatch(club, monkeypatch):
    monkeypatch.delenv("DIRECTOR_PASSWORD", raising=False)
    answers = iter([PASSWORD, PASSWORD + "x"])
    monkeypatch.setattr("getpass.getpass", lambda prompt: next(answers))
    with pytest.raises(CommandError, match="the two passwords differ"):
        call_command("make_director", "dave", club.slug)
    assert not User.objects.filter(username="dave").exists()
