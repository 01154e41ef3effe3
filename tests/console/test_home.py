"""The director's home (issue 18): the way in after sign-in, each session's next step from its
state, and the set-up items: Make running refused without movement or boards (with the reason),
Make final inside the protest window only with a reason, the date field prefilled as yyyy-mm-dd,
whist keyboard entry starting in Tricks N-S."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from boards import services as board_services
from scoring.inputs import scheduled_plays
from scoring.models import Standings
from scoring.results import services as result_services
from tournament.models import Event, Session
from tournament.setup import selectors as setup_selectors
from tournament.setup import services as setup_services

pytestmark = pytest.mark.django_db


def _pairs(players, count):
    return [(n, players[2 * (n - 1) : 2 * n]) for n in range(1, count + 1)]


def _ready(session, players, pairs=4):
    """A 4-pair Howell, boards dealt: ready to start."""
    section = setup_services.create_section(session, "A", _pairs(players, pairs))
    setup_services.choose_movement(section, "howell", boards_per_round=2)
    section.refresh_from_db()
    board_services.generate(session, seed="home")
    return section


def _enter(section, rounds):
    """Every play of the given rounds, confirmed."""
    movement = section.get_movement()
    for board, plays in scheduled_plays(movement).items():
        for p in plays:
            if p.round in rounds:
                result_services.record_result(
                    section, board_number=board, ns=p.ns, ew=p.ew, round_number=p.round,
                    fields={"contract": "3NT", "declarer": "S", "tricks": 9},
                )  # fmt: skip
    for rnd in rounds:
        for st in movement.rounds[rnd - 1].tables:
            if st.ns is not None and st.ew is not None:
                result_services.confirm(section, table_number=st.table, round_number=rnd)


def _step(session, **kw):
    session = Session.objects.get(pk=session.pk)
    return setup_selectors.next_step(session, **kw)


def test_next_step_follows_the_session_through_every_state(session, players):
    assert _step(session).code == "sign-in"
    assert _step(session).label == "sign in pairs"
    # a section without entries is still "sign in"
    section = setup_services.add_section(session, "A")
    assert _step(session).code == "sign-in"
    for number, pair in _pairs(players, 4):
        setup_services.add_entry(section, pair, number=number)
    step = _step(session)
    assert (step.code, step.label) == ("movement", "choose movement")
    assert "section A" in step.reason
    setup_services.choose_movement(section, "howell", boards_per_round=2)
    step = _step(session)
    assert (step.code, step.label, step.reason) == (
        "boards",
        "deal boards",
        "no boards are dealt yet",
    )
    board_services.generate(session, seed="home")
    assert _step(session).code == "start"
    setup_services.set_status(session, "running")
    section.refresh_from_db()
    rounds = len(section.get_movement().rounds)
    assert rounds == 3  # 4-pair Howell: 3 rounds
    assert _step(session).label == f"play: round 1 of {rounds}"
    _enter(section, {1})
    assert _step(session).label == f"play: round 2 of {rounds}"
    _enter(section, {2, 3})
    assert _step(session).label == f"all {rounds} rounds in: make provisional"
    setup_services.set_status(session, "provisional")
    session.refresh_from_db()
    deadline = session.provisional_since + dt.timedelta(hours=48)
    step = _step(session, now=session.provisional_since + dt.timedelta(minutes=5))
    assert step.code == "provisional"
    local = timezone.localtime(deadline)
    assert step.label.startswith(f"provisional until {local:%H:%M}")
    assert _step(session, now=deadline + dt.timedelta(seconds=1)).code == "protests-closed"
    setup_services.set_status(session, "final")
    assert (_step(session).code, _step(session).label) == ("final", "final")


def test_next_step_names_the_boards_not_dealt_and_the_entries_of_the_format(club, players):
    event = Event.objects.create(club=club, name="Individual", format="individual")
    session = event.sessions.create(name="Wed")
    assert _step(session).label == "sign in players"
    teams = Event.objects.create(club=club, name="Teams", format="teams")
    assert _step(teams.sessions.create(name="Thu")).label == "sign in teams"
    pairs = Event.objects.create(club=club, name="Pairs")
    session = pairs.sessions.create(name="Fri")
    section = setup_services.create_section(session, "A", _pairs(players, 4))
    setup_services.choose_movement(section, "howell", boards_per_round=2)
    board_services.generate(session, board_numbers=[1, 2, 3], seed="part")
    step = _step(session)
    assert step.code == "boards" and step.reason == "boards 4, 5, 6 are not dealt"


def test_the_protest_window_follows_the_events_hours(session, players):
    session.event.conditions = {"provisional_hours": 2}
    session.event.save()
    _ready(session, players)
    setup_services.set_status(session, "running")
    setup_services.set_status(session, "provisional")
    # the window is fixed in the evening, so the test does not depend on the hour it runs at
    evening = timezone.make_aware(dt.datetime(2026, 11, 3, 21, 40))
    Session.objects.filter(pk=session.pk).update(provisional_since=evening)
    session.refresh_from_db()
    deadline = setup_selectors.protest_deadline(session)
    assert deadline == evening + dt.timedelta(hours=2)
    assert _step(session, now=evening).label == "provisional until 23:40"
    # a window that ends after midnight names its day
    session.event.conditions = {"provisional_hours": 3}
    session.event.save()
    assert _step(session, now=evening).label == "provisional until 00:40 Wed 04 Nov"


def test_make_running_is_refused_without_movement_or_boards_with_the_reason(
    director_client, session, players
):
    url = reverse("td_status", args=[session.pk])
    section = setup_services.create_section(session, "A", _pairs(players, 4))
    r = director_client.post(url, {"to": "running"}, follow=True)
    assert "Play cannot start: section A has no movement yet" in r.content.decode()
    setup_services.choose_movement(section, "howell", boards_per_round=2)
    r = director_client.post(url, {"to": "running"}, follow=True)
    page = r.content.decode()
    assert "Play cannot start: no boards are dealt yet. Next: deal boards." in page
    # the console shows the reason next to a disabled button
    assert re.search(r"<button[^>]*disabled[^>]*>Make running</button>", page)
    assert "Not yet: no boards are dealt yet." in page
    session.refresh_from_db()
    assert session.status == "draft"
    board_services.generate(session, seed="now")
    r = director_client.post(url, {"to": "running"})
    session.refresh_from_db()
    assert r.status_code == 302 and session.status == "running"


def test_make_final_inside_the_protest_window_needs_a_reason(director_client, session, players):
    _ready(session, players)
    setup_services.set_status(session, "running")
    setup_services.set_status(session, "provisional")
    url = reverse("td_status", args=[session.pk])
    page = director_client.get(reverse("td_session_results", args=[session.pk])).content.decode()
    assert 'name="override"' in page and "reason for overriding the protest window" in page
    r = director_client.post(url, {"to": "final"}, follow=True)
    assert "The protest window is open until" in r.content.decode()
    session.refresh_from_db()
    assert session.status == "provisional"
    r = director_client.post(url, {"to": "final", "override": "all protests heard"}, follow=True)
    assert "The protest window was overridden: all protests heard." in r.content.decode()
    session.refresh_from_db()
    assert session.status == "final"
    kept = Standings.objects.get(session=session).data["final_override"]
    assert kept["reason"] == "all protests heard"


def test_make_final_after_the_window_needs_no_reason(director_client, session, players):
    _ready(session, players)
    setup_services.set_status(session, "running")
    setup_services.set_status(session, "provisional")
    Session.objects.filter(pk=session.pk).update(
        provisional_since=timezone.now() - dt.timedelta(hours=49)
    )
    r = director_client.post(reverse("td_status", args=[session.pk]), {"to": "final"})
    messages = [str(m) for m in get_messages(r.wsgi_request)]
    session.refresh_from_db()
    assert session.status == "final" and messages == ["The session is now final."]
    assert "final_override" not in Standings.objects.get(session=session).data


def test_the_new_session_date_is_prefilled_as_the_browser_reads_it(director_client, event):
    page = director_client.get(reverse("td_event", args=[event.pk])).content.decode()
    field = re.search(r'<input[^>]*name="date"[^>]*>', page).group(0)
    assert 'type="date"' in field
    assert f'value="{timezone.localdate():%Y-%m-%d}"' in field


def test_whist_entry_starts_in_tricks_ns(director_client, club, players):
    event = Event.objects.create(club=club, name="Whist", game="whist", scoring_method="tricks")
    session = event.sessions.create(name="Drive")
    section = _ready(session, players)
    setup_services.set_status(session, "running")
    page = director_client.get(reverse("td_traveller", args=[section.pk, 1])).content.decode()
    row = page[page.index('class="entry-form result-row open"') :]
    first = re.search(r'<input (?![^>]*type="hidden")[^>]*name="(\w+)"', row).group(1)
    assert first == "tricks_ns"


def test_the_home_lists_the_sessions_with_their_next_step(director_client, club, players):
    event = Event.objects.create(club=club, name="Pairs")
    today = event.sessions.create(name="Tonight", date=timezone.localdate())
    later = event.sessions.create(name="Next week", date=timezone.localdate() + dt.timedelta(7))
    _ready(today, players)
    page = director_client.get(reverse("td_console")).content.decode()
    today_part = page[page.index('id="today"') : page.index('id="upcoming"')]
    assert "Tonight" in today_part and "make running: start play" in today_part
    upcoming = page[page.index('id="upcoming"') :]
    assert "Next week" in upcoming and "sign in pairs" in upcoming
    assert reverse("td_session", args=[later.pk]) in upcoming
    assert reverse("td_club_files", args=[club.slug]) in page


def test_the_home_shows_only_the_directors_clubs(client, outsider, club, event):
    event.sessions.create(name="Not theirs", date=timezone.localdate())
    client.force_login(outsider)
    page = client.get(reverse("td_console")).content.decode()
    assert "Not theirs" not in page and "Hilltop Whist Club" in page


def test_sign_in_leads_a_director_to_the_home_and_the_header_links_it(client, director):
    r = client.post(reverse("login"), {"username": "director", "password": "correct-horse-battery"})
    assert r.status_code == 302 and r["Location"] == reverse("td_console")
    page = client.get(reverse("home")).content.decode()
    assert f'<a href="{reverse("td_console")}">Director\'s console</a>' in page
    client.logout()
    assert "Director's console" not in client.get(reverse("home")).content.decode()


def test_the_session_console_links_the_table_codes(director_client, session):
    page = director_client.get(reverse("td_session", args=[session.pk])).content.decode()
    assert reverse("table_codes", args=[session.pk]) in page
    assert reverse("td_session_files", args=[session.pk]) in page
