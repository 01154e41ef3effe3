"""Issue 21's browser acceptance for progressive auction: an evening of eight players on two
tables through the UI alone — the event, sign-in, round 1 seated from the players' positions,
each deal entered at the table on a phone (390 × 844) with the adversary's O.K. or on the
console, the round's score worked out (125 a game of 30 over several deals, nothing for a
rubber [002 L2871–2875]), a tie settled by the side that scored first [002 L6473–6476], the
winners progressing [002 L2877–2879], the tallies and the prizes.

The deals and every total are those of tests/progressive/test_progressive_auction.py, added up
by hand there; the seatings are worked out there from the book's rule.
"""

from __future__ import annotations

import re

from axe_playwright_python.sync_playwright import Axe

from .helpers import NAMES, make_club, new_session, seat_round_one, sign_in_players, sign_in_td
from .test_accessibility import OPTIONS

# (N-S trick points, E-W trick points, N-S above, E-W above)
ROUND_1 = {
    1: [(24, 0, 0, 30), (0, 18, 0, 0), (8, 0, 0, 0), (0, 20, 0, 50)],  # N-S 157, E-W 118
    2: [(0, 40, 0, 30), (14, 0, 0, 0), (18, 0, 0, 0), (0, 0, 0, 100)],  # N-S 157, E-W 295
}
ROUND_2 = {
    1: [(0, 9, 0, 0), (0, 27, 0, 0), (60, 0, 50, 0), (0, 0, 0, 0)],  # N-S 235, E-W 161
    2: [(16, 0, 0, 0), (0, 16, 0, 0), (0, 0, 50, 50), (0, 0, 0, 0)],  # 66 all; N-S first
}
# gross tallies over the two rounds (player number → points)
GROSS = {1: 392, 2: 392, 3: 184, 4: 184, 5: 223, 6: 223, 7: 456, 8: 456}


def no_violations(tab) -> None:
    """axe's contrast, label and name rules (tests/e2e/test_accessibility.py) pass here."""
    violations = Axe().run(tab, options=OPTIONS).response["violations"]
    assert not violations, [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


def phone_deal(phone, url, number: int, deal, first: str = "", check: str = "") -> None:
    phone.goto(url)
    if check:
        assert check in phone.text_content("main")
    assert f"Deal {number} of 4" in phone.text_content("main")
    for label, value in zip(("N-S trick points", "E-W trick points", "N-S points above",
                             "E-W points above"), deal, strict=True):  # fmt: skip
        phone.get_by_label(label).fill(str(value))
    if first:
        phone.get_by_label(f"{first} scored first").check()
    phone.get_by_label("O.K.: an opponent has checked this deal.").check()
    phone.get_by_role("button", name=f"Save deal {number}").click()
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def console_deal(page, table: int, number: int, deal) -> None:
    form = page.locator(f"#deal-{table}")
    form.get_by_label("Deal", exact=True).fill(str(number))
    for label, value in zip(("N-S trick points", "E-W trick points", "N-S points above",
                             "E-W points above"), deal, strict=True):  # fmt: skip
        form.get_by_label(label).fill(str(value))
    form.get_by_role("button", name="Keep deal").click()
    assert f"table {table}: deal {number} kept." in page.text_content("ul.messages")


def test_an_evening_of_progressive_auction(page, phone, live_server, transactional_db):
    from tournament.models import Session

    make_club()
    sign_in_td(page, live_server)
    page.goto(f"{live_server.url}/td/")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill("Progressive auction")
    page.get_by_label("Game").select_option("auction")
    page.get_by_label("Scoring method").select_option("total_points")
    page.get_by_label("Format").select_option("progressive")
    page.get_by_label("Tie rule").select_option("draw")
    page.get_by_role("button", name="Create the event").click()
    new_session(page, "Tuesday", "2026-11-10")
    sign_in_players(page, NAMES[:8])
    session = Session.objects.get(name="Tuesday")

    # round 1 from the positions: 1–4 at table 1 (1, 2 head couple), 5–8 at table 2
    positions = "\n".join(f"{p}: {(p - 1) // 4 + 1} {'A' if (p - 1) % 4 < 2 else 'B'}"
                          for p in range(1, 9))  # fmt: skip
    progressive_url, urls = seat_round_one(
        page, live_server, session, "or the positions", positions
    )
    assert sorted(urls) == [1, 2]

    # table 1 at the phone, deal by deal: after deal 3 the game over two deals is counted
    for number, deal in enumerate(ROUND_1[1], start=1):
        phone_deal(phone, urls[1], number, deal,
                   check="Ada Lovelace & Charles Babbage" if number == 1 else "")  # fmt: skip
        if number == 3:
            sheet = phone.locator("#deal-sheet tbody tr").nth(2).inner_text().split()
            assert sheet[-2:] == [str(24 + 8 + 125), str(30 + 18)]
    assert "Round 1 is in: N-S 157, E-W 118" in phone.text_content("main")
    no_violations(phone)
    # table 2 on the console
    page.goto(progressive_url)
    for number, deal in enumerate(ROUND_1[2], start=1):
        console_deal(page, 2, number, deal)
    assert "N-S 157, E-W 295" in page.locator("#table-2").inner_text()
    no_violations(page)
    page.get_by_role("button", name="Next round: seat round 2").click()
    # the winners progress: 1+2 stay at the head, 7+8 come up; 5+6 and 3+4 divide at table 2
    assert page.locator("#table-1 td").first.inner_text() == (
        "N Ada Lovelace (1), S Charles Babbage (2), E Augusta De Morgan (7), W William Whewell (8)"
    )

    # round 2 at both phones; table 2 ends level and N-S scored first
    for number, deal in enumerate(ROUND_2[1], start=1):
        phone_deal(phone, urls[1], number, deal)
        if number == 3:
            phone.goto(urls[1])  # deal 4's form, with "scored first"
            no_violations(phone)
    for number, deal in enumerate(ROUND_2[2], start=1):
        phone_deal(phone, urls[2], number, deal, first="N-S" if number == 4 else "",
                   check="Caroline Herschel & Mary Somerville" if number == 1 else "")  # fmt: skip
    assert "Round 2 is in: N-S 66, E-W 66" in phone.text_content("main")
    page.goto(progressive_url)
    assert "N-S scored first" in page.locator("#table-2").inner_text()
    assert "A tie the policy cannot settle" not in page.text_content("main")
    # 5 and 3 (N-S) scored first and go up; 7 and 8 go down to the foot
    next_round = page.locator("#next").inner_text()
    assert "Table 1: N Ada Lovelace, S Charles Babbage, E Caroline Herschel, W Mary Somerville" in (
        next_round
    )

    # the tallies: each player keeps all the side made [002 L2893–2899]
    rows = page.locator("#ranking tbody tr").all()
    points = {}
    for row in rows:
        cells = row.locator("td").all_inner_texts()
        number = int(re.search(r"\((\d+)\)$", cells[1]).group(1))
        points[number] = int(cells[2])
    assert points == GROSS
    # 7 and 8 tie on 456 for the prize: the tie rule is a draw of numbered slips
    page.locator("form.tie", has_text="players 7,8").get_by_role(
        "button", name="Draw numbered slips"
    ).click()
    assert "is settled and recorded" in page.text_content("ul.messages")
    prizes = page.locator("#ranking ul.prizes").inner_text()
    assert re.search(r"prize 1: (Augusta De Morgan|William Whewell) \(456\)", prizes)
