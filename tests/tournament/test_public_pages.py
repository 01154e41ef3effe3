import pytest
from django.urls import reverse

from tournament.setup import services as setup_services


@pytest.fixture
def section(session, players):
    return setup_services.create_section(session, "A", [(1, players[0:2]), (2, players[2:4])])


def test_public_pages_render_without_login(client, club, event, session, section, players):
    for url in [
        reverse("home"),
        reverse("club", args=[club.slug]),
        reverse("event", args=[event.pk]),
        reverse("session", args=[session.pk]),
        reverse("player_search") + "?q=Ada",
        reverse("player", args=[players[0].pk]),
    ]:
        response = client.get(url)
        assert response.status_code == 200, url
    assert "Ada Lovelace" in client.get(reverse("session", args=[session.pk])).content.decode()


def test_home_lists_events_and_sessions(client, event, session):
    html = client.get("/").content.decode()
    assert event.name in html and session.name in html


def test_security_headers(client, db):
    response = client.get("/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]


def test_admin_requires_login(client, db):
    response = client.get("/admin/")
    assert response.status_code == 302 and "/login/" in response["Location"]


def test_director_can_use_admin(client, superuser):
    client.force_login(superuser)
    assert client.get("/admin/tournament/event/").status_code == 200


def test_td_group_has_the_tournament_permissions(director):
    assert director.has_perm("tournament.add_event")
    assert director.has_perm("scoring.change_boardresult")


def test_before_any_result_the_session_page_lists_each_entry_with_its_scorecard(
    client, session, section, players
):
    """No results yet: every entry by number with its players (or its own name), each linked
    to its scorecard, in number order (``Entry.names_in``)."""
    from tournament.models import Entry

    Entry.objects.filter(section=section, number=2).update(name="The Analysts")
    Entry.objects.create(section=section, number=5)
    html = client.get(reverse("session", args=[session.pk])).content.decode()
    rows = [
        (1, f"{players[0].name} &amp; {players[1].name}"),
        (2, "The Analysts"),
        (5, "Entry 5"),
    ]
    at = [html.index(f'{reverse("scorecard", args=[session.pk, "A", n])}">{name}</a>')
          for n, name in rows]  # fmt: skip
    assert at == sorted(at) and "No results yet." in html
