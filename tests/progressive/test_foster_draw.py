"""Foster's prize draw on the console, as the book ran it at the Ritz-Carlton [002 L2794–2846]
(TC-12, TC-13, TC-14): the 100 numbers sealed before play (SHA-256), the sealed list printed,
one number drawn in public when the scores are in, nearest score first, ties drawn; the seal
checked afterwards on the public page.

The book's example: 1,442 drawn, the winners in order 1,443, 1,438, 1,447, 1,448, 1,435, 1,434
[002 L2841–2843].  A pivot evening of eight is played to give exactly those totals (the
rubbers worked out below by hand).
"""

from __future__ import annotations

import hashlib
import io
import json
import random

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.console.test_social_games import _run, _social_session
from tournament.models import FosterDraw, ProgressivePrizeTie
from tournament.prizes import foster_selectors, foster_services

# Pivot at table 1: rubber 1 N-S 1+2 v 3+4, rubber 2 1+4 v 3+2, rubber 3 1+3 v 4+2.
# 1: 480 + 500 + 463 = 1443;  2: 480 + 497 + 461 = 1438;  3: 487 + 497 + 463 = 1447;
# 4: 487 + 500 + 461 = 1448.
TABLE_1 = [(480, 487), (500, 497), (463, 461)]
# Table 2 the same with 5–8: 5: 400 + 560 + 475 = 1435;  6: 400 + 499 + 535 = 1434;
# 7: 526 + 499 + 475 = 1500;  8: 526 + 560 + 535 = 1621.
TABLE_2 = [(400, 526), (560, 499), (475, 535)]
BOOK_ORDER = [1443, 1438, 1447, 1448, 1435, 1434]


@pytest.fixture
def pivot(director_client, event, session, players):
    return _social_session(director_client, event, session, players, "pivot", 8)


def play(client, section):
    url = reverse("td_social", args=[section.pk])
    for table, rubbers in ((1, TABLE_1), (2, TABLE_2)):
        for rnd, (ns, ew) in enumerate(rubbers, start=1):
            post = {"action": "score", "round": rnd, "table": table, "ns_points": ns,
                    "ew_points": ew, "finished": "yes"}  # fmt: skip
            assert client.post(url, post).status_code == 302


@pytest.mark.django_db
def test_tc13_the_books_draw_sealed_drawn_in_public_and_checked(director_client, session, pivot):
    anonymous = Client()
    url = reverse("td_foster", args=[pivot.pk])
    assert "Seal the 100 numbers" in director_client.get(url).content.decode()
    # a start outside its band is refused at the field, nothing sealed
    r = director_client.post(url, {"action": "seal", "start_1400": "1404", "start_1600": "1605"})
    assert r.status_code == 400 and "start_1600" in r.content.decode()
    assert not FosterDraw.objects.exists()
    # the manager starts the 1400s at 1,402 (so 1,442 is among them) [002 L2825–2829]
    assert director_client.post(url, {"action": "seal", "start_1400": "1402"}).status_code == 302
    draw = FosterDraw.objects.get()
    assert len(draw.numbers) == 100 and 1442 in draw.numbers and 1443 not in draw.numbers
    counts = [sum(lo <= n < lo + 100 for n in draw.numbers) for lo in range(1400, 2100, 100)]
    assert counts == [25, 25, 20, 10, 10, 5, 5]  # TC-12
    payload = json.dumps(
        {"numbers": sorted(draw.numbers), "salt": draw.salt}, separators=(",", ":")
    )
    assert draw.digest == hashlib.sha256(payload.encode()).hexdigest()
    # the seal is public before play; the list and its salt are not
    public = anonymous.get(reverse("session", args=[session.pk])).content.decode()
    assert draw.digest in public and draw.salt not in public and "1442, 1446" not in public
    # the sealed list prints for the envelope (the TD's)
    pdf = director_client.get(
        reverse("session_print", args=[session.pk, "foster-slips"]), {"section": "A"}
    )
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "1,442" in text and "1,402" in text and "2,0" in text and draw.digest[:20] in text
    slips = anonymous.get(reverse("session_print", args=[session.pk, "foster-slips"]))
    assert slips.status_code in (302, 403)
    # sealed once: a second seal is refused
    assert director_client.post(url, {"action": "seal"}).status_code == 400

    # no draw before the scores are in
    r = director_client.post(url, {"action": "draw", "number": "1442"})
    assert r.status_code == 400 and "scores are in" in r.content.decode()
    _run(director_client, session)
    play(director_client, pivot)
    # a number not in the envelope is refused
    r = director_client.post(url, {"action": "draw", "number": "1443"})
    assert r.status_code == 400 and "not one of the sealed numbers" in r.content.decode()
    assert director_client.post(url, {"action": "draw", "number": "1442"}).status_code == 302

    result = foster_selectors.result(pivot)
    assert result["verified"] and result["ties"] == []
    assert [r["score"] for r in result["rows"][:6]] == BOOK_ORDER
    assert [r["player"] for r in result["rows"]] == [1, 2, 3, 4, 5, 6, 7, 8]
    page = director_client.get(url).content.decode()
    assert "Drawn: 1442" in page and "The seal matches the list" in page
    public = anonymous.get(reverse("session", args=[session.pk])).content.decode()
    assert draw.salt in public and "1442, 1446" in public
    # a list changed after sealing no longer matches its seal
    other = next(n for n in range(2099, 1399, -1) if n not in draw.numbers)
    FosterDraw.objects.filter(pk=draw.pk).update(numbers=[*draw.numbers[:-1], other])
    assert foster_selectors.result(pivot)["verified"] is False
    assert "The seal does not match the list" in director_client.get(url).content.decode()


