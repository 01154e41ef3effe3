"""Stratified pairs through the app: ratings on the players, strata in the event's conditions,
a stratum column and the places in each stratum on the standings pages, prizes per stratum
(one prize each), the ratings in the club backup and the players' CSV.

Board 1 of a 3-table Mitchell (two fields), nobody vulnerable, top 4:
  table 1 4S= +420 (N-S 4, E-W 0), table 2 4S-1 -50 (N-S 0, E-W 4), table 3 3S+1 +170 (2, 2).
Strata "A; B < 1000; C < 500", a pair rated by its higher-rated player:
  N-S: table 1 (1500, 1400) → A; table 3 (800, 300) → 800, A B; table 2 (200, 100) → A B C.
  E-W: table 1 (100, 100) → A B C; table 2 (2000, 10) → A; table 3 (600, 700) → 700, A B.
"""

from __future__ import annotations

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.inputs import scheduled_plays
from scoring.models import Standings
from scoring.results import services as result_services
from tournament.forms import EventForm
from tournament.interchange.selectors import backup_club
from tournament.interchange.services import import_players
from tournament.models import EntryPlayer, Player
from tournament.printing.selectors import render
from tournament.prizes.selectors import prize_list

from .setups import running_mitchell

RESULTS = {1: ("4S", 10, (1500, 1400), (100, 100)), 2: ("4S", 9, (200, 100), (2000, 10)),
           3: ("3S", 10, (800, 300), (600, 700))}  # fmt: skip


def _rate(section, entry, ratings):
    players = EntryPlayer.objects.filter(entry__section=section, entry__number=entry)
    for ep, rating in zip(players.order_by("position"), ratings, strict=True):
        Player.objects.filter(pk=ep.player_id).update(rating=rating)


@pytest.fixture
def stratified(session, club, director):
    event = session.event
    event.conditions = {"strata": "A; B < 1000; C < 500", "prizes_per_field": 2}
    event.save()
    section = running_mitchell(session, club)
    plays = {p.table: p for p in scheduled_plays(section.get_movement())[1]}
    for table, (_, _, ns, ew) in RESULTS.items():
        _rate(section, plays[table].ns, ns)
        _rate(section, plays[table].ew, ew)
    for table, (contract, tricks, _, _) in RESULTS.items():
        result_services.record_result(
            section, board_number=1, ns=plays[table].ns, ew=plays[table].ew,
            fields={"contract": contract, "declarer": "N", "tricks": tricks}, user=director,
        )  # fmt: skip
    return section, plays


def _rows(session):
    data = Standings.objects.get(session=session).data["sections"][0]
    return {s["entry"]: s for f in data["fields"] for s in f["standings"]}, data


@pytest.mark.django_db
def test_places_in_each_stratum_on_the_pages_and_prizes_per_stratum(director_client, stratified):
    section, plays = stratified
    rows, data = _rows(section.session)
    assert data["strata"] == "A; B < 1000; C < 500"
    ns1, ns2, ns3 = (plays[t].ns for t in (1, 2, 3))
    ew1, ew2, ew3 = (plays[t].ew for t in (1, 2, 3))
    expected = {  # entry: (stratum, places)
        ns1: ("A", {"A": "1"}),
        ns3: ("B", {"A": "2", "B": "1"}),
        ns2: ("C", {"A": "3", "B": "2", "C": "1"}),
        ew2: ("A", {"A": "1"}),
        ew3: ("B", {"A": "2", "B": "1"}),
        ew1: ("C", {"A": "3", "B": "2", "C": "1"}),
    }
    for entry, (stratum, places) in expected.items():
        assert (rows[entry]["stratum"], rows[entry]["strata"]) == (stratum, places), entry
    assert rows[ns2]["stratum_places"] == "A 3, B 2, C 1"

    page = director_client.get(reverse("td_standings", args=[section.session.pk])).content
    public = director_client.get(reverse("session", args=[section.session.pk])).content
    for html in (page.decode(), public.decode()):
        assert "Place in each stratum" in html and "A 3, B 2, C 1" in html

    prizes = [(p["field"], p["stratum"], p["entry"], p["prizes"], p["decision"])
              for p in prize_list(section.session) if p["field"].startswith("NS")]  # fmt: skip
    assert prizes == [
        ("NS", "A", ns1, [1], ""),
        ("NS", "A", ns3, [2], ""),
        ("NS:B", "B", ns3, [], "has its prize in stratum A: one prize each"),
        ("NS:B", "B", ns2, [2], ""),
        ("NS:C", "C", ns2, [], "has its prize in stratum B: one prize each"),
    ]
    assert "Stratum" in page.decode()  # the prize list's column

    pdf = render(section.session, "results-sheet")[2]
    sheet = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Strata" in sheet and "A 3, B 2, C 1" in sheet
    assert "B: 2 pair" in sheet and "has its prize in stratum A" in sheet


@pytest.mark.django_db
def test_the_average_rating_when_the_conditions_say_so(stratified):
    section, plays = stratified
    event = section.session.event
    event.conditions = {**event.conditions, "strata_by": "average"}
    event.save()
    from scoring.standings.services import recompute_standings

    recompute_standings(section.session)
    rows, _ = _rows(section.session)
    # N-S table 1 (1500, 1400) averages 1450: still A; table 3 (800, 300) averages 550: B
    assert rows[plays[1].ns]["stratum"] == "A" and rows[plays[3].ns]["stratum"] == "B"
    # E-W table 2 (2000, 10) averages 1005: still A only
    assert rows[plays[2].ew]["stratum"] == "A"


@pytest.mark.django_db
def test_event_form_takes_strata_and_refuses_bad_ones_at_the_field(club):
    base = {"name": "Strat pairs", "kind": "one_off", "game": "contract",
            "scoring_method": "matchpoints", "format": "pairs", "prizes_per_field": 3,
            "tie_rule": "share", "adjusted_policy": "60/40", "provisional_hours": 48}  # fmt: skip
    form = EventForm({**base, "strata": "A; B < 500; C < 1000"})
    assert not form.is_valid()
    assert "lower than the one before" in form.errors["strata"][0]
    form = EventForm({**base, "strata": "A; B < 1000; C < 500", "strata_by": "average"})
    assert form.is_valid(), form.errors
    form.instance.club = club
    event = form.save()
    assert event.conditions["strata"] == "A; B < 1000; C < 500"
    assert event.conditions["strata_by"] == "average"


@pytest.mark.django_db
def test_ratings_in_the_players_csv_and_the_club_backup(club):
    created, _ = import_players(club, "name,membership,rating\nAda,E1,1200\nBo,E2,\n")
    assert created == 2
    assert Player.objects.get(membership_number="E1").rating == 1200
    assert Player.objects.get(membership_number="E2").rating is None
    import_players(club, "name,membership,masterpoints\nAda,E1,1300\n")
    assert Player.objects.get(membership_number="E1").rating == 1300
    players = {p["name"]: p for p in backup_club(club)["players"]}
    assert players["Ada"]["rating"] == 1300 and "rating" not in players["Bo"]
