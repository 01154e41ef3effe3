"""Law 4d, Law 7 and Law 12 of duplicate auction (1926) from the director's console: the
ruling forms on the board page, their field errors, the audit trail, the standings, the
traveller CSV and the public pages; protests filed, decided and blocking final.

Worked example (the auction evening of ``test_auction_whist``): board 3, N-S 1 v E-W 3,
3NT by N making 9 tricks with 30 for aces: 3 × 10 = 30 + 125 game + 30 = 185 to pair 1.
Board 5, N-S 2 v E-W 1, 1S by S making 8 tricks with an E-W revoke: 2 × 9 = 18 + 50 = 68
to pair 2. Every other board is passed out.
"""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from scoring.models import BoardResult, Protest, ResultAudit, Ruling
from tournament.models import Session
from tournament.printing.selectors import render

from .test_auction_whist import enter, evening, scores

RESULTS = {(3, 1): ("3NT N 9", {"honours_ns": 30}), (5, 2): ("1S S 8", {"revokes_ew": 1})}


def auction_evening(client, club, players, method="net"):
    session, section = evening(client, club, players, "auction", method)

    def fields(board, ns):
        text, extra = RESULTS.get((board, ns), ("PASS", {}))
        return {"result": text, **extra}

    enter(client, section, fields)
    return session, section


def rule(client, section, board, **data):
    return client.post(reverse("td_ruling", args=[section.pk, board]), data)


@pytest.mark.django_db
def test_law_4d_takes_50_points_off_the_pair_who_passed_the_board_on(
    director_client, club, players
):
    session, section = auction_evening(director_client, club, players)
    before = {p: float(v) for p, v in scores(session).items()}
    assert before[1] == 185 - 68 and before[3] == -185
    # the side is needed: the error is at the field, nothing is saved
    r = rule(director_client, section, 3, kind="passing_on", ns=1, reason="W held 14 cards")
    assert r.status_code == 400 and b"This ruling needs this field." in r.content
    assert not Ruling.objects.exists()
    # E-W 3 passed board 3 on to the next table with West holding 14 cards [002 L3311–3315]
    r = rule(director_client, section, 3, kind="passing_on", ns=1, side="EW",
             reason="W held 14 cards when the board reached the next table")  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    row = BoardResult.objects.get(section=section, board_number=3, ns_entry__number=1)
    assert (row.penalty_ns, row.penalty_ew) == (0, 50)
    after = {p: float(v) for p, v in scores(session).items()}
    assert after == {**before, 3: -185 - 50}  # nobody else moves
    audit = ResultAudit.objects.filter(section=section, board_number=3).first()
    assert audit.reason.startswith("Ruling: W held 14") and audit.new["penalty_ew"] == 50
    page = director_client.get(reverse("td_board", args=[section.pk, 3])).content.decode()
    assert "Passed on a wrong count (Law 4d)" in page and "E-W passed the board on" in page
    assert "E-W \u221250 (Law 4d)" in page  # the traveller's ruling column
    csv = director_client.get(reverse("td_travellers", args=[section.pk]), {"_export": "csv"})
    text = csv.content.decode()
    assert "Ruling" in text.splitlines()[0] and "E-W \u221250 (Law 4d)" in text
    pdf = render(session, "travellers")[2]  # the scored travellers in print
    printed = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "(Law 4d)" in " ".join(printed.split())
    # a later correction of the result keeps the ruling's penalty
    r = director_client.post(reverse("td_correct", args=[row.pk]), {
        "board": 3, "ns": 1, "ew": 3, "round": row.round_number, "result": "3NT N 10",
        "honours_ns": 30, "reason": "ten tricks, not nine", "version": row.version,
    })  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    row.refresh_from_db()
    assert row.tricks == 10 and row.penalty_ew == 50
    public = director_client.get(reverse("board", args=[session.pk, 3])).content.decode()
    assert "E-W −50 (Law 4d)" in public


@pytest.mark.django_db
def test_law_4d_is_refused_where_boards_are_matchpointed(director_client, club, players):
    session, section = auction_evening(director_client, club, players, method="matchpoints")
    r = rule(director_client, section, 3, kind="passing_on", ns=1, side="EW", reason="14 cards")
    assert r.status_code == 400 and b"total-point scoring" in r.content
    assert not Ruling.objects.exists()


