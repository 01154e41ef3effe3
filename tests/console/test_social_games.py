"""The social games end to end without a browser: set up on the console, points entered at the
table (the phone page) and on the console, totals, prizes, Baker's teams, permissions, the
condition that keeps the duplicate individual, and the pivot-pair round robin as a session.

The expected totals are the hand sums of tests/tournament/movements/test_social.py.
"""

import pytest
from django.urls import reverse

from tournament.models import Section, SocialTableScore
from tournament.play import services as play_services


def _social_session(client, event, session, players, kind, count, fmt="individual"):
    event.format = fmt
    event.game = "auction"
    event.scoring_method = "matchpoints"
    event.save()
    section = Section.objects.create(session=session, name="A")
    for player in players[:count]:
        client.post(reverse("td_sign_in", args=[section.pk]), {"player1": player.pk})
    response = client.post(
        reverse("td_movement", args=[section.pk]), {"kind": kind, "boards_per_round": 1}
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    section.refresh_from_db()
    return section


def _run(client, session):
    response = client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.status == "running"


def _phone(client, token, rnd, ns, ew, **extra):
    data = {"round": rnd, "table": token.table_number, "ns_points": ns, "ew_points": ew,
            "finished": "yes", "ok": "yes", **extra}  # fmt: skip
    return client.post(reverse("table", args=[token.token]), data)


PIVOT_TABLE_1 = [(520, 180), (300, 610), (410, 90)]  # totals 1230, 1220, 1200, 570
PIVOT_TABLE_2 = [(100, 900), (500, 500), (300, 0)]  # the sums are in the test


def test_a_pivot_evening_is_entered_scored_and_prized(
    director_client, client, event, session, players
):
    section = _social_session(director_client, event, session, players, "pivot", 8)
    page = director_client.get(reverse("td_session_entries", args=[session.pk])).content.decode()
    assert "the book&#x27;s social game" in page or "the book's social game" in page
    _run(director_client, session)  # no boards to deal: the rubbers are dealt at the table
    tokens = {t.table_number: t for t in play_services.issue_tokens(section)}
    # table 1 at the phone: rubber 1 needs the opponent's O.K.
    refused = _phone(client, tokens[1], 1, 520, 180, ok="")
    assert refused.status_code == 400 and "O.K." in refused.content.decode()
    assert not SocialTableScore.objects.exists()
    for rnd, (ns, ew) in enumerate(PIVOT_TABLE_1, start=1):
        assert _phone(client, tokens[1], rnd, ns, ew).status_code == 302
    # a second entry of a round at the table is refused: corrections are the TD's
    again = _phone(client, tokens[1], 3, 999, 0)
    assert again.status_code == 400
    # table 2 on the console: rubber 3 unfinished at the call, counted as it stands
    url = reverse("td_social", args=[section.pk])
    for rnd, (ns, ew) in enumerate(PIVOT_TABLE_2, start=1):
        post = {"action": "score", "round": rnd, "table": 2, "ns_points": ns, "ew_points": ew,
                "finished": "no" if rnd == 3 else "yes"}  # fmt: skip
        assert director_client.post(url, post).status_code == 302
    # table 2: rubber 1 5+6 v 7+8, rubber 2 5+8 v 7+6, rubber 3 5+7 v 8+6
    # 5: 100 + 500 + 300 = 900;  6: 100 + 500 + 0 = 600;  7: 900 + 500 + 300 = 1700
    # 8: 900 + 500 + 0 = 1400
    page = director_client.get(url).content.decode()
    assert "Table 1: 1 Ada Lovelace (1230)" in page
    assert "Table 2: 7 Augusta De Morgan (1700)" in page
    public = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "Pivot: totals" in public and "1700" in public
    # the other prize rule: the table winners in order, as far as the prizes go
    event.conditions = {"pivot_prizes": "table_winners", "prizes_per_field": 1}
    event.save()
    page = director_client.get(reverse("td_standings", args=[session.pk])).content.decode()
    assert "1st: 7 Augusta De Morgan (1700)" in page and "Table 1:" not in page
    # a correction keeps the old value in the history
    post = {"action": "score", "round": 1, "table": 1, "ns_points": 540, "ew_points": 180,
            "finished": "yes"}  # fmt: skip
    director_client.post(url, post)
    row = SocialTableScore.objects.get(round_number=1, table_number=1)
    assert row.history[0]["ns_points"] == 520 and row.history[0]["changed_by"] == "director"
    # the movement can no longer change
    response = director_client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "pivot", "boards_per_round": 1}
    )
    assert response.status_code == 400


