"""Issue 18's "smaller" list: sit-outs read as sit-outs (scorecard and "During play"), pairs
with no result are not ranked at 0 %, rulings in words, the correction form of the event's
game only, whist E-W scores from E-W's side."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from scoring.models import BoardResult, Standings
from tournament.play import selectors as play_selectors

from .helpers import finish, new_event, new_session, post_row, schedule, sign_in


def evening(client, club, players, pairs, game="contract", method="matchpoints", kind="howell"):
    event = new_event(client, club, name=f"{game} {pairs}", game=game, scoring_method=method)
    session, section = new_session(client, event)
    for i in range(pairs):
        sign_in(client, section, players[2 * i : 2 * i + 2])
    client.post(reverse("td_movement", args=[section.pk]), {"kind": kind, "boards_per_round": 1})
    client.post(reverse("td_boards", args=[session.pk]), {"seed": "smaller-list"})
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    return session, section


def enter_all(client, section, result_for):
    for board, ns, ew, rnd, _table in schedule(section):
        r = post_row(client, section, board=board, ns=ns, ew=ew, round=rnd,
                     **result_for(board, ns))  # fmt: skip
        assert r.status_code == 200, r.content.decode()[-1500:]


def text(response) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.django_db
def test_a_sit_out_reads_sit_out_on_the_scorecard_and_during_play(director_client, club, players):
    session, section = evening(director_client, club, players, 5)
    movement = section.get_movement()
    phantom = movement.phantom
    assert phantom is not None  # 5 pairs: one sits out every round
    # before any result: the table with the phantom is the sit-out table, not "finished"
    rows = play_selectors.progress(section)
    first = movement.round(1)
    sit = next(st for st in first.tables if phantom in (st.ns, st.ew))
    sitting = sit.ew if sit.ns == phantom else sit.ns
    row = next(t for t in rows if t.table == sit.table)
    assert row.sit_out == sitting and "finished" not in row.label and "sit-out" in row.label
    assert all(t.round == 1 for t in rows if t.table != sit.table)
    page = director_client.get(reverse("td_session_play", args=[session.pk]))
    assert f"pair {sitting} sits out" in text(page)

    enter_all(director_client, section, lambda b, ns: {"result": "3NT S 9"})
    finish(director_client, session)
    assert session.status == "final"
    # every pair sits out once; its card says so and never "no result yet"
    for pair in range(1, 6):
        card = director_client.get(reverse("scorecard", args=[session.pk, "A", pair]))
        assert card.status_code == 200
        body = text(card)
        assert "no result yet" not in body and f"v {phantom}" not in body
        assert "Sit-out" in body
        sat_out = [
            r
            for r in movement.rounds
            if pair in (st.ns for st in r.tables if st.ew == phantom)
            or pair in (st.ew for st in r.tables if st.ns == phantom)
        ]  # noqa: E501
        assert len(sat_out) == body.count("Sit-out: no opponents") >= 1


@pytest.mark.django_db
def test_pairs_with_no_result_have_no_percentage_and_rank_after(director_client, club, players):
    session, section = evening(director_client, club, players, 6, kind="mitchell")
    plays = schedule(section)
    first = [p for p in plays if p[3] == 1 and p[4] == 1]  # table 1, round 1 only
    for board, ns, ew, rnd, _t in first:
        post_row(director_client, section, board=board, ns=ns, ew=ew, round=rnd, result="4S N 10")
    data = Standings.objects.get(session=session).data
    played = {first[0][1], first[0][2]}
    for field in data["sections"][0]["fields"]:
        rows = field["standings"]
        seen_unplayed = False
        for row in rows:
            if row["entry"] in played:
                assert not seen_unplayed and row["percent"] == 50.0 and row["rank"] == "1"
            else:
                seen_unplayed = True
                assert row["percent"] is None and row["boards_played"] == 0
                assert row["rank"] == f"={1 + sum(r['entry'] in played for r in rows)}"
    page = text(director_client.get(reverse("session", args=[session.pk])))
    assert not re.search(r"(?<![\d.])0\.0(?!\d)", page) and "— —" in page


@pytest.mark.django_db
def test_rulings_are_listed_in_words(director_client, club, players):
    session, section = evening(director_client, club, players, 6, kind="mitchell")
    board, ns, ew, rnd, _t = schedule(section)[0]
    post_row(director_client, section, board=board, ns=ns, ew=ew, round=rnd, result="3NT S 9")
    r = director_client.post(reverse("td_ruling", args=[section.pk, board]),
                             {"kind": "ave_plus_minus", "ns": ns, "ew": ew, "side": "NS",
                              "reason": "N-S slow play"})  # fmt: skip
    assert r.status_code == 302
    page = text(director_client.get(reverse("td_board", args=[section.pk, board])))
    assert "ave_plus_minus" not in page and "{" not in page.split("Rulings", 1)[1]
    assert f"Ave+ to one side, Ave− to the other: N-S {ns} v E-W {ew}: N-S 40 %, E-W 60 %" in page
    assert "N-S slow play" in page


@pytest.mark.parametrize(
    ("game", "method", "shown", "absent"),
    [
        ("contract", "matchpoints", {"result", "lead", "adjusted"},
         {"honours_ns", "honours_ew", "tricks_ns", "revokes_ns", "revokes_ew"}),
        ("auction", "net", {"result", "honours_ns", "honours_ew", "revokes_ns", "revokes_ew"},
         {"tricks_ns"}),
        ("whist", "tricks", {"tricks_ns", "revokes_ns", "revokes_ew", "adjusted"},
         {"result", "lead", "honours_ns", "honours_ew"}),
    ],
)  # fmt: skip
@pytest.mark.django_db
def test_the_correction_form_shows_only_the_games_fields(
    director_client, club, players, game, method, shown, absent
):
    session, section = evening(director_client, club, players, 6, game, method, "mitchell")
    board, ns, ew, rnd, _t = schedule(section)[0]
    entry = {"whist": {"tricks_ns": 7}}.get(game, {"result": "PASS"})
    assert post_row(director_client, section, board=board, ns=ns, ew=ew, round=rnd,
                    **entry).status_code == 200  # fmt: skip
    row = BoardResult.objects.get(section=section)
    page = director_client.get(reverse("td_correct", args=[row.pk])).content.decode()
    names = set(re.findall(r'<(?:input|select)[^>]*name="([a-z_]+)"', page))
    assert shown <= names and not names & absent, names
    fixed = {"whist": {"tricks_ns": 8}}.get(game, {"result": "1NT N 7"})
    data = {"board": board, "ns": ns, "ew": ew, "round": rnd, "version": row.version,
            "reason": "typo", **fixed}  # fmt: skip
    assert director_client.post(reverse("td_correct", args=[row.pk]), data).status_code == 302


@pytest.mark.django_db
def test_the_whist_scorecard_shows_ew_their_own_tricks(director_client, club, players):
    session, section = evening(director_client, club, players, 4, "whist", "tricks")

    def tricks(board, ns):
        return 4 + (board * 3 + ns) % 6

    enter_all(director_client, section, lambda b, ns: {"tricks_ns": tricks(b, ns)})
    finish(director_client, session)
    for board, ns, ew, _rnd, _t in schedule(section):
        for pair, own in ((ns, tricks(board, ns)), (ew, 13 - tricks(board, ns))):
            card = director_client.get(reverse("scorecard", args=[session.pk, "A", pair]))
            html = card.content.decode()
            row = re.search(rf'href="[^"]*/board/{board}/?"[^>]*>{board}</a></td>(.*?)</tr>',
                            html, re.S)  # fmt: skip
            cells = re.findall(r'<td class="num">([^<]*)</td>', row.group(1))
            # tricks, score, points (as 2-d.p. or whole numbers): all the pair's own, positive
            assert [float(c) for c in cells[:3]] == [own, own, own], (pair, board, cells)


def test_one_number_format_per_column():
    from scoring.tables import StandingsTable, TravellerTable
    from tournament.printing.documents.common import PrintData
    from tournament.printing.documents.results import field_table

    rows = [
        {"rank": "1", "entry": 3, "name": "A & B", "score": 136.6, "percent": 56.92,
         "boards_played": 24},
        {"rank": "2", "entry": 1, "name": "C & D", "score": 136.0, "percent": 50.5,
         "boards_played": 24},
        {"rank": "3", "entry": 2, "name": "E & F", "score": 0.0, "percent": None,
         "boards_played": 0},
    ]  # fmt: skip
    table = StandingsTable(rows)
    cells = [[str(table.rows[i].get_cell(c)) for c in ("score", "percent")] for i in range(3)]
    assert cells == [["136.60", "56.92"], ["136.00", "50.50"], ["—", "—"]]
    whole = StandingsTable([{**r, "score": float(int(r["score"]))} for r in rows[:2]])
    assert [str(r.get_cell("score")) for r in whole.rows] == ["136", "136"]
    travellers = TravellerTable([{"board": 1, "ns": 1, "ew": 2, "ns_points": 2.5,
                                  "ew_points": 1.0}])  # fmt: skip
    assert [str(travellers.rows[0].get_cell(c)) for c in ("ns_points", "ew_points")] == [
        "2.50", "1.00"]  # fmt: skip
    grid = field_table(PrintData(title="t"), {"name": "all", "standings": rows})[0]
    printed = [[str(c) for c in row[3:]] for row in grid.rows[1:]]
    assert printed == [["136.60", "56.92"], ["136.00", "50.50"], ["—", ""]]