@pytest.mark.django_db
def test_law_7_committee_figure_for_a_loss_beyond_the_revoke_penalty(
    director_client, club, players
):
    session, section = auction_evening(director_client, club, players)
    before = {p: float(v) for p, v in scores(session).items()}
    # no N-S revoke at that table: E-W cannot be the side that suffered
    r = rule(director_client, section, 5, kind="revoke_loss", ns=2, side="EW", points=100,
             reason="committee")  # fmt: skip
    assert r.status_code == 400 and b"No revoke by N-S is recorded" in r.content
    r = rule(director_client, section, 5, kind="revoke_loss", ns=2, side="NS", reason="x")
    assert r.status_code == 400 and b"This ruling needs this field." in r.content
    r = rule(director_client, section, 5, kind="revoke_loss", ns=2, side="NS", points=-5,
             reason="x")  # fmt: skip
    assert r.status_code == 400 and b"greater than or equal to 1" in r.content
    # the revoke cost N-S 2S doubled: the committee moves 100 more to N-S [002 L3350–3354]
    r = rule(director_client, section, 5, kind="revoke_loss", ns=2, side="NS", points=100,
             reason="Card Committee: the revoke cost N-S 100 beyond the penalty")  # fmt: skip
    assert r.status_code == 302, r.content.decode()[-1500:]
    assert BoardResult.objects.get(board_number=5, ns_entry__number=2).committee_ns == 100
    after = {p: float(v) for p, v in scores(session).items()}
    assert after == {**before, 2: before[2] + 100, 1: before[1] - 100}
    assert Ruling.objects.get(kind="revoke_loss").details["points"] == 100
    page = director_client.get(reverse("td_board", args=[section.pk, 5])).content.decode()
    assert "the committee adjusts 100 points to N-S" in page
    assert "committee +100 N-S (Law 7)" in page


@pytest.mark.django_db
def test_law_7_in_points_is_not_for_whist(director_client, club, players):
    session, section = evening(director_client, club, players, "whist", "tricks")
    enter(director_client, section, lambda b, ns: {"result": "7", "revokes_ew": 1})
    r = rule(director_client, section, 1, kind="revoke_loss", ns=1, side="NS", points=2,
             reason="x")  # fmt: skip
    assert r.status_code == 400 and b"Whist revoke penalties are in tricks" in r.content


@pytest.mark.django_db
def test_another_clubs_td_cannot_rule_or_hear_protests(director_client, client, outsider, club,
                                                      players):  # fmt: skip
    session, section = auction_evening(director_client, club, players)
    protest = Protest.objects.create(section=section, board_number=3, grounds="x",
                                     entry=section.entries.get(number=3),
                                     filed_at=timezone.now())  # fmt: skip
    client.force_login(outsider)
    assert (
        rule(client, section, 3, kind="passing_on", ns=1, side="EW", reason="x").status_code == 403
    )
    urls = [reverse("td_protest", args=[section.pk, 3]),
            reverse("td_protest_decide", args=[protest.pk])]  # fmt: skip
    for url in urls:
        assert client.post(url, {"entry": 3, "grounds": "x"}).status_code == 403
    assert client.get(reverse("td_protests", args=[session.pk])).status_code == 403
    assert Protest.objects.count() == 1 and not Ruling.objects.exists()


def file(client, section, board, **data):
    return client.post(reverse("td_protest", args=[section.pk, board]), data)


def decide(client, protest, **data):
    data = {f"p{protest.pk}-{k}": v for k, v in data.items()}
    return client.post(reverse("td_protest_decide", args=[protest.pk]), data)


