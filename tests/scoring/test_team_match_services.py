"""A whist team match through the database: event, team movement, results, kept standings,
the standings pages and ``manage.py standings``."""

from __future__ import annotations

import datetime
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from boards import services as board_services
from scoring.models import BoardResult, Standings
from scoring.results import services as result_services
from tournament.models import Entry, Event, Player, Session
from tournament.setup import services as setup_services

from .setups import running_mitchell

# The two-team movement, 2 rounds of 2 boards: table 1 has pair 1 (team 1) N-S v pair 4
# (team 2) E-W, table 2 pair 2 (team 2) N-S v pair 3 (team 1) E-W; the sets are exchanged.
# N-S tricks:  board 1: t1 8, t2 6   board 2: t1 7, t2 7   board 3: t1 9, t2 5
#              board 4: t1 4, t2 6
# team 1 = pair 1 (8 + 7 + 9 + 4 = 28) + pair 3 (7 + 6 + 8 + 7 = 28) = 56
# team 2 = pair 2 (6 + 7 + 5 + 6 = 24) + pair 4 (5 + 6 + 4 + 9 = 24) = 48
# 104 tricks, half 52: team 1 wins by 4 [000 L733].
TRICKS = {(1, 1): 8, (2, 1): 7, (3, 1): 9, (4, 1): 4, (1, 2): 6, (2, 2): 7, (3, 2): 5, (4, 2): 6}


@pytest.fixture
def team_event(club):
    event = Event(
        club=club, name="Whist Team Match", game="whist", scoring_method="tricks_teams",
        format=Event.Format.TEAMS,
    )  # fmt: skip
    event.full_clean()
    event.save()
    return event


@pytest.fixture
def team_section(team_event):
    session = Session.objects.create(
        event=team_event, name="Hastings v Rye", date=datetime.date(2026, 11, 24)
    )
    people = [Player.objects.create(club=team_event.club, name=f"Player {i}") for i in range(8)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 5)], Entry.Kind.TEAM
    )
    section.entries.filter(number=1).update(name="Hastings")
    section.entries.filter(number=2).update(name="Rye")
    return section


def start(section):
    setup_services.choose_movement(section, "team", tables=2, rounds=2, boards_per_round=2)
    board_services.generate(
        section.session, seed="test_team_match_services"
    )  # play needs the boards
    setup_services.set_status(section.session, "running")
    section.refresh_from_db()
    return section


def enter_all(section, director=None):
    from scoring.inputs import scheduled_plays

    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for play in plays:
            result_services.record_result(
                section, board_number=board, ns=play.ns, ew=play.ew,
                fields={"tricks_ns": TRICKS[(board, play.table)]}, user=director,
            )  # fmt: skip


def test_the_kept_standings_hold_the_team_result(team_section, director):
    section = start(team_section)
    enter_all(section, director)
    data = Standings.objects.get(session=section.session).data["sections"][0]
    match = data["team_match"]
    assert (match["rule"], match["total"], match["half"]) == ("two_teams", 104.0, 52.0)
    winner, loser = match["teams"]
    assert (winner["team"], winner["name"], winner["aggregate"], winner["margin"]) == (
        1, "Hastings", 56.0, 4,
    )  # fmt: skip
    assert (winner["result"], winner["winner"]) == ("won by 4 tricks", True)
    assert [(p["entry"], p["direction"], p["tricks"]) for p in winner["pairs"]] == [
        (1, "NS", 28.0), (3, "EW", 28.0),
    ]  # fmt: skip
    assert (loser["team"], loser["name"], loser["aggregate"], loser["margin"]) == (
        2, "Rye", 48.0, -4,
    )  # fmt: skip
    assert [f["name"] for f in data["fields"]] == ["NS", "EW"]


def test_a_correction_moves_the_match(team_section, director):
    section = start(team_section)
    enter_all(section, director)
    row = BoardResult.objects.get(section=section, board_number=4, table_number=2)
    result_services.correct_result(row, fields={"tricks_ns": 13}, user=director, reason="misread")
    # pair 2 gains 7 on board 4: team 2 = 55, team 1 = 49 → team 2 wins by 3.
    match = Standings.objects.get(session=section.session).data["sections"][0]["team_match"]
    assert [(t["team"], t["margin"], t["winner"]) for t in match["teams"]] == [
        (2, 3, True), (1, -3, False),
    ]  # fmt: skip


def test_the_pages_and_the_command_show_the_winner(team_section, director, client):
    section = start(team_section)
    enter_all(section, director)
    session = section.session
    public = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "Team match" in public and "won by 4 tricks" in public and "Winner" in public
    client.force_login(director)
    page = client.get(reverse("td_standings", args=[session.pk])).content.decode()
    assert "Team match" in page and "Hastings" in page and "lost by 4 tricks" in page
    out = StringIO()
    call_command("standings", str(session.pk), stdout=out)
    text = out.getvalue()
    assert "Team match (104 tricks in all, half 52)" in text
    first = next(line for line in text.splitlines() if "Hastings" in line and "won" in line)
    assert "56" in first and "won by 4 tricks" in first and "WINNER" in first
    pair_lines = [line.strip() for line in text.splitlines() if line.strip().startswith("pair ")]
    assert [line.split(": ")[-1] for line in pair_lines] == ["28", "28", "24", "24"]
    assert pair_lines[0].startswith("pair 1 N-S") and pair_lines[1].startswith("pair 3 E-W")


