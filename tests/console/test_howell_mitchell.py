"""The movement step with the Howell-Mitchell hybrid (bridgecentral.com, "The perfect
Howell-Mitchell movement"): offered for 21 pairs (11 tables, a phantom), a wrong number of
rounds refused with nothing saved, chosen, stored checked, and its table cards printed with the
Howell tables sent to the Mitchell table whose boards they share."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tournament.models import Player
from tournament.setup import selectors as setup_selectors

from .test_appendix_endless import cards, row
from .test_evening import setup_evening


@pytest.mark.django_db
def test_a_howell_mitchell_for_twenty_one_pairs(director_client, club, players):
    client = director_client
    more = [Player.objects.create(club=club, name=f"Member {i}") for i in range(42 - len(players))]
    event, session, section = setup_evening(client, club, players + more, pairs=21)
    offered = [(r.kind, r.rounds) for r in setup_selectors.recommendations(21, event)]
    assert ("howell-mitchell", 7) in offered
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "howell-mitchell", "boards_per_round": 3, "rounds": 6})  # fmt: skip
    assert r.status_code == 400 and "plays 7 rounds, not 6" in r.content.decode()
    section.refresh_from_db()
    assert not section.movement  # nothing half-saved
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "howell-mitchell", "boards_per_round": 3})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    mv = section.get_movement()
    assert section.movement_kind == "howell-mitchell"
    assert (mv.tables, mv.round_count, mv.total_boards, mv.phantom) == (11, 7, 21, 22)
    assert (
        "Chosen: howell-mitchell"
        in client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    )
    tables = cards(client, session, "table-cards")
    # Mitchell table 3: N-S 3 stays, E-W 10 then 9 …, boards 7-9 go down to table 2
    assert re.search(row(1, 3, 10, "7–9", "N-S stay\nE-W to table 4\nboards to table 2"),
                     tables[2]), tables[2]  # fmt: skip
    # the Howell's stationary pair 22 is the phantom: its table sits out every round
    assert tables[7].count("sit-out") == 7
    # Howell table 9, round 1: 20 v 17 on set 5, the boards of Mitchell table 5
    assert re.search(row(1, 20, 17, "13–15", ""), tables[8]), tables[8]
    assert "share with table 5" in tables[8]