@pytest.mark.django_db
def test_law_12_protests_are_filed_in_the_window_decided_finally_and_block_final(
    director_client, client, club, players
):
    """[002 L3406–3409]: disputes go to the committee, "its decisions shall be final";
    protests "must be filed within forty-eight hours following contest"."""
    session, section = auction_evening(director_client, club, players)
    r = file(director_client, section, 3, entry=3, grounds="")
    assert r.status_code == 400 and b"This field is required" in r.content
    r = file(director_client, section, 3, entry=99, grounds="x")
    assert r.status_code == 400 and b"There is no entry 99" in r.content
    r = file(director_client, section, 3, entry=3, grounds="N-S bid after the tray had passed")
    assert r.status_code == 302
    protest = Protest.objects.get()
    assert protest.entry.number == 3 and protest.status == "open"
    assert ResultAudit.objects.filter(board_number=3, action="protest").exists()
    # provisional; make final is refused while the protest is undecided, reason or not
    director_client.post(reverse("td_status", args=[session.pk]), {"to": "provisional"})
    url = reverse("td_status", args=[session.pk])
    r = director_client.post(url, {"to": "final", "override": "all heard"}, follow=True)
    assert "The committee has not decided the protest on board 3 (pair 3)" in r.content.decode()
    session.refresh_from_db()
    assert session.status == "provisional"
    home = director_client.get(reverse("td_session", args=[session.pk])).content.decode()
    assert "Protests (1 awaiting the committee)" in home
    # the public page does not show an undecided protest
    public = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "bid after the tray" not in public
    # the decision: field errors, then upheld, in the audit trail, final
    r = decide(director_client, protest, status="upheld", decision="")
    assert r.status_code == 400 and b"This field is required" in r.content
    r = decide(director_client, protest, status="maybe", decision="x")
    assert r.status_code == 400 and b"Select a valid choice" in r.content
    r = decide(director_client, protest, status="upheld",
               decision="Upheld: N-S score for board 3 stands at 185 less the Law 4d 50")  # fmt: skip
    assert r.status_code == 302
    protest.refresh_from_db()
    assert protest.status == "upheld" and protest.decided_at is not None
    audit = ResultAudit.objects.get(action="protest-decided")
    assert audit.board_number == 3 and audit.reason.startswith("Protest by 3 upheld: Upheld")
    r = decide(director_client, protest, status="dismissed", decision="second thoughts")
    assert r.status_code == 400 and b"its decision is final" in r.content
    page = director_client.get(reverse("td_protests", args=[session.pk])).content.decode()
    assert "bid after the tray" in page and "Upheld" in page
    board_page = director_client.get(reverse("td_board", args=[section.pk, 3])).content.decode()
    assert "protest-decided" in board_page and "bid after the tray" in board_page
    public = client.get(reverse("session", args=[session.pk])).content.decode()
    assert "Protests decided by the committee" in public and "stands at 185" in public
    # the window: 48 hours after the session became provisional
    Session.objects.filter(pk=session.pk).update(
        provisional_since=timezone.now() - dt.timedelta(hours=50)
    )
    r = file(director_client, section, 5, entry=1, grounds="late claim")
    assert r.status_code == 400 and b"The protest window closed at" in r.content
    when = (timezone.localtime() - dt.timedelta(hours=49)).strftime("%Y-%m-%d %H:%M")
    r = file(director_client, section, 5, entry=1, grounds="handed in on time", filed_at=when)
    assert r.status_code == 302  # handed in within the window, recorded later
    r = director_client.post(url, {"to": "final"}, follow=True)
    assert "has not decided the protest on board 5 (pair 1)" in r.content.decode()
    late = Protest.objects.get(board_number=5)
    assert decide(director_client, late, status="dismissed", decision="no case").status_code == 302
    r = director_client.post(url, {"to": "final"}, follow=True)
    session.refresh_from_db()
    assert session.status == "final", r.content.decode()[-2000:]
    r = file(director_client, section, 1, entry=2, grounds="too late")
    assert r.status_code == 400 and b"The results are final" in r.content


@pytest.mark.django_db
def test_ruling_points_and_protests_go_through_the_session_file(director_client, club, players):
    """An exported session keeps the Law 4d penalty, the Law 7 figure and the protests; its
    import scores the same and lists the same protests."""
    from tournament.interchange.selectors import export_session
    from tournament.interchange.services import import_session

    session, section = auction_evening(director_client, club, players)
    rule(director_client, section, 3, kind="passing_on", ns=1, side="EW", reason="14 cards")
    rule(director_client, section, 5, kind="revoke_loss", ns=2, side="NS", points=100,
         reason="committee")  # fmt: skip
    file(director_client, section, 3, entry=3, grounds="the count was right")
    protest = Protest.objects.get()
    decide(director_client, protest, status="dismissed", decision="the TD counted 14")
    data = export_session(session)
    results = data["sections"][0]["results"]
    assert {(r["board"], r.get("penalty_ew"), r.get("committee_ns")) for r in results
            if r.get("penalty_ew") or r.get("committee_ns")} == {(3, 50, None), (5, None, 100)}  # fmt: skip
    assert data["sections"][0]["protests"][0]["status"] == "dismissed"
    copy = import_session(data)
    assert scores(copy) == scores(session)
    kept = Protest.objects.get(section__session=copy)
    assert (kept.board_number, kept.entry.number, kept.decision) == (3, 3, "the TD counted 14")
    assert export_session(copy)["sections"] == data["sections"]
