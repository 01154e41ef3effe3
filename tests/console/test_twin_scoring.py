"""Twin sections scored across both sections (the event's condition "Twin sections: score
each board across both sections", scoring.engine.twins): each board's N-S results of both
sections are one field, top over all of them (SCORING.md §4, §6), counted here by hand."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.models import Standings
from tournament.interchange.selectors import export_usebio
from tournament.models import Player
from tournament.setup.sharing import share_boards

from .helpers import finish, new_event, new_session, play
from .test_evening import RESULTS, matchpoints
from .test_twin_sections import choose, pdf_pages, share, text_in


def twin_evening(client, club, **conditions):
    """Sections A and B of 3 tables, the same Mitchell, B playing A's boards, every board
    played (a different pattern of results in each section)."""
    people = [Player.objects.create(club=club, name=f"Member {i:02}") for i in range(24)]
    event = new_event(client, club, **conditions)
    session, a = new_session(client, event)
    client.post(reverse("td_section_new", args=[session.pk]), {"name": "B"})
    b = session.sections.get(name="B")
    for k, section in enumerate((a, b)):
        for i in range(6):
            pair = people[12 * k + 2 * i : 12 * k + 2 * i + 2]
            data = {"player1": pair[0].pk, "player2": pair[1].pk}
            assert client.post(reverse("td_sign_in", args=[section.pk]), data).status_code == 302
        assert choose(client, section).status_code == 302
    assert share(client, b, a).status_code == 302
    client.post(reverse("td_boards", args=[session.pk]), {"seed": "twin scoring"})
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    for section in (a, b):
        section.refresh_from_db()
        play(client, section, lambda board, ns, s=section.name: {"result": text_in(s, board, ns)})
    finish(client, session)
    return session, a, b


def board_mps(movement) -> dict[tuple[str, int, int], Fraction]:
    """(section, board, N-S pair) → N-S matchpoints over both sections: each board has 6 N-S
    results (3 a section), top 10 (EBU: 2 for each N-S score beaten, 1 for each equalled)."""
    out = {}
    plays = [(st.ns, board) for rnd in movement.rounds for st in rnd.tables
             for board in movement.boards_for(st)]  # fmt: skip
    for board in {p[1] for p in plays}:
        seats = {(name, ns): RESULTS[text_in(name, board, ns)]
                 for name in "AB" for ns, b in plays if b == board}  # fmt: skip
        for (name, ns), mp in matchpoints(seats).items():
            out[(name, board, ns)] = mp
    return out


def by_hand(movement) -> dict[tuple[str, int], Fraction]:
    """(section, pair) → its matchpoints over both sections (E-W: 10 − N-S's on the board)."""
    mps, total = board_mps(movement), {}
    for rnd in movement.rounds:
        for st in rnd.tables:
            for board in movement.boards_for(st):
                for name in "AB":
                    mp = mps[(name, board, st.ns)]
                    total[(name, st.ns)] = total.get((name, st.ns), 0) + mp
                    total[(name, st.ew)] = total.get((name, st.ew), 0) + 10 - mp
    return total


@pytest.mark.django_db
def test_twin_sections_are_matchpointed_across_both_sections(director_client, club):
    client = director_client
    form = client.get(reverse("td_event_new", args=[club.slug])).content.decode()
    assert "Twin sections: score each board across both sections" in form
    session, a, b = twin_evening(client, club, twin_scoring="on")
    assert session.event.condition("twin_scoring") is True
    data = Standings.objects.get(session=session).data
    total = by_hand(a.get_movement())
    # each section's standings: its own pairs, the matchpoints of the whole field (top 10,
    # 9 boards: 90 a pair), placed among themselves
    for part in data["sections"]:
        assert part["top"] == 10
        got = {s["entry"]: s for f in part["fields"] for s in f["standings"]}
        assert set(got) == set(range(1, 7))
        for pair, s in got.items():
            mp = total[(part["name"], pair)]
            assert abs(Fraction(str(s["score"])) - mp) < Fraction(1, 100), (part["name"], pair)
            assert abs(Fraction(str(s["percent"])) - mp * 100 / 90) < Fraction(1, 100)
        for f in part["fields"]:
            scores = [s["score"] for s in f["standings"]]
            assert scores == sorted(scores, reverse=True) and f["standings"][0]["rank"] in "1=1"
        for board in part["boards"]:  # each section's own 3 results of the board
            assert len(board["results"]) == 3
    # one ranking per direction across both sections, each pair with its section
    (across,) = data["twins"]
    assert across["sections"] == ["A", "B"] and across["top"] == 10
    for f in across["fields"]:
        rows = f["standings"]
        assert len(rows) == 6 and {r["section"] for r in rows} == {"A", "B"}
        hand = sorted((total[(r["section"], r["entry"])] for r in rows), reverse=True)
        assert [Fraction(str(r["score"])) for r in rows] == [round(m, 2) for m in hand]
        best = max(rows, key=lambda r: r["score"])
        assert best["rank"] in ("1", "=1")
    # USEBIO: section B's lines carry their matchpoints over both sections
    usebio = export_usebio(session, "B")
    got = sorted(Fraction(v) for v in re.findall(r"<NS_MATCH_POINTS>([0-9.]+)<", usebio))
    want = sorted(mp for (name, _, _), mp in board_mps(a.get_movement()).items() if name == "B")
    assert got == want and max(got) > 4  # more than a section's own top
    # the standings CSV has the ranking across sections, each pair with its section
    csv = b"".join(client.get(reverse("td_standings", args=[session.pk]) + "?_export=csv"))
    assert "Across sections" in csv.decode() and "A+B" in csv.decode()
    # the standings page shows the ranking across sections, with the section letters
    for name in ("td_standings", "session_standings"):
        page = client.get(reverse(name, args=[session.pk])).content.decode()
        assert "Across sections A and B" in page, name
    # B back on its own boards: the standings follow at once, each section alone (top 4)
    share_boards(b, None)
    data = Standings.objects.get(session=session).data
    assert "twins" not in data and [p["top"] for p in data["sections"]] == [4, 4]


@pytest.mark.django_db
def test_twin_shares_on_personal_cards_and_the_public_movement_grid(director_client, club):
    client = director_client
    session, a, b = twin_evening(client, club)
    # the E-W pairs 4-6 move: every round at table k, beside the other section's table k
    cards_b = "\n".join(pdf_pages(client, session, "personal-cards", "B"))
    cards_a = "\n".join(pdf_pages(client, session, "personal-cards", "A"))
    assert [cards_b.count(f"share with table A{k}") for k in (1, 2, 3)] == [3, 3, 3]
    assert [cards_a.count(f"share with table B{k}") for k in (1, 2, 3)] == [3, 3, 3]
    page = client.get(reverse("session", args=[session.pk])).content.decode()
    grids = page[page.index('id="movement-A"') :]
    b_grid = grids[grids.index('id="movement-B"') :]
    assert b_grid.count("(share with table A2)") == 3  # table B2, every round
    assert grids[: grids.index('id="movement-B"')].count("(share with table B2)") == 3


@pytest.mark.django_db
def test_without_the_condition_each_section_is_scored_alone(director_client, club):
    session, a, b = twin_evening(director_client, club)
    data = Standings.objects.get(session=session).data
    assert "twins" not in data
    assert [part["top"] for part in data["sections"]] == [4, 4]
