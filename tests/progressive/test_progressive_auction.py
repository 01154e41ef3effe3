"""Progressive auction entered deal by deal at the table (issue 21): 125 for each game of 30 won
within the round's four deals, over several deals if need be, nothing for a rubber
[002 L2871–2875]; a tie goes to the side that scored first [002 L6473–6476, L6817–6818], else
to the TD; the winners progress and the losers divide [002 L2877–2879].

Two tables, eight players.  Every total below is added up by hand from the deals.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import (
    Entry,
    Event,
    ProgressiveDeal,
    ProgressiveTableResult,
    Section,
    Session,
)
from tournament.play import services as play_services
from tournament.progressive import selectors as progressive_selectors
from tournament.progressive import services as progressive_services
from tournament.setup import services as setup_services

# Deals: (N-S trick points, E-W trick points, N-S above, E-W above).
ROUND_1 = {
    # 3 hearts (24) for N-S, E-W 30 in honours; 2 spades (18) for E-W; 1 heart (8) for N-S:
    # 24 + 8 = 32 below, a game over two deals: +125 and E-W's 18 is wiped; 2 NT (20) for E-W
    # and 50 honours, a game left unfinished.  N-S 24 + 8 + 125 = 157; E-W 30 + 18 + 20 + 50 = 118.
    1: [(24, 0, 0, 30), (0, 18, 0, 0), (8, 0, 0, 0), (0, 20, 0, 50)],
    # 4 NT (40) for E-W with 30 honours: game, +125; 2 diamonds (14) and 3 clubs (18) for
    # N-S: 32, game, +125; E-W 100 in penalties.  N-S 14 + 18 + 125 = 157;
    # E-W 40 + 125 + 30 + 100 = 295.
    2: [(0, 40, 0, 30), (14, 0, 0, 0), (18, 0, 0, 0), (0, 0, 0, 100)],
}
TOTALS_1 = {1: (157, 118), 2: (157, 295)}
# T1: N-S (1, 2) win and stay at the head table; T2: E-W (7, 8) win and come up to T1; T2's
# losers (5, 6) stay and divide; T1's losers (3, 4) go to the foot and divide [002 L2877–2879].
SEATING_2 = [{"table": 1, "n": 1, "s": 2, "e": 7, "w": 8},
             {"table": 2, "n": 5, "e": 6, "s": 3, "w": 4}]  # fmt: skip
ROUND_2 = {
    # 1 spade then 3 spades for E-W: 9 + 27 = 36, game over two deals, +125; 6 NT (60) for
    # N-S, game +125 and the little slam 50; deal 4 passed out.
    # N-S 60 + 125 + 50 = 235; E-W 9 + 27 + 125 = 161.
    1: [(0, 9, 0, 0), (0, 27, 0, 0), (60, 0, 50, 0), (0, 0, 0, 0)],
    # 2 hearts each way, 50 in honours each way: 16 + 50 = 66 all, a tie; N-S scored first.
    2: [(16, 0, 0, 0), (0, 16, 0, 0), (0, 0, 50, 50), (0, 0, 0, 0)],
}
TOTALS_2 = {1: (235, 161), 2: (66, 66)}
# T1's winners (1, 2) stay; T2's N-S (5, 3) scored first and progress; (7, 8) go to the foot.
SEATING_3 = [{"table": 1, "n": 1, "s": 2, "e": 5, "w": 3},
             {"table": 2, "n": 6, "e": 4, "s": 7, "w": 8}]  # fmt: skip
# Gross tallies ("keep all they make" [002 L2893–2899]): round 1 + round 2.
GROSS = {1: 157 + 235, 2: 157 + 235, 3: 118 + 66, 4: 118 + 66,
         5: 157 + 66, 6: 157 + 66, 7: 295 + 161, 8: 295 + 161}  # fmt: skip


@pytest.fixture
def evening(club, players):
    event = Event.objects.create(
        club=club, name="Progressive auction", game="auction", scoring_method="total_points",
        format="progressive",
        conditions={"progressive": {"method": "winners-move", "tie_progress": "first-to-score"},
                    "tally": "gross", "tie_rule": "cut", "prizes": 1, "class_prizes": False},
    )  # fmt: skip
    session = event.sessions.create(name="Tuesday")
    section = Section.objects.create(session=session, name="A")
    for number, player in enumerate(players[:8], start=1):
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    given = {p: f"{(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}" for p in range(1, 9)}
    progressive_services.start(section, given=given)
    setup_services.set_status(session, Session.Status.RUNNING)
    return Section.objects.get(pk=section.pk)


def deal_form(rnd, table, number, deal, first=""):
    ns_t, ew_t, ns_a, ew_a = deal
    return {"round": rnd, "table": table, "deal": number, "ns_trick": ns_t, "ew_trick": ew_t,
            "ns_above": ns_a, "ew_above": ew_a, "first_to_score": first, "ok": "yes"}  # fmt: skip


def play_at_tables(client, tokens, rnd, deals, first=None):
    for table, rows in deals.items():
        url = reverse("table", args=[tokens[table]])
        for number, deal in enumerate(rows, start=1):
            who = (first or {}).get(table, "") if number == len(rows) else ""
            r = client.post(url, deal_form(rnd, table, number, deal, who))
            assert r.status_code == 302, r.content.decode()[-800:]


def test_the_round_score_counts_a_game_over_several_deals_and_no_rubber(evening):
    section = evening
    for number, deal in enumerate(ROUND_1[1], start=1):
        progressive_services.enter_deal(section, 1, number, ns_trick=deal[0], ew_trick=deal[1],
                                        ns_above=deal[2], ew_above=deal[3], at_table=True)  # fmt: skip
        sheet = progressive_selectors.round_sheet(section, 1, 1)
        if number == 3:  # the game is won on deal 3, over deals 1 and 3
            assert (sheet["ns"], sheet["ew"]) == (24 + 8 + 125, 30 + 18)
    row = ProgressiveTableResult.objects.get(section=section, round_number=1, table_number=1)
    assert (row.ns_points, row.ew_points) == TOTALS_1[1]
    assert sheet["due"] is None


@pytest.mark.django_db
def test_an_evening_of_progressive_auction_at_the_tables(client, director_client, evening):
    section = evening
    url = reverse("td_progressive", args=[section.pk])
    tokens = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    assert sorted(tokens) == [1, 2]
    page = client.get(reverse("table", args=[tokens[1]])).content.decode()
    assert "Deal 1 of 4" in page and "N-S trick points" in page

    play_at_tables(client, tokens, 1, ROUND_1)
    for table, totals in TOTALS_1.items():
        row = ProgressiveTableResult.objects.get(
            section=section, round_number=1, table_number=table
        )
        assert (row.ns_points, row.ew_points) == totals
    page = client.get(reverse("table", args=[tokens[2]])).content.decode()
    assert "Round 1 is in: N-S 157, E-W 295" in page
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert section.round_seatings.get(round_number=2).seating == SEATING_2

    play_at_tables(client, tokens, 2, ROUND_2, first={2: "ns"})
    tied = ProgressiveTableResult.objects.get(section=section, round_number=2, table_number=2)
    assert (tied.ns_points, tied.ew_points, tied.first_to_score) == (66, 66, "ns")
    # the tie needs no TD: the side that scored first progresses
    assert "ties" not in progressive_selectors.next_seating(section)
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert section.round_seatings.get(round_number=3).seating == SEATING_3

    tallies = progressive_selectors.tallies(section)
    assert {p: t["points"] for p, t in tallies.items()} == GROSS
    ranking = progressive_selectors.final_ranking(section)
    # 7 and 8 tie on 456 for the prize; the rule is a cut: the TD is asked
    assert [t["players"] for t in ranking["ties"]] == [[7, 8]]


@pytest.mark.django_db
def test_the_table_enters_deals_in_order_and_only_the_td_corrects(client, director_client, evening):
    section = evening
    tokens = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    table_url = reverse("table", args=[tokens[1]])
    # no O.K.: refused, nothing kept
    r = client.post(table_url, {**deal_form(1, 1, 1, (24, 0, 0, 0)), "ok": ""})
    assert r.status_code == 400 and "An opponent must O.K. the deal" in r.content.decode()
    # both sides below the line on one deal: refused at the field
    r = client.post(table_url, deal_form(1, 1, 1, (24, 18, 0, 0)))
    assert r.status_code == 400 and "only the declarer&#x27;s side" in r.content.decode()
    # deal 2 before deal 1
    r = client.post(table_url, deal_form(1, 1, 2, (24, 0, 0, 0)))
    assert r.status_code == 400 and "Enter deal 1 first." in r.content.decode()
    assert not ProgressiveDeal.objects.exists()
    assert client.post(table_url, deal_form(1, 1, 1, (24, 0, 0, 0))).status_code == 302
    r = client.post(table_url, deal_form(1, 1, 1, (30, 0, 0, 0)))
    assert r.status_code == 400 and "ask the TD to correct it" in r.content.decode()
    # the TD corrects deal 1 on the console
    url = reverse("td_progressive", args=[section.pk])
    form = {**deal_form(1, 1, 1, (30, 0, 0, 0)), "action": "deal"}
    r = director_client.post(url, form)
    assert r.status_code == 302
    assert ProgressiveDeal.objects.get(deal_number=1).ns_trick == 30
    page = director_client.get(url).content.decode()
    assert "Keep deal" in page
    # a progressive whist drive is entered by the round, by the TD: no deals
    section.session.event.game = "whist"
    section.session.event.save()
    r = director_client.post(url, form)
    assert r.status_code == 400 and "progressive auction only" in r.content.decode()
    # the table enters the game's result, not deals (tests/progressive/test_large_euchre.py)
    page = client.get(table_url).content.decode()
    assert "Save the result" in page and "Deal 2 of 4" not in page
    r = client.post(table_url, deal_form(1, 1, 2, (0, 0, 0, 0)))
    assert r.status_code == 400 and "Say which side won" in r.content.decode()
    assert not section.progressive_results.exists()


@pytest.mark.django_db
def test_a_tie_without_first_to_score_goes_to_the_td(director_client, evening):
    section = evening
    for table, rows in ROUND_1.items():
        for number, d in enumerate(rows, start=1):
            progressive_services.enter_deal(section, table, number, ns_trick=d[0],
                                            ew_trick=d[1], ns_above=d[2], ew_above=d[3])  # fmt: skip
    progressive_services.advance(section)
    for table, rows in ROUND_2.items():
        for number, d in enumerate(rows, start=1):
            progressive_services.enter_deal(section, table, number, ns_trick=d[0],
                                            ew_trick=d[1], ns_above=d[2], ew_above=d[3])  # fmt: skip
    assert progressive_selectors.next_seating(section)["ties"] == [2]
    progressive_services.decide_tie(section, 2, 2, "ns")
    assert progressive_selectors.next_seating(section)["seating"] == SEATING_3
