"""An artificial score under a method scored against the average (whist tricks, net plus/minus,
total points) is the average of each direction [000 L737; docs/scoring.md]: "A60/A40" used to
be taken and silently scored as the average, so the TD's 60/40 was lost without a word.  Now it
is refused at the field with the reason, and the table keypad offers A50/A50 alone."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from scoring.engine.adjustments import AVERAGE_METHODS, check_adjusted_for_method
from scoring.engine.contract import ScoringError


@pytest.mark.parametrize("method", AVERAGE_METHODS)
@pytest.mark.parametrize("text", ["A60/A40", "A40/A60", "A+/A-", "60%/40%", "+3/-3", "A40/A40"])
def test_an_average_method_refuses_any_artificial_score_but_the_average(method, text):
    with pytest.raises(ScoringError) as exc:
        check_adjusted_for_method(method, text)
    assert exc.value.field == "adjusted"
    assert "A50/A50" in exc.value.message


@pytest.mark.parametrize("method", AVERAGE_METHODS)
def test_the_average_itself_is_taken(method):
    assert (check_adjusted_for_method(method, "a50/a50").ns, check_adjusted_for_method(
        method, "A=/A=").ew) == (50, 50)  # fmt: skip


@pytest.mark.parametrize("method", ["matchpoints", "imps_butler"])
def test_other_methods_keep_their_artificial_scores(method):
    assert check_adjusted_for_method(method, "A60/A40").ns == 60


def _section(game, method):
    from boards import services as board_services
    from tournament.models import Club, Event, Player, Session
    from tournament.setup import services as setup_services

    club = Club.objects.create(name="Riverside", slug="riverside")
    event = Event.objects.create(club=club, name="Pairs", game=game, scoring_method=method)
    session = Session.objects.create(event=event, name="Evening", date=datetime.date(2026, 11, 3))
    people = [Player.objects.create(club=club, name=f"Player {i}") for i in range(12)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * n - 2 : 2 * n]) for n in range(1, 7)]
    )
    setup_services.choose_movement(section, "mitchell", tables=3, boards_per_round=2)
    board_services.generate(session, seed="average")
    setup_services.set_status(session, Session.Status.RUNNING)
    return section


def _first_play(section):
    from scoring.inputs import scheduled_plays

    board, plays = sorted(scheduled_plays(section.get_movement()).items())[0]
    return board, plays[0]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "method"), [("whist", "tricks"), ("auction", "net")])
def test_recording_a60_a40_under_an_average_method_is_refused_and_nothing_saved(game, method):
    from scoring.models import BoardResult
    from scoring.results import services

    section = _section(game, method)
    board, p = _first_play(section)
    with pytest.raises(ValidationError) as exc:
        services.record_result(section, board_number=board, ns=p.ns, ew=p.ew,
                               round_number=p.round, fields={"adjusted": "A60/A40"})  # fmt: skip
    assert "enter A50/A50" in " ".join(exc.value.message_dict["adjusted"])
    assert not BoardResult.objects.filter(section=section).exists()
    services.record_result(section, board_number=board, ns=p.ns, ew=p.ew,
                           round_number=p.round, fields={"adjusted": "A50/A50"})  # fmt: skip
    assert BoardResult.objects.get(section=section).adjusted == "A50/A50"


@pytest.mark.django_db
def test_whist_at_matchpoints_keeps_a60_a40():
    from scoring.models import BoardResult
    from scoring.results import services

    section = _section("whist", "matchpoints")
    board, p = _first_play(section)
    services.record_result(section, board_number=board, ns=p.ns, ew=p.ew,
                           round_number=p.round, fields={"adjusted": "A60/A40"})  # fmt: skip
    assert BoardResult.objects.get(section=section).adjusted == "A60/A40"


@pytest.mark.django_db
def test_the_console_shows_the_reason_at_the_field(client):
    from django.contrib.auth.models import User
    from django.urls import reverse

    from scoring.models import BoardResult
    from tournament.permissions import td_group

    section = _section("whist", "tricks")
    user = User.objects.create_user("td", password="pw-long-enough-1")
    user.groups.add(td_group())
    section.session.event.club.directors.add(user)
    client.force_login(user)
    board, p = _first_play(section)
    response = client.post(
        reverse("td_result", args=[section.pk]),
        {"board": board, "ns": p.ns, "ew": p.ew, "round": p.round, "adjusted": "A60/A40"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert "enter A50/A50" in response.content.decode()
    assert not BoardResult.objects.exists()