def test_a_result_before_the_team_movement_is_refused_and_nothing_saved(team_section):
    # running without a movement (as before play needed one): the result is still refused
    Session.objects.filter(pk=team_section.session.pk).update(status="running")
    with pytest.raises(ValidationError, match="choose the team movement"):
        result_services.record_result(
            team_section, board_number=1, ns=1, ew=4, fields={"tricks_ns": 7}
        )
    assert not BoardResult.objects.exists()


def test_only_the_team_movement_seats_a_whist_team_match(team_section):
    with pytest.raises(ValidationError) as info:
        setup_services.choose_movement(team_section, "mitchell", tables=2)
    assert "team movement" in info.value.message_dict["kind"][0]
    team_section.refresh_from_db()
    assert team_section.movement is None


def test_a_whist_team_match_is_played_in_the_teams_format(club):
    event = Event(club=club, name="Pairs?", game="whist", scoring_method="tricks_teams")
    with pytest.raises(ValidationError) as info:
        event.full_clean()
    assert "Teams format" in info.value.message_dict["format"][0]
    bridge = Event(
        club=club, name="Bridge", game="contract", scoring_method="tricks_teams", format="teams"
    )
    with pytest.raises(ValidationError) as info:
        bridge.full_clean()
    assert "scoring_method" in info.value.message_dict


def test_an_event_with_pair_results_cannot_become_a_team_match(club, director):
    event = Event.objects.create(
        club=club, name="Whist Pairs", game="whist", scoring_method="tricks", format="teams"
    )
    session = Session.objects.create(event=event, name="Evening", date=datetime.date(2026, 11, 3))
    section = running_mitchell(session, club)
    result_services.record_result(section, board_number=1, ns=1, ew=4, fields={"tricks_ns": 7})
    event.scoring_method = "tricks_teams"
    with pytest.raises(ValidationError) as info:
        event.full_clean()
    assert "team movement" in info.value.message_dict["scoring_method"][0]


# A club match of three pairs a side [000 L727]: three tables, one board a round, boards down
# one table. Team 1 = N-S 1 and 3, E-W 5 (at table 2); team 2 = N-S 2, E-W 4 and 6.
# N-S tricks by (board, table):   board 1: 8 6 7   board 2: 5 9 6   board 3: 7 7 10
# N-S 1: 8 + 5 + 7 = 20   N-S 2: 6 + 9 + 7 = 22   N-S 3: 7 + 6 + 10 = 23
# E-W 4: 5 + 8 + 6 = 19   E-W 5: 7 + 4 + 6 = 17   E-W 6: 6 + 7 + 3 = 16
# Team 1 won 20 + 23 + 17 = 60 tricks, team 2 22 + 19 + 16 = 57. Each team has an odd pair
# and adds the rounded average of the pairs seated opposite it [000 L729]: team 1 (two N-S)
# adds the E-W average 52/3 → 17, so 77; team 2 (two E-W) the N-S average 65/3 → 22, so 79.
# 156 in all, half 78: team 2 wins by 1 [000 L733].
CLUB_TRICKS = {(1, 1): 8, (1, 2): 6, (1, 3): 7, (2, 1): 5, (2, 2): 9, (2, 3): 6,
               (3, 1): 7, (3, 2): 7, (3, 3): 10}  # fmt: skip


def test_a_club_match_of_three_pairs_a_side_is_scored_by_its_teams(team_event, director):
    from scoring.inputs import scheduled_plays
    from tournament.setup import selectors as setup_selectors

    session = Session.objects.create(
        event=team_event, name="Club match", date=datetime.date(2026, 11, 24)
    )
    people = [Player.objects.create(club=team_event.club, name=f"Member {i}") for i in range(12)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 7)]
    )
    recommended = setup_selectors.recommendations(6, team_event, target_boards=3)
    assert [(r.kind, r.tables, r.rounds, r.boards) for r in recommended] == [
        ("club-match", 3, 3, 3)
    ]
    setup_services.choose_movement(section, "club-match", boards_per_round=1)
    board_services.generate(session, seed="club match")
    setup_services.set_status(session, "running")
    section.refresh_from_db()
    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for play in plays:
            result_services.record_result(
                section, board_number=board, ns=play.ns, ew=play.ew,
                fields={"tricks_ns": CLUB_TRICKS[(board, play.table)]}, user=director,
            )  # fmt: skip
    match = Standings.objects.get(session=session).data["sections"][0]["team_match"]
    assert (match["total"], match["half"]) == (156.0, 78.0)
    got = {t["team"]: t for t in match["teams"]}
    assert (got[1]["tricks"], got[1]["odd_pair_credit"], got[1]["aggregate"]) == (60.0, 17, 77.0)
    assert (got[2]["tricks"], got[2]["odd_pair_credit"], got[2]["aggregate"]) == (57.0, 22, 79.0)
    assert (got[2]["result"], got[2]["winner"]) == ("won by 1 trick", True)
    assert [(p["entry"], p["direction"]) for p in got[1]["pairs"]] == [
        (1, "NS"), (3, "NS"), (5, "EW"),
    ]  # fmt: skip


def test_a_club_match_is_refused_for_an_imp_team_match(club):
    event = Event.objects.create(
        club=club, name="IMP teams", game="contract", scoring_method="imps_teams", format="teams"
    )
    session = Session.objects.create(event=event, name="Evening", date=datetime.date(2026, 11, 3))
    people = [Player.objects.create(club=club, name=f"P{i}") for i in range(8)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 5)], Entry.Kind.TEAM
    )
    with pytest.raises(ValidationError, match="choose the team movement"):
        setup_services.choose_movement(section, "club-match", boards_per_round=2)
