"""The session console as steps (issue 18): entries, movement, boards, play, results — each its
own page under ``/td/session/<pk>/``, a step bar saying which are done, next or blocked and
why, only the actions that fit the session's state, and every form back to its step (a
``next`` on this site only)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from boards import services as board_services
from tournament.models import Event, Session
from tournament.setup import selectors as setup_selectors
from tournament.setup import services as setup_services

pytestmark = pytest.mark.django_db

STEPS = ("entries", "movement", "boards", "play", "results")


def _pairs(players, count):
    return [(n, players[2 * (n - 1) : 2 * n]) for n in range(1, count + 1)]


def _url(step, session):
    return reverse(f"td_session_{step}", args=[session.pk])


def _bar(page: str) -> dict[str, str]:
    """Each step's state as the step bar shows it: title → done / next / later / blocked."""
    nav = page[page.index('aria-label="Session steps"') :]
    nav = nav[: nav.index("</nav>")]
    found = re.findall(
        r'<li class="step-(\w+)">.*?<span class="step-title">(\w+)</span> '
        r'<span class="step-state">(\w+)</span>',
        nav,
    )
    return {title: label for _, title, label in found}


def _current(page: str) -> str:
    nav = page[page.index('aria-label="Session steps"') :]
    return re.search(
        r'aria-current="step"><span[^>]*>\d</span> <span class="step-title">(\w+)', nav
    )[1]


@pytest.mark.parametrize("step", STEPS)
def test_each_step_is_its_own_page_for_the_clubs_td_only(client, director, outsider, session, step):
    url = _url(step, session)
    r = client.get(url)
    assert r.status_code == 302 and r["Location"].startswith(reverse("login"))
    client.force_login(outsider)
    assert client.get(url).status_code == 403
    client.force_login(director)
    page = client.get(url).content.decode()
    assert _current(page) == step.title()
    assert f"<title>{session.name} — {step}" in page


def test_the_step_bar_follows_the_evening(director_client, session, players):
    overview = reverse("td_session", args=[session.pk])
    page = director_client.get(overview).content.decode()
    assert _bar(page) == {"Entries": "next", "Movement": "blocked", "Boards": "blocked",
                          "Play": "blocked", "Results": "later"}  # fmt: skip
    assert "Go to step 1: Entries" in page

    section = setup_services.create_section(session, "A", _pairs(players, 4))
    page = director_client.get(_url("movement", session)).content.decode()
    assert _bar(page)["Entries"] == "done" and _bar(page)["Movement"] == "next"
    assert "section A has no movement yet" in page
    assert "howell: 2 tables" in page  # the recommendations
    play = director_client.get(_url("play", session)).content.decode()
    assert _bar(play)["Play"] == "blocked"
    assert re.search(r"<button[^>]*disabled[^>]*>Make running</button>", play)
    assert "Make running needs a movement and dealt boards" in play
    assert 'name="to" value="running"' not in play  # not offered, only shown disabled

    setup_services.choose_movement(section, "howell", boards_per_round=2)
    page = director_client.get(_url("boards", session)).content.decode()
    assert _bar(page) == {"Entries": "done", "Movement": "done", "Boards": "next",
                          "Play": "blocked", "Results": "later"}  # fmt: skip
    assert "Deal the boards" in page and "no boards are dealt yet" in page
    page = director_client.get(_url("movement", session)).content.decode()
    assert "Balance report" in page and "Uniformity U" in page

    board_services.generate(session, seed="steps")
    play = director_client.get(_url("play", session)).content.decode()
    assert _bar(play)["Play"] == "next" and 'name="to" value="running"' in play
    assert "disabled" not in re.search(r"<section class=\"card\" id=\"start\">.*?</section>",
                                       play, re.S)[0]  # fmt: skip
    results = director_client.get(_url("results", session)).content.decode()
    assert re.search(r"<button[^>]*disabled[^>]*>Make provisional</button>", results)
    assert 'value="provisional"' not in results

    setup_services.set_status(session, "running")
    play = director_client.get(_url("play", session)).content.decode()
    assert "Pick-up slip: table 1, round 1" in play and "Enter by traveller" in play
    assert reverse("table_codes", args=[session.pk]) in play
    assert reverse("td_board", args=[section.pk, 1]) in play  # corrections and rulings
    results = director_client.get(_url("results", session)).content.decode()
    assert 'value="provisional"' in results

    setup_services.set_status(session, "provisional")
    results = director_client.get(_url("results", session)).content.decode()
    assert _bar(results)["Play"] == "done" and _bar(results)["Results"] == "next"
    assert 'name="override"' in results  # the protest window is open
    assert reverse("td_standings", args=[session.pk]) in results
    assert reverse("td_session_files", args=[session.pk]) in results


