"""Issue 21's browser acceptance: an evening of pivot and an evening of Baker's social
duplicate through the UI alone — the event and its conditions, sign-in, the movement, the
rubbers entered at the table on a phone (390 × 844) with the adversary's O.K. and on the
console, the totals, the prizes, and the score cards printed.

Expected totals are summed by hand in the comments (the same sums as
tests/tournament/movements/test_social.py and docs/schedules.md).
"""

from __future__ import annotations

import io

from pypdf import PdfReader

from .helpers import NAMES, make_club, new_session, open_step, sign_in_players, sign_in_td


def new_social_event(page, live_server, name: str, prizes: int, pivot_prizes="") -> None:
    page.goto(f"{live_server.url}/td/")
    page.get_by_role("link", name="New event").click()
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game").select_option("auction")
    page.get_by_label("Scoring method").select_option("total_points")
    page.get_by_label("Format").select_option("individual")
    page.get_by_label("Prizes per field").fill(str(prizes))
    if pivot_prizes:
        page.get_by_label("Pivot prizes").select_option(pivot_prizes)
    page.get_by_role("button", name="Create the event").click()
    assert page.text_content("h1") == name


def choose(page, kind: str) -> None:
    """Step 2, Movement: the game's schedule by name ("Another movement")."""
    open_step(page, "Movement")
    page.locator("#section-A details.other-movement summary").click()
    form = page.locator("#section-A form.entry-form", has=page.get_by_label("Movement"))
    form.get_by_label("Movement").select_option(kind)
    form.get_by_label("Boards per round").fill("1")
    form.get_by_role("button", name="Choose this movement").click()
    assert f"{kind} chosen" in page.text_content("ul.messages")


def table_urls(page, live_server) -> dict[int, str]:
    page.get_by_role("link", name="Table QR codes").click()
    if page.locator(".qr-url a").count() == 0:
        page.get_by_role("button", name="Issue codes for tables without one").click()
    urls = {}
    for card in page.locator("li.qr-card").all():
        number = int(card.locator("h3").text_content().split()[-1])
        href = card.locator(".qr-url a").get_attribute("href")
        urls[number] = href if href.startswith("http") else live_server.url + href
    return urls


def phone_rubber(phone, url, ns: int, ew: int, finished: bool = True, check: str = "") -> None:
    phone.goto(url)
    if check:
        assert check in phone.text_content("main")
    phone.get_by_label("N-S points won").fill(str(ns))
    phone.get_by_label("E-W points won").fill(str(ew))
    if not finished:
        phone.get_by_label("not finished at the call").check()
    phone.get_by_label("O.K.: an opponent has checked these points.").check()
    phone.get_by_role("button", name="Save round").click()
    phone.wait_for_load_state("networkidle")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def console_score(page, rnd: int, table: int, ns: int, ew: int, finished=True, games=None):
    row = page.locator(f"#r{rnd}-t{table}")
    row.get_by_label("N-S points").fill(str(ns))
    row.get_by_label("E-W points").fill(str(ew))
    row.get_by_label("Rubber").select_option("yes" if finished else "no")
    if games is not None:
        row.get_by_label("N-S games toward it").fill(str(games[0]))
        row.get_by_label("E-W games toward it").fill(str(games[1]))
    row.get_by_role("button", name="Keep").click()
    assert f"Round {rnd}, table {table}: score kept." in page.text_content("ul.messages")


def standing(page, who: str) -> list[str]:
    """The words of ``who``'s row in the totals: place, name, table, rounds, total."""
    return page.locator("section.social-standings tr", has_text=who).inner_text().split()


def social_cards(page, session_pk: int, live_server) -> list[str]:
    response = page.request.get(f"{live_server.url}/session/{session_pk}/print/social-cards/")
    assert response.status == 200
    return [p.extract_text() for p in PdfReader(io.BytesIO(response.body())).pages]


