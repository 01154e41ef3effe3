"""Issue 21's browser acceptance for Progressive Five Hundred: eight players at two four-hand
tables for three rounds through the UI alone — the event (Five Hundred hands chosen on the
form), sign-in, round 1 from the tally cards ("Table A 1" …; one and three partners against
two and four [002 L7370–7376]), each deal's points per side entered at the table on a phone
(390 × 844) with the adversary's O.K. or on the console, the winning partners progressing to
the next table [002 L7400–7406], the general score sheet (plus, minus, net) and the prizes.

Rounds 1 and 2 are those of tests/progressive/test_five_hundred_evening.py, added up by hand
there; round 3 is added up below.
"""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe

from .helpers import NAMES, make_club, new_session, seat_round_one, sign_in_players, sign_in_td
from .test_accessibility import OPTIONS

# each deal as (odd seats' points, even seats' points); minus is a set-back
ROUND_1 = {1: [(240, 20), (-180, 50), (30, 120), (20, 160)],  # A: 1, 3 110; 2, 4 350
           2: [(100, 40), (40, -300), (140, 30), (40, 60)]}  # B: 5, 7 320; 6, 8 -170  # fmt: skip
ROUND_2 = {
    1: [(120, 40), (-200, 50), (20, 160), (60, 40)],  # A (1 5 3 7): 1, 5 0; 3, 7 290
    2: [(30, 180), (220, 30), (-140, 40), (40, 100)],
}  # B (6 2 8 4): 6, 2 150; 8, 4 350
# round 3 at A (1 5 8 4): 1, 8 100 - 120 + 60 + 20 = 60; 5, 4 40 + 30 + 80 + 200 = 350
# at B (6 2 3 7): 6, 3 240 + 40 + 30 + 500 = 810; 2, 7 10 - 160 + 120 + 0 = -30
ROUND_3 = {1: [(100, 40), (-120, 30), (60, 80), (20, 200)],
           2: [(240, 10), (40, -160), (30, 120), (500, 0)]}  # fmt: skip
# (plus, minus, net) after three rounds: the first two rounds from the app test's SHEET
# plus round 3 (1 and 8: +180 −120; 5 and 4: +350; 6 and 3: +810; 2 and 7: +130 −160)
FINAL = {1: (670, 500, 170), 2: (770, 300, 470), 3: (1390, 180, 1210), 4: (1050, 0, 1050),
         5: (870, 200, 670), 6: (1230, 440, 790), 7: (740, 160, 580), 8: (660, 420, 240)}  # fmt: skip


