"""Auction and whist results entered through the console (traveller and pick-up slip), checked
row by row and against standings computed here by hand from the laws.

Auction (1926, LAWS.md §6.3): tricks over the book score C 6, D 7, H 8, S 9, NT 10 each;
30 or more in tricks on one deal adds 125 (SC-A-7); a defeated contract gives the adversaries
50 a trick; honours go to their holders; each revoke costs 50 (Law 7, §7.4). A table's result
is the difference of the two sides' totals, + for one pair and − for the other (SC-D-1, TC-1:
420 v 310 → "110 plus" / "110 minus"); a pair's score is its net (SC-D-2).
Whist (§6.1): every trick counts; N-S enter their tricks and E-W have 13 − N-S.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.urls import reverse

from scoring.models import BoardResult, Standings

from .helpers import finish, new_event, new_session, post_row, schedule, sign_in

VALUES = {"C": 6, "D": 7, "H": 8, "S": 9, "NT": 10}

#: (board, N-S pair) -> (result, extra fields); everything else is passed out
AUCTION = {
    (3, 1): ("3NT N 9", {"honours_ns": 30}),
    (3, 4): ("2H E 7", {"honours_ew": 30}),
    (5, 2): ("1S S 8", {"revokes_ew": 1}),
    (1, 4): ("4S W 10", {"honours_ns": 40}),
}


def auction_totals(text: str, extra: dict) -> tuple[int, int]:
    """(N-S total, E-W total) of one deal, from the 1926 laws as summarised above."""
    ns = ew = 0
    if text != "PASS":
        contract, declarer, tricks = text.split()
        level, strain, tricks = int(contract[0]), contract[1:], int(tricks)
        points = (tricks - 6) * VALUES[strain] if tricks >= 6 + level else 0
        under = 50 * max(0, 6 + level - tricks)
        made = points + (125 if points >= 30 else 0)
        if declarer in "NS":
            ns, ew = ns + made, ew + under
        else:
            ns, ew = ns + under, ew + made
    ns += extra.get("honours_ns", 0) + 50 * extra.get("revokes_ew", 0)
    ew += extra.get("honours_ew", 0) + 50 * extra.get("revokes_ns", 0)
    return ns, ew


def table_result(ns_total: int, ew_total: int) -> tuple[int, int]:
    """Deduct the lower total from the higher: + for one pair, − for the other (SC-D-1)."""
    return ns_total - ew_total, ew_total - ns_total


def test_the_seeds_round_example():
    assert table_result(420, 310) == (110, -110)  # TC-1 [002 L2988–2995]


def evening(client, club, players, game, method):
    event = new_event(client, club, name=f"{game} night", game=game, scoring_method=method)
    session, section = new_session(client, event)
    for i in range(4):
        sign_in(client, section, players[2 * i : 2 * i + 2])
    client.post(
        reverse("td_movement", args=[section.pk]), {"kind": "howell", "boards_per_round": 2}
    )
    client.post(
        reverse("td_boards", args=[session.pk]), {"seed": "test_auction_whist"}
    )  # deal: play needs the boards
    client.post(reverse("td_status", args=[session.pk]), {"to": "running"})
    section.refresh_from_db()
    return session, section


def enter(client, section, fields_for):
    """Boards 1–3 by traveller (each page first), the rest by pick-up slip."""
    for board, ns, ew, rnd, table in schedule(section):
        page = "td_traveller" if board <= 3 else "td_slip"
        args = [section.pk, board] if board <= 3 else [section.pk, rnd, table]
        assert client.get(reverse(page, args=args)).status_code == 200
        data = {"board": board, "ns": ns, "ew": ew, "round": rnd, **fields_for(board, ns)}
        r = post_row(client, section, **data)
        assert r.status_code == 200, r.content.decode()


def scores(session) -> dict[int, str]:
    data = Standings.objects.get(session=session).data
    return {s["entry"]: s["score"] for f in data["sections"][0]["fields"] for s in f["standings"]}


@pytest.mark.django_db
def test_auction_with_honours_and_revokes_is_scored_by_net_plus(director_client, club, players):
    session, section = evening(director_client, club, players, "auction", "net")

    def fields(board, ns):
        text, extra = AUCTION.get((board, ns), ("PASS", {}))
        return {"result": text, **extra}

    enter(director_client, section, fields)
    row = BoardResult.objects.get(section=section, board_number=5, ns_entry__number=2)
    assert (row.contract, row.declarer, row.tricks, row.revokes_ew) == ("1S", "S", 8, 1)
    row = BoardResult.objects.get(section=section, board_number=3, ns_entry__number=4)
    assert (row.contract, row.declarer, row.tricks, row.honours_ew) == ("2H", "E", 7, 30)
    assert BoardResult.objects.filter(section=section).count() == 12

    net = {p: 0 for p in range(1, 5)}
    for board, ns, ew, _rnd, _table in schedule(section):
        text, extra = AUCTION.get((board, ns), ("PASS", {}))
        ns_net, ew_net = table_result(*auction_totals(text, extra))
        net[ns] += ns_net
        net[ew] += ew_net
    # by hand: board 3 pair 1 +185 (30 + 125 + 30 aces) v 3, pair 4 +20 (50 − 30) v 2;
    # board 5 pair 2 +68 (18 + 50 revoke) v 1; board 1 pair 4 −121 (40 − 161) v 1
    assert net == {1: 185 - 68 + 121, 2: -20 + 68, 3: -185, 4: 20 - 121}
    finish(director_client, session)
    got = scores(session)
    assert {p: float(got[p]) for p in got} == {p: float(v) for p, v in net.items()}


def whist_tricks(board: int, ns: int) -> int:
    return 4 + (board * 3 + ns) % 6  # 4..9 tricks to N-S


@pytest.mark.django_db
def test_whist_tricks_by_ns_show_ew_as_thirteen_less(director_client, club, players):
    session, section = evening(director_client, club, players, "whist", "tricks")
    enter(director_client, section, lambda b, ns: {"result": str(whist_tricks(b, ns))})
    row = BoardResult.objects.get(section=section, board_number=1, ns_entry__number=4)
    assert row.tricks_ns == whist_tricks(1, 4) and row.contract == ""
    page = director_client.get(reverse("td_traveller", args=[section.pk, 1]))
    assert f"{whist_tricks(1, 4)} tricks".encode() in page.content
    finish(director_client, session)
    data = Standings.objects.get(session=session).data
    scored = {(b["board"], r["ns"]): r for b in data["sections"][0]["boards"] for r in b["results"]}
    total = {p: 0 for p in range(1, 5)}
    over = {p: Fraction(0) for p in range(1, 5)}
    by_board: dict[int, list] = {}
    for board, ns, ew, _rnd, _table in schedule(section):
        tricks = whist_tricks(board, ns)
        assert scored[board, ns]["ew_points"] == 13 - tricks  # E-W shown as 13 − N-S
        total[ns] += tricks
        total[ew] += 13 - tricks
        by_board.setdefault(board, []).append((ns, ew, tricks))
    assert sum(total.values()) == 13 * 12
    # ranked on the same deals [002 L3972–3975]: each deal's tricks less its direction average
    for plays in by_board.values():
        mean = Fraction(sum(t for _ns, _ew, t in plays), len(plays))
        for ns, ew, t in plays:
            over[ns] += t - mean
            over[ew] += (13 - t) - (13 - mean)
    assert {p: float(v) for p, v in scores(session).items()} == {
        p: float(round(v, 2)) for p, v in over.items()
    }
    rows = {s["entry"]: s for f in data["sections"][0]["fields"] for s in f["standings"]}
    assert {p: rows[p]["tricks"] for p in rows} == total
