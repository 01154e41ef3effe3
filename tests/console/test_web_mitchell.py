"""The movement step with the web Mitchell [16][17]: offered for twenty pairs, a wrong number of
rounds refused at the field with nothing saved, chosen on the page, stored checked, and its
table cards and travellers say which copy of the boards each table holds."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import Player
from tournament.setup import selectors as setup_selectors

from .test_appendix_endless import cards, row
from .test_evening import setup_evening


@pytest.mark.django_db
def test_a_web_mitchell_for_twenty_pairs(director_client, club, players):
    client = director_client
    more = [Player.objects.create(club=club, name=f"Member {i}") for i in range(40 - len(players))]
    event, session, section = setup_evening(client, club, players + more, pairs=20)
    offered = [(r.kind, r.rounds) for r in setup_selectors.recommendations(20, event)]
    assert ("web-mitchell", 9) in offered
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "web-mitchell", "boards_per_round": 2, "rounds": 8})  # fmt: skip
    assert r.status_code == 400 and "choose 5, 7, 9" in r.content.decode()
    section.refresh_from_db()
    assert not section.movement  # nothing half-saved
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "web-mitchell", "boards_per_round": 2, "rounds": 7})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    mv = section.get_movement()
    assert section.movement_kind == "web-mitchell"
    assert (mv.tables, mv.round_count, mv.total_boards) == (10, 7, 14)
    assert mv.circuits == ((1, 2, 3, 4, 5), (6, 7, 8, 9, 10))  # kept with the section
    page = client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert "Chosen: web-mitchell" in page
    table9 = cards(client, session, "table-cards")[8]
    # the published layout: table 9 starts copy B with set 1 and plays 1, 7, 6 … (boards 1-2,
    # then 13-14); its boards go down to table 8, E-W up to table 10
    assert re.search(row(1, 9, 19, "1–2", "N-S stay\nE-W to table 10\nboards to table 8\ncopy B"),
                     table9), table9  # fmt: skip
    assert re.search(row(2, 9, 18, "13–14", "N-S stay\nE-W to table 10"), table9), table9
    table1 = cards(client, session, "table-cards")[0]
    assert re.search(row(1, 1, 11, "1–2", "N-S stay\nE-W to table 2\nboards to a relay\ncopy A"),
                     table1), table1  # fmt: skip
    travellers = "\n".join(cards(client, session, "travellers"))
    assert travellers.count("copy A") == 14 and travellers.count("copy B") == 14
