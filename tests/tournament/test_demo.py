from django.core.management import call_command

from scoring.models import BoardResult, Standings
from tournament.models import Club, Session


def test_load_demo_builds_a_real_tournament_once(db):
    call_command("load_demo", "--if-empty")
    call_command("load_demo", "--if-empty")  # idempotent
    club = Club.objects.get(slug="riverside")
    assert club.directors.filter(username="director").exists()
    statuses = dict(Session.objects.values_list("name", "status"))
    assert statuses["Tuesday 10 November"] == "final"
    assert statuses["Tuesday 17 November"] == "running"
    final = Session.objects.get(name="Tuesday 10 November")
    # 5-table Mitchell, 3 boards a round: 15 boards x 5 tables
    assert BoardResult.objects.filter(section__session=final).count() == 75
    data = Standings.objects.get(session=final).data
    assert data["status"] == "final"
    assert [f["name"] for f in data["sections"][0]["fields"]] == ["NS", "EW"]


def test_demo_pages_show_the_club(client, db):
    call_command("load_demo", "--if-empty")
    html = client.get("/").content.decode()
    assert "Riverside Bridge Club" in html and "Tuesday Pairs" in html
