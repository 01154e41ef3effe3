"""The movement step with the appendix Mitchell [15] and the endless Howell [22]: offered for
the number present, chosen on the page, stored checked, and their cards downloaded."""

from __future__ import annotations

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from tournament.models import Player
from tournament.setup import selectors as setup_selectors

from .test_evening import setup_evening


def cards(client, session, document) -> list[str]:
    response = client.get(reverse("session_print", args=[session.pk, document]))
    assert response.status_code == 200, response.content[:300]
    return [p.extract_text() for p in PdfReader(io.BytesIO(b"".join(response))).pages]


def row(rnd: int, ns: int, ew: int, boards: str, then: str) -> str:
    """A table-card row: round, N-S and E-W numbers (each followed by the pair's names, lines
    that are not a bare number), the boards, then where everyone goes."""
    names = r"(?:(?!\d+\n).*\n)*?"
    return rf"(?m)^{rnd}\n{ns}\n{names}{ew}\n{names}{boards}\n{then}"


@pytest.mark.django_db
def test_an_appendix_mitchell_for_twelve_pairs(director_client, club, players):
    client = director_client
    more = [Player.objects.create(club=club, name=f"Member {i}") for i in range(24 - len(players))]
    event, session, section = setup_evening(client, club, players + more, pairs=12)
    offered = [r.kind for r in setup_selectors.recommendations(12, event)]
    assert "appendix-mitchell" in offered
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "appendix-mitchell", "boards_per_round": 3, "rounds": 4})  # fmt: skip
    assert r.status_code == 400 and "plays 5 rounds, not 4" in r.content.decode()
    section.refresh_from_db()
    assert not section.movement  # nothing half-saved
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "appendix-mitchell", "boards_per_round": 3})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    mv = section.get_movement()
    assert section.movement_kind == "appendix-mitchell"
    assert (mv.tables, mv.round_count, mv.total_boards, mv.share_sets) == (6, 5, 15, True)
    page = client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert "Chosen: appendix-mitchell" in page
    table6 = cards(client, session, "table-cards")[5]
    # round 1 at the appendix table: moving N-S 6 v stationary E-W 12 on table 1's boards 1-3
    assert re.search(row(1, 6, 12, "1–3", "N-S to table 2\nE-W stay"), table6), table6
    assert table6.count("share with table 1") == 5
    personal = "\n".join(cards(client, session, "personal-cards"))
    assert "\nPair 1 —" not in personal and "\nPair 12 —" not in personal  # they stay
    seven = personal[personal.index("\nPair 7 —") : personal.index("\nPair 8 —")]
    # docs/movements.md: pair 7 goes to tables 1, 3, 5, 2, 4 and meets N-S 1 to 5 in turn
    for rnd, table, ns, boards in ((1, 1, 1, "1–3"), (2, 3, 2, "10–12"), (3, 5, 3, "4–6"),
                                   (4, 2, 4, "13–15"), (5, 4, 5, "7–9")):  # fmt: skip
        assert f"\n{rnd} {table} E-W {ns} {boards}\n" in seven + "\n", seven


@pytest.mark.django_db
def test_an_endless_howell_for_seven_pairs_and_a_phantom(director_client, club, players):
    client = director_client
    event, session, section = setup_evening(client, club, players, pairs=7)
    offered = [(r.kind, r.rounds) for r in setup_selectors.recommendations(7, event)]
    assert ("endless-howell", 7) in offered
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "endless-howell", "boards_per_round": 3, "rounds": 5})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    mv = section.get_movement()
    assert (mv.round_count, mv.phantom, mv.meet, mv.share_sets) == (5, 8, "at_most_once", True)
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "endless-howell", "boards_per_round": 3})  # fmt: skip
    section.refresh_from_db()
    mv = section.get_movement()
    assert (mv.round_count, mv.meet, mv.share_sets) == (7, "exactly_once", False)
    assert [st.set for st in mv.rounds[0].tables] == [1, 3, 5, 2]  # [22]'s board lists
    table2 = cards(client, session, "table-cards")[1]
    assert re.search(row(1, 7, 2, "7–9", "N-S to table 3\nE-W to table 1"), table2), table2
    assert table2.count("sit-out") == 0
    table1 = cards(client, session, "table-cards")[0]
    assert table1.count("sit-out") == 7  # pair 8, N-S at table 1, is absent every round