def test_an_evening_of_pivot(page, phone, live_server, transactional_db):
    from tournament.models import Session

    make_club()
    sign_in_td(page, live_server)
    new_social_event(page, live_server, "Pivot party", prizes=1, pivot_prizes="table_winners")
    new_session(page, "Friday", "2026-11-06")
    session_url = page.url
    sign_in_players(page, NAMES[:8])
    choose(page, "pivot")
    open_step(page, "Play")
    page.get_by_role("button", name="Make running").click()
    page.locator("h1 .status-running").wait_for()
    urls = table_urls(page, live_server)
    assert sorted(urls) == [1, 2]

    # table 1 at the phone: rubbers P+A v R+L, P+R v A+L, P+L v A+R, and a fourth that
    # "will not count": 1: 520 + 300 + 410 = 1230; 2: 520 + 610 + 90 = 1220;
    # 3: 180 + 610 + 410 = 1200; 4: 180 + 300 + 90 = 570
    phone_rubber(phone, urls[1], 520, 180, check="Ada Lovelace & Charles Babbage")
    phone_rubber(phone, urls[1], 300, 610, check="Ada Lovelace & John Herschel")
    phone_rubber(phone, urls[1], 410, 90)
    assert "Every round at this table is in" in phone.text_content("main")
    # table 2 at the phone, the third rubber cut short by the two-hour call (counts as it
    # stands): 5: 100 + 500 + 120 = 720; 6: 100 + 500 + 0 = 600; 7: 900 + 500 + 120 = 1520;
    # 8: 900 + 500 + 0 = 1400
    phone_rubber(phone, urls[2], 100, 900)
    phone_rubber(phone, urls[2], 500, 500)
    phone_rubber(phone, urls[2], 120, 0, finished=False)

    page.goto(session_url)
    page.get_by_role("link", name="Scores, totals and prizes").click()
    assert standing(page, "Ada Lovelace (1)") == ["3", "Ada", "Lovelace", "(1)", "1", "3", "1230"]
    assert standing(page, "Augusta De Morgan (7)")[-1] == "1520"
    # the TD corrects table 1's first rubber on the console: 1 and 2 now 540 → 1250, 1240
    console_score(page, 1, 1, 540, 180)
    assert standing(page, "Ada Lovelace (1)")[-1] == "1250"

    # the condition of contest chosen with the event: each table's highest, the best of
    # these in order as far as the (one) prize goes [002 L2781–2784]: 7 (1520) beats 1 (1250)
    session = Session.objects.get(name="Friday")
    page.goto(f"{live_server.url}/td/session/{session.pk}/standings/")
    text = page.text_content("main")
    assert "1st: 7 Augusta De Morgan (1520)" in text and "Table 1:" not in text

    page.goto(f"{live_server.url}/session/{session.pk}/")
    assert "Pivot: totals" in page.text_content("#standings")
    cards = social_cards(page, session.pk, live_server)
    assert len(cards) == 8 and "1 · Ada Lovelace" in cards[0]
    assert "Total 1250" in cards[0].replace("\n", " ")


def test_an_evening_of_baker(page, phone, live_server, transactional_db):
    from tournament.models import Session

    make_club()
    sign_in_td(page, live_server)
    new_social_event(page, live_server, "Baker evening", prizes=2)
    new_session(page, "Saturday", "2026-11-07")
    session_url = page.url
    sign_in_players(page, NAMES[:8])
    choose(page, "baker")
    open_step(page, "Play")
    page.get_by_role("button", name="Make running").click()
    page.locator("h1 .status-running").wait_for()
    urls = table_urls(page, live_server)

    # round 1 at the phones of both rooms (four x: 1+2 v 7+8; four y: 5+6 v 3+4)
    phone_rubber(phone, urls[1], 60, 0, check="Ada Lovelace & Charles Babbage")
    phone_rubber(phone, urls[2], 0, 24, check="Caroline Herschel & George Boole")
    # round 2 on the console: y overplays in room 1 and wins a rubber; x in room 2
    page.goto(session_url)
    page.get_by_role("link", name="Scores, totals and prizes").click()
    console_score(page, 2, 1, 280, 30)
    console_score(page, 2, 2, 16, 300)
    # round 9, the 24th hand: four x (1+4 v 6+7) is a game up toward an unfinished rubber
    console_score(page, 9, 1, 40, 0, finished=False, games=(1, 0))
    text = page.text_content("main")
    # 1: 60 + 16 + (40 + 125) = 241; 7: 0 + 300 + 0 = 300; 8: 0 + 300 = 300; 5, 6: 280
    # A's captain's match: A 60 + 16 + 165 = 241, B 300 → A −59
    # B's captain's match: A 24 + 30 = 54, B 280 → A −226; over both, A −285, B +285
    assert "team A -285, team B +285" in text
    # 7 and 8 tie for the first prize on 300: the TD settles it (play-off, cut or draw)
    assert "1st: 7 Augusta De Morgan, 8 William Whewell (300) — tied" in text
    assert standing(page, "Ada Lovelace (1)") == ["5", "Ada", "Lovelace", "(1)", "A", "3", "241"]
    # 4 (four y in round 1 and 2, then 1+4 in round 9): 24 + 30 + (40 + 125) = 219
    assert standing(page, "John Herschel (4)")[-1] == "219"
    session = Session.objects.get(name="Saturday")
    cards = social_cards(page, session.pk, live_server)
    assert "165 (unfinished)" in cards[0]
