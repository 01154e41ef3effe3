"""Issue 21: lone hands at the two- or three-hand foot table, recorded at the table's phone and
on the console, totalled with the four-hand tables' and prized ("most lone hands"
[002 L6385–6387]).  At the foot each plays for himself [002 L6507–6511], so a player's lone
hands made are no more than his own points: each made lone hand scores at least 1
[002 L5943–5944].

Eleven players, the seatings of tests/progressive/test_foot_table.py (two four-hand tables
and a three-hand foot table; PR-1, winners toward table 1, the head's winners stay).
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import ProgressiveTableResult, Session
from tournament.play import services as play_services
from tournament.progressive import selectors as progressive_selectors
from tournament.setup import services as setup_services

from .test_foot_table import ROUND_2, post, seat_eleven

CONDITIONS = {"progressive": {"method": "winners-move", "tie_progress": "td"},
              "tally": "gross", "tie_rule": "cut", "class_prizes": False, "booby": False,
              "prizes": 0, "lone_hands": True}  # fmt: skip


@pytest.fixture
def evening(director_client, club, players):
    section, url = seat_eleven(director_client, club, players, CONDITIONS)
    setup_services.set_status(section.session, Session.Status.RUNNING)
    tokens = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    return section, url, reverse("table", args=[tokens[3]])


def phone(client, url, data, status):
    r = client.post(url, {"round": 1, "ok": "yes", **data})
    assert r.status_code == status, r.content.decode()[-1500:]
    return r.content.decode()


@pytest.mark.django_db
def test_the_foot_table_enters_its_points_and_lone_hands_at_its_phone(client, evening):
    section, _, foot = evening
    page = client.get(foot).content.decode()
    assert 'name="pp_9"' in page and 'name="lone_11"' in page and "3-hand foot table" in page
    # each player's points are required, at the player's field
    page = phone(client, foot, {"pp_9": 5, "pp_10": 9}, 400)
    assert 'id="pp_11-error"' in page
    # 11 made 2 points: he cannot have made 3 lone hands
    page = phone(client, foot, {"pp_9": 5, "pp_10": 9, "pp_11": 2, "lone_11": 3}, 400)
    assert "player 11 cannot have made 3 lone hands with 2 points" in page
    # a game of 5 points has at most 9 deals: 10 lone hands are refused at the field
    page = phone(client, foot, {"pp_9": 5, "pp_10": 9, "pp_11": 2, "lone_10": 10}, 400)
    assert 'id="lone_10-error"' in page and "at most 9 deals" in page
    assert not ProgressiveTableResult.objects.filter(section=section).exists()
    phone(client, foot, {"pp_9": 5, "pp_10": 9, "pp_11": 2, "lone_9": 1, "lone_10": 2}, 302)
    row = ProgressiveTableResult.objects.get(section=section, round_number=1, table_number=3)
    assert row.player_points == {"9": 5, "10": 9, "11": 2}
    assert row.lone_hands == {"9": 1, "10": 2}
    page = client.get(foot).content.decode()
    assert "Round 1 is in" in page and "lone hands:" in page
    # once in, a correction is the director's
    page = phone(client, foot, {"pp_9": 6, "pp_10": 9, "pp_11": 2}, 400)
    assert "ask the director to correct it" in page


@pytest.mark.django_db
def test_foot_table_lone_hands_on_the_console_are_totalled_and_prized(director_client, evening):
    section, url, _ = evening
    page = director_client.get(url).content.decode()
    form = page[page.index('id="foot-3"') :]
    assert 'name="lone_9"' in form[: form.index("</form>")]
    post(director_client, url, {"action": "result", "table": 1, "ns_points": 10, "ew_points": 4,
                                "lone_1": 1})  # fmt: skip
    post(director_client, url, {"action": "result", "table": 2, "ns_points": 3, "ew_points": 8})
    page = post(director_client, url, {"action": "result", "table": 3, "pp_9": 5, "pp_10": 9,
                                       "pp_11": 0, "lone_11": 1}, status=400)  # fmt: skip
    assert "player 11 cannot have made 1 lone hands with 0 points" in page
    post(director_client, url, {"action": "result", "table": 3, "pp_9": 5, "pp_10": 9,
                                "pp_11": 2, "lone_9": 1, "lone_10": 2})  # fmt: skip
    post(director_client, url, {"action": "next"})
    assert section.round_seatings.get(round_number=2).seating == ROUND_2
    # round 2: T2 is 5 & 10 (N-S) v 6 & 9; the foot 11, 3, 4
    post(director_client, url, {"action": "result", "table": 1, "ns_points": 7, "ew_points": 5})
    post(director_client, url, {"action": "result", "table": 2, "ns_points": 2, "ew_points": 8,
                                "lone_10": 1})  # fmt: skip
    post(director_client, url, {"action": "result", "table": 3, "pp_11": 1, "pp_3": 6,
                                "pp_4": 4, "lone_3": 1})  # fmt: skip
    tallies = progressive_selectors.tallies(section)
    # by hand: 10 two at the foot and one at T2; 9 and 3 one at the foot each; 1 one at T1
    made = {p: t["lone_hands"] for p, t in tallies.items() if t["lone_hands"]}
    assert made == {1: 1, 3: 1, 9: 1, 10: 3}
    ranking = progressive_selectors.final_ranking(section)
    assert [(a["prize"], a["player"], a["score"]) for a in ranking["awards"]] == [
        ("most lone hands", 10, 3)
    ]
    assert "Lone hands" in director_client.get(url).content.decode()
