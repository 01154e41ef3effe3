"""A whole 5-table Mitchell evening through the TD's console, checked against matchpoints
computed here by hand (plain arithmetic, not the scoring engine)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.models import BoardResult, ResultAudit, Standings
from tournament.models import Event, Session

#: results whose N-S score does not depend on vulnerability (part scores and a pass-out)
RESULTS = {"PASS": 0, "1NT S 8": 120, "2S E 8": -110, "3C N 9": 110, "1H W 9": -140, "2NT N 8": 120}
TEXTS = list(RESULTS)


def text_for(board: int, ns: int) -> str:
    return TEXTS[(board * 7 + ns * 3) % len(TEXTS)]


def matchpoints(scores: dict[int, int]) -> dict[int, Fraction]:
    """EBU matchpoints of N-S: 2 for each N-S score beaten, 1 for each equalled."""
    return {
        ns: Fraction(sum(2 if s > o else 1 if s == o else 0 for m, o in scores.items() if m != ns))
        for ns, s in scores.items()
    }


def setup_evening(client, club, players, pairs=10):
    response = client.post(reverse("td_event_new", args=[club.slug]), {
        "name": "Club pairs", "kind": "one_off", "game": "contract",
        "scoring_method": "matchpoints", "format": "pairs", "prizes_per_field": 2,
        "tie_rule": "share", "adjusted_policy": "60/40", "provisional_hours": 48,
    })  # fmt: skip
    event = Event.objects.get(name="Club pairs")
    assert response.status_code == 302 and event.conditions["provisional_hours"] == 48
    client.post(reverse("td_event", args=[event.pk]), {"name": "Evening", "date": "2026-11-03"})
    session = Session.objects.get(event=event)
    client.post(reverse("td_section_new", args=[session.pk]), {"name": "A"})
    section = session.sections.get()
    for i in range(pairs):
        a, b = players[2 * i], players[2 * i + 1] if 2 * i + 1 < len(players) else None
        data = {"player1": a.pk}
        data.update({"player2": b.pk} if b else {"new_player2": f"Visitor {i}"})
        assert client.post(reverse("td_sign_in", args=[section.pk]), data).status_code == 302
    return event, session, section


@pytest.mark.django_db
def test_a_five_table_mitchell_evening(director_client, club, players):
    client = director_client
    event, session, section = setup_evening(client, club, players)
    page = client.get(reverse("td_session_movement", args=[session.pk]))
    assert b"mitchell: 5 tables" in page.content
    client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "mitchell", "boards_per_round": 3}
    )
    section.refresh_from_db()
    assert section.movement_kind == "mitchell"
    response = client.post(reverse("td_boards", args=[session.pk]), {"seed": "tuesday"})
    assert response.status_code == 302 and session.board_set.boards.count() == 15
    client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_evening"}
    )  # deal: play needs the boards
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})

    movement = section.get_movement()
    schedule = {}  # board -> {ns: (ew, round, table)}
    for rnd in movement.rounds:
        for st in rnd.tables:
            for b in movement.boards_for(st):
                schedule.setdefault(b, {})[st.ns] = (st.ew, rnd.number, st.table)
    # boards 1-7 by traveller, the rest by pick-up slip
    for board in range(1, 8):
        page = client.get(reverse("td_traveller", args=[section.pk, board]))
        assert (
            page.status_code == 200
            and page.content.count(b'class="entry-form result-row open"') == 5
        )
        for ns, (ew, rnd, _table) in schedule[board].items():
            r = client.post(reverse("td_result", args=[section.pk]),
                            {"board": board, "ns": ns, "ew": ew, "round": rnd,
                             "result": text_for(board, ns)}, HTTP_HX_REQUEST="true")  # fmt: skip
            assert r.status_code == 200, r.content.decode()
    for rnd in movement.rounds:
        for st in rnd.tables:
            slip_url = reverse("td_slip", args=[section.pk, rnd.number, st.table])
            assert client.get(slip_url).status_code == 200
            for b in movement.boards_for(st):
                if b >= 8:
                    client.post(reverse("td_result", args=[section.pk]),
                                {"board": b, "ns": st.ns, "ew": st.ew, "round": rnd.number,
                                 "result": text_for(b, st.ns), "next": slip_url})  # fmt: skip
            client.post(reverse("td_confirm", args=[section.pk]),
                        {"table": st.table, "round": rnd.number})  # fmt: skip
    assert BoardResult.objects.filter(section=section).count() == 75
    assert not BoardResult.objects.filter(section=section, status="entered").exists()

    # correct one confirmed result: the reason is required
    row = BoardResult.objects.get(section=section, board_number=1, ns_entry__number=1)
    url = reverse("td_correct", args=[row.pk])
    new_text = "3C N 9" if text_for(1, 1) != "3C N 9" else "2S E 8"
    bad = client.post(
        url,
        {
            "board": 1,
            "ns": 1,
            "ew": row.ew_entry.number,
            "result": new_text,
            "reason": "",
            "version": row.version,
        },
    )
    assert bad.status_code == 400 and b"give the reason" in bad.content
    assert f'value="{new_text}"'.encode() in bad.content  # what was typed is kept
    ok = client.post(url, {"board": 1, "ns": 1, "ew": row.ew_entry.number, "result": new_text,
                           "reason": "N-S slip misread", "version": row.version})  # fmt: skip
    assert ok.status_code == 302
    audit = client.get(reverse("td_board", args=[section.pk, 1]))
    assert b"N-S slip misread" in audit.content
    assert ResultAudit.objects.filter(section=section, action="correct").count() == 1

    # finalise
    client.post(reverse("td_status", args=[session.pk]), {"to": "provisional"})
    client.post(
        reverse("td_status", args=[session.pk]), {"to": "final", "override": "no protests (test)"}
    )
    session.refresh_from_db()
    assert session.status == "final"

    # independent computation
    texts = {(b, ns): text_for(b, ns) for b in schedule for ns in schedule[b]}
    texts[1, 1] = new_text
    total: dict[int, Fraction] = {}
    for b, seats in schedule.items():
        ns_mp = matchpoints({ns: RESULTS[texts[b, ns]] for ns in seats})
        for ns, mp in ns_mp.items():
            total[ns] = total.get(ns, 0) + mp
            ew = seats[ns][0]
            total[ew] = total.get(ew, 0) + (8 - mp)
    data = Standings.objects.get(session=session).data
    fields = {f["name"]: f["standings"] for f in data["sections"][0]["fields"]}
    for name, members in (("NS", range(1, 6)), ("EW", range(6, 11))):
        got = {s["entry"]: Fraction(str(s["percent"])) for s in fields[name]}
        for pair in members:
            expected = total[pair] * 100 / (15 * 8)
            assert abs(got[pair] - expected) < Fraction(1, 100), (name, pair)
        best = sorted(members, key=lambda p: total[p], reverse=True)
        prizes = [p for p in data["prizes"] if p["field"] == name]
        winners = {p["entry"] for p in prizes if 1 in p["prizes"]}
        top = {p for p in members if total[p] == total[best[0]]}
        assert winners == top
    page = client.get(reverse("td_standings", args=[session.pk]))
    assert page.status_code == 200 and b"Prize list" in page.content
    csv = client.get(reverse("td_standings", args=[session.pk]) + "?_export=csv")
    assert csv["Content-Type"].startswith("text/csv") and b"Players" in csv.content
    csv = client.get(reverse("td_travellers", args=[section.pk]) + "?_export=csv")
    assert csv.content.count(b"\n") == 76
