"""The foot table of a progressive evening (issue 20, issue 21): "a two or three-hand game may
be played at the last table.  From this table two players progress, but only the one having the
most points scores, except in case of a tie in a three-hand game, when both score ... allow no
guest to remain at the three-hand table more than two games, allowing them to progress after
the second game, whether winning or not" [002 L6507–6515].

Eleven players: two four-hand tables and a three-hand foot table, three rounds on the console.
The seatings are worked out by hand below (PR-1, winners toward table 1, the head table's
winners stay and its losers go to the foot [002 L6416–6422]).
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from tournament.models import Entry, Event, ProgressiveTableResult, Section
from tournament.progressive import selectors as progressive_selectors
from tournament.setup import services as setup_services

POSITIONS = (
    "1: 1 A\n2: 1 A\n3: 1 B\n4: 1 B\n5: 2 A\n6: 2 A\n7: 2 B\n8: 2 B\n9: 3 A\n10: 3 A\n11: 3 B"
)
ROUND_1 = [{"table": 1, "n": 1, "s": 2, "e": 3, "w": 4},
           {"table": 2, "n": 5, "s": 6, "e": 7, "w": 8},
           {"table": 3, "n": 9, "s": 10, "e": 11}]  # fmt: skip
# T1 N-S (1, 2) win and stay; T2 E-W (7, 8) win and go up; at the foot 10 (9) and 9 (5) go up,
# 11 (2) stays; the head losers (3, 4) go to the foot.
ROUND_2 = [{"table": 1, "n": 1, "s": 2, "e": 7, "w": 8},
           {"table": 2, "n": 5, "e": 6, "s": 10, "w": 9},
           {"table": 3, "n": 11, "e": 3, "s": 4}]  # fmt: skip
# At the foot 11 has the fewest points (1) but has played two games at the three-hand table:
# 11 goes up "whether winning or not" with 3 (6); 4 (4) stays.  T1 N-S win; T2 E-W (6, 9).
ROUND_3 = [{"table": 1, "n": 1, "s": 2, "e": 6, "w": 9},
           {"table": 2, "n": 5, "e": 10, "s": 11, "w": 3},
           {"table": 3, "n": 4, "e": 7, "s": 8}]  # fmt: skip


def seat_eleven(director_client, club, players, conditions):
    """The eleven players' euchre party under ``conditions``, round 1 seated (ROUND_1)."""
    event = Event.objects.create(club=club, name="Euchre party", game="whist",
                                 scoring_method="tricks", format="progressive",
                                 conditions=conditions)  # fmt: skip
    session = event.sessions.create(name="Thursday")
    section = Section.objects.create(session=session, name="A")
    for number, player in enumerate(players[:11], start=1):
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    url = reverse("td_progressive", args=[section.pk])
    assert director_client.post(url, {"action": "start", "given": POSITIONS}).status_code == 302
    return section, url


@pytest.fixture
def evening(director_client, club, players):
    return seat_eleven(director_client, club, players,
                       {"progressive": {"method": "winners-move", "tie_progress": "td"},
                        "tally": "gross", "tie_rule": "cut", "class_prizes": False})  # fmt: skip


def post(client, url, data, status=302):
    r = client.post(url, data)
    assert r.status_code == status, r.content.decode()[-1200:]
    return r.content.decode()


@pytest.mark.django_db
def test_the_foot_table_two_go_up_only_the_best_scores_and_none_stays_past_two_games(
    director_client, evening
):
    section, url = evening
    assert section.round_seatings.get(round_number=1).seating == ROUND_1
    page = director_client.get(url).content.decode()
    assert "A 3-hand foot table" in page and 'name="pp_11"' in page
    # the foot table's result is each player's points, not two sides'
    page = post(director_client, url, {"action": "result", "table": 3, "ns_points": 5,
                                       "ew_points": 2}, status=400)  # fmt: skip
    assert "Give the points of each player at table 3: 9, 10, 11." in page
    post(director_client, url, {"action": "result", "table": 1, "ns_points": 10, "ew_points": 4})
    post(director_client, url, {"action": "result", "table": 2, "ns_points": 3, "ew_points": 8})
    post(director_client, url, {"action": "result", "table": 3, "pp_9": 5, "pp_10": 9, "pp_11": 2})
    post(director_client, url, {"action": "next"})
    assert section.round_seatings.get(round_number=2).seating == ROUND_2

    post(director_client, url, {"action": "result", "table": 1, "ns_points": 7, "ew_points": 5})
    post(director_client, url, {"action": "result", "table": 2, "ns_points": 2, "ew_points": 8})
    post(director_client, url, {"action": "result", "table": 3, "pp_11": 1, "pp_3": 6, "pp_4": 4})
    post(director_client, url, {"action": "next"})
    assert section.round_seatings.get(round_number=3).seating == ROUND_3

    # round 3 at the foot: 4 has had two games there and goes up; 7 and 8 tie for the other
    # place: the TD says who stays
    post(director_client, url, {"action": "result", "table": 1, "ns_points": 9, "ew_points": 1})
    post(director_client, url, {"action": "result", "table": 2, "ns_points": 4, "ew_points": 3})
    post(director_client, url, {"action": "result", "table": 3, "pp_4": 5, "pp_7": 3, "pp_8": 3})
    page = director_client.get(url).content.decode()
    assert "A tie the policy cannot settle" in page and page.count("stays</button>") == 3
    post(director_client, url, {"action": "tie", "round": 3, "table": 3, "side": "ns"}, 400)
    post(director_client, url, {"action": "tie", "round": 3, "table": 3, "side": "8"})
    assert ProgressiveTableResult.objects.get(round_number=3, table_number=3).stays == 8
    seating = progressive_selectors.next_seating(section)["seating"]
    foot = next(row for row in seating if row["table"] == 3)
    assert 8 in foot.values() and 4 not in foot.values() and 7 not in foot.values()

    # only the best at the foot scores: 10 (9 points) in round 1, 3 (6) in round 2, 4 (5) in
    # round 3; the others there score nothing.  Round 3: T1 N-S 9, E-W 1; T2 N-S (5, 11) 4,
    # E-W (10, 3) 3.
    tallies = progressive_selectors.tallies(section)
    assert tallies[10]["points"] == 9 + 2 + 3 and tallies[9]["points"] == 0 + 8 + 1
    assert tallies[11]["points"] == 0 + 0 + 4 and tallies[3]["points"] == 4 + 6 + 3
    assert tallies[4]["points"] == 4 + 0 + 5 and tallies[8]["points"] == 8 + 5 + 0
    # games: 10 won the foot in round 1; 11 only with N-S at T2 in round 3; 3 the foot in
    # round 2; 7 with E-W at T2 in round 1
    assert [tallies[p]["games"] for p in (10, 11, 3, 7, 9)] == [1, 1, 1, 1, Fraction(1)]


def test_a_tie_at_the_three_hand_table_scores_both():
    from tournament.movements.base import Seating
    from tournament.movements.progressive import (
        ProgressivePolicy,
        TableResult,
        round_credits,
        short_table_points,
    )

    foot = Seating(table=3, n=9, s=10, e=11)
    tied = TableResult(player_points={9: 7, 10: 7, 11: 2})
    assert short_table_points(foot, tied) == {9: 7, 10: 7, 11: 0}
    assert round_credits(ProgressivePolicy(), [foot], {3: tied}) == {9: 1, 10: 1, 11: 0}
    two = Seating(table=3, n=9, e=11)
    level = TableResult(player_points={9: 4, 11: 4})
    assert short_table_points(two, level) == {9: 0, 11: 0}  # no one has "the most points"