BAKER = {  # (round, table): (ns, ew, finished, ns_games, ew_games), as test_social.BAKER
    (1, 1): (60, 0, "yes", 0, 0),
    (1, 2): (0, 24, "yes", 0, 0),
    (2, 1): (280, 30, "yes", 0, 0),
    (2, 2): (16, 300, "yes", 0, 0),
}


def test_baker_is_scored_by_player_and_by_the_two_teams(director_client, event, session, players):
    section = _social_session(director_client, event, session, players, "baker", 8)
    _run(director_client, session)
    url = reverse("td_social", args=[section.pk])
    for (rnd, table), (ns, ew, fin, g1, g2) in BAKER.items():
        post = {"action": "score", "round": rnd, "table": table, "ns_points": ns,
                "ew_points": ew, "finished": fin, "ns_games": g1, "ew_games": g2}  # fmt: skip
        assert director_client.post(url, post).status_code == 302
    # an unfinished rubber before the 24th hand is refused
    post = {"action": "score", "round": 3, "table": 1, "ns_points": 40, "ew_points": 0,
            "finished": "no", "ns_games": 1, "ew_games": 0}  # fmt: skip
    response = director_client.post(url, post)
    assert response.status_code == 400 and "24th hand" in response.content.decode()
    # the last round (9): four x (1+4 v 6+7 at stage 3) unfinished, 1+4 a game up
    post = {"action": "score", "round": 9, "table": 1, "ns_points": 40, "ew_points": 0,
            "finished": "no", "ns_games": 1, "ew_games": 0}  # fmt: skip
    assert director_client.post(url, post).status_code == 302
    page = director_client.get(reverse("td_standings", args=[session.pk])).content.decode()
    # 1: 60 + 16 + (40 + 125) = 241; 2: 60 + 16 = 76; 7 and 8: 300; 5 and 6: 280
    # match of A's captain: A 60 + 16 + 165 = 241, B 0 + 300 = 300 → −59
    # match of B's captain: A 24 + 30 = 54, B 280 → −226; team A −285, team B +285
    assert "Baker&#x27;s two matches" in page or "Baker's two matches" in page
    assert "team A -285, team B +285" in page
    assert "<td>241</td>" in page


def test_the_duplicate_individual_stays_a_condition(director_client, event, session, players):
    section = _social_session(director_client, event, session, players, "baker", 8)
    event.conditions = {"social_scoring": "duplicate"}
    event.save()
    page = director_client.get(reverse("td_social", args=[section.pk])).content.decode()
    assert "scored as a duplicate individual" in page
    post = {"action": "score", "round": 1, "table": 1, "ns_points": 60, "ew_points": 0,
            "finished": "yes"}  # fmt: skip
    assert director_client.post(reverse("td_social", args=[section.pk]), post).status_code == 400
    assert not SocialTableScore.objects.exists()


def test_another_clubs_director_cannot_reach_the_scores(
    director_client, client, outsider, event, session, players
):
    section = _social_session(director_client, event, session, players, "pivot", 4)
    client.force_login(outsider)
    post = {"action": "score", "round": 1, "table": 1, "ns_points": 60, "ew_points": 0}
    assert client.post(reverse("td_social", args=[section.pk]), post).status_code in (403, 404)
    assert not SocialTableScore.objects.exists()