def no_violations(tab) -> None:
    violations = Axe().run(tab, options=OPTIONS).response["violations"]
    assert not violations, [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


def phone_deal(phone, url, number: int, deal, sides, check: str = "") -> None:
    phone.goto(url)
    if check:
        assert check in phone.text_content("main")
    assert f"Deal {number} of 4" in phone.text_content("main")
    for label, value in zip(sides, deal, strict=True):
        phone.get_by_label(label).fill(str(value))
    phone.get_by_label("O.K.: an adversary has checked this deal.").check()
    phone.get_by_role("button", name=f"Save deal {number}").click()
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def console_deal(page, table: int, letter: str, number: int, deal) -> None:
    form = page.locator(f"#fh-deal-{table}")
    form.get_by_label("Deal", exact=True).fill(str(number))
    form.get_by_label(f"{letter} 1 & {letter} 3").fill(str(deal[0]))
    form.get_by_label(f"{letter} 2 & {letter} 4").fill(str(deal[1]))
    form.get_by_role("button", name="Keep deal").click()
    assert f"Table {letter}: deal {number} kept." in page.text_content("ul.messages")


def test_an_evening_of_progressive_five_hundred(page, phone, live_server, transactional_db):
    from tournament.models import Session

    make_club()
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Five Hundred night")
    page.get_by_label("Game").select_option("whist")
    page.get_by_label("Scoring method").select_option("tricks")
    page.get_by_label("Format").select_option("progressive")
    page.get_by_label("Progressive Five Hundred").select_option("4")
    page.get_by_label("Tie rule").select_option("draw")
    page.get_by_role("button", name="Create the event").click()
    new_session(page, "Friday", "2026-11-13")
    sign_in_players(page, NAMES[:8])
    assert "Five Hundred at 4-hand tables: the players fill the tables." in page.text_content(
        "main"
    )
    session = Session.objects.get(name="Friday")

    # round 1 from the tally cards: 1–4 hold A 1 … A 4, 5–8 hold B 1 … B 4
    cards = "\n".join(f"{p}: {'AB'[(p - 1) // 4]} {(p - 1) % 4 + 1}" for p in range(1, 9))
    progressive_url, urls = seat_round_one(
        page, live_server, session, "or the tally cards as drawn", cards
    )
    page.goto(f"{live_server.url}/session/{session.pk}/")
    assert "Table A: A 1 Ada Lovelace, A 2 Charles Babbage" in page.text_content("main")
    assert sorted(urls) == [1, 2]

    # Table A at the phone, one deal for each player; a bad entry is refused at the field
    phone.goto(urls[1])
    phone.get_by_label("A 1 & A 3").fill("240")
    phone.get_by_label("A 2 & A 4").fill("5000")
    phone.get_by_label("O.K.: an adversary has checked this deal.").check()
    phone.get_by_role("button", name="Save deal 1").click()
    alert = phone.text_content("[role=alert]")
    assert "the points of players 2 and 4 must be from -2000 to 2000" in alert
    sides = ("A 1 & A 3", "A 2 & A 4")
    for number, deal in enumerate(ROUND_1[1], start=1):
        phone_deal(phone, urls[1], number, deal, sides,
                   check="A 1 Ada Lovelace & A 3 Mary Somerville" if number == 1 else "")  # fmt: skip
    assert "Round 1 is in" in phone.text_content("main")
    totals = phone.locator("#deal-sheet tr.total").inner_text().split()
    assert totals[-4:] == ["110", "350", "110", "350"]
    no_violations(phone)
    # Table B on the console
    page.goto(progressive_url)
    for number, deal in enumerate(ROUND_1[2], start=1):
        console_deal(page, 2, "B", number, deal)
    no_violations(page)
    # the winning partners go on: 2 and 4 from A to B, 5 and 7 from B round to A
    assert (
        "Table A: A 1 Ada Lovelace, A 2 Mary Somerville, A 3 Caroline Herschel, A 4 "
        "Augusta De Morgan" in page.locator("#next").inner_text()
    )
    page.get_by_role("button", name="Next round: seat round 2").click()

    # round 2 at both phones
    for table, letter in ((1, "A"), (2, "B")):
        sides = (f"{letter} 1 & {letter} 3", f"{letter} 2 & {letter} 4")
        for number, deal in enumerate(ROUND_2[table], start=1):
            phone_deal(phone, urls[table], number, deal, sides)
    page.goto(progressive_url)
    page.get_by_role("button", name="Next round: seat round 3").click()
    assert "Round 3 is seated." in page.text_content("ul.messages")
    # round 3 on the console: A is 1 5 8 4 (1 & 8 v 5 & 4), B is 6 2 3 7
    assert "A 1 Ada Lovelace (1) & A 3 William Whewell (8)" in page.locator("#table-1").inner_text()
    for table, letter in ((1, "A"), (2, "B")):
        for number, deal in enumerate(ROUND_3[table], start=1):
            console_deal(page, table, letter, number, deal)

    # the general score sheet: plus, minus and net per player, best first
    got = {}
    for row in page.locator("#score-sheet tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        number = int(re.search(r"\((\d+)\)$", cells[1]).group(1))
        got[number] = tuple(int(c) for c in cells[-3:])
    assert got == FINAL
    first = page.locator("#score-sheet tbody tr").first.locator("td").all_inner_texts()
    assert first[:2] == ["1", "Mary Somerville (3)"]
    prizes = page.locator("#ranking ul.prizes").inner_text()
    assert "prize 1: Mary Somerville (1210)" in prizes and "booby: Ada Lovelace (170)" in prizes
    no_violations(page)