def test_a_progressive_session_needs_no_movement(director_client, club, players):
    event = Event.objects.create(
        club=club, name="Whist drive", game="whist", scoring_method="aggregate",
        format="progressive",
    )  # fmt: skip
    session = Session.objects.create(event=event, name="Friday")
    section = setup_services.add_section(session, "A")
    for number, player in enumerate(players[:8], start=1):
        setup_services.add_entry(section, [player], number=number, kind="individual")
    page = director_client.get(_url("play", session)).content.decode()
    assert _bar(page)["Movement"] == "done" and _bar(page)["Play"] == "next"
    assert reverse("td_progressive", args=[section.pk]) in page
    entries = director_client.get(_url("entries", session)).content.decode()
    assert reverse("td_progressive", args=[section.pk]) in entries


def test_each_form_goes_back_to_its_step(director_client, session, players):
    section = setup_services.create_section(session, "A", _pairs(players, 4))
    entries, movement = _url("entries", session), _url("movement", session)
    r = director_client.post(
        reverse("td_sign_in", args=[section.pk]),
        {"player1": players[8].pk, "player2": players[9].pk, "next": entries},
    )
    assert r.status_code == 302 and r["Location"] == entries
    r = director_client.post(
        reverse("td_movement", args=[section.pk]),
        {"kind": "howell", "boards_per_round": 2, "next": movement},
    )
    assert r.status_code == 302 and r["Location"] == movement
    r = director_client.post(reverse("td_boards", args=[session.pk]), {"seed": "x"})
    assert r["Location"] == _url("boards", session)  # no next: the action's own step
    r = director_client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    assert r["Location"] == _url("play", session)
    session.refresh_from_db()
    assert session.status == "running"
    r = director_client.post(reverse("td_status", args=[session.pk]), {"to": "provisional"})
    assert r["Location"] == _url("results", session)


@pytest.mark.parametrize(
    "bad", ["https://evil.example/", "//evil.example/td/", "/\\evil.example", "javascript:alert(1)"]
)
def test_a_next_off_the_site_is_refused(director_client, session, players, bad):
    section = setup_services.create_section(session, "A", _pairs(players, 4))
    r = director_client.post(
        reverse("td_movement", args=[section.pk]),
        {"kind": "howell", "boards_per_round": 2, "next": bad},
    )
    assert r.status_code == 302 and r["Location"] == _url("movement", session)
    r = director_client.post(reverse("td_release", args=[session.pk]), {"next": bad})
    assert r["Location"] == _url("boards", session)


def test_a_refused_form_answers_on_its_step(director_client, session, players):
    section = setup_services.create_section(session, "A", _pairs(players, 4))
    r = director_client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "no-such", "boards_per_round": 2}
    )
    assert r.status_code == 400
    assert _current(r.content.decode()) == "Movement"
    r = director_client.post(reverse("td_section_new", args=[session.pk]), {"name": "A"})
    assert r.status_code == 400 and _current(r.content.decode()) == "Entries"
    assert "This session already has a section A." in r.content.decode()


def test_the_server_refuses_make_running_without_the_set_up(director_client, session, players):
    """A hand-made POST is refused as the disabled button says (the status service)."""
    setup_services.create_section(session, "A", _pairs(players, 4))
    r = director_client.post(
        reverse("td_status", args=[session.pk]),
        {"to": "running", "next": _url("play", session)},
        follow=True,
    )
    assert "Play cannot start: section A has no movement yet" in r.content.decode()
    session.refresh_from_db()
    assert session.status == "draft"


def test_steps_state_from_the_selector(session, players):
    steps = setup_selectors.session_steps(session)
    assert [s.code for s in steps] == list(STEPS)
    assert [s.number for s in steps] == [1, 2, 3, 4, 5]
    assert steps[3].state == "blocked" and "no pairs are signed in yet" in steps[3].note


def test_the_home_links_each_sessions_next_step_to_its_step(director_client, session, players):
    setup_services.create_section(session, "A", _pairs(players, 4))
    page = director_client.get(reverse("td_console")).content.decode()
    assert f'<a href="{_url("movement", session)}">choose movement</a>' in page
    assert reverse("td_session", args=[session.pk]) in page  # the session's overview
