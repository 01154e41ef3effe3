"""A rover Mitchell evening through the TD's console: 11 pairs on 5 tables and a rover,
offered for the number present, chosen on the page, every result entered on the travellers,
the standings checked against matchpoints counted here (plain arithmetic, not the scoring
engine), the pairs that sat out factored up by 5/4; and the cards show the rover's seat and
who sits out each round."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.models import Standings
from tournament.models import Player
from tournament.setup import selectors as setup_selectors

from .helpers import finish, post_row
from .test_appendix_endless import cards
from .test_evening import RESULTS, matchpoints, setup_evening, text_for

#: round -> table where the rover (pair 11) plays N-S instead of the table's pair: the book's
#: "table 2 on the second round, then up two tables" on 5 tables (docs/movements.md)
ROVER_AT = {2: 2, 3: 4, 4: 1, 5: 3}


def by_hand() -> dict[int, dict[int, int]]:
    """board -> {N-S pair: E-W pair}: N-S stay, E-W up one, boards (one a round) down one."""
    plays: dict[int, dict[int, int]] = {}
    for r in range(5):
        for t in range(1, 6):
            ns = 11 if ROVER_AT.get(r + 1) == t else t
            ew = 5 + (t - 1 - r) % 5 + 1
            board = (t - 1 + r) % 5 + 1
            plays.setdefault(board, {})[ns] = ew
    return plays


@pytest.mark.django_db
def test_a_rover_mitchell_evening(director_client, club, players):
    client = director_client
    more = [Player.objects.create(club=club, name=f"Member {i}") for i in range(22 - len(players))]
    event, session, section = setup_evening(client, club, players + more, pairs=11)
    offered = {r.kind: r for r in setup_selectors.recommendations(11, event)}
    assert (offered["rover-mitchell"].tables, offered["rover-mitchell"].rounds) == (5, 5)
    page = client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert "Another movement" in page  # the rover is chosen there, by its name
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "rover-mitchell", "boards_per_round": 1})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    movement = section.get_movement()
    assert (section.movement_kind, movement.tables, movement.phantom) == ("rover-mitchell", 5, None)
    assert [rnd.sit_out for rnd in movement.rounds] == [(11,), (2,), (4,), (1,), (3,)]

    tables = cards(client, session, "table-cards")
    assert "rover 11 plays N-S; pair 2 sits out" in tables[1]  # table 2, round 2
    assert "rover 11 plays N-S; pair 1 sits out" in tables[0]  # table 1, round 4
    personal = "\n".join(cards(client, session, "personal-cards"))
    eleven = personal[personal.index("\nPair 11 —") :]
    assert "\n1 — sit out" in eleven and "\n2 2 N-S 6 3\n" in eleven, eleven
    two = personal[personal.index("\nPair 2 —") :]
    assert "\n2 — sit out" in two, two
    master = "\n".join(cards(client, session, "master-sheet"))
    sit_out_column = [line.rsplit(" ", 1)[1] for line in master.splitlines() if " v " in line]
    assert sit_out_column == ["11", "2", "4", "1", "3"], master

    client.post(reverse("td_boards", args=[session.pk]), {"seed": "rover"})
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    plays = by_hand()
    engine = {b: {st.ns: st.ew for rnd in movement.rounds for st in rnd.tables
                  if b in movement.boards_for(st)} for b in range(1, 6)}  # fmt: skip
    assert engine == plays
    rounds = {(st.ns, b): rnd.number for rnd in movement.rounds for st in rnd.tables
              for b in movement.boards_for(st)}  # fmt: skip
    for board, seats in plays.items():
        for ns, ew in seats.items():
            data = {"board": board, "ns": ns, "ew": ew, "round": rounds[ns, board],
                    "result": text_for(board, ns)}  # fmt: skip
            assert post_row(client, section, **data).status_code == 200
    finish(client, session)
    assert session.status == "final"

    total: dict[int, Fraction] = {}
    played: dict[int, int] = {}
    for board, seats in plays.items():  # five results a board: top 8 on every board
        ns_mp = matchpoints({ns: RESULTS[text_for(board, ns)] for ns in seats})
        for ns, mp in ns_mp.items():
            for pair, points in ((ns, mp), (seats[ns], 8 - mp)):
                total[pair] = total.get(pair, 0) + points
                played[pair] = played.get(pair, 0) + 1
    assert [played[p] for p in range(1, 12)] == [4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 4]
    data = Standings.objects.get(session=session).data
    fields = {f["name"]: f["standings"] for f in data["sections"][0]["fields"]}
    assert {s["entry"] for s in fields["NS"]} == {1, 2, 3, 4, 5, 11}
    assert {s["entry"] for s in fields["EW"]} == {6, 7, 8, 9, 10}
    for rows in fields.values():
        for s in rows:
            pair = s["entry"]
            factored = total[pair] * 5 / played[pair]  # sat out one round: × 5/4
            assert abs(Fraction(str(s["score"])) - factored) < Fraction(1, 100), pair
            percent = total[pair] * 100 / (8 * played[pair])
            assert abs(Fraction(str(s["percent"])) - percent) < Fraction(1, 100), pair
        order = [s["entry"] for s in rows]
        scores = [total[p] * 5 / played[p] for p in order]
        assert scores == sorted(scores, reverse=True)


@pytest.mark.django_db
def test_the_movement_step_offers_the_rover_for_thirteen_pairs(director_client, club, players):
    """13 pairs: the rover Mitchell (6 tables, a skip Mitchell base) is among the choices on the
    page, and its Choose button's form stores it."""
    client = director_client
    more = [Player.objects.create(club=club, name=f"Member {i}") for i in range(26 - len(players))]
    event, session, section = setup_evening(client, club, players + more, pairs=13)
    page = client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert 'name="kind" value="rover-mitchell"' in page
    assert "rover-mitchell: 6 tables, 5 rounds × 5 boards = 30 boards" in page  # in play
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "rover-mitchell", "boards_per_round": 5, "rounds": 5})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    movement = section.get_movement()
    assert (movement.tables, movement.skip_after, movement.rounds[0].sit_out) == (6, 3, (13,))
    page = client.get(reverse("td_session_movement", args=[session.pk])).content.decode()
    assert "Chosen: rover-mitchell" in page
    assert "2 <small>(2 sits out)</small>" in page and "1 <small>(13 sits out)</small>" in page