@pytest.mark.django_db
def test_tc14_equal_distances_are_drawn_for_and_the_slips_recorded(director_client, session, pivot):
    foster_services.seal(pivot, offsets={1400: 2}, rng=random.Random(1))
    _run(director_client, session)
    play(director_client, pivot)
    # The TD corrects table 1's first rubber, N-S 480 → 484: 1 and 2 score 4 more.
    # Totals: 1: 1,447; 2: 1,442; 3: 1,447; 4: 1,448; 5: 1,435; 6: 1,434; 7: 1,500; 8: 1,621.
    url = reverse("td_social", args=[pivot.pk])
    post = {"action": "score", "round": 1, "table": 1, "ns_points": 484, "ew_points": 487,
            "finished": "yes"}  # fmt: skip
    assert director_client.post(url, post).status_code == 302
    foster_services.draw(pivot, number=1438)
    # 1,438 drawn (1,402 + 9 × 4): 5 is 3 away; 2 (1,442, above) and 6 (1,434, below) are
    # both 4 away, and 1 and 3 have equal scores (1,447), 9 away: two ties to draw [002 L2843–2846]
    result = foster_selectors.result(pivot)
    assert result["ties"] == [[2, 6], [1, 3]] and result["order"] is None
    r = director_client.post(reverse("td_foster", args=[pivot.pk]),
                             {"action": "tie", "players": "2,5"})  # fmt: skip
    assert r.status_code == 400 and "not an open tie" in r.content.decode()
    for tied in ("2,6", "1,3"):
        r = director_client.post(reverse("td_foster", args=[pivot.pk]),
                                 {"action": "tie", "players": tied})  # fmt: skip
        assert r.status_code == 302
    kept = {t.players: t for t in ProgressivePrizeTie.objects.all()}
    assert set(kept) == {"foster:2,6", "foster:1,3"} and "slips" in kept["foster:2,6"].note
    result = foster_selectors.result(pivot)
    order = [r["player"] for r in result["rows"]]
    # 5 (1,435) is 3 away, first; then 2 and 6 in the drawn order; 4 (1,448) 10 away comes
    # after 1 and 3 (9 away)
    assert order[0] == 5 and order[1:3] == kept["foster:2,6"].order
    assert order[3:5] == kept["foster:1,3"].order and order[5:] == [4, 7, 8]
