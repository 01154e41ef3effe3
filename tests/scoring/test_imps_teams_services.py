"""Teams of four at IMPs (method ``imps_teams``) through the database: the team movement, the
results of both rooms, the kept standings, the pages and ``manage.py standings``.

The team movement numbers pairs, not teams: team k is N-S pair k and E-W pair T + k
(``tournament.movements.teams.team_pairs``). Every IMP below is worked out by hand from Law 77
and the IMP scale of Law 78B (SCORING.md §5); the VPs are the WBF 2013 scale (docs/scoring.md).
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from io import StringIO

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse

from boards import services as board_services
from scoring.engine.imps import wbf_vp
from scoring.models import BoardResult, Standings
from scoring.results import services as result_services
from tests.console.helpers import finish, new_event, new_session, post_row, sign_in
from tournament.models import Entry, Event, Player, Session
from tournament.setup import services as setup_services

# Two teams, the two-team movement over 2 rounds of 2 boards. Table 1 ("open room"): pair 1
# (team 1) N-S v pair 4 (team 2) E-W; table 2 ("closed room"): pair 2 (team 2) N-S v pair 3
# (team 1) E-W. Each board is played once in each room.
#
# board (vul)   table 1 (team 1 N-S)         table 2 (team 2 N-S)          team 1: NS1 − NS2
# 1 (none)      4S N 10 tricks = +420        4S N  9 tricks = −50          +470 → +10 IMPs
# 2 (N-S)       3NT S 9 tricks = +600        3NT S 9 tricks = +600            0 →   0 IMPs
# 3 (E-W)       2H E 8 tricks  = −110        4H W 10 tricks = −620         +510 → +11 IMPs
# 4 (all)       3NTX N 7 tricks = −500       4S S 10 tricks = +620        −1120 → −15 IMPs
#
# Team 1: 10 + 0 + 11 − 15 = +6 IMPs; team 2: −6. Over 4 boards the blitz is 15·√4 = 30 and
# team 1 takes 10 + 10·(1 − τ^(3·6/30)) / (1 − τ³) = 10 + 10 · 0.25076 / 0.76393 = 13.28 VPs
# (τ = 0.618034, τ^0.6 = 0.74924); team 2 takes 20 − 13.28 = 6.72.
TWO_TEAMS = {
    (1, 1): ("4S", "N", 10), (1, 2): ("4S", "N", 9),
    (2, 1): ("3NT", "S", 9), (2, 2): ("3NT", "S", 9),
    (3, 1): ("2H", "E", 8), (3, 2): ("4H", "W", 10),
    (4, 1): ("3NTX", "N", 7), (4, 2): ("4S", "S", 10),
}  # fmt: skip

# Three teams, the American whist movement (3 tables, 2 rounds of 2 boards). Team 1 = pairs
# 1 N-S and 4 E-W, team 2 = pairs 2 and 5, team 3 = pairs 3 and 6. Boards 1-2 are the match
# team 1 v team 3, boards 3-4 team 1 v team 2, boards 5-6 team 2 v team 3:
#
# board (vul)  room A                            room B                             IMPs
# 1 (none)     t1 r1: 1 v 6  4S N 10 = +420      t3 r2: 3 v 4  4S N 10 = +420       0
# 2 (N-S)      t1 r1: 1 v 6  4S N 10 = +620      t3 r2: 3 v 4  2S N 9  = +140       team 1 +10 (480)
# 3 (E-W)      t2 r1: 2 v 4  1NT N 7 = +90       t1 r2: 1 v 5  1NT N 5 = −100       team 1 −5 (190)
# 4 (all)      t2 r1: 2 v 4  6H E 12 = −1430     t1 r2: 1 v 5  4H W 11 = −650       team 1 +13 (780)
# 5 (N-S)      t3 r1: 3 v 5  3NT S 10 = +630     t2 r2: 2 v 6  3NT S 9 = +600       team 3 +1 (30)
# 6 (E-W)      t3 r1: 3 v 5  5DX W 9 = +500      t2 r2: 2 v 6  4S N 10 = +420       team 3 +2 (80)
#
# Team 1: 0 + 10 − 5 + 13 = +18; team 2: 5 − 13 − 1 − 2 = −11; team 3: −10 + 1 + 2 = −7.
# Matches over 2 boards (blitz 15·√2 = 21.21): team 1 beat team 3 by 10 (16.46 − 3.54 VPs)
# and team 2 by 8 (15.50 − 4.50); team 3 beat team 2 by 3 (12.42 − 7.58). VP totals:
# team 1 16.46 + 15.50 = 31.96, team 3 3.54 + 12.42 = 15.96, team 2 4.50 + 7.58 = 12.08.
THREE_TEAMS = {
    (1, 1): ("4S", "N", 10), (1, 3): ("4S", "N", 10),
    (2, 1): ("4S", "N", 10), (2, 3): ("2S", "N", 9),
    (3, 2): ("1NT", "N", 7), (3, 1): ("1NT", "N", 5),
    (4, 2): ("6H", "E", 12), (4, 1): ("4H", "W", 11),
    (5, 3): ("3NT", "S", 10), (5, 2): ("3NT", "S", 9),
    (6, 3): ("5DX", "W", 9), (6, 2): ("4S", "N", 10),
}  # fmt: skip


@pytest.fixture
def imps_event(club):
    event = Event(
        club=club, name="Teams of Four", game="contract", scoring_method="imps_teams",
        format=Event.Format.TEAMS,
    )  # fmt: skip
    event.full_clean()
    event.save()
    return event


def make_section(event, teams: int):
    session = Session.objects.create(event=event, name="Match", date=datetime.date(2026, 11, 24))
    people = [Player.objects.create(club=event.club, name=f"Player {i}") for i in range(4 * teams)]
    section = setup_services.create_section(
        session, "A", [(n, people[2 * (n - 1) : 2 * n]) for n in range(1, 2 * teams + 1)],
        Entry.Kind.TEAM,
    )  # fmt: skip
    section.entries.filter(number=1).update(name="Hastings")
    section.entries.filter(number=2).update(name="Rye")
    return section


def start(section, **size):
    setup_services.choose_movement(section, "team", boards_per_round=2, **size)
    board_services.generate(
        section.session, seed="test_imps_teams_services"
    )  # play needs the boards
    setup_services.set_status(section.session, "running")
    section.refresh_from_db()
    return section


def enter(section, results, director=None):
    """Every scheduled play: ``results[(board, table)]`` = (contract, declarer, tricks)."""
    from scoring.inputs import scheduled_plays

    for board, plays in sorted(scheduled_plays(section.get_movement()).items()):
        for play in plays:
            contract, declarer, tricks = results[(board, play.table)]
            result_services.record_result(
                section, board_number=board, ns=play.ns, ew=play.ew, user=director,
                fields={"contract": contract, "declarer": declarer, "tricks": tricks},
            )  # fmt: skip


def kept(section) -> dict:
    return Standings.objects.get(session=section.session).data["sections"][0]


def test_two_teams_score_their_imps_and_vps(imps_event, director):
    section = start(make_section(imps_event, 2), tables=2, rounds=2)
    enter(section, TWO_TEAMS, director)
    data = kept(section)
    scores = {s["entry"]: s["score"] for f in data["fields"] for s in f["standings"]}
    # each pair's IMPs on the boards it played: the whole comparison of each board
    assert scores == {1: 6.0, 3: 6.0, 2: -6.0, 4: -6.0}
    first, second = data["imp_teams"]["teams"]
    assert (first["rank"], first["team"], first["name"], first["imps"], first["vp"]) == (
        "1", 1, "Hastings", 6.0, 13.28,
    )  # fmt: skip
    assert (first["result"], first["winner"], first["boards_played"]) == ("won by 6 IMPs", True, 4)
    assert [(p["entry"], p["direction"], p["imps"]) for p in first["pairs"]] == [
        (1, "NS", 6.0), (3, "EW", 6.0),
    ]  # fmt: skip
    assert (second["rank"], second["team"], second["name"], second["imps"], second["vp"]) == (
        "2", 2, "Rye", -6.0, 6.72,
    )  # fmt: skip
    assert (second["result"], second["winner"]) == ("lost by 6 IMPs", False)
    assert first["matches"] == [{"opponent": 2, "boards": 4, "imps": 6.0, "vp": 13.28}]
    assert wbf_vp(6, 4) == (Decimal("13.28"), Decimal("6.72"))
    # the travellers: each line carries the IMPs of its board's comparison
    board_1 = next(b for b in data["boards"] if b["board"] == 1)["results"]
    assert {(r["ns"], r["ew"]): (r["ns_points"], r["ew_points"]) for r in board_1} == {
        (1, 4): (10.0, -10.0), (2, 3): (-10.0, 10.0),
    }  # fmt: skip


def test_three_teams_score_each_match_in_vps(imps_event, director):
    section = start(make_section(imps_event, 3))
    enter(section, THREE_TEAMS, director)
    teams = kept(section)["imp_teams"]["teams"]
    assert [(t["rank"], t["team"], t["imps"], t["vp"], t["winner"]) for t in teams] == [
        ("1", 1, 18.0, 31.96, True), ("2", 3, -7.0, 15.96, False), ("3", 2, -11.0, 12.08, False),
    ]  # fmt: skip
    assert {t["team"]: t["matches"] for t in teams}[1] == [
        {"opponent": 2, "boards": 2, "imps": 8.0, "vp": 15.5},
        {"opponent": 3, "boards": 2, "imps": 10.0, "vp": 16.46},
    ]  # fmt: skip
    assert {t["team"]: [p["entry"] for p in t["pairs"]] for t in teams} == {
        1: [1, 4], 2: [2, 5], 3: [3, 6],
    }  # fmt: skip


def test_a_correction_moves_the_match(imps_event, director):
    section = start(make_section(imps_event, 2), tables=2, rounds=2)
    enter(section, TWO_TEAMS, director)
    row = BoardResult.objects.get(section=section, board_number=4, table_number=2)
    result_services.correct_result(
        row, fields={"contract": "4S", "declarer": "S", "tricks": 9}, user=director,
        reason="misread",
    )  # fmt: skip
    # board 4, table 2: 4S S 9 tricks vulnerable = −100 to team 2; team 1 −500 − (−100) =
    # −400 → −9 IMPs instead of −15, so team 1 wins by 10 + 0 + 11 − 9 = 12.
    teams = kept(section)["imp_teams"]["teams"]
    assert [(t["team"], t["imps"], t["result"]) for t in teams] == [
        (1, 12.0, "won by 12 IMPs"), (2, -12.0, "lost by 12 IMPs"),
    ]  # fmt: skip


def test_one_room_in_scores_nothing_yet(imps_event, director):
    section = start(make_section(imps_event, 2), tables=2, rounds=2)
    result_services.record_result(
        section, board_number=1, ns=1, ew=4, user=director,
        fields={"contract": "4S", "declarer": "N", "tricks": 10},
    )  # fmt: skip
    teams = kept(section)["imp_teams"]["teams"]
    assert [(t["rank"], t["imps"], t["vp"], t["boards_played"], t["result"]) for t in teams] == [
        ("=1", 0.0, None, 0, ""), ("=1", 0.0, None, 0, ""),
    ]  # fmt: skip


def test_a_result_before_the_team_movement_is_refused_and_nothing_saved(imps_event):
    section = make_section(imps_event, 2)
    # running without a movement (as before play needed one): the result is still refused
    Session.objects.filter(pk=section.session.pk).update(status="running")
    with pytest.raises(ValidationError, match="choose the team movement"):
        result_services.record_result(
            section, board_number=1, ns=1, ew=4,
            fields={"contract": "4S", "declarer": "N", "tricks": 10},
        )  # fmt: skip
    assert not BoardResult.objects.exists()


def test_only_the_team_movement_seats_an_imp_team_match(imps_event):
    section = make_section(imps_event, 2)
    with pytest.raises(ValidationError) as info:
        setup_services.choose_movement(section, "howell", pairs=4)
    assert "team movement" in info.value.message_dict["kind"][0]
    section.refresh_from_db()
    assert section.movement is None


def test_the_console_pages_and_the_command_show_the_teams(director_client, club, players):
    client = director_client
    event = new_event(
        client, club, "Teams of Four", game="contract", scoring_method="imps_teams",
        format="teams",
    )  # fmt: skip
    session, section = new_session(client, event)
    for n in range(4):
        assert sign_in(client, section, players[2 * n : 2 * n + 2]).status_code == 302
    section.entries.filter(number=1).update(name="Hastings")
    client.post(reverse("td_movement", args=[section.pk]), {"kind": "team", "boards_per_round": 2})
    section.refresh_from_db()
    assert section.movement_kind == "team"
    client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_imps_teams_services"}
    )  # deal: play needs the boards
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    movement = section.get_movement()
    for rnd in movement.rounds:
        for st in rnd.tables:
            for board in movement.boards_for(st):
                contract, declarer, tricks = TWO_TEAMS[(board, st.table)]
                text = f"{contract} {declarer} {tricks}"
                r = post_row(client, section, board=board, ns=st.ns, ew=st.ew,
                             round=rnd.number, result=text)  # fmt: skip
                assert r.status_code == 200 and b"errorlist" not in r.content, r.content
    finish(client, session, to=("provisional",))
    public = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "Teams (IMPs)" in public and "won by 6 IMPs" in public and "13.28" in public
    page = client.get(reverse("td_standings", args=[session.pk])).content.decode()
    assert "Teams (IMPs)" in page and "Hastings" in page and "lost by 6 IMPs" in page
    out = StringIO()
    call_command("standings", str(session.pk), stdout=out)
    text = out.getvalue()
    first = next(line for line in text.splitlines() if "Hastings" in line and "IMPs" in line)
    assert "won by 6 IMPs" in first and "13.28 VP" in first and "WINNER" in first
