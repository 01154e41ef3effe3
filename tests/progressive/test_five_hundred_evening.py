"""Progressive Five Hundred in the app (issue 21): the tally cards seat round 1, each table
enters one deal for each player on its phone (or the TD on the console), the winning partners
or high players progress, ties are cut, the general score sheet adds the plus and minus
columns and the prizes go by net points [002 L7368–7406].  Every total below is added up by
hand from the deals."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournament.models import Entry, Event, FiveHundredDeal, RoundSeating, Section, Session
from tournament.play import services as play_services
from tournament.progressive import selectors as progressive_selectors
from tournament.progressive import services as progressive_services
from tournament.setup import services as setup_services

# Four-hand, Tables A (1, 2, 3, 4) and B (5, 6, 7, 8): deals as (odd seats, even seats).
ROUND_1 = {
    # odd bid 8 spades (240), made, even 2 tricks; odd set back 7 diamonds (180), even 5
    # tricks; even 6 NT (120) made, odd 3 tricks; even 7 clubs (160), odd 2 tricks.
    # odd 240 - 180 + 30 + 20 = 110; even 20 + 50 + 120 + 160 = 350: 2 and 4 progress
    1: [(240, 20), (-180, 50), (30, 120), (20, 160)],
    # odd 100 + 40 + 140 + 40 = 320; even 40 - 300 + 30 + 60 = -170: 5 and 7 progress
    2: [(100, 40), (40, -300), (140, 30), (40, 60)],
}
# those who stayed take seats 1 and 2, the arrivals 3 and 4: partners 1 & 5 v 3 & 7 at A
SEATING_2 = [{"table": 1, "seats": [1, 3, 5, 7]}, {"table": 2, "seats": [6, 8, 2, 4]}]
ROUND_2 = {
    1: [(120, 40), (-200, 50), (20, 160), (60, 40)],  # odd (1, 5) 0; even (3, 7) 290
    2: [(30, 180), (220, 30), (-140, 40), (40, 100)],  # odd (6, 2) 150; even (8, 4) 350
}
SEATING_3 = [{"table": 1, "seats": [1, 5, 8, 4]}, {"table": 2, "seats": [6, 2, 3, 7]}]
# (plus, minus) over the two rounds, deal by deal
SHEET = {
    1: (240 + 30 + 20 + 120 + 20 + 60, 180 + 200),  # 490, 380
    2: (350 + 30 + 220 + 40, 140),  # 640, 140
    3: (290 + 290, 180),  # 580, 180
    4: (350 + 350, 0),
    5: (320 + 200, 200),
    6: (40 + 30 + 60 + 290, 300 + 140),  # 420, 440
    7: (320 + 290, 0),
    8: (130 + 350, 300),
}


@pytest.fixture
def evening(club, players):
    return make_evening(club, players, hands=4, count=8)


def make_evening(club, players, *, hands, count, cards=True):
    event = Event.objects.create(
        club=club, name=f"Five Hundred {hands}", game="whist", scoring_method="tricks",
        format="progressive",
        conditions={"five_hundred_hands": hands, "tie_rule": "cut", "prizes": 1,
                    "class_prizes": False},
    )  # fmt: skip
    session = event.sessions.create(name="Tuesday")
    section = Section.objects.create(session=session, name="A")
    for number, player in enumerate(players[:count], start=1):
        setup_services.add_entry(section, [player], number=number, kind=Entry.Kind.INDIVIDUAL)
    if cards:
        given = {p: f"{chr(64 + (p - 1) // hands + 1)} {(p - 1) % hands + 1}"
                 for p in range(1, count + 1)}  # fmt: skip
        progressive_services.start(section, given=given)
        setup_services.set_status(session, Session.Status.RUNNING)
    return Section.objects.get(pk=section.pk)


def side_form(rnd, number, deal):
    return {"round": rnd, "deal": number, "side_1": deal[0], "side_2": deal[1], "ok": "yes"}


@pytest.mark.django_db
def test_a_four_hand_evening_at_the_tables_and_on_the_console(client, director_client, evening):
    section = evening
    url = reverse("td_progressive", args=[section.pk])
    assert section.round_seatings.get(round_number=1).seating == [
        {"table": 1, "seats": [1, 2, 3, 4]}, {"table": 2, "seats": [5, 6, 7, 8]}]  # fmt: skip
    tokens = {t.table_number: t.token for t in play_services.issue_tokens(section)}
    page = client.get(reverse("table", args=[tokens[1]])).content.decode()
    assert "Table A · round 1" in page and "Deal 1 of 4" in page
    assert "A 1 Ada Lovelace &amp; A 3 Mary Somerville" in page  # one and three partners
    for table, deals in ROUND_1.items():
        for number, deal in enumerate(deals, start=1):
            r = client.post(reverse("table", args=[tokens[table]]), side_form(1, number, deal))
            assert r.status_code == 302, r.content.decode()[-600:]
    sheet = progressive_selectors.fh_sheet(section, 1, 1)
    assert sheet["by_player"] == {1: 110, 2: 350, 3: 110, 4: 350} and sheet["due"] is None
    assert "Round 1 is in" in client.get(reverse("table", args=[tokens[2]])).content.decode()
    page = director_client.get(url).content.decode()
    assert "Table A: A 1 Ada Lovelace, A 2 Mary Somerville" in page  # the next round shown
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert section.round_seatings.get(round_number=2).seating == SEATING_2

    for table, deals in ROUND_2.items():  # the TD enters round 2 on the console
        for number, deal in enumerate(deals, start=1):
            form = {"action": "fh_deal", "table": table, **side_form(2, number, deal)}
            r = director_client.post(url, form)
            assert r.status_code == 302, r.content.decode()[-600:]
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert section.round_seatings.get(round_number=3).seating == SEATING_3

    sheet = progressive_selectors.score_sheet(section)
    got = {row["player"]: (row["plus"], row["minus"]) for row in sheet["rows"]}
    assert got == SHEET
    assert [row["player"] for row in sheet["rows"]] == [4, 7, 2, 3, 5, 8, 1, 6]
    assert [row["net"] for row in sheet["rows"]] == [700, 610, 500, 400, 320, 180, 110, -20]
    assert sheet["rows"][0]["rounds"] == [(350, 0), (350, 0)]
    ranking = progressive_selectors.final_ranking(section)
    assert [(a["prize"], a["player"], a["score"]) for a in ranking["awards"]] == [
        ("prize 1", 4, 700), ("booby", 6, -20)]  # fmt: skip
    page = director_client.get(url).content.decode()
    assert "General score sheet" in page and "<strong>610</strong>" in page


@pytest.mark.django_db
def test_bad_deals_are_refused_at_the_field_and_nothing_is_kept(client, director_client, club,
                                                                 players):  # fmt: skip
    section = make_evening(club, players, hands=3, count=6)
    token = play_services.issue_tokens(section)[0].token
    url = reverse("table", args=[token])
    good = {"round": 1, "deal": 1, "p_1": -200, "p_2": 30, "p_3": 10, "ok": "yes"}
    for bad, message in (
        ({"ok": ""}, "An adversary must O.K. the deal"),
        ({"p_2": "abc"}, "the points of player 2"),
        ({"p_3": ""}, "Give the points of player 3 (0 if none)."),
        ({"p_2": -30}, "only the bidder&#x27;s side is set back"),
        ({"p_1": 5000}, "the points of player 1 must be from -2000 to 2000"),
        ({"deal": 2}, "Enter deal 1 first."),
        ({"round": 2}, "This table is not playing that round now"),
    ):
        r = client.post(url, {**good, **bad})
        assert r.status_code == 400 and message in r.content.decode(), (bad, r.content[-800:])
    assert not FiveHundredDeal.objects.exists()
    assert client.post(url, good).status_code == 302
    r = client.post(url, {**good, "p_1": 100})
    assert r.status_code == 400 and "ask the TD to correct it" in r.content.decode()
    # the TD corrects deal 1; a deal number past the round is refused
    td = reverse("td_progressive", args=[section.pk])
    r = director_client.post(td, {"action": "fh_deal", "table": 1, **good, "p_1": 100})
    assert r.status_code == 302
    assert FiveHundredDeal.objects.get().points == {"1": 100, "2": 30, "3": 10}
    r = director_client.post(td, {"action": "fh_deal", "table": 1, **good, "deal": 4})
    assert r.status_code == 400 and "has deals 1 to 3" in r.content.decode()


@pytest.mark.django_db
def test_three_hand_the_high_player_progresses_and_a_tie_is_cut(director_client, club, players):
    section = make_evening(club, players, hands=3, count=6)
    url = reverse("td_progressive", args=[section.pk])
    deals = {  # A: 1 140, 2 140, 3 110 (1 and 2 tie); B: 4 110, 5 -30, 6 270
        1: [{1: 100, 2: 0, 3: 40}, {1: 30, 2: 180, 3: 10}, {1: 10, 2: -40, 3: 60}],
        2: [{4: 0, 5: 30, 6: 200}, {4: 100, 5: 20, 6: 20}, {4: 10, 5: -80, 6: 50}],
    }
    for table, rows in deals.items():
        for number, points in enumerate(rows, start=1):
            form = {"action": "fh_deal", "round": 1, "table": table, "deal": number,
                    **{f"p_{p}": v for p, v in points.items()}}  # fmt: skip
            assert director_client.post(url, form).status_code == 302
    proposal = progressive_selectors.next_seating(section)
    assert proposal["fh_ties"] == [{"table": 1, "letter": "A", "tied": [1, 2], "places": 1,
                                    "sure": [], "sides": False}]  # fmt: skip
    page = director_client.get(url).content.decode()
    assert "Table A: players 1, 2 tie for 1 place to progress" in page
    r = director_client.post(url, {"action": "next"})
    assert r.status_code == 400 and not RoundSeating.objects.filter(round_number=2).exists()
    r = director_client.post(url, {"action": "cut", "round": 1, "table": 1, "progress": [3]})
    assert r.status_code == 400 and "1 of players 1, 2" in r.content.decode()
    r = director_client.post(url, {"action": "cut", "round": 1, "table": 1, "progress": [2]})
    assert r.status_code == 302
    assert director_client.post(url, {"action": "next"}).status_code == 302
    assert section.round_seatings.get(round_number=2).seating == [
        {"table": 1, "seats": [1, 3, 6]}, {"table": 2, "seats": [4, 5, 2]}]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("hands", "totals", "seating_2"),
    [
        # five-hand: 2 and 4 (300 each) go on; at B 8 (500) and, after the cut, 9
        (5, {1: [100, 300, -50, 300, 20], 2: [0, 10, 500, 10, -200]},
         [[1, 3, 5, 8, 9], [6, 7, 10, 2, 4]]),
        # six-hand: A's odd seats (150) and B's even seats (300) go on
        (6, {1: [150, 90] * 3, 2: [-60, 300] * 3},
         [[2, 4, 6, 8, 10, 12], [7, 9, 11, 1, 3, 5]]),
    ],
)  # fmt: skip
def test_five_and_six_hand_tables_progress_by_the_book(club, players, hands, totals, seating_2):
    """Each round's points go in as the first deal, the others 0: the round's totals."""
    section = make_evening(club, players, hands=hands, count=2 * hands)
    for table, values in totals.items():
        seats = range((table - 1) * hands + 1, table * hands + 1)
        for number in range(1, hands + 1):
            points = dict(zip(seats, values if number == 1 else [0] * hands, strict=True))
            progressive_services.enter_fh_deal(section, table, number, points)
    if hands == 5:
        assert progressive_selectors.next_seating(section)["ties"] == [2]
        progressive_services.decide_fh_cut(section, 1, 2, [9])
    progressive_services.advance(section)
    got = section.round_seatings.get(round_number=2).seating
    assert got == [{"table": t, "seats": s} for t, s in enumerate(seating_2, start=1)]


@pytest.mark.django_db
def test_the_players_must_fill_the_tables_and_the_console_says_what_to_do(
    director_client, club, players
):
    section = make_evening(club, players, hands=4, count=10, cards=False)
    url = reverse("td_progressive", args=[section.pk])
    page = director_client.get(url).content.decode()
    assert "10 players do not fill 4-hand tables: sign in 2 more, or let 2 sit out" in page
    assert "another number of hands (5)" in page
    entries = reverse("td_session_entries", args=[section.session_id])
    page = director_client.get(entries).content.decode()
    assert "Five Hundred at 4-hand tables: 10 players do not fill 4-hand tables" in page
    r = director_client.post(url, {"action": "start", "seed": 3})
    assert r.status_code == 400 and not section.round_seatings.exists()
    r = director_client.post(url, {"action": "start", "given": "1: A 1\n2: Q"})
    assert r.status_code == 400 and "Line 2: write" in r.content.decode()
    setup_services.set_status(section.session, Session.Status.RUNNING)
    for number in (9, 10):
        Entry.objects.filter(section=section, number=number).update(withdrawn=True)
    assert director_client.post(url, {"action": "start", "seed": 3}).status_code == 302
    assert "Five Hundred at" not in director_client.get(entries).content.decode()
    rows = section.round_seatings.get(round_number=1).seating
    assert sorted(p for row in rows for p in row["seats"]) == list(range(1, 9))


@pytest.mark.django_db
def test_the_public_page_shows_where_to_sit_by_the_cards(client, club, players):
    section = make_evening(club, players, hands=6, count=12)
    page = client.get(reverse("session", args=[section.session_id])).content.decode()
    assert "Table A: A 1 Ada Lovelace, A 2 Charles Babbage" in page
    assert "Table B: B 1 Augusta De Morgan" in page and "B 6 James Clerk" in page


FORM = {"name": "Five Hundred night", "kind": "one_off", "game": "whist",
        "scoring_method": "tricks", "format": "progressive", "prizes_per_field": 2,
        "tie_rule": "cut", "adjusted_policy": "60/40", "provisional_hours": 48}  # fmt: skip


@pytest.mark.django_db
def test_the_hands_are_chosen_on_the_event_form_and_refused_for_other_formats(
    director_client, club
):
    url = reverse("td_event_new", args=[club.slug])
    r = director_client.post(url, {**FORM, "five_hundred_hands": "9"})
    assert r.status_code == 200 and "Select a valid choice. 9 is not one" in r.content.decode()
    r = director_client.post(url, {**FORM, "format": "pairs", "five_hundred_hands": "5"})
    assert r.status_code == 200
    assert "Five Hundred is played here as a progressive game" in r.content.decode()
    assert not Event.objects.exists()
    assert director_client.post(url, {**FORM, "five_hundred_hands": "5"}).status_code == 302
    event = Event.objects.get()
    assert event.conditions["five_hundred_hands"] == 5
    section = Section.objects.create(session=event.sessions.create(name="Friday"), name="A")
    assert progressive_selectors.hands(section) == 5


@pytest.mark.django_db
def test_the_td_seats_a_round_by_hand_in_seat_order(director_client, club, players):
    section = make_evening(club, players, hands=3, count=6)
    url = reverse("td_progressive", args=[section.pk])
    base = {"round": 2, "reason": "a player changed tables"}
    r = director_client.post(url, {**base, "seating": "1: 1 2 3 4\n2: 5 6 1"})
    assert r.status_code == 400 and "Table 1: give 3 players, seat 1 first." in r.content.decode()
    r = director_client.post(url, {**base, "seating": "1: 1 2 3\n2: 4 5 9"})
    assert r.status_code == 400 and "Seat every player in the game" in r.content.decode()
    assert not section.round_seatings.filter(round_number=2).exists()
    r = director_client.post(url, {**base, "seating": "1: 6 2 3\n2: 4 5 1"})
    assert r.status_code == 302
    assert section.round_seatings.get(round_number=2).seating == [
        {"table": 1, "seats": [6, 2, 3]}, {"table": 2, "seats": [4, 5, 1]}]  # fmt: skip


@pytest.mark.django_db
def test_another_progressive_game_refuses_a_seating_of_three_players(director_client, club,
                                                                     players):  # fmt: skip
    event = Event.objects.create(club=club, name="Euchre", game="whist", scoring_method="tricks",
                                 format="progressive")  # fmt: skip
    section = Section.objects.create(session=event.sessions.create(name="Friday"), name="A")
    url = reverse("td_progressive", args=[section.pk])
    r = director_client.post(url, {"round": 1, "reason": "by hand", "seating": "1: 1 2 3"})
    assert r.status_code == 400 and "&#x27;table: N S E W&#x27; (four players)" in (
        r.content.decode()
    )
    assert not section.round_seatings.exists()
