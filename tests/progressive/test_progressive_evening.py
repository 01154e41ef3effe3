"""A progressive whist evening of three rounds on four tables, driven through the console
as the TD.  The expected seatings are written by hand from the laws' rule (PR-1: winners
move one table toward table 1, losers stay and split; the head table's winners stay
together and its losers go to the foot [002 L6416–6422]); the tallies (gross, "keep all
you make") and the prizes are sums written below."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from tournament.models import (
    Entry,
    Event,
    ProgressivePrizeTie,
    ProgressiveTableResult,
    Section,
)
from tournament.setup import services as setup_services

POLICY = {"method": "winners-move", "direction": "toward-1", "head_rule": "winners-stay",
          "tie_progress": "td", "tie_score": "half-game"}  # fmt: skip

ROUND_1 = [(1, 1, 2, 3, 4), (2, 5, 6, 7, 8), (3, 9, 10, 11, 12), (4, 13, 14, 15, 16)]
# Round 1 winners: T1 N-S (1,2), T2 E-W (7,8), T3 N-S (9,10), T4 E-W (15,16).
ROUND_1_POINTS = {1: (10, 4), 2: (3, 8), 3: (7, 5), 4: (2, 9)}
# T1's winners stay together; T2's winners come to T1 as E-W.  Losers split (N and E)
# and take the arrivals from the next table (S and W); T1's losers (3,4) go to the foot.
ROUND_2 = [(1, 1, 2, 7, 8), (2, 5, 9, 6, 10), (3, 11, 15, 12, 16), (4, 13, 3, 14, 4)]
# T1 is tied 6-6: the TD rules that E-W (7,8) progress.  T2 N-S (5,9), T3 E-W (12,16),
# T4 N-S (13,3) win.
ROUND_2_POINTS = {1: (6, 6), 2: (9, 2), 3: (4, 11), 4: (8, 1)}
ROUND_3 = [(1, 7, 8, 5, 9), (2, 6, 12, 10, 16), (3, 11, 13, 15, 3), (4, 14, 1, 4, 2)]
ROUND_3_POINTS = {1: (5, 7), 2: (10, 0), 3: (3, 6), 4: (6, 4)}

# Gross tallies: each player keeps the side's points every round.
TOTALS = {
    1: 10 + 6 + 6, 2: 10 + 6 + 4, 3: 4 + 8 + 6, 4: 4 + 1 + 4, 5: 3 + 9 + 7, 6: 3 + 2 + 10,
    7: 8 + 6 + 5, 8: 8 + 6 + 5, 9: 7 + 9 + 7, 10: 7 + 2 + 0, 11: 5 + 4 + 3, 12: 5 + 11 + 10,
    13: 2 + 8 + 3, 14: 2 + 1 + 6, 15: 9 + 4 + 6, 16: 9 + 11 + 0,
}  # fmt: skip


def seated(rows):
    return [{"table": t, "n": n, "s": s, "e": e, "w": w} for t, n, s, e, w in rows]


@pytest.fixture
def evening(director_client, club, players):
    event = Event.objects.create(
        club=club, name="Whist drive", game="whist", scoring_method="tricks",
        format="progressive",
        conditions={"progressive": POLICY, "tally": "gross", "tie_rule": "cut", "prizes": 1},
    )  # fmt: skip
    session = event.sessions.create(name="Friday")
    director_client.post(reverse("td_section_new", args=[session.pk]), {"name": "A"})
    section = Section.objects.get(session=session)
    for number, player in enumerate(players[:16], start=1):
        player.gender = "F" if number % 2 else "M"  # odd numbers are the ladies
        player.save()
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    return session, section, reverse("td_progressive", args=[section.pk])


def play_round(client, url, points):
    for table, (ns, ew) in points.items():
        r = client.post(url, {"action": "result", "table": table, "ns_points": ns,
                              "ew_points": ew})  # fmt: skip
        assert r.status_code == 302, r.content.decode()[-1500:]


def seating_of(section, round_number):
    return section.round_seatings.get(round_number=round_number).seating


@pytest.mark.django_db
def test_a_progressive_evening_seats_each_round_and_ranks_the_players_with_prizes(
    director_client, director, client, players, evening
):
    session, section, url = evening
    given = "\n".join(f"{p}: {(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}"
                      for p in range(1, 17))  # fmt: skip
    r = director_client.post(url, {"action": "start", "given": given})
    assert r.status_code == 302, r.content.decode()[-1500:]
    assert seating_of(section, 1) == seated(ROUND_1)

    play_round(director_client, url, ROUND_1_POINTS)
    page = director_client.get(url).content.decode()
    assert "Next round: seat round 2" in page
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert seating_of(section, 2) == seated(ROUND_2)

    play_round(director_client, url, ROUND_2_POINTS)
    page = director_client.get(url).content.decode()
    assert "A tie the policy cannot settle" in page and "Table 1:" in page
    r = director_client.post(url, {"action": "next"})
    assert r.status_code == 400 and "tie at table(s) 1" in r.content.decode()
    r = director_client.post(url, {"action": "tie", "round": 2, "table": 1, "side": "ew"})
    assert r.status_code == 302
    decided = ProgressiveTableResult.objects.get(section=section, round_number=2, table_number=1)
    assert (decided.tie_decision, decided.decided_by) == ("ew", director)
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert seating_of(section, 3) == seated(ROUND_3)

    # Players see where to go on the public session page.
    public = client.get(reverse("session", args=[session.pk])).content.decode()
    assert (f"Table 1: N {players[6].name}, S {players[7].name}, "
            f"E {players[4].name}, W {players[8].name}") in public  # fmt: skip

    play_round(director_client, url, ROUND_3_POINTS)
    page = director_client.get(url).content.decode()
    # Booby: players 4, 10 and 14 are tied on 9; the rule is a cut, so the TD is asked.
    assert "Tied for the booby: players 4,10,14" in page
    # Players who are not an open tie (none, or not tied) are refused and nothing is kept.
    for bad in ("", "4", "4,10", "1,2"):
        r = director_client.post(url, {"action": "prize_tie", "players": bad, "order": ""})
        assert r.status_code == 400 and "not a prize tie to settle" in r.content.decode()
    assert not ProgressivePrizeTie.objects.filter(section=section).exists()
    r = director_client.post(url, {"action": "prize_tie", "players": "4,10,14",
                                   "order": "10 14 4"})  # fmt: skip
    assert r.status_code == 302
    tie = ProgressivePrizeTie.objects.get(section=section)
    assert (tie.players, tie.order, tie.method, tie.decided_by) == ("4,10,14", [10, 14, 4],
                                                                     "cut", director)  # fmt: skip

    from tournament.progressive.selectors import final_ranking

    ranking = final_ranking(section)
    assert {r["player"]: r["points"] for r in ranking["rows"]} == TOTALS
    assert [r["player"] for r in ranking["rows"][:2]] == [12, 9]  # 26, 23
    # Games won: table 1 of round 2 was tied, half a game each (1, 2, 7, 8).
    games = {r["player"]: r["games"] for r in ranking["rows"]}
    assert games[1] == Fraction(5, 2) and games[7] == Fraction(3, 2) and games[4] == 0
    # One prize each (the default): best 12 (26); booby the loser of the cut, 4; ladies
    # (odd numbers) 9 (23); the gentlemen's prize passes 12 and finds 2 and 16 tied on 20.
    assert [t["players"] for t in ranking["ties"]] == [[2, 16]]
    assert ranking["ties"][0]["label"] == "gentlemen's prize"
    awards = {a["prize"]: a["player"] for a in ranking["awards"]}
    assert awards == {"prize 1": 12, "booby": 4, "ladies' prize": 9}
    r = director_client.post(url, {"action": "prize_tie", "players": "2,16", "order": "16 2"})
    assert r.status_code == 302
    awards = {a["prize"]: a["player"] for a in final_ranking(section)["awards"]}
    assert awards == {"prize 1": 12, "booby": 4, "ladies' prize": 9, "gentlemen's prize": 16}
    # Where a player may take several prizes, 12 also wins the gentlemen's prize.
    section.session.event.conditions["one_prize_each"] = False
    section.session.event.save()
    awards = {a["prize"]: a["player"] for a in final_ranking(section)["awards"]}
    assert awards == {"prize 1": 12, "booby": 4, "ladies' prize": 9, "gentlemen's prize": 12}
    page = director_client.get(url).content.decode()
    assert "booby: " + players[3].name in page


@pytest.mark.django_db
def test_start_at_random_with_a_seed_and_bad_results_are_refused(director_client, evening):
    _, section, url = evening
    assert (
        director_client.post(url, {"action": "result", "table": 1, "winner": "ns"}).status_code
        == 400
    )
    assert director_client.post(url, {"action": "start", "seed": 7}).status_code == 302
    seated_players = sorted(p for row in seating_of(section, 1) for k, p in row.items()
                            if k != "table")  # fmt: skip
    assert seated_players == list(range(1, 17))
    assert director_client.post(url, {"action": "start", "seed": 7}).status_code == 400
    # Tallied in points: a winner alone is not enough; table 9 does not exist.
    r = director_client.post(url, {"action": "result", "table": 1, "winner": "ns"})
    assert r.status_code == 400 and "points" in r.content.decode()
    r = director_client.post(url, {"action": "result", "table": 9, "ns_points": 1, "ew_points": 2})
    assert r.status_code == 400 and "no table 9" in r.content.decode()
    r = director_client.post(url, {"action": "next"})
    assert r.status_code == 400 and "no result entered" in r.content.decode()


@pytest.mark.django_db
def test_the_public_session_page_says_where_each_player_sits_this_round(
    director_client, client, evening
):
    """The session page reads whether a section is seated with the sections (one query for
    all): once round 1 is seated it names each table's four players, and after the next
    round is seated, that round's tables."""
    session, section, url = evening
    page = reverse("session", args=[session.pk])
    assert "Where to sit" not in client.get(page).content.decode()
    given = "\n".join(f"{p}: {(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}"
                      for p in range(1, 17))  # fmt: skip
    assert director_client.post(url, {"action": "start", "given": given}).status_code == 302
    html = client.get(page).content.decode()
    assert "Where to sit: section A, round 1" in html
    names = {e.number: e.display_name for e in section.entries.all()}
    for table, n, s, e, w in ROUND_1:
        line = f"Table {table}: N {names[n]}, S {names[s]}, E {names[e]}, W {names[w]}"
        assert line in html
    play_round(director_client, url, ROUND_1_POINTS)
    assert director_client.post(url, {"action": "next"}).status_code == 302
    html = client.get(page).content.decode()
    assert "Where to sit: section A, round 2" in html
    for table, n, s, e, w in ROUND_2:
        assert f"Table {table}: N {names[n]}, S {names[s]}, E {names[e]}, W {names[w]}" in html