@pytest.mark.parametrize("bad", [{"ns_points": "-5"}, {"ns_points": "abc"}, {"table": "7"}])
def test_bad_input_is_refused_at_the_field(director_client, event, session, players, bad):
    section = _social_session(director_client, event, session, players, "pivot", 4)
    post = {"action": "score", "round": 1, "table": 1, "ns_points": 60, "ew_points": 0,
            "finished": "yes", **bad}  # fmt: skip
    response = director_client.post(reverse("td_social", args=[section.pk]), post)
    assert response.status_code == 400
    assert not SocialTableScore.objects.exists()


def test_the_pivot_pair_round_robin_runs_as_a_session(director_client, event, session, players):
    event.format = "pairs"
    event.game = "auction"
    event.save()
    section = Section.objects.create(session=session, name="A")
    for i in range(6):
        director_client.post(
            reverse("td_sign_in", args=[section.pk]),
            {"player1": players[2 * i].pk, "player2": players[2 * i + 1].pk},
        )
    response = director_client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "pivot-pair", "boards_per_round": 1}
    )
    assert response.status_code == 302
    _run(director_client, session)
    url = reverse("td_social", args=[section.pk])
    # deal 1: pivot pair 6 v 3 at table 1, 1 v 4 at table 2, 2 v 5 at table 3
    for table, (ns, ew) in enumerate([(30, 0), (0, 44), (18, 0)], start=1):
        post = {"action": "score", "round": 1, "table": table, "ns_points": ns,
                "ew_points": ew, "finished": "yes"}  # fmt: skip
        assert director_client.post(url, post).status_code == 302
    page = director_client.get(url).content.decode()
    assert "Pivot-pair round robin: totals" in page
    assert "3 of 15 table-rounds in" in page


def test_the_social_cards_print_each_players_points(director_client, event, session, players):
    import io

    from pypdf import PdfReader

    section = _social_session(director_client, event, session, players, "pivot", 4)
    _run(director_client, session)
    url = reverse("td_social", args=[section.pk])
    for rnd, (ns, ew) in enumerate(PIVOT_TABLE_1, start=1):
        post = {"action": "score", "round": rnd, "table": 1, "ns_points": ns, "ew_points": ew,
                "finished": "yes"}  # fmt: skip
        director_client.post(url, post)
    response = director_client.get(reverse("session_print", args=[session.pk, "social-cards"]))
    assert response.status_code == 200
    text = [p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages]
    assert len(text) == 4 and "1 · Ada Lovelace" in text[0]
    assert "Total 1230" in text[0].replace("\n", " ")


def test_the_public_page_shows_where_to_sit_in_the_round_being_played(
    director_client, client, event, session, players
):
    section = _social_session(director_client, event, session, players, "pivot", 4)
    _run(director_client, session)
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "section A, round 1" in page
    url = reverse("td_social", args=[section.pk])
    post = {"action": "score", "round": 1, "table": 1, "ns_points": 520, "ew_points": 180,
            "finished": "yes"}  # fmt: skip
    director_client.post(url, post)
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    # rubber 2: the player on the pivot's right (4, John Herschel) partners her
    assert "section A, round 2" in page and "S John Herschel" in page


def test_the_social_pivot_of_eight_is_the_books_game_at_auction_only(
    director_client, event, session, players
):
    section = _social_session(director_client, event, session, players, "individual", 8)
    page = director_client.get(reverse("td_social", args=[section.pk])).content.decode()
    assert "Social pivot: totals" in page and "0 of 14 table-rounds in" in page
    event.game = "contract"  # a contract individual stays a duplicate individual…
    event.save()
    page = director_client.get(reverse("td_social", args=[section.pk])).content.decode()
    assert "scored as a duplicate individual" in page
    event.conditions = {"social_scoring": "book"}  # …unless the condition says otherwise
    event.save()
    page = director_client.get(reverse("td_social", args=[section.pk])).content.decode()
    assert "Social pivot: totals" in page
