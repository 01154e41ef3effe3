"""Twin sections through the console: section B plays section A's boards, table k beside
table k (docs/movements.md "Twin sections"; bridgecentral.com "Twin Mitchells").

The boards are dealt once for both sections, the sharing is checked with both movements,
the table cards say "share with table A2", and each section is scored on its own (SCORING.md
§6: one field per direction in a Mitchell), checked against matchpoints counted here."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from django.urls import reverse
from pypdf import PdfReader

from scoring.models import BoardResult, Standings
from tournament.models import Player

from .helpers import finish, new_event, new_session, play
from .test_evening import RESULTS, TEXTS, matchpoints


def text_in(section_name: str, board: int, ns: int) -> str:
    """A different result pattern in each section, so a cross-section count would differ."""
    shift = 0 if section_name == "A" else 2
    return TEXTS[(board * 5 + ns * 3 + shift) % len(TEXTS)]


def pdf_pages(client, session, document, section) -> list[str]:
    url = reverse("session_print", args=[session.pk, document]) + f"?section={section}"
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    return [p.extract_text() for p in PdfReader(io.BytesIO(b"".join(response))).pages]


def share(client, section, other):
    url = reverse("td_share_boards", args=[section.pk])
    return client.post(url, {"shares_boards_with": other.pk if other else ""})


def choose(client, section, boards_per_round=3):
    url = reverse("td_movement", args=[section.pk])
    return client.post(url, {"kind": "mitchell", "boards_per_round": boards_per_round})


def twin_setup(client, club):
    people = [Player.objects.create(club=club, name=f"Member {i:02}") for i in range(24)]
    event = new_event(client, club)
    session, a = new_session(client, event)
    client.post(reverse("td_section_new", args=[session.pk]), {"name": "B"})
    b = session.sections.get(name="B")
    for k, section in enumerate((a, b)):
        for i in range(6):
            pair = people[12 * k + 2 * i : 12 * k + 2 * i + 2]
            data = {"player1": pair[0].pk, "player2": pair[1].pk}
            assert client.post(reverse("td_sign_in", args=[section.pk]), data).status_code == 302
    return session, a, b


@pytest.mark.django_db
def test_section_b_plays_section_a_boards_and_each_section_is_scored_alone(director_client, club):
    client = director_client
    session, a, b = twin_setup(client, club)

    # no movement yet: refused at the field, nothing saved
    r = share(client, b, a)
    assert r.status_code == 400 and "Choose the movement of section A and B first." in (
        r.content.decode()
    )
    # A with 3 boards a round, B with 2: B's sets sit beside the wrong tables
    assert choose(client, a).status_code == 302 and choose(client, b, 2).status_code == 302
    r = share(client, b, a)
    page = r.content.decode()
    assert r.status_code == 400 and "cannot share one copy of the boards" in page
    assert "P5: round 1: board 3 at table A1 and table B2 in the same round" in page
    b.refresh_from_db()
    assert b.shares_boards_with is None
    # the same Mitchell in both sections: declared
    assert choose(client, b).status_code == 302
    assert share(client, b, a).status_code == 302
    b.refresh_from_db()
    assert b.shares_boards_with == a
    movement_page = client.get(reverse("td_session_movement", args=[session.pk])).content
    assert b"Plays section A's boards: table k shares with table Ak" in movement_page
    # a movement that no longer fits the twin is refused while the sharing stands
    r = choose(client, b, 2)
    assert r.status_code == 400 and "cannot share one copy of the boards" in r.content.decode()
    b.refresh_from_db()
    assert b.get_movement().boards_per_round == 3
    # A cannot play B's boards in turn: B is not offered, and a forged choice is refused
    r = share(client, a, b)
    assert r.status_code == 400 and "Select a valid choice" in r.content.decode()
    a.refresh_from_db()
    assert a.shares_boards_with is None

    # the boards are dealt once: one set of 9 boards for both sections
    client.post(reverse("td_boards", args=[session.pk]), {"seed": "twin sections"})
    assert session.board_set.boards.count() == 9
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})

    # the table cards: every round at B2 shares with A2, and A2's cards say B2
    b_cards = pdf_pages(client, session, "table-cards", "B")
    a_cards = pdf_pages(client, session, "table-cards", "A")
    assert len(b_cards) == 3 and b_cards[1].count("share with table A2") == 3
    assert a_cards[1].count("share with table B2") == 3
    assert "share with table A2" not in b_cards[0] + b_cards[2]
    assert "Section B plays section A's boards" in b_cards[0]
    master = "\n".join(pdf_pages(client, session, "master-sheet", "B"))
    assert "table Bk shares with table Ak" in master
    # the boards' pages are printed once: in section A's pack, not again in B's
    a_pack = "\n".join(pdf_pages(client, session, "pack", "A"))
    b_pack = "\n".join(pdf_pages(client, session, "pack", "B"))
    assert "Hand records" in a_pack and "Hand records" not in b_pack
    assert "share with table A2" in b_pack

    for section in (a, b):
        section.refresh_from_db()
        play(client, section, lambda board, ns, s=section.name: {"result": text_in(s, board, ns)})
    assert BoardResult.objects.filter(section__session=session).count() == 2 * 3 * 9
    finish(client, session)

    data = Standings.objects.get(session=session).data
    movement = a.get_movement()
    for part in data["sections"]:
        name = part["name"]
        total: dict[int, Fraction] = {}
        for rnd in movement.rounds:
            for st in rnd.tables:
                for board in movement.boards_for(st):
                    # each board has 3 results in the section (top 4): its own field only
                    seats = {
                        s2.ns: RESULTS[text_in(name, board, s2.ns)]
                        for r2 in movement.rounds
                        for s2 in r2.tables
                        if board in movement.boards_for(s2)
                    }
                    mp = matchpoints(seats)[st.ns]
                    total[st.ns] = total.get(st.ns, 0) + mp
                    total[st.ew] = total.get(st.ew, 0) + 4 - mp
        fields = {f["name"]: f["standings"] for f in part["fields"]}
        got = {s["entry"]: Fraction(str(s["percent"])) for f in fields.values() for s in f}
        assert set(got) == set(range(1, 7))
        for pair, mp in total.items():
            assert abs(got[pair] - mp * 100 / 36) < Fraction(1, 100), (name, pair)
    # the two sections' percentages differ: the results were not pooled across sections
    a_part, b_part = data["sections"]
    assert a_part["fields"] != b_part["fields"]