#: 7 pairs, 3 tables and the rover, one board a round: (board, N-S pair) -> (E-W, round,
#: the result); the seats follow the rules in words (N-S stay, E-W up one, boards down one;
#: the rover, pair 7, at table 2 in round 2 and, 3 being divisible by 3, table 3 in round 3,
#: where it meets pair 4 again)
SEVEN = {
    (1, 1): (4, 1, "1NT S 8"), (2, 2): (5, 1, "PASS"), (3, 3): (6, 1, "3C N 9"),
    (2, 1): (6, 2, "1H W 9"), (3, 7): (4, 2, "3C N 9"), (1, 3): (5, 2, "2S E 8"),
    (3, 1): (5, 3, "2S E 8"), (1, 2): (6, 3, "3C N 9"), (2, 7): (4, 3, "2NT N 8"),
}  # fmt: skip


@pytest.mark.django_db
def test_seven_pairs_scored_by_hand_with_the_sit_outs_factored(director_client, club, players):
    """Matchpoints by hand (top 4: 2 for each N-S score beaten, 1 for each equalled):
    board 1: pair 1 +120 → 4, pair 2 +110 → 2, pair 3 −110 → 0;
    board 2: pair 7 +120 → 4, pair 2 pass → 2, pair 1 −140 → 0;
    board 3: pairs 3 and 7 +110 → 3 each, pair 1 −110 → 0.
    N-S: pair 1 4 on 3 boards; pairs 2 (4), 3 (3) and 7 (7) on 2 boards, factored × 3/2 to
    6, 4.5 and 10.5: 7, 2, 3, 1 (unfactored pair 1 would share second with pair 2).
    E-W (4 − N-S): pair 4 0+1+0 = 1, pair 5 2+4+4 = 10, pair 6 1+4+2 = 7, none sat out."""
    client = director_client
    event, session, section = setup_evening(client, club, players, pairs=7)
    r = client.post(reverse("td_movement", args=[section.pk]),
                    {"kind": "rover-mitchell", "boards_per_round": 1})  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    section.refresh_from_db()
    movement = section.get_movement()
    assert [rnd.sit_out for rnd in movement.rounds] == [(7,), (2,), (3,)]
    engine = {(b, st.ns): (st.ew, rnd.number) for rnd in movement.rounds for st in rnd.tables
              for b in movement.boards_for(st)}  # fmt: skip
    assert engine == {key: value[:2] for key, value in SEVEN.items()}
    client.post(reverse("td_boards", args=[session.pk]), {"seed": "rover seven"})
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    for (board, ns), (ew, rnd, text) in SEVEN.items():
        data = {"board": board, "ns": ns, "ew": ew, "round": rnd, "result": text}
        assert post_row(client, section, **data).status_code == 200
    finish(client, session)
    data = Standings.objects.get(session=session).data
    fields = {f["name"]: f["standings"] for f in data["sections"][0]["fields"]}
    ns = [(s["entry"], Fraction(str(s["score"])), s["percent"]) for s in fields["NS"]]
    # percentages: the matchpoints won of those there were to win on the boards played
    assert ns == [
        (7, Fraction(21, 2), 87.5),
        (2, 6, 50.0),
        (3, Fraction(9, 2), 37.5),
        (1, 4, 33.33),
    ]
    ew = [(s["entry"], Fraction(str(s["score"]))) for s in fields["EW"]]
    assert ew == [(5, 10), (6, 7), (4, 1)]
    card = client.get(reverse("scorecard", args=[session.pk, "A", 2])).content.decode()
    assert "Round 2 · sits out</h2>" in card and "the rover) plays in this seat" in card
    assert "Round 3 · table 2 · N-S</h2>" in card
    card = client.get(reverse("scorecard", args=[session.pk, "A", 7])).content.decode()
    assert "Round 1 · sits out</h2>" in card and "Round 2 · table 2 · N-S</h2>" in card
